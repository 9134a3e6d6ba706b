import type { TopicPartition, TopicPartitionMap } from '../../common/topic-partition';
import type { Partition } from '../partition';
import type { ReplicaFetcherManager } from '../replica-fetcher';
import type { IsrMaintenance } from './isr-maintenance';
import type { ReplicaManagerConfig, ReplicaManagerDeps } from './replica-manager-config';

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
  readonly isr: IsrMaintenance;
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
