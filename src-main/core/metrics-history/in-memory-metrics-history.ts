/**
 * The rings in memory (tests, simulations): the same bounds and the same downsampling as the
 * SQLite store, so the sampler and the service can be tested without a file.
 */
import { downsample } from './downsample';
import type { MetricsHistoryStore, SeriesKey, SeriesPoint, SeriesSample } from './metrics-history-store';

export class InMemoryMetricsHistory implements MetricsHistoryStore {
  private readonly rings = new Map<string, { key: SeriesKey; points: SeriesPoint[] }>();

  constructor(
    readonly intervalMs: number,
    private readonly capacity: number,
  ) {}

  append(timeMs: number, samples: readonly SeriesSample[]): void {
    for (const { metric, scope, value } of samples) {
      const id = `${metric}\u0000${scope}`;
      let ring = this.rings.get(id);
      if (!ring) {
        ring = { key: { metric, scope }, points: [] };
        this.rings.set(id, ring);
      }
      ring.points.push({ timeMs, value });
      if (ring.points.length > this.capacity) ring.points.shift();
    }
  }

  seriesKeys(): SeriesKey[] {
    return [...this.rings.values()].map((r) => r.key);
  }

  points(key: SeriesKey, fromMs: number, toMs: number, maxPoints?: number): SeriesPoint[] {
    const ring = this.rings.get(`${key.metric}\u0000${key.scope}`);
    const inRange = (ring?.points ?? []).filter((p) => p.timeMs >= fromMs && p.timeMs <= toMs);
    return maxPoints === undefined ? inRange : downsample(inRange, fromMs, toMs, maxPoints);
  }
}
