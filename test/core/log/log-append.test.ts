/**
 * The data path of one partition log (scenario P2, P4): offsets assigned per batch, the leader
 * epoch stamped, the sparse index rule, rolls on size, time and full index, and retention.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Log } from '../../../src-main/core/log/log';
import { LogConfig } from '../../../src-main/core/log/log-config';
import type { TopicConfigValues } from '../../../src-main/core/log/log-config';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { RecordBatch, batchesIn, buildRecordBatch } from '../../../src-main/core/record';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { makeTempDir } from '../../support/temp-dir';

const fs = new NodeFileSystem();
const T0 = 1_600_000_000_000;

/** One record, null key, `valueSize` bytes of value: a 170-byte batch for 100 bytes. */
function batchOf(valueSize: number, timestamp: number, count = 1): Uint8Array {
  const records = Array.from({ length: count }, (_, i) => ({ key: null, value: new Uint8Array(valueSize).fill(97 + (i % 26)), timestamp }));
  return buildRecordBatch(records, { now: timestamp });
}

function files(dir: string): Record<string, number> {
  return Object.fromEntries(readdirSync(dir).map((n) => [n, statSync(join(dir, n)).size]));
}

function indexEntries(path: string): Array<[number, number]> {
  const bytes = readFileSync(path);
  const out: Array<[number, number]> = [];
  for (let i = 0; i + 8 <= bytes.length; i += 8) out.push([bytes.readInt32BE(i), bytes.readInt32BE(i + 4)]);
  return out;
}

function timeIndexEntries(path: string): Array<[number, number]> {
  const bytes = readFileSync(path);
  const out: Array<[number, number]> = [];
  for (let i = 0; i + 12 <= bytes.length; i += 12) out.push([Number(bytes.readBigInt64BE(i)), bytes.readInt32BE(i + 8)]);
  return out;
}

describe('Log data path', () => {
  let logDir: string;
  let cleanup: () => void;
  let time: ManualTime;

  beforeEach(() => {
    ({ dir: logDir, cleanup } = makeTempDir('kafka-dojo-append-'));
    time = new ManualTime(T0);
  });
  afterEach(() => cleanup());

  function newLog(config: TopicConfigValues = {}, name = 'orders-0'): Log {
    return Log.create({ fs, time, random: new SeededRandom(7), dir: join(logDir, name), config: LogConfig.of(config) });
  }

  it('assigns offsets per batch from the log end and stamps the leader epoch (P2)', () => {
    const log = newLog();
    const a = log.appendAsLeader(batchOf(100, T0, 3), 5);
    const b = log.appendAsLeader(batchOf(100, T0, 2), 5);
    expect([a.firstOffset, a.lastOffset, b.firstOffset, b.lastOffset]).toEqual([0, 2, 3, 4]);
    expect(log.logEndOffset).toBe(5);
    const onDisk = [...batchesIn(readFileSync(join(log.dir, '00000000000000000000.log')))];
    expect(onDisk.map((x) => [x.baseOffset, x.lastOffset, x.partitionLeaderEpoch, x.isValid()])).toEqual([
      [0, 2, 5, true],
      [3, 4, 5, true],
    ]);
    expect(log.leaderEpochEntries).toEqual([{ epoch: 5, startOffset: 0 }]);
    expect(readFileSync(join(log.dir, 'leader-epoch-checkpoint'), 'utf8')).toBe('0\n1\n5 0\n');
  });

  it('writes an index entry once more than index.interval.bytes were appended since the last (P2)', () => {
    const log = newLog();
    expect(batchOf(100, T0).length).toBe(170);
    for (let i = 0; i < 60; i++) log.appendAsLeader(batchOf(100, T0 + i), 0);
    log.close();
    // 25 batches × 170 = 4250 > 4096: the 26th batch (offset 25, at byte 4250) gets the first entry.
    expect(indexEntries(join(log.dir, '00000000000000000000.index'))).toEqual([
      [25, 4250],
      [50, 8500],
    ]);
    // Time entries: the largest timestamp so far and its offset; closing adds the last one.
    expect(timeIndexEntries(join(log.dir, '00000000000000000000.timeindex'))).toEqual([
      [T0 + 25, 25],
      [T0 + 50, 50],
      [T0 + 59, 59],
    ]);
    expect(files(log.dir)['00000000000000000000.log']).toBe(60 * 170);
  });

  it('rolls when segment.bytes would overflow; the old segment is trimmed, the new one pre-allocated (P2)', () => {
    const log = newLog({ 'segment.bytes': 500 });
    for (let i = 0; i < 7; i++) log.appendAsLeader(batchOf(100, T0), 0);
    expect(log.segments.map((s) => [s.baseOffset, s.size])).toEqual([
      [0, 340],
      [2, 340],
      [4, 340],
      [6, 170],
    ]);
    const sizes = files(log.dir);
    expect(sizes['00000000000000000002.index']).toBe(0);
    expect(sizes['00000000000000000002.timeindex']).toBe(12);
    expect(sizes['00000000000000000006.index']).toBe(10485760);
    expect(sizes['00000000000000000006.timeindex']).toBe(10485756);
  });

  it('rolls when segment.ms has passed since the first batch of the segment (P2)', () => {
    const log = newLog({ 'segment.ms': 60_000 });
    log.appendAsLeader(batchOf(10, T0), 0);
    time.advance(30_000);
    log.appendAsLeader(batchOf(10, time.nowMs()), 0);
    expect(log.numberOfSegments).toBe(1);
    time.advance(31_000);
    log.appendAsLeader(batchOf(10, time.nowMs()), 0);
    expect(log.segments.map((s) => s.baseOffset)).toEqual([0, 2]);
  });

  it('rolls when the offset index is full', () => {
    // segment.index.bytes 16 → 2 entries; every batch after the first gets one with interval 1.
    const log = newLog({ 'segment.index.bytes': 24, 'index.interval.bytes': 1 });
    for (let i = 0; i < 6; i++) log.appendAsLeader(batchOf(10, T0 + i), 0);
    expect(log.segments.map((s) => s.baseOffset)).toEqual([0, 2, 4]);
    expect(log.segments[0].offsetIndex.entries).toBe(1);
  });

  it('flush.messages forces a flush: the recovery point follows the log end', () => {
    const log = newLog({ 'flush.messages': 2 });
    log.appendAsLeader(batchOf(10, T0), 0);
    expect(log.recoveryPoint).toBe(0);
    log.appendAsLeader(batchOf(10, T0), 0);
    expect(log.recoveryPoint).toBe(2);
  });

  it('reads whole batches from the one holding the offset, up to the high watermark for consumers', () => {
    const log = newLog();
    for (let i = 0; i < 5; i++) log.appendAsLeader(batchOf(100, T0 + i, 2), 0);
    log.updateHighWatermark(6);
    const fromFollower = log.read(3, 10_000, 'log-end', true);
    expect([...batchesIn(fromFollower.records)].map((b) => b.baseOffset)).toEqual([2, 4, 6, 8]);
    const fromConsumer = log.read(3, 10_000, 'high-watermark', true);
    expect([...batchesIn(fromConsumer.records)].map((b) => b.baseOffset)).toEqual([2, 4]);
    expect(log.read(6, 10_000, 'high-watermark', true).records.length).toBe(0);
    // maxBytes smaller than a batch: one batch anyway with minOneMessage (KIP-74), nothing without.
    expect([...batchesIn(log.read(0, 10, 'log-end', true).records)].length).toBe(1);
    expect(log.read(0, 10, 'log-end', false).records.length).toBe(10);
    expect(() => log.read(11, 100, 'log-end', true)).toThrow(
      /Received request for offset 11 for partition orders-0, but we only have log segments in the range 0 to 10\./,
    );
  });

  it('finds offsets by timestamp, and the earliest and latest offsets', () => {
    const log = newLog({ 'segment.bytes': 400 });
    for (let i = 0; i < 8; i++) log.appendAsLeader(batchOf(100, T0 + i * 1000), 0);
    expect(log.fetchOffsetByTimestamp(T0 + 2500)?.offset).toBe(3);
    expect(log.fetchOffsetByTimestamp(T0 + 5000)).toMatchObject({ offset: 5, timestamp: T0 + 5000 });
    expect(log.fetchOffsetByTimestamp(T0 + 99_000)).toBeNull();
    expect(log.fetchOffsetByTimestamp(-2)?.offset).toBe(0);
    expect(log.fetchOffsetByTimestamp(-1)?.offset).toBe(8);
  });

  it('retention by time deletes whole segments below the high watermark: .deleted, then removed (P4)', () => {
    const log = newLog({ 'segment.bytes': 400, 'retention.ms': 60_000, 'file.delete.delay.ms': 1000 });
    for (let i = 0; i < 6; i++) log.appendAsLeader(batchOf(100, T0), 0);
    time.advance(61_000);
    for (let i = 0; i < 2; i++) log.appendAsLeader(batchOf(100, time.nowMs()), 0);
    expect(log.segments.map((s) => s.baseOffset)).toEqual([0, 2, 4, 6]);
    log.updateHighWatermark(4);
    // Only segments wholly below the high watermark may go.
    expect(log.deleteOldSegments()).toBe(2);
    expect(log.logStartOffset).toBe(4);
    expect(
      Object.keys(files(log.dir))
        .filter((n) => n.endsWith('.deleted'))
        .sort(),
    ).toEqual([
      '00000000000000000000.index.deleted',
      '00000000000000000000.log.deleted',
      '00000000000000000000.timeindex.deleted',
      '00000000000000000002.index.deleted',
      '00000000000000000002.log.deleted',
      '00000000000000000002.timeindex.deleted',
    ]);
    time.advance(1000);
    expect(Object.keys(files(log.dir)).filter((n) => n.endsWith('.deleted'))).toEqual([]);
    expect(() => log.read(1, 100, 'log-end', true)).toThrow(/range 4 to 8/);
  });

  it('retention by size deletes the oldest segments while the excess allows (P4)', () => {
    const log = newLog({ 'segment.bytes': 400, 'retention.bytes': 700 });
    for (let i = 0; i < 8; i++) log.appendAsLeader(batchOf(100, T0), 0);
    log.updateHighWatermark(8);
    // 4 segments × 340 bytes = 1360; 1360 − 700 = 660 of excess: one 340-byte segment fits, two do not.
    expect(log.deleteOldSegments()).toBe(1);
    expect(log.segments.map((s) => s.baseOffset)).toEqual([2, 4, 6]);
    expect(log.logStartOffset).toBe(2);
  });

  it('retention that would take every segment rolls a fresh one first', () => {
    const log = newLog({ 'retention.ms': 1000 });
    log.appendAsLeader(batchOf(100, T0), 0);
    log.updateHighWatermark(1);
    time.advance(5000);
    expect(log.deleteOldSegments()).toBe(1);
    expect(log.segments.map((s) => [s.baseOffset, s.size])).toEqual([[1, 0]]);
    expect([log.logStartOffset, log.logEndOffset]).toEqual([1, 1]);
  });

  it('truncates to an offset (whole batches) and drops later leader epochs', () => {
    const log = newLog({ 'segment.bytes': 400 });
    for (let i = 0; i < 4; i++) log.appendAsLeader(batchOf(100, T0), 0);
    for (let i = 0; i < 4; i++) log.appendAsLeader(batchOf(100, T0), 1);
    expect(log.leaderEpochEntries).toEqual([
      { epoch: 0, startOffset: 0 },
      { epoch: 1, startOffset: 4 },
    ]);
    expect(log.endOffsetForEpoch(0)).toEqual({ leaderEpoch: 0, endOffset: 4 });
    expect(log.truncateTo(3)).toBe(true);
    expect(log.logEndOffset).toBe(3);
    expect(log.segments.map((s) => s.baseOffset)).toEqual([0, 2]);
    expect(log.leaderEpochEntries).toEqual([{ epoch: 0, startOffset: 0 }]);
    const next = log.appendAsLeader(batchOf(100, T0), 2);
    expect(next.firstOffset).toBe(3);
  });

  it('rejects what Kafka rejects, writing nothing', () => {
    const log = newLog({ 'max.message.bytes': 150 });
    expect(() => log.appendAsLeader(batchOf(100, T0), 0)).toThrow(
      'The record batch size in the append to orders-0 is 170 bytes which exceeds the maximum configured value of 150.',
    );
    const corrupt = batchOf(10, T0);
    corrupt[corrupt.length - 1] ^= 0xff;
    expect(() => log.appendAsLeader(corrupt, 0)).toThrow(/corrupt/i);
    expect(log.logEndOffset).toBe(0);
    expect(log.activeSegment.size).toBe(0);
    expect(RecordBatch.readAt(batchOf(10, T0), 0).isValid()).toBe(true);
  });

  it('rolls segment.ms minus the segment jitter (segment.jitter.ms) after the first batch', () => {
    const log = newLog({ 'segment.ms': 60_000, 'segment.jitter.ms': 30_000 });
    const jitter = log.activeSegment.rollJitterMs;
    expect(jitter).toBeGreaterThan(0);
    expect(jitter).toBeLessThan(30_000);
    log.appendAsLeader(batchOf(10, T0), 0);
    time.advance(60_000 - jitter);
    log.appendAsLeader(batchOf(10, time.nowMs()), 0);
    expect(log.numberOfSegments).toBe(1);
    time.advance(1);
    log.appendAsLeader(batchOf(10, time.nowMs()), 0);
    expect(log.numberOfSegments).toBe(2);
  });

  it("rolls when an offset would not fit the segment's int32 relative offsets", () => {
    const log = newLog();
    log.appendAsLeader(batchOf(10, T0), 0);
    // A follower copying a leader whose log jumped far ahead (e.g. after DeleteRecords and compaction).
    const far = buildRecordBatch([{ key: null, value: new Uint8Array(10), timestamp: T0 }], {
      baseOffset: 3_000_000_000,
      partitionLeaderEpoch: 0,
    });
    log.appendAsFollower(far);
    expect(log.segments.map((s) => s.baseOffset)).toEqual([0, 3_000_000_000]);
    expect(files(log.dir)['00000000000000000000.log']).toBe(78);
    expect(Object.keys(files(log.dir))).toContain('00000000003000000000.log');
    expect(log.logEndOffset).toBe(3_000_000_001);
  });

  it("follower appends keep the leader's offsets and epochs, and refuse data that goes backwards", () => {
    const leader = newLog({}, 'copy-0');
    const follower = newLog({}, 'copy-1');
    for (let epoch = 0; epoch < 3; epoch++) leader.appendAsLeader(batchOf(50, T0, 2), epoch);
    const bytes = leader.read(0, 1 << 20, 'log-end', true).records;
    follower.appendAsFollower(bytes.slice());
    expect(follower.logEndOffset).toBe(6);
    expect(follower.leaderEpochEntries).toEqual(leader.leaderEpochEntries);
    expect(
      readFileSync(join(follower.dir, '00000000000000000000.log')).equals(readFileSync(join(leader.dir, '00000000000000000000.log'))),
    ).toBe(true);
    expect(() => follower.appendAsFollower(bytes.slice())).toThrow(
      /Unexpected offset in append to copy-1\. First offset or last offset of the first batch 0 is less than the next offset 6/,
    );
    expect(follower.logEndOffset).toBe(6);
  });
});
