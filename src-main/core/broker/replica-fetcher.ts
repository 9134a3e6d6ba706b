/**
 * The follower side of replication (`ReplicaFetcherManager` / `ReplicaFetcherThread`, Kafka 2.5),
 * `num.replica.fetchers` fetchers per leader broker, in-process: the "requests" are calls on the
 * leader's ReplicaManager, the bytes are the leader's batches exactly as its log holds them. A
 * partition goes to fetcher `abs(31 * topic.hashCode + partition) % num.replica.fetchers` of its
 * leader, as `AbstractFetcherManager.getFetcherId` places it.
 *
 * Each partition starts Truncating: the follower asks the leader where its own latest leader
 * epoch ended (OffsetsForLeaderEpoch) and truncates its log there (to its high watermark when it
 * has no epoch), so it never keeps records the new leader does not have. Then it is Fetching: from
 * its log end offset, appending what the leader returns, taking the leader's high watermark
 * (capped at its own log end) and log start offset.
 *
 * A round runs when the leader signals new data (Kafka's fetch parked in the leader's purgatory
 * returns as soon as bytes arrive), and otherwise every `replica.fetch.wait.max.ms` (the parked
 * fetch timing out). Errors back off `replica.fetch.backoff.ms`.
 */
import type { ErrorName } from '../common/kafka-errors';
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import { javaStringHashCode } from '../common/java-lang';
import type { ScheduledTask, Time } from '../platform/scheduler';
import type { EpochEndOffset } from '../log/leader-epoch-cache';
import type { LogManager } from '../log/log-manager/log-manager';
import type { Log } from '../log/log';
import { offsetTruncationState } from './offset-truncation-state';
import { Logger, type LogSink } from '../common/logging';
import { UNBOUNDED_QUOTA, type ReplicaQuota } from '../server/quota/replication-quota-manager';

export interface FollowerFetchPartition {
  readonly topicPartition: TopicPartition;
  readonly fetchOffset: number;
  readonly logStartOffset: number;
  readonly currentLeaderEpoch: number;
  readonly maxBytes: number;
}

export interface FollowerFetchResult {
  readonly error: ErrorName;
  readonly highWatermark: number;
  readonly logStartOffset: number;
  readonly logEndOffset: number;
  readonly records: Uint8Array;
}

/** What a follower needs of its leader's broker. */
export interface ReplicationLeader {
  fetchForFollower(replicaId: number, partitions: readonly FollowerFetchPartition[]): FollowerFetchResult[];
  offsetForLeaderEpoch(tp: TopicPartition, currentLeaderEpoch: number | null, leaderEpoch: number): EpochEndOffset & { error: ErrorName };
}

export interface ReplicaFetcherConfig {
  /** `replica.fetch.wait.max.ms` */
  readonly fetchWaitMaxMs: number;
  /** `replica.fetch.max.bytes` */
  readonly fetchMaxBytes: number;
  /** `replica.fetch.backoff.ms` */
  readonly fetchBackoffMs: number;
  /** `num.replica.fetchers` at startup (`resizeThreadPool` changes it live); 1 when absent. */
  readonly numFetchers?: number;
}

export const DEFAULT_REPLICA_FETCHER_CONFIG: ReplicaFetcherConfig = { fetchWaitMaxMs: 500, fetchMaxBytes: 1048576, fetchBackoffMs: 1000 };

/** `Utils.abs`: `Math.abs` of an int, with Integer.MIN_VALUE giving 0. */
function utilsAbs(n: number): number {
  return n === -2147483648 ? 0 : Math.abs(n);
}

/** `AbstractFetcherManager.getFetcherId`. */
export function fetcherIdOf(tp: TopicPartition, numFetchers: number): number {
  return utilsAbs((Math.imul(31, javaStringHashCode(tp.topic)) + tp.partition) | 0) % numFetchers;
}

/** A fetcher's key: `BrokerIdAndFetcherId`. */
function fetcherKey(leaderId: number, fetcherId: number): string {
  return `${leaderId}/${fetcherId}`;
}

export interface ReplicaFetcherDeps {
  readonly brokerId: number;
  readonly time: Time;
  readonly config: ReplicaFetcherConfig;
  readonly leader: (brokerId: number) => ReplicationLeader | undefined;
  /** The local log of a partition this broker follows (null once it stopped following it). */
  readonly followerLog: (tp: TopicPartition, leaderEpoch: number) => Log | null;
  readonly log: LogSink;
  /** A follower's log changed (appended or truncated): its own waiters may complete. */
  readonly onFollowerProgress?: (tp: TopicPartition) => void;
  /** Bytes appended from the leader (`brokerTopicStats.updateReplicationBytesIn`). */
  readonly onReplicationBytesIn?: (tp: TopicPartition, bytes: number) => void;
  /** `quotaManagers.follower`: the follower's replication throttle (unbounded when absent). */
  readonly quota?: ReplicaQuota;
  /** `Partition.truncateTo` / `truncateFullyAndStartAt` through the LogManager, which pauses the log's cleaning; the log's own when absent. */
  readonly truncation?: Pick<LogManager, 'truncateTo' | 'truncateFullyAndStartAt'>;
}

interface FetchState {
  readonly topicPartition: TopicPartition;
  readonly leaderEpoch: number;
  state: 'Truncating' | 'Fetching';
  /** Set after an error: no fetch before this time. */
  delayedUntilMs: number;
  /** The leader's high watermark minus our next offset after the last fetch with data; null before one. */
  lag: number | null;
}

/** `PartitionFetchState.isReplicaInSync`. */
function isReplicaInSync(state: FetchState): boolean {
  return state.lag !== null && state.lag <= 0;
}

export interface FetcherPartitionState {
  readonly leaderId: number;
  /** Which of the leader's `num.replica.fetchers` fetchers (`ReplicaFetcherThread-<fetcherId>-<leaderId>`). */
  readonly fetcherId: number;
  readonly topicPartition: TopicPartition;
  readonly state: 'Truncating' | 'Fetching';
}

export interface InitialFetchState {
  readonly leaderId: number;
  readonly leaderEpoch: number;
}

/** One broker's replica fetchers, `num.replica.fetchers` per leader broker (`ReplicaFetcherManager`). */
export class ReplicaFetcherManager {
  private readonly fetchers = new Map<string, ReplicaFetcher>();
  /** `numFetchersPerBroker`. */
  private numFetchersPerBroker: number;
  /** `[ReplicaFetcherManager on broker N] `, also the ReplicaManager's for the lines it logs for the manager. */
  readonly logger: Logger;
  private pausedValue = false;
  /** After `shutdown` no fetcher starts again: a LeaderAndIsr still being handled cannot restart one. */
  private shutDown = false;
  /** One poll for all fetchers every `replica.fetch.wait.max.ms`: an idle fetch timing out at its leader. */
  private pollTask: ScheduledTask | null = null;

  constructor(private readonly deps: ReplicaFetcherDeps) {
    this.numFetchersPerBroker = deps.config.numFetchers ?? 1;
    this.logger = new Logger(deps.log, 'kafka.server.ReplicaFetcherManager', {
      logIdent: `[ReplicaFetcherManager on broker ${deps.brokerId}] `,
    });
  }

  /** `num.replica.fetchers` in force. */
  get numFetchers(): number {
    return this.numFetchersPerBroker;
  }

  private ensurePolling(): void {
    if (this.pollTask || this.shutDown) return;
    const every = this.deps.config.fetchWaitMaxMs;
    this.pollTask = this.deps.time.schedulePeriodic('replica-fetchers', every, every, () => {
      for (const fetcher of this.fetchers.values()) fetcher.poll();
    });
  }

  /** `addFetcherForPartitions`: each partition starts Truncating at its leader. */
  addFetcherForPartitions(partitions: ReadonlyArray<readonly [TopicPartition, InitialFetchState]>): void {
    if (this.shutDown) return;
    for (const [tp, initial] of partitions) {
      for (const fetcher of this.fetchers.values()) fetcher.remove(tp);
      const fetcherId = fetcherIdOf(tp, this.numFetchersPerBroker);
      const key = fetcherKey(initial.leaderId, fetcherId);
      let fetcher = this.fetchers.get(key);
      if (!fetcher) {
        fetcher = new ReplicaFetcher(this.deps, initial.leaderId, fetcherId, () => this.pausedValue);
        this.fetchers.set(key, fetcher);
        fetcher.logger.info('Starting');
      }
      fetcher.add(tp, initial.leaderEpoch);
      // Only the new partitions go into the round this starts: one LeaderAndIsr slice after another
      // would otherwise fetch every partition already followed again, each time.
      fetcher.wake(tpKey(tp));
    }
    this.ensurePolling();
  }

  removeFetcherForPartitions(partitions: readonly TopicPartition[]): void {
    for (const tp of partitions) for (const fetcher of this.fetchers.values()) fetcher.remove(tp);
    this.shutdownIdleFetchers();
  }

  /**
   * `resizeThreadPool` (DynamicThreadPool on a `num.replica.fetchers` change): every partition is
   * placed again by the new count — as Kafka does, so hash placement stays what a fresh start
   * gives — starting Truncating at its fetcher, and fetchers left without partitions stop.
   */
  resizeThreadPool(newSize: number): void {
    const currentSize = this.numFetchersPerBroker;
    this.logger.info(`Resizing fetcher thread pool size from ${currentSize} to ${newSize}`);
    this.numFetchersPerBroker = newSize;
    if (newSize !== currentSize) {
      for (const [key, fetcher] of [...this.fetchers]) {
        const moved = fetcher.states().map((s) => [s.topicPartition, { leaderId: fetcher.leaderId, leaderEpoch: s.leaderEpoch }] as const);
        for (const [tp] of moved) fetcher.remove(tp);
        if (fetcher.fetcherId >= newSize) {
          fetcher.shutdown();
          this.fetchers.delete(key);
        }
        this.addFetcherForPartitions(moved);
      }
    }
    this.shutdownIdleFetchers();
  }

  /**
   * The leader `leaderId` has new data in `tp` for this broker: its parked fetch returns now, with
   * that partition's records (the others' answers, empty, change nothing the poll would not).
   */
  wake(leaderId: number, tp: TopicPartition): void {
    const key = tpKey(tp);
    for (const fetcher of this.fetchers.values()) if (fetcher.leaderId === leaderId && fetcher.has(key)) fetcher.wake(key);
  }

  /** Stalls replication (fault injection: a follower that falls behind); false resumes it. */
  set paused(value: boolean) {
    this.pausedValue = value;
    if (!value) for (const fetcher of this.fetchers.values()) fetcher.wake();
  }

  get paused(): boolean {
    return this.pausedValue;
  }

  /** `MaxLag`: the largest lag (leader's high watermark − our next offset) of any partition fetched. */
  maxLag(): number {
    let max = 0;
    for (const fetcher of this.fetchers.values()) for (const s of fetcher.states()) max = Math.max(max, s.lag ?? 0);
    return max;
  }

  /** Partitions fetched from each leader, with their fetcher and state, for the UI and tests. */
  fetcherStates(): FetcherPartitionState[] {
    const out: FetcherPartitionState[] = [];
    for (const fetcher of this.fetchers.values()) {
      for (const s of fetcher.states())
        out.push({ leaderId: fetcher.leaderId, fetcherId: fetcher.fetcherId, topicPartition: s.topicPartition, state: s.state });
    }
    return out;
  }

  /** `shutdownIdleFetcherThreads`. */
  private shutdownIdleFetchers(): void {
    for (const [key, fetcher] of [...this.fetchers]) {
      if (fetcher.isEmpty) {
        fetcher.shutdown();
        this.fetchers.delete(key);
      }
    }
  }

  shutdown(): void {
    this.shutDown = true;
    for (const fetcher of this.fetchers.values()) fetcher.shutdown();
    this.fetchers.clear();
    if (this.pollTask) this.deps.time.cancel(this.pollTask);
    this.pollTask = null;
  }
}

class ReplicaFetcher {
  private readonly partitions = new Map<string, FetchState>();
  /** An immediate round is pending (the leader signalled data, or the last round made progress). */
  private timer: ScheduledTask | null = null;
  /** The partitions the pending round fetches (new ones, ones with data at the leader, ones that just appended)… */
  private readonly ready = new Set<string>();
  /** …or all of them: the periodic poll, or a resume. */
  private everyPartition = false;
  private stopped = false;
  readonly logger: Logger;

  constructor(
    private readonly deps: ReplicaFetcherDeps,
    readonly leaderId: number,
    readonly fetcherId: number,
    private readonly isPaused: () => boolean,
  ) {
    this.logger = new Logger(deps.log, 'kafka.server.ReplicaFetcherThread', {
      logIdent: `[ReplicaFetcher replicaId=${deps.brokerId}, leaderId=${leaderId}, fetcherId=${fetcherId}] `,
    });
  }

  get isEmpty(): boolean {
    return this.partitions.size === 0;
  }

  states(): FetchState[] {
    return [...this.partitions.values()];
  }

  add(tp: TopicPartition, leaderEpoch: number): void {
    this.partitions.set(tpKey(tp), { topicPartition: tp, leaderEpoch, state: 'Truncating', delayedUntilMs: 0, lag: null });
  }

  remove(tp: TopicPartition): void {
    this.partitions.delete(tpKey(tp));
  }

  has(key: string): boolean {
    return this.partitions.has(key);
  }

  /** Fetch now: the partition `key` (with any others already waiting), or every partition. */
  wake(key?: string): void {
    if (this.stopped) return;
    if (key === undefined) this.everyPartition = true;
    else this.ready.add(key);
    if (this.timer) return;
    this.timer = this.deps.time.schedule('replica-fetcher', 0, () => {
      this.timer = null;
      this.doWork();
    });
  }

  /** The periodic poll: every partition, in the pending round if there is one. */
  poll(): void {
    this.everyPartition = true;
    if (!this.timer) this.doWork();
  }

  /** The partitions this round looks at; clears what the next round would otherwise repeat. */
  private takeRound(): FetchState[] {
    let round: FetchState[];
    if (this.everyPartition) round = [...this.partitions.values()];
    else {
      round = [];
      for (const key of this.ready) {
        const state = this.partitions.get(key);
        if (state) round.push(state);
      }
    }
    this.everyPartition = false;
    this.ready.clear();
    return round;
  }

  shutdown(): void {
    this.stopped = true;
    if (this.timer) this.deps.time.cancel(this.timer);
    this.timer = null;
  }

  /** One round (`AbstractFetcherThread.doWork`): truncate what must be, then fetch. */
  private doWork(): void {
    if (this.stopped || this.partitions.size === 0) return;
    const leader = this.deps.leader(this.leaderId);
    if (this.isPaused() || !leader) return;
    const now = this.deps.time.nowMs();
    const round = this.takeRound();
    for (const state of round) {
      if (state.state !== 'Truncating' || state.delayedUntilMs > now) continue;
      this.truncate(leader, state);
    }
    const requests: FollowerFetchPartition[] = [];
    const logs: Log[] = [];
    const fetching: FetchState[] = [];
    const quota = this.deps.quota ?? UNBOUNDED_QUOTA;
    for (const state of round) {
      // Removed meanwhile (FENCED_LEADER_EPOCH in a truncation, a StopReplica).
      if (state.state !== 'Fetching' || state.delayedUntilMs > now || this.partitions.get(tpKey(state.topicPartition)) !== state) continue;
      // `shouldFollowerThrottle`: left out of this fetch (the periodic poll tries again).
      if (!isReplicaInSync(state) && quota.isThrottled(state.topicPartition) && quota.isQuotaExceeded()) continue;
      const log = this.deps.followerLog(state.topicPartition, state.leaderEpoch);
      if (!log) continue;
      requests.push({
        topicPartition: state.topicPartition,
        fetchOffset: log.logEndOffset,
        logStartOffset: log.logStartOffset,
        currentLeaderEpoch: state.leaderEpoch,
        maxBytes: this.deps.config.fetchMaxBytes,
      });
      logs.push(log);
      fetching.push(state);
    }
    if (requests.length === 0) return;
    const results = leader.fetchForFollower(this.deps.brokerId, requests);
    for (let i = 0; i < results.length; i++) {
      // A partition that appended fetches again at once: the leader may have more, and learns our
      // new log end offset (its high watermark moves) from that fetch.
      if (this.processPartitionData(fetching[i], logs[i], requests[i], results[i]) === 'appended')
        this.wake(tpKey(requests[i].topicPartition));
    }
  }

  /** `truncateToEpochEndOffsets` / `truncateToHighWatermark` for one partition. */
  private truncate(leader: ReplicationLeader, state: FetchState): void {
    const log = this.deps.followerLog(state.topicPartition, state.leaderEpoch);
    if (!log) return;
    const tp = tpKey(state.topicPartition);
    const latestEpoch = log.latestEpoch;
    if (latestEpoch === null) {
      this.logger.info(`Truncating partition ${tp} to local high watermark ${log.highWatermark}`);
      this.truncateTo(log, log.highWatermark);
      state.state = 'Fetching';
      this.deps.onFollowerProgress?.(state.topicPartition);
      return;
    }
    const answer = leader.offsetForLeaderEpoch(state.topicPartition, state.leaderEpoch, latestEpoch);
    if (answer.error !== 'NONE') {
      this.logger.warn(
        `Error when sending leader epoch request for Map(${tp} -> (currentLeaderEpoch=Optional[${state.leaderEpoch}], leaderEpoch=${latestEpoch})): ${answer.error}`,
      );
      state.delayedUntilMs = this.deps.time.nowMs() + this.deps.config.fetchBackoffMs;
      return;
    }
    const { offset, completed } = offsetTruncationState(log, answer);
    this.logger.info(
      `Truncating partition ${tp} to offset ${offset} with leader epoch ${answer.leaderEpoch} end offset ${answer.endOffset}`,
    );
    this.truncateTo(log, offset);
    this.deps.onFollowerProgress?.(state.topicPartition);
    if (completed) state.state = 'Fetching';
  }

  /** `processPartitionData` and the error handling of one partition's fetch result. */
  private processPartitionData(
    state: FetchState,
    log: Log,
    request: FollowerFetchPartition,
    result: FollowerFetchResult,
  ): 'appended' | 'nothing' | 'error' {
    const tp = tpKey(state.topicPartition);
    switch (result.error) {
      case 'NONE': {
        let appended = false;
        if (result.records.length > 0) {
          if (request.fetchOffset !== log.logEndOffset) {
            this.logger.error(
              `Offset mismatch for partition ${tp}: fetched offset = ${request.fetchOffset}, log end offset = ${log.logEndOffset}.`,
            );
            return 'error';
          }
          try {
            log.appendAsFollower(result.records);
            appended = true;
            this.deps.onReplicationBytesIn?.(state.topicPartition, result.records.length);
            state.lag = Math.max(0, result.highWatermark - log.logEndOffset);
            // In-sync replicas' bytes count too, so the whole replication traffic stays under the quota.
            const quota = this.deps.quota ?? UNBOUNDED_QUOTA;
            if (quota.isThrottled(state.topicPartition)) quota.record(result.records.length);
          } catch (e) {
            this.logger.error(`Unexpected error occurred while processing data for partition ${tp} at offset ${request.fetchOffset}`, e);
            state.delayedUntilMs = this.deps.time.nowMs() + this.deps.config.fetchBackoffMs;
            return 'error';
          }
        }
        log.updateHighWatermark(result.highWatermark);
        if (result.logStartOffset > log.logStartOffset && result.logStartOffset <= log.highWatermark) {
          log.maybeIncrementLogStartOffset(result.logStartOffset);
        }
        this.deps.onFollowerProgress?.(state.topicPartition);
        return appended ? 'appended' : 'nothing';
      }
      case 'OFFSET_OUT_OF_RANGE': {
        this.handleOffsetOutOfRange(state, log, result);
        return 'error';
      }
      case 'FENCED_LEADER_EPOCH':
        this.logger.info(
          `Partition ${tp} has an older epoch (${state.leaderEpoch}) than the current leader. Will await the new LeaderAndIsr state before resuming fetching.`,
        );
        this.remove(state.topicPartition);
        return 'error';
      default:
        this.logger.warn(`Error in response for fetch request: partition ${tp}: ${result.error}`);
        state.delayedUntilMs = this.deps.time.nowMs() + this.deps.config.fetchBackoffMs;
        return 'error';
    }
  }

  private truncateTo(log: Log, offset: number): void {
    if (this.deps.truncation) this.deps.truncation.truncateTo(log.topicPartition, offset);
    else log.truncateTo(offset);
  }

  /** `fetchOffsetAndTruncate` after OFFSET_OUT_OF_RANGE. */
  private handleOffsetOutOfRange(state: FetchState, log: Log, result: FollowerFetchResult): void {
    const tp = tpKey(state.topicPartition);
    const replicaEndOffset = log.logEndOffset;
    if (result.logEndOffset >= 0 && result.logEndOffset < replicaEndOffset) {
      this.logger.warn(
        `Reset fetch offset for partition ${tp} from ${replicaEndOffset} to current leader ${this.leaderId}'s latest offset ${result.logEndOffset}`,
      );
      this.truncateTo(log, result.logEndOffset);
    } else {
      const leaderStartOffset = result.logStartOffset;
      this.logger.warn(
        `Reset fetch offset for partition ${tp} from ${replicaEndOffset} to current leader ${this.leaderId}'s start offset ${leaderStartOffset}`,
      );
      if (leaderStartOffset > replicaEndOffset) {
        if (this.deps.truncation) this.deps.truncation.truncateFullyAndStartAt(log.topicPartition, leaderStartOffset);
        else log.truncateFullyAndStartAt(leaderStartOffset);
      }
    }
    this.deps.onFollowerProgress?.(state.topicPartition);
  }
}
