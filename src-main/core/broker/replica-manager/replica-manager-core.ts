import type { Logger } from '../../common/logging';
import type { TopicPartition, TopicPartitionMap } from '../../common/topic-partition';
import type { Partition } from '../partition';
import type { ReplicaFetcherManager } from '../replica-fetcher';
import type { ReplicaAlterLogDirsManager } from '../replica-alter-log-dirs';
import type { ReplicaManagerConfig, ReplicaManagerDeps } from './replica-manager-config';
import type { ReplicaManagerMetrics } from './replica-manager-metrics';

/** What the jobs ask of the leader's ISR maintenance (isr-maintenance.ts). */
export interface IsrTracker {
  updateFollowerFetchState(
    partition: Partition,
    followerId: number,
    fetchOffset: number,
    followerStartOffset: number,
    leaderEndOffset: number,
  ): void;
  forgetIsrChange(tp: TopicPartition): void;
}

/**
 * The parts of the ReplicaManager its jobs share (Kafka keeps them all in `ReplicaManager`; here
 * the controller requests, produce, fetch, offsets, ISR maintenance and log dir failure live in
 * their own files, as the controller's handlers do).
 */
export interface ReplicaManagerCore {
  readonly brokerId: number;
  readonly deps: ReplicaManagerDeps;
  readonly config: ReplicaManagerConfig;
  /** Kafka's `allPartitions`: a hosted partition, or `'offline'` when its log dir failed. */
  readonly partitions: TopicPartitionMap<Partition | 'offline'>;
  readonly fetcherManager: ReplicaFetcherManager;
  /** Moves replicas between this broker's log dirs (AlterReplicaLogDirs). */
  readonly alterLogDirsManager: ReplicaAlterLogDirsManager;
  readonly isr: IsrTracker;
  readonly metrics: ReplicaManagerMetrics;
  /** `kafka.server.ReplicaManager`, logIdent `[ReplicaManager broker=N] `. */
  readonly logger: Logger;
  /** `kafka.cluster.Partition`'s logger, logIdent the partition's `[Partition t-0 broker=N] `. */
  partitionLogger(partition: Partition): Logger;
  /** `kafka.server.ReplicaFetcherManager`, logIdent `[ReplicaFetcherManager on broker N] `. */
  readonly fetcherManagerLogger: Logger;
  /** The latest controller epoch seen in a LeaderAndIsr, StopReplica or UpdateMetadata. */
  controllerEpoch: number;
  isRunning(): boolean;
  /**
   * A controller request whose handling outlives the broker (killed meanwhile) goes no further:
   * the process is gone, so it makes no follower fetch and answers nothing.
   */
  ensureRunning(): void;
  tryCompleteDelayedRequests(tp: TopicPartition): void;
  hostedPartitions(): Partition[];
  handleLogDirFailure(dir: string): Promise<void>;
}
