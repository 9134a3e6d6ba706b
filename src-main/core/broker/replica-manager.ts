import { Errors } from '../common/kafka-errors';
import type { TopicPartition } from '../common/topic-partition';
import { TopicPartitionMap, tpKey } from '../common/topic-partition';
import type {
  LeaderAndIsrPartitionState,
  LeaderAndIsrRequest,
  LeaderAndIsrResponse,
  PartitionError,
  StopReplicaRequest,
  StopReplicaResponse,
  UpdateMetadataRequest,
  UpdateMetadataResponse,
} from '../controller/broker-requests';
import type { StateChangeLogger } from '../controller/state-change-logger';
import type { LogManager } from '../log/log-manager';
import type { TopicConfigValues } from '../log/log-config';
import type { Executor } from '../platform/executor';
import type { ScheduledTask, Time } from '../platform/scheduler';
import type { BrokerZkClient } from './broker-zk-client';
import type { LogSink } from './log-line';
import type { MetadataCache } from './metadata-cache';
import { Partition } from './partition';
import { ProducePurgatory } from './delayed-produce';
import { ReplicaFetcherManager } from './replica-fetcher';
import type { FollowerFetchPartition, FollowerFetchResult } from './replica-fetcher';
import type { ErrorName } from '../common/kafka-errors';
import { KafkaApiError } from '../common/kafka-errors';
import type { Log } from '../log/log';
import { EARLIEST_TIMESTAMP, LATEST_TIMESTAMP } from '../log/log';
import type { LogAppendInfo } from '../log/log-validator';
import type { EpochEndOffset } from '../log/leader-epoch-cache';
import { isFileSystemError } from '../platform/file-system';
import { CorruptRecordException, InvalidRecordException, NO_TIMESTAMP } from '../record';
import { isInternalTopic } from '../admin/topic-name';
import { RecordValidationException, type RecordError } from '../log/record-validation-exception';

const EMPTY = new Uint8Array(0);

/** One partition's part of a ProduceResponse. */
export interface ProducePartitionResult {
  readonly topicPartition: TopicPartition;
  readonly error: ErrorName;
  readonly errorMessage: string | null;
  /** First offset assigned, −1 on error. */
  readonly baseOffset: number;
  readonly lastOffset: number;
  /** LogAppendTime stamped, or −1 (CreateTime). */
  readonly logAppendTime: number;
  readonly logStartOffset: number;
  /**
   * The rejected records of a batch that failed `LogValidator`'s per-record checks (KIP-467); only
   * then does Kafka put `errorMessage` into a Produce v8 response — every other error leaves it null.
   */
  readonly recordErrors: readonly RecordError[];
}

function produceError(tp: TopicPartition, error: ErrorName, errorMessage: string | null, logStartOffset = -1): ProducePartitionResult {
  return { topicPartition: tp, error, errorMessage, baseOffset: -1, lastOffset: -1, logAppendTime: -1, logStartOffset, recordErrors: [] };
}

/**
 * The failures `appendToLocalLog` answers without logging and without the log start offset; any
 * other (NOT_ENOUGH_REPLICAS, INVALID_RECORD, OUT_OF_ORDER_SEQUENCE_NUMBER …) is logged at ERROR.
 */
const EXPECTED_APPEND_ERRORS: ReadonlySet<ErrorName> = new Set(['UNKNOWN_TOPIC_OR_PARTITION', 'NOT_LEADER_FOR_PARTITION', 'MESSAGE_TOO_LARGE', 'RECORD_LIST_TOO_LARGE', 'CORRUPT_MESSAGE', 'KAFKA_STORAGE_ERROR']);

/** Who is appending (Kafka's `AppendOrigin`): a client's batches get the client checks, a coordinator's do not. */
export type AppendOrigin = 'Client' | 'Coordinator';

export interface AppendOptions {
  /**
   * `internalTopicsAllowed`: the coordinators write their own topics; a client may only with the
   * client id `__admin_client` (`KafkaApis.handleProduceRequest`).
   */
  readonly internalTopicsAllowed?: boolean;
  readonly origin?: AppendOrigin;
}

export interface ConsumerFetchPartition {
  readonly topicPartition: TopicPartition;
  readonly fetchOffset: number;
  readonly maxBytes: number;
  readonly currentLeaderEpoch?: number | null;
}

export interface ConsumerFetchResult {
  readonly topicPartition: TopicPartition;
  readonly error: ErrorName;
  readonly errorMessage: string | null;
  readonly highWatermark: number;
  readonly lastStableOffset: number;
  readonly logStartOffset: number;
  readonly records: Uint8Array;
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
}

export const DEFAULT_REPLICA_MANAGER_CONFIG: ReplicaManagerConfig = {
  replicaLagTimeMaxMs: 30_000,
  replicaFetchWaitMaxMs: 500,
  replicaFetchMaxBytes: 1048576,
  replicaFetchBackoffMs: 1000,
};

/** Kafka's `ReplicaManager.IsrChangePropagationBlackOut` and `IsrChangePropagationInterval`. */
const ISR_CHANGE_PROPAGATION_BLACKOUT_MS = 5000;
const ISR_CHANGE_PROPAGATION_INTERVAL_MS = 60000;
const ISR_CHANGE_CHECK_PERIOD_MS = 2500;

export interface ReplicaManagerDeps {
  brokerId: number;
  time: Time;
  logManager: LogManager;
  metadataCache: MetadataCache;
  zk: BrokerZkClient;
  stateChangeLog: StateChangeLogger;
  log: LogSink;
  config?: Partial<ReplicaManagerConfig>;
  /** Another running broker's ReplicaManager, for the in-process replica fetchers. */
  peer: (brokerId: number) => ReplicaManager | undefined;
  /** The broker's log config defaults overlaid with the topic's overrides from ZooKeeper. */
  topicConfig: (topic: string) => Promise<TopicConfigValues>;
  /** Where a request for many partitions pauses between slices, so the app stays responsive. */
  executor?: Executor;
  /** KafkaApis' `onLeadershipChange`: the partitions a LeaderAndIsr made this broker lead or follow (the group coordinator loads or unloads). */
  onLeadershipChange?: (leaders: TopicPartition[], followers: TopicPartition[]) => void;
}

/** Partitions handled between two yields: creating a log may fsync its leader-epoch-checkpoint (a few ms). */
const PARTITIONS_PER_SLICE = 5;

/**
 * Kafka's `ReplicaManager`, for the controller's requests: LeaderAndIsr (become leader or
 * follower, creating the local log), StopReplica (stop, and delete the log with delete=true),
 * UpdateMetadata (into the MetadataCache), plus the leader's ISR maintenance — expand when a
 * follower has caught up, shrink after `replica.lag.time.max.ms`, and tell the controller through
 * `/isr_change_notification`. Followers "fetch" in-process: until the data path arrives a follower
 * is caught up as soon as it fetches, since logs hold no records yet.
 */
export class ReplicaManager {
  private readonly partitions = new TopicPartitionMap<Partition | 'offline'>();
  private readonly config: ReplicaManagerConfig;
  private controllerEpoch = 0;
  private readonly isrChangeSet = new TopicPartitionMap<TopicPartition>();
  private readonly isrUpdates = new TopicPartitionMap<Promise<void>>();
  private lastIsrChangeMs = 0;
  private lastIsrPropagationMs = 0;
  private readonly tasks: ScheduledTask[] = [];
  private running = false;
  readonly fetcherManager: ReplicaFetcherManager;
  private readonly producePurgatory: ProducePurgatory;
  private readonly delayedRequestListeners = new Set<(tp: TopicPartition) => void>();

  constructor(private readonly deps: ReplicaManagerDeps) {
    this.config = { ...DEFAULT_REPLICA_MANAGER_CONFIG, ...deps.config };
    this.lastIsrPropagationMs = deps.time.nowMs();
    this.fetcherManager = new ReplicaFetcherManager({
      brokerId: deps.brokerId,
      time: deps.time,
      config: {
        fetchWaitMaxMs: this.config.replicaFetchWaitMaxMs,
        fetchMaxBytes: this.config.replicaFetchMaxBytes,
        fetchBackoffMs: this.config.replicaFetchBackoffMs,
      },
      leader: (id) => deps.peer(id),
      followerLog: (tp, leaderEpoch) => {
        const p = this.partitions.get(tp);
        return p && p !== 'offline' && !p.isLeader && p.leaderEpoch === leaderEpoch ? p.log : null;
      },
      log: deps.log,
    });
    this.producePurgatory = new ProducePurgatory(deps.time, (tp, requiredOffset) => {
      const p = this.partitions.get(tp);
      if (!p || p === 'offline') return { done: false, error: 'NOT_LEADER_FOR_PARTITION' };
      return p.checkEnoughReplicasReachOffset(requiredOffset);
    });
  }

  startup(): void {
    const t = this.deps.time;
    this.running = true;
    // As KafkaScheduler, a task's failure is logged, not thrown: a ZooKeeper write racing a clean
    // shutdown (its session closed meanwhile) would otherwise be an unhandled rejection in the app.
    const run = (name: string, task: () => Promise<void>) => () =>
      void task().catch((e: unknown) => {
        if (this.running) this.deps.log({ file: 'server.log', level: 'ERROR', logger: 'kafka.utils.KafkaScheduler', message: `Uncaught exception in scheduled task '${name}': ${e instanceof Error ? e.message : String(e)}` });
      });
    this.tasks.push(t.schedulePeriodic('isr-expiration', this.config.replicaLagTimeMaxMs / 2, this.config.replicaLagTimeMaxMs / 2, run('isr-expiration', () => this.maybeShrinkIsr())));
    this.tasks.push(t.schedulePeriodic('isr-change-propagation', ISR_CHANGE_CHECK_PERIOD_MS, ISR_CHANGE_CHECK_PERIOD_MS, run('isr-change-propagation', () => this.maybePropagateIsrChanges())));
  }

  shutdown(): void {
    this.running = false;
    for (const task of this.tasks.splice(0)) this.deps.time.cancel(task);
    this.fetcherManager.shutdown();
    this.producePurgatory.completeAll('NOT_LEADER_FOR_PARTITION');
  }

  get brokerId(): number {
    return this.deps.brokerId;
  }

  /**
   * A controller request whose handling outlives the broker (killed meanwhile) goes no further:
   * the process is gone, so it makes no follower fetch and answers nothing.
   */
  private ensureRunning(): void {
    if (!this.running) throw new Error(`ReplicaManager on broker ${this.brokerId} is shut down`);
  }

  /**
   * Kafka's `tryCompleteDelayedRequests`: the high watermark or the leadership of `tp` may have
   * changed, so parked produces (acks=−1) and parked consumer fetches (the wire protocol's
   * MaxWait/MinBytes, watching through `onDelayedRequestCheck`) look again.
   */
  private tryCompleteDelayedRequests(tp: TopicPartition): void {
    this.producePurgatory.tryComplete(tp);
    for (const listener of this.delayedRequestListeners) listener(tp);
  }

  /** Called whenever a partition's parked requests should be checked again; returns the unsubscribe function. */
  onDelayedRequestCheck(listener: (tp: TopicPartition) => void): () => void {
    this.delayedRequestListeners.add(listener);
    return () => this.delayedRequestListeners.delete(listener);
  }

  /** Hosted partitions, for the UI and tests. */
  hostedPartitions(): Partition[] {
    return [...this.partitions.values()].filter((p): p is Partition => p !== 'offline');
  }

  getPartition(tp: TopicPartition): Partition | 'offline' | undefined {
    return this.partitions.get(tp);
  }

  // ---- controller requests ----

  async becomeLeaderOrFollower(correlationId: number, request: LeaderAndIsrRequest): Promise<LeaderAndIsrResponse> {
    this.ensureRunning();
    const log = this.deps.stateChangeLog;
    const controllerId = request.controllerId;
    if (request.controllerEpoch < this.controllerEpoch) {
      log.warn(
        `Ignoring LeaderAndIsr request from controller ${controllerId} with correlation id ${correlationId} since its controller epoch ${request.controllerEpoch} is old. Latest known controller epoch is ${this.controllerEpoch}`,
      );
      return { apiKey: 'LeaderAndIsr', errorCode: Errors.STALE_CONTROLLER_EPOCH.code, partitionErrors: [] };
    }
    this.controllerEpoch = request.controllerEpoch;
    const errors = new TopicPartitionMap<number>();
    const accepted: Array<{ partition: Partition; state: LeaderAndIsrPartitionState }> = [];
    for (const state of request.partitionStates) {
      const tp = { topic: state.topicName, partition: state.partitionIndex };
      const hosted = this.partitions.get(tp);
      if (hosted === 'offline') {
        log.warn(
          `Ignoring LeaderAndIsr request from controller ${controllerId} with correlation id ${correlationId} epoch ${this.controllerEpoch} for partition ${tpKey(tp)} as the local replica for the partition is in an offline log directory`,
        );
        errors.set(tp, Errors.KAFKA_STORAGE_ERROR.code);
        continue;
      }
      const partition = hosted ?? new Partition(tp, this.brokerId);
      if (!hosted) this.partitions.set(tp, partition);
      if (state.leaderEpoch > partition.leaderEpoch) {
        if (state.replicas.includes(this.brokerId)) accepted.push({ partition, state });
        else {
          log.warn(
            `Ignoring LeaderAndIsr request from controller ${controllerId} with correlation id ${correlationId} epoch ${this.controllerEpoch} for partition ${tpKey(tp)} as itself is not in assigned replica list ${state.replicas.join(',')}`,
          );
          errors.set(tp, Errors.UNKNOWN_TOPIC_OR_PARTITION.code);
        }
      } else if (state.leaderEpoch < partition.leaderEpoch) {
        log.warn(
          `Ignoring LeaderAndIsr request from controller ${controllerId} with correlation id ${correlationId} epoch ${this.controllerEpoch} for partition ${tpKey(tp)} since its associated leader epoch ${state.leaderEpoch} is smaller than the current leader epoch ${partition.leaderEpoch}`,
        );
        errors.set(tp, Errors.STALE_CONTROLLER_EPOCH.code);
      } else {
        log.info(
          `Ignoring LeaderAndIsr request from controller ${controllerId} with correlation id ${correlationId} epoch ${this.controllerEpoch} for partition ${tpKey(tp)} since its associated leader epoch ${state.leaderEpoch} matches the current leader epoch`,
        );
        errors.set(tp, Errors.STALE_CONTROLLER_EPOCH.code);
      }
    }
    const configs = new Map<string, TopicConfigValues>();
    for (const { partition } of accepted) {
      const topic = partition.topicPartition.topic;
      if (!configs.has(topic)) configs.set(topic, await this.deps.topicConfig(topic));
    }
    this.ensureRunning();
    let sinceYield = 0;
    const madeLeaders: TopicPartition[] = [];
    const madeFollowers: TopicPartition[] = [];
    for (const { partition, state } of accepted) {
      if (++sinceYield >= PARTITIONS_PER_SLICE && this.deps.executor) {
        sinceYield = 0;
        await this.deps.executor.yield();
      }
      this.ensureRunning();
      try {
        if (state.leader === this.brokerId) this.makeLeader(controllerId, correlationId, partition, state, configs.get(partition.topicPartition.topic) ?? {});
        else this.makeFollower(controllerId, correlationId, partition, state, configs.get(partition.topicPartition.topic) ?? {});
        (state.leader === this.brokerId ? madeLeaders : madeFollowers).push(partition.topicPartition);
        errors.set(partition.topicPartition, Errors.NONE.code);
      } catch (e) {
        log.error(`Error while making broker the ${state.leader === this.brokerId ? 'leader' : 'follower'} for partition ${partition.name}: ${e instanceof Error ? e.message : String(e)}`);
        errors.set(partition.topicPartition, Errors.KAFKA_STORAGE_ERROR.code);
      }
    }
    if (madeLeaders.length > 0 || madeFollowers.length > 0) this.deps.onLeadershipChange?.(madeLeaders, madeFollowers);
    const partitionErrors: PartitionError[] = request.partitionStates.map((s) => ({
      topicName: s.topicName,
      partitionIndex: s.partitionIndex,
      errorCode: errors.get({ topic: s.topicName, partition: s.partitionIndex }) ?? Errors.NONE.code,
    }));
    return { apiKey: 'LeaderAndIsr', errorCode: Errors.NONE.code, partitionErrors };
  }

  /**
   * `Partition.createLogIfNotExists`: the local log (found or created); a log this partition
   * object sees for the first time starts from the high watermark in `replication-offset-checkpoint`.
   */
  private createLogIfNotExists(partition: Partition, isNew: boolean, config: TopicConfigValues): void {
    if (partition.log) return;
    const lm = this.deps.logManager;
    const log = lm.getLog(partition.topicPartition) ?? lm.getOrCreateLog(partition.topicPartition, config, { isNew });
    const checkpointed = lm.checkpointedHighWatermark(log.parentDir, partition.topicPartition);
    if (checkpointed === null) {
      this.deps.log({ file: 'server.log', level: 'INFO', logger: 'kafka.cluster.Partition', message: `${partition.logPrefix()}No checkpointed highwatermark is found for partition ${partition.name}` });
      log.updateHighWatermark(0);
    } else {
      log.updateHighWatermark(checkpointed);
    }
    partition.log = log;
  }

  private makeLeader(controllerId: number, correlationId: number, partition: Partition, state: LeaderAndIsrPartitionState, config: TopicConfigValues): void {
    const previousEpoch = partition.leaderEpoch;
    partition.applyState(state);
    this.createLogIfNotExists(partition, state.isNew, config);
    const log = partition.log;
    const startOffset = log?.logEndOffset ?? 0;
    this.deps.log({
      file: 'server.log',
      level: 'INFO',
      logger: 'kafka.cluster.Partition',
      message: `${partition.logPrefix()}${partition.name} starts at leader epoch ${state.leaderEpoch} from offset ${startOffset} with high watermark ${log?.highWatermark ?? 0}. Previous leader epoch was ${previousEpoch}.`,
    });
    this.fetcherManager.removeFetcherForPartitions([partition.topicPartition]);
    const now = this.deps.time.nowMs();
    partition.becomeLeader(now);
    // With the ISR down to the leader alone the high watermark may move at once.
    if (partition.maybeIncrementLeaderHW(now, this.config.replicaLagTimeMaxMs)) this.tryCompleteDelayedRequests(partition.topicPartition);
    this.deps.stateChangeLog.trace(
      `Completed LeaderAndIsr request correlationId ${correlationId} from controller ${controllerId} epoch ${this.controllerEpoch} for the become-leader transition for partition ${partition.name}`,
    );
  }

  private makeFollower(controllerId: number, correlationId: number, partition: Partition, state: LeaderAndIsrPartitionState, config: TopicConfigValues): void {
    const leaderAlive = this.deps.metadataCache.isBrokerAlive(state.leader);
    partition.applyState(state);
    this.createLogIfNotExists(partition, state.isNew, config);
    partition.becomeFollower();
    this.fetcherManager.removeFetcherForPartitions([partition.topicPartition]);
    this.tryCompleteDelayedRequests(partition.topicPartition);
    if (!leaderAlive) {
      this.deps.stateChangeLog.error(
        `Received LeaderAndIsrRequest with correlation id ${correlationId} from controller ${controllerId} epoch ${this.controllerEpoch} for partition ${partition.name} (last update controller epoch ${state.controllerEpoch}) but cannot become follower since the new leader ${state.leader} is unavailable.`,
      );
      return;
    }
    this.deps.log({
      file: 'server.log',
      level: 'INFO',
      logger: 'kafka.server.ReplicaFetcherManager',
      message: `[ReplicaFetcherManager on broker ${this.brokerId}] Added fetcher to broker BrokerEndPoint(id=${state.leader}) for partitions Map(${partition.name} -> (offset=${partition.log?.logEndOffset ?? 0}, leaderEpoch=${state.leaderEpoch}))`,
    });
    this.fetcherManager.addFetcherForPartitions([[partition.topicPartition, { leaderId: state.leader, leaderEpoch: state.leaderEpoch }]]);
    this.deps.stateChangeLog.trace(
      `Completed LeaderAndIsr request correlationId ${correlationId} from controller ${controllerId} epoch ${this.controllerEpoch} for the become-follower transition for partition ${partition.name} with leader ${state.leader}`,
    );
  }

  stopReplicas(request: StopReplicaRequest): StopReplicaResponse {
    this.ensureRunning();
    const log = this.deps.stateChangeLog;
    if (request.controllerEpoch < this.controllerEpoch) {
      log.warn(`Received stop replica request from an old controller epoch ${request.controllerEpoch}. Latest known controller epoch is ${this.controllerEpoch}`);
      return { apiKey: 'StopReplica', errorCode: Errors.STALE_CONTROLLER_EPOCH.code, partitionErrors: [] };
    }
    this.controllerEpoch = request.controllerEpoch;
    const partitionErrors: PartitionError[] = [];
    for (const tp of request.partitions) {
      let errorCode = Errors.NONE.code;
      try {
        this.stopReplica(tp, request.deletePartitions);
      } catch (e) {
        log.error(`Ignoring stop replica (delete=${request.deletePartitions}) for partition ${tpKey(tp)} due to storage exception: ${e instanceof Error ? e.message : String(e)}`);
        errorCode = Errors.KAFKA_STORAGE_ERROR.code;
      }
      partitionErrors.push({ topicName: tp.topic, partitionIndex: tp.partition, errorCode });
    }
    return { apiKey: 'StopReplica', errorCode: Errors.NONE.code, partitionErrors };
  }

  private stopReplica(tp: TopicPartition, deletePartition: boolean): void {
    const log = this.deps.stateChangeLog;
    log.trace(`Handling stop replica (delete=${deletePartition}) for partition ${tpKey(tp)}`);
    const hosted = this.partitions.get(tp);
    this.fetcherManager.removeFetcherForPartitions([tp]);
    if (deletePartition) {
      if (hosted === 'offline') throw new Error(`Partition ${tpKey(tp)} is on an offline disk`);
      if (hosted) {
        this.partitions.delete(tp);
        this.isrChangeSet.delete(tp);
      } else {
        log.trace(`Ignoring stop replica (delete=${deletePartition}) for partition ${tpKey(tp)} as replica doesn't exist on broker`);
      }
      // Also a log the ReplicaManager no longer holds (a topic deleted while this broker was down).
      if (this.deps.logManager.getLog(tp)) this.deps.logManager.asyncDelete(tp);
      if (this.deps.logManager.getLog(tp, true)) this.deps.logManager.asyncDelete(tp, true);
    } else if (hosted && hosted !== 'offline') {
      // A stopped replica stops fetching; it stays hosted until deleted or led again.
      hosted.leader = -1;
      hosted.becomeFollower();
    }
    this.tryCompleteDelayedRequests(tp);
    log.trace(`Finished handling stop replica (delete=${deletePartition}) for partition ${tpKey(tp)}`);
  }

  async maybeUpdateMetadataCache(correlationId: number, request: UpdateMetadataRequest): Promise<UpdateMetadataResponse> {
    this.ensureRunning();
    if (request.controllerEpoch < this.controllerEpoch) {
      this.deps.stateChangeLog.warn(
        `Received update metadata request with correlation id ${correlationId} from an old controller ${request.controllerId} with epoch ${request.controllerEpoch}. Latest known controller epoch is ${this.controllerEpoch}`,
      );
      return { apiKey: 'UpdateMetadata', errorCode: Errors.STALE_CONTROLLER_EPOCH.code };
    }
    this.controllerEpoch = request.controllerEpoch;
    const { lines } = this.deps.metadataCache.updateMetadata(correlationId, request);
    let sinceYield = 0;
    for (const line of lines) {
      this.deps.stateChangeLog.trace(line);
      if (++sinceYield >= 500 && this.deps.executor) {
        sinceYield = 0;
        await this.deps.executor.yield();
        this.ensureRunning();
      }
    }
    return { apiKey: 'UpdateMetadata', errorCode: Errors.NONE.code };
  }

  // ---- log dir failure ----

  /** A log dir failed: its partitions go offline and the controller is told through ZooKeeper. */
  async handleLogDirFailure(dir: string): Promise<void> {
    const offline: TopicPartition[] = [];
    for (const [tp, hosted] of this.partitions) {
      if (hosted !== 'offline' && hosted.log?.parentDir === dir) offline.push(tp);
    }
    this.fetcherManager.removeFetcherForPartitions(offline);
    for (const tp of offline) {
      this.partitions.set(tp, 'offline');
      this.isrChangeSet.delete(tp);
      this.tryCompleteDelayedRequests(tp);
    }
    this.deps.logManager.handleLogDirFailure(dir);
    this.deps.log({
      file: 'server.log',
      level: 'WARN',
      logger: 'kafka.server.ReplicaManager',
      message: `[ReplicaManager broker=${this.brokerId}] Broker ${this.brokerId} stopped fetcher for partitions ${offline.map(tpKey).join(',')} and stopped moving logs for partitions  because they are in the failed log directory ${dir}.`,
    });
    await this.deps.zk.propagateLogDirEvent(this.brokerId);
  }

  // ---- ISR maintenance (leader side) ----

  /**
   * `Partition.updateFollowerFetchState`: a follower fetched from `fetchOffset` while this leader's
   * log ended at `leaderEndOffset`; it may rejoin the ISR, and the high watermark may move.
   */
  private updateFollowerFetchState(partition: Partition, followerId: number, fetchOffset: number, followerStartOffset: number, leaderEndOffset: number): void {
    const replica = partition.remoteReplicas.get(followerId);
    if (!replica) return;
    const now = this.deps.time.nowMs();
    const previousEnd = replica.logEndOffset;
    replica.updateFetchState(fetchOffset, followerStartOffset, now, leaderEndOffset);
    if (!partition.isr.includes(followerId) && partition.isFollowerInSync(replica)) void this.maybeExpandIsr(partition, followerId);
    if (previousEnd !== replica.logEndOffset && partition.maybeIncrementLeaderHW(now, this.config.replicaLagTimeMaxMs)) {
      this.tryCompleteDelayedRequests(partition.topicPartition);
    }
  }

  /** `maybeExpandIsr`: the follower reached the high watermark: the leader adds it to the ISR in ZooKeeper. */
  private maybeExpandIsr(partition: Partition, followerId: number): Promise<void> {
    const leaderEpoch = partition.leaderEpoch;
    return this.withIsrLock(partition, async () => {
      // Checked again under the lock: another follower's expansion may have just been written.
      const replica = partition.remoteReplicas.get(followerId);
      if (!replica || partition.isr.includes(followerId) || !partition.isLeader || partition.leaderEpoch !== leaderEpoch) return;
      if (!partition.isFollowerInSync(replica)) return;
      const newIsr = [...partition.isr, followerId];
      this.deps.log({
        file: 'server.log',
        level: 'INFO',
        logger: 'kafka.cluster.Partition',
        message: `${partition.logPrefix()}Expanding ISR from ${partition.isr.join(',')} to ${newIsr.join(',')}`,
      });
      await this.updateIsr(partition, newIsr);
    }).catch((e: unknown) => {
      // A broker killed under the write (its session dropped) is gone: it logs nothing more.
      if (!this.running) return;
      this.deps.log({ file: 'server.log', level: 'ERROR', logger: 'kafka.cluster.Partition', message: `${partition.logPrefix()}Failed to expand ISR: ${e instanceof Error ? e.message : String(e)}` });
    });
  }

  /**
   * Kafka's `leaderIsrUpdateLock`: an ISR change is decided and written to ZooKeeper under the
   * partition's write lock, so two followers catching up at once make two successive changes
   * (0,1 → 0,1,2 → 0,1,2,3), not two conflicting ones.
   */
  private withIsrLock(partition: Partition, update: () => Promise<void>): Promise<void> {
    const tp = partition.topicPartition;
    const run = (this.isrUpdates.get(tp) ?? Promise.resolve()).then(update);
    const done = run.catch(() => undefined);
    this.isrUpdates.set(tp, done);
    void done.then(() => {
      if (this.isrUpdates.get(tp) === done) this.isrUpdates.delete(tp);
    });
    return run;
  }

  private async maybeShrinkIsr(): Promise<void> {
    if (!this.running) return;
    const now = this.deps.time.nowMs();
    for (const partition of this.hostedPartitions()) {
      // As KafkaScheduler's shutdown, a round in progress ends with the broker: no write after it stopped.
      if (!this.running) return;
      if (!partition.isLeader) continue;
      await this.withIsrLock(partition, async () => {
        if (!partition.isLeader || !this.running) return;
        const outOfSync = partition.outOfSyncReplicas(now, this.config.replicaLagTimeMaxMs);
        if (outOfSync.length === 0) return;
        const newIsr = partition.isr.filter((r) => !outOfSync.includes(r));
        const logEnd = partition.log?.logEndOffset ?? 0;
        this.deps.log({
          file: 'server.log',
          level: 'INFO',
          logger: 'kafka.cluster.Partition',
          message: `${partition.logPrefix()}Shrinking ISR from ${partition.isr.join(',')} to ${newIsr.join(',')}. Leader: (highWatermark: ${partition.log?.highWatermark ?? 0}, endOffset: ${logEnd}). Out of sync replicas: ${outOfSync
            .map((r) => `(brokerId: ${r}, endOffset: ${partition.remoteReplicas.get(r)?.logEndOffset ?? -1})`)
            .join(' ')}.`,
        });
        await this.updateIsr(partition, newIsr);
        // A smaller ISR may let the high watermark (and waiting acks=-1 appends) move on.
        partition.maybeIncrementLeaderHW(this.deps.time.nowMs(), this.config.replicaLagTimeMaxMs);
        this.tryCompleteDelayedRequests(partition.topicPartition);
      });
    }
  }

  /** `Partition.updateIsr`: conditional on the cached zkVersion; on a conflict the controller's next LeaderAndIsr decides. */
  private async updateIsr(partition: Partition, newIsr: number[]): Promise<void> {
    const { leaderEpoch, zkVersion } = partition;
    const newVersion = await this.deps.zk.updateLeaderAndIsrAsLeader(
      partition.topicPartition,
      { leader: partition.leader, leaderEpoch: partition.leaderEpoch, isr: newIsr, zkVersion: partition.zkVersion },
      partition.controllerEpoch,
    );
    if (newVersion === null) {
      this.deps.log({
        file: 'server.log',
        level: 'INFO',
        logger: 'kafka.cluster.Partition',
        message: `${partition.logPrefix()}Cached zkVersion ${partition.zkVersion} not equal to that in zookeeper, skip updating ISR`,
      });
      return;
    }
    // A LeaderAndIsr applied meanwhile carries a later state than this write: keep it.
    if (partition.leaderEpoch !== leaderEpoch || partition.zkVersion !== zkVersion) return;
    partition.isr = newIsr;
    partition.zkVersion = newVersion;
    this.tryCompleteDelayedRequests(partition.topicPartition);
    this.isrChangeSet.set(partition.topicPartition, partition.topicPartition);
    this.lastIsrChangeMs = this.deps.time.nowMs();
  }

  /** Every 2.5 s: one `/isr_change_notification` node for the pending changes, after 5 s of quiet or 60 s at most. */
  private async maybePropagateIsrChanges(): Promise<void> {
    if (!this.running || this.isrChangeSet.size === 0) return;
    const now = this.deps.time.nowMs();
    if (this.lastIsrChangeMs + ISR_CHANGE_PROPAGATION_BLACKOUT_MS < now || this.lastIsrPropagationMs + ISR_CHANGE_PROPAGATION_INTERVAL_MS < now) {
      const partitions = [...this.isrChangeSet.values()];
      this.isrChangeSet.clear();
      this.lastIsrPropagationMs = now;
      await this.deps.zk.propagateIsrChanges(partitions);
    }
  }

  // ---- data path: produce ----

  /**
   * `ReplicaManager.appendRecords`: each partition's batches go to its leader log; with acks=−1 the
   * answer waits until the ISR has them (or `timeoutMs`). Errors are per partition, as in a
   * ProduceResponse.
   */
  async appendRecords(
    timeoutMs: number,
    requiredAcks: number,
    entries: ReadonlyArray<{ readonly topicPartition: TopicPartition; readonly records: Uint8Array }>,
    { internalTopicsAllowed = false, origin = 'Client' }: AppendOptions = {},
  ): Promise<ProducePartitionResult[]> {
    if (requiredAcks !== -1 && requiredAcks !== 0 && requiredAcks !== 1) {
      return entries.map((e) => produceError(e.topicPartition, 'INVALID_REQUIRED_ACKS', null));
    }
    const now = this.deps.time.nowMs();
    const results: ProducePartitionResult[] = [];
    const waiting: Array<Promise<void>> = [];
    for (const { topicPartition: tp, records } of entries) {
      if (isInternalTopic(tp.topic) && !internalTopicsAllowed) {
        results.push(produceError(tp, 'INVALID_TOPIC_EXCEPTION', `Cannot append to internal topic ${tp.topic}`));
        continue;
      }
      const found = this.leaderPartitionOrError(tp, null, true);
      if ('error' in found) {
        results.push(produceError(tp, found.error, found.message));
        continue;
      }
      const { partition, log } = found;
      let info: LogAppendInfo;
      try {
        info = partition.appendRecordsToLeader(records, requiredAcks, origin === 'Client');
      } catch (e) {
        results.push(this.appendFailure(tp, log, e));
        continue;
      }
      if (partition.maybeIncrementLeaderHW(now, this.config.replicaLagTimeMaxMs)) this.tryCompleteDelayedRequests(tp);
      this.wakeFollowers(partition);
      const result: ProducePartitionResult = {
        topicPartition: tp,
        error: 'NONE',
        errorMessage: null,
        baseOffset: info.firstOffset ?? -1,
        lastOffset: info.lastOffset,
        logAppendTime: info.logAppendTime,
        logStartOffset: log.logStartOffset,
        recordErrors: [],
      };
      results.push(result);
      if (requiredAcks === -1 && info.shallowCount > 0) {
        waiting.push(
          this.producePurgatory.watch(tp, info.lastOffset + 1, timeoutMs).then((error) => {
            if (error !== 'NONE') Object.assign(result, { error, errorMessage: null });
          }),
        );
      }
    }
    await Promise.all(waiting);
    return results;
  }

  private appendFailure(tp: TopicPartition, log: Log, e: unknown): ProducePartitionResult {
    if (e instanceof RecordValidationException) {
      this.logAppendError(tp, e.invalidException);
      return { ...produceError(tp, e.invalidException.errorName, e.message, log.logStartOffset), recordErrors: e.recordErrors };
    }
    if (e instanceof KafkaApiError && EXPECTED_APPEND_ERRORS.has(e.errorName)) return produceError(tp, e.errorName, e.message);
    if (e instanceof CorruptRecordException) return produceError(tp, 'CORRUPT_MESSAGE', e.message);
    if (e instanceof KafkaApiError || e instanceof InvalidRecordException) {
      this.logAppendError(tp, e);
      return produceError(tp, e instanceof KafkaApiError ? e.errorName : 'INVALID_RECORD', e.message, log.logStartOffset);
    }
    if (isFileSystemError(e)) {
      const message = `Error while appending records to ${tpKey(tp)} in dir ${log.parentDir}`;
      this.deps.log({ file: 'server.log', level: 'ERROR', logger: 'kafka.server.LogDirFailureChannel', message });
      void this.handleLogDirFailure(log.parentDir);
      return produceError(tp, 'KAFKA_STORAGE_ERROR', message);
    }
    this.logAppendError(tp, e);
    return produceError(tp, 'UNKNOWN_SERVER_ERROR', e instanceof Error ? e.message : String(e), log.logStartOffset);
  }

  /** `appendToLocalLog.processFailedRecord`'s line. */
  private logAppendError(tp: TopicPartition, e: unknown): void {
    this.deps.log({
      file: 'server.log',
      level: 'ERROR',
      logger: 'kafka.server.ReplicaManager',
      message: `[ReplicaManager broker=${this.brokerId}] Error processing append operation on partition ${tpKey(tp)}: ${e instanceof Error ? e.message : String(e)}`,
    });
  }

  /** The leader has new data: its followers' parked fetches return (they fetch now). */
  private wakeFollowers(partition: Partition): void {
    for (const id of partition.replicas) {
      if (id !== this.brokerId) this.deps.peer(id)?.fetcherManager.wake(this.brokerId);
    }
  }

  /**
   * `getPartitionOrException` + `localLogWithEpochOrException`: the partition's log here, checked
   * for leadership (`requireLeader`) and for the caller's view of the leader epoch.
   */
  private leaderPartitionOrError(
    tp: TopicPartition,
    currentLeaderEpoch: number | null,
    requireLeader: boolean,
  ): { partition: Partition; log: Log } | { error: ErrorName; message: string } {
    const hosted = this.partitions.get(tp);
    if (hosted === 'offline') return { error: 'KAFKA_STORAGE_ERROR', message: `Partition ${tpKey(tp)} is in an offline log directory` };
    if (!hosted || !hosted.log) {
      return this.deps.metadataCache.getPartitionInfo(tp.topic, tp.partition) !== undefined
        ? { error: 'NOT_LEADER_FOR_PARTITION', message: `Broker ${this.brokerId} is not leader for partition ${tpKey(tp)}` }
        : { error: 'UNKNOWN_TOPIC_OR_PARTITION', message: `Partition ${tpKey(tp)} doesn't exist` };
    }
    if (currentLeaderEpoch !== null && currentLeaderEpoch >= 0) {
      if (hosted.leaderEpoch > currentLeaderEpoch) return { error: 'FENCED_LEADER_EPOCH', message: `The leader epoch in the request (${currentLeaderEpoch}) is older than ${hosted.leaderEpoch}` };
      if (hosted.leaderEpoch < currentLeaderEpoch) return { error: 'UNKNOWN_LEADER_EPOCH', message: `The leader epoch in the request (${currentLeaderEpoch}) is newer than ${hosted.leaderEpoch}` };
    }
    if (requireLeader && !hosted.isLeader) {
      return { error: 'NOT_LEADER_FOR_PARTITION', message: `Leader not local for partition ${tpKey(tp)} on broker ${this.brokerId}` };
    }
    return { partition: hosted, log: hosted.log };
  }

  // ---- data path: fetch ----

  /** The leader side of a follower's fetch: the batches from each fetch offset, then the follower's fetch state. */
  fetchForFollower(replicaId: number, requests: readonly FollowerFetchPartition[]): FollowerFetchResult[] {
    const results: FollowerFetchResult[] = [];
    let first = true;
    for (const request of requests) {
      const found = this.leaderPartitionOrError(request.topicPartition, request.currentLeaderEpoch, true);
      if ('error' in found) {
        results.push({ error: found.error, highWatermark: -1, logStartOffset: -1, logEndOffset: -1, records: EMPTY });
        continue;
      }
      const { partition, log } = found;
      const highWatermark = log.highWatermark;
      const leaderEndOffset = log.logEndOffset;
      try {
        const info = log.read(request.fetchOffset, request.maxBytes, 'log-end', first);
        if (info.records.length > 0) first = false;
        results.push({ error: 'NONE', highWatermark, logStartOffset: log.logStartOffset, logEndOffset: leaderEndOffset, records: info.records });
      } catch (e) {
        const error: ErrorName = e instanceof KafkaApiError ? e.errorName : isFileSystemError(e) ? 'KAFKA_STORAGE_ERROR' : 'UNKNOWN_SERVER_ERROR';
        if (isFileSystemError(e)) void this.handleLogDirFailure(log.parentDir);
        results.push({ error, highWatermark, logStartOffset: log.logStartOffset, logEndOffset: leaderEndOffset, records: EMPTY });
        continue;
      }
      this.updateFollowerFetchState(partition, replicaId, request.fetchOffset, request.logStartOffset, leaderEndOffset);
    }
    return results;
  }

  /** OffsetsForLeaderEpoch (leader side): where `leaderEpoch` ended in this leader's log. */
  offsetForLeaderEpoch(tp: TopicPartition, currentLeaderEpoch: number, leaderEpoch: number): EpochEndOffset & { error: ErrorName } {
    const found = this.leaderPartitionOrError(tp, currentLeaderEpoch, true);
    if ('error' in found) return { error: found.error, leaderEpoch: -1, endOffset: -1 };
    return { error: 'NONE', ...found.log.endOffsetForEpoch(leaderEpoch) };
  }

  /**
   * A consumer's fetch (`fetchMessages` with replica id −1): whole batches from each offset, up to
   * the high watermark, at least one batch for the first partition with data (KIP-74).
   */
  fetchMessages(requests: readonly ConsumerFetchPartition[], fetchMaxBytes = 52428800): ConsumerFetchResult[] {
    let remaining = fetchMaxBytes;
    let minOneMessage = true;
    return requests.map((request) => {
      const tp = request.topicPartition;
      const found = this.leaderPartitionOrError(tp, request.currentLeaderEpoch ?? null, true);
      if ('error' in found) return { topicPartition: tp, error: found.error, errorMessage: found.message, highWatermark: -1, logStartOffset: -1, lastStableOffset: -1, records: EMPTY };
      const { log } = found;
      const base = { topicPartition: tp, highWatermark: log.highWatermark, logStartOffset: log.logStartOffset, lastStableOffset: log.highWatermark };
      try {
        const info = log.read(request.fetchOffset, Math.min(request.maxBytes, remaining), 'high-watermark', minOneMessage);
        if (info.records.length > 0) minOneMessage = false;
        remaining = Math.max(0, remaining - info.records.length);
        return { ...base, error: 'NONE', errorMessage: null, records: info.records };
      } catch (e) {
        if (e instanceof KafkaApiError) return { ...base, error: e.errorName, errorMessage: e.message, records: EMPTY };
        if (isFileSystemError(e)) void this.handleLogDirFailure(log.parentDir);
        return { ...base, error: isFileSystemError(e) ? 'KAFKA_STORAGE_ERROR' : 'UNKNOWN_SERVER_ERROR', errorMessage: e instanceof Error ? e.message : String(e), records: EMPTY };
      }
    });
  }

  /**
   * ListOffsets (`Partition.fetchOffsetForTimestamp`): −1 latest (the high watermark for a client,
   * the log end for a replica), −2 earliest, else the first offset with timestamp ≥ the target.
   * OFFSET_NOT_AVAILABLE while a new leader's high watermark is below its epoch's start.
   */
  fetchOffsetForTimestamp(
    tp: TopicPartition,
    timestamp: number,
    options: { isolation?: 'read_uncommitted' | 'read_committed' | null; currentLeaderEpoch?: number | null; fetchOnlyFromLeader?: boolean } = {},
  ): { error: ErrorName; errorMessage: string | null; timestamp: number; offset: number; leaderEpoch: number | null } {
    const found = this.leaderPartitionOrError(tp, options.currentLeaderEpoch ?? null, options.fetchOnlyFromLeader ?? true);
    if ('error' in found) return { error: found.error, errorMessage: found.message, timestamp: -1, offset: -1, leaderEpoch: null };
    const { partition, log } = found;
    const isolation = options.isolation === undefined ? 'read_uncommitted' : options.isolation;
    const lastFetchableOffset = isolation === null ? log.logEndOffset : log.highWatermark;
    const epochStart = partition.leaderEpochStartOffset;
    const offsetsError =
      isolation !== null && epochStart !== null && epochStart > log.highWatermark
        ? `Failed to fetch offsets for partition ${tpKey(tp)} with leader epoch ${partition.leaderEpoch} as this partition's high watermark (${log.highWatermark}) is lagging behind the start offset from the beginning of this epoch (${epochStart}).`
        : null;
    const notAvailable = { error: 'OFFSET_NOT_AVAILABLE' as ErrorName, errorMessage: offsetsError, timestamp: -1, offset: -1, leaderEpoch: null };
    if (timestamp === LATEST_TIMESTAMP) {
      if (offsetsError) return notAvailable;
      return { error: 'NONE', errorMessage: null, timestamp: NO_TIMESTAMP, offset: lastFetchableOffset, leaderEpoch: partition.leaderEpoch };
    }
    const byTimestamp = log.fetchOffsetByTimestamp(timestamp);
    if (timestamp === EARLIEST_TIMESTAMP) {
      return { error: 'NONE', errorMessage: null, timestamp: NO_TIMESTAMP, offset: byTimestamp?.offset ?? log.logStartOffset, leaderEpoch: byTimestamp?.leaderEpoch ?? null };
    }
    if (byTimestamp && byTimestamp.offset < lastFetchableOffset) return { error: 'NONE', errorMessage: null, ...byTimestamp };
    if (offsetsError) return notAvailable;
    return { error: 'NONE', errorMessage: null, timestamp: -1, offset: -1, leaderEpoch: null };
  }
}
