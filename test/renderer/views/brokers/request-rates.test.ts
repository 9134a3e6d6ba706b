import { describe, expect, it } from 'vitest';
import { requestRates, totalRate, type RateReading } from '../../../../src-renderer/src/views/brokers/request-rates';

describe('request rates', () => {
  it('divides the requests since the last reading by the seconds between them, per broker and API', () => {
    const first: RateReading = { atMs: 10_000, counts: new Map<number, Record<string, number>>([[0, { Metadata: 4, Produce: 10 }]]) };
    const second: RateReading = {
      atMs: 12_000,
      counts: new Map<number, Record<string, number>>([
        [0, { Metadata: 6, Produce: 50, Fetch: 8 }],
        [1, { Metadata: 1 }],
      ]),
    };
    const rates = requestRates(first, second);
    expect(rates.get(0)).toEqual({ Metadata: 1, Produce: 20, Fetch: 4 });
    expect(rates.get(1)).toEqual({ Metadata: 0.5 });
    expect(totalRate(rates.get(0))).toBe(25);
  });

  it('reports 0 on the first reading and never a negative rate after a listener restarted from zero', () => {
    const only: RateReading = { atMs: 1000, counts: new Map<number, Record<string, number>>([[0, { Fetch: 100 }]]) };
    expect(requestRates(null, only).get(0)).toEqual({ Fetch: 0 });
    const restarted: RateReading = { atMs: 2000, counts: new Map<number, Record<string, number>>([[0, { Fetch: 3 }]]) };
    expect(requestRates(only, restarted).get(0)).toEqual({ Fetch: 0 });
  });
});
