/**
 * Yammer Metrics 2.2.0's `Timer` as Kafka's `newTimer(name, MILLISECONDS, SECONDS)` (e.g.
 * `ControllerStats` LeaderElectionRateAndTimeMs): a meter of the events and a biased histogram of
 * their durations. Yammer keeps nanoseconds and reports in the duration unit, milliseconds.
 */
import type { Clock } from '../platform/clock';
import type { Random } from '../platform/random';
import { Histogram, type HistogramValues } from './histogram';
import { Meter, type MeterValues } from './meter';

const NANOS_PER_MS = 1_000_000;

export class Timer {
  readonly kind = 'timer';
  readonly meter: Meter;
  private readonly durationsNs: Histogram;

  constructor(clock: Clock, random: Random) {
    this.meter = new Meter(clock, 'calls');
    this.durationsNs = new Histogram(clock, random);
  }

  update(durationMs: number): void {
    if (durationMs < 0) return; // Yammer ignores negative durations
    this.durationsNs.update(durationMs * NANOS_PER_MS);
    this.meter.mark();
  }

  count(): number {
    return this.durationsNs.count();
  }

  rates(): MeterValues {
    return this.meter.values();
  }

  /** Durations in milliseconds. */
  values(): HistogramValues {
    const ns = this.durationsNs.values();
    return {
      count: ns.count,
      min: ns.min / NANOS_PER_MS,
      max: ns.max / NANOS_PER_MS,
      mean: ns.mean / NANOS_PER_MS,
      stdDev: ns.stdDev / NANOS_PER_MS,
      snapshot: ns.snapshot.scaledBy(1 / NANOS_PER_MS),
    };
  }
}
