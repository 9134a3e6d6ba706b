import { KafkaApiError } from '../common/kafka-errors';
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import type { LeaderAndIsrPartitionState } from '../controller/broker-requests';
import type { Log } from '../log/log';
import type { LogManager } from '../log/log-manager/log-manager';
import type { LogAppendInfo } from '../log/log-validator';
import { Replica } from './replica';

/** `DeleteRecordsRequest.HIGH_WATERMARK`: delete up to the high watermark. */
export const DELETE_RECORDS_HIGH_WATERMARK = -1;

/**
 * A partition as its broker hosts it (Kafka's `cluster.Partition`): the leadership it was told
 * about by the controller (leader, leader epoch, ISR and the state znode's zkVersion, which the
 * leader needs for conditional ISR updates), the assignment, the local log, and — on the leader —
 * each follower's fetch state, from which the high watermark and ISR changes follow:
 *
 * - high watermark = the smallest log end offset among the leader and the followers that are in
 *   the ISR or caught up within `replica.lag.time.max.ms` (`maybeIncrementLeaderHW`); it only
 *   moves forward;
 * - a follower joins the ISR once its log end offset reaches the high watermark and the start of
 *   the leader's epoch (`maybeExpandIsr`); it leaves when not caught up for
 *   `replica.lag.time.max.ms` (`getOutOfSyncReplicas`).
 */
export class Partition {
  /** −1 until the first LeaderAndIsr: any epoch from the controller is newer. */
  leaderEpoch = -1;
  controllerEpoch = 0;
  zkVersion = 0;
  leader = -1;
  isr: number[] = [];
  replicas: number[] = [];
  addingReplicas: number[] = [];
  removingReplicas: number[] = [];
  log: Log | null = null;
  /** AlterReplicaLogDirs: the copy being made in another log dir (`<t>-<p>.<uuid>-future`). */
  futureLog: Log | null = null;
  /** Leader only: the log end offset at which this leader's epoch started. */
  leaderEpochStartOffset: number | null = null;
  /** Leader only: each follower's fetch state. */
  readonly remoteReplicas = new Map<number, Replica>();

  constructor(
    readonly topicPartition: TopicPartition,
    private readonly localBrokerId: number,
  ) {}

  get name(): string {
    return tpKey(this.topicPartition);
  }

  get isLeader(): boolean {
    return this.leader === this.localBrokerId;
  }

  /** Applies a LeaderAndIsr partition state (the part `makeLeader`/`makeFollower` share). */
  applyState(state: LeaderAndIsrPartitionState): void {
    this.controllerEpoch = state.controllerEpoch;
    this.replicas = [...state.replicas];
    this.addingReplicas = [...state.addingReplicas];
    this.removingReplicas = [...state.removingReplicas];
    this.isr = [...state.isr];
    this.leaderEpoch = state.leaderEpoch;
    this.zkVersion = state.zkVersion;
    this.leader = state.leader;
  }

  /**
   * The leader half of `Partition.makeLeader`: the epoch starts at the log end offset, followers'
   * fetch state is reset (ISR members count as caught up now).
   */
  becomeLeader(nowMs: number): void {
    const log = this.log;
    if (!log) return;
    const startOffset = log.logEndOffset;
    log.maybeAssignEpochStartOffset(this.leaderEpoch, startOffset);
    this.leaderEpochStartOffset = startOffset;
    for (const id of [...this.remoteReplicas.keys()]) if (!this.replicas.includes(id)) this.remoteReplicas.delete(id);
    for (const id of this.replicas) {
      if (id === this.localBrokerId) continue;
      const replica = this.remoteReplicas.get(id) ?? new Replica(id);
      this.remoteReplicas.set(id, replica);
      replica.resetLastCaughtUpTime(startOffset, nowMs, this.isr.includes(id) ? nowMs : 0);
      replica.resetFetchState();
    }
  }

  becomeFollower(): void {
    this.leaderEpochStartOffset = null;
    this.remoteReplicas.clear();
  }

  /** `Partition.appendRecordsToLeader`: checks leadership and `min.insync.replicas` (acks=−1), then appends. */
  appendRecordsToLeader(records: Uint8Array, requiredAcks: number, isFromClient: boolean): LogAppendInfo {
    const log = this.log;
    if (!this.isLeader || !log) {
      throw new KafkaApiError('NOT_LEADER_FOR_PARTITION', `Leader not local for partition ${this.name} on broker ${this.localBrokerId}`);
    }
    const minIsr = log.config.minInSyncReplicas;
    if (this.isr.length < minIsr && requiredAcks === -1) {
      throw new KafkaApiError(
        'NOT_ENOUGH_REPLICAS',
        `The size of the current ISR ${scalaSet(this.isr)} is insufficient to satisfy the min.isr requirement of ${minIsr} for partition ${this.name}`,
      );
    }
    return log.appendAsLeader(records, this.leaderEpoch, isFromClient);
  }

  /**
   * `maybeIncrementLeaderHW`: the smallest log end offset among the leader and the followers that
   * count; true if the high watermark moved.
   */
  maybeIncrementLeaderHW(nowMs: number, replicaLagTimeMaxMs: number): boolean {
    const log = this.log;
    if (!log || !this.isLeader) return false;
    let newHighWatermark = log.logEndOffset;
    for (const replica of this.remoteReplicas.values()) {
      if (
        replica.logEndOffset < newHighWatermark &&
        (nowMs - replica.lastCaughtUpTimeMs <= replicaLagTimeMaxMs || this.isr.includes(replica.brokerId))
      ) {
        newHighWatermark = replica.logEndOffset;
      }
    }
    if (newHighWatermark < 0) return false;
    return log.maybeIncrementHighWatermark(newHighWatermark) !== null;
  }

  /** `checkEnoughReplicasReachOffset`: has the high watermark passed `requiredOffset` (acks=−1)? */
  checkEnoughReplicasReachOffset(requiredOffset: number): {
    done: boolean;
    error: 'NONE' | 'NOT_ENOUGH_REPLICAS_AFTER_APPEND' | 'NOT_LEADER_FOR_PARTITION';
  } {
    const log = this.log;
    if (!this.isLeader || !log) return { done: false, error: 'NOT_LEADER_FOR_PARTITION' };
    if (log.highWatermark < requiredOffset) return { done: false, error: 'NONE' };
    return { done: true, error: log.config.minInSyncReplicas <= this.isr.length ? 'NONE' : 'NOT_ENOUGH_REPLICAS_AFTER_APPEND' };
  }

  /**
   * `lowWatermarkIfLeader`: the smallest log start offset of the leader, its followers on live
   * brokers and the leader's `-future` copy (a move between log dirs) — how far a DeleteRecords has
   * reached every replica.
   */
  lowWatermarkIfLeader(isBrokerAlive: (id: number) => boolean): number {
    const log = this.log;
    if (!this.isLeader || !log) {
      throw new KafkaApiError('NOT_LEADER_FOR_PARTITION', `Leader not local for partition ${this.name} on broker ${this.localBrokerId}`);
    }
    let lowWatermark = log.logStartOffset;
    for (const replica of this.remoteReplicas.values()) {
      if (isBrokerAlive(replica.brokerId) && replica.logStartOffset < lowWatermark) lowWatermark = replica.logStartOffset;
    }
    return this.futureLog ? Math.min(lowWatermark, this.futureLog.logStartOffset) : lowWatermark;
  }

  /**
   * `deleteRecordsOnLeader`: the leader log's start offset moves to `offset` (−1: the high
   * watermark); a topic without the delete cleanup policy refuses.
   */
  deleteRecordsOnLeader(offset: number, isBrokerAlive: (id: number) => boolean): { requestedOffset: number; lowWatermark: number } {
    const log = this.log;
    if (!this.isLeader || !log) {
      throw new KafkaApiError('NOT_LEADER_FOR_PARTITION', `Leader not local for partition ${this.name} on broker ${this.localBrokerId}`);
    }
    if (!log.config.delete) {
      throw new KafkaApiError('POLICY_VIOLATION', `Records of partition ${this.name} can not be deleted due to the configured policy`);
    }
    const requestedOffset = offset === DELETE_RECORDS_HIGH_WATERMARK ? log.highWatermark : offset;
    if (requestedOffset < 0) {
      throw new KafkaApiError('OFFSET_OUT_OF_RANGE', `The offset ${requestedOffset} for partition ${this.name} is not valid`);
    }
    log.maybeIncrementLogStartOffset(requestedOffset);
    return { requestedOffset, lowWatermark: this.lowWatermarkIfLeader(isBrokerAlive) };
  }

  /** `isFollowerAtHighwatermark`: may this follower join the ISR? */
  isFollowerInSync(replica: Replica): boolean {
    const log = this.log;
    if (!log || this.leaderEpochStartOffset === null) return false;
    return replica.logEndOffset >= log.highWatermark && replica.logEndOffset >= this.leaderEpochStartOffset;
  }

  /** `getOutOfSyncReplicas`: ISR followers not caught up for longer than `maxLagMs`. */
  outOfSyncReplicas(nowMs: number, maxLagMs: number): number[] {
    return this.isr.filter((id) => {
      if (id === this.localBrokerId) return false;
      const replica = this.remoteReplicas.get(id);
      return replica !== undefined && nowMs - replica.lastCaughtUpTimeMs > maxLagMs;
    });
  }

  /** `localLogOrException`. */
  localLogOrException(): Log {
    if (this.log) return this.log;
    throw new KafkaApiError('REPLICA_NOT_AVAILABLE', `Log for partition ${this.name} is not available on broker ${this.localBrokerId}`);
  }

  /** `futureLocalLogOrException`. */
  futureLocalLogOrException(): Log {
    if (this.futureLog) return this.futureLog;
    throw new KafkaApiError(
      'REPLICA_NOT_AVAILABLE',
      `Future log for partition ${this.name} is not available on broker ${this.localBrokerId}`,
    );
  }

  /** `futureReplicaDirChanged`: a move is under way to another dir than `dir`. */
  futureReplicaDirChanged(dir: string): boolean {
    return this.futureLog !== null && this.futureLog.parentDir !== dir;
  }

  /** `removeFutureLocalReplica`: the move is abandoned (its `-future` dir deleted unless the dir failed). */
  removeFutureLocalReplica(logManager: LogManager, deleteFromLogDir = true): void {
    this.futureLog = null;
    if (deleteFromLogDir) logManager.asyncDelete(this.topicPartition, true);
  }

  /**
   * `maybeReplaceCurrentWithFutureReplica`: once the future log has caught up with the current
   * one (same log end offset), it becomes the current log. True when swapped.
   */
  maybeReplaceCurrentWithFutureReplica(logManager: LogManager): boolean {
    const current = this.localLogOrException();
    const future = this.futureLog;
    if (!future || future.logEndOffset !== current.logEndOffset) return false;
    logManager.replaceCurrentWithFutureLog(this.topicPartition);
    this.log = future;
    this.removeFutureLocalReplica(logManager, false);
    return true;
  }

  logPrefix(): string {
    return `[Partition ${this.name} broker=${this.localBrokerId}] `;
  }
}

/** A Scala `Set` as Kafka prints it: `Set(0, 1, 2)`. */
export function scalaSet(ids: readonly number[]): string {
  return `Set(${ids.join(', ')})`;
}
