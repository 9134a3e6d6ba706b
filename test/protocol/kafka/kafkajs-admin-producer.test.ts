/**
 * kafkajs 2.2.4 (ApiVersions v2, Metadata v6, CreateTopics v3, CreatePartitions v1, DescribeConfigs
 * v2, DeleteTopics v1, Produce v7, ListOffsets v3) against emulated brokers on 127.0.0.1, in this
 * process: what its admin does is what the UI would have done, and what it produces is in the logs;
 * a transactional producer's commit (with sendOffsets) and abort reach the partitions as markers.
 */
import { Kafka, logLevel, type Admin, type Producer } from 'kafkajs';
import { afterEach, describe, expect, it } from 'vitest';
import { ControlRecordType } from '../../../src-main/core/record/control-record-type';
import { readControlRecord } from '../../../src-main/core/record/end-transaction-marker';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';

describe('kafkajs against the emulated cluster', () => {
  let wire: WireCluster | null = null;
  const clients: Array<Admin | Producer> = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.disconnect().catch(() => undefined);
    await wire?.close();
    wire = null;
  });

  function kafka(w: WireCluster): Kafka {
    return new Kafka({
      clientId: 'dojo-kafkajs',
      brokers: [w.bootstrap],
      logLevel: logLevel.NOTHING,
      retry: { retries: 3, initialRetryTime: 100 },
    });
  }

  it('admin: creates topics with an assignment and configs, adds partitions, describes configs, deletes', async () => {
    wire = await wireCluster({ seed: 41 });
    const admin = kafka(wire).admin();
    clients.push(admin);
    await admin.connect();

    const created = await admin.createTopics({
      waitForLeaders: true,
      topics: [
        {
          topic: 'js-assigned',
          replicaAssignment: [
            { partition: 0, replicas: [2, 0] },
            { partition: 1, replicas: [0, 1] },
          ],
          configEntries: [{ name: 'retention.bytes', value: '1048576' }],
        },
        { topic: 'js-auto', numPartitions: 3, replicationFactor: 3 },
      ],
    });
    expect(created).toBe(true);
    const metadata = await admin.fetchTopicMetadata({ topics: ['js-assigned', 'js-auto'] });
    const assigned = metadata.topics.find((t) => t.name === 'js-assigned');
    expect(assigned?.partitions.map((p) => [p.partitionId, p.replicas, p.leader]).sort()).toEqual([
      [0, [2, 0], 2],
      [1, [0, 1], 0],
    ]);
    expect(metadata.topics.find((t) => t.name === 'js-auto')?.partitions).toHaveLength(3);

    const refused = await admin
      .createTopics({ topics: [{ topic: 'js-too-wide', numPartitions: 1, replicationFactor: 5 }] })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      message: 'Topic creation errors',
      errors: [{ type: 'INVALID_REPLICATION_FACTOR', topic: 'js-too-wide' }],
    });

    await admin.createPartitions({ topicPartitions: [{ topic: 'js-auto', count: 5 }] });
    expect((await admin.fetchTopicMetadata({ topics: ['js-auto'] })).topics[0].partitions).toHaveLength(5);

    const configs = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: 2, name: 'js-assigned', configNames: ['retention.bytes', 'segment.bytes'] }],
    });
    const entries = Object.fromEntries(configs.resources[0].configEntries.map((e) => [e.configName, [e.configValue, e.isDefault]]));
    expect(entries).toEqual({ 'retention.bytes': ['1048576', false], 'segment.bytes': ['1073741824', true] });

    await admin.deleteTopics({ topics: ['js-auto'], timeout: 10_000 });
    expect((await admin.listTopics()).sort()).toEqual(['js-assigned']);
  });

  it('producer: acks=-1 batches land in the leaders’ logs with the offsets kafkajs reports; ListOffsets sees them', async () => {
    wire = await wireCluster({ seed: 42 });
    const client = kafka(wire);
    const admin = client.admin();
    const producer = client.producer({ allowAutoTopicCreation: false });
    clients.push(admin, producer);
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic: 'js-data', numPartitions: 2, replicationFactor: 3 }] });
    await producer.connect();
    const sent = await producer.send({
      topic: 'js-data',
      acks: -1,
      messages: Array.from({ length: 40 }, (_, i) => ({ key: `k${i}`, value: `v${i}`, headers: { n: String(i) } })),
    });
    expect(sent.every((r) => r.errorCode === 0)).toBe(true);
    const offsets = await admin.fetchTopicOffsets('js-data');
    const sum = offsets.reduce((n, p) => n + Number(p.high), 0);
    expect(sum).toBe(40);
    for (const p of offsets) {
      const log = wire.h.cluster.broker(0).logManager?.getLog({ topic: 'js-data', partition: p.partition });
      expect(log?.logEndOffset).toBe(Number(p.high));
    }
    // Every record the brokers hold is one kafkajs sent, header and all.
    const held = [0, 1].flatMap((partition) => wire!.h.client.read({ topic: 'js-data', partition, maxRecords: 100 }).records);
    const text = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));
    expect(held.map((r) => text(r.value)).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `v${i}`).sort());
    expect(
      held.every((r) => r.headers.length === 1 && r.headers[0].key === 'n' && text(r.headers[0].value) === text(r.value)?.slice(1)),
    ).toBe(true);
  });

  it('a transactional producer: one transaction committed with sendOffsets, one aborted; COMMIT then ABORT markers, the group offset committed', async () => {
    wire = await wireCluster({
      seed: 43,
      brokerConfig: { 'transaction.state.log.num.partitions': '5', 'offsets.topic.num.partitions': '3' },
    });
    const admin = kafka(wire).admin();
    clients.push(admin);
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'js-txn', replicaAssignment: [{ partition: 0, replicas: [0, 1, 2] }] }] });
    const producer = kafka(wire).producer({ transactionalId: 'dojo-js-txn', idempotent: true, maxInFlightRequests: 1 });
    clients.push(producer);
    await producer.connect();
    const committed = await producer.transaction();
    await committed.send({
      topic: 'js-txn',
      messages: [
        { partition: 0, value: 'c0' },
        { partition: 0, value: 'c1' },
      ],
    });
    await committed.sendOffsets({
      consumerGroupId: 'js-txn-group',
      topics: [{ topic: 'js-txn', partitions: [{ partition: 0, offset: '7' }] }],
    });
    await committed.commit();
    const aborted = await producer.transaction();
    await aborted.send({ topic: 'js-txn', messages: [{ partition: 0, value: 'a0' }] });
    await aborted.abort();
    const log = () => {
      const p = wire!.h.cluster.broker(0).replicaManager?.getPartition({ topic: 'js-txn', partition: 0 });
      return p && p !== 'offline' ? p.log : null;
    };
    // The markers are written after EndTxn is answered: wait for both, then for the LSO to reach the end.
    const markers = async () => {
      for (let i = 0; i < 200; i++) {
        const found = log()!.segments.flatMap((s) => [...s.batches({ full: true })].filter(({ batch }) => batch.isControlBatch));
        if (found.length === 2 && log()!.lastStableOffset === log()!.logEndOffset) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('markers not written');
    };
    const control = await markers();
    expect(control.map(({ batch }) => readControlRecord(batch.records()[0]).type)).toEqual([
      ControlRecordType.COMMIT,
      ControlRecordType.ABORT,
    ]);
    expect(await admin.fetchOffsets({ groupId: 'js-txn-group', topics: ['js-txn'] })).toEqual([
      { topic: 'js-txn', partitions: [{ partition: 0, offset: '7', metadata: null }] },
    ]);
  });
});
