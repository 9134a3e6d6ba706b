import type { ErrorName } from '../../common/kafka-errors';
import { Logger } from '../../common/logging';
import { errorMessage } from '../../common/throwable';
import type { TopicPartition } from '../../common/topic-partition';
import { TopicPartitionMap } from '../../common/topic-partition';
import type {
  LeaderAndIsrRequest,
  LeaderAndIsrResponse,
  StopReplicaRequest,
  StopReplicaResponse,
  UpdateMetadataRequest,
  UpdateMetadataResponse,
} from '../../controller/broker-requests';
import type { EpochEndOffset } from '../../log/leader-epoch-cache';
import type { ScheduledTask } from '../../platform/scheduler';
import { ProducePurgatory } from '../delayed-produce';
import type { DeleteRecordsPartitionResult } from '../delayed-delete-records';
import { DeleteRecordsPurgatory } from '../delayed-delete-records';
import type { Partition } from '../partition';
import { ReplicaFetcherManager } from '../replica-fetcher';
import { ReplicaAlterLogDirsManager } from '../replica-alter-log-dirs';
import type { AlterReplicaLogDirResult } from './alter-replica-log-dirs';
import { alterReplicaLogDirs } from './alter-replica-log-dirs';
import type { FollowerFetchPartition, FollowerFetchResult } from '../replica-fetcher';
import type { AppendOptions, ProducePartitionResult } from './append-records';
import { appendRecords } from './append-records';
import { becomeLeaderOrFollower } from './become-leader-or-follower';
import { deleteRecords } from './delete-records';
import type { ConsumerFetchPartition, ConsumerFetchResult } from './fetch-messages';
import { fetchForFollower, fetchMessages } from './fetch-messages';
import type { FetchOffsetOptions, FetchOffsetResult } from './fetch-offsets';
import { fetchOffsetForTimestamp, offsetForLeaderEpoch } from './fetch-offsets';
import { ISR_CHANGE_CHECK_PERIOD_MS, IsrMaintenance } from './isr-maintenance';
import { handleLogDirFailure } from './log-dir-failure';
import type { ReplicaManagerConfig, ReplicaManagerDeps } from './replica-manager-config';
import { DEFAULT_REPLICA_MANAGER_CONFIG } from './replica-manager-config';
import type { ReplicaManagerCore } from './replica-manager-core';
import { stopReplicas } from './stop-replicas';
import { maybeUpdateMetadataCache } from './update-metadata';
import { ReplicaManagerMetrics } from './replica-manager-metrics';
import type { OffsetsTxnCompletion, TxnMarkerEntry, TxnMarkerResult } from './write-txn-markers';
import { writeTxnMarkers } from './write-txn-markers';

/**
 * Kafka's `ReplicaManager`: the partitions a broker hosts, for the controller's requests
 * (become-leader-or-follower.ts, stop-replicas.ts, update-metadata.ts), produce
 * (append-records.ts), fetch and offsets (fetch-messages.ts, fetch-offsets.ts), the leader's ISR
 * maintenance (isr-maintenance.ts) and log dir failure (log-dir-failure.ts). Followers fetch
 * in-process through the `ReplicaFetcherManager`.
 */
export class ReplicaManager implements ReplicaManagerCore {
  readonly partitions = new TopicPartitionMap<Partition | 'offline'>();
  readonly config: ReplicaManagerConfig;
  controllerEpoch = 0;
  readonly isr: IsrMaintenance;
  readonly metrics: ReplicaManagerMetrics;
  private readonly tasks: ScheduledTask[] = [];
  private running = false;
  readonly fetcherManager: ReplicaFetcherManager;
  readonly alterLogDirsManager: ReplicaAlterLogDirsManager;
  readonly logger: Logger;
  readonly fetcherManagerLogger: Logger;
  private readonly schedulerLogger: Logger;
  private readonly producePurgatory: ProducePurgatory;
  private readonly deleteRecordsPurgatory: DeleteRecordsPurgatory;
  private readonly delayedRequestListeners = new Set<(tp: TopicPartition) => void>();

  constructor(readonly deps: ReplicaManagerDeps) {
    this.config = { ...DEFAULT_REPLICA_MANAGER_CONFIG, ...deps.config };
    this.logger = new Logger(deps.log, 'kafka.server.ReplicaManager', { logIdent: `[ReplicaManager broker=${deps.brokerId}] ` });
    this.schedulerLogger = new Logger(deps.log, 'kafka.utils.KafkaScheduler');
    this.isr = new IsrMaintenance(this);
    this.metrics = new ReplicaManagerMetrics(deps.metrics, this);
    this.fetcherManager = new ReplicaFetcherManager({
      brokerId: deps.brokerId,
      time: deps.time,
      config: {
        fetchWaitMaxMs: this.config.replicaFetchWaitMaxMs,
        fetchMaxBytes: this.config.replicaFetchMaxBytes,
        fetchBackoffMs: this.config.replicaFetchBackoffMs,
        numFetchers: this.config.numReplicaFetchers,
      },
      leader: (id) => deps.peer(id),
      quota: deps.replicationQuotas?.follower,
      truncation: deps.logManager,
      followerLog: (tp, leaderEpoch) => {
        const p = this.partitions.get(tp);
        return p && p !== 'offline' && !p.isLeader && p.leaderEpoch === leaderEpoch ? p.log : null;
      },
      log: deps.log,
      onReplicationBytesIn: (tp, bytes) => {
        const p = this.partitions.get(tp);
        // ReplicaFetcherThread: `partition.isReassigning && partition.isAddingLocalReplica`.
        const adding = p !== undefined && p !== 'offline' && p.addingReplicas.includes(deps.brokerId);
        this.metrics.brokerTopicStats.updateReplicationBytesIn(bytes, adding);
      },
    });
    deps.metrics.newGauge('kafka.server', 'ReplicaFetcherManager', 'MaxLag', () => this.fetcherManager.maxLag(), [['clientId', 'Replica']]);
    this.fetcherManagerLogger = this.fetcherManager.logger;
    this.alterLogDirsManager = new ReplicaAlterLogDirsManager({
      brokerId: deps.brokerId,
      time: deps.time,
      config: {
        fetchMaxBytes: this.config.replicaFetchMaxBytes,
        fetchBackoffMs: this.config.replicaFetchBackoffMs,
        numFetchers: this.config.numReplicaAlterLogDirsThreads ?? deps.logManager.logDirs.length,
      },
      logManager: deps.logManager,
      partition: (tp) => {
        const p = this.partitions.get(tp);
        return p && p !== 'offline' ? p : null;
      },
      log: deps.log,
      quota: deps.replicationQuotas?.alterLogDirs,
      onSwapped: (tp) => this.tryCompleteDelayedRequests(tp),
    });
    this.producePurgatory = new ProducePurgatory(deps.time, (tp, requiredOffset) => {
      const p = this.partitions.get(tp);
      if (!p || p === 'offline') return { done: false, error: 'NOT_LEADER_FOR_PARTITION' };
      return p.checkEnoughReplicasReachOffset(requiredOffset);
    });
    this.deleteRecordsPurgatory = new DeleteRecordsPurgatory(deps.time, (tp) => {
      const p = this.partitions.get(tp);
      if (p === 'offline') return { error: 'KAFKA_STORAGE_ERROR' };
      if (!p) return { error: 'UNKNOWN_TOPIC_OR_PARTITION' };
      if (!p.isLeader || !p.log) return { error: 'NOT_LEADER_FOR_PARTITION' };
      return { lowWatermark: p.lowWatermarkIfLeader((id) => deps.metadataCache.isBrokerAlive(id)) };
    });
  }

  startup(): void {
    const t = this.deps.time;
    this.running = true;
    // As KafkaScheduler, a task's failure is logged, not thrown: a ZooKeeper write racing a clean
    // shutdown (its session closed meanwhile) would otherwise be an unhandled rejection in the app.
    const run = (name: string, task: () => Promise<void>) => () =>
      void task().catch((e: unknown) => {
        if (this.running) this.schedulerLogger.error(`Uncaught exception in scheduled task '${name}': ${errorMessage(e)}`);
      });
    this.tasks.push(
      t.schedulePeriodic(
        'isr-expiration',
        this.config.replicaLagTimeMaxMs / 2,
        this.config.replicaLagTimeMaxMs / 2,
        run('isr-expiration', () => this.isr.maybeShrinkIsr()),
      ),
    );
    this.tasks.push(
      t.schedulePeriodic(
        'isr-change-propagation',
        ISR_CHANGE_CHECK_PERIOD_MS,
        ISR_CHANGE_CHECK_PERIOD_MS,
        run('isr-change-propagation', () => this.isr.maybePropagateIsrChanges()),
      ),
    );
  }

  shutdown(): void {
    this.running = false;
    for (const task of this.tasks.splice(0)) this.deps.time.cancel(task);
    this.fetcherManager.shutdown();
    this.alterLogDirsManager.shutdown();
    this.producePurgatory.completeAll('NOT_LEADER_FOR_PARTITION');
    this.deleteRecordsPurgatory.completeAll();
  }

  get brokerId(): number {
    return this.deps.brokerId;
  }

  isRunning(): boolean {
    return this.running;
  }

  ensureRunning(): void {
    if (!this.running) throw new Error(`ReplicaManager on broker ${this.brokerId} is shut down`);
  }

  /**
   * Kafka's `tryCompleteDelayedRequests`: the high watermark or the leadership of `tp` may have
   * changed, so parked produces (acks=−1) and parked consumer fetches (the wire protocol's
   * MaxWait/MinBytes, watching through `onDelayedRequestCheck`) look again.
   */
  tryCompleteDelayedRequests(tp: TopicPartition): void {
    this.producePurgatory.tryComplete(tp);
    this.deleteRecordsPurgatory.tryComplete(tp);
    for (const listener of this.delayedRequestListeners) listener(tp);
  }

  /** Called whenever a partition's parked requests should be checked again; returns the unsubscribe function. */
  onDelayedRequestCheck(listener: (tp: TopicPartition) => void): () => void {
    this.delayedRequestListeners.add(listener);
    return () => this.delayedRequestListeners.delete(listener);
  }

  /** Hosted partitions, for the UI and tests. */
  partitionLogger(partition: Partition): Logger {
    return new Logger(this.deps.log, 'kafka.cluster.Partition', { logIdent: partition.logPrefix() });
  }

  hostedPartitions(): Partition[] {
    return [...this.partitions.values()].filter((p): p is Partition => p !== 'offline');
  }

  getPartition(tp: TopicPartition): Partition | 'offline' | undefined {
    return this.partitions.get(tp);
  }

  becomeLeaderOrFollower(correlationId: number, request: LeaderAndIsrRequest): Promise<LeaderAndIsrResponse> {
    return becomeLeaderOrFollower(this, correlationId, request);
  }

  stopReplicas(request: StopReplicaRequest): Promise<StopReplicaResponse> {
    return stopReplicas(this, request);
  }

  maybeUpdateMetadataCache(correlationId: number, request: UpdateMetadataRequest): Promise<UpdateMetadataResponse> {
    return maybeUpdateMetadataCache(this, correlationId, request);
  }

  handleLogDirFailure(dir: string): Promise<void> {
    return handleLogDirFailure(this, dir);
  }

  appendRecords(
    timeoutMs: number,
    requiredAcks: number,
    entries: ReadonlyArray<{ readonly topicPartition: TopicPartition; readonly records: Uint8Array }>,
    options: AppendOptions = {},
  ): Promise<ProducePartitionResult[]> {
    return appendRecords(this, this.producePurgatory, timeoutMs, requiredAcks, entries, options);
  }

  /** WriteTxnMarkers: a COMMIT or ABORT control batch per partition, each marker's partitions answered (see write-txn-markers.ts). */
  writeTxnMarkers(entries: readonly TxnMarkerEntry[], onOffsetsTxnCompleted?: OffsetsTxnCompletion): Promise<TxnMarkerResult[]> {
    return writeTxnMarkers(this, (...args) => this.appendRecords(...args), entries, onOffsetsTxnCompleted);
  }

  /** DeleteRecords: each partition's log start offset moves on its leader here, then on every live follower. */
  deleteRecords(
    timeoutMs: number,
    offsets: ReadonlyArray<{ readonly topicPartition: TopicPartition; readonly offset: number }>,
  ): Promise<DeleteRecordsPartitionResult[]> {
    return deleteRecords(this, this.deleteRecordsPurgatory, timeoutMs, offsets);
  }

  /** AlterReplicaLogDirs: each partition's replica moves to the dir given (see alter-replica-log-dirs.ts). */
  alterReplicaLogDirs(partitionDirs: ReadonlyArray<readonly [TopicPartition, string]>): Promise<AlterReplicaLogDirResult[]> {
    return alterReplicaLogDirs(this, partitionDirs);
  }

  fetchForFollower(replicaId: number, requests: readonly FollowerFetchPartition[]): FollowerFetchResult[] {
    return fetchForFollower(this, replicaId, requests);
  }

  fetchMessages(
    requests: readonly ConsumerFetchPartition[],
    fetchMaxBytes = 52428800,
    isolation: 'high-watermark' | 'txn-committed' = 'high-watermark',
    hardMaxBytesLimit = false,
  ): ConsumerFetchResult[] {
    return fetchMessages(this, requests, fetchMaxBytes, isolation, hardMaxBytesLimit);
  }

  offsetForLeaderEpoch(tp: TopicPartition, currentLeaderEpoch: number | null, leaderEpoch: number): EpochEndOffset & { error: ErrorName } {
    return offsetForLeaderEpoch(this, tp, currentLeaderEpoch, leaderEpoch);
  }

  fetchOffsetForTimestamp(tp: TopicPartition, timestamp: number, options: FetchOffsetOptions = {}): FetchOffsetResult {
    return fetchOffsetForTimestamp(this, tp, timestamp, options);
  }
}
