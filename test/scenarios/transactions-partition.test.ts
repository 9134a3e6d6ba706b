/**
 * Transactions on the partition side (issue 17 §2), as Kafka 2.5.1's `KafkaApis.handleWriteTxnMarkersRequest`,
 * `ProducerStateManager` and `Log` have them: a transaction coordinator closes a producer's
 * transaction with one COMMIT or ABORT control batch per partition (`ReplicaManager.writeTxnMarkers`),
 * written as the coordinator's (acks −1, internal topics allowed).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Log } from '../../src-main/core/log/log';
import { buildRecordBatch } from '../../src-main/core/record';
import { readControlRecord } from '../../src-main/core/record/end-transaction-marker';
import { ControlRecordType } from '../../src-main/core/record/control-record-type';
import type { ReplicaManager } from '../../src-main/core/broker/replica-manager';
import { ClusterHarness } from '../support/cluster-harness';
import { CREATE, adminOf, drive, enc, topic, tp } from '../support/scenario';

function rmOf(h: ClusterHarness, brokerId: number): ReplicaManager {
  const rm = h.cluster.broker(brokerId).replicaManager;
  if (!rm) throw new Error(`broker ${brokerId} is not running (seed ${h.seed})`);
  return rm;
}

function logOf(h: ClusterHarness, brokerId: number, name: string, partition: number): Log {
  const p = rmOf(h, brokerId).getPartition(tp(name, partition));
  if (!p || p === 'offline' || !p.log) throw new Error(`broker ${brokerId} has no log for ${name}-${partition} (seed ${h.seed})`);
  return p.log;
}

/** The batches of a log, header fields and (for control batches) the marker. */
function batchesOf(log: Log) {
  return log.segments.flatMap((s) =>
    [...s.batches({ full: true })].map(({ batch }) => ({
      baseOffset: batch.baseOffset,
      lastOffset: batch.lastOffset,
      producerId: batch.producerId,
      producerEpoch: batch.producerEpoch,
      isTransactional: batch.isTransactional,
      isControlBatch: batch.isControlBatch,
      marker: batch.isControlBatch ? readControlRecord(batch.records()[0]) : null,
    })),
  );
}

/** An idempotent producer id, as InitProducerId without a transactional id hands it out. */
async function producerId(h: ClusterHarness): Promise<number> {
  const manager = h.cluster.broker(0).producerIdManager;
  if (!manager) throw new Error('no producer id manager');
  return Number(await drive(h, manager.generateProducerId()));
}

/** A producer's transactional batch of `count` records from sequence `baseSequence`. */
function txnBatch(h: ClusterHarness, pid: number, epoch: number, baseSequence: number, count: number, label = 'v'): Uint8Array {
  return buildRecordBatch(
    Array.from({ length: count }, (_, i) => ({ key: null, value: enc(`${label}-${baseSequence + i}`), timestamp: h.time.nowMs() })),
    { producerId: pid, producerEpoch: epoch, baseSequence, isTransactional: true, now: h.time.nowMs() },
  );
}

describe('transactions on the partition side', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  async function cluster(seed: number): Promise<void> {
    h = await ClusterHarness.create({ brokers: 3, seed, brokerConfig: { 'offsets.topic.num.partitions': '2' } });
    await adminOf(h).createTopics(
      [topic('txn', { assignment: [[0, 1]] }), topic('old-format', { assignment: [[0]], configs: { 'message.format.version': '0.10.2' } })],
      CREATE,
    );
    await h.settle();
  }

  it('writeTxnMarkers appends one COMMIT / ABORT control batch per partition with the coordinator epoch, answering NONE', async () => {
    await cluster(1701);
    const pid = await producerId(h);
    const rm = rmOf(h, 0);
    const [appended] = await drive(h, rm.appendRecords(5000, -1, [{ topicPartition: tp('txn', 0), records: txnBatch(h, pid, 0, 0, 2) }]));
    expect(appended.error).toBe('NONE');
    const results = await drive(
      h,
      rm.writeTxnMarkers([
        { producerId: pid, producerEpoch: 0, coordinatorEpoch: 7, transactionResult: 'COMMIT', partitions: [tp('txn', 0)] },
      ]),
    );
    expect(results).toEqual([{ producerId: pid, partitions: [{ topicPartition: tp('txn', 0), error: 'NONE' }] }]);
    expect(batchesOf(logOf(h, 0, 'txn', 0))).toEqual([
      { baseOffset: 0, lastOffset: 1, producerId: pid, producerEpoch: 0, isTransactional: true, isControlBatch: false, marker: null },
      {
        baseOffset: 2,
        lastOffset: 2,
        producerId: pid,
        producerEpoch: 0,
        isTransactional: true,
        isControlBatch: true,
        marker: { type: ControlRecordType.COMMIT, version: 0, coordinatorEpoch: 7 },
      },
    ]);
    // acks −1: the follower has the marker too when the answer comes.
    expect(logOf(h, 1, 'txn', 0).logEndOffset).toBe(3);
  });

  it('writeTxnMarkers answers per partition: UNKNOWN_TOPIC_OR_PARTITION without a log here, NOT_LEADER_FOR_PARTITION on a follower, UNSUPPORTED_FOR_MESSAGE_FORMAT below v2', async () => {
    await cluster(1702);
    const pid = await producerId(h);
    const results = await drive(
      h,
      rmOf(h, 1).writeTxnMarkers([
        {
          producerId: pid,
          producerEpoch: 0,
          coordinatorEpoch: 0,
          transactionResult: 'ABORT',
          partitions: [tp('txn', 0), tp('missing', 0), tp('old-format', 0)],
        },
      ]),
    );
    // Broker 1 follows txn-0 and hosts no old-format-0; the missing topic has no log anywhere.
    expect(results).toEqual([
      {
        producerId: pid,
        partitions: [
          { topicPartition: tp('missing', 0), error: 'UNKNOWN_TOPIC_OR_PARTITION' },
          { topicPartition: tp('old-format', 0), error: 'UNKNOWN_TOPIC_OR_PARTITION' },
          { topicPartition: tp('txn', 0), error: 'NOT_LEADER_FOR_PARTITION' },
        ],
      },
    ]);
    const [old] = await drive(
      h,
      rmOf(h, 0).writeTxnMarkers([
        { producerId: pid, producerEpoch: 0, coordinatorEpoch: 0, transactionResult: 'ABORT', partitions: [tp('old-format', 0)] },
      ]),
    );
    expect(old.partitions).toEqual([{ topicPartition: tp('old-format', 0), error: 'UNSUPPORTED_FOR_MESSAGE_FORMAT' }]);
    expect(logOf(h, 0, 'old-format', 0).logEndOffset).toBe(0);
  });

  it('writeTxnMarkers hands the __consumer_offsets partitions it closed to the group coordinator hook, with the result', async () => {
    await cluster(1703);
    // LEADER_NOT_AVAILABLE: created just now, as `KafkaApis.createInternalTopic` answers.
    expect(await drive(h, h.cluster.broker(0).groupCoordinator!.createOffsetsTopic())).toBe('LEADER_NOT_AVAILABLE');
    await h.advance(1000);
    const pid = await producerId(h);
    const leaders = [0, 1].map((p) => h.cluster.broker(0).metadataCache.getPartitionInfo('__consumer_offsets', p)!.leader);
    const leader = leaders[0];
    const led = [0, 1].filter((p) => leaders[p] === leader);
    const calls: Array<[number, readonly number[], boolean]> = [];
    const results = await drive(
      h,
      rmOf(h, leader).writeTxnMarkers(
        [
          {
            producerId: pid,
            producerEpoch: 0,
            coordinatorEpoch: 0,
            transactionResult: 'COMMIT',
            partitions: [tp('__consumer_offsets', 0), tp('__consumer_offsets', 1)],
          },
        ],
        (id, partitions, isCommit) => calls.push([id, partitions, isCommit]),
      ),
    );
    const errors = Object.fromEntries(results[0].partitions.map((p) => [p.topicPartition.partition, p.error]));
    for (const p of [0, 1]) expect(errors[p]).toBe(led.includes(p) ? 'NONE' : 'NOT_LEADER_FOR_PARTITION');
    expect(calls).toEqual([[pid, led, true]]);
  });
});
