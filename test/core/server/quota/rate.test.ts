/**
 * Kafka's `Rate` over a `WindowedSum` (11 samples of 1 s, the client quota config): the expected
 * values are worked out by hand from `Rate.windowSize` — elapsed time since the oldest sample,
 * padded to `samples − 1` whole windows — not taken from the code's output.
 */
import { describe, expect, it } from 'vitest';
import { Rate } from '../../../../src-main/core/server/quota/rate';
import { Avg, DEFAULT_METRIC_CONFIG } from '../../../../src-main/core/server/quota/sampled-stat';

const QUOTA_WINDOWS = { samples: 11, timeWindowMs: 1000 };
const T0 = 1_000_000;

describe("Kafka's Rate (quota.window.num = 11, quota.window.size.seconds = 1)", () => {
  it('a first burst is measured over 10 whole windows, not the few ms that passed', () => {
    const rate = new Rate();
    rate.record(QUOTA_WINDOWS, 22_000, T0);
    expect(rate.windowSizeMs(QUOTA_WINDOWS, T0)).toBe(10_000);
    expect(rate.measure(QUOTA_WINDOWS, T0)).toBe(2200);
    // 300 ms later: 300 elapsed + 10 padding windows (0 full ones so far).
    expect(rate.windowSizeMs(QUOTA_WINDOWS, T0 + 300)).toBe(10_300);
  });

  it('after 5.5 s: 5 whole windows elapsed, padded by the 5 missing ones, so 10.5 s', () => {
    const rate = new Rate();
    rate.record(QUOTA_WINDOWS, 5000, T0);
    rate.record(QUOTA_WINDOWS, 6000, T0 + 5500);
    expect(rate.windowSizeMs(QUOTA_WINDOWS, T0 + 5500)).toBe(10_500);
    expect(rate.measure(QUOTA_WINDOWS, T0 + 5500)).toBeCloseTo(11_000 / 10.5, 9);
  });

  it('past 10 whole windows the elapsed time itself is the window', () => {
    const rate = new Rate();
    rate.record(QUOTA_WINDOWS, 5000, T0);
    rate.record(QUOTA_WINDOWS, 6000, T0 + 10_500);
    expect(rate.windowSizeMs(QUOTA_WINDOWS, T0 + 10_500)).toBe(10_500);
  });

  it('a sample 11 windows old is reset: its bytes no longer count', () => {
    const rate = new Rate();
    rate.record(QUOTA_WINDOWS, 22_000, T0);
    rate.record(QUOTA_WINDOWS, 1000, T0 + 11_000);
    // The old sample now starts at T0 + 11000 too: 0 elapsed, 10 padding windows, 1000 bytes.
    expect(rate.measure(QUOTA_WINDOWS, T0 + 11_000)).toBe(100);
  });

  it('the ring holds 11 samples: a 12th second reuses the oldest, one value per second keeps the same rate', () => {
    const rate = new Rate();
    for (let s = 0; s <= 10; s++) rate.record(QUOTA_WINDOWS, 1500, T0 + s * 1000);
    // 11 × 1500 over 10 s (oldest sample at T0).
    expect(rate.measure(QUOTA_WINDOWS, T0 + 10_000)).toBe(1650);
    rate.record(QUOTA_WINDOWS, 1500, T0 + 11_000);
    // The sample of T0 was reused for T0 + 11000: still 11 × 1500, now since T0 + 1000.
    expect(rate.measure(QUOTA_WINDOWS, T0 + 11_000)).toBe(1650);
  });

  it('a negative record takes a value back (the unrecord of a throttled fetch)', () => {
    const rate = new Rate();
    rate.record(QUOTA_WINDOWS, 4000, T0);
    rate.record(QUOTA_WINDOWS, 22_000, T0 + 10);
    rate.record(QUOTA_WINDOWS, -22_000, T0 + 10);
    expect(rate.measure(QUOTA_WINDOWS, T0 + 10)).toBeCloseTo(4000 / 10.01, 9);
  });
});

describe("Kafka's Avg (the throttle-time sensor, MetricConfig's 2 samples of 30 s)", () => {
  it('NaN before any event, then the mean of the events still in the two windows', () => {
    const avg = new Avg();
    expect(avg.measure(DEFAULT_METRIC_CONFIG, T0)).toBeNaN();
    avg.record(DEFAULT_METRIC_CONFIG, 100, T0);
    avg.record(DEFAULT_METRIC_CONFIG, 300, T0 + 40_000);
    expect(avg.measure(DEFAULT_METRIC_CONFIG, T0 + 40_000)).toBe(200);
    // 60 s after T0 the first sample expires.
    expect(avg.measure(DEFAULT_METRIC_CONFIG, T0 + 60_000)).toBe(300);
  });
});
