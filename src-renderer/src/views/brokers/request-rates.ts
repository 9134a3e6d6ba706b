/**
 * Requests per second per broker and API, from two successive readings of the brokers' cumulative
 * request counts (the Brokers view reads them every few seconds). Wall-clock time: clients send on
 * the wall clock whatever the emulation's speed.
 */
export interface RateReading {
  readonly atMs: number;
  /** broker id → API name → requests so far */
  readonly counts: ReadonlyMap<number, Readonly<Record<string, number>>>;
}

/** broker id → API name → requests per second (APIs with no request since the last reading are 0). */
export function requestRates(previous: RateReading | null, current: RateReading): Map<number, Record<string, number>> {
  const rates = new Map<number, Record<string, number>>();
  const seconds = previous ? (current.atMs - previous.atMs) / 1000 : 0;
  for (const [brokerId, counts] of current.counts) {
    const before = previous?.counts.get(brokerId) ?? {};
    const perApi: Record<string, number> = {};
    for (const [api, count] of Object.entries(counts)) {
      // A restarted listener starts again from zero: no negative rate.
      perApi[api] = seconds > 0 ? Math.max(0, count - (before[api] ?? 0)) / seconds : 0;
    }
    rates.set(brokerId, perApi);
  }
  return rates;
}

export function totalRate(perApi: Readonly<Record<string, number>> | undefined): number {
  return Object.values(perApi ?? {}).reduce((a, b) => a + b, 0);
}
