/**
 * Produce errors over the wire as Kafka 2.5.1 gives them: client appends to internal topics refused
 * (`ReplicaManager.appendToLocalLog`), KIP-467's `record_errors` and `error_message` in v8 for
 * records the leader's `LogValidator` rejects (INVALID_RECORD 87, INVALID_TIMESTAMP 32), and
 * `error_message` null for every other failure.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildRecordBatch, type SimpleRecord } from '../../../src-main/core/record';
import { FIND_COORDINATOR } from '../../../src-main/protocol/kafka/messages/find-coordinator';
import { OFFSET_COMMIT } from '../../../src-main/protocol/kafka/messages/offset-commit';
import { PRODUCE, type ProducePartitionResponse, type ProduceResponse } from '../../../src-main/protocol/kafka/messages/produce';
import { encodeMessage } from '../../../src-main/protocol/kafka/wire/schema';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { callApi } from '../../support/raw-kafka-client';
import { adminOf, topic } from '../../support/scenario';

const encoder = new TextEncoder();
const bytes = (s: string) => encoder.encode(s);

describe('Produce errors (internal topics, KIP-467)', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  async function cluster(seed: number, topics: Parameters<typeof topic>[] = []): Promise<WireCluster> {
    wire = await wireCluster({ seed, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    if (topics.length > 0)
      await adminOf(wire.h).createTopics(
        topics.map((t) => topic(...t)),
        { timeoutMs: 5000, validateOnly: false },
      );
    await wire.h.settle();
    return wire;
  }

  function batch(w: WireCluster, records: Array<Partial<SimpleRecord>>): Buffer {
    const now = w.h.time.nowMs();
    return Buffer.from(
      buildRecordBatch(
        records.map((r) => ({ key: r.key ?? null, value: r.value ?? bytes('v'), timestamp: r.timestamp ?? now })),
        { now },
      ),
    );
  }

  async function produce(
    w: WireCluster,
    brokerId: number,
    name: string,
    partition: number,
    records: Buffer,
    options: { version?: number; clientId?: string } = {},
  ): Promise<{ partition: ProducePartitionResponse; bytes: Buffer }> {
    const version = options.version ?? 8;
    const body = {
      transactionalId: null,
      acks: -1,
      timeoutMs: 5000,
      topics: [{ name, partitions: [{ partitionIndex: partition, records }] }],
    };
    const { response, bytes: raw } = await callApi(w.ports.get(brokerId) ?? -1, PRODUCE, version, body, options.clientId ?? 'raw-app');
    return { partition: (response as unknown as ProduceResponse).responses[0].partitions[0], bytes: raw };
  }

  async function offsetsTopicLeader(w: WireCluster): Promise<number> {
    for (let i = 0; i < 100; i++) {
      const { response } = await callApi(w.ports.get(0) ?? -1, FIND_COORDINATOR, 1, { key: 'g', keyType: 0 });
      if (response.errorCode === 0) return response.nodeId as number;
      await w.advance(50);
    }
    throw new Error(`no group coordinator (seed ${w.h.seed})`);
  }

  it('a client produce to __consumer_offsets or __transaction_state: INVALID_TOPIC_EXCEPTION (17), error_message null; the coordinator still writes its own', async () => {
    const w = await cluster(81, [
      ['__transaction_state', { assignment: [[0]] }],
      ['orders', { assignment: [[0]] }],
    ]);
    const coordinator = await offsetsTopicLeader(w);
    const tp = { topic: '__consumer_offsets', partition: 0 };
    const leaderOf0 = w.h.cluster.broker(0).metadataCache.getPartitionInfo(tp.topic, 0)?.leader ?? -1;
    const before = w.h.cluster.broker(leaderOf0).logManager?.getLog(tp)?.logEndOffset;

    const refused = await produce(w, leaderOf0, '__consumer_offsets', 0, batch(w, [{ key: bytes('k') }]));
    expect(refused.partition).toEqual({
      partitionIndex: 0,
      errorCode: 17,
      baseOffset: -1n,
      logAppendTimeMs: -1n,
      logStartOffset: -1n,
      recordErrors: [],
      errorMessage: null,
    });
    const txn = await produce(w, 0, '__transaction_state', 0, batch(w, [{ key: bytes('k') }]));
    expect(txn.partition).toMatchObject({ errorCode: 17, errorMessage: null });
    expect(w.h.cluster.broker(leaderOf0).logManager?.getLog(tp)?.logEndOffset).toBe(before);

    // The app's message tester is a client too, and says why in Kafka's words.
    expect(
      await w.h.client.produce({ topic: '__consumer_offsets', partition: 0, records: [{ key: bytes('k'), value: bytes('v') }], acks: 1 }),
    ).toMatchObject({
      error: 'INVALID_TOPIC_EXCEPTION',
      errorMessage: 'Cannot append to internal topic __consumer_offsets',
    });

    // Kafka lets the client id `__admin_client` through: its keyless record then fails the compacted topic's check instead.
    const admin = await produce(w, leaderOf0, '__consumer_offsets', 0, batch(w, [{ key: null }]), { clientId: '__admin_client' });
    expect(admin.partition.errorCode).toBe(87);

    // The group coordinator's own appends (an offset commit over the wire) still go through.
    const offsetsPartition = w.h.cluster.broker(coordinator).groupCoordinator!.partitionFor('g');
    const log = () => w.h.cluster.broker(coordinator).logManager?.getLog({ topic: '__consumer_offsets', partition: offsetsPartition });
    const end = log()?.logEndOffset ?? -1;
    const commit = {
      groupId: 'g',
      generationId: -1,
      memberId: '',
      retentionTimeMs: -1n,
      topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, committedOffset: 5n, committedMetadata: '' }] }],
    };
    const { response: committed } = await callApi(w.ports.get(coordinator) ?? -1, OFFSET_COMMIT, 2, commit);
    expect(committed).toEqual({ throttleTimeMs: 0, topics: [{ name: 'orders', partitions: [{ partitionIndex: 0, errorCode: 0 }] }] });
    expect(log()?.logEndOffset).toBe(end + 1);
  });

  it('keyless records to a compacted topic: INVALID_RECORD (87) with each rejected record in record_errors, nothing written', async () => {
    const w = await cluster(82, [['compacted', { assignment: [[0]], configs: { 'cleanup.policy': 'compact' } }]]);
    const { partition } = await produce(w, 0, 'compacted', 0, batch(w, [{ key: null }, { key: bytes('k') }, { key: null }]));
    const message = 'Compacted topic cannot accept message without key in topic partition compacted-0.';
    expect(partition).toEqual({
      partitionIndex: 0,
      errorCode: 87,
      baseOffset: -1n,
      logAppendTimeMs: -1n,
      logStartOffset: 0n,
      recordErrors: [
        { batchIndex: 0, batchIndexErrorMessage: message },
        { batchIndex: 2, batchIndexErrorMessage: message },
      ],
      errorMessage: 'One or more records have been rejected',
    });
    expect(w.h.cluster.broker(0).logManager?.getLog({ topic: 'compacted', partition: 0 })?.logEndOffset).toBe(0);
    expect(w.h.logLines('server.log', 0)).toContain(
      '[ReplicaManager broker=0] Error processing append operation on partition compacted-0: One or more records have been rejected',
    );
    expect((await produce(w, 0, 'compacted', 0, batch(w, [{ key: bytes('k') }]))).partition).toMatchObject({
      errorCode: 0,
      baseOffset: 0n,
      errorMessage: null,
    });
  });

  it('v7 and older: the same rejection, in the layout without record_errors and error_message', async () => {
    const w = await cluster(83, [['compacted7', { assignment: [[0]], configs: { 'cleanup.policy': 'compact' } }]]);
    const { partition, bytes: raw } = await produce(w, 0, 'compacted7', 0, batch(w, [{ key: null }]), { version: 7 });
    expect(partition).toMatchObject({ errorCode: 87, baseOffset: -1n, logStartOffset: 0n });
    const name = Buffer.from('compacted7');
    const expected = Buffer.alloc(4 + 2 + name.length + 4 + 4 + 2 + 8 + 8 + 8 + 4);
    let at = expected.writeInt32BE(1, 0);
    at = expected.writeInt16BE(name.length, at);
    at += name.copy(expected, at);
    at = expected.writeInt32BE(1, at);
    at = expected.writeInt32BE(0, at);
    at = expected.writeInt16BE(87, at);
    at = expected.writeBigInt64BE(-1n, at);
    at = expected.writeBigInt64BE(-1n, at);
    at = expected.writeBigInt64BE(0n, at);
    expected.writeInt32BE(0, at);
    expect(raw.toString('hex')).toBe(expected.toString('hex'));
  });

  it('a timestamp outside message.timestamp.difference.max.ms: INVALID_TIMESTAMP (32) with its range in record_errors', async () => {
    const w = await cluster(84, [
      ['stamped', { assignment: [[0]], configs: { 'message.timestamp.difference.max.ms': '1000', 'cleanup.policy': 'compact' } }],
    ]);
    const now = w.h.time.nowMs();
    const records = Buffer.from(buildRecordBatch([{ key: bytes('a'), value: bytes('v'), timestamp: now - 60_000 }], { now }));
    const { partition } = await produce(w, 0, 'stamped', 0, records);
    expect(partition.errorCode).toBe(32);
    expect(partition.errorMessage).toBe('One or more records have been rejected due to invalid timestamp');
    expect(partition.recordErrors).toHaveLength(1);
    expect(partition.recordErrors[0].batchIndex).toBe(0);
    const [, low, high] =
      /^Timestamp -?\d+ of message with offset 0 is out of range\. The timestamp should be within \[(\d+), (\d+)\]$/.exec(
        partition.recordErrors[0].batchIndexErrorMessage ?? '',
      ) ?? [];
    expect(Number(high) - Number(low)).toBe(2000);
    expect(partition.recordErrors[0].batchIndexErrorMessage).toContain(`Timestamp ${now - 60_000} of message`);

    // A keyless record beside the bad timestamp: every rejected record listed, and INVALID_TIMESTAMP wins.
    const mixed = Buffer.from(
      buildRecordBatch(
        [
          { key: null, value: bytes('v'), timestamp: w.h.time.nowMs() },
          { key: bytes('b'), value: bytes('v'), timestamp: 1 },
        ],
        { now },
      ),
    );
    const both = (await produce(w, 0, 'stamped', 0, mixed)).partition;
    expect(both.errorCode).toBe(32);
    expect(both.recordErrors.map((e) => [e.batchIndex, e.batchIndexErrorMessage?.slice(0, 24)])).toEqual([
      [0, 'Compacted topic cannot a'],
      [1, 'Timestamp 1 of message w'],
    ]);
  });

  it('not leader, unknown partition, message too large: the error code with error_message null and no record_errors', async () => {
    const w = await cluster(85, [
      ['elsewhere', { assignment: [[1]] }],
      ['small', { assignment: [[0]], configs: { 'max.message.bytes': '200' } }],
    ]);
    const none = { baseOffset: -1n, logAppendTimeMs: -1n, logStartOffset: -1n, recordErrors: [], errorMessage: null };
    expect((await produce(w, 0, 'elsewhere', 0, batch(w, [{ key: bytes('k') }]))).partition).toEqual({
      partitionIndex: 0,
      errorCode: 6,
      ...none,
    });
    expect((await produce(w, 0, 'elsewhere', 3, batch(w, [{ key: bytes('k') }]))).partition).toEqual({
      partitionIndex: 3,
      errorCode: 3,
      ...none,
    });
    expect((await produce(w, 0, 'nope', 0, batch(w, [{ key: bytes('k') }]))).partition).toEqual({
      partitionIndex: 0,
      errorCode: 3,
      ...none,
    });
    expect((await produce(w, 0, 'small', 0, batch(w, [{ value: new Uint8Array(1000) }]))).partition).toEqual({
      partitionIndex: 0,
      errorCode: 10,
      ...none,
    });
    // ProduceRequest.validateRecords' refusals too (v3+: one batch only).
    const two = Buffer.concat([batch(w, [{ key: bytes('a') }]), batch(w, [{ key: bytes('b') }])]);
    expect((await produce(w, 0, 'small', 0, two)).partition).toEqual({ partitionIndex: 0, errorCode: 87, ...none });
    expect(encodeMessage(PRODUCE.response, 8, { responses: [], throttleTimeMs: 0 }).length).toBe(8);
  });

  it('transactional batches without a transactional id: TRANSACTIONAL_ID_AUTHORIZATION_FAILED (53) for every partition of the request, nothing written', async () => {
    const w = await cluster(86, [['txn', { assignment: [[0], [0]] }]]);
    const now = w.h.time.nowMs();
    const transactional = Buffer.from(
      buildRecordBatch([{ key: null, value: bytes('v'), timestamp: now }], {
        now,
        producerId: 5,
        producerEpoch: 0,
        baseSequence: 0,
        isTransactional: true,
      }),
    );
    const body = {
      transactionalId: null,
      acks: 1,
      timeoutMs: 5000,
      topics: [
        {
          name: 'txn',
          partitions: [
            { partitionIndex: 0, records: transactional },
            { partitionIndex: 1, records: batch(w, [{ key: null }]) },
          ],
        },
      ],
    };
    const { response } = await callApi(w.ports.get(0) ?? -1, PRODUCE, 8, body);
    const refused = { errorCode: 53, baseOffset: -1n, logAppendTimeMs: -1n, logStartOffset: -1n, recordErrors: [], errorMessage: null };
    expect(response).toEqual({
      responses: [
        {
          name: 'txn',
          partitions: [
            { partitionIndex: 0, ...refused },
            { partitionIndex: 1, ...refused },
          ],
        },
      ],
      throttleTimeMs: 0,
    });
    expect(w.h.cluster.broker(0).logManager?.getLog({ topic: 'txn', partition: 1 })?.logEndOffset).toBe(0);
    // With a transactional id (allowed without an authorizer) the transactional batch is appended and opens a transaction.
    const accepted = await callApi(w.ports.get(0) ?? -1, PRODUCE, 8, { ...body, transactionalId: 'tx-1' });
    expect(accepted.response).toMatchObject({ responses: [{ partitions: [{ errorCode: 0 }, { errorCode: 0 }] }] });
    const log = w.h.cluster.broker(0).logManager?.getLog({ topic: 'txn', partition: 0 });
    expect([log?.logEndOffset, log?.firstUnstableOffset]).toEqual([1, 0]);
  });
});
