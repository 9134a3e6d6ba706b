/**
 * Kafka's `org.apache.kafka.common.metrics.stats.Rate` over a `WindowedSum`, per second: the sum
 * of the retained samples divided by the window they cover — the time since the oldest sample
 * started, but never less than `samples − 1` whole windows (so a first burst is not measured over
 * a few milliseconds).
 */
import { WindowedSum, type SampleConfig } from './sampled-stat';

export class Rate {
  protected readonly stat = new WindowedSum();

  record(config: SampleConfig, value: number, timeMs: number): void {
    this.stat.record(config, value, timeMs);
  }

  /** Units per second at `nowMs`. */
  measure(config: SampleConfig, nowMs: number): number {
    const value = this.stat.measure(config, nowMs);
    return value / (this.windowSizeMs(config, nowMs) / 1000);
  }

  /** `Rate.windowSize`: the window the rate is measured over, in ms. */
  windowSizeMs(config: SampleConfig, nowMs: number): number {
    this.stat.purgeObsoleteSamples(config, nowMs);
    let totalElapsedTimeMs = nowMs - this.stat.oldest(nowMs).lastWindowMs;
    const numFullWindows = Math.trunc(totalElapsedTimeMs / config.timeWindowMs);
    const minFullWindows = config.samples - 1;
    if (numFullWindows < minFullWindows) totalElapsedTimeMs += (minFullWindows - numFullWindows) * config.timeWindowMs;
    return totalElapsedTimeMs;
  }
}

/**
 * Kafka's `SimpleRate` (the replication quotas' rate): over the time since the oldest sample
 * started, but never less than one window, so a first reading is not over a few milliseconds.
 */
export class SimpleRate extends Rate {
  override windowSizeMs(config: SampleConfig, nowMs: number): number {
    this.stat.purgeObsoleteSamples(config, nowMs);
    const elapsedMs = nowMs - this.stat.oldest(nowMs).lastWindowMs;
    return elapsedMs < config.timeWindowMs ? config.timeWindowMs : elapsedMs;
  }
}
