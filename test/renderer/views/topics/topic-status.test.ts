import { describe, expect, it } from 'vitest';
import type { TopicSummaryDto } from '../../../../src-renderer/src/api/types';
import { shownReplicationFactor, topicStatusTags } from '../../../../src-renderer/src/views/topics/topic-status';

const HEALTHY: TopicSummaryDto = {
  name: 'orders',
  partitions: 3,
  replicationFactor: 2,
  internal: false,
  underReplicatedPartitions: 0,
  offlinePartitions: 0,
  beingDeleted: false,
};

describe('topicStatusTags', () => {
  it('calls a topic with nothing to report healthy', () => {
    expect(topicStatusTags(HEALTHY)).toEqual([{ text: 'topics.healthy', params: {}, type: 'success' }]);
  });

  it('lists every problem in a fixed order: internal, offline, under-replicated', () => {
    const tags = topicStatusTags({ ...HEALTHY, internal: true, offlinePartitions: 2, underReplicatedPartitions: 1 });
    expect(tags.map((t) => [t.text, t.params, t.type, t.effect])).toEqual([
      ['topics.internal', {}, 'info', undefined],
      ['topics.offlineN', { n: 2 }, 'danger', undefined],
      ['topics.urpN', { n: 1 }, 'warning', undefined],
    ]);
  });

  it('a topic being deleted is only that, linked to its deletion in the monitor: its partitions go offline on purpose', () => {
    const tags = topicStatusTags({ ...HEALTHY, partitions: 0, replicationFactor: 0, offlinePartitions: 2, beingDeleted: true });
    expect(tags.map((t) => [t.text, t.type, t.link])).toEqual([
      ['topics.beingDeleted', 'danger', { name: 'deletions', query: { topic: 'orders' } }],
    ]);
    expect(shownReplicationFactor({ ...HEALTHY, partitions: 0, replicationFactor: 0, beingDeleted: true })).toBe('—');
  });

  it("a topic whose znode Kafka cannot read is malformed, with Kafka's complaint, never healthy", () => {
    const problem = '/brokers/topics/orders: Not valid JSON: … Kafka reads it as a topic without partitions';
    const tags = topicStatusTags({ ...HEALTHY, partitions: 0, replicationFactor: 0, znodeProblem: problem });
    expect(tags.map((t) => [t.text, t.type, t.detail])).toEqual([['edges.topic.malformed', 'danger', problem]]);
  });
});
