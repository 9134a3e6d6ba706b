/**
 * `__consumer_offsets` created as Kafka 2.5's KafkaApis creates it: refused while fewer brokers are
 * alive than `offsets.topic.replication.factor`, else 50 partitions of 3 replicas spread over the
 * brokers, compacted, created once however many brokers ask.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ClusterHarness } from '../../support/cluster-harness';

describe('__consumer_offsets creation', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('is refused with two live brokers and the default replication factor 3', async () => {
    h = await ClusterHarness.create({ seed: 101, brokers: 2 });
    expect(await h.cluster.broker(1).groupCoordinator!.createOffsetsTopic()).toBe('COORDINATOR_NOT_AVAILABLE');
    expect(await (await h.session()).exists('/brokers/topics/__consumer_offsets')).toBeNull();
  });

  it('is created once with Kafka’s settings, its leaders spread over the brokers', async () => {
    h = await ClusterHarness.create({ seed: 102 });
    expect(await h.cluster.broker(2).groupCoordinator!.createOffsetsTopic()).toBe('LEADER_NOT_AVAILABLE');
    // Another broker asking meanwhile finds it created: no error, nothing written again.
    expect(await h.cluster.broker(0).groupCoordinator!.createOffsetsTopic()).toBe('LEADER_NOT_AVAILABLE');
    await h.settle();
    const partitions = h.cluster.broker(0).metadataCache.partitionsOf('__consumer_offsets');
    expect(partitions).toHaveLength(50);
    expect(partitions.every((p) => p.replicas.length === 3 && new Set(p.replicas).size === 3)).toBe(true);
    expect(new Set(partitions.map((p) => p.leader))).toEqual(new Set([0, 1, 2]));
    expect(await h.cluster.broker(0).zk!.getTopicConfig('__consumer_offsets')).toEqual({
      'cleanup.policy': 'compact',
      'segment.bytes': '104857600',
      'compression.type': 'producer',
    });
    expect(h.logLines('server.log', 2)).toContain(
      '[KafkaApi-2] Auto creation of topic __consumer_offsets with 50 partitions and replication factor 3 is successful',
    );
    // Each leader coordinates (has loaded) exactly the partitions it leads.
    await h.settle();
    for (const id of [0, 1, 2]) {
      const led = partitions.filter((p) => p.leader === id).map((p) => p.partitionIndex);
      const manager = h.cluster.broker(id).groupCoordinator!.groupManager;
      expect(Array.from({ length: 50 }, (_, p) => p).filter((p) => manager.isPartitionOwned(p))).toEqual(led);
    }
  });
});
