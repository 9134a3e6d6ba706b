import { describe, expect, it } from 'vitest';
import type { TopicSummaryDto } from '../../../../src-renderer/src/api/types';
import { topicStatusTags } from '../../../../src-renderer/src/views/topics/topic-status';

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

  it('lists every problem in a fixed order: internal, offline, under-replicated, being deleted', () => {
    const tags = topicStatusTags({ ...HEALTHY, internal: true, offlinePartitions: 2, underReplicatedPartitions: 1, beingDeleted: true });
    expect(tags.map((t) => [t.text, t.params, t.type, t.effect])).toEqual([
      ['topics.internal', {}, 'info', undefined],
      ['topics.offlineN', { n: 2 }, 'danger', undefined],
      ['topics.urpN', { n: 1 }, 'warning', undefined],
      ['topics.beingDeleted', {}, 'danger', 'dark'],
    ]);
  });
});
