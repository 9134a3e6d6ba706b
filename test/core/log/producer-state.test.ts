/**
 * Idempotent producers on a partition log (Kafka 2.5's ProducerStateManager): retried batches
 * answered with the first copy's offsets, sequence gaps and old epochs refused with Kafka's errors,
 * the table surviving clean and unclean restarts, followers and truncation.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KafkaApiError } from '../../../src-main/core/common/kafka-errors';
import { Log } from '../../../src-main/core/log/log';
import { LogConfig } from '../../../src-main/core/log/log-config';
import type { TopicConfigValues } from '../../../src-main/core/log/log-config';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { buildRecordBatch } from '../../../src-main/core/record';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { makeTempDir } from '../../support/temp-dir';

const fs = new NodeFileSystem();
const T0 = 1_600_000_000_000;
const PID = 4000;

function idempotent(
  baseSequence: number,
  count: number,
  options: { producerId?: number; epoch?: number; timestamp?: number } = {},
): Uint8Array {
  const timestamp = options.timestamp ?? T0;
  const records = Array.from({ length: count }, (_, i) => ({
    key: null,
    value: new TextEncoder().encode(`v${baseSequence + i}`),
    timestamp,
  }));
  return buildRecordBatch(records, {
    now: timestamp,
    producerId: options.producerId ?? PID,
    producerEpoch: options.epoch ?? 0,
    baseSequence,
  });
}

function refusal(f: () => unknown): { error: string; message: string } {
  try {
    f();
  } catch (e) {
    if (e instanceof KafkaApiError) return { error: e.errorName, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
}

function snapshots(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => n.endsWith('.snapshot'))
    .sort();
}

describe('Producer state on a partition log', () => {
  let logDir: string;
  let cleanup: () => void;
  let time: ManualTime;

  beforeEach(() => {
    ({ dir: logDir, cleanup } = makeTempDir('kafka-dojo-producer-state-'));
    time = new ManualTime(T0);
  });
  afterEach(() => cleanup());

  const dirOf = (name = 'orders-0') => join(logDir, name);
  const config = (values: TopicConfigValues = {}) => LogConfig.of(values);
  const newLog = (values: TopicConfigValues = {}, name = 'orders-0') => Log.create({ fs, time, dir: dirOf(name), config: config(values) });
  const load = (hadCleanShutdown: boolean, values: TopicConfigValues = {}, events: string[] = []) =>
    Log.load({
      fs,
      time,
      dir: dirOf(),
      config: config(values),
      recoveryPoint: 0,
      hadCleanShutdown,
      onEvent: (level, message) => events.push(`${level} ${message}`),
    });
  const logBytes = (log: Log) => statSync(join(log.dir, '00000000000000000000.log')).size;
  const entryOf = (log: Log, pid = PID) => {
    const e = log.producerStateManager.lastEntry(pid);
    return (
      e && {
        epoch: e.producerEpoch,
        batches: e.batchMetadata.map((b) => [b.lastSeq - b.offsetDelta, b.lastSeq, b.lastOffset - b.offsetDelta, b.lastOffset]),
      }
    );
  };

  it('a retried batch answers the offsets of the first copy and appends nothing', () => {
    const log = newLog();
    log.appendAsLeader(buildRecordBatch([{ key: null, value: new Uint8Array([1]), timestamp: T0 }], { now: T0 }), 0);
    const first = log.appendAsLeader(idempotent(0, 3), 0);
    const second = log.appendAsLeader(idempotent(3, 2), 0);
    expect([first.firstOffset, first.lastOffset, second.firstOffset, second.lastOffset]).toEqual([1, 3, 4, 5]);
    const size = logBytes(log);

    const retry = log.appendAsLeader(idempotent(0, 3), 0);
    expect([retry.firstOffset, retry.lastOffset, retry.logAppendTime]).toEqual([1, 3, T0]);
    const retryOfLast = log.appendAsLeader(idempotent(3, 2), 0);
    expect([retryOfLast.firstOffset, retryOfLast.lastOffset]).toEqual([4, 5]);
    expect(log.logEndOffset).toBe(6);
    expect(logBytes(log)).toBe(size);
    expect(entryOf(log)).toEqual({
      epoch: 0,
      batches: [
        [0, 2, 1, 3],
        [3, 4, 4, 5],
      ],
    });
  });

  it('only the last five batches are remembered: a retry of the sixth-last is out of order', () => {
    const log = newLog();
    for (let seq = 0; seq < 6; seq++) log.appendAsLeader(idempotent(seq, 1), 0);
    expect(entryOf(log)!.batches.map((b) => b[0])).toEqual([1, 2, 3, 4, 5]);
    expect(log.appendAsLeader(idempotent(1, 1), 0).firstOffset).toBe(1);
    expect(refusal(() => log.appendAsLeader(idempotent(0, 1), 0))).toEqual({
      error: 'OUT_OF_ORDER_SEQUENCE_NUMBER',
      message:
        'Out of order sequence number for producerId 4000 at offset 6 in partition orders-0: 0 (incoming seq. number), 5 (current end sequence number)',
    });
    expect(log.logEndOffset).toBe(6);
  });

  it('a gap in the sequence is refused with OUT_OF_ORDER_SEQUENCE_NUMBER and nothing is written', () => {
    const log = newLog();
    log.appendAsLeader(idempotent(0, 2), 0);
    const size = logBytes(log);
    expect(refusal(() => log.appendAsLeader(idempotent(5, 1), 0))).toEqual({
      error: 'OUT_OF_ORDER_SEQUENCE_NUMBER',
      message:
        'Out of order sequence number for producerId 4000 at offset 2 in partition orders-0: 5 (incoming seq. number), 1 (current end sequence number)',
    });
    expect([log.logEndOffset, logBytes(log)]).toEqual([2, size]);
    // The producer carries on from where the log is.
    expect(log.appendAsLeader(idempotent(2, 1), 0).firstOffset).toBe(2);
  });

  it('an older epoch is fenced; a new epoch must start at sequence 0; an unknown producer must start at 0', () => {
    const log = newLog();
    log.appendAsLeader(idempotent(0, 1, { epoch: 1 }), 0);
    expect(refusal(() => log.appendAsLeader(idempotent(1, 1, { epoch: 0 }), 0))).toEqual({
      error: 'INVALID_PRODUCER_EPOCH',
      message: "Producer's epoch at offset 1 in orders-0 is 0, which is smaller than the last seen epoch 1",
    });
    expect(refusal(() => log.appendAsLeader(idempotent(7, 1, { epoch: 2 }), 0))).toEqual({
      error: 'OUT_OF_ORDER_SEQUENCE_NUMBER',
      message: 'Invalid sequence number for new epoch at offset 1 in partition orders-0: 2 (request epoch), 7 (seq. number)',
    });
    expect(refusal(() => log.appendAsLeader(idempotent(3, 1, { producerId: 77 }), 0))).toEqual({
      error: 'UNKNOWN_PRODUCER_ID',
      message:
        'Found no record of producerId=77 on the broker at offset 1in partition orders-0. It is possible that the last message with the producerId=77 has been removed due to hitting the retention limit.',
    });
    expect(log.logEndOffset).toBe(1);
    // A new epoch from 0 is taken and forgets the old epoch's batches.
    log.appendAsLeader(idempotent(0, 1, { epoch: 2 }), 0);
    expect(entryOf(log)).toEqual({ epoch: 2, batches: [[0, 0, 1, 1]] });
  });

  it('sequences wrap from Integer.MAX_VALUE to 0', () => {
    const log = newLog();
    log.appendAsLeader(idempotent(0, 1, { producerId: 9 }), 0);
    // A replica (no sequence checks) brings the producer near the top of the range.
    const high = buildRecordBatch(
      [2147483645, 2147483646, 2147483647].map(() => ({ key: null, value: new Uint8Array([1]), timestamp: T0 })),
      { now: T0, producerId: 9, producerEpoch: 0, baseSequence: 2147483645, baseOffset: 1 },
    );
    log.appendAsFollower(high);
    expect(log.producerStateManager.lastEntry(9)!.lastSeq).toBe(2147483647);
    expect(log.appendAsLeader(idempotent(0, 2, { producerId: 9 }), 0).firstOffset).toBe(4);
    expect(log.appendAsLeader(idempotent(0, 2, { producerId: 9 }), 0).firstOffset).toBe(4);
    expect(log.logEndOffset).toBe(6);
  });

  it('survives a clean restart through the snapshot written at close', () => {
    const log = newLog();
    for (let seq = 0; seq < 6; seq += 2) log.appendAsLeader(idempotent(seq, 2), 0);
    log.close();
    expect(snapshots(log.dir)).toEqual(['00000000000000000006.snapshot']);

    const events: string[] = [];
    const reloaded = load(true, {}, events);
    // The snapshot keeps each producer's last batch only, as Kafka's does.
    expect(entryOf(reloaded)).toEqual({ epoch: 0, batches: [[4, 5, 4, 5]] });
    expect(reloaded.appendAsLeader(idempotent(4, 2), 0).firstOffset).toBe(4);
    expect(reloaded.appendAsLeader(idempotent(6, 1), 0).firstOffset).toBe(6);
    expect(refusal(() => reloaded.appendAsLeader(idempotent(9, 1), 0)).error).toBe('OUT_OF_ORDER_SEQUENCE_NUMBER');
    expect(events.filter((e) => e.startsWith('WARN'))).toEqual([]);
  });

  it('survives an unclean restart: with no snapshot, rebuilt from the whole log, all five retained batches included', () => {
    const log = newLog();
    for (let seq = 0; seq < 10; seq++) log.appendAsLeader(idempotent(seq, 1), 0);
    const before = entryOf(log);
    expect(before!.batches).toHaveLength(5);
    log.closeHandlers();
    expect(snapshots(log.dir)).toEqual([]);

    const reloaded = load(false);
    expect(entryOf(reloaded)).toEqual(before);
    for (let seq = 5; seq < 10; seq++) expect(reloaded.appendAsLeader(idempotent(seq, 1), 0).firstOffset).toBe(seq);
    expect(reloaded.logEndOffset).toBe(10);
    expect(snapshots(reloaded.dir)).toEqual(['00000000000000000010.snapshot']);
  });

  it('each roll writes a snapshot at the new base offset; an unclean restart starts from the latest one', () => {
    const log = newLog({ 'segment.bytes': 300 });
    for (let seq = 0; seq < 10; seq++) log.appendAsLeader(idempotent(seq, 1), 0);
    expect(log.numberOfSegments).toBeGreaterThan(2);
    const rolledAt = log.segments.slice(1).map((s) => s.baseOffset);
    expect(snapshots(log.dir)).toEqual(rolledAt.map((o) => `${String(o).padStart(20, '0')}.snapshot`));
    const lastRoll = rolledAt[rolledAt.length - 1];
    log.closeHandlers();

    const reloaded = load(false, { 'segment.bytes': 300 });
    // The snapshot's one batch, then every batch read after it.
    const batches = entryOf(reloaded)!.batches;
    expect(batches.map((b) => b[0])).toEqual([lastRoll - 1, ...Array.from({ length: 10 - lastRoll }, (_, i) => lastRoll + i)].slice(-5));
    expect(reloaded.appendAsLeader(idempotent(9, 1), 0).firstOffset).toBe(9);
    expect(reloaded.appendAsLeader(idempotent(10, 1), 0).firstOffset).toBe(10);
  });

  it('a corrupt snapshot is dropped with a warning and the table is rebuilt from the log', () => {
    const log = newLog();
    log.appendAsLeader(idempotent(0, 3), 0);
    log.close();
    const path = join(log.dir, '00000000000000000003.snapshot');
    const bytes = readFileSync(path);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(path, bytes);

    const events: string[] = [];
    const reloaded = load(true, {}, events);
    expect(events.some((e) => e.startsWith('WARN') && e.includes('Snapshot is corrupt (CRC is no longer valid)'))).toBe(true);
    expect(entryOf(reloaded)).toEqual({ epoch: 0, batches: [[0, 2, 0, 2]] });
    expect(reloaded.appendAsLeader(idempotent(0, 3), 0).firstOffset).toBe(0);
  });

  it('a follower holds the leader state from the batches it copies, and truncation rewinds it', () => {
    const leader = newLog();
    leader.appendAsLeader(idempotent(0, 2), 3);
    leader.appendAsLeader(idempotent(2, 2), 3);
    leader.appendAsLeader(idempotent(0, 1, { producerId: 5, epoch: 4 }), 3);
    const follower = newLog({}, 'orders-1');
    follower.appendAsFollower(leader.read(0, 1 << 20, 'log-end', true).records);
    expect(entryOf(follower)).toEqual(entryOf(leader));
    expect(entryOf(follower, 5)).toEqual({ epoch: 4, batches: [[0, 0, 4, 4]] });

    // A new leader's log ends at 2: the follower truncates and forgets batches past it.
    follower.truncateTo(2);
    expect(entryOf(follower)).toEqual({ epoch: 0, batches: [[0, 1, 0, 1]] });
    expect(follower.producerStateManager.lastEntry(5)).toBeUndefined();
    expect(follower.appendAsLeader(idempotent(2, 2), 4).firstOffset).toBe(2);
  });

  it('the log start moving past a producer forgets it and removes older snapshots', () => {
    const log = newLog({ 'segment.bytes': 300 });
    log.appendAsLeader(idempotent(0, 1, { producerId: 1 }), 0);
    for (let seq = 0; seq < 6; seq++) log.appendAsLeader(idempotent(seq, 1, { producerId: 2 }), 0);
    log.updateHighWatermark(log.logEndOffset);
    const start = log.segments[1].baseOffset;
    log.maybeIncrementLogStartOffset(start);
    expect(log.producerStateManager.lastEntry(1)).toBeUndefined();
    expect(log.producerStateManager.lastEntry(2)!.batchMetadata.every((b) => b.lastOffset >= start)).toBe(true);
    expect(snapshots(log.dir).every((n) => Number(n.slice(0, 20)) >= start)).toBe(true);
  });

  it('a producer silent for transactional.id.expiration.ms (7 days) is forgotten by the periodic check', () => {
    const log = newLog();
    log.appendAsLeader(idempotent(0, 1, { producerId: 1 }), 0);
    time.advance(3 * 86_400_000);
    log.appendAsLeader(idempotent(0, 1, { producerId: 2, timestamp: time.nowMs() }), 0);
    time.advance(4 * 86_400_000 + 600_000);
    expect([...log.producerStateManager.activeProducers.keys()]).toEqual([2]);
    expect(refusal(() => log.appendAsLeader(idempotent(1, 1, { producerId: 1, timestamp: time.nowMs() }), 0)).error).toBe(
      'UNKNOWN_PRODUCER_ID',
    );
    log.close();
  });

  it('after a recovery-point checkpoint, snapshots below the last two segments go (deleteSnapshotsAfterRecoveryPointCheckpoint)', () => {
    const log = newLog({ 'segment.bytes': 300 });
    for (let seq = 0; seq < 20; seq++) log.appendAsLeader(idempotent(seq, 1), 0);
    const bases = log.segments.map((s) => s.baseOffset);
    expect(bases.length).toBeGreaterThan(3);
    log.flush();
    const kept = log.deleteSnapshotsAfterRecoveryPointCheckpoint();
    expect(kept).toBe(bases[bases.length - 2]);
    expect(snapshots(log.dir)).toEqual(bases.slice(-2).map((o) => `${String(o).padStart(20, '0')}.snapshot`));
  });

  it('writes the snapshot in Kafka 2.5 bytes (version 1, CRC-32C, one row per producer)', () => {
    const log = newLog();
    log.appendAsLeader(idempotent(0, 2, { producerId: 1000, epoch: 3, timestamp: T0 + 5 }), 0);
    log.close();
    const bytes = readFileSync(join(log.dir, '00000000000000000002.snapshot'));
    expect(bytes.toString('hex')).toBe(
      [
        '0001', // version
        bytes.subarray(2, 6).toString('hex'), // crc (checked below)
        '00000001', // one producer
        '00000000000003e8', // producer id 1000
        '0003', // epoch
        '00000001', // last sequence
        '0000000000000001', // last offset
        '00000001', // offset delta
        '00000174876e8005', // timestamp T0 + 5
        'ffffffff', // coordinator epoch
        'ffffffffffffffff', // no ongoing transaction
      ].join(''),
    );
    // CRC-32C (Castagnoli) of everything after the crc field.
    expect(bytes.readUInt32BE(2)).toBe(0x2a2614e5);
  });
});
