/**
 * `kafka.log.LogCleanerManager` (Kafka 2.5): which compacted logs the cleaner threads take, in
 * which state each partition's cleaning is, and the `cleaner-offset-checkpoint` of each log dir
 * (where each partition's dirty section starts).
 *
 * The cleaning states of a partition and their valid previous states (LogCleaningState):
 *
 *   state                   valid previous states
 *   (none)                  LogCleaningInProgress, LogCleaningPaused(1)
 *   LogCleaningInProgress   (none)
 *   LogCleaningAborted      LogCleaningInProgress
 *   LogCleaningPaused(1)    (none), LogCleaningAborted, LogCleaningPaused(2)
 *   LogCleaningPaused(i≥2)  LogCleaningPaused(i−1), LogCleaningPaused(i+1)
 *
 * Pauses come from deletion (`abortCleaning`), truncation, future-log swaps (`abortAndPauseCleaning`
 * … `resumeCleaning`) and the retention of non-compacted logs. A pass runs as several steps of the
 * broker's scheduler; 2.5's `abortAndPauseCleaning` waits until the cleaner thread has seen the
 * abort, so here the thread holding the partition between two steps is made to stop at once
 * (`abortInProgress`): when `abortAndPauseCleaning` returns, the partition is paused.
 */
import { IllegalStateException } from '../../common/java-lang';
import type { TopicPartition } from '../../common/topic-partition';
import { TopicPartitionMap, tpKey } from '../../common/topic-partition';
import type { Logger } from '../../common/logging';
import type { Clock } from '../../platform/clock';
import type { Log } from '../log';
import { KafkaException } from '../errors';
import { PreCleanStats } from './cleaner-stats';
import { LogToClean, cleanableOffsets, maxCompactionDelay } from './log-to-clean';

export type LogCleaningState =
  | { readonly kind: 'LogCleaningInProgress' }
  | { readonly kind: 'LogCleaningAborted' }
  | { readonly kind: 'LogCleaningPaused'; readonly pausedCount: number };

const IN_PROGRESS: LogCleaningState = { kind: 'LogCleaningInProgress' };
const ABORTED: LogCleaningState = { kind: 'LogCleaningAborted' };
const paused = (pausedCount: number): LogCleaningState => ({ kind: 'LogCleaningPaused', pausedCount });

function stateText(s: LogCleaningState): string {
  return s.kind === 'LogCleaningPaused' ? `LogCleaningPaused(${s.pausedCount})` : s.kind;
}

/** `LogCleaningAbortedException`: the partition's cleaning was aborted (deletion, truncation, swap). */
export class LogCleaningAbortedException extends KafkaException {
  override readonly name = 'LogCleaningAbortedException';
  override readonly javaClass = 'kafka.log.LogCleaningAbortedException';
  constructor() {
    super('');
  }
}

/** The cleaner checkpoints as the LogManager keeps them (../checkpoints/log-checkpoints.ts). */
export interface CleanerCheckpoints {
  readCleanerCheckpoints(): TopicPartitionMap<number>;
  updateCleanerCheckpoint(dir: string, update?: readonly [TopicPartition, number]): void;
}

export interface LogCleanerManagerOptions {
  readonly logDirs: readonly string[];
  /** The LogManager's current logs (`logs: Pool[TopicPartition, Log]`). */
  readonly logs: () => Iterable<Log>;
  readonly getLog: (tp: TopicPartition) => Log | undefined;
  readonly checkpoints: CleanerCheckpoints;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Stops the pass over `tp` a cleaner thread holds between two steps (it ends in `doneCleaning`). */
  readonly abortInProgress?: (tp: TopicPartition) => void;
}

export class LogCleanerManager {
  private readonly inProgress = new TopicPartitionMap<LogCleaningState>();
  /** Per log dir, the partitions whose cleaning threw (`uncleanablePartitions`). */
  private readonly uncleanablePartitions = new Map<string, TopicPartitionMap<true>>();
  /** The dirtiest log's ratio at the last choice (`max-dirty-percent`). */
  dirtiestLogCleanableRatio = 0;
  /** `time-since-last-run-ms` counts from here. */
  timeOfLastRun: number;

  constructor(private readonly o: LogCleanerManagerOptions) {
    this.timeOfLastRun = o.clock.nowMs();
  }

  get logDirs(): readonly string[] {
    return this.o.logDirs;
  }

  /** `allCleanerCheckpoints`: each partition's checkpointed first dirty offset. */
  allCleanerCheckpoints(): TopicPartitionMap<number> {
    return this.o.checkpoints.readCleanerCheckpoints();
  }

  cleaningState(tp: TopicPartition): LogCleaningState | undefined {
    return this.inProgress.get(tp);
  }

  /**
   * `grabFilthiestCompactedLog`: of the compacted logs not in progress and not uncleanable, the one
   * with the highest dirty ratio above its `min.cleanable.dirty.ratio` — or one overdue by
   * `max.compaction.lag.ms` with cleanable bytes — marked in progress; or null.
   */
  grabFilthiestCompactedLog(preCleanStats = new PreCleanStats()): LogToClean | null {
    const now = this.o.clock.nowMs();
    this.timeOfLastRun = now;
    const lastClean = this.allCleanerCheckpoints();
    const dirtyLogs: LogToClean[] = [];
    for (const log of this.o.logs()) {
      const tp = log.topicPartition;
      if (!log.config.compact || this.inProgress.has(tp) || this.isUncleanablePartition(log)) continue;
      const offsets = cleanableOffsets(log, lastClean.get(tp), now);
      if (offsets.warning) this.o.logger.warn(offsets.warning);
      const compactionDelayMs = maxCompactionDelay(log, offsets.firstDirtyOffset, now);
      preCleanStats.updateMaxCompactionDelay(compactionDelayMs);
      const ltc = new LogToClean(log, offsets.firstDirtyOffset, offsets.firstUncleanableDirtyOffset, compactionDelayMs > 0);
      if (ltc.totalBytes > 0) dirtyLogs.push(ltc);
    }
    this.dirtiestLogCleanableRatio = dirtyLogs.reduce((max, l) => Math.max(max, l.cleanableRatio), 0);
    const cleanable = dirtyLogs.filter(
      (l) => (l.needCompactionNow && l.cleanableBytes > 0) || l.cleanableRatio > l.log.config.minCleanableRatio,
    );
    if (cleanable.length === 0) return null;
    preCleanStats.recordCleanablePartitions(cleanable.length);
    // `cleanableLogs.max`: the highest ratio; the first such log on a tie.
    let filthiest = cleanable[0];
    for (const l of cleanable) if (l.cleanableRatio > filthiest.cleanableRatio) filthiest = l;
    this.inProgress.set(filthiest.topicPartition, IN_PROGRESS);
    return filthiest;
  }

  /** `pauseCleaningForNonCompactedPartitions`: retention's logs, each paused while retention runs. */
  pauseCleaningForNonCompactedPartitions(): Log[] {
    const out: Log[] = [];
    for (const log of this.o.logs()) {
      if (log.config.compact || this.inProgress.has(log.topicPartition)) continue;
      this.inProgress.set(log.topicPartition, paused(1));
      out.push(log);
    }
    return out;
  }

  /** `deletableLogs`: compacted logs (also `compact,delete`), marked in progress while the cleaner thread runs their retention. */
  deletableLogs(): Log[] {
    const out: Log[] = [];
    for (const log of this.o.logs()) {
      if (this.inProgress.has(log.topicPartition) || !log.config.compact || this.isUncleanablePartition(log)) continue;
      this.inProgress.set(log.topicPartition, IN_PROGRESS);
      out.push(log);
    }
    return out;
  }

  /** `abortCleaning`: abort and pause, then resume. */
  abortCleaning(tp: TopicPartition): void {
    this.abortAndPauseCleaning(tp, false);
    this.resumeCleaning([tp]);
    this.o.logger.info(`The cleaning for partition ${tpKey(tp)} is aborted`);
  }

  /**
   * `abortAndPauseCleaning`: a partition not being cleaned is paused (once more if already paused);
   * one in progress is marked aborted — the cleaner stops at its next check and `doneCleaning`
   * pauses it.
   */
  abortAndPauseCleaning(tp: TopicPartition, logIt = true): void {
    const state = this.inProgress.get(tp);
    if (state === undefined) this.inProgress.set(tp, paused(1));
    else if (state.kind === 'LogCleaningInProgress') {
      this.inProgress.set(tp, ABORTED);
      this.o.abortInProgress?.(tp);
    } else if (state.kind === 'LogCleaningPaused') this.inProgress.set(tp, paused(state.pausedCount + 1));
    else
      throw new IllegalStateException(
        `Compaction for partition ${tpKey(tp)} cannot be aborted and paused since it is in ${stateText(state)} state.`,
      );
    if (logIt) this.o.logger.info(`The cleaning for partition ${tpKey(tp)} is aborted and paused`);
  }

  /** `resumeCleaning`: undoes one pause of each partition. */
  resumeCleaning(tps: Iterable<TopicPartition>): void {
    for (const tp of tps) {
      const state = this.inProgress.get(tp);
      if (state === undefined)
        throw new IllegalStateException(`Compaction for partition ${tpKey(tp)} cannot be resumed since it is not paused.`);
      if (state.kind === 'LogCleaningPaused' && state.pausedCount === 1) this.inProgress.delete(tp);
      else if (state.kind === 'LogCleaningPaused') this.inProgress.set(tp, paused(state.pausedCount - 1));
      else
        throw new IllegalStateException(
          `Compaction for partition ${tpKey(tp)} cannot be resumed since it is in ${stateText(state)} state.`,
        );
    }
  }

  /** `checkCleaningAborted`: throws LogCleaningAbortedException if the partition's cleaning was aborted. */
  checkCleaningAborted(tp: TopicPartition): void {
    if (this.inProgress.get(tp)?.kind === 'LogCleaningAborted') throw new LogCleaningAbortedException();
  }

  /** `updateCheckpoints(dir, update)`. */
  updateCheckpoints(dir: string, update?: readonly [TopicPartition, number]): void {
    this.o.checkpoints.updateCleanerCheckpoint(dir, update);
  }

  /** `alterCheckpointDir`: a partition moved between log dirs takes its checkpointed offset with it. */
  alterCheckpointDir(tp: TopicPartition, sourceLogDir: string, destLogDir: string): void {
    const offset = this.o.checkpoints.readCleanerCheckpoints().get(tp);
    if (offset !== undefined) {
      this.updateCheckpoints(sourceLogDir);
      this.updateCheckpoints(destLogDir, [tp, offset]);
    }
    const source = this.uncleanablePartitions.get(sourceLogDir);
    if (source?.delete(tp)) this.markPartitionUncleanable(destLogDir, tp);
  }

  /** `maybeTruncateCheckpoint`: after a truncation the checkpoint may not point past the new end. */
  maybeTruncateCheckpoint(dir: string, tp: TopicPartition, offset: number): void {
    const log = this.o.getLog(tp);
    if (!log?.config.compact) return;
    const existing = this.o.checkpoints.readCleanerCheckpoints().get(tp) ?? 0;
    if (existing > offset) this.updateCheckpoints(dir, [tp, offset]);
  }

  /** `doneCleaning`: the new first dirty offset checkpointed, unless the cleaning was aborted (then it is paused). */
  doneCleaning(tp: TopicPartition, dir: string, endOffset: number): void {
    const state = this.inProgress.get(tp);
    if (state?.kind === 'LogCleaningInProgress') {
      this.updateCheckpoints(dir, [tp, endOffset]);
      this.inProgress.delete(tp);
    } else if (state?.kind === 'LogCleaningAborted') {
      this.inProgress.set(tp, paused(1));
    } else if (state === undefined) {
      throw new IllegalStateException(`State for partition ${tpKey(tp)} should exist.`);
    } else {
      throw new IllegalStateException(`In-progress partition ${tpKey(tp)} cannot be in ${stateText(state)} state.`);
    }
  }

  /** `doneDeleting`. */
  doneDeleting(tps: Iterable<TopicPartition>): void {
    for (const tp of tps) {
      const state = this.inProgress.get(tp);
      if (state?.kind === 'LogCleaningInProgress') this.inProgress.delete(tp);
      else if (state?.kind === 'LogCleaningAborted') this.inProgress.set(tp, paused(1));
      else if (state === undefined) throw new IllegalStateException(`State for partition ${tpKey(tp)} should exist.`);
      else throw new IllegalStateException(`In-progress partition ${tpKey(tp)} cannot be in ${stateText(state)} state.`);
    }
  }

  /** `handleLogDirFailure`: the dir's uncleanable partitions are forgotten. */
  handleLogDirFailure(dir: string): void {
    this.o.logger.warn(`Stopping cleaning logs in dir ${dir}`);
    this.uncleanablePartitions.delete(dir);
  }

  markPartitionUncleanable(logDir: string, tp: TopicPartition): void {
    let set = this.uncleanablePartitions.get(logDir);
    if (!set) this.uncleanablePartitions.set(logDir, (set = new TopicPartitionMap()));
    set.set(tp, true);
  }

  uncleanablePartitionsCount(logDir: string): number {
    return this.uncleanablePartitions.get(logDir)?.size ?? 0;
  }

  isUncleanablePartition(log: Log): boolean {
    return this.uncleanablePartitions.get(log.parentDir)?.has(log.topicPartition) ?? false;
  }
}
