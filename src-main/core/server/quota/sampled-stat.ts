/**
 * Kafka's `org.apache.kafka.common.metrics.stats.SampledStat` with its two kinds the quotas use,
 * `WindowedSum` (the sum of the samples, under `Rate`) and `Avg` (sum over event count, the
 * throttle-time sensor): a ring of at most `samples` samples, each `timeWindowMs` long, started
 * at the time of the first value recorded in it. A sample older than `samples × timeWindowMs` is
 * reset (its start moved to now) whenever the stat is measured.
 */

/** The part of Kafka's `MetricConfig` a sampled stat reads. */
export interface SampleConfig {
  readonly samples: number;
  readonly timeWindowMs: number;
}

/** `new MetricConfig()`: 2 samples of 30 s, the config of sensors created without one (the throttle-time `Avg`). */
export const DEFAULT_METRIC_CONFIG: SampleConfig = Object.freeze({ samples: 2, timeWindowMs: 30_000 });

export interface Sample {
  eventCount: number;
  lastWindowMs: number;
  value: number;
}

export abstract class SampledStat {
  private current = 0;
  private readonly samplesValue: Sample[] = [];

  protected constructor(private readonly initialValue: number) {}

  record(config: SampleConfig, value: number, timeMs: number): void {
    let sample = this.currentSample(timeMs);
    // `eventWindow` is Long.MAX_VALUE in every quota config: only time completes a sample.
    if (timeMs - sample.lastWindowMs >= config.timeWindowMs) sample = this.advance(config, timeMs);
    sample.value += value;
    sample.eventCount += 1;
  }

  measure(config: SampleConfig, nowMs: number): number {
    this.purgeObsoleteSamples(config, nowMs);
    return this.combine(this.samplesValue);
  }

  /** The sample with the earliest start (created at `nowMs` if there is none yet). */
  oldest(nowMs: number): Sample {
    if (this.samplesValue.length === 0) this.samplesValue.push(this.newSample(nowMs));
    let oldest = this.samplesValue[0];
    for (const s of this.samplesValue) if (s.lastWindowMs < oldest.lastWindowMs) oldest = s;
    return oldest;
  }

  /** Timeout any windows that have expired in the absence of any events. */
  purgeObsoleteSamples(config: SampleConfig, nowMs: number): void {
    const expireAge = config.samples * config.timeWindowMs;
    for (const s of this.samplesValue) if (nowMs - s.lastWindowMs >= expireAge) this.reset(s, nowMs);
  }

  protected abstract combine(samples: readonly Sample[]): number;

  private currentSample(timeMs: number): Sample {
    if (this.samplesValue.length === 0) this.samplesValue.push(this.newSample(timeMs));
    return this.samplesValue[this.current];
  }

  private advance(config: SampleConfig, timeMs: number): Sample {
    this.current = (this.current + 1) % config.samples;
    if (this.current >= this.samplesValue.length) {
      const sample = this.newSample(timeMs);
      this.samplesValue.push(sample);
      return sample;
    }
    const sample = this.currentSample(timeMs);
    this.reset(sample, timeMs);
    return sample;
  }

  private newSample(timeMs: number): Sample {
    return { eventCount: 0, lastWindowMs: timeMs, value: this.initialValue };
  }

  private reset(sample: Sample, nowMs: number): void {
    sample.eventCount = 0;
    sample.lastWindowMs = nowMs;
    sample.value = this.initialValue;
  }
}

export class WindowedSum extends SampledStat {
  constructor() {
    super(0);
  }

  protected combine(samples: readonly Sample[]): number {
    let total = 0;
    for (const s of samples) total += s.value;
    return total;
  }
}

export class Avg extends SampledStat {
  constructor() {
    super(0);
  }

  /** NaN before any event, as Kafka's. */
  protected combine(samples: readonly Sample[]): number {
    let total = 0;
    let count = 0;
    for (const s of samples) {
      total += s.value;
      count += s.eventCount;
    }
    return count === 0 ? Number.NaN : total / count;
  }
}
