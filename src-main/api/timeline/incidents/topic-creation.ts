/**
 * A topic created: `/brokers/topics/<topic>` written (`topic-created`) opens the story, the
 * controller seeing it and assigning its replicas (`topics-new`) sizes it, and it is told done as
 * its first leaders are elected (`partition-state.ts`) and every replica's log is created
 * (`log-created`, which a reassignment's new replicas also make: `reassignments.ts`).
 */
import type { StoredEvent } from '../../../core/cluster/event-log';
import type { LocalizedText } from '../../localized-text';
import { durationText } from '../../duration-text';
import { after, FOCUS_MS, t, unique, type FactHandlers, type IncidentBuilder, type IncidentStories } from './incident-story';
import { reassignedLogCreated } from './reassignments';

export const topicCreation: FactHandlers = {
  'topic-created': (s, e, fact) => {
    const topic = fact.topic;
    const b = s.open(e, 'topic-created', null, topic, (x) => createdTitle(topic, x));
    s.remember(b, topic);
    s.step(b, e, t(`Topic ${topic} created (/brokers/topics/${topic} written)`, `主题 ${topic} 已创建（已写入 /brokers/topics/${topic}）`));
    s.focus = b;
  },
  'topics-new': (s, e, fact) => {
    for (const { topic, partitions, replicas } of fact.topics) {
      const b = s.remembered('topic-created', topic);
      if (b === undefined || b.size !== null || e.timeMs - b.endMs > FOCUS_MS) continue;
      b.size = { partitions, replicas };
      s.step(
        b,
        e,
        t(
          `The controller (broker ${fact.controller}) saw it after ${after(e, b).en}: ${partitions} ${partitions === 1 ? 'partition' : 'partitions'}, ${replicas} ${replicas === 1 ? 'replica' : 'replicas'} assigned`,
          `控制器（broker ${fact.controller}）在 ${after(e, b)['zh-CN']}后发现它：分配了 ${partitions} 个分区、${replicas} 个副本`,
        ),
      );
      s.focus = b;
    }
  },
  'log-created': (s, e, fact) => {
    const { broker, partition } = fact;
    const b = creationOf(s, partition, e, false);
    if (b === null) {
      reassignedLogCreated(s, e, broker, partition);
      return;
    }
    const item = `${partition}@${broker}`;
    b.pending.add(item);
    const of = b.size?.replicas ?? b.pending.size;
    s.groupStep(b, e, 'logs', item, (items) => {
      const brokers = unique(items.map((i) => i.slice(i.lastIndexOf('@') + 1))).join(', ');
      const done = durationText(e.timeMs - b.startMs);
      return t(
        `Logs created for ${b.pending.size} of ${of} replicas on brokers ${brokers} (${done.en} after creation)`,
        `已在 broker ${brokers} 上为 ${of} 个副本中的 ${b.pending.size} 个创建日志（创建后 ${done['zh-CN']}）`,
      );
    });
  },
};

/** The creation of a partition's topic while the controller still elects its first leaders (`leaders`) or brokers create its logs. */
export function creationOf(s: IncidentStories, partition: string, e: StoredEvent, leaders: boolean): IncidentBuilder | null {
  const topic = partition.slice(0, partition.lastIndexOf('-'));
  const b = s.remembered('topic-created', topic);
  if (b === undefined || b.size === null || e.timeMs - b.endMs > FOCUS_MS) return null;
  if (leaders ? b.partitions.has(partition) || b.partitions.size >= b.size.partitions : b.pending.size >= b.size.replicas) return null;
  return b;
}

function createdTitle(topic: string, b: IncidentBuilder): LocalizedText {
  if (b.size === null) return t(`Topic ${topic} created`, `主题 ${topic} 已创建`);
  const { partitions, replicas } = b.size;
  const logs = b.pending.size;
  const p = `${partitions} ${partitions === 1 ? 'partition' : 'partitions'}`;
  return logs >= replicas
    ? t(
        `Topic ${topic} created (${p}, ${replicas} ${replicas === 1 ? 'replica' : 'replicas'})`,
        `主题 ${topic} 已创建（${partitions} 个分区，${replicas} 个副本）`,
      )
    : t(
        `Topic ${topic} created (${p}; ${logs} of ${replicas} logs created)`,
        `主题 ${topic} 已创建（${partitions} 个分区；已创建 ${replicas} 个日志中的 ${logs} 个）`,
      );
}
