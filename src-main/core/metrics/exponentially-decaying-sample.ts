/**
 * Yammer Metrics 2.2.0's `ExponentiallyDecayingSample` (the "biased" sample of every Kafka 2.5
 * histogram and timer): a reservoir of 1028 values, each kept with priority
 * `e^(alpha·t) / u` (t: seconds since the sample's start, u uniform in (0, 1)), so recent values
 * are favoured — forward decay, Cormode et al. The lowest priority is evicted when full; every hour
 * the priorities are rescaled against a new start so they do not overflow.
 *
 * The uniform draw comes from the injected `Random`, so a seed reproduces the percentiles.
 */
import type { Clock } from '../platform/clock';
import type { Random } from '../platform/random';

export const DEFAULT_SAMPLE_SIZE = 1028;
export const DEFAULT_ALPHA = 0.015;
const RESCALE_THRESHOLD_MS = 60 * 60 * 1000;

interface Entry {
  readonly priority: number;
  readonly value: number;
}

export class ExponentiallyDecayingSample {
  /** Ascending by priority (Yammer's ConcurrentSkipListMap<Double, Long>). */
  private entries: Entry[] = [];
  private count = 0;
  private startTimeS: number;
  private nextScaleTimeMs: number;

  constructor(
    private readonly clock: Clock,
    private readonly random: Random,
    readonly reservoirSize = DEFAULT_SAMPLE_SIZE,
    readonly alpha = DEFAULT_ALPHA,
  ) {
    this.startTimeS = this.nowSeconds();
    this.nextScaleTimeMs = clock.nowMs() + RESCALE_THRESHOLD_MS;
  }

  update(value: number): void {
    this.rescaleIfNeeded();
    const priority = Math.exp(this.alpha * (this.nowSeconds() - this.startTimeS)) / this.random.nextFloat();
    this.count++;
    if (this.count <= this.reservoirSize) {
      this.insert({ priority, value });
    } else if (this.entries[0].priority < priority && !this.hasPriority(priority)) {
      this.insert({ priority, value });
      this.entries.shift();
    }
  }

  /** The values kept, in priority order (Yammer's `values.values()`). */
  values(): number[] {
    this.rescaleIfNeeded();
    return this.entries.map((e) => e.value);
  }

  size(): number {
    return Math.min(this.count, this.reservoirSize);
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.nowMs() / 1000);
  }

  private rescaleIfNeeded(): void {
    const nowMs = this.clock.nowMs();
    if (nowMs < this.nextScaleTimeMs) return;
    this.nextScaleTimeMs = nowMs + RESCALE_THRESHOLD_MS;
    const oldStartTimeS = this.startTimeS;
    this.startTimeS = this.nowSeconds();
    const factor = Math.exp(-this.alpha * (this.startTimeS - oldStartTimeS));
    // Scaling by one positive factor keeps the order; equal scaled keys collapse as in a map.
    const rescaled: Entry[] = [];
    for (const e of this.entries) {
      const priority = e.priority * factor;
      if (rescaled.length > 0 && rescaled[rescaled.length - 1].priority === priority)
        rescaled[rescaled.length - 1] = { priority, value: e.value };
      else rescaled.push({ priority, value: e.value });
    }
    this.entries = rescaled;
    this.count = rescaled.length;
  }

  private lowerBound(priority: number): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.entries[mid].priority < priority) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private hasPriority(priority: number): boolean {
    const i = this.lowerBound(priority);
    return i < this.entries.length && this.entries[i].priority === priority;
  }

  /** A map's put: an equal priority replaces the value kept under it. */
  private insert(entry: Entry): void {
    const i = this.lowerBound(entry.priority);
    if (i < this.entries.length && this.entries[i].priority === entry.priority) this.entries[i] = entry;
    else this.entries.splice(i, 0, entry);
  }
}
