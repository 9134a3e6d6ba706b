/**
 * Recovery of a partition log after an unclean shutdown (scenario P5), as Kafka 2.5's
 * `Log.loadSegments` / `recoverLog` / `LogSegment.recover` do it: a log is written, the process
 * "dies" (`closeHandlers()`, no `close()`: nothing trimmed, the active segment's indexes still
 * pre-allocated), its files are damaged, and `Log.load` runs without a clean-shutdown marker.
 *
 * Every log here has the same layout (segment.bytes 1200, index.interval.bytes 300, one 170-byte
 * batch of one record per offset, timestamp T0 + 10 × offset):
 *
 *   segment  0: offsets  0–6,  1190 bytes; .index (2,340) (4,680) (6,1020)
 *   segment  7: offsets  7–13, 1190 bytes; .index (9,340) (11,680) (13,1020)
 *   segment 14: offsets 14–19, 1020 bytes (active); .index (16,340) (18,680)
 *
 * Leader epochs: 0 for offsets 0–4, 1 for 5–11, 3 from 12 (epoch 2 never wrote), so the
 * leader-epoch cache holds (0,0) (1,5) (3,12).
 */
import {
  cpSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Log } from '../../../src-main/core/log/log';
import { LogConfig } from '../../../src-main/core/log/log-config';
import type { TopicConfigValues } from '../../../src-main/core/log/log-config';
import type { LogEventBody, LogEventLevel } from '../../../src-main/core/log/log-event';
import type { LogSegment } from '../../../src-main/core/log/segment/log-segment';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { CorruptRecordException, RecordBatch, batchesIn, buildRecordBatch } from '../../../src-main/core/record';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { makeTempDir } from '../../support/temp-dir';

const fs = new NodeFileSystem();
const T0 = 1_600_000_000_000;
const BATCH = 170;
const CONFIG: TopicConfigValues = { 'segment.bytes': 1200, 'index.interval.bytes': 300 };
const INDEX_BYTES = 10485760;
const TIME_INDEX_BYTES = 10485756;
/** For the sweeps, which copy the dir for every case: 1 KB pre-allocated indexes instead of 10 MB. */
const SMALL_INDEXES: TopicConfigValues = { 'segment.index.bytes': 1024 };

const epochOf = (offset: number): number => (offset < 5 ? 0 : offset < 12 ? 1 : 3);
const ts = (offset: number): number => T0 + 10 * offset;
const name = (base: number, suffix: string): string => `${String(base).padStart(20, '0')}${suffix}`;

/** The batch a producer sends for `offset` (the leader assigns the offset and stamps the epoch). */
function produced(offset: number): Uint8Array {
  const value = new TextEncoder().encode(`value-${offset}`.padEnd(100, '.'));
  return buildRecordBatch([{ key: null, value, timestamp: ts(offset) }], { now: ts(offset) });
}

interface Recorded {
  level: LogEventLevel;
  message: string;
  body: LogEventBody;
}

type Entries = Array<[number, number]>;

function offsetEntries(segment: LogSegment): Entries {
  return Array.from({ length: segment.offsetIndex.entries }, (_, i) => {
    const e = segment.offsetIndex.entry(i);
    return [e.offset, e.position] as [number, number];
  });
}

function timeEntries(segment: LogSegment): Entries {
  return Array.from({ length: segment.timeIndex.entries }, (_, i) => {
    const e = segment.timeIndex.entry(i);
    return [e.timestamp, e.offset] as [number, number];
  });
}

function files(dir: string): Record<string, Buffer> {
  return Object.fromEntries(readdirSync(dir).map((n) => [n, readFileSync(join(dir, n))]));
}

function sizes(dir: string): Record<string, number> {
  return Object.fromEntries(readdirSync(dir).map((n) => [n, statSync(join(dir, n)).size]));
}

/** Every batch the log serves (to a follower: up to the log end), by base offset, as bytes. */
function served(log: Log): Map<number, Buffer> {
  const out = new Map<number, Buffer>();
  let offset = log.logStartOffset;
  while (offset < log.logEndOffset) {
    const info = log.read(offset, 1 << 20, 'log-end', true);
    let next = offset;
    for (const b of batchesIn(info.records)) {
      out.set(b.baseOffset, Buffer.from(b.bytes));
      next = b.nextOffset;
    }
    if (next === offset) throw new Error(`no progress reading at ${offset}`);
    offset = next;
  }
  return out;
}

/** The batches in the valid part of each segment's `.log`, by base offset (what was acknowledged, or is on disk now). */
function stored(log: Log): Map<number, Buffer> {
  const out = new Map<number, Buffer>();
  for (const s of log.segments) {
    for (const b of batchesIn(readFileSync(s.logPath).subarray(0, s.size))) out.set(b.baseOffset, Buffer.from(b.bytes));
  }
  return out;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}

function flipByte(path: string, position: number): void {
  const bytes = readFileSync(path);
  bytes[position] ^= 0xff;
  writeFileSync(path, bytes);
}

/** Kafka's CorruptRecordException message for the batch at `position` of `path`. */
function corruption(path: string, position: number): string {
  const batch = RecordBatch.readAt(readFileSync(path).subarray(position, position + BATCH), 0);
  try {
    batch.ensureValid();
  } catch (e) {
    if (e instanceof CorruptRecordException) return e.message;
    throw e;
  }
  throw new Error(`batch at ${position} of ${path} is valid`);
}

describe('Log recovery after an unclean shutdown (P5)', () => {
  let root: string;
  let cleanup: () => void;
  let time: ManualTime;
  let events: Recorded[];

  beforeEach(() => {
    ({ dir: root, cleanup } = makeTempDir('kafka-dojo-recovery-'));
    time = new ManualTime(T0 + 1_000_000);
    events = [];
  });
  afterEach(() => cleanup());

  /** A log of `count` batches in `<root>/<label>/orders-0`. */
  function write(label: string, count: number, config: TopicConfigValues = {}): Log {
    const dir = join(root, label, 'orders-0');
    const log = Log.create({ fs, time, dir, config: LogConfig.of({ ...CONFIG, ...config }) });
    for (let i = 0; i < count; i++) log.appendAsLeader(produced(i), epochOf(i));
    return log;
  }

  /**
   * The process dies after `count` batches: handles dropped, nothing trimmed or flushed. Returns the
   * dir, the log as it was, and the bytes of every batch it had acknowledged.
   */
  function crash(
    count: number,
    config: TopicConfigValues = {},
    label = 'crashed',
  ): { dir: string; before: Log; acknowledged: Map<number, Buffer> } {
    const log = write(label, count, config);
    log.closeHandlers();
    return { dir: log.dir, before: log, acknowledged: stored(log) };
  }

  /** The same batches written and closed cleanly: what recovery must arrive at. */
  function cleanReference(count: number, config: TopicConfigValues = {}): Record<string, Buffer> {
    const log = write('reference', count, config);
    log.close();
    return files(log.dir);
  }

  function load(
    dir: string,
    options: { recoveryPoint: number; hadCleanShutdown?: boolean; logStartOffset?: number },
    config: TopicConfigValues = {},
  ): Log {
    return Log.load({
      fs,
      time,
      dir,
      config: LogConfig.of({ ...CONFIG, ...config }),
      recoveryPoint: options.recoveryPoint,
      logStartOffset: options.logStartOffset ?? 0,
      hadCleanShutdown: options.hadCleanShutdown ?? false,
      onEvent: (level, message, body) =>
        events.push({ level, message: message.replace(/^\[Log partition=orders-0, dir=[^\]]*\] /, ''), body }),
    });
  }

  const lines = (): string[] => events.map((e) => `${e.level} ${e.message}`);
  const bodies = (): LogEventBody[] => events.map((e) => e.body);
  const layout = (log: Log): Entries => log.segments.map((s) => [s.baseOffset, s.size] as [number, number]);

  it('a torn tail (the last batch cut in half) is cut off; the indexes get back exactly the entries they had before the crash', () => {
    const { dir, before, acknowledged } = crash(20);
    const entriesBefore = before.segments.map((s) => [offsetEntries(s), timeEntries(s)]);
    expect(entriesBefore).toEqual([
      [
        [
          [2, 340],
          [4, 680],
          [6, 1020],
        ],
        [
          [ts(2), 2],
          [ts(4), 4],
          [ts(6), 6],
        ],
      ],
      [
        [
          [9, 340],
          [11, 680],
          [13, 1020],
        ],
        [
          [ts(9), 9],
          [ts(11), 11],
          [ts(13), 13],
        ],
      ],
      [
        [
          [16, 340],
          [18, 680],
        ],
        [
          [ts(16), 16],
          [ts(18), 18],
        ],
      ],
    ]);
    // The crash left the active segment's indexes pre-allocated, as Kafka's mmap leaves them.
    expect(sizes(dir)).toMatchObject({
      [name(14, '.index')]: INDEX_BYTES,
      [name(14, '.timeindex')]: TIME_INDEX_BYTES,
      [name(14, '.log')]: 1020,
    });
    const activeLog = join(dir, name(14, '.log'));
    truncateSync(activeLog, 5 * BATCH + 85);

    const log = load(dir, { recoveryPoint: 14 });
    expect(lines()).toEqual([
      'INFO Recovering unflushed segment 14',
      `DEBUG Truncated 85 invalid bytes at the end of segment ${activeLog} during recovery`,
      'WARN Corruption found in segment 14, truncating to offset 19',
    ]);
    expect(bodies()[1]).toEqual({ type: 'segment-recovered', baseOffset: 14, truncatedBytes: 85, problem: null });
    expect([log.logEndOffset, log.recoveryPoint, log.logStartOffset]).toEqual([19, 19, 0]);
    expect(layout(log)).toEqual([
      [0, 1190],
      [7, 1190],
      [14, 850],
    ]);
    expect(log.segments.map((s) => [offsetEntries(s), timeEntries(s)])).toEqual(entriesBefore);
    // The active segment's indexes are re-expanded for appends; the cut batch is gone from disk.
    expect(sizes(dir)).toMatchObject({
      [name(14, '.index')]: INDEX_BYTES,
      [name(14, '.timeindex')]: TIME_INDEX_BYTES,
      [name(14, '.log')]: 850,
    });
    expect(log.leaderEpochEntries).toEqual([
      { epoch: 0, startOffset: 0 },
      { epoch: 1, startOffset: 5 },
      { epoch: 3, startOffset: 12 },
    ]);
    // Every whole batch is served with the bytes it was acknowledged with.
    const now = served(log);
    expect([...now.keys()]).toEqual(range(0, 19));
    for (const offset of range(0, 19)) expect(now.get(offset)!.equals(acknowledged.get(offset)!), `offset ${offset}`).toBe(true);
    // The next append continues at 19; closed, the dir is byte for byte a clean log of 20 batches,
    // plus the producer snapshot Kafka writes at the recovered log end (19).
    expect(log.appendAsLeader(produced(19), 3).firstOffset).toBe(19);
    log.close();
    const { [name(19, '.snapshot')]: recoverySnapshot, ...rest } = files(dir);
    expect(recoverySnapshot).toBeDefined();
    expect(rest).toEqual(cleanReference(20));
  });

  it('every cut of the active segment between two batch boundaries keeps exactly the whole batches before it', () => {
    const { dir, acknowledged } = crash(20, SMALL_INDEXES);
    const pristine = join(root, 'pristine');
    cpSync(dir, pristine, { recursive: true });
    // Cuts from the end of batch 18 (byte 850) to the end of batch 19 (1020), every byte.
    for (let cut = 5 * BATCH; cut <= 6 * BATCH; cut++) {
      rmSync(dir, { recursive: true });
      cpSync(pristine, dir, { recursive: true });
      truncateSync(join(dir, name(14, '.log')), cut);
      events = [];
      const log = load(dir, { recoveryPoint: 14 }, SMALL_INDEXES);
      const whole = Math.floor(cut / BATCH);
      const truncated = cut - whole * BATCH;
      expect([log.logEndOffset, log.activeSegment.size], `cut at ${cut}`).toEqual([14 + whole, whole * BATCH]);
      expect(events.filter((e) => e.body.type === 'segment-recovered').map((e) => e.body)).toEqual(
        truncated > 0 ? [{ type: 'segment-recovered', baseOffset: 14, truncatedBytes: truncated, problem: null }] : [],
      );
      const now = served(log);
      expect([...now.keys()]).toEqual(range(0, 14 + whole));
      for (const [offset, bytes] of now) expect(bytes.equals(acknowledged.get(offset)!), `cut at ${cut}, offset ${offset}`).toBe(true);
      log.closeHandlers();
    }
  });

  it('zeros after the last batch (a pre-allocated .log) are invalid messages: cut off, the log ends at its last batch', () => {
    const { dir, acknowledged } = crash(20, { preallocate: true });
    const activeLog = join(dir, name(14, '.log'));
    // preallocate=true: the active .log has segment.bytes (1200) bytes, 180 of them zeros.
    expect(statSync(activeLog).size).toBe(1200);
    expect(
      readFileSync(activeLog)
        .subarray(1020)
        .every((b) => b === 0),
    ).toBe(true);

    const log = load(dir, { recoveryPoint: 14 }, { preallocate: true });
    const problem = `Found invalid messages in log segment ${activeLog} at byte offset 1020: Found record size 0 smaller than minimum record overhead (14) in file ${activeLog}.. null`;
    expect(lines()).toEqual([
      'INFO Recovering unflushed segment 14',
      `WARN ${problem}`,
      `DEBUG Truncated 180 invalid bytes at the end of segment ${activeLog} during recovery`,
      'WARN Corruption found in segment 14, truncating to offset 20',
    ]);
    expect(bodies()[1]).toEqual({ type: 'segment-recovered', baseOffset: 14, truncatedBytes: 180, problem });
    expect([log.logEndOffset, log.recoveryPoint]).toEqual([20, 20]);
    expect(statSync(activeLog).size).toBe(1020);
    expect(offsetEntries(log.activeSegment)).toEqual([
      [16, 340],
      [18, 680],
    ]);
    const now = served(log);
    expect([...now.keys()]).toEqual(range(0, 20));
    for (const offset of range(0, 20)) expect(now.get(offset)!.equals(acknowledged.get(offset)!)).toBe(true);
    log.close();
    expect(files(dir)).toEqual(cleanReference(20, { preallocate: true }));
  });

  it('a flipped byte in a batch of a non-active segment after the recovery point: that segment is cut before the batch and every later segment removed', () => {
    const { dir, acknowledged } = crash(20);
    const corruptLog = join(dir, name(7, '.log'));
    // Offset 9 is the third batch of segment 7 (byte 340); byte 120 of it is in the record value.
    flipByte(corruptLog, 2 * BATCH + 120);
    const problem = `Found invalid messages in log segment ${corruptLog} at byte offset 340: ${corruption(corruptLog, 340)}. null`;
    expect(problem).toMatch(/: Record is corrupt \(stored crc = \d+, computed crc = \d+\)\. null$/);

    const log = load(dir, { recoveryPoint: 7 });
    expect(lines().slice(0, 6)).toEqual([
      'INFO Recovering unflushed segment 7',
      `WARN ${problem}`,
      `DEBUG Truncated 850 invalid bytes at the end of segment ${corruptLog} during recovery`,
      'WARN Corruption found in segment 7, truncating to offset 9',
      expect.stringMatching(/^WARN Deleting segments LogSegment\(baseOffset=14, size=1020, .*\) after the corrupt segment 7$/),
      expect.stringMatching(/^INFO Scheduling segments for deletion LogSegment\(baseOffset=14, size=1020, .*\)$/),
    ]);
    expect(events).toHaveLength(6);
    expect(bodies()[1]).toEqual({ type: 'segment-recovered', baseOffset: 7, truncatedBytes: 850, problem });
    expect(bodies()[4]).toEqual({ type: 'segments-removed-by-recovery', baseOffsets: [14] });
    // As Kafka's asyncDelete: the later segment's files are renamed .deleted, removed after file.delete.delay.ms.
    expect(bodies()[5]).toMatchObject({ type: 'segments-scheduled-for-deletion', baseOffsets: [14], reason: 'recovery' });
    expect(
      Object.keys(sizes(dir))
        .filter((n) => n.endsWith('.deleted'))
        .sort(),
    ).toEqual([name(14, '.index.deleted'), name(14, '.log.deleted'), name(14, '.timeindex.deleted')]);
    time.advance(60_000);
    // Segment 14 was not even read: recovery stops at the first corrupt batch.
    expect(lines().some((l) => l.includes('Recovering unflushed segment 14'))).toBe(false);

    expect([log.logEndOffset, log.recoveryPoint]).toEqual([9, 9]);
    expect(layout(log)).toEqual([
      [0, 1190],
      [7, 340],
    ]);
    expect(Object.keys(sizes(dir)).sort()).toEqual([
      name(0, '.index'),
      name(0, '.log'),
      name(0, '.timeindex'),
      name(7, '.index'),
      name(7, '.log'),
      name(7, '.snapshot'),
      name(7, '.timeindex'),
      // Producer state rebuilt to the recovered end; the snapshots past it (14, 20) are gone.
      name(9, '.snapshot'),
      'leader-epoch-checkpoint',
    ]);
    // The entries of offsets ≥ 9 went with the batches; no epoch starts at or after 9 any more.
    expect(offsetEntries(log.activeSegment)).toEqual([]);
    expect(log.leaderEpochEntries).toEqual([
      { epoch: 0, startOffset: 0 },
      { epoch: 1, startOffset: 5 },
    ]);
    expect(readFileSync(join(dir, 'leader-epoch-checkpoint'), 'utf8')).toBe('0\n2\n0 0\n1 5\n');
    // Not silent: the bytes reported lost (850 cut + 1020 of segment 14) are exactly offsets 9–19.
    expect(850 + 1020).toBe(range(9, 20).length * BATCH);
    const now = served(log);
    expect([...now.keys()]).toEqual(range(0, 9));
    for (const offset of range(0, 9)) expect(now.get(offset)!.equals(acknowledged.get(offset)!)).toBe(true);
    log.close();
    expect(files(dir)).toEqual(cleanReference(9));
  });

  it('with the recovery point after the corrupt segment, Kafka trusts it (flushed): not re-validated, the batch is served as it is on disk', () => {
    const { dir, before, acknowledged } = crash(20);
    const corruptLog = join(dir, name(7, '.log'));
    flipByte(corruptLog, 2 * BATCH + 120);
    const onDisk = stored(before);

    const log = load(dir, { recoveryPoint: 14 });
    expect(lines()).toEqual(['INFO Recovering unflushed segment 14']);
    expect([log.logEndOffset, log.recoveryPoint]).toEqual([20, 20]);
    expect(layout(log)).toEqual([
      [0, 1190],
      [7, 1190],
      [14, 1020],
    ]);
    const now = served(log);
    expect([...now.keys()]).toEqual(range(0, 20));
    expect(RecordBatch.readAt(now.get(9)!, 0).isValid()).toBe(false);
    expect(now.get(9)!.equals(onDisk.get(9)!)).toBe(true);
    for (const offset of range(0, 20).filter((o) => o !== 9)) expect(now.get(offset)!.equals(acknowledged.get(offset)!)).toBe(true);
  });

  it('after a clean shutdown nothing is validated, not even below a recovery point of 0', () => {
    const log0 = write('clean', 20);
    log0.close();
    const dir = log0.dir;
    flipByte(join(dir, name(7, '.log')), 2 * BATCH + 120);
    flipByte(join(dir, name(14, '.log')), 4 * BATCH + 120);
    const logFilesBefore = Object.fromEntries(Object.entries(files(dir)).filter(([n]) => !n.startsWith(name(14, '.'))));

    const log = load(dir, { recoveryPoint: 0, hadCleanShutdown: true });
    expect(events).toEqual([]);
    expect([log.logEndOffset, log.recoveryPoint]).toEqual([20, 20]);
    expect(layout(log)).toEqual([
      [0, 1190],
      [7, 1190],
      [14, 1020],
    ]);
    const now = served(log);
    expect(range(0, 20).filter((o) => !RecordBatch.readAt(now.get(o)!, 0).isValid())).toEqual([9, 18]);
    // Only the active segment's indexes changed (re-expanded for appends).
    const after = files(dir);
    for (const [n, bytes] of Object.entries(logFilesBefore)) expect(after[n].equals(bytes), n).toBe(true);
    expect(sizes(dir)).toMatchObject({
      [name(14, '.log')]: 1020,
      [name(14, '.index')]: INDEX_BYTES,
      [name(14, '.timeindex')]: TIME_INDEX_BYTES,
    });
  });

  it('segments before the recovery point are neither rewritten nor touched', () => {
    const { dir } = crash(20);
    truncateSync(join(dir, name(14, '.log')), 5 * BATCH + 85);
    const old = new Date(T0);
    const untouched = [0, 7].flatMap((base) => ['.log', '.index', '.timeindex'].map((s) => name(base, s)));
    for (const n of untouched) utimesSync(join(dir, n), old, old);
    const before = files(dir);

    const log = load(dir, { recoveryPoint: 14 });
    expect(lines()[0]).toBe('INFO Recovering unflushed segment 14');
    expect(lines().filter((l) => /segment (0|7)\b/.test(l))).toEqual([]);
    const after = files(dir);
    for (const n of untouched) {
      expect(after[n].equals(before[n]), n).toBe(true);
      expect(statSync(join(dir, n)).mtimeMs, n).toBe(T0);
    }
    expect(log.logEndOffset).toBe(19);
  });

  describe('the leader-epoch cache', () => {
    it("is rebuilt from the batches' partitionLeaderEpoch when its checkpoint was lost", () => {
      const { dir } = crash(20);
      rmSync(join(dir, 'leader-epoch-checkpoint'));
      const log = load(dir, { recoveryPoint: 0 });
      expect(lines()).toEqual([
        'INFO Recovering unflushed segment 0',
        'INFO Recovering unflushed segment 7',
        'INFO Recovering unflushed segment 14',
      ]);
      expect(log.leaderEpochEntries).toEqual([
        { epoch: 0, startOffset: 0 },
        { epoch: 1, startOffset: 5 },
        { epoch: 3, startOffset: 12 },
      ]);
      expect(readFileSync(join(dir, 'leader-epoch-checkpoint'), 'utf8')).toBe('0\n3\n0 0\n1 5\n3 12\n');
      expect(log.endOffsetForEpoch(2)).toEqual({ leaderEpoch: 1, endOffset: 12 });
    });

    it('learns only from the segments it recovers: from recovery point 7 the first epoch it sees is 1, at 7', () => {
      const { dir } = crash(20);
      rmSync(join(dir, 'leader-epoch-checkpoint'));
      const log = load(dir, { recoveryPoint: 7 });
      expect(log.leaderEpochEntries).toEqual([
        { epoch: 1, startOffset: 7 },
        { epoch: 3, startOffset: 12 },
      ]);
      expect(readFileSync(join(dir, 'leader-epoch-checkpoint'), 'utf8')).toBe('0\n2\n1 7\n3 12\n');
    });

    it('is truncated to the recovered log end: a corrupt first batch of epoch 3 takes the epoch away', () => {
      const { dir } = crash(20);
      expect(readFileSync(join(dir, 'leader-epoch-checkpoint'), 'utf8')).toBe('0\n3\n0 0\n1 5\n3 12\n');
      // Offset 12 is the sixth batch of segment 7 (byte 850).
      flipByte(join(dir, name(7, '.log')), 5 * BATCH + 100);
      const log = load(dir, { recoveryPoint: 7 });
      expect(log.logEndOffset).toBe(12);
      expect(bodies().filter((b) => b.type !== 'log-message')).toEqual([
        {
          type: 'segment-recovered',
          baseOffset: 7,
          truncatedBytes: 340,
          problem: expect.stringContaining('at byte offset 850: Record is corrupt'),
        },
        { type: 'segments-removed-by-recovery', baseOffsets: [14] },
        expect.objectContaining({ type: 'segments-scheduled-for-deletion', baseOffsets: [14] }),
      ]);
      expect(log.leaderEpochEntries).toEqual([
        { epoch: 0, startOffset: 0 },
        { epoch: 1, startOffset: 5 },
      ]);
      expect(readFileSync(join(dir, 'leader-epoch-checkpoint'), 'utf8')).toBe('0\n2\n0 0\n1 5\n');
      expect(log.endOffsetForEpoch(1)).toEqual({ leaderEpoch: 1, endOffset: 12 });
      expect(log.endOffsetForEpoch(3)).toEqual({ leaderEpoch: -1, endOffset: -1 });
    });

    it('is truncated to the log start offset when its checkpoint was not flushed after the start moved', () => {
      const { dir } = crash(20);
      // The log start offset had moved to 6 (log-start-offset-checkpoint) but the epoch file still says 0 0.
      const log = load(dir, { recoveryPoint: 14, logStartOffset: 6 });
      expect(log.logStartOffset).toBe(6);
      expect(log.leaderEpochEntries).toEqual([
        { epoch: 1, startOffset: 6 },
        { epoch: 3, startOffset: 12 },
      ]);
      expect(readFileSync(join(dir, 'leader-epoch-checkpoint'), 'utf8')).toBe('0\n2\n1 6\n3 12\n');
    });
  });

  describe('damaged index files', () => {
    it('an .index cut to a length that is not a multiple of 8 is rebuilt with the same entries; lookups and reads work', () => {
      const { dir } = crash(20);
      const index = join(dir, name(0, '.index'));
      const original = readFileSync(index);
      expect(original.length).toBe(24);
      truncateSync(index, 13);

      const log = load(dir, { recoveryPoint: 14 });
      const reason = `Found a corrupted index file corresponding to log file ${join(dir, name(0, '.log'))} due to Index file ${index} is corrupt, found 13 bytes which is neither positive nor a multiple of 8.}, recovering segment and rebuilding index files...`;
      expect(lines()).toEqual([`WARN ${reason}`, 'INFO Recovering unflushed segment 14']);
      expect(bodies()[0]).toEqual({ type: 'index-rebuilt', baseOffset: 0, reason });
      const segment = log.segments[0];
      expect(offsetEntries(segment)).toEqual([
        [2, 340],
        [4, 680],
        [6, 1020],
      ]);
      expect(readFileSync(index).equals(original)).toBe(true);
      expect(segment.offsetIndex.lookup(5)).toEqual({ offset: 4, position: 680 });
      expect(segment.translateOffset(5)).toEqual({ offset: 5, position: 850, size: BATCH });
      const read = [...batchesIn(log.read(5, BATCH, 'log-end', true).records)];
      expect(read.map((b) => b.baseOffset)).toEqual([5]);
      expect(log.logEndOffset).toBe(20);
    });

    it('an .index cut to 0 bytes holds a whole number (0) of entries: kept as it is below the recovery point, rebuilt by recovery above it; reads find every batch', () => {
      const { dir, acknowledged } = crash(20);
      truncateSync(join(dir, name(0, '.index')), 0);
      truncateSync(join(dir, name(14, '.index')), 0);

      const log = load(dir, { recoveryPoint: 14 });
      expect(lines()).toEqual(['INFO Recovering unflushed segment 14']);
      expect(offsetEntries(log.segments[0])).toEqual([]);
      expect(offsetEntries(log.segments[2])).toEqual([
        [16, 340],
        [18, 680],
      ]);
      expect(log.segments[0].translateOffset(5)).toEqual({ offset: 5, position: 850, size: BATCH });
      const now = served(log);
      expect([...now.keys()]).toEqual(range(0, 20));
      for (const offset of range(0, 20)) expect(now.get(offset)!.equals(acknowledged.get(offset)!)).toBe(true);
    });

    it('a missing .index is rebuilt (Kafka logs it as an error), with its time index, entry for entry', () => {
      const { dir } = crash(20);
      const index = join(dir, name(7, '.index'));
      const timeIndex = join(dir, name(7, '.timeindex'));
      const [originalIndex, originalTimeIndex] = [readFileSync(index), readFileSync(timeIndex)];
      rmSync(index);

      const log = load(dir, { recoveryPoint: 14 });
      const reason = `Could not find offset index file corresponding to log file ${join(dir, name(7, '.log'))}, recovering segment and rebuilding index files...`;
      expect(lines()).toEqual([`ERROR ${reason}`, 'INFO Recovering unflushed segment 14']);
      expect(bodies()[0]).toEqual({ type: 'index-rebuilt', baseOffset: 7, reason });
      expect(offsetEntries(log.segments[1])).toEqual([
        [9, 340],
        [11, 680],
        [13, 1020],
      ]);
      expect(readFileSync(index).equals(originalIndex)).toBe(true);
      expect(readFileSync(timeIndex).equals(originalTimeIndex)).toBe(true);
      expect([...batchesIn(log.read(12, BATCH, 'log-end', true).records)].map((b) => b.baseOffset)).toEqual([12]);
    });

    it('a .timeindex cut to a length that is not a multiple of 12 is rebuilt; lookups by timestamp work', () => {
      const { dir } = crash(20);
      const timeIndex = join(dir, name(0, '.timeindex'));
      const original = readFileSync(timeIndex);
      expect(original.length).toBe(36);
      truncateSync(timeIndex, 30);

      const log = load(dir, { recoveryPoint: 14 });
      const reason = `Found a corrupted index file corresponding to log file ${join(dir, name(0, '.log'))} due to Time index file ${timeIndex} is corrupt, found 30 bytes which is neither positive nor a multiple of 12.}, recovering segment and rebuilding index files...`;
      expect(lines()).toEqual([`WARN ${reason}`, 'INFO Recovering unflushed segment 14']);
      expect(bodies()[0]).toEqual({ type: 'index-rebuilt', baseOffset: 0, reason });
      expect(timeEntries(log.segments[0])).toEqual([
        [ts(2), 2],
        [ts(4), 4],
        [ts(6), 6],
      ]);
      expect(readFileSync(timeIndex).equals(original)).toBe(true);
      expect(log.fetchOffsetByTimestamp(ts(4) + 5)).toEqual({ timestamp: ts(5), offset: 5, leaderEpoch: 1 });
      expect(log.fetchOffsetByTimestamp(ts(15))).toEqual({ timestamp: ts(15), offset: 15, leaderEpoch: 3 });
    });

    it('a missing .timeindex below the recovery point is created empty (0 bytes), as Kafka 2.5 does, and not rebuilt', () => {
      const { dir } = crash(20);
      const timeIndex = join(dir, name(7, '.timeindex'));
      rmSync(timeIndex);
      const log = load(dir, { recoveryPoint: 14 });
      expect(lines()).toEqual(['INFO Recovering unflushed segment 14']);
      expect(statSync(timeIndex).size).toBe(0);
      expect(timeEntries(log.segments[1])).toEqual([]);
      expect([...batchesIn(log.read(10, BATCH, 'log-end', true).records)].map((b) => b.baseOffset)).toEqual([10]);
    });
  });

  it('leftovers: .deleted and .cleaned files are removed, an orphan index file is removed with a warning', () => {
    const { dir, acknowledged } = crash(20);
    // Retention had renamed segment 0 (log start offset 7) and the process died before the delayed delete;
    // its .timeindex had not been renamed yet. A cleaner run left a .cleaned segment behind.
    renameSync(join(dir, name(0, '.log')), join(dir, name(0, '.log.deleted')));
    renameSync(join(dir, name(0, '.index')), join(dir, name(0, '.index.deleted')));
    cpSync(join(dir, name(7, '.log')), join(dir, name(7, '.log.cleaned')));
    cpSync(join(dir, name(7, '.index')), join(dir, name(7, '.index.cleaned')));
    mkdirSync(join(dir, 'not-a-segment'));

    const log = load(dir, { recoveryPoint: 14, logStartOffset: 7 });
    expect(lines()).toEqual([
      `WARN Found an orphaned index file ${join(dir, name(0, '.timeindex'))}, with no corresponding log file.`,
      'INFO Recovering unflushed segment 14',
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      name(7, '.index'),
      name(7, '.log'),
      name(7, '.timeindex'),
      name(14, '.index'),
      name(14, '.log'),
      name(14, '.snapshot'),
      name(14, '.timeindex'),
      name(20, '.snapshot'),
      'leader-epoch-checkpoint',
      'not-a-segment',
    ]);
    expect([log.logStartOffset, log.logEndOffset]).toEqual([7, 20]);
    expect(log.leaderEpochEntries).toEqual([
      { epoch: 1, startOffset: 7 },
      { epoch: 3, startOffset: 12 },
    ]);
    const now = served(log);
    expect([...now.keys()]).toEqual(range(7, 20));
    for (const offset of range(7, 20)) expect(now.get(offset)!.equals(acknowledged.get(offset)!)).toBe(true);
  });

  it('a byte flipped anywhere in the checksummed part of a batch is caught; every batch before it is kept intact', () => {
    const { dir, acknowledged } = crash(20, SMALL_INDEXES);
    const pristine = join(root, 'pristine');
    cpSync(dir, pristine, { recursive: true });
    // Batch 16 is at byte 340 of segment 14; the CRC (byte 17) and everything after it are checked.
    for (let at = 17; at < BATCH; at++) {
      rmSync(dir, { recursive: true });
      cpSync(pristine, dir, { recursive: true });
      flipByte(join(dir, name(14, '.log')), 340 + at);
      events = [];
      const log = load(dir, { recoveryPoint: 14 }, SMALL_INDEXES);
      expect([log.logEndOffset, log.activeSegment.size], `byte ${at}`).toEqual([16, 340]);
      expect(events.find((e) => e.body.type === 'segment-recovered')?.body, `byte ${at}`).toMatchObject({
        baseOffset: 14,
        truncatedBytes: 680,
      });
      const now = served(log);
      expect([...now.keys()]).toEqual(range(0, 16));
      for (const [offset, bytes] of now) expect(bytes.equals(acknowledged.get(offset)!)).toBe(true);
      log.closeHandlers();
    }
  });
});
