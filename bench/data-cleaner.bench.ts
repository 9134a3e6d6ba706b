/**
 * The log cleaner's throughput (`npm run bench -- "data cleaner"`): a compacted log of
 * DATA_CLEANER_BENCH_BYTES (default 64 MiB) of keyed records — 50,000 keys, each written many
 * times — in 16 MiB segments is cleaned by one Cleaner pass (offset map, grouping, `.cleaned`
 * segments, swap), and its dirty bytes per second are reported. Baseline, in the same run: reading
 * the same segments batch by batch with every record decoded (what the cleaner must at least do,
 * twice: once for the map, once to copy). The pass runs as the cleaner thread runs it, in steps
 * of one read buffer each: the longest step is what holds the event loop, against the whole pass
 * (what one synchronous pass held it before). The log is deleted afterwards.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Logger } from '../src-main/core/common/logging';
import { Cleaner, type CleanResult } from '../src-main/core/log/cleaner/cleaner';
import { DEFAULT_CLEANER_CONFIG } from '../src-main/core/log/cleaner/cleaner-config';
import { LogToClean } from '../src-main/core/log/cleaner/log-to-clean';
import { Log } from '../src-main/core/log/log';
import { LogConfig } from '../src-main/core/log/log-config';
import { buildRecordBatch } from '../src-main/core/record';
import { NodeFileSystem } from '../src-main/infra/node-file-system';
import { SystemTime } from '../src-main/infra/system-time';
import type { Figure } from './bench-support';
import { envBytes, tempDir, xorshift } from './bench-support';

const MiB = 1024 * 1024;
const KEYS = 50_000;
const RECORDS_PER_BATCH = 50;
const VALUE_BYTES = 400;

function writeLog(dir: string, targetBytes: number): Log {
  const log = Log.create({
    fs: new NodeFileSystem(),
    time: new SystemTime(),
    dir,
    config: LogConfig.of({ 'cleanup.policy': 'compact', 'segment.bytes': String(16 * MiB) }),
  });
  const next = xorshift(17);
  const value = new Uint8Array(VALUE_BYTES);
  for (let i = 0; i < value.length; i++) value[i] = (next() * 256) | 0;
  const enc = new TextEncoder();
  while (log.size < targetBytes) {
    const records = Array.from({ length: RECORDS_PER_BATCH }, () => ({ key: enc.encode(`key-${Math.floor(next() * KEYS)}`), value }));
    log.appendAsLeader(buildRecordBatch(records, { now: Date.now() }), 0);
  }
  log.roll();
  log.updateHighWatermark(log.logEndOffset);
  return log;
}

export async function dataCleanerBench(report: (f: Figure) => void): Promise<void> {
  const { dir, cleanup } = tempDir('dojo-cleaner-bench-');
  try {
    const log = writeLog(join(dir, 'compacted-0'), envBytes('DATA_CLEANER_BENCH_BYTES', 64 * MiB));
    const dirtyBytes = log.size;

    // Baseline: every batch of the dirty section read and its records decoded.
    const readStart = performance.now();
    let records = 0;
    for (const s of log.segments) for (const b of s.batches({ full: true })) records += b.batch.records().length;
    const readMs = performance.now() - readStart;

    const time = new SystemTime();
    let ioBytes = 0;
    const cleaner = new Cleaner({
      id: 0,
      offsetMapMemory: DEFAULT_CLEANER_CONFIG.dedupeBufferSize,
      ioBufferSize: DEFAULT_CLEANER_CONFIG.ioBufferSize / 2,
      dupBufferLoadFactor: DEFAULT_CLEANER_CONFIG.dedupeBufferLoadFactor,
      clock: time,
      checkDone: () => {},
      onIo: (bytes) => (ioBytes += bytes),
      logger: new Logger(() => {}, 'kafka.log.LogCleaner'),
    });
    const cleanable = new LogToClean(log, 0, log.activeSegment.baseOffset);
    const steps = cleaner.cleanSteps(cleanable);
    let longestStepMs = 0;
    let stepCount = 0;
    let cleanMs = 0;
    let result: CleanResult | null = null;
    while (result === null) {
      // One step of the cleaner thread: until a read buffer's bytes are read or written.
      ioBytes = 0;
      const stepStart = performance.now();
      for (;;) {
        const r = steps.next();
        if (r.done) {
          result = r.value;
          break;
        }
        if (ioBytes >= cleaner.ioBufferSize) break;
      }
      const stepMs = performance.now() - stepStart;
      cleanMs += stepMs;
      longestStepMs = Math.max(longestStepMs, stepMs);
      stepCount++;
    }
    const { stats } = result;
    const mbps = (bytes: number, ms: number) => bytes / MiB / (ms / 1000);
    report({
      name: `clean ${(dirtyBytes / MiB).toFixed(0)} MiB dirty log (${KEYS} keys)`,
      value: mbps(dirtyBytes, cleanMs),
      unit: 'MB/s',
      baseline: mbps(dirtyBytes, readMs),
      baselineName: `read and decode the same ${records} records`,
    });
    report({
      name: `longest synchronous step of the pass (${stepCount} steps of ${cleaner.ioBufferSize / 1024} KiB)`,
      value: longestStepMs,
      unit: 'ms',
      baseline: cleanMs,
      baselineName: 'before: the whole pass in one step',
    });
    report({ name: 'size after cleaning', value: (100 * stats.bytesWritten) / stats.bytesRead, unit: '% of the dirty bytes' });
    log.close();
  } finally {
    cleanup();
  }
}
