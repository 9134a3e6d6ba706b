/**
 * kafkajs 2.2.4's `admin.deleteTopicRecords` (DeleteRecords v0 to each partition's leader) against
 * emulated brokers on 127.0.0.1: the leader's and every follower's log start offset move, ListOffsets
 * earliest answers the new start, -1 means the high watermark, and an offset past the high watermark
 * is refused with OFFSET_OUT_OF_RANGE.
 */
import { Kafka, logLevel, type Admin, type Producer } from 'kafkajs';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminClient } from '../../../src-main/protocol/kafka/client/admin-client';
import { DELETE_RECORDS } from '../../../src-main/protocol/kafka/messages/delete-records';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';

describe('kafkajs deleteTopicRecords against the emulated cluster', () => {
  let wire: WireCluster | null = null;
  const clients: Array<Admin | Producer> = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.disconnect().catch(() => undefined);
    await wire?.close();
    wire = null;
  });

  it('moves the log start offset on every replica; -1 is the high watermark; past it is OFFSET_OUT_OF_RANGE', async () => {
    wire = await wireCluster({ seed: 51 });
    const client = new Kafka({
      clientId: 'dojo-kafkajs',
      brokers: [wire.bootstrap],
      logLevel: logLevel.NOTHING,
      retry: { retries: 2, initialRetryTime: 100 },
    });
    const admin = client.admin();
    const producer = client.producer({ allowAutoTopicCreation: false });
    clients.push(admin, producer);
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic: 'js-purge', numPartitions: 2, replicationFactor: 3 }] });
    await producer.connect();
    for (const partition of [0, 1]) {
      await producer.send({ topic: 'js-purge', acks: -1, messages: Array.from({ length: 10 }, (_, i) => ({ partition, value: `v${i}` })) });
    }

    // kafkajs looks the leaders up in the admin's own metadata, which holds only topics it fetched.
    await admin.fetchTopicMetadata({ topics: ['js-purge'] });
    await admin.deleteTopicRecords({ topic: 'js-purge', partitions: [{ partition: 0, offset: '4' }] });
    await admin.deleteTopicRecords({ topic: 'js-purge', partitions: [{ partition: 1, offset: '-1' }] });

    const offsets = await admin.fetchTopicOffsets('js-purge');
    expect(offsets.map((p) => [p.partition, p.low, p.high]).sort()).toEqual([
      [0, '4', '10'],
      [1, '10', '10'],
    ]);
    // The answer came once every replica had moved: each broker's copy starts there.
    for (const id of [0, 1, 2]) {
      const logs = wire.h.cluster.broker(id).logManager;
      expect(logs?.getLog({ topic: 'js-purge', partition: 0 })?.logStartOffset).toBe(4);
      expect(logs?.getLog({ topic: 'js-purge', partition: 1 })?.logStartOffset).toBe(10);
    }

    const refused = await admin
      .deleteTopicRecords({ topic: 'js-purge', partitions: [{ partition: 0, offset: '11' }] })
      .catch((e: unknown) => e);
    // Not retriable: kafkajs gives up at once, the per-partition error kept as the cause.
    expect(refused).toMatchObject({
      name: 'KafkaJSNonRetriableError',
      cause: { name: 'KafkaJSDeleteTopicRecordsError', partitions: [{ partition: 0, error: { type: 'OFFSET_OUT_OF_RANGE' } }] },
    });
    expect((await admin.fetchTopicOffsets('js-purge')).find((p) => p.partition === 0)?.low).toBe('4');
  });

  it('a DeleteRecords v1 frame: unknown partitions and a follower answer their errors with low watermark -1', async () => {
    wire = await wireCluster({ seed: 52 });
    const admin = new Kafka({ clientId: 'dojo-kafkajs', brokers: [wire.bootstrap], logLevel: logLevel.NOTHING }).admin();
    clients.push(admin);
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic: 'raw', replicaAssignment: [{ partition: 0, replicas: [1, 0] }] }] });
    const client = new AdminClient({ bootstrapServers: wire.bootstrap, defaultApiTimeoutMs: 10_000 });
    try {
      // Broker 0 hosts raw-0 as a follower; `__consumer_offsets` is known to no metadata yet.
      const answer = await client.send(DELETE_RECORDS, 0, {
        topics: [
          {
            name: 'raw',
            partitions: [
              { partitionIndex: 0, offset: 0n },
              { partitionIndex: 3, offset: 0n },
            ],
          },
          { name: 'nope', partitions: [{ partitionIndex: 0, offset: 0n }] },
        ],
        timeoutMs: 1000,
      });
      // Topics in the response's HashMap order (nope before raw), partitions in their Integer HashMap's.
      expect(answer).toEqual({
        throttleTimeMs: 0,
        topics: [
          { name: 'nope', partitions: [{ partitionIndex: 0, lowWatermark: -1n, errorCode: 3 }] },
          {
            name: 'raw',
            partitions: [
              { partitionIndex: 0, lowWatermark: -1n, errorCode: 6 },
              { partitionIndex: 3, lowWatermark: -1n, errorCode: 3 },
            ],
          },
        ],
      });
      // The leader: offset 0 is the log start already, nothing to wait for.
      const atLeader = await client.send(DELETE_RECORDS, 1, {
        topics: [{ name: 'raw', partitions: [{ partitionIndex: 0, offset: -1n }] }],
        timeoutMs: 1000,
      });
      expect(atLeader.topics[0].partitions).toEqual([{ partitionIndex: 0, lowWatermark: 0n, errorCode: 0 }]);
    } finally {
      client.close();
    }
  });
});
