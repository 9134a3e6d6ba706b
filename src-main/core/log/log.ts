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
 * followers. Retention (`deleteOldSegments`) is in log-retention.ts, truncation (`truncateTo`,
 * `truncateFullyAndStartAt`) in log-truncation.ts, the delayed removal of deleted segments' files
 * in segment-deletion.ts, loading and crash recovery in load-segments.ts.
 */
import { IllegalArgumentException } from '../common/java-lang';
import { KafkaApiError } from '../common/kafka-errors';
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import { errorMessage } from '../common/throwable';
import type { FileSystem } from '../platform/file-system';
import { baseName, joinPath, parentPath } from '../platform/file-system';
import type { Random } from '../platform/random';
import type { ScheduledTask, Time } from '../platform/scheduler';
import { batchesIn, NO_TIMESTAMP } from '../record';
import type { EpochEntry } from './checkpoints/checkpoint-file';
import { KafkaException } from './errors';
import { FileHandleCache } from './segment/file-handle-cache';
import { LeaderEpochFileCache } from './leader-epoch-cache';
import type { EpochEndOffset } from './leader-epoch-cache';
import type { LogConfig } from './log-config';
import { DELETED_FILE_SUFFIX, DELETE_DIR_SUFFIX, FUTURE_DIR_SUFFIX, LEADER_EPOCH_CHECKPOINT_FILE, logFileName, offsetIndexFileName, parseTopicPartitionName, timeIndexFileName } from './log-manager/log-dir-names';
import type { LogEventBody, LogEventLevel, LogEventSink } from './log-event';
import { loadSegments } from './load-segments';
import { LogSegment } from './segment/log-segment';
import type { FetchDataInfo, LogOffsetMetadata, LogSegmentConfig } from './segment/log-segment';
import type { LogAppendInfo } from './log-validator';
import { analyzeAndValidateRecords, validateMessagesAndAssignOffsets } from './log-validator';
import { analyzeAndValidateProducerState, rebuildProducerState } from './producer-state/producer-state-loading';
import { ProducerStateManager } from './producer-state/producer-state-manager';
import { deleteOldSegments } from './log-retention';
import { truncateFullyAndStartAt, truncateTo } from './log-truncation';
import type { TruncatableLog } from './log-truncation';
import { SegmentDeletions } from './segment-deletion';

export interface LogOptions {
  readonly fs: FileSystem;
  /** The partition directory (absolute). */
  readonly dir: string;
  readonly config: LogConfig;
  readonly logStartOffset?: number;
  readonly recoveryPoint?: number;
  /** Clock and scheduler (roll times, LogAppendTime, the delayed removal of `.deleted` files). */
  readonly time: Time;
  /** For each segment's `segment.jitter.ms` share. */
  readonly random?: Random;
  /** Shared open-file budget of the broker; a log of its own gets a small one. */
  readonly handles?: FileHandleCache;
  readonly onEvent?: LogEventSink;
  /** The log dir had `.kafka_cleanshutdown`: loading skips recovery. */
  readonly hadCleanShutdown?: boolean;
}

/** How far a read may go (`FetchIsolation`): followers to the log end, consumers to the high watermark. */
export type FetchIsolation = 'log-end' | 'high-watermark';

export interface TimestampAndOffset {
  readonly timestamp: number;
  readonly offset: number;
  readonly leaderEpoch: number | null;
}

/** `ListOffsetRequest.LATEST_TIMESTAMP` / `EARLIEST_TIMESTAMP`. */
export const LATEST_TIMESTAMP = -1;
export const EARLIEST_TIMESTAMP = -2;

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
  private readonly truncatable: TruncatableLog = {
    log: this,
    addSegment: (segment) => this.segmentList.push(segment),
    updateLogEndOffset: (offset) => this.updateLogEndOffset(offset),
    restartAt: (offset) => {
      this.nextOffset = offset;
      this.setHighWatermark(offset);
    },
    loadProducerState: (lastOffset, reloadFromCleanShutdown) => this.loadProducerState(lastOffset, reloadFromCleanShutdown),
  };

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
      // Only warnings reach the log's events: the INFO lines of every roll and load would drown them.
      onMessage: (level, message) => {
        if (level === 'WARN') this.onEvent(level, `[ProducerStateManager partition=${tpKey(this.topicPartition)}] ${message}`, { type: 'log-message' });
      },
    });
    // `PeriodicProducerExpirationCheck`: producers silent for transactional.id.expiration.ms are forgotten.
    this.producerExpireCheck = this.time.schedulePeriodic('PeriodicProducerExpirationCheck', PRODUCER_ID_EXPIRATION_CHECK_INTERVAL_MS, PRODUCER_ID_EXPIRATION_CHECK_INTERVAL_MS, () =>
      this.producerStateManager.removeExpiredProducers(this.time.nowMs()),
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
    if (!log.isDeleteDir) log.loadProducerState(log.nextOffset, options.hadCleanShutdown ?? false);
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
    return this.append(records, true, isFromClient, leaderEpoch);
  }

  /** `Log.appendAsFollower`: the leader's batches, with their offsets, as they are. */
  appendAsFollower(records: Uint8Array): LogAppendInfo {
    return this.append(records, false, false, -1);
  }

  private append(records: Uint8Array, assignOffsets: boolean, isFromClient: boolean, leaderEpoch: number): LogAppendInfo {
    const info = analyzeAndValidateRecords(this.topicPartition, records, this.logConfig, isFromClient);
    if (info.shallowCount === 0) return info;
    let valid = info.validBytes < records.length ? records.subarray(0, info.validBytes) : records;
    if (assignOffsets) {
      const now = this.time.nowMs();
      const result = validateMessagesAndAssignOffsets(valid, info, {
        topicPartition: this.topicPartition,
        config: this.logConfig,
        offset: this.nextOffset,
        now,
        partitionLeaderEpoch: leaderEpoch,
        isFromClient,
      });
      valid = result.validatedRecords;
      info.firstOffset = this.nextOffset;
      info.maxTimestamp = result.maxTimestamp;
      info.offsetOfMaxTimestamp = result.shallowOffsetOfMaxTimestamp;
      info.logAppendTime = result.logAppendTime;
      let last = this.nextOffset - 1;
      for (const batch of batchesIn(valid)) last = batch.lastOffset;
      info.lastOffset = last;
      if (valid.length > this.logConfig.maxMessageSize && info.shallowCount === 1) {
        throw new KafkaApiError(
          'MESSAGE_TOO_LARGE',
          `Message batch size is ${valid.length} bytes in append to partition ${tpKey(this.topicPartition)} which exceeds the maximum configured size of ${this.logConfig.maxMessageSize}.`,
        );
      }
    } else {
      if (!info.offsetsMonotonic) {
        throw new KafkaApiError('UNKNOWN_SERVER_ERROR', `Out of order offsets found in append to ${tpKey(this.topicPartition)}`, 'OffsetsOutOfOrderException');
      }
      const firstOrLast = info.firstOffset ?? info.lastOffsetOfFirstBatch;
      if (firstOrLast < this.nextOffset) {
        throw new KafkaApiError(
          'UNKNOWN_SERVER_ERROR',
          `Unexpected offset in append to ${tpKey(this.topicPartition)}. First offset or last offset of the first batch ${firstOrLast} is less than the next offset ${this.nextOffset}. Last offset in append: ${info.lastOffset}. Log start offset = ${this.logStartOffset}`,
          'UnexpectedAppendOffsetException',
        );
      }
    }
    for (const batch of batchesIn(valid)) {
      if (batch.magic >= 2 && batch.partitionLeaderEpoch >= 0) {
        const latest = this.leaderEpochCache.latestEpoch;
        if (latest === null || batch.partitionLeaderEpoch > latest) this.leaderEpochCache.assign(batch.partitionLeaderEpoch, batch.baseOffset);
      }
    }
    if (valid.length > this.logConfig.segmentSize) {
      throw new KafkaApiError(
        'RECORD_LIST_TOO_LARGE',
        `Message batch size is ${valid.length} bytes in append to partition ${tpKey(this.topicPartition)}, which exceeds the maximum configured segment size of ${this.logConfig.segmentSize}.`,
      );
    }
    const segment = this.maybeRoll(valid.length, info);
    // Checked after offsets are assigned, before anything is written: a retried batch answers the first copy's offsets.
    const origin = isFromClient ? 'client' : assignOffsets ? 'coordinator' : 'replication';
    const { updatedProducers, duplicate } = analyzeAndValidateProducerState(this.producerStateManager, batchesIn(valid), origin);
    if (duplicate) {
      info.firstOffset = duplicate.lastOffset - duplicate.offsetDelta;
      info.lastOffset = duplicate.lastOffset;
      info.logAppendTime = duplicate.timestamp;
      info.logStartOffset = this.logStartOffset;
      return info;
    }
    segment.append(info.lastOffset, info.maxTimestamp, info.offsetOfMaxTimestamp, valid);
    this.updateLogEndOffset(info.lastOffset + 1);
    for (const producerAppendInfo of updatedProducers.values()) this.producerStateManager.update(producerAppendInfo);
    this.producerStateManager.updateMapEndOffset(info.lastOffset + 1);
    info.logStartOffset = this.logStartOffset;
    if (this.unflushedMessages >= this.logConfig.flushInterval) this.flush();
    return info;
  }

  private updateLogEndOffset(offset: number): void {
    this.nextOffset = offset;
    if (this.hw > offset) this.setHighWatermark(offset);
    if (this.recoveryPoint > offset) this.recoveryPoint = offset;
  }

  private setHighWatermark(offset: number): void {
    this.hw = offset;
    this.hwPosition = null;
  }

  // --- roll --------------------------------------------------------------------------------------

  /** `Log.maybeRoll`: the segment the chunk goes to, rolling first if it must. */
  private maybeRoll(messagesSize: number, info: LogAppendInfo): LogSegment {
    const segment = this.activeSegment;
    const now = this.time.nowMs();
    const reason = segment.shouldRoll({
      maxSegmentBytes: this.logConfig.segmentSize,
      maxSegmentMs: this.logConfig.maxSegmentMs,
      maxTimestampInMessages: info.maxTimestamp,
      maxOffsetInMessages: info.lastOffset,
      messagesSize,
      now,
    });
    if (reason === null) return segment;
    this.emit(
      'DEBUG',
      `Rolling new log segment (log_size = ${segment.size}/${this.logConfig.segmentSize}}, ` +
        `offset_index_size = ${segment.offsetIndex.entries}/${segment.offsetIndex.maxEntries}, ` +
        `time_index_size = ${segment.timeIndex.entries}/${segment.timeIndex.maxEntries}, ` +
        `inactive_time_ms = ${segment.timeWaitedForRoll(now, info.maxTimestamp)}/${this.logConfig.segmentMs - segment.rollJitterMs}).`,
      { type: 'log-message' },
    );
    return this.roll(info.firstOffset ?? info.lastOffset - 2147483647, reason);
  }

  /**
   * `Log.roll`: a new active segment at max(expected next offset, log end offset); the old one gets
   * its last time-index entry and its files trimmed, then is flushed in the background.
   */
  roll(expectedNextOffset = 0, reason = 'requested'): LogSegment {
    const newOffset = Math.max(expectedNextOffset, this.nextOffset);
    const active = this.activeSegment;
    const describe = `start offset ${newOffset} =max(provided offset = Some(${expectedNextOffset}), LEO = ${this.nextOffset})`;
    if (active && active.baseOffset === newOffset) {
      if (active.size !== 0) {
        throw new KafkaException(
          `Trying to roll a new log segment for topic partition ${tpKey(this.topicPartition)} with ${describe} while it already exists. Existing segment is ${active}.`,
        );
      }
      this.emit('WARN', `Trying to roll a new log segment with ${describe} while it already exists and is active with size 0.`, { type: 'log-message' });
      this.segmentList.pop();
      active.deleteIfExists();
    } else if (active && newOffset < active.baseOffset) {
      throw new KafkaException(
        `Trying to roll a new log segment for topic partition ${tpKey(this.topicPartition)} with ${describe} lower than start offset of the active segment ${active}`,
      );
    } else {
      for (const name of [logFileName(newOffset), offsetIndexFileName(newOffset), timeIndexFileName(newOffset)]) {
        const path = joinPath(this.dirPath, name);
        if (this.fs.exists(path)) {
          this.emit('WARN', `Newly rolled segment file ${path} already exists; deleting it first`, { type: 'log-message' });
          this.handles.release(path);
          this.fs.rm(path, { force: true });
        }
      }
      active?.onBecomeInactiveSegment();
    }
    const segment = this.newSegment(newOffset);
    this.segmentList.push(segment);
    this.updateLogEndOffset(this.nextOffset);
    // The snapshot sits at the new base offset, so recovering a segment can start from its snapshot.
    this.producerStateManager.updateMapEndOffset(newOffset);
    this.producerStateManager.takeSnapshot();
    this.time.schedule('flush-log', 0, () => this.flushSafely(newOffset));
    this.emit('INFO', `Rolled new log segment at offset ${newOffset} in 0 ms.`, { type: 'segment-rolled', baseOffset: newOffset, reason });
    return segment;
  }

  // --- producer state ----------------------------------------------------------------------------

  /** `Log.loadProducerState`: the producer table brought to `lastOffset` (snapshot, then the log). */
  private loadProducerState(lastOffset: number, reloadFromCleanShutdown: boolean): void {
    const view = {
      segments: this.segmentList,
      logStartOffset: this.logStartOffset,
      messageFormatRecordVersion: this.logConfig.messageFormatVersion.recordVersion,
      nowMs: this.time.nowMs(),
    };
    rebuildProducerState(view, lastOffset, reloadFromCleanShutdown, this.producerStateManager);
  }

  /**
   * `deleteSnapshotsAfterRecoveryPointCheckpoint`: snapshots below both the segment before the
   * active one and the segment before the recovery point are no longer needed by recovery.
   */
  deleteSnapshotsAfterRecoveryPointCheckpoint(): number {
    const active = this.activeSegment;
    const lower = (offset: number) => {
      const i = this.segmentList.findLastIndex((s) => s.baseOffset < offset);
      return i >= 0 ? this.segmentList[i].baseOffset : null;
    };
    const twoSegmentsMinOffset = lower(active.baseOffset) ?? active.baseOffset;
    const recoveryPointOffset = lower(this.recoveryPoint) ?? this.recoveryPoint;
    const minOffsetToRetain = Math.min(recoveryPointOffset, twoSegmentsMinOffset);
    this.producerStateManager.deleteSnapshotsBefore(minOffsetToRetain);
    return minOffsetToRetain;
  }

  // --- flush -------------------------------------------------------------------------------------

  /** `Log.flush`: fsyncs the segments holding offsets below `offset` and moves the recovery point there. */
  flush(offset = this.nextOffset): void {
    if (offset <= this.recoveryPoint) return;
    for (const segment of this.segmentsBetween(this.recoveryPoint, offset)) segment.flush();
    if (offset > this.recoveryPoint) {
      this.recoveryPoint = offset;
      this.lastFlushTimeMs = this.time.nowMs();
    }
    this.emit('DEBUG', `Flushing log up to offset ${offset}, last flushed: ${this.lastFlushTimeMs},  current time: ${this.time.nowMs()}, unflushed: ${this.unflushedMessages}`, {
      type: 'log-flushed',
      recoveryPoint: this.recoveryPoint,
    });
  }

  /** A background flush that finds the log closed or deleted does nothing. */
  private flushSafely(offset: number): void {
    if (this.closed) return;
    try {
      this.flush(offset);
    } catch (e) {
      this.emit('ERROR', `Error while flushing log for ${tpKey(this.topicPartition)} in dir ${this.parentDir} with offset ${offset}: ${errorMessage(e)}`, { type: 'log-message' });
    }
  }

  /** `logSegments(from, to)`: segments that may hold offsets in [from, to). */
  segmentsBetween(from: number, to: number): LogSegment[] {
    const out: LogSegment[] = [];
    for (let i = 0; i < this.segmentList.length; i++) {
      const s = this.segmentList[i];
      const next = this.segmentList[i + 1];
      if (s.baseOffset >= to) break;
      if (next && next.baseOffset <= from) continue;
      out.push(s);
    }
    return out;
  }

  // --- read --------------------------------------------------------------------------------------

  /** The segment holding `offset` (the last one whose base offset is ≤ it). */
  floorSegment(offset: number): LogSegment | undefined {
    let lo = 0;
    let hi = this.segmentList.length - 1;
    let found: LogSegment | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.segmentList[mid].baseOffset <= offset) {
        found = this.segmentList[mid];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /**
   * `Log.read`: whole batches from the one holding `startOffset`, at most `maxLength` bytes (at
   * least one batch with `minOneMessage`), not past the high watermark for consumers. Throws
   * OFFSET_OUT_OF_RANGE outside [log start, log end].
   */
  read(startOffset: number, maxLength: number, isolation: FetchIsolation, minOneMessage: boolean): FetchDataInfo {
    const endOffset = this.nextOffset;
    const empty = (offset: number): FetchDataInfo => ({
      fetchOffsetMetadata: { messageOffset: offset, segmentBaseOffset: this.floorSegment(offset)?.baseOffset ?? -1, relativePositionInSegment: -1 },
      records: new Uint8Array(0),
      firstEntryIncomplete: false,
    });
    if (startOffset === endOffset) return empty(endOffset);
    const first = this.floorSegment(startOffset);
    if (startOffset > endOffset || first === undefined || startOffset < this.logStartOffset) {
      throw new KafkaApiError(
        'OFFSET_OUT_OF_RANGE',
        `Received request for offset ${startOffset} for partition ${tpKey(this.topicPartition)}, but we only have log segments in the range ${this.logStartOffset} to ${endOffset}.`,
      );
    }
    const maxOffset = isolation === 'log-end' ? endOffset : this.hw;
    if (startOffset >= maxOffset) return empty(startOffset);
    const max = isolation === 'log-end' ? null : this.highWatermarkMetadata();
    for (let i = this.segmentList.indexOf(first); i < this.segmentList.length; i++) {
      const segment = this.segmentList[i];
      const maxPosition = max && max.segmentBaseOffset === segment.baseOffset ? max.relativePositionInSegment : segment.size;
      const info = segment.read(startOffset, maxLength, maxPosition, minOneMessage);
      if (info) return info;
    }
    return empty(endOffset);
  }

  /** Where the high watermark lies in the log (`fetchHighWatermarkMetadata`), cached until it moves. */
  private highWatermarkMetadata(): LogOffsetMetadata {
    if (this.hwPosition && this.hwPosition.messageOffset === this.hw) return this.hwPosition;
    const segment = this.floorSegment(this.hw) ?? this.activeSegment;
    const at = this.hw >= this.nextOffset ? null : segment.translateOffset(this.hw);
    this.hwPosition = {
      messageOffset: this.hw,
      segmentBaseOffset: segment.baseOffset,
      relativePositionInSegment: at ? at.position : segment.size,
    };
    return this.hwPosition;
  }

  /**
   * `Log.fetchOffsetByTimestamp` (ListOffsets): −1 → the log end, −2 → the log start, otherwise
   * the first record whose timestamp is ≥ the target (null if none).
   */
  fetchOffsetByTimestamp(targetTimestamp: number): TimestampAndOffset | null {
    if (targetTimestamp === LATEST_TIMESTAMP) {
      return { timestamp: NO_TIMESTAMP, offset: this.nextOffset, leaderEpoch: this.leaderEpochCache.latestEpoch };
    }
    if (targetTimestamp === EARLIEST_TIMESTAMP) {
      const earliest = this.leaderEpochCache.earliestEntry;
      return {
        timestamp: NO_TIMESTAMP,
        offset: this.logStartOffset,
        leaderEpoch: earliest && earliest.startOffset <= this.logStartOffset ? earliest.epoch : null,
      };
    }
    const target = this.segmentList.find((s) => s.largestTimestamp >= targetTimestamp);
    if (!target) return null;
    const found = target.findOffsetByTimestamp(targetTimestamp, this.logStartOffset);
    if (!found) return null;
    return { timestamp: found.timestamp, offset: found.offset, leaderEpoch: found.leaderEpoch >= 0 ? found.leaderEpoch : null };
  }

  // --- offsets -----------------------------------------------------------------------------------

  /** `Log.updateHighWatermark`: set, clamped to [log start, log end]; returns the value set. */
  updateHighWatermark(hw: number): number {
    const value = Math.min(Math.max(hw, this.logStartOffset), this.nextOffset);
    this.setHighWatermark(value);
    return value;
  }

  /** `maybeIncrementHighWatermark`: only forward; returns the old value if it moved, else null. */
  maybeIncrementHighWatermark(hw: number): number | null {
    if (hw > this.nextOffset) {
      throw new IllegalArgumentException(`High watermark ${hw} update exceeds current log end offset ${this.nextOffset}`);
    }
    const old = this.hw;
    if (hw <= old) return null;
    this.setHighWatermark(hw);
    return old;
  }

  /** `maybeIncrementLogStartOffset` (retention, DeleteRecords): never past the high watermark. */
  maybeIncrementLogStartOffset(newLogStartOffset: number): void {
    if (newLogStartOffset > this.hw) {
      throw new KafkaApiError(
        'OFFSET_OUT_OF_RANGE',
        `Cannot increment the log start offset to ${newLogStartOffset} of partition ${tpKey(this.topicPartition)} since it is larger than the high watermark ${this.hw}`,
      );
    }
    if (newLogStartOffset <= this.logStartOffset) return;
    this.logStartOffset = newLogStartOffset;
    this.leaderEpochCache.truncateFromStart(newLogStartOffset);
    this.producerStateManager.truncateHead(newLogStartOffset);
    this.emit('INFO', `Incrementing log start offset to ${newLogStartOffset}`, { type: 'log-start-offset-incremented', logStartOffset: newLogStartOffset });
  }

  // --- truncation and retention (log-truncation.ts, log-retention.ts) ----------------------------

  /** `Log.truncateTo`: removes every offset ≥ `targetOffset` (a follower following a new leader). */
  truncateTo(targetOffset: number): boolean {
    return truncateTo(this.truncatable, targetOffset);
  }

  /** `truncateFullyAndStartAt`: every segment goes; the log restarts empty at `newOffset`. */
  truncateFullyAndStartAt(newOffset: number): void {
    truncateFullyAndStartAt(this.truncatable, newOffset);
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
      `highWatermark=${this.hw}, lastStableOffset=${this.hw}, ` +
      `logStartOffset=${this.logStartOffset}, logEndOffset=${this.nextOffset})`
    );
  }

  /** `orders-0` */
  get partitionName(): string {
    return tpKey(this.topicPartition);
  }
}
