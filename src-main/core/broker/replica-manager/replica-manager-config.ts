import type { TopicPartition } from '../../common/topic-partition';
import type { StateChangeLogger } from '../../controller/state-change-logger';
import type { LogManager } from '../../log/log-manager/log-manager';
import type { TopicConfigValues } from '../../log/log-config';
import type { Executor } from '../../platform/executor';
import type { Time } from '../../platform/scheduler';
import type { BrokerZkClient } from '../broker-zk-client';
import type { LogSink } from '../../common/logging';
import type { MetadataCache } from '../metadata-cache';
import type { ReplicaFetcherManager, ReplicationLeader } from '../replica-fetcher';
import type { ReplicaQuota } from '../../server/quota/replication-quota-manager';
import type { MetricsRegistry } from '../../metrics/metrics-registry';

/** What a ReplicaManager asks of another broker's: to lead its fetches, and to wake its fetchers. */
export interface ReplicaManagerPeer extends ReplicationLeader {
  readonly fetcherManager: Pick<ReplicaFetcherManager, 'wake'>;
}

export interface ReplicaManagerConfig {
  /** `replica.lag.time.max.ms`: a follower not caught up for this long leaves the ISR. */
  replicaLagTimeMaxMs: number;
  /** `replica.fetch.wait.max.ms`: how long a follower's fetch waits at the leader for data. */
  replicaFetchWaitMaxMs: number;
  /** `replica.fetch.max.bytes`: bytes per partition in a follower's fetch. */
  replicaFetchMaxBytes: number;
  /** `replica.fetch.backoff.ms`: pause after a fetch error. */
  replicaFetchBackoffMs: number;
  /** `num.replica.fetchers` at startup: fetchers per leader broker. */
  numReplicaFetchers: number;
  /** `num.replica.alter.log.dirs.threads`; null: one per log dir, as Kafka's default. */
  numReplicaAlterLogDirsThreads: number | null;
  /** `request.timeout.ms`: how long a coordinator's transaction markers wait for the ISR (WriteTxnMarkers). */
  requestTimeoutMs: number;
}

export const DEFAULT_REPLICA_MANAGER_CONFIG: ReplicaManagerConfig = {
  replicaLagTimeMaxMs: 30_000,
  replicaFetchWaitMaxMs: 500,
  replicaFetchMaxBytes: 1048576,
  replicaFetchBackoffMs: 1000,
  numReplicaFetchers: 1,
  numReplicaAlterLogDirsThreads: null,
  requestTimeoutMs: 30000,
};

export interface ReplicaManagerDeps {
  brokerId: number;
  time: Time;
  /** The broker JVM's Yammer registry (ReplicaManager, Partition, BrokerTopicMetrics, ReplicaFetcherManager). */
  metrics: MetricsRegistry;
  logManager: LogManager;
  metadataCache: MetadataCache;
  zk: BrokerZkClient;
  stateChangeLog: StateChangeLogger;
  log: LogSink;
  config?: Partial<ReplicaManagerConfig>;
  /** Another running broker's ReplicaManager, for the in-process replica fetchers. */
  peer: (brokerId: number) => ReplicaManagerPeer | undefined;
  /** The broker's log config defaults overlaid with the topic's overrides from ZooKeeper. */
  topicConfig: (topic: string) => Promise<TopicConfigValues>;
  /** Where a request for many partitions pauses between slices, so the app stays responsive. */
  executor?: Executor;
  /** KafkaApis' `onLeadershipChange`: the partitions a LeaderAndIsr made this broker lead or follow (the group coordinator loads or unloads). */
  onLeadershipChange?: (leaders: TopicPartition[], followers: TopicPartition[]) => void;
  /** KafkaApis.handleUpdateMetadataRequest: the partitions an UpdateMetadata deleted (the group coordinator drops their offsets). */
  onDeletedPartitions?: (partitions: TopicPartition[]) => void;
  /** `quotaManagers.leader` (followers' fetches served here) and `.follower` (this broker's fetchers); unbounded when absent. */
  replicationQuotas?: { readonly leader: ReplicaQuota; readonly follower: ReplicaQuota; readonly alterLogDirs?: ReplicaQuota };
}
