/**
 * Yammer Metrics 2.2.0's `Snapshot`: the sample's values sorted, and a quantile read by linear
 * interpolation at position `q·(n + 1)` (1-based), clamped to the first and last values.
 */
export class Snapshot {
  private readonly sorted: Float64Array;

  constructor(values: readonly number[]) {
    this.sorted = Float64Array.from(values).sort();
  }

  value(quantile: number): number {
    if (!(quantile >= 0 && quantile <= 1)) throw new RangeError(`${quantile} is not in [0..1]`);
    const n = this.sorted.length;
    if (n === 0) return 0;
    const pos = quantile * (n + 1);
    if (pos < 1) return this.sorted[0];
    if (pos >= n) return this.sorted[n - 1];
    const lower = this.sorted[Math.trunc(pos) - 1];
    const upper = this.sorted[Math.trunc(pos)];
    return lower + (pos - Math.floor(pos)) * (upper - lower);
  }

  /** The same snapshot with every value multiplied by `factor` (a unit conversion). */
  scaledBy(factor: number): Snapshot {
    return new Snapshot(Array.from(this.sorted, (v) => v * factor));
  }

  size(): number {
    return this.sorted.length;
  }

  median(): number {
    return this.value(0.5);
  }
}

/** The percentiles a Yammer histogram MBean exposes, with their JMX attribute names. */
export const PERCENTILE_ATTRIBUTES: ReadonlyArray<readonly [attribute: string, quantile: number]> = [
  ['50thPercentile', 0.5],
  ['75thPercentile', 0.75],
  ['95thPercentile', 0.95],
  ['98thPercentile', 0.98],
  ['99thPercentile', 0.99],
  ['999thPercentile', 0.999],
];
