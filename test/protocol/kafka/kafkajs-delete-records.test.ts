/**
 * kafkajs 2.2.4's `admin.deleteTopicRecords` (DeleteRecords v0 to each partition's leader) against
 * emulated brokers on 127.0.0.1: the leader's and every follower's log start offset move, ListOffsets
 * earliest answers the new start, -1 means the high watermark, and an offset past the high watermark
 * is refused with OFFSET_OUT_OF_RANGE.
 */
import { Kafka, logLevel, type Admin, type Producer } from 'kafkajs';
import { afterEach, describe, expect, it } from 'vitest';
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
});
