/**
 * What `GET /metrics` answers for the open cluster: every running broker's MBeans — its Yammer
 * registry and its client quota sensors — named by the JMX exporter's kafka-2_0_0 rules with a
 * `broker` label, then the ZooKeeper server's gauges. A stopped or killed broker has no series,
 * as a JVM that is down cannot be scraped.
 */
import type { MetricsRegistry } from '../../core/metrics/metrics-registry';
import type { QuotaManagers } from '../../core/server/quota/quota-managers';
import type { ServerStatsView } from '../zookeeper/server-stats-view';
import { prometheusText, type MetricsSource } from './prometheus-text';
import { quotaMBeans } from './quota-mbeans';
import { zookeeperGaugesText } from './zookeeper-gauges';

/** A broker as the scrape reads it (`KafkaServer` fits). */
export interface ScrapedBroker {
  readonly id: number;
  readonly isRunning: boolean;
  readonly metrics: MetricsRegistry | null;
  readonly quotaManagers: QuotaManagers | null;
}

export function clusterScrapeText(brokers: Iterable<ScrapedBroker>, zookeeper: ServerStatsView | null): string {
  const sources: MetricsSource[] = [];
  for (const broker of brokers) {
    if (!broker.isRunning || broker.metrics === null) continue;
    const quotaManagers = broker.quotaManagers;
    sources.push({
      labels: [['broker', String(broker.id)]],
      registry: broker.metrics,
      mBeans: () => (quotaManagers === null ? [] : quotaMBeans(quotaManagers)),
    });
  }
  return prometheusText(sources) + (zookeeper === null ? '' : zookeeperGaugesText(zookeeper));
}
