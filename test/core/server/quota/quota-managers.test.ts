/**
 * QuotaFactory's client quota managers built from a broker's `server.properties`: the window
 * (`quota.window.num`, `quota.window.size.seconds`) changes the throttle time through `Rate`'s window
 * and the Request quota's cap; the deprecated static defaults warn as Kafka does.
 */
import { describe, expect, it } from 'vitest';
import { BrokerConfig } from '../../../../src-main/core/config/kafka-config';
import type { LogLine } from '../../../../src-main/core/common/logging';
import { ManualTime } from '../../../../src-main/core/platform/manual-time';
import { QuotaManagers } from '../../../../src-main/core/server/quota/quota-managers';

const session = { sanitizedUser: 'ANONYMOUS', clientId: 'app' };

function managers(props: Record<string, string>) {
  const time = new ManualTime(1_700_000_000_000);
  const lines: LogLine[] = [];
  const quotas = new QuotaManagers(new BrokerConfig({ 'zookeeper.connect': 'localhost:2181', ...props }), time, (l) => lines.push(l));
  return { time, quotas, lines };
}

describe('QuotaFactory.instantiate (client quotas)', () => {
  it('5 samples of 2 s: a first burst is measured over (5 − 1) × 2 s = 8 s; 22 000 B against 1000 B/s is (2750 − 1000) / 1000 × 8000 = 14 000 ms', () => {
    const { quotas, time } = managers({ 'quota.window.num': '5', 'quota.window.size.seconds': '2' });
    quotas.produce.updateQuota(null, 'app', 'app', 1000);
    expect(quotas.produce.recordAndGetThrottleTimeMs(session, 22_000, time.nowMs())).toBe(14_000);
    // getMaxValueInQuotaWindow: 1000 × (5 − 1) × 2.
    quotas.fetch.updateQuota(null, 'app', 'app', 1000);
    expect(quotas.fetch.getMaxValueInQuotaWindow(session)).toBe(8000);
  });

  it("the Request quota's cap is one window: 2000 ms with 2 s windows", () => {
    const { quotas } = managers({ 'quota.window.size.seconds': '2' });
    quotas.request.updateQuota(null, 'app', 'app', 1);
    expect(quotas.request.maybeRecordRequestAndGetThrottleTimeMs(session, 60e9)).toBe(2000);
  });

  it('quota.consumer.default / quota.producer.default: the static client-id quota, warned about (Fetch first, as Kafka builds it)', () => {
    const { quotas, lines } = managers({ 'quota.producer.default': '4096', 'quota.consumer.default': '8192' });
    expect(quotas.produce.quota(session)).toBe(4096);
    expect(quotas.fetch.quota(session)).toBe(8192);
    expect(quotas.request.quotasEnabled).toBe(false);
    expect(lines.map((l) => `${l.level} ${l.message} (${l.logger})`)).toEqual([
      'WARN quota.consumer.default has been deprecated in 0.11.0.0 and will be removed in a future release. Use dynamic quota defaults instead. (kafka.server.QuotaFactory$)',
      'WARN quota.producer.default has been deprecated in 0.11.0.0 and will be removed in a future release. Use dynamic quota defaults instead. (kafka.server.QuotaFactory$)',
    ]);
  });

  it('without static defaults nothing is enabled and nothing is said', () => {
    const { quotas, lines } = managers({});
    expect([quotas.produce.quotasEnabled, quotas.fetch.quotasEnabled, quotas.request.quotasEnabled]).toEqual([false, false, false]);
    expect(lines).toEqual([]);
  });
});
