/**
 * A partition's log (`kafka.log.Log`): its directory, its segments, its offsets (log start, high
 * watermark, log end, recovery point) and its leader-epoch cache.
 *
 * What a new log looks like on disk (Kafka 2.5, `segment.index.bytes` = 10485760):
 *
 *   <log dir>/orders-0/
 *     00000000000000000000.log         0 bytes (segment.bytes, sparse, if preallocate=true)
 *     00000000000000000000.index       10485760 bytes, sparse (rounded down to a multiple of 8)
 *     00000000000000000000.timeindex   10485756 bytes, sparse (rounded down to a multiple of 12)
 *     leader-epoch-checkpoint          0 bytes; "0\n1\n0 0\n" once leader epoch 0 starts at 0
 *
 * Appends (`appendAsLeader` / `appendAsFollower`) validate the batches (log-validator.ts), roll the
 * active segment when the chunk would not fit (`segment.bytes`), when `segment.ms` (less the
 * segment's jitter) has passed, when an index is full or offsets would overflow, then append and
 * move the log end offset; `flush.messages` forces an fsync. Reads return whole batches from the
 * one holding the fetch offset, up to the high watermark for consumers and the log end for
 * followers. Appends are in log-append.ts, rolls in log-roll.ts, reads in log-read.ts, flushes in
 * log-flush.ts, high watermark and log start offset moves in log-offsets.ts. Retention (`deleteOldSegments`) is in log-retention.ts, truncation (`truncateTo`,
 * `truncateFullyAndStartAt`) in log-truncation.ts, the delayed removal of deleted segments' files
 * in segment-deletion.ts, loading and crash recovery in load-segments.ts.
 */
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import { errorMessage } from '../common/throwable';
import type { FileSystem } from '../platform/file-system';
import { baseName, joinPath, parentPath } from '../platform/file-system';
import type { Random } from '../platform/random';
import type { ScheduledTask, Time } from '../platform/scheduler';
import type { EpochEntry } from './checkpoints/checkpoint-file';
import { FileHandleCache } from './segment/file-handle-cache';
import { LeaderEpochFileCache } from './leader-epoch-cache';
import type { EpochEndOffset } from './leader-epoch-cache';
import type { LogConfig } from './log-config';
import {
  CLEANED_FILE_SUFFIX,
  DELETED_FILE_SUFFIX,
  SWAP_FILE_SUFFIX,
  DELETE_DIR_SUFFIX,
  FUTURE_DIR_SUFFIX,
  LEADER_EPOCH_CHECKPOINT_FILE,
  parseTopicPartitionName,
} from './log-manager/log-dir-names';
import type { LogEventBody, LogEventLevel, LogEventSink } from './log-event';
import { loadSegments } from './load-segments';
import { LogSegment } from './segment/log-segment';
import { floorSegment, segmentsBetween } from './segment/segment-lookup';
import type { FetchDataInfo, LogOffsetMetadata, LogSegmentConfig } from './segment/log-segment';
import type { LogAppendInfo } from './log-validator';
import { append } from './log-append';
import type { AppendableLog } from './log-append';
import { collectAbortedTransactions, fetchOffsetByTimestamp, read } from './log-read';
import type { AbortedTxn } from './index/transaction-index';
import type { FetchIsolation, ReadableLog, TimestampAndOffset } from './log-read';
import { roll } from './log-roll';
import { deleteSnapshotsAfterRecoveryPointCheckpoint, flush } from './log-flush';
import { maybeIncrementHighWatermark, maybeIncrementLogStartOffset, updateHighWatermark } from './log-offsets';
import type { OffsetsLog } from './log-offsets';
import { loadProducerState } from './producer-state/producer-state-loading';
import { ProducerStateManager } from './producer-state/producer-state-manager';
import { deleteOldSegments } from './log-retention';
import { truncateFullyAndStartAt, truncateTo } from './log-truncation';
import type { TruncatableLog } from './log-truncation';
import { SegmentDeletions } from './segment-deletion';
import type { LogOptions } from './log-options';

export type { LogOptions } from './log-options';
export type { AbortedTransaction, FetchIsolation, TimestampAndOffset } from './log-read';
export { EARLIEST_TIMESTAMP, LATEST_TIMESTAMP } from './log-read';

/** `producer.id.expiration.check.interval.ms` (10 minutes). */
const PRODUCER_ID_EXPIRATION_CHECK_INTERVAL_MS = 600000;

export class Log {
  private dirPath: string;
  readonly topicPartition: TopicPartition;
  private logConfig: LogConfig;
  readonly fs: FileSystem;
  readonly time: Time;
  private readonly random: Random | undefined;
  readonly handles: FileHandleCache;
  private readonly onEvent: LogEventSink;
  /** Segments by base offset, ascending; the last one is the active segment. */
  private segmentList: LogSegment[] = [];
  readonly leaderEpochCache: LeaderEpochFileCache;
  /** Idempotent producers' epochs and last batches, with their `.snapshot` files. */
  readonly producerStateManager: ProducerStateManager;

  logStartOffset: number;
  recoveryPoint: number;
  private nextOffset: number;
  private hw: number;
  private hwPosition: LogOffsetMetadata | null = null;
  /** When the log was last fsynced (`lastFlushTime`), for `flush.ms`. */
  lastFlushTimeMs: number;
  private readonly deletions = new SegmentDeletions(this);
  /** What truncation, append, roll and read change beyond the public surface (handed to their files only). */
  private readonly internals: TruncatableLog & AppendableLog & ReadableLog & OffsetsLog = new LogInternals(this);

  private constructor(options: LogOptions) {
    this.fs = options.fs;
    this.dirPath = options.dir;
    this.logConfig = options.config;
    this.time = options.time;
    this.random = options.random;
    this.handles = options.handles ?? new FileHandleCache(options.fs, 8);
    this.onEvent = options.onEvent ?? (() => {});
    this.topicPartition = parseTopicPartitionName(options.dir);
    this.logStartOffset = options.logStartOffset ?? 0;
    this.recoveryPoint = options.recoveryPoint ?? 0;
    this.nextOffset = this.logStartOffset;
    this.hw = this.logStartOffset;
    this.lastFlushTimeMs = options.time.nowMs();
    this.leaderEpochCache = new LeaderEpochFileCache(
      this.fs,
      joinPath(this.dirPath, LEADER_EPOCH_CHECKPOINT_FILE),
      () => this.nextOffset,
      (message) => this.emit('WARN', message, { type: 'log-message' }),
    );
    this.producerStateManager = new ProducerStateManager({
      fs: this.fs,
      topicPartition: this.topicPartition,
      dir: this.dirPath,
      onMessage: producerStateWarnings(this),
    });
    // `PeriodicProducerExpirationCheck`: producers silent for transactional.id.expiration.ms are forgotten.
    this.producerExpireCheck = this.time.schedulePeriodic(
      'PeriodicProducerExpirationCheck',
      PRODUCER_ID_EXPIRATION_CHECK_INTERVAL_MS,
      PRODUCER_ID_EXPIRATION_CHECK_INTERVAL_MS,
      () => this.producerStateManager.removeExpiredProducers(this.time.nowMs()),
    );
  }

  /**
   * A new, empty log in `dir` (which LogManager has just created): leader-epoch-checkpoint, then the
   * first segment at the log start offset. Throws the `FileSystemError` of a failed write.
   */
  static create(options: LogOptions): Log {
    const log = new Log(options);
    options.fs.mkdirs(log.dirPath);
    log.leaderEpochCache.load();
    log.segmentList.push(log.newSegment(log.logStartOffset));
    log.nextOffset = log.logStartOffset;
    return log;
  }

  /**
   * A log found on disk at startup (load-segments.ts): temporary files removed, segments opened,
   * and — without a clean shutdown — every segment from the recovery point re-validated.
   */
  static load(options: LogOptions): Log {
    const log = new Log(options);
    log.leaderEpochCache.load();
    const state = loadSegments(log, options.hadCleanShutdown ?? false);
    log.segmentList = state.segments;
    log.deletions.schedule(state.removedByRecovery, 'recovery');
    log.logStartOffset = state.logStartOffset;
    // A -delete dir is only waiting to be removed: Kafka neither recovers nor reads it.
    log.nextOffset = log.isDeleteDir ? 0 : log.activeSegment.readNextOffset();
    log.recoveryPoint = state.recoveryPoint;
    log.leaderEpochCache.truncateFromEnd(log.nextOffset);
    // The earliest leader epoch may not have been flushed before a hard failure (Kafka's words).
    log.leaderEpochCache.truncateFromStart(log.logStartOffset);
    log.hw = Math.max(log.logStartOffset, Math.min(log.hw, log.nextOffset));
    if (!log.isDeleteDir) loadProducerState(log, log.nextOffset, options.hadCleanShutdown ?? false);
    return log;
  }

  /** A line in Kafka's `Log` voice: `[Log partition=orders-0, dir=/…/kafka-logs] …`. */
  emit(level: LogEventLevel, message: string, body: LogEventBody): void {
    this.onEvent(level, `[Log partition=${tpKey(this.topicPartition)}, dir=${this.parentDir}] ${message}`, body);
  }

  /** A segment at `baseOffset` created with this log's config (`activeIndexes`: pre-allocate the indexes). */
  newSegment(baseOffset: number, activeIndexes = true): LogSegment {
    return LogSegment.create(this.handles, this.dirPath, baseOffset, this.segmentConfig(), this.time, activeIndexes);
  }

  segmentConfig(): LogSegmentConfig {
    return {
      indexIntervalBytes: this.logConfig.indexInterval,
      maxIndexSize: this.logConfig.maxIndexSize,
      initFileSize: this.logConfig.initFileSize,
      preallocate: this.logConfig.preallocate,
      rollJitterMs: this.random ? this.logConfig.randomSegmentJitter(this.random) : 0,
    };
  }

  // --- names and parts ---------------------------------------------------------------------------

  /** The partition directory (changes when the log is renamed for deletion). */
  get dir(): string {
    return this.dirPath;
  }

  /** The log dir holding this partition (`Log.parentDir`). */
  get parentDir(): string {
    return parentPath(this.dirPath);
  }

  /** The partition directory's name (`Log.name`). */
  get name(): string {
    return baseName(this.dirPath);
  }

  get config(): LogConfig {
    return this.logConfig;
  }

  get isFuture(): boolean {
    return this.dirPath.endsWith(FUTURE_DIR_SUFFIX);
  }

  get isDeleteDir(): boolean {
    return this.dirPath.endsWith(DELETE_DIR_SUFFIX);
  }

  get segments(): readonly LogSegment[] {
    return this.segmentList;
  }

  get activeSegment(): LogSegment {
    return this.segmentList[this.segmentList.length - 1];
  }

  get numberOfSegments(): number {
    return this.segmentList.length;
  }

  get leaderEpochCheckpointPath(): string {
    return this.leaderEpochCache.path;
  }

  /** The leader-epoch cache (empty for a new log). */
  get leaderEpochEntries(): readonly EpochEntry[] {
    return this.leaderEpochCache.entries;
  }

  get logEndOffset(): number {
    return this.nextOffset;
  }

  get highWatermark(): number {
    return this.hw;
  }

  /**
   * `firstUnstableOffset`: the first offset of the earliest transaction undecided or decided above
   * the high watermark (not below the log start), null when there is none.
   */
  get firstUnstableOffset(): number | null {
    const first = this.producerStateManager.firstUnstableOffset;
    return first === null ? null : Math.max(first, this.logStartOffset);
  }

  /**
   * `lastStableOffset`: every offset below it is decided — committed, aborted or not transactional —
   * so read_committed consumers read up to it; never past the high watermark.
   */
  get lastStableOffset(): number {
    const first = this.firstUnstableOffset;
    return first !== null && first < this.hw ? first : this.hw;
  }

  /** `lastStableOffsetLag` (the Partition gauge `LastStableOffsetLag`). */
  get lastStableOffsetLag(): number {
    return this.hw - this.lastStableOffset;
  }

  /** `collectAbortedTransactions(startOffset, upperBoundOffset)`: the aborted transactions from the segment holding `startOffset`. */
  collectAbortedTransactions(startOffset: number, upperBoundOffset: number): AbortedTxn[] {
    const first = floorSegment(this.segmentList, startOffset);
    return collectAbortedTransactions(this.segmentList, first ? this.segmentList.indexOf(first) : 0, startOffset, upperBoundOffset);
  }

  /** Bytes in all segments (`Log.size`). */
  get size(): number {
    let total = 0;
    for (const s of this.segmentList) total += s.size;
    return total;
  }

  /** `unflushedMessages`: offsets appended since the recovery point. */
  get unflushedMessages(): number {
    return this.nextOffset - this.recoveryPoint;
  }

  get latestEpoch(): number | null {
    return this.leaderEpochCache.latestEpoch;
  }

  /** `Log.endOffsetForEpoch` (what OffsetsForLeaderEpoch answers). */
  endOffsetForEpoch(leaderEpoch: number): EpochEndOffset {
    return this.leaderEpochCache.endOffsetFor(leaderEpoch);
  }

  /**
   * `Log.maybeAssignEpochStartOffset`: a new leader records the offset its epoch starts at (its log
   * end offset); the checkpoint is rewritten when the cache changes.
   */
  maybeAssignEpochStartOffset(leaderEpoch: number, startOffset: number): boolean {
    return this.leaderEpochCache.assign(leaderEpoch, startOffset);
  }

  /** `Log.updateConfig`: a topic config change (dynamic config). */
  updateConfig(config: LogConfig): void {
    this.logConfig = config;
  }

  // --- append ------------------------------------------------------------------------------------

  /**
   * `Log.appendAsLeader`: validates a producer's batches, assigns offsets from the log end, stamps
   * `leaderEpoch` (and LogAppendTime when the topic uses it), then appends. `records` may be
   * modified in place. Throws `KafkaApiError` (CORRUPT_MESSAGE, MESSAGE_TOO_LARGE, …) before writing.
   */
  appendAsLeader(records: Uint8Array, leaderEpoch: number, isFromClient = true): LogAppendInfo {
    return append(this.internals, records, true, isFromClient, leaderEpoch);
  }

  /** `Log.appendAsFollower`: the leader's batches, with their offsets, as they are. */
  appendAsFollower(records: Uint8Array): LogAppendInfo {
    return append(this.internals, records, false, false, -1);
  }

  private updateLogEndOffset(offset: number): void {
    this.nextOffset = offset;
    if (this.hw > offset) this.setHighWatermark(offset);
    if (this.recoveryPoint > offset) this.recoveryPoint = offset;
  }

  private setHighWatermark(offset: number): void {
    this.hw = offset;
    this.hwPosition = null;
    // Completed transactions whose markers are now below the high watermark no longer hold the LSO.
    this.producerStateManager.onHighWatermarkUpdated(offset);
  }

  // --- roll (log-roll.ts) ------------------------------------------------------------------------

  /** `Log.roll`: a new active segment at max(expected next offset, log end offset), the old one flushed in the background. */
  roll(expectedNextOffset = 0, reason = 'requested'): LogSegment {
    return roll(this.internals, expectedNextOffset, reason);
  }

  // --- producer state ----------------------------------------------------------------------------

  /** `deleteSnapshotsAfterRecoveryPointCheckpoint` (log-flush.ts): snapshots recovery no longer needs go. */
  deleteSnapshotsAfterRecoveryPointCheckpoint(): number {
    return deleteSnapshotsAfterRecoveryPointCheckpoint(this);
  }

  // --- flush -------------------------------------------------------------------------------------

  /** `Log.flush`: fsyncs the segments holding offsets below `offset` and moves the recovery point there (log-flush.ts). */
  flush(offset = this.nextOffset): void {
    flush(this, offset);
  }

  /** A background flush that finds the log closed or deleted does nothing. */
  private flushSafely(offset: number): void {
    if (this.closed) return;
    try {
      this.flush(offset);
    } catch (e) {
      this.emit(
        'ERROR',
        `Error while flushing log for ${tpKey(this.topicPartition)} in dir ${this.parentDir} with offset ${offset}: ${errorMessage(e)}`,
        { type: 'log-message' },
      );
    }
  }

  /** `logSegments(from, to)`: segments that may hold offsets in [from, to). */
  segmentsBetween(from: number, to: number): LogSegment[] {
    return segmentsBetween(this.segmentList, from, to);
  }

  // --- read (log-read.ts) ----------------------------------------------------------------------

  /** The segment holding `offset` (the last one whose base offset is ≤ it). */
  floorSegment(offset: number): LogSegment | undefined {
    return floorSegment(this.segmentList, offset);
  }

  /** `Log.read`: whole batches from the one holding `startOffset`, not past the high watermark for consumers. */
  read(startOffset: number, maxLength: number, isolation: FetchIsolation, minOneMessage: boolean): FetchDataInfo {
    return read(this.internals, startOffset, maxLength, isolation, minOneMessage);
  }

  /** `Log.fetchOffsetByTimestamp` (ListOffsets): −1 → the log end, −2 → the log start, else the first record at or after it. */
  fetchOffsetByTimestamp(targetTimestamp: number): TimestampAndOffset | null {
    return fetchOffsetByTimestamp(this, targetTimestamp);
  }

  // --- offsets (log-offsets.ts) -------------------------------------------------------------------

  /** `Log.updateHighWatermark`: set, clamped to [log start, log end]; returns the value set. */
  updateHighWatermark(hw: number): number {
    return updateHighWatermark(this.internals, hw);
  }

  /** `maybeIncrementHighWatermark`: only forward; returns the old value if it moved, else null. */
  maybeIncrementHighWatermark(hw: number): number | null {
    return maybeIncrementHighWatermark(this.internals, hw);
  }

  /** `maybeIncrementLogStartOffset` (retention, DeleteRecords): never past the high watermark. */
  maybeIncrementLogStartOffset(newLogStartOffset: number): void {
    maybeIncrementLogStartOffset(this, newLogStartOffset);
  }

  // --- truncation and retention (log-truncation.ts, log-retention.ts) ----------------------------

  /** `Log.truncateTo`: removes every offset ≥ `targetOffset` (a follower following a new leader). */
  truncateTo(targetOffset: number): boolean {
    return truncateTo(this.internals, targetOffset);
  }

  /** `truncateFullyAndStartAt`: every segment goes; the log restarts empty at `newOffset`. */
  truncateFullyAndStartAt(newOffset: number): void {
    truncateFullyAndStartAt(this.internals, newOffset);
  }

  /**
   * `Log.deleteOldSegments`: retention by time and size (delete policy), then by log start offset.
   * Returns the number of segments scheduled for deletion.
   */
  deleteOldSegments(): number {
    return deleteOldSegments(this);
  }

  /**
   * `removeAndDeleteSegments(asyncDelete = true)`: segments leave the log, their files get the
   * `.deleted` suffix and are removed `file.delete.delay.ms` later.
   */
  removeAndDeleteSegments(segments: readonly LogSegment[], reason: string): void {
    if (segments.length === 0) return;
    const removed = new Set(segments);
    this.segmentList = this.segmentList.filter((s) => !removed.has(s));
    for (const s of segments) s.changeFileSuffixes('', DELETED_FILE_SUFFIX);
    this.deletions.schedule(segments, reason);
  }

  /**
   * `Log.replaceSegments` (the cleaner's swap, crash-safe in this order): the new segments `.cleaned`
   * → `.swap` (highest offset first, so recovery can tell a complete set), they take the old ones'
   * place in the log, the old ones are renamed `.deleted` (removed `file.delete.delay.ms` later),
   * then the new ones lose the `.swap` suffix. A crash between any two steps is completed or
   * undone by load-segments.ts.
   */
  replaceSegments(newSegments: readonly LogSegment[], oldSegments: readonly LogSegment[]): void {
    const sortedNew = [...newSegments].sort((a, b) => a.baseOffset - b.baseOffset);
    const current = new Set(this.segmentList);
    const sortedOld = oldSegments.filter((s) => current.has(s)).sort((a, b) => a.baseOffset - b.baseOffset);
    for (const s of [...sortedNew].reverse()) s.changeFileSuffixes(CLEANED_FILE_SUFFIX, SWAP_FILE_SUFFIX);
    const removed = new Set<LogSegment>(sortedOld);
    const newBases = new Set(sortedNew.map((s) => s.baseOffset));
    this.segmentList = [...this.segmentList.filter((s) => !removed.has(s) && !newBases.has(s.baseOffset)), ...sortedNew].sort(
      (a, b) => a.baseOffset - b.baseOffset,
    );
    for (const s of sortedOld) s.changeFileSuffixes('', DELETED_FILE_SUFFIX);
    this.deletions.schedule(sortedOld, 'log cleaning');
    for (const s of sortedNew) s.changeFileSuffixes(SWAP_FILE_SUFFIX, '');
  }

  /** `nonActiveLogSegmentsFrom`: the segments from the one holding `from`, the active one excluded. */
  nonActiveLogSegmentsFrom(from: number): LogSegment[] {
    const active = this.activeSegment;
    if (from >= active.baseOffset) return [];
    return this.segmentsBetween(from, active.baseOffset);
  }

  // --- lifecycle ---------------------------------------------------------------------------------

  private closed = false;
  private readonly producerExpireCheck: ScheduledTask;

  private stopProducerExpireCheck(): void {
    this.time.cancel(this.producerExpireCheck);
  }

  /**
   * `Log.renameDir`: moves the partition directory to `<log dir>/<name>` and points segments and
   * checkpoints at it. Throws the `FileSystemError` of a failed rename.
   */
  renameDir(name: string): void {
    const renamed = joinPath(this.parentDir, name);
    if (renamed === this.dirPath) return;
    for (const s of this.segmentList) s.closeHandlers();
    for (const s of this.deletions.segments()) s.closeHandlers();
    this.fs.rename(this.dirPath, renamed);
    this.dirPath = renamed;
    for (const s of this.segmentList) s.updateDir(renamed);
    for (const s of this.deletions.segments()) s.updateDir(renamed);
    this.leaderEpochCache.updatePath(this.fs, joinPath(renamed, LEADER_EPOCH_CHECKPOINT_FILE));
    this.producerStateManager.updateDir(renamed);
  }

  /** `Log.closeHandlers`: drops open handles without touching the files (log dir failure, kill). */
  closeHandlers(): void {
    this.closed = true;
    this.stopProducerExpireCheck();
    for (const s of this.segmentList) s.closeHandlers();
  }

  /** `Log.close`: the active segment's last time-index entry, indexes and `.log` trimmed (clean shutdown). */
  close(): void {
    this.closed = true;
    this.stopProducerExpireCheck();
    this.flush();
    // A snapshot at the log end spares the next start a scan of the log.
    if (!this.isDeleteDir) this.producerStateManager.takeSnapshot();
    for (const s of this.segmentList) s.close();
  }

  /** `Log.delete`: removes the directory and everything in it. */
  delete(): void {
    this.closed = true;
    this.stopProducerExpireCheck();
    for (const s of this.segmentList) s.closeHandlers();
    this.deletions.cancelAll();
    this.fs.rm(this.dirPath, { recursive: true, force: true });
    this.segmentList = [];
  }

  /** As Kafka 2.5 prints a log in its messages. */
  toString(): string {
    return (
      `Log(dir=${this.dirPath}, topic=${this.topicPartition.topic}, partition=${this.topicPartition.partition}, ` +
      `highWatermark=${this.hw}, lastStableOffset=${this.lastStableOffset}, ` +
      `logStartOffset=${this.logStartOffset}, logEndOffset=${this.nextOffset})`
    );
  }

  /** `orders-0` */
  get partitionName(): string {
    return tpKey(this.topicPartition);
  }
}

/**
 * Only warnings reach the log's events: the INFO lines of every roll and load would drown them.
 * Made by a function, not written inline, for the same reason as {@link LogInternals}.
 */
function producerStateWarnings(log: Log): (level: 'INFO' | 'WARN', message: string) => void {
  return (level, message) => {
    if (level === 'WARN')
      log['onEvent'](level, `[ProducerStateManager partition=${tpKey(log.topicPartition)}] ${message}`, { type: 'log-message' });
  };
}

/**
 * The log's internals for its job files, as methods on a prototype rather than closures in an
 * object literal: a broker holds tens of thousands of logs, and per-log closures (named ones cost
 * ~320 bytes each under tsx) made a third of a 10,000-partition cluster's heap. It reaches the
 * log's private state by name, which TypeScript allows; nothing outside this file does.
 */
class LogInternals implements TruncatableLog, AppendableLog, ReadableLog, OffsetsLog {
  constructor(readonly log: Log) {}

  addSegment(segment: LogSegment): void {
    this.log['segmentList'].push(segment);
  }

  removeActiveSegment(): void {
    this.log['segmentList'].pop();
  }

  updateLogEndOffset(offset: number): void {
    this.log['updateLogEndOffset'](offset);
  }

  restartAt(offset: number): void {
    this.log['nextOffset'] = offset;
    this.log['setHighWatermark'](offset);
  }

  loadProducerState(lastOffset: number, reloadFromCleanShutdown: boolean): void {
    loadProducerState(this.log, lastOffset, reloadFromCleanShutdown);
  }

  flushSafely(offset: number): void {
    this.log['flushSafely'](offset);
  }

  cachedHighWatermarkMetadata(): LogOffsetMetadata | null {
    return this.log['hwPosition'];
  }

  cacheHighWatermarkMetadata(metadata: LogOffsetMetadata): void {
    this.log['hwPosition'] = metadata;
  }

  setHighWatermark(offset: number): void {
    this.log['setHighWatermark'](offset);
  }
}
