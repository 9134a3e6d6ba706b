/**
 * The status tags of a topic in the list: internal, then what matters most. A topic being deleted is
 * only that (its partitions go offline on purpose, the deletion monitor tells how far it is); a
 * topic whose znode Kafka cannot read is malformed, never healthy; otherwise offline,
 * under-replicated, or healthy.
 */
import type { TopicSummaryDto } from '../../api/types';

export interface TopicStatusTag {
  /** The i18n key of the text, and its parameters. */
  readonly text: string;
  readonly params: Readonly<Record<string, number>>;
  readonly type: 'info' | 'danger' | 'warning' | 'success';
  readonly effect?: 'dark';
  /** Where the tag leads (the deletion monitor of a topic being deleted). */
  readonly link?: { readonly name: string; readonly query: Readonly<Record<string, string>> };
  /** Kafka's own words about it, shown beside the tag. */
  readonly detail?: string;
}

export function topicStatusTags(topic: TopicSummaryDto): TopicStatusTag[] {
  const tags: TopicStatusTag[] = [];
  if (topic.internal) tags.push({ text: 'topics.internal', params: {}, type: 'info' });
  if (topic.beingDeleted) {
    tags.push({
      text: 'topics.beingDeleted',
      params: {},
      type: 'danger',
      effect: 'dark',
      link: { name: 'deletions', query: { topic: topic.name } },
    });
    return tags;
  }
  if (topic.znodeProblem) {
    tags.push({ text: 'edges.topic.malformed', params: {}, type: 'danger', detail: topic.znodeProblem });
    return tags;
  }
  if (topic.offlinePartitions > 0) tags.push({ text: 'topics.offlineN', params: { n: topic.offlinePartitions }, type: 'danger' });
  if (topic.underReplicatedPartitions > 0)
    tags.push({ text: 'topics.urpN', params: { n: topic.underReplicatedPartitions }, type: 'warning' });
  if (tags.length === 0) tags.push({ text: 'topics.healthy', params: {}, type: 'success' });
  return tags;
}

/** The replication factor as the list shows it: none for a topic without partitions (malformed, or deleted as far as that). */
export function shownReplicationFactor(topic: TopicSummaryDto): string {
  return topic.partitions === 0 ? '—' : String(topic.replicationFactor);
}
