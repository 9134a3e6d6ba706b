/**
 * The log dir browser on a 1 GiB segment (`npm run bench -- "log segment"`): the segment is written
 * through the core's Log (1 MB batches appended as a leader would, so its .index and .timeindex
 * are Kafka's sparse ones), opened in the browser as an outside folder, then the page holding each
 * of 20 random offsets is shown through the service (binary search of the index in small reads,
 * forward scan, the page's batches read whole with their CRC checked). Baseline, in the same run:
 * a raw async read of the same page's bytes at its known position. The longest event-loop block
 * is measured over each. The segment is deleted afterwards.
 *
 * LOG_SEGMENT_BENCH_BYTES (default 1 GiB) sizes the segment, e.g. `=256MiB` for a quick run.
 */
import { mkdirSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LogDirServiceImpl } from '../src-main/api/log-dirs/log-dir-service';
import { Log } from '../src-main/core/log/log';
import { LogConfig } from '../src-main/core/log/log-config';
import { buildRecordBatch } from '../src-main/core/record';
import { ConfinedRoot } from '../src-main/infra/log-dir-access';
import { NodeFileSystem } from '../src-main/infra/node-file-system';
import { SystemTime } from '../src-main/infra/system-time';
import type { Figure } from './bench-support';
import { envBytes, measured, percentile, tempDir, xorshift } from './bench-support';

const MiB = 1024 * 1024;
const SEGMENT_BYTES = 1024 * MiB;
const RECORDS_PER_BATCH = 60;
const RECORD_BYTES = 16 * 1024;
const LOOKUPS = 20;

/** Writes the segment through Log.appendAsLeader: one segment, its indexes as Kafka builds them. */
function writeSegment(dir: string, targetBytes: number): { lastOffset: number; sizeBytes: number; ms: number } {
  const log = Log.create({
    fs: new NodeFileSystem(),
    time: new SystemTime(),
    dir,
    config: LogConfig.of({ 'segment.bytes': String(SEGMENT_BYTES) }),
  });
  const next = xorshift(11);
  const values = Array.from({ length: RECORDS_PER_BATCH }, (_, r) => {
    const value = new Uint8Array(RECORD_BYTES);
    for (let i = 0; i < value.length; i += 4) value[i] = (next() * 256) | 0;
    value[0] = r;
    return value;
  });
  const start = performance.now();
  const t0 = Date.now();
  for (let batch = 0; ; batch++) {
    const now = t0 + batch * 1000;
    const bytes = buildRecordBatch(
      values.map((value, i) => ({ key: new TextEncoder().encode(`key-${batch}-${i}`), value, headers: [], timestamp: now + i })),
      { now },
    );
    if (log.size + bytes.length > targetBytes) break;
    log.appendAsLeader(bytes, 0);
  }
  const result = { lastOffset: log.logEndOffset - 1, sizeBytes: log.size, ms: performance.now() - start };
  log.close();
  return result;
}

export async function logSegmentBench(report: (f: Figure) => void): Promise<void> {
  const target = Math.min(envBytes('LOG_SEGMENT_BENCH_BYTES', SEGMENT_BYTES), SEGMENT_BYTES);
  const tmp = tempDir('kafka-dojo-bench-segment-');
  try {
    const parent = join(tmp.dir, 'copy-of-kafka-logs');
    mkdirSync(parent, { recursive: true });
    const written = writeSegment(join(parent, 'big-0'), target);
    console.log(
      `  wrote a ${(written.sizeBytes / MiB).toFixed(0)} MiB segment (offsets 0..${written.lastOffset}) in ${(written.ms / 1000).toFixed(1)} s`,
    );
    report({
      name: `write the segment (${(written.sizeBytes / MiB).toFixed(0)} MiB, Log.appendAsLeader)`,
      value: written.ms / 1000,
      unit: 's',
    });

    const service = new LogDirServiceImpl(null, (path) => ConfinedRoot.open(path));
    const root = await service.openFolder(parent);
    const path = 'big-0/00000000000000000000.log';
    const logPath = join(parent, path);
    const handle = await open(logPath, 'r');
    const rawRead = async (position: number, length: number) => {
      const buffer = new Uint8Array(length);
      await handle.read(buffer, 0, length, position);
    };

    try {
      const opened = await measured(() => service.segment(root.id, path));
      const firstPage = await service.batches(root.id, path, 0);
      const firstPageBytes = firstPage.batches.reduce((n, b) => n + b.sizeInBytes, 0);
      const rawFirst = await measured(() => rawRead(0, firstPageBytes));
      console.log(
        `  offset index ${opened.result.offsetIndex?.entries} of ${opened.result.offsetIndex?.maxEntries} entries, time index ${opened.result.timeIndex?.entries}`,
      );
      report({
        name: 'open the segment (summary: index entries in use)',
        value: opened.ms,
        unit: 'ms',
        baseline: rawFirst.ms,
        baselineName: `raw read of the first page, ${(firstPageBytes / MiB).toFixed(1)} MiB`,
      });

      const random = xorshift(42);
      const serviceMs: number[] = [];
      const rawMs: number[] = [];
      let serviceBlockMs = 0;
      let rawBlockMs = 0;
      for (let i = 0; i < LOOKUPS; i++) {
        const offset = Math.floor(random() * (written.lastOffset + 1));
        const shown = await measured(() => service.find(root.id, path, { kind: 'offset', offset }));
        const page = shown.result.page;
        const first = page?.batches[0];
        if (!page || !first || first.baseOffset === null || first.baseOffset > offset || first.lastOffset < offset || !first.crcValid) {
          throw new Error(`offset ${offset}: the page does not start with its batch`);
        }
        const bytes = page.batches.reduce((n, b) => n + b.sizeInBytes, 0);
        const raw = await measured(() => rawRead(page.startPosition, bytes));
        serviceMs.push(shown.ms);
        rawMs.push(raw.ms);
        serviceBlockMs = Math.max(serviceBlockMs, shown.maxBlockMs);
        rawBlockMs = Math.max(rawBlockMs, raw.maxBlockMs);
      }
      serviceMs.sort((a, b) => a - b);
      rawMs.sort((a, b) => a - b);
      const baselineName = 'raw async read of the same page bytes';
      report({
        name: `page holding a random offset, p50 (${LOOKUPS} offsets)`,
        value: percentile(serviceMs, 50),
        unit: 'ms',
        baseline: percentile(rawMs, 50),
        baselineName,
      });
      report({
        name: `page holding a random offset, max`,
        value: serviceMs[serviceMs.length - 1],
        unit: 'ms',
        baseline: rawMs[rawMs.length - 1],
        baselineName,
      });
      // The histogram's resolution is 1 ms: the raw reads' figure is printed, not used as a ratio's divisor.
      report({
        name: `longest event-loop block while showing pages (raw reads: ${rawBlockMs.toFixed(1)} ms)`,
        value: serviceBlockMs,
        unit: 'ms',
      });

      const checked = await measured(() => service.checkIndexes(root.id, path));
      if (!checked.result.passed) throw new Error(`index check failed: ${checked.result.problems[0]?.message}`);
      report({ name: `index check of the whole segment (${checked.result.batchesScanned} batches)`, value: checked.ms / 1000, unit: 's' });
      report({ name: 'longest event-loop block during the index check', value: checked.maxBlockMs, unit: 'ms' });
    } finally {
      await handle.close();
    }
  } finally {
    tmp.cleanup();
  }
}
