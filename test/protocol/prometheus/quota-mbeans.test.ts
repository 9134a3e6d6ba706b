/**
 * The client quota sensors as JMX shows them and the JMX exporter's quota rules name them:
 * `kafka.server:type=<Produce|Fetch|Request>,[user=…,]client-id=…` with byte-rate (request-time for
 * Request) and throttle-time, read from the quota managers without changing them.
 */
import { describe, expect, it } from 'vitest';
import { BrokerConfig } from '../../../src-main/core/config/kafka-config';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { QuotaManagers } from '../../../src-main/core/server/quota/quota-managers';
import { KAFKA_2_0_0_RULES, matchSample } from '../../../src-main/protocol/prometheus/jmx-exporter-rules';
import { prometheusText } from '../../../src-main/protocol/prometheus/prometheus-text';
import { quotaMBeans } from '../../../src-main/protocol/prometheus/quota-mbeans';

describe('client quota sensors as Prometheus series', () => {
  it('names client-id and user/client-id sensors by the exporter’s quota rules, throttle-time NaN until a throttling', () => {
    const time = new ManualTime(1_700_000_000_000);
    const quotas = new QuotaManagers(new BrokerConfig({ 'zookeeper.connect': 'localhost:2181' }), time, () => {});
    quotas.produce.updateQuota(null, 'app', 'app', 1000);
    quotas.request.updateQuota('alice', 'tool', 'tool', 50);
    const app = { sanitizedUser: 'ANONYMOUS', clientId: 'app' };
    // 30 000 bytes at once: 3000 B/s over the 10 s window, against 1000 B/s.
    const throttleMs = quotas.produce.recordAndGetThrottleTimeMs(app, 30_000, time.nowMs());
    expect(throttleMs).toBeGreaterThan(0);
    quotas.produce.throttle(app, throttleMs, { startThrottling: () => {}, endThrottling: () => {} });
    quotas.request.maybeRecordRequestAndGetThrottleTimeMs({ sanitizedUser: 'alice', clientId: 'tool' }, 1e6);

    const mBeans = quotaMBeans(quotas);
    expect(mBeans.map((m) => m.mBeanName)).toEqual([
      'kafka.server:type=Produce,client-id=app',
      'kafka.server:type=Request,user=alice,client-id=tool',
    ]);
    expect(matchSample(KAFKA_2_0_0_RULES, mBeans[0].mBeanName, 'byte-rate')).toMatchObject({
      name: 'kafka_server_quota_byte_rate',
      labels: [
        ['resource', 'Produce'],
        ['clientId', 'app'],
      ],
    });
    const lines = prometheusText([{ labels: [['broker', '0']], mBeans: () => mBeans }]).split('\n');
    expect(lines).toContain(`kafka_server_quota_throttle_time{resource="Produce",clientId="app",broker="0"} ${throttleMs}.0`);
    expect(lines.some((l) => l.startsWith('kafka_server_quota_byte_rate{resource="Produce",clientId="app",broker="0"} '))).toBe(true);
    // kafka-2_0_0.yml's client-id rule comes first and its greedy `type=(.+)` swallows the user: the
    // exporter itself labels a user/client-id sensor so (its user/client-id rule is never reached).
    expect(lines).toContain('kafka_server_quota_throttle_time{resource="Request, user=alice",clientId="tool",broker="0"} NaN');
    expect(lines).toContain(
      'kafka_server_quota_request_time{resource="Request, user=alice",clientId="tool",broker="0"} 0.009999999999999998',
    );
    // Read-only: the sensors are where they were.
    expect(quotas.produce.usage()).toHaveLength(1);
  });
});
