/**
 * The kafka-configs command line that makes the same change to a topic's overrides as the UI's
 * AlterConfigs: `--add-config` for what is set or changed, `--delete-config` for what is removed.
 * A value holding commas (a list) is written in square brackets, as kafka-configs parses it.
 */
import { shellWord } from '../../../lib/shell-word';
import type { ConfigChange } from '../wizard/config-diff';

export function topicConfigsCommand(zookeeperConnect: string, topic: string, changes: readonly ConfigChange[]): string {
  const words = ['kafka-configs', '--zookeeper', zookeeperConnect, '--entity-type', 'topics', '--entity-name', shellWord(topic), '--alter'];
  const added = changes.filter((c) => c.after !== null).map((c) => `${c.name}=${(c.after ?? '').includes(',') ? `[${c.after}]` : c.after}`);
  const removed = changes.filter((c) => c.after === null).map((c) => c.name);
  if (added.length > 0) words.push('--add-config', shellWord(added.join(',')));
  if (removed.length > 0) words.push('--delete-config', removed.join(','));
  return words.join(' ');
}
