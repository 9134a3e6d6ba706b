import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const MiB = 1024 * 1024;

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The same measure on the baseline, taken in the same run. */
  baseline?: number;
  baselineName?: string;
}

export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The event loop's delay over a phase (`monitorEventLoopDelay`, 1 ms resolution): its p99 and its longest block. */
export interface LoopDelay {
  readonly p99DelayMs: number;
  readonly maxBlockMs: number;
}

/**
 * Runs `fn` and returns its result, its wall time and the event loop's delay meanwhile, in this
 * process — the one that hosts the cluster (as the app's main process / the headless server does).
 */
export async function measured<T>(fn: () => Promise<T> | T): Promise<{ result: T; ms: number } & LoopDelay> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const start = performance.now();
  const result = await fn();
  const ms = performance.now() - start;
  histogram.disable();
  // No sample at all (`fn` never yielded for a whole resolution): the loop was blocked for all of `fn`.
  const sampled = histogram.count > 0;
  return {
    result,
    ms,
    p99DelayMs: sampled ? histogram.percentile(99) / 1e6 : ms,
    maxBlockMs: sampled ? Math.max(histogram.max / 1e6, 0) : ms,
  };
}

/** The worst of several phases' delays (the highest p99 and the longest block of any). */
export function worstLoopDelay(delays: Iterable<LoopDelay>): LoopDelay {
  let p99DelayMs = 0;
  let maxBlockMs = 0;
  for (const d of delays) {
    p99DelayMs = Math.max(p99DelayMs, d.p99DelayMs);
    maxBlockMs = Math.max(maxBlockMs, d.maxBlockMs);
  }
  return { p99DelayMs, maxBlockMs };
}

/**
 * Issue 18's figure for every benchmark that runs a cluster: the event loop's delay during `phase`,
 * p99 and max, against the goal of no block over 20 ms (the baseline, when given: the same delay of
 * the baseline's phase in the same run).
 */
export function reportLoopDelay(
  report: (f: Figure) => void,
  phase: string,
  delay: LoopDelay,
  baseline?: { delay: LoopDelay; name: string },
): void {
  const against = (value: number | undefined) => (baseline && value !== undefined ? { baseline: value, baselineName: baseline.name } : {});
  report({ name: `event-loop delay during ${phase}: p99`, value: delay.p99DelayMs, unit: 'ms', ...against(baseline?.delay.p99DelayMs) });
  report({ name: `event-loop delay during ${phase}: max`, value: delay.maxBlockMs, unit: 'ms', ...against(baseline?.delay.maxBlockMs) });
}

export function formatFigure(f: Figure): string {
  const value = f.value >= 100 ? f.value.toFixed(0) : f.value.toFixed(2);
  let line = `${f.name.padEnd(58)} ${value.padStart(10)} ${f.unit}`;
  if (f.baseline !== undefined) {
    const base = f.baseline >= 100 ? f.baseline.toFixed(0) : f.baseline.toFixed(2);
    line += `   baseline ${base} ${f.unit} (${f.baselineName ?? 'baseline'})   ratio ${(f.value / f.baseline).toFixed(2)}`;
  }
  return line;
}

/** A byte count from the environment: 268435456, 256MiB, 1GiB (or the fallback when unset). */
export function envBytes(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]i?b?)?$/i.exec(raw.trim());
  if (!m) throw new Error(`${name}=${raw}: expected a byte count such as 268435456, 256MiB or 1GiB`);
  const unit = (m[2] ?? '').toLowerCase()[0];
  const scale = unit === 'k' ? 1024 : unit === 'm' ? MiB : unit === 'g' ? 1024 * MiB : 1;
  return Math.floor(Number(m[1]) * scale);
}

/** Deterministic pseudo-random numbers (xorshift32), so that runs look up the same offsets. */
export function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

/** What `watchLatencies` needs of a ZooKeeper session, in-process or over the wire. */
export interface WatchingSession<D> {
  getData(path: string, watcher: () => void): Promise<unknown>;
  setData(path: string, data: D): Promise<unknown>;
}

/**
 * Pairs of sessions under `/bench/seed-<i>`: one watches a znode, the other sets it; the time from
 * the setData call to the watcher, sorted.
 */
export async function watchLatencies<D>(
  watchers: readonly WatchingSession<D>[],
  writers: readonly WatchingSession<D>[],
  rounds: number,
  payload: D,
): Promise<number[]> {
  const out: number[] = [];
  for (let r = 0; r < rounds; r++) {
    await Promise.all(
      watchers.map(async (watcher, i) => {
        const path = `/bench/seed-${i}`;
        let fired!: () => void;
        const notified = new Promise<void>((resolve) => (fired = resolve));
        await watcher.getData(path, () => fired());
        const start = performance.now();
        void writers[i].setData(path, payload);
        await notified;
        out.push(performance.now() - start);
      }),
    );
  }
  return out.sort((a, b) => a - b);
}
