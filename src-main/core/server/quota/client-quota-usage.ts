/**
 * The read side of the client quotas for the UI (a cluster facade query to come): per running
 * broker, each client's sensors — user and client-id tags as Kafka keeps them, the quota in force,
 * the observed rate over the quota window and the average throttle time — by quota type. Plain
 * data, copied out of the quota managers.
 */
import type { ClientQuotaUsageSnapshot, QuotaManagers } from './quota-managers';

export interface BrokerClientQuotaUsage extends ClientQuotaUsageSnapshot {
  readonly brokerId: number;
}

/** A broker as this query reads it (`KafkaServer` fits). */
export interface QuotaBroker {
  readonly id: number;
  readonly running: { readonly quotaManagers: QuotaManagers } | null;
}

/** The brokers that run, in the order given, each with its clients' usage. */
export function clientQuotaUsage(brokers: Iterable<QuotaBroker>): BrokerClientQuotaUsage[] {
  const out: BrokerClientQuotaUsage[] = [];
  for (const broker of brokers) {
    if (broker.running !== null) out.push({ brokerId: broker.id, ...broker.running.quotaManagers.usage() });
  }
  return out;
}
