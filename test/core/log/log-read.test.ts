/**
 * `Log.read` at any offset returns exactly the bytes the segment files hold from the batch that
 * holds it (`LogSegment.read`: the offset index, the header walk of `searchForOffsetWithSize`,
 * then the bytes), whatever the batch size against the walk's read block, across segments, with
 * Kafka's limits (max bytes, minOneMessage, the high watermark) and errors.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KafkaApiError } from '../../../src-main/core/common/kafka-errors';
import { Log } from '../../../src-main/core/log/log';
import { LogConfig } from '../../../src-main/core/log/log-config';
import type { TopicConfigValues } from '../../../src-main/core/log/log-config';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { batchesIn, buildRecordBatch } from '../../../src-main/core/record';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { makeTempDir } from '../../support/temp-dir';

const fs = new NodeFileSystem();
const T0 = 1_600_000_000_000;

/** `count` records of `valueSize` bytes each, the bytes telling `seed` and the record apart. */
function batchOf(count: number, valueSize: number, seed: number): Uint8Array {
  const records = Array.from({ length: count }, (_, i) => {
    const value = new Uint8Array(valueSize);
    for (let j = 0; j < valueSize; j++) value[j] = (seed * 31 + i * 7 + j) & 0xff;
    return { key: null, value, timestamp: T0 + seed };
  });
  return buildRecordBatch(records, { now: T0 });
}

/** Where each batch lies, from the segment files themselves (the oracle the reads are held to). */
interface StoredBatch {
  readonly segmentBase: number;
  readonly position: number;
  readonly size: number;
  readonly baseOffset: number;
  readonly lastOffset: number;
}

function storedBatches(log: Log): { batches: StoredBatch[]; files: Map<number, Uint8Array> } {
  const files = new Map<number, Uint8Array>();
  const batches: StoredBatch[] = [];
  for (const segment of log.segments) {
    const bytes = new Uint8Array(readFileSync(segment.logPath)).subarray(0, segment.size);
    files.set(segment.baseOffset, bytes);
    for (const b of batchesIn(bytes)) {
      batches.push({
        segmentBase: segment.baseOffset,
        position: b.position,
        size: b.sizeInBytes,
        baseOffset: b.baseOffset,
        lastOffset: b.lastOffset,
      });
    }
  }
  return { batches, files };
}

describe('Log.read', () => {
  let logDir: string;
  let cleanup: () => void;

  beforeEach(() => {
    ({ dir: logDir, cleanup } = makeTempDir('kafka-dojo-read-'));
  });
  afterEach(() => cleanup());

  function newLog(config: TopicConfigValues, name = 'reads-0'): Log {
    return Log.create({ fs, time: new ManualTime(T0), random: new SeededRandom(3), dir: join(logDir, name), config: LogConfig.of(config) });
  }

  /**
   * Batches of 1 to 40 records of 300 B to 5 KB (170 B to 200 KB a batch): small ones walked
   * several to an index entry, some larger than the walk's 64 KB block, in segments of 512 KB.
   */
  function mixedLog(name?: string): Log {
    const log = newLog({ 'segment.bytes': 512 * 1024 }, name);
    const random = new SeededRandom(11);
    for (let i = 0; i < 120; i++) {
      const count = 1 + Math.floor(random.nextFloat() * 40);
      const valueSize = [100, 300, 1000, 5000][Math.floor(random.nextFloat() * 4)];
      log.appendAsLeader(batchOf(count, valueSize, i), 0);
    }
    return log;
  }

  it('returns, from every offset, the file bytes from the batch holding it, one batch with minOneMessage', () => {
    const log = mixedLog();
    expect(log.numberOfSegments).toBeGreaterThan(2);
    const { batches, files } = storedBatches(log);
    expect(batches.some((b) => b.size > 64 * 1024)).toBe(true);
    expect(batches.filter((b) => b.size < 4096).length).toBeGreaterThan(20);
    for (const b of batches) {
      const file = files.get(b.segmentBase)!;
      for (const offset of new Set([b.baseOffset, Math.floor((b.baseOffset + b.lastOffset) / 2), b.lastOffset])) {
        const one = log.read(offset, 1, 'log-end', true);
        expect(one.fetchOffsetMetadata).toEqual({
          messageOffset: offset,
          segmentBaseOffset: b.segmentBase,
          relativePositionInSegment: b.position,
        });
        expect(one.firstEntryIncomplete).toBe(false);
        expect(Buffer.from(one.records).equals(Buffer.from(file.subarray(b.position, b.position + b.size)))).toBe(true);
        // A fetch's max bytes: from the batch on, to the end of its segment at most.
        const many = log.read(offset, 100_000, 'log-end', true);
        const end = Math.min(file.length, b.position + Math.max(100_000, b.size));
        expect(Buffer.from(many.records).equals(Buffer.from(file.subarray(b.position, end)))).toBe(true);
      }
    }
  });

  it('keeps what it returned while the same and other logs are read after it', () => {
    const first = mixedLog('first-0');
    const second = newLog({}, 'second-0');
    for (let i = 0; i < 50; i++) second.appendAsLeader(batchOf(3, 200, 500 + i), 0);
    const { batches, files } = storedBatches(first);
    const small = batches.filter((b) => b.size < 4096).slice(0, 6);
    const kept = small.map((b) => first.read(b.lastOffset, 1, 'log-end', true).records);
    for (let o = 0; o < second.logEndOffset; o++) second.read(o, 1, 'log-end', true);
    kept.forEach((records, i) => {
      const b = small[i];
      expect(Buffer.from(records).equals(Buffer.from(files.get(b.segmentBase)!.subarray(b.position, b.position + b.size)))).toBe(true);
    });
  });

  it("stops at the high watermark inside a segment, and without minOneMessage returns part of a batch too large, as Kafka's", () => {
    const log = mixedLog();
    const { batches, files } = storedBatches(log);
    const hwBatch = batches[batches.length - 5];
    log.updateHighWatermark(hwBatch.baseOffset);
    const before = batches[batches.length - 8];
    const read = log.read(before.baseOffset, 10_000_000, 'high-watermark', true);
    const file = files.get(before.segmentBase)!;
    const to = hwBatch.segmentBase === before.segmentBase ? hwBatch.position : file.length;
    expect(Buffer.from(read.records).equals(Buffer.from(file.subarray(before.position, to)))).toBe(true);

    const big = batches.find((b) => b.size > 64 * 1024)!;
    const partial = log.read(big.lastOffset, 1000, 'log-end', false);
    expect(partial.firstEntryIncomplete).toBe(true);
    expect(Buffer.from(partial.records).equals(Buffer.from(files.get(big.segmentBase)!.subarray(big.position, big.position + 1000)))).toBe(
      true,
    );
    const none = log.read(big.lastOffset, 0, 'log-end', false);
    expect([none.records.length, none.firstEntryIncomplete]).toEqual([0, false]);
  });

  it("throws OFFSET_OUT_OF_RANGE outside the log, with Kafka's message", () => {
    const log = mixedLog();
    const end = log.logEndOffset;
    const errorOf = (offset: number) => {
      try {
        log.read(offset, 100, 'log-end', true);
      } catch (e) {
        return e instanceof KafkaApiError ? [e.error.name, e.message] : e;
      }
      return null;
    };
    expect(log.read(end, 100, 'log-end', true).records.length).toBe(0);
    expect(errorOf(end + 1)).toEqual([
      'OFFSET_OUT_OF_RANGE',
      `Received request for offset ${end + 1} for partition reads-0, but we only have log segments in the range 0 to ${end}.`,
    ]);
    log.updateHighWatermark(end);
    const start = log.segments[1].baseOffset + 1;
    log.maybeIncrementLogStartOffset(start);
    expect(errorOf(start - 1)).toEqual([
      'OFFSET_OUT_OF_RANGE',
      `Received request for offset ${start - 1} for partition reads-0, but we only have log segments in the range ${start} to ${end}.`,
    ]);
    expect(log.read(start, 1, 'log-end', true).records.length).toBeGreaterThan(0);
  });

  it('a corrupt size field met while walking to the offset is a CorruptRecordException naming the file', () => {
    const log = newLog({});
    for (let i = 0; i < 10; i++) log.appendAsLeader(batchOf(2, 100, i), 0);
    const { batches } = storedBatches(log);
    const path = log.segments[0].logPath;
    const bytes = readFileSync(path);
    bytes.writeInt32BE(5, batches[3].position + 8);
    writeFileSync(path, bytes);
    log.segments[0].log.closeHandler();
    expect(() => log.read(batches[4].baseOffset, 100, 'log-end', true)).toThrow(
      `Found record size 5 smaller than minimum record overhead (14) in file ${path}.`,
    );
  });
});
