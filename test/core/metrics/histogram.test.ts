/**
 * Yammer 2.2.0's Histogram, Snapshot, ExponentiallyDecayingSample and Timer: the quantile rule
 * (interpolation at q·(n+1)), the running mean and n − 1 standard deviation, the 1028-value
 * reservoir biased toward recent values, and the timer's millisecond reporting. Seeded: a failure
 * prints the seed.
 */
import { describe, expect, it } from 'vitest';
import { ExponentiallyDecayingSample } from '../../../src-main/core/metrics/exponentially-decaying-sample';
import { Histogram } from '../../../src-main/core/metrics/histogram';
import { Snapshot } from '../../../src-main/core/metrics/snapshot';
import { Timer } from '../../../src-main/core/metrics/timer';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';

const SEED = 20261207;
const m = `seed ${SEED}`;

describe('Snapshot quantiles (Yammer 2.2.0)', () => {
  const oneToHundred = new Snapshot(Array.from({ length: 100 }, (_, i) => 100 - i));

  it('interpolates at q·(n + 1) between the sorted values', () => {
    expect(oneToHundred.median()).toBe(50.5);
    expect(oneToHundred.value(0.75)).toBeCloseTo(75.75, 12);
    expect(oneToHundred.value(0.95)).toBeCloseTo(95.95, 12);
    expect(oneToHundred.value(0.99)).toBeCloseTo(99.99, 12);
  });

  it('clamps below the first position and past the last', () => {
    expect(oneToHundred.value(0.999)).toBe(100);
    expect(oneToHundred.value(0.001)).toBe(1);
    expect(new Snapshot([]).value(0.5)).toBe(0);
    expect(() => oneToHundred.value(1.5)).toThrow('1.5 is not in [0..1]');
  });
});

describe('Histogram (biased)', () => {
  it('keeps count, min, max, mean and the n − 1 standard deviation over every value', () => {
    const time = new ManualTime();
    const histogram = new Histogram(time, new SeededRandom(SEED));
    const values = [12, 7, 30, 7, 19.9, 3];
    for (const v of values) histogram.update(v);
    const longs = values.map(Math.trunc);
    const mean = longs.reduce((a, b) => a + b, 0) / longs.length;
    const variance = longs.reduce((a, v) => a + (v - mean) ** 2, 0) / (longs.length - 1);
    const v = histogram.values();
    expect(v.count, m).toBe(6);
    expect(v.min).toBe(3);
    expect(v.max).toBe(30);
    expect(v.mean).toBeCloseTo(mean, 12);
    expect(v.stdDev).toBeCloseTo(Math.sqrt(variance), 12);
    expect(v.snapshot.median()).toBe(9.5);
  });

  it('is all zeros before its first value', () => {
    const v = new Histogram(new ManualTime(), new SeededRandom(SEED)).values();
    expect([v.count, v.min, v.max, v.mean, v.stdDev, v.snapshot.value(0.99)]).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('ExponentiallyDecayingSample', () => {
  it('holds at most 1028 values and, after 10 minutes, keeps mostly the recent ones', () => {
    const time = new ManualTime();
    const sample = new ExponentiallyDecayingSample(time, new SeededRandom(SEED));
    for (let i = 0; i < 3000; i++) {
      sample.update(1);
      time.advance(200); // 10 minutes
    }
    for (let i = 0; i < 3000; i++) {
      sample.update(1000);
      time.advance(200);
    }
    const values = sample.values();
    expect(values.length, m).toBe(1028);
    // Weights grow e^(0.015·t): 10 minutes later a value weighs e^9 ≈ 8103 times more.
    expect(values.filter((v) => v === 1000).length, m).toBeGreaterThan(1000);
    expect(new Snapshot(values).median()).toBe(1000);
  });

  it('rescales its priorities every hour without losing values or their order', () => {
    const time = new ManualTime();
    const sample = new ExponentiallyDecayingSample(time, new SeededRandom(SEED), 10);
    for (let i = 0; i < 10; i++) sample.update(i);
    const before = sample.values();
    time.advance(3_600_000);
    expect(sample.values(), m).toEqual(before);
    // After the rescale new values still compete on the new start.
    for (let i = 0; i < 200; i++) {
      time.advance(1000);
      sample.update(500);
    }
    expect(sample.values().filter((v) => v === 500).length, m).toBeGreaterThanOrEqual(9);
  });
});

describe('Timer', () => {
  it('reports durations in milliseconds and counts the calls in a meter', () => {
    const time = new ManualTime();
    const timer = new Timer(time, new SeededRandom(SEED));
    for (const ms of [2, 4, 6, 8]) timer.update(ms);
    timer.update(-1);
    const v = timer.values();
    expect(v.count).toBe(4);
    expect([v.min, v.max, v.mean]).toEqual([2, 8, 5]);
    expect(v.snapshot.median()).toBe(5);
    time.advance(5000);
    expect(timer.rates().oneMinuteRate).toBeCloseTo(0.8, 12);
    expect(timer.rates().count).toBe(4);
  });
});
