/**
 * Transactions on the partition side (issue 17 §2), as Kafka 2.5.1's `KafkaApis.handleWriteTxnMarkersRequest`,
 * `ProducerStateManager` and `Log` have them: a transaction coordinator closes a producer's
 * transaction with one COMMIT or ABORT control batch per partition (`ReplicaManager.writeTxnMarkers`),
 * written as the coordinator's (acks −1, internal topics allowed). The partition tracks each
 * producer's open transaction (`ProducerStateManager`): the last stable offset (LSO) is held at the
 * first offset of the earliest undecided one, read_committed fetches stop there and get the aborted
 * transactions of their range from the segments' `.txnindex`, ListOffsets answers read_committed
 * LATEST with it, and the state survives snapshots, restarts, recovery and truncation.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Log } from '../../src-main/core/log/log';
import { batchesIn, buildRecordBatch, type RecordBatch } from '../../src-main/core/record';
import { readControlRecord } from '../../src-main/core/record/end-transaction-marker';
import { ControlRecordType } from '../../src-main/core/record/control-record-type';
import type { ReplicaManager } from '../../src-main/core/broker/replica-manager';
import type { Gauge } from '../../src-main/core/metrics/gauge';
import { InProcessCluster, type InProcessClusterParts } from '../../src-main/core/cluster/in-process-cluster';
import { ClusterHarness } from '../support/cluster-harness';
import { CREATE, adminOf, drive, enc, killAndExpire, topic, tp } from '../support/scenario';

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

/** The timestamp of the batch holding `offset`, read from the segment here. */
function firstTimestampAt(log: Log, offset: number): number {
  for (const s of log.segments)
    for (const { batch } of s.batches()) if (batch.baseOffset <= offset && offset <= batch.lastOffset) return batch.firstTimestamp;
  return -1;
}

function batchesOfBytes(records: Uint8Array): RecordBatch[] {
  return [...batchesIn(records)];
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

  /** Appends through the leader's ReplicaManager (acks −1) and returns the error. */
  async function append(brokerId: number, records: Uint8Array, partition = 0): Promise<string> {
    const [r] = await drive(h, rmOf(h, brokerId).appendRecords(5000, -1, [{ topicPartition: tp('txn', partition), records }]));
    return r.error;
  }

  async function marker(brokerId: number, pid: number, result: 'COMMIT' | 'ABORT', epoch = 0, coordinatorEpoch = 0): Promise<string> {
    const [r] = await drive(
      h,
      rmOf(h, brokerId).writeTxnMarkers([
        { producerId: pid, producerEpoch: epoch, coordinatorEpoch, transactionResult: result, partitions: [tp('txn', 0)] },
      ]),
    );
    return r.partitions[0].error;
  }

  function plainBatch(label: string): Uint8Array {
    return buildRecordBatch([{ key: null, value: enc(label), timestamp: h.time.nowMs() }], { now: h.time.nowMs() });
  }

  /** The `.txnindex` entries, read from the file's bytes here (34 bytes each, big-endian). */
  function txnIndexEntries(brokerId: number, base = 0): Array<[number, number, number, number, number]> {
    const path = join(h.logDir(brokerId), 'txn-0', `${String(base).padStart(20, '0')}.txnindex`);
    const bytes = readFileSync(path);
    expect(bytes.length % 34, path).toBe(0);
    const out: Array<[number, number, number, number, number]> = [];
    for (let p = 0; p < bytes.length; p += 34)
      out.push([
        bytes.readInt16BE(p),
        Number(bytes.readBigInt64BE(p + 2)),
        Number(bytes.readBigInt64BE(p + 10)),
        Number(bytes.readBigInt64BE(p + 18)),
        Number(bytes.readBigInt64BE(p + 26)),
      ]);
    return out;
  }

  const values = (records: Uint8Array) =>
    batchesOfBytes(records).flatMap((b) =>
      b.isControlBatch ? [] : b.records().map((r) => new TextDecoder().decode(r.value ?? new Uint8Array())),
    );

  /** Two producers' transactions interleaved with a plain batch: A (offsets 0–1) and B (2) open, a plain record at 3. */
  async function interleaved(): Promise<{ a: number; b: number }> {
    const a = await producerId(h);
    const b = await producerId(h);
    expect(await append(0, txnBatch(h, a, 0, 0, 2, 'a'))).toBe('NONE');
    expect(await append(0, txnBatch(h, b, 0, 0, 1, 'b'))).toBe('NONE');
    expect(await append(0, plainBatch('plain'))).toBe('NONE');
    return { a, b };
  }

  it('an open transaction holds the LSO; read_committed reads stop there, get the aborted transactions, and ListOffsets answers it', async () => {
    await cluster(1704);
    const { a, b } = await interleaved();
    const startedB = firstTimestampAt(logOf(h, 0, 'txn', 0), 2);
    // The CreateTime B's batch was built with, on the cluster clock.
    expect(startedB).toBeGreaterThanOrEqual(1_700_000_000_000);
    expect(startedB).toBeLessThanOrEqual(h.time.nowMs());
    const log = logOf(h, 0, 'txn', 0);
    const rm = rmOf(h, 0);
    const fetch = (isolation: 'high-watermark' | 'txn-committed') =>
      rm.fetchMessages([{ topicPartition: tp('txn', 0), fetchOffset: 0, maxBytes: 1 << 20 }], 1 << 20, isolation)[0];
    const lag = () =>
      (h.cluster.broker(0).metrics!.get('kafka.cluster:type=Partition,name=LastStableOffsetLag,topic=txn,partition=0') as Gauge).value();
    const latest = (isolation: 'read_committed' | 'read_uncommitted') => rm.fetchOffsetForTimestamp(tp('txn', 0), -1, { isolation }).offset;

    expect([log.highWatermark, log.firstUnstableOffset, log.lastStableOffset, lag()]).toEqual([4, 0, 0, 4]);
    expect(fetch('txn-committed')).toMatchObject({ error: 'NONE', highWatermark: 4, lastStableOffset: 0, abortedTransactions: [] });
    expect(fetch('txn-committed').records.length).toBe(0);
    expect(fetch('high-watermark')).toMatchObject({ lastStableOffset: 0, abortedTransactions: null });
    expect(values(fetch('high-watermark').records)).toEqual(['a-0', 'a-1', 'b-0', 'plain']);
    expect([latest('read_committed'), latest('read_uncommitted')]).toEqual([0, 4]);

    // A aborts (marker at 4): the LSO moves to B's first offset once the high watermark passes the marker.
    expect(await marker(0, a, 'ABORT')).toBe('NONE');
    expect([log.highWatermark, log.lastStableOffset, lag(), latest('read_committed')]).toEqual([5, 2, 3, 2]);
    expect(txnIndexEntries(0)).toEqual([[0, a, 0, 4, 2]]);
    const midway = fetch('txn-committed');
    expect(midway.abortedTransactions).toEqual([{ producerId: a, firstOffset: 0 }]);
    expect(values(midway.records)).toEqual(['a-0', 'a-1']);
    // What the topic page shows: B's transaction holds the LSO, started when its first batch was written.
    const facade = new InProcessCluster({ cluster: h.cluster } as InProcessClusterParts, { time: h.time });
    const [detail] = facade.partitionDetails(facade.topics().find((t) => t.name === 'txn')!.partitions);
    expect(detail.lastStableOffset).toBe(2);
    expect(detail.openTransactions).toEqual([{ producerId: b, producerEpoch: 0, firstOffset: 2, startedMs: startedB }]);

    // B commits (marker at 5): nothing holds the LSO.
    expect(await marker(0, b, 'COMMIT')).toBe('NONE');
    expect([log.highWatermark, log.firstUnstableOffset, log.lastStableOffset, lag(), latest('read_committed')]).toEqual([6, null, 6, 0, 6]);
    const all = fetch('txn-committed');
    expect(all.abortedTransactions).toEqual([{ producerId: a, firstOffset: 0 }]);
    expect(values(all.records)).toEqual(['a-0', 'a-1', 'b-0', 'plain']);
    // A commit writes no entry; the follower has the same index from replication.
    expect(txnIndexEntries(0)).toEqual([[0, a, 0, 4, 2]]);
    expect(txnIndexEntries(1)).toEqual([[0, a, 0, 4, 2]]);
    // A fetch from past the aborted transaction's marker does not get it.
    const later = rm.fetchMessages([{ topicPartition: tp('txn', 0), fetchOffset: 5, maxBytes: 1 << 20 }], 1 << 20, 'txn-committed')[0];
    expect(later.abortedTransactions).toEqual([]);
  });

  it('fencing as 2.5: a marker of an older producer epoch is INVALID_PRODUCER_EPOCH, of an older coordinator epoch TRANSACTION_COORDINATOR_FENCED; a plain batch inside a transaction INVALID_TXN_STATE', async () => {
    await cluster(1705);
    const pid = await producerId(h);
    expect(await append(0, txnBatch(h, pid, 1, 0, 1))).toBe('NONE');
    expect(await marker(0, pid, 'COMMIT', 0)).toBe('INVALID_PRODUCER_EPOCH');
    // The same producer's next batch, not transactional, while its transaction is open.
    const plain = buildRecordBatch([{ key: null, value: enc('x'), timestamp: h.time.nowMs() }], {
      producerId: pid,
      producerEpoch: 1,
      baseSequence: 1,
      now: h.time.nowMs(),
    });
    expect(await append(0, plain)).toBe('INVALID_TXN_STATE');
    expect(await marker(0, pid, 'COMMIT', 1, 5)).toBe('NONE');
    expect(await append(0, txnBatch(h, pid, 1, 1, 1))).toBe('NONE');
    expect(await marker(0, pid, 'ABORT', 1, 4)).toBe('TRANSACTION_COORDINATOR_FENCED');
    const log = logOf(h, 0, 'txn', 0);
    // Refused markers wrote nothing: the batch at 0, its COMMIT at 1, the open transaction at 2.
    expect([log.logEndOffset, log.firstUnstableOffset]).toEqual([3, 2]);
  });

  it('the open transaction survives: the snapshot keeps currentTxnFirstOffset, a restart and a crash bring it back, recovery rebuilds the .txnindex, truncation forgets its marker', async () => {
    await cluster(1706);
    const { a, b } = await interleaved();
    expect(await marker(0, a, 'ABORT')).toBe('NONE');
    const dir = join(h.logDir(0), 'txn-0');
    const txnIndexBytes = readFileSync(join(dir, '00000000000000000000.txnindex'));

    // Clean shutdown: the snapshot at the log end (5) holds B's transaction, first offset 2.
    await drive(h, h.cluster.shutdownBroker(0));
    const snapshot = readFileSync(join(dir, '00000000000000000005.snapshot'));
    const count = snapshot.readInt32BE(6);
    const rows = Array.from({ length: count }, (_, i) => {
      const p = 10 + i * 46;
      return [Number(snapshot.readBigInt64BE(p)), Number(snapshot.readBigInt64BE(p + 38))];
    });
    expect(rows).toEqual([
      [a, -1],
      [b, 2],
    ]);
    await drive(h, h.cluster.startBroker(0));
    await h.advance(5000);
    expect(logOf(h, 0, 'txn', 0).firstUnstableOffset).toBe(2);

    // A crash with the .txnindex gone: recovery of the segment rebuilds it from the log.
    await killAndExpire(h, 0);
    rmSync(join(dir, '00000000000000000000.txnindex'));
    await drive(h, h.cluster.startBroker(0));
    await h.advance(5000);
    expect(readFileSync(join(dir, '00000000000000000000.txnindex'))).toEqual(txnIndexBytes);
    expect(logOf(h, 0, 'txn', 0).firstUnstableOffset).toBe(2);

    // Truncation below A's ABORT marker: its entry goes and A is open again.
    const follower = logOf(h, 1, 'txn', 0);
    h.cluster.killBroker(0);
    const log = logOf(h, 1, 'txn', 0);
    expect(log).toBe(follower);
    log.truncateTo(4);
    expect(statSync(join(h.logDir(1), 'txn-0', '00000000000000000000.txnindex')).size).toBe(0);
    expect(log.producerStateManager.ongoingTransactions.map((t) => [t.producerId, t.firstOffset])).toEqual([
      [a, 0],
      [b, 2],
    ]);
    expect(existsSync(join(h.logDir(1), 'txn-0', '00000000000000000000.txnindex'))).toBe(true);
  });
});
