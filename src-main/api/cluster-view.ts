/**
 * What the UI shows of the open cluster, derived from the facade's snapshots: a partition's health,
 * a broker as the Brokers view lists it.
 */
import type { BrokerSnapshot, PartitionSnapshot, TopicSnapshot } from '../core/cluster/cluster-facade';
import type { BrokerDto } from './contract';

export type PartitionView = PartitionSnapshot;
export type TopicView = TopicSnapshot;

/** The ids of the running brokers, the leaders a partition can have. */
export function runningBrokerIds(brokers: readonly BrokerSnapshot[]): ReadonlySet<number> {
  return new Set(brokers.filter((b) => b.isRunning).map((b) => b.id));
}

/** A partition is offline without a live leader, under-replicated with fewer in-sync replicas than replicas. */
export function isOffline(p: PartitionView, running: ReadonlySet<number>): boolean {
  return p.leader < 0 || !running.has(p.leader);
}

export function isUnderReplicated(p: PartitionView): boolean {
  return p.isr.length < p.replicas.length;
}

export function brokerDto(broker: BrokerSnapshot): BrokerDto {
  return {
    id: broker.id,
    rack: broker.rack,
    host: broker.host,
    port: broker.port,
    state: broker.state,
    isController: broker.isController,
    partitions: broker.hostedPartitions,
    leaders: broker.leaderPartitions,
    logDirs: broker.logDirs.map((d) => ({ ...d })),
    clients: broker.clients
      ? {
          connections: broker.clients.connections,
          requestsByApi: { ...broker.clients.requestsByApi },
          connectionsByClient: broker.clients.connectionsByClient.map((c) => ({ ...c })),
        }
      : null,
    replicationThrottle: broker.replicationThrottle ? { ...broker.replicationThrottle } : null,
    sessionExpiry: broker.pendingSessionExpiry
      ? { ...broker.pendingSessionExpiry, sessionTimeoutMs: broker.config.zkSessionTimeoutMs }
      : null,
  };
}
