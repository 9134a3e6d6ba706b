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

export interface ReplicaManagerConfig {
  /** `replica.lag.time.max.ms`: a follower not caught up for this long leaves the ISR. */
  replicaLagTimeMaxMs: number;
  /** `replica.fetch.wait.max.ms`: how often the in-process fetchers poll their leaders. */
  replicaFetchWaitMaxMs: number;
}

export const DEFAULT_REPLICA_MANAGER_CONFIG: ReplicaManagerConfig = { replicaLagTimeMaxMs: 30_000, replicaFetchWaitMaxMs: 500 };

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

  constructor(private readonly deps: ReplicaManagerDeps) {
    this.config = { ...DEFAULT_REPLICA_MANAGER_CONFIG, ...deps.config };
    this.lastIsrPropagationMs = deps.time.nowMs();
  }

  startup(): void {
    const t = this.deps.time;
    this.running = true;
    // As KafkaScheduler, a task's failure is logged, not thrown: a ZooKeeper write racing a clean
    // shutdown (its session closed meanwhile) would otherwise be an unhandled rejection in the app.
    const run = (name: string, task: () => Promise<void>) => () =>
      void task().catch((e: unknown) =>
        this.deps.log({ file: 'server.log', level: 'ERROR', logger: 'kafka.utils.KafkaScheduler', message: `Uncaught exception in scheduled task '${name}': ${e instanceof Error ? e.message : String(e)}` }),
      );
    this.tasks.push(t.schedulePeriodic('isr-expiration', this.config.replicaLagTimeMaxMs / 2, this.config.replicaLagTimeMaxMs / 2, run('isr-expiration', () => this.maybeShrinkIsr())));
    this.tasks.push(t.schedulePeriodic('isr-change-propagation', ISR_CHANGE_CHECK_PERIOD_MS, ISR_CHANGE_CHECK_PERIOD_MS, run('isr-change-propagation', () => this.maybePropagateIsrChanges())));
    this.tasks.push(t.schedulePeriodic('replica-fetchers', this.config.replicaFetchWaitMaxMs, this.config.replicaFetchWaitMaxMs, run('replica-fetchers', () => this.fetchFromLeaders())));
  }

  shutdown(): void {
    this.running = false;
    for (const task of this.tasks.splice(0)) this.deps.time.cancel(task);
  }

  get brokerId(): number {
    return this.deps.brokerId;
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
    let sinceYield = 0;
    for (const { partition, state } of accepted) {
      if (++sinceYield >= PARTITIONS_PER_SLICE && this.deps.executor) {
        sinceYield = 0;
        await this.deps.executor.yield();
      }
      try {
        if (state.leader === this.brokerId) this.makeLeader(controllerId, correlationId, partition, state, configs.get(partition.topicPartition.topic) ?? {});
        else this.makeFollower(controllerId, correlationId, partition, state, configs.get(partition.topicPartition.topic) ?? {});
        errors.set(partition.topicPartition, Errors.NONE.code);
      } catch (e) {
        log.error(`Error while making broker the ${state.leader === this.brokerId ? 'leader' : 'follower'} for partition ${partition.name}: ${e instanceof Error ? e.message : String(e)}`);
        errors.set(partition.topicPartition, Errors.KAFKA_STORAGE_ERROR.code);
      }
    }
    const partitionErrors: PartitionError[] = request.partitionStates.map((s) => ({
      topicName: s.topicName,
      partitionIndex: s.partitionIndex,
      errorCode: errors.get({ topic: s.topicName, partition: s.partitionIndex }) ?? Errors.NONE.code,
    }));
    return { apiKey: 'LeaderAndIsr', errorCode: Errors.NONE.code, partitionErrors };
  }

  private createLogIfNotExists(partition: Partition, isNew: boolean, config: TopicConfigValues): void {
    if (partition.log) return;
    partition.log = this.deps.logManager.getLog(partition.topicPartition) ?? this.deps.logManager.getOrCreateLog(partition.topicPartition, config, { isNew });
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
    log?.maybeAssignEpochStartOffset(state.leaderEpoch, startOffset);
    const now = this.deps.time.nowMs();
    partition.lastCaughtUpTimeMs.clear();
    for (const r of state.replicas) if (r !== this.brokerId) partition.lastCaughtUpTimeMs.set(r, now);
    this.deps.stateChangeLog.trace(
      `Completed LeaderAndIsr request correlationId ${correlationId} from controller ${controllerId} epoch ${this.controllerEpoch} for the become-leader transition for partition ${partition.name}`,
    );
  }

  private makeFollower(controllerId: number, correlationId: number, partition: Partition, state: LeaderAndIsrPartitionState, config: TopicConfigValues): void {
    const leaderAlive = this.deps.metadataCache.isBrokerAlive(state.leader);
    partition.applyState(state);
    this.createLogIfNotExists(partition, state.isNew, config);
    partition.lastCaughtUpTimeMs.clear();
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
    this.deps.stateChangeLog.trace(
      `Completed LeaderAndIsr request correlationId ${correlationId} from controller ${controllerId} epoch ${this.controllerEpoch} for the become-follower transition for partition ${partition.name} with leader ${state.leader}`,
    );
  }

  stopReplicas(request: StopReplicaRequest): StopReplicaResponse {
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
    }
    log.trace(`Finished handling stop replica (delete=${deletePartition}) for partition ${tpKey(tp)}`);
  }

  async maybeUpdateMetadataCache(correlationId: number, request: UpdateMetadataRequest): Promise<UpdateMetadataResponse> {
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
    for (const tp of offline) {
      this.partitions.set(tp, 'offline');
      this.isrChangeSet.delete(tp);
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

  /** A follower fetched: it is caught up (logs hold no records yet), and may rejoin the ISR. */
  async recordFollowerFetch(tp: TopicPartition, followerId: number, followerLeaderEpoch: number): Promise<boolean> {
    const partition = this.partitions.get(tp);
    if (!partition || partition === 'offline' || !partition.isLeader || followerLeaderEpoch !== partition.leaderEpoch) return false;
    if (!partition.replicas.includes(followerId)) return false;
    partition.lastCaughtUpTimeMs.set(followerId, this.deps.time.nowMs());
    if (!partition.isr.includes(followerId)) {
      await this.withIsrLock(partition, async () => {
        // Checked again under the lock: another follower's expansion may have just been written.
        if (partition.isr.includes(followerId) || !partition.isLeader || partition.leaderEpoch !== followerLeaderEpoch) return;
        const newIsr = [...partition.isr, followerId];
        this.deps.log({
          file: 'server.log',
          level: 'INFO',
          logger: 'kafka.cluster.Partition',
          message: `${partition.logPrefix()}Expanding ISR from ${partition.isr.join(',')} to ${newIsr.join(',')}`,
        });
        await this.updateIsr(partition, newIsr);
      });
    }
    return true;
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
      if (!partition.isLeader) continue;
      await this.withIsrLock(partition, async () => {
        if (!partition.isLeader) return;
        const outOfSync = partition.isr.filter((r) => r !== this.brokerId && now - (partition.lastCaughtUpTimeMs.get(r) ?? now) > this.config.replicaLagTimeMaxMs);
        if (outOfSync.length === 0) return;
        const newIsr = partition.isr.filter((r) => !outOfSync.includes(r));
        const logEnd = partition.log?.logEndOffset ?? 0;
        this.deps.log({
          file: 'server.log',
          level: 'INFO',
          logger: 'kafka.cluster.Partition',
          message: `${partition.logPrefix()}Shrinking ISR from ${partition.isr.join(',')} to ${newIsr.join(',')}. Leader: (highWatermark: ${partition.log?.highWatermark ?? 0}, endOffset: ${logEnd}). Out of sync replicas: ${outOfSync
            .map((r) => `(brokerId: ${r}, endOffset: ${logEnd})`)
            .join(' ')}.`,
        });
        await this.updateIsr(partition, newIsr);
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

  // ---- follower side ----

  /** The in-process replica fetchers: each follower partition fetches from its leader's broker. */
  private async fetchFromLeaders(): Promise<void> {
    if (!this.running) return;
    for (const partition of this.hostedPartitions()) {
      if (partition.isLeader || partition.leader < 0) continue;
      const leader = this.deps.peer(partition.leader);
      if (!leader) continue;
      await leader.recordFollowerFetch(partition.topicPartition, this.brokerId, partition.leaderEpoch);
    }
  }
}
