/**
 * The client quota sensors as JMX shows them (Kafka Metrics, not Yammer: `JmxReporter` makes one
 * MBean per group and tags, `kafka.server:type=<Produce|Fetch|Request>,user=<u>,client-id=<c>`,
 * empty tags left out), with the attributes Kafka 2.5.1's `ClientQuotaManager` registers:
 * `byte-rate` (`request-time` for Request, in percent) and `throttle-time` (the average throttle
 * in ms, NaN before the first throttling, as Kafka's `Avg` of no sample). Read-only: the sensors
 * as the quota managers' `usage()` reports them.
 */
import { metricName } from '../../core/metrics/metric-name';
import type { ClientQuotaUsage } from '../../core/server/quota/client-quota-manager';
import type { QuotaManagers } from '../../core/server/quota/quota-managers';
import type { MBeanReading } from './prometheus-text';

function sensorMBeans(type: 'Produce' | 'Fetch' | 'Request', rateAttribute: string, usage: readonly ClientQuotaUsage[]): MBeanReading[] {
  return usage.map((u) => ({
    mBeanName: metricName('kafka.server', type, '', [
      ['user', u.user],
      ['client-id', u.clientId],
    ]).mBeanName,
    attributes: [
      [rateAttribute, u.observedRate],
      ['throttle-time', u.throttleTimeAvgMs ?? Number.NaN],
    ],
  }));
}

export function quotaMBeans(quotaManagers: QuotaManagers): MBeanReading[] {
  const usage = quotaManagers.usage();
  return [
    ...sensorMBeans('Produce', 'byte-rate', usage.produce),
    ...sensorMBeans('Fetch', 'byte-rate', usage.fetch),
    ...sensorMBeans('Request', 'request-time', usage.request),
  ];
}
