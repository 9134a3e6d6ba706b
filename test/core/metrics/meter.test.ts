/**
 * Yammer 2.2.0's Meter on the cluster's manual clock: the EWMA rates follow the formulas a
 * Yammer meter ticked every 5 s gives (computed here independently, tick by tick), whether the
 * meter is read every tick or only after a long gap.
 */
import { describe, expect, it } from 'vitest';
import { Meter } from '../../../src-main/core/metrics/meter';
import { ManualTime } from '../../../src-main/core/platform/manual-time';

/** A Yammer EWMA, ticked explicitly: what the meter must equal. */
function referenceRates(eventsPerTick: readonly number[], minutes: number): number {
  const alpha = 1 - Math.exp(-5 / 60 / minutes);
  let rate = 0;
  eventsPerTick.forEach((n, i) => {
    const instant = n / 5;
    rate = i === 0 ? instant : rate + alpha * (instant - rate);
  });
  return rate;
}

describe('Meter (Yammer 2.2.0 on the cluster clock)', () => {
  it('has no rate before its first 5 s tick, then the first tick sets the rate outright', () => {
    const time = new ManualTime();
    const meter = new Meter(time, 'messages');
    meter.mark(100);
    time.advance(4999);
    expect(meter.oneMinuteRate()).toBe(0);
    time.advance(1);
    expect(meter.oneMinuteRate()).toBeCloseTo(20, 12);
    expect(meter.fiveMinuteRate()).toBeCloseTo(20, 12);
    expect(meter.fifteenMinuteRate()).toBeCloseTo(20, 12);
    expect(meter.count()).toBe(100);
    expect(meter.meanRate()).toBeCloseTo(20, 12);
  });

  it('folds each tick in with alpha = 1 − e^(−5/60/m), read every tick or after a gap', () => {
    const time = new ManualTime();
    const everyTick = new Meter(time, 'bytes');
    const lazily = new Meter(time, 'bytes');
    const perTick: number[] = [];
    for (let tick = 0; tick < 40; tick++) {
      const n = tick < 20 ? 50 + tick * 3 : 0;
      perTick.push(n);
      // Marks anywhere inside the interval count for the tick that ends it.
      time.advance(1234);
      everyTick.mark(n);
      lazily.mark(n);
      time.advance(5000 - 1234);
      expect(everyTick.oneMinuteRate()).toBeCloseTo(referenceRates(perTick, 1), 9);
    }
    expect(lazily.oneMinuteRate()).toBeCloseTo(referenceRates(perTick, 1), 9);
    expect(lazily.fiveMinuteRate()).toBeCloseTo(referenceRates(perTick, 5), 9);
    expect(lazily.fifteenMinuteRate()).toBeCloseTo(referenceRates(perTick, 15), 9);
  });

  it('decays over an idle hour exactly as 720 empty ticks would', () => {
    const time = new ManualTime();
    const meter = new Meter(time, 'requests');
    meter.mark(500);
    time.advance(3_600_000);
    const expected = referenceRates([500, ...new Array<number>(719).fill(0)], 15);
    expect(meter.fifteenMinuteRate()).toBeCloseTo(expected, 12);
    expect(meter.fifteenMinuteRate()).toBeGreaterThan(0);
    expect(meter.oneMinuteRate()).toBeLessThan(1e-20);
  });

  it('reports a mean rate over the time since creation, 0 with no event', () => {
    const time = new ManualTime();
    const meter = new Meter(time, 'messages');
    time.advance(10_000);
    expect(meter.meanRate()).toBe(0);
    meter.mark(30);
    time.advance(5_000);
    expect(meter.meanRate()).toBeCloseTo(2, 12);
  });
});
