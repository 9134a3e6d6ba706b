/**
 * Yammer Metrics 2.2.0's `EWMA` (the library Kafka 2.5's broker metrics are built on): an
 * exponentially-weighted moving average of a rate, ticked every 5 s. A tick turns the events
 * counted since the last tick into an instant rate and folds it in with weight `alpha`; the first
 * tick sets the rate outright.
 */
export const TICK_INTERVAL_MS = 5000;

/** `1 − e^(−5 s / 60 s / minutes)`: the weight of one 5 s tick in a `minutes`-minute average. */
export function ewmaAlpha(minutes: number): number {
  return 1 - Math.exp(-TICK_INTERVAL_MS / 1000 / 60 / minutes);
}

export class Ewma {
  private uncounted = 0;
  private ratePerMs = 0;
  private initialized = false;

  constructor(readonly alpha: number) {}

  static oneMinute(): Ewma {
    return new Ewma(ewmaAlpha(1));
  }

  static fiveMinutes(): Ewma {
    return new Ewma(ewmaAlpha(5));
  }

  static fifteenMinutes(): Ewma {
    return new Ewma(ewmaAlpha(15));
  }

  update(n: number): void {
    this.uncounted += n;
  }

  tick(): void {
    const instantRate = this.uncounted / TICK_INTERVAL_MS;
    this.uncounted = 0;
    if (this.initialized) {
      this.ratePerMs += this.alpha * (instantRate - this.ratePerMs);
    } else {
      this.ratePerMs = instantRate;
      this.initialized = true;
    }
  }

  /**
   * `ticks` ticks in a row: the first counts what was updated, the others see no event and only
   * decay the rate, `(1 − alpha)` each, which is applied at once.
   */
  tickMany(ticks: number): void {
    if (ticks <= 0) return;
    this.tick();
    if (ticks > 1) this.ratePerMs *= Math.pow(1 - this.alpha, ticks - 1);
  }

  /** Events per second. */
  ratePerSecond(): number {
    return this.ratePerMs * 1000;
  }
}
