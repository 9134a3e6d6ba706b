/**
 * Fewer points for a chart: the range cut into `maxPoints` equal buckets, each bucket's samples
 * averaged and placed at its last sample's time. A rate averaged over equal sample intervals is
 * the rate over the bucket (what Prometheus' rate() over the bucket would give).
 */
import type { SeriesPoint } from './metrics-history-store';

export function bucketMs(fromMs: number, toMs: number, maxPoints: number): number {
  return Math.max(1, Math.ceil((toMs - fromMs + 1) / Math.max(1, Math.floor(maxPoints))));
}

/** `points` oldest first, all within [fromMs, toMs]. */
export function downsample(points: readonly SeriesPoint[], fromMs: number, toMs: number, maxPoints: number): SeriesPoint[] {
  if (points.length <= maxPoints) return [...points];
  const width = bucketMs(fromMs, toMs, maxPoints);
  const out: SeriesPoint[] = [];
  let bucket = -1;
  let sum = 0;
  let n = 0;
  let lastMs = 0;
  for (const p of points) {
    const b = Math.floor((p.timeMs - fromMs) / width);
    if (b !== bucket && n > 0) {
      out.push({ timeMs: lastMs, value: sum / n });
      sum = 0;
      n = 0;
    }
    bucket = b;
    sum += p.value;
    n += 1;
    lastMs = p.timeMs;
  }
  if (n > 0) out.push({ timeMs: lastMs, value: sum / n });
  return out;
}
