/**
 * OffsetForLeaderEpoch (API 23) from a client, as Kafka 2.5.1 answers it
 * (`KafkaApis.handleOffsetForLeaderEpochRequest` → `Partition.lastOffsetForLeaderEpoch`): the end
 * of each leader epoch in the leader's log, the current epoch ending at the log end, fenced by the
 * caller's current epoch, and the per-partition errors of a follower or an unknown partition.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { API_VERSIONS } from '../../../src-main/protocol/kafka/messages/api-versions';
import { OFFSET_FOR_LEADER_EPOCH } from '../../../src-main/protocol/kafka/messages/offset-for-leader-epoch';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { callApi } from '../../support/raw-kafka-client';
import { adminOf, enc, topic } from '../../support/scenario';
import { ZnodeReader } from '../../support/controller-scenario';

interface PartitionAnswer {
  errorCode: number;
  partitionIndex: number;
  leaderEpoch: number;
  endOffset: bigint;
}

describe('OffsetForLeaderEpoch (API 23) from a client', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  /** `t-0` on brokers [0, 1]: 3 records in epoch 0 led by 0, then 0 shut down and 2 records in epoch 1 led by 1. */
  async function twoEpochs(seed: number): Promise<WireCluster> {
    const w = (wire = await wireCluster({ brokers: 2, seed }));
    await adminOf(w.h).createTopics([topic('t', { assignment: [[0, 1]] })], { timeoutMs: 5000, validateOnly: false });
    await w.h.settle();
    const produce = async (n: number) => {
      const outcome = await w.h.client.produce({
        topic: 't',
        partition: 0,
        records: Array.from({ length: n }, (_, i) => ({ key: null, value: enc(`r${i}`) })),
        acks: -1,
      });
      expect(outcome.error, `seed ${seed}`).toBe('NONE');
    };
    await produce(3);
    await w.h.cluster.shutdownBroker(0, { controlled: true });
    await w.h.settle();
    const zk = await ZnodeReader.open(w.h);
    expect(await zk.state('t', 0), `seed ${seed}`).toMatchObject({ leader: 1, leader_epoch: 1 });
    await produce(2);
    await w.h.cluster.startBroker(0);
    await w.h.settle();
    return w;
  }

  const ask = async (w: WireCluster, brokerId: number, version: number, partitions: Array<Record<string, number>>, name = 't') => {
    const { response, bytes } = await callApi(w.ports.get(brokerId)!, OFFSET_FOR_LEADER_EPOCH, version, {
      replicaId: -1,
      topics: [{ name, partitions }],
    });
    const topics = response.topics as Array<{ name: string; partitions: PartitionAnswer[] }>;
    return { partitions: topics[0].partitions, topics, bytes };
  };

  it('v3 from a consumer: where each epoch ended on the leader, the current one at the log end, fenced by the current epoch', async () => {
    const w = await twoEpochs(2301);
    const { partitions, topics } = await ask(w, 1, 3, [
      { partitionIndex: 0, currentLeaderEpoch: 1, leaderEpoch: 0 },
      { partitionIndex: 0, currentLeaderEpoch: 1, leaderEpoch: 1 },
    ]);
    expect(topics.map((t) => t.name)).toEqual(['t']);
    expect(partitions).toEqual([
      { errorCode: 0, partitionIndex: 0, leaderEpoch: 0, endOffset: 3n },
      { errorCode: 0, partitionIndex: 0, leaderEpoch: 1, endOffset: 5n },
    ]);
    // An epoch later than any in the log: UNDEFINED_EPOCH / UNDEFINED_EPOCH_OFFSET without an error.
    expect((await ask(w, 1, 3, [{ partitionIndex: 0, currentLeaderEpoch: 1, leaderEpoch: 7 }])).partitions).toEqual([
      { errorCode: 0, partitionIndex: 0, leaderEpoch: -1, endOffset: -1n },
    ]);
    // The caller's current epoch older (FENCED_LEADER_EPOCH 74) or newer (UNKNOWN_LEADER_EPOCH 75) than the leader's.
    const fenced = await ask(w, 1, 3, [
      { partitionIndex: 0, currentLeaderEpoch: 0, leaderEpoch: 0 },
      { partitionIndex: 0, currentLeaderEpoch: 2, leaderEpoch: 0 },
    ]);
    expect(fenced.partitions).toEqual([
      { errorCode: 74, partitionIndex: 0, leaderEpoch: -1, endOffset: -1n },
      { errorCode: 75, partitionIndex: 0, leaderEpoch: -1, endOffset: -1n },
    ]);
  });

  it('a follower answers NOT_LEADER_FOR_PARTITION, an unknown partition UNKNOWN_TOPIC_OR_PARTITION', async () => {
    const w = await twoEpochs(2302);
    expect((await ask(w, 0, 3, [{ partitionIndex: 0, currentLeaderEpoch: 1, leaderEpoch: 0 }])).partitions).toEqual([
      { errorCode: 6, partitionIndex: 0, leaderEpoch: -1, endOffset: -1n },
    ]);
    expect((await ask(w, 1, 3, [{ partitionIndex: 4, currentLeaderEpoch: -1, leaderEpoch: 0 }])).partitions).toEqual([
      { errorCode: 3, partitionIndex: 4, leaderEpoch: -1, endOffset: -1n },
    ]);
    expect((await ask(w, 1, 3, [{ partitionIndex: 0, currentLeaderEpoch: -1, leaderEpoch: 0 }], 'missing')).partitions).toEqual([
      { errorCode: 3, partitionIndex: 0, leaderEpoch: -1, endOffset: -1n },
    ]);
  });

  it('v0 has no current epoch (not fenced) and answers without the leader epoch: exactly its layout', async () => {
    const w = await twoEpochs(2303);
    const { bytes } = await ask(w, 1, 0, [{ partitionIndex: 0, leaderEpoch: 0 }]);
    // [topics: 1] "t" [partitions: 1] error 0, partition 0, end offset 3 — no throttle time, no epoch.
    const expected = Buffer.concat([
      Buffer.from([0, 0, 0, 1, 0, 1]),
      Buffer.from('t'),
      Buffer.from([0, 0, 0, 1, 0, 0, 0, 0, 0, 0]),
      Buffer.from([0, 0, 0, 0, 0, 0, 0, 3]),
    ]);
    expect(bytes.equals(expected), bytes.toString('hex')).toBe(true);
  });

  it('ApiVersions advertises OffsetForLeaderEpoch 0–3', async () => {
    wire = await wireCluster({ brokers: 1, seed: 2304 });
    const { response } = await callApi(wire.ports.get(0)!, API_VERSIONS, 3, { clientSoftwareName: 'raw', clientSoftwareVersion: '1' });
    const keys = response.apiKeys as Array<{ apiKey: number; minVersion: number; maxVersion: number }>;
    expect(keys.find((k) => k.apiKey === 23)).toEqual({ apiKey: 23, minVersion: 0, maxVersion: 3 });
  });
});
