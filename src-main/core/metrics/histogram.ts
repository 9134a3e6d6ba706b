/**
 * Yammer Metrics 2.2.0's `Histogram` with a biased (exponentially decaying) sample, as Kafka's
 * `newHistogram(name, biased = true)`: count, min, max, mean, standard deviation (Welford's running
 * variance, divided by n − 1) over every value, and percentiles over the sample. Yammer stores
 * longs; values are truncated toward zero like Java's `long` conversion of what Kafka passes.
 */
import type { Clock } from '../platform/clock';
import type { Random } from '../platform/random';
import { ExponentiallyDecayingSample } from './exponentially-decaying-sample';
import { Snapshot } from './snapshot';

export interface HistogramValues {
  readonly count: number;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  readonly stdDev: number;
  readonly snapshot: Snapshot;
}

export class Histogram {
  readonly kind = 'histogram';
  private readonly sample: ExponentiallyDecayingSample;
  private n = 0;
  private minValue = Number.POSITIVE_INFINITY;
  private maxValue = Number.NEGATIVE_INFINITY;
  private sum = 0;
  private runningMean = 0;
  private runningS = 0;

  constructor(clock: Clock, random: Random) {
    this.sample = new ExponentiallyDecayingSample(clock, random);
  }

  update(rawValue: number): void {
    const value = Math.trunc(rawValue);
    this.n++;
    this.sample.update(value);
    if (value > this.maxValue) this.maxValue = value;
    if (value < this.minValue) this.minValue = value;
    this.sum += value;
    if (this.n === 1) {
      this.runningMean = value;
      this.runningS = 0;
    } else {
      const oldMean = this.runningMean;
      this.runningMean = oldMean + (value - oldMean) / this.n;
      this.runningS += (value - oldMean) * (value - this.runningMean);
    }
  }

  count(): number {
    return this.n;
  }

  values(): HistogramValues {
    const n = this.n;
    return {
      count: n,
      min: n > 0 ? this.minValue : 0,
      max: n > 0 ? this.maxValue : 0,
      mean: n > 0 ? this.sum / n : 0,
      stdDev: n > 1 ? Math.sqrt(this.runningS / (n - 1)) : 0,
      snapshot: new Snapshot(this.sample.values()),
    };
  }
}
