import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

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

/** Runs `fn` and returns its result, its wall time and the longest event-loop block seen meanwhile. */
export async function measured<T>(fn: () => Promise<T> | T): Promise<{ result: T; ms: number; maxBlockMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const start = performance.now();
  const result = await fn();
  const ms = performance.now() - start;
  histogram.disable();
  return { result, ms, maxBlockMs: histogram.max / 1e6 };
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
