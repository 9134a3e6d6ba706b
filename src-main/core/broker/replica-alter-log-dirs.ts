/**
 * Moving a replica between the log dirs of one broker (`ReplicaAlterLogDirsManager` /
 * `ReplicaAlterLogDirsThread`, Kafka 2.5.1): the partition's current log is the "leader", its
 * future log (`<t>-<p>.<uuid>-future`) the follower. Each partition starts Truncating (the future
 * log is cut back to what it shares with the current log, by leader epoch — after a restart it may
 * hold records the current log truncated away), then Fetching: batches read from the current log
 * up to its end are appended to the future log as they are (offsets, leader epochs and producer
 * state kept, `appendRecordsToFollowerOrFutureReplica`). Once the future log's end offset equals
 * the current log's, the partition swaps them (`maybeReplaceCurrentWithFutureReplica`) and leaves
 * the fetcher.
 *
 * As 2.5.1: `num.replica.alter.log.dirs.threads` fetchers (placed by `getFetcherId`), each copying
 * one partition at a time, the lowest topic-partition first; no fetch at all while the
 * alter-log-dirs quota (`replica.alter.log.dirs.io.max.bytes.per.second`) is exceeded, every
 * copied byte recorded in it. Rounds run on the injected clock: the next one at once after
 * progress, `replica.fetch.backoff.ms` later otherwise (Kafka's `partitionMapCond.await`).
 */
import { KafkaApiError } from '../common/kafka-errors';
import { Logger, type LogSink } from '../common/logging';
import type { TopicPartition } from '../common/topic-partition';
import { compareTopicPartitions, tpKey } from '../common/topic-partition';
import type { Log } from '../log/log';
import type { LogManager } from '../log/log-manager/log-manager';
import type { ScheduledTask, Time } from '../platform/scheduler';
import { UNBOUNDED_QUOTA, type ReplicaQuota } from '../server/quota/replication-quota-manager';
import type { Partition } from './partition';
import { fetcherIdOf } from './replica-fetcher';
import { offsetTruncationState } from './offset-truncation-state';

export interface AlterLogDirsFetcherConfig {
  /** `replica.fetch.max.bytes`: bytes copied per round. */
  readonly fetchMaxBytes: number;
  /** `replica.fetch.backoff.ms`: the pause when a round could not copy anything. */
  readonly fetchBackoffMs: number;
  /** `num.replica.alter.log.dirs.threads` (Kafka's default: the number of log dirs). */
  readonly numFetchers: number;
}

export interface AlterLogDirsDeps {
  readonly brokerId: number;
  readonly time: Time;
  readonly config: AlterLogDirsFetcherConfig;
  readonly logManager: LogManager;
  /** The hosted partition (null when offline or gone). */
  readonly partition: (tp: TopicPartition) => Partition | null;
  readonly log: LogSink;
  /** `quotaManagers.alterLogDirs` (unbounded when absent). */
  readonly quota?: ReplicaQuota;
  /** The current log was replaced by the future log. */
  readonly onSwapped?: (tp: TopicPartition) => void;
}

/** `InitialFetchState` for a future log: the leader epoch it copies under and where it starts. */
export interface AlterLogDirsInitialState {
  readonly leaderEpoch: number;
  readonly initOffset: number;
}

interface FetchState {
  readonly topicPartition: TopicPartition;
  readonly leaderEpoch: number;
  readonly initOffset: number;
  state: 'Truncating' | 'Fetching';
  delayedUntilMs: number;
}

export interface AlterLogDirsPartitionState {
  readonly fetcherId: number;
  readonly topicPartition: TopicPartition;
  readonly state: 'Truncating' | 'Fetching';
}

export class ReplicaAlterLogDirsManager {
  private readonly fetchers = new Map<number, ReplicaAlterLogDirsThread>();
  readonly logger: Logger;
  private shutDown = false;

  constructor(private readonly deps: AlterLogDirsDeps) {
    this.logger = new Logger(deps.log, 'kafka.server.ReplicaAlterLogDirsManager', {
      logIdent: `[ReplicaAlterLogDirsManager on broker ${deps.brokerId}] `,
    });
  }

  /** `addFetcherForPartitions`, keeping only partitions that still have a future log (`addPartitions`). */
  addFetcherForPartitions(partitions: ReadonlyArray<readonly [TopicPartition, AlterLogDirsInitialState]>): void {
    if (this.shutDown || partitions.length === 0) return;
    const byFetcher = new Map<number, Array<readonly [TopicPartition, AlterLogDirsInitialState]>>();
    for (const entry of partitions) {
      const id = fetcherIdOf(entry[0], Math.max(1, this.deps.config.numFetchers));
      byFetcher.set(id, [...(byFetcher.get(id) ?? []), entry]);
    }
    for (const [id, entries] of byFetcher) {
      let fetcher = this.fetchers.get(id);
      if (!fetcher) {
        fetcher = new ReplicaAlterLogDirsThread(this.deps, id);
        this.fetchers.set(id, fetcher);
        fetcher.logger.info('Starting');
      }
      const added = entries.filter(([tp]) => this.deps.partition(tp)?.futureLog);
      const notAdded = entries.filter(([tp]) => !this.deps.partition(tp)?.futureLog);
      for (const [tp, initial] of added) fetcher.add(tp, initial);
      const show = (list: typeof entries) =>
        `Map(${list.map(([tp, s]) => `${tpKey(tp)} -> (offset=${s.initOffset}, leaderEpoch=${s.leaderEpoch})`).join(', ')})`;
      if (added.length > 0) this.logger.info(`Added log dir fetcher for partitions with initial offsets ${show(added)}`);
      if (notAdded.length > 0)
        this.logger.info(
          `Failed to add log dir fetch for partitions Set(${notAdded.map(([tp]) => tpKey(tp)).join(', ')}) since the log dir reassignment has already completed`,
        );
      fetcher.wake();
    }
    this.shutdownIdleFetcherThreads();
  }

  removeFetcherForPartitions(partitions: readonly TopicPartition[]): void {
    let removed = false;
    for (const tp of partitions) for (const fetcher of this.fetchers.values()) removed = fetcher.remove(tp) || removed;
    if (removed) this.logger.info(`Removed fetcher for partitions Set(${partitions.map(tpKey).join(', ')})`);
  }

  /** `shutdownIdleFetcherThreads`. */
  shutdownIdleFetcherThreads(): void {
    for (const [id, fetcher] of [...this.fetchers]) {
      if (fetcher.isEmpty) {
        fetcher.shutdown();
        this.fetchers.delete(id);
      }
    }
  }

  /** Partitions being moved, with their fetcher and state, for the UI and tests. */
  states(): AlterLogDirsPartitionState[] {
    const out: AlterLogDirsPartitionState[] = [];
    for (const fetcher of this.fetchers.values())
      for (const s of fetcher.states()) out.push({ fetcherId: fetcher.fetcherId, topicPartition: s.topicPartition, state: s.state });
    return out.sort((a, b) => compareTopicPartitions(a.topicPartition, b.topicPartition));
  }

  shutdown(): void {
    this.logger.info('shutting down');
    this.shutDown = true;
    for (const fetcher of this.fetchers.values()) fetcher.shutdown();
    this.fetchers.clear();
    this.logger.info('shutdown completed');
  }
}

class ReplicaAlterLogDirsThread {
  private readonly partitions = new Map<string, FetchState>();
  private inProgress: string | null = null;
  private timer: ScheduledTask | null = null;
  private stopped = false;
  readonly logger: Logger;

  constructor(
    private readonly deps: AlterLogDirsDeps,
    readonly fetcherId: number,
  ) {
    // ShutdownableThread's logIdent: `[<thread name>]: `.
    this.logger = new Logger(deps.log, 'kafka.server.ReplicaAlterLogDirsThread', {
      logIdent: `[ReplicaAlterLogDirsThread-${fetcherId}]: `,
    });
  }

  get isEmpty(): boolean {
    return this.partitions.size === 0;
  }

  states(): FetchState[] {
    return [...this.partitions.values()];
  }

  add(tp: TopicPartition, initial: AlterLogDirsInitialState): void {
    this.partitions.set(tpKey(tp), {
      topicPartition: tp,
      leaderEpoch: initial.leaderEpoch,
      initOffset: initial.initOffset,
      state: 'Truncating',
      delayedUntilMs: 0,
    });
  }

  remove(tp: TopicPartition): boolean {
    return this.partitions.delete(tpKey(tp));
  }

  wake(): void {
    this.scheduleRound(0);
  }

  shutdown(): void {
    this.stopped = true;
    if (this.timer) this.deps.time.cancel(this.timer);
    this.timer = null;
  }

  private scheduleRound(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) {
      if (delayMs > 0) return;
      this.deps.time.cancel(this.timer);
    }
    this.timer = this.deps.time.schedule('replica-alter-log-dirs', delayMs, () => {
      this.timer = null;
      this.doWork();
    });
  }

  /** One round: truncate what must be, then copy one batch run of the selected partition. */
  private doWork(): void {
    if (this.stopped || this.partitions.size === 0) return;
    const now = this.deps.time.nowMs();
    for (const state of [...this.partitions.values()]) {
      if (state.state === 'Truncating' && state.delayedUntilMs <= now) this.truncate(state);
    }
    const progressed = this.fetch(now);
    if (this.partitions.size > 0) this.scheduleRound(progressed ? 0 : this.deps.config.fetchBackoffMs);
  }

  /** `truncateToEpochEndOffsets` / `truncateToHighWatermark` against the current log. */
  private truncate(state: FetchState): void {
    const tp = state.topicPartition;
    const partition = this.deps.partition(tp);
    const future = partition?.futureLog;
    const current = partition?.log;
    if (!partition || !future || !current) return;
    const latestEpoch = future.latestEpoch;
    if (latestEpoch === null) {
      const offset = Math.min(state.initOffset, future.logEndOffset);
      this.logger.info(`Truncating partition ${tpKey(tp)} to local high watermark ${offset}`);
      future.truncateTo(offset);
      state.state = 'Fetching';
      return;
    }
    if (partition.leaderEpoch !== state.leaderEpoch) {
      this.fenced(state, partition);
      return;
    }
    const { offset, completed } = offsetTruncationState(future, current.endOffsetForEpoch(latestEpoch));
    future.truncateTo(offset);
    if (completed) state.state = 'Fetching';
  }

  /** The partition's epoch moved on: `FENCED_LEADER_EPOCH` (wait for the LeaderAndIsr that re-adds it) or `UNKNOWN_LEADER_EPOCH` (retry). */
  private fenced(state: FetchState, partition: Partition): void {
    const tp = tpKey(state.topicPartition);
    if (partition.leaderEpoch > state.leaderEpoch) {
      this.logger.info(
        `Partition ${tp} has an older epoch (${state.leaderEpoch}) than the current leader. Will await the new LeaderAndIsr state before resuming fetching.`,
      );
      this.remove(state.topicPartition);
    } else {
      this.logger.info(`Partition ${tp} has an new epoch (${state.leaderEpoch}) than the current leader. retry the partition later`);
      state.delayedUntilMs = this.deps.time.nowMs() + this.deps.config.fetchBackoffMs;
    }
  }

  /** `selectPartitionToFetch`: keep copying the partition in progress; else the lowest ready one. */
  private selectPartition(now: number): FetchState | null {
    const ready = (s: FetchState | undefined): s is FetchState => s !== undefined && s.state === 'Fetching' && s.delayedUntilMs <= now;
    if (this.inProgress !== null) {
      const s = this.partitions.get(this.inProgress);
      if (ready(s)) return s;
    }
    this.inProgress = null;
    const next = [...this.partitions.values()].filter(ready).sort((a, b) => compareTopicPartitions(a.topicPartition, b.topicPartition))[0];
    if (!next) return null;
    this.inProgress = tpKey(next.topicPartition);
    const future = this.deps.partition(next.topicPartition)?.futureLog;
    this.logger.info(
      `Beginning/resuming copy of partition ${tpKey(next.topicPartition)} from offset ${future?.logEndOffset ?? 0}. ` +
        `Including this partition, there are ${this.partitions.size} remaining partitions to copy by this thread.`,
    );
    return next;
  }

  /** `buildFetch` + `processPartitionData`; true when records were copied or the swap happened. */
  private fetch(now: number): boolean {
    const quota = this.deps.quota ?? UNBOUNDED_QUOTA;
    if (quota.isQuotaExceeded()) return false;
    const state = this.selectPartition(now);
    if (!state) return false;
    const tp = state.topicPartition;
    const partition = this.deps.partition(tp);
    const future = partition?.futureLog;
    const current = partition?.log;
    if (!partition || !future || !current) {
      this.remove(tp);
      return false;
    }
    if (partition.leaderEpoch !== state.leaderEpoch) {
      this.fenced(state, partition);
      return false;
    }
    const fetchOffset = future.logEndOffset;
    let records: Uint8Array;
    try {
      records = current.read(fetchOffset, this.deps.config.fetchMaxBytes, 'log-end', true).records;
    } catch (e) {
      if (e instanceof KafkaApiError && e.errorName === 'OFFSET_OUT_OF_RANGE') {
        this.handleOffsetOutOfRange(future, current, tp);
        return true;
      }
      this.logger.error(`Error for partition ${tpKey(tp)} at offset ${fetchOffset}`, e);
      state.delayedUntilMs = now + this.deps.config.fetchBackoffMs;
      return false;
    }
    try {
      if (records.length > 0) appendToFutureReplica(future, records, tp, this.logger);
      future.updateHighWatermark(current.highWatermark);
      const start = current.logStartOffset;
      if (start > future.logStartOffset && start <= future.highWatermark) future.maybeIncrementLogStartOffset(start);
      quota.record(records.length);
      if (partition.maybeReplaceCurrentWithFutureReplica(this.deps.logManager)) {
        this.remove(tp);
        this.deps.onSwapped?.(tp);
        return true;
      }
    } catch (e) {
      this.logger.error(`Unexpected error occurred while processing data for partition ${tpKey(tp)} at offset ${fetchOffset}`, e);
      state.delayedUntilMs = now + this.deps.config.fetchBackoffMs;
      return false;
    }
    return records.length > 0;
  }

  /** `fetchOffsetAndTruncate` after OFFSET_OUT_OF_RANGE from the current log. */
  private handleOffsetOutOfRange(future: Log, current: Log, tp: TopicPartition): void {
    const replicaEndOffset = future.logEndOffset;
    const leaderEndOffset = current.logEndOffset;
    const source = this.deps.brokerId;
    if (leaderEndOffset < replicaEndOffset) {
      this.logger.warn(
        `Reset fetch offset for partition ${tpKey(tp)} from ${replicaEndOffset} to current leader ${source}'s latest offset ${leaderEndOffset}`,
      );
      future.truncateTo(leaderEndOffset);
      return;
    }
    const leaderStartOffset = current.logStartOffset;
    this.logger.warn(
      `Reset fetch offset for partition ${tpKey(tp)} from ${replicaEndOffset} to current leader ${source}'s start offset ${leaderStartOffset}`,
    );
    if (leaderStartOffset > replicaEndOffset) future.truncateFullyAndStartAt(leaderStartOffset);
  }
}

/** The base offset of the first batch in `records` (its first 8 bytes). */
function firstBaseOffset(records: Uint8Array): number {
  return Number(new DataView(records.buffer, records.byteOffset, records.byteLength).getBigInt64(0));
}

/**
 * `Partition.appendRecordsToFollowerOrFutureReplica(isFuture = true)`: the batches as the current
 * log holds them. The first append to an empty future log may start below its log start offset
 * (the current log's start falls inside a batch, after DeleteRecords): the future log then starts
 * at the batch's base offset, as Kafka does.
 */
function appendToFutureReplica(future: Log, records: Uint8Array, tp: TopicPartition, logger: Logger): void {
  try {
    future.appendAsFollower(records);
  } catch (e) {
    const first = records.length >= 8 ? firstBaseOffset(records) : null;
    const unexpected = e instanceof KafkaApiError && e.exceptionName === 'UnexpectedAppendOffsetException';
    if (!unexpected || first === null || future.logEndOffset !== future.logStartOffset || first >= future.logEndOffset) throw e;
    logger.info(
      `Unexpected offset in append to ${tpKey(tp)}. First offset ${first} is less than log start offset ${future.logStartOffset}. ` +
        `Since this is the first record to be appended to the future replica's log, will start the log from offset ${first}.`,
    );
    future.truncateFullyAndStartAt(first);
    future.appendAsFollower(records);
  }
}
