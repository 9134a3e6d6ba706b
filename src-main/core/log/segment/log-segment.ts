/**
 * One segment of a partition log (`kafka.log.LogSegment`): `<base>.log` (FileRecords) with its
 * `<base>.index` (OffsetIndex), `<base>.timeindex` (TimeIndex) and — once a transaction is
 * aborted in it — `<base>.txnindex` (TransactionIndex); base = its first offset, 20-digit zero-padded.
 *
 * The sparse-index rule (`append`): a counter of bytes appended since the last index entry starts
 * at 0; before each appended chunk, if the counter is greater than `index.interval.bytes` an offset
 * entry (the chunk's last offset, the position where the chunk starts) and a time entry (largest
 * timestamp so far, its batch's offset) are written and the counter reset; then the chunk's size
 * is added. So a segment's first chunk never gets an entry. Recovery (segment-recovery.ts) rebuilds the same entries.
 *
 * File sizes, as Kafka 2.5 leaves them: a new segment's `.log` is empty (or pre-allocated to
 * `segment.bytes` with `preallocate`); the active segment's indexes are pre-allocated to
 * `segment.index.bytes` rounded down to the entry size (10485760 / 10485756); a segment that stops
 * being active (roll, close) gets a last time-index entry and its files trimmed to their valid size.
 */
import type { Time } from '../../platform/scheduler';
import { joinPath } from '../../platform/file-system';
import { RecordBatch } from '../../record';
import type { FileHandleCache } from './file-handle-cache';
import { FileRecords } from './file-records';
import { LogSegmentOffsetOverflowException, recoverSegment } from './segment-recovery';
import type { FileBatch, LogOffsetPosition } from './file-records';
import { logFileName, offsetIndexFileName, timeIndexFileName, transactionIndexFileName } from '../log-manager/log-dir-names';
import { TransactionIndex, type TxnIndexSearchResult } from '../index/transaction-index';
import type { CompletedTxn } from '../producer-state/producer-append-info';
import { InvalidOffsetException, roundDownToExactMultiple, preallocatedIndexSize } from '../index/abstract-index';
import { OFFSET_INDEX_ENTRY_SIZE, OffsetIndex } from '../index/offset-index';
import { TIME_INDEX_ENTRY_SIZE, TimeIndex } from '../index/time-index';
import { KafkaException } from '../errors';

export { roundDownToExactMultiple, preallocatedIndexSize, OFFSET_INDEX_ENTRY_SIZE, TIME_INDEX_ENTRY_SIZE };

export { LogSegmentOffsetOverflowException };

export interface LogSegmentConfig {
  readonly indexIntervalBytes: number;
  readonly maxIndexSize: number;
  readonly initFileSize: number;
  readonly preallocate: boolean;
  /** This segment's random share of `segment.jitter.ms`, drawn when it was created. */
  readonly rollJitterMs: number;
}

/** Where a fetch starts: the offset, and the segment and byte position holding it (`LogOffsetMetadata`). */
export interface LogOffsetMetadata {
  readonly messageOffset: number;
  readonly segmentBaseOffset: number;
  readonly relativePositionInSegment: number;
}

/** What a read returns (`FetchDataInfo`). */
export interface FetchDataInfo {
  readonly fetchOffsetMetadata: LogOffsetMetadata;
  readonly records: Uint8Array;
  /** The first batch did not fit in `maxSize` and `minOneMessage` was off: nothing was returned. */
  readonly firstEntryIncomplete: boolean;
  /** read_committed reads: the aborted transactions overlapping the range read; null for other isolations. */
  readonly abortedTransactions?: ReadonlyArray<{ readonly producerId: number; readonly firstOffset: number }> | null;
}

export interface RollParams {
  readonly maxSegmentBytes: number;
  readonly maxSegmentMs: number;
  readonly maxTimestampInMessages: number;
  readonly maxOffsetInMessages: number;
  readonly messagesSize: number;
  readonly now: number;
}

/** A reason a segment rolls, in the words of Kafka's debug line. */
export type RollReason = 'size' | 'time' | 'index-full' | 'time-index-full' | 'offset-overflow';

export class LogSegment {
  private dirPath: string;
  private readonly records: FileRecords;
  private offsetIdx: OffsetIndex | null = null;
  private timeIdx: TimeIndex | null = null;
  readonly txnIndex: TransactionIndex;
  private bytesSinceLastIndexEntry = 0;
  /** Max timestamp of the first batch, the base of time-based rolls (`rollingBasedTimestamp`). */
  private rollingBasedTimestamp: number | null = null;
  private maxTimestamp: number | null = null;
  private offsetOfMaxTimestamp = -1;
  /** `created`: when the segment was made (or last emptied), for time-based rolls without timestamps. */
  private createdMs: number;
  private lastModifiedMs: number;

  private constructor(
    private readonly handles: FileHandleCache,
    dir: string,
    readonly baseOffset: number,
    private readonly config: LogSegmentConfig,
    private readonly time: Time,
    records: (path: string) => FileRecords,
    lastModifiedMs: number,
    suffix = '',
  ) {
    this.dirPath = dir;
    this.suffix = suffix;
    this.records = records(joinPath(dir, logFileName(baseOffset, suffix)));
    this.txnIndex = new TransactionIndex(handles.fs, baseOffset, joinPath(dir, transactionIndexFileName(baseOffset, suffix)));
    this.createdMs = time.nowMs();
    this.lastModifiedMs = lastModifiedMs;
  }

  /**
   * A new segment (`LogSegment.open` of a new base offset); `activeIndexes` pre-allocates its
   * indexes; `fileSuffix` names its files (`.cleaned` for the log cleaner's new segments).
   */
  static create(
    handles: FileHandleCache,
    dir: string,
    baseOffset: number,
    config: LogSegmentConfig,
    time: Time,
    activeIndexes = true,
    fileSuffix = '',
  ): LogSegment {
    const segment = new LogSegment(
      handles,
      dir,
      baseOffset,
      config,
      time,
      (path) =>
        FileRecords.open(handles, path, { fileAlreadyExists: false, initFileSize: config.initFileSize, preallocate: config.preallocate }),
      time.nowMs(),
      fileSuffix,
    );
    if (activeIndexes) segment.resizeIndexes(config.maxIndexSize);
    return segment;
  }

  /** A segment found on disk: `.log` taken at its length; indexes opened when first used (`fileSuffix`: a `.swap` segment). */
  static open(
    handles: FileHandleCache,
    dir: string,
    baseOffset: number,
    config: LogSegmentConfig,
    time: Time,
    fileSuffix = '',
  ): LogSegment {
    const path = joinPath(dir, logFileName(baseOffset, fileSuffix));
    const mtime = handles.fs.stat(path).mtimeMs;
    return new LogSegment(
      handles,
      dir,
      baseOffset,
      config,
      time,
      (p) => FileRecords.open(handles, p, { fileAlreadyExists: true, initFileSize: 0, preallocate: false }),
      mtime,
      fileSuffix,
    );
  }

  get dir(): string {
    return this.dirPath;
  }

  /** The files' paths, with their current suffix ('', `.deleted`, `.cleaned`, `.swap`). */
  get logPath(): string {
    return joinPath(this.dirPath, logFileName(this.baseOffset, this.suffix));
  }

  get offsetIndexPath(): string {
    return joinPath(this.dirPath, offsetIndexFileName(this.baseOffset, this.suffix));
  }

  get timeIndexPath(): string {
    return joinPath(this.dirPath, timeIndexFileName(this.baseOffset, this.suffix));
  }

  get log(): FileRecords {
    return this.records;
  }

  /** The offset index, opened (or created pre-allocated) on first use, as Kafka's lazy index. */
  get offsetIndex(): OffsetIndex {
    this.offsetIdx ??= OffsetIndex.open(this.handles, this.offsetIndexPath, this.baseOffset, this.config.maxIndexSize);
    return this.offsetIdx;
  }

  get timeIndex(): TimeIndex {
    this.timeIdx ??= TimeIndex.open(this.handles, this.timeIndexPath, this.baseOffset, this.config.maxIndexSize);
    return this.timeIdx;
  }

  /** Valid bytes in the `.log`. */
  get size(): number {
    return this.records.sizeInBytes;
  }

  get rollJitterMs(): number {
    return this.config.rollJitterMs;
  }

  /** Largest timestamp appended so far (from the time index after a load); −1 for none. */
  get maxTimestampSoFar(): number {
    if (this.maxTimestamp === null) {
      const last = this.timeIndex.lastEntry;
      this.maxTimestamp = last.timestamp;
      this.offsetOfMaxTimestamp = last.offset;
    }
    return this.maxTimestamp;
  }

  get offsetOfMaxTimestampSoFar(): number {
    void this.maxTimestampSoFar;
    return this.offsetOfMaxTimestamp;
  }

  /** What time-based retention compares: the largest record timestamp, or the file's last change. */
  get largestTimestamp(): number {
    const max = this.maxTimestampSoFar;
    return max >= 0 ? max : this.lastModifiedMs;
  }

  get lastModified(): number {
    return this.lastModifiedMs;
  }

  /**
   * `lastModified_=`: the cleaner gives a cleaned segment the last modified time of the segments it
   * replaces, so `delete.retention.ms` keeps counting from the data's last write (the file's mtime
   * too, where the file system can set it).
   */
  setLastModified(ms: number): void {
    this.lastModifiedMs = ms;
    this.handles.fs.setLastModified?.(this.logPath, ms);
  }

  /** `getFirstBatchTimestamp`: the first batch's max timestamp, or MAX_SAFE_INTEGER without one (Kafka's Long.MaxValue). */
  firstBatchTimestamp(): number {
    if (this.rollingBasedTimestamp === null) {
      const first = this.records.batches(0).next();
      if (!first.done) this.rollingBasedTimestamp = first.value.batch.maxTimestamp;
    }
    const t = this.rollingBasedTimestamp;
    return t !== null && t >= 0 ? t : Number.MAX_SAFE_INTEGER;
  }

  /** `canConvertToRelativeOffset`: the offset fits the segment's int32 relative offsets. */
  canConvertToRelativeOffset(offset: number): boolean {
    const relative = offset - this.baseOffset;
    return relative >= 0 && relative <= 2147483647;
  }

  /**
   * `LogSegment.append`: the chunk `records` (whole batches with offsets assigned) goes at the end
   * of `.log`, with index entries by the sparse rule above.
   */
  append(largestOffset: number, largestTimestamp: number, shallowOffsetOfMaxTimestamp: number, records: Uint8Array): void {
    if (records.length === 0) return;
    const physicalPosition = this.records.sizeInBytes;
    if (physicalPosition === 0) this.rollingBasedTimestamp = largestTimestamp;
    if (!this.canConvertToRelativeOffset(largestOffset)) {
      throw new LogSegmentOffsetOverflowException(`Detected offset overflow at offset ${largestOffset} in segment ${this.toString()}`);
    }
    this.records.append(records);
    this.lastModifiedMs = this.time.nowMs();
    if (largestTimestamp > this.maxTimestampSoFar) {
      this.maxTimestamp = largestTimestamp;
      this.offsetOfMaxTimestamp = shallowOffsetOfMaxTimestamp;
    }
    if (this.bytesSinceLastIndexEntry > this.config.indexIntervalBytes) {
      this.offsetIndex.append(largestOffset, physicalPosition);
      this.timeIndex.maybeAppend(this.maxTimestampSoFar, this.offsetOfMaxTimestamp);
      this.bytesSinceLastIndexEntry = 0;
    }
    this.bytesSinceLastIndexEntry += records.length;
  }

  /** `updateTxnIndex`: an aborted transaction whose marker went into this segment gets its entry. */
  updateTxnIndex(completedTxn: CompletedTxn, lastStableOffset: number): void {
    if (!completedTxn.isAborted) return;
    this.txnIndex.append({
      producerId: completedTxn.producerId,
      firstOffset: completedTxn.firstOffset,
      lastOffset: completedTxn.lastOffset,
      lastStableOffset,
    });
  }

  /** `collectAbortedTxns`: this segment's aborted transactions overlapping [fetchOffset, upperBoundOffset). */
  collectAbortedTxns(fetchOffset: number, upperBoundOffset: number): TxnIndexSearchResult {
    return this.txnIndex.collectAbortedTxns(fetchOffset, upperBoundOffset);
  }

  /** `translateOffset`: the batch holding `offset` (first batch whose last offset is ≥ it), via the index. */
  translateOffset(offset: number, startingFilePosition = 0): LogOffsetPosition | null {
    const mapping = this.offsetIndex.lookup(offset);
    return this.records.searchForOffsetWithSize(offset, Math.max(mapping.position, startingFilePosition));
  }

  /**
   * `LogSegment.read`: whole batches from the one holding `startOffset`, at most `maxSize` bytes
   * (at least the first batch when `minOneMessage`), not past `maxPosition`. Null past the end.
   */
  read(startOffset: number, maxSize: number, maxPosition = this.size, minOneMessage = false): FetchDataInfo | null {
    if (maxSize < 0) throw new IllegalArgumentMaxSize(maxSize, this.logPath);
    const adjustedMaxSize = (start: LogOffsetPosition) => (minOneMessage ? Math.max(maxSize, start.size) : maxSize);
    // The fetch size as Kafka's (nothing when the adjusted max size is 0).
    const fetchSize = (start: LogOffsetPosition) => Math.max(Math.min(maxPosition - start.position, adjustedMaxSize(start)), 0);
    const read = this.records.searchAndRead(startOffset, this.offsetIndex.lookup(startOffset).position, fetchSize);
    if (read === null) return null;
    const start = read.found;
    const adjusted = adjustedMaxSize(start);
    return {
      fetchOffsetMetadata: { messageOffset: startOffset, segmentBaseOffset: this.baseOffset, relativePositionInSegment: start.position },
      records: read.records,
      firstEntryIncomplete: adjusted !== 0 && adjusted < start.size,
    };
  }

  /** `readNextOffset`: the offset after the last batch (the base offset when empty). */
  readNextOffset(): number {
    const from = this.offsetIndex.lastEntry.position;
    let next = this.baseOffset;
    for (const b of this.records.batches(Math.min(from, this.size))) next = b.batch.nextOffset;
    return next;
  }

  /**
   * `LogSegment.recover`: rebuilds the indexes from the `.log`, batch by batch, checking each
   * (CRC, sizes, offsets within the segment); the first invalid batch and everything after it are
   * cut off. `onValidBatch` lets the log rebuild its leader-epoch cache. Returns the bytes cut and
   * the reason the walk stopped, if it stopped early.
   */
  recover(onValidBatch: (batch: RecordBatch) => void = () => {}): { truncatedBytes: number; problem: string | null } {
    // The caller's producer state re-enters the aborted transactions as it meets their markers.
    this.txnIndex.reset();
    const recovery = recoverSegment(this, this.config, onValidBatch);
    this.maxTimestamp = recovery.maxTimestamp;
    this.offsetOfMaxTimestamp = recovery.offsetOfMaxTimestamp;
    this.bytesSinceLastIndexEntry = recovery.bytesSinceLastIndexEntry;
    return { truncatedBytes: recovery.truncatedBytes, problem: recovery.problem };
  }

  /**
   * `LogSegment.sanityCheck` (Kafka 2.5): a missing `.index` means the segment is rebuilt; a missing
   * `.timeindex` is created empty (0 bytes). The entries are not checked: recovery rebuilds the
   * indexes of every segment from the recovery point on anyway, and the pre-allocated indexes a
   * crash leaves on the active segment (zeros after the last entry) would look corrupt.
   */
  sanityCheck(): void {
    const fs = this.handles.fs;
    if (!fs.exists(this.offsetIndexPath)) throw new NoSuchIndexFile(this.offsetIndexPath);
    if (this.timeIdx === null && !fs.exists(this.timeIndexPath)) this.timeIndex.resize(0);
  }

  /**
   * `LogSegment.truncateTo`: removes every batch whose last offset is ≥ `offset` (whole batches),
   * and their index entries; returns the bytes removed.
   */
  truncateTo(offset: number): number {
    const mapping = this.translateOffset(offset);
    this.offsetIndex.truncateTo(offset);
    this.timeIndex.truncateTo(offset);
    this.txnIndex.truncateTo(offset);
    this.offsetIndex.resize(preallocatedIndexSize(this.config.maxIndexSize, OFFSET_INDEX_ENTRY_SIZE));
    this.timeIndex.resize(preallocatedIndexSize(this.config.maxIndexSize, TIME_INDEX_ENTRY_SIZE));
    const bytesTruncated = mapping === null ? 0 : this.records.truncateTo(mapping.position);
    if (this.records.sizeInBytes === 0) {
      this.createdMs = this.time.nowMs();
      this.rollingBasedTimestamp = null;
    }
    this.bytesSinceLastIndexEntry = 0;
    this.loadLargestTimestamp();
    return bytesTruncated;
  }

  private loadLargestTimestamp(): void {
    const last = this.timeIndex.lastEntry;
    this.maxTimestamp = last.timestamp;
    this.offsetOfMaxTimestamp = last.offset;
    const position = this.offsetIndex.lookup(last.offset).position;
    const after = this.records.largestTimestampAfter(Math.min(position, this.size));
    if (after.timestamp > this.maxTimestamp) {
      this.maxTimestamp = after.timestamp;
      this.offsetOfMaxTimestamp = after.offset;
    }
  }

  /** `findOffsetByTimestamp`: the first record at or after `startingOffset` with timestamp ≥ `timestamp`. */
  findOffsetByTimestamp(
    timestamp: number,
    startingOffset = this.baseOffset,
  ): { timestamp: number; offset: number; leaderEpoch: number } | null {
    const timestampOffset = this.timeIndex.lookup(timestamp);
    const position = this.offsetIndex.lookup(Math.max(timestampOffset.offset, startingOffset)).position;
    return this.records.searchForTimestamp(timestamp, position, startingOffset);
  }

  /** `timeWaitedForRoll`: time since the first batch's timestamp (or since creation without timestamps). */
  timeWaitedForRoll(now: number, messageTimestamp: number): number {
    if (this.rollingBasedTimestamp === null) {
      const first = this.records.batches(0).next();
      if (!first.done) this.rollingBasedTimestamp = first.value.batch.maxTimestamp;
    }
    const t = this.rollingBasedTimestamp;
    return t !== null && t >= 0 ? messageTimestamp - t : now - this.createdMs;
  }

  /** `shouldRoll`: why the next chunk must go into a new segment, or null if it fits here. */
  shouldRoll(p: RollParams): RollReason | null {
    if (this.size > p.maxSegmentBytes - p.messagesSize) return 'size';
    if (this.size > 0 && this.timeWaitedForRoll(p.now, p.maxTimestampInMessages) > p.maxSegmentMs - this.rollJitterMs) return 'time';
    if (this.offsetIndex.isFull()) return 'index-full';
    if (this.timeIndex.isFull()) return 'time-index-full';
    if (!this.canConvertToRelativeOffset(p.maxOffsetInMessages)) return 'offset-overflow';
    return null;
  }

  /** `onBecomeInactiveSegment`: the final time-index entry, then indexes and `.log` trimmed. */
  onBecomeInactiveSegment(): void {
    this.timeIndex.maybeAppend(this.maxTimestampSoFar, this.offsetOfMaxTimestamp, true);
    this.offsetIndex.trimToValidSize();
    this.timeIndex.trimToValidSize();
    this.records.trim();
  }

  /** `resizeIndexes`: both index files set to `maxIndexSize` (active segment on creation and load). */
  resizeIndexes(maxIndexSize: number): void {
    this.offsetIndex.resize(preallocatedIndexSize(maxIndexSize, OFFSET_INDEX_ENTRY_SIZE));
    this.timeIndex.resize(preallocatedIndexSize(maxIndexSize, TIME_INDEX_ENTRY_SIZE));
  }

  /** fsync of `.log` and both indexes. */
  flush(): void {
    this.records.flush();
    this.offsetIdx?.flush();
    this.timeIdx?.flush();
    this.txnIndex.flush();
  }

  /** All batches of the segment, shallowly (for the log browser and tests). */
  batches(options: { full?: boolean; startPosition?: number } = {}): Generator<FileBatch> {
    return this.records.batches(options.startPosition ?? 0, { full: options.full });
  }

  /** Points the segment at its partition dir after the dir was renamed (`LogSegment.updateDir`). */
  updateDir(dir: string): void {
    this.dirPath = dir;
    this.records.updatePath(this.logPath);
    this.offsetIdx?.updatePath(this.offsetIndexPath);
    this.timeIdx?.updatePath(this.timeIndexPath);
    this.txnIndex.updatePath(joinPath(dir, transactionIndexFileName(this.baseOffset, this.suffix)));
  }

  /** `changeFileSuffixes('', '.deleted')`: renames the segment's files. */
  changeFileSuffixes(oldSuffix: string, newSuffix: string): void {
    const fs = this.handles.fs;
    const rename = (name: (base: number, suffix: string) => string, update: (p: string) => void): void => {
      const from = joinPath(this.dirPath, name(this.baseOffset, oldSuffix));
      const to = joinPath(this.dirPath, name(this.baseOffset, newSuffix));
      this.handles.release(from);
      if (fs.exists(from)) fs.rename(from, to);
      update(to);
    };
    rename(logFileName, (p) => this.records.updatePath(p));
    rename(offsetIndexFileName, (p) => this.offsetIdx?.updatePath(p));
    rename(timeIndexFileName, (p) => this.timeIdx?.updatePath(p));
    this.txnIndex.renameTo(joinPath(this.dirPath, transactionIndexFileName(this.baseOffset, newSuffix)));
    this.suffix = newSuffix;
  }

  private suffix: string;

  /** The files' current suffix ('', `.deleted`, `.cleaned` or `.swap`). */
  get fileSuffix(): string {
    return this.suffix;
  }

  /** Removes the segment's files. */
  deleteIfExists(): void {
    this.records.deleteIfExists();
    if (this.offsetIdx) this.offsetIdx.deleteIfExists();
    else this.removeIfExists(joinPath(this.dirPath, offsetIndexFileName(this.baseOffset, this.suffix)));
    if (this.timeIdx) this.timeIdx.deleteIfExists();
    else this.removeIfExists(joinPath(this.dirPath, timeIndexFileName(this.baseOffset, this.suffix)));
    this.txnIndex.deleteIfExists();
  }

  private removeIfExists(path: string): void {
    this.handles.release(path);
    this.handles.fs.rm(path, { force: true });
  }

  /** `LogSegment.close`: the inactive-segment trim, then handles closed (what a clean shutdown leaves). */
  close(): void {
    if (this.offsetIdx || this.handles.fs.exists(this.offsetIndexPath)) {
      this.timeIndex.maybeAppend(this.maxTimestampSoFar, this.offsetOfMaxTimestamp, true);
      this.offsetIndex.trimToValidSize();
      this.timeIndex.trimToValidSize();
    }
    this.records.trim();
    this.closeHandlers();
  }

  closeHandlers(): void {
    this.records.closeHandler();
    this.offsetIdx?.closeHandler();
    this.timeIdx?.closeHandler();
  }

  toString(): string {
    return `LogSegment(baseOffset=${this.baseOffset}, size=${this.size}, lastModifiedTime=${this.lastModifiedMs}, largestTime=${this.maxTimestamp ?? -1})`;
  }
}

/** `java.nio.file.NoSuchFileException` for a missing index: the segment is rebuilt. */
export class NoSuchIndexFile extends KafkaException {
  override readonly name = 'NoSuchFileException';
  override readonly javaClass = 'java.nio.file.NoSuchFileException';
}

class IllegalArgumentMaxSize extends KafkaException {
  override readonly javaClass = 'java.lang.IllegalArgumentException';

  constructor(maxSize: number, path: string) {
    super(`Invalid max size ${maxSize} for log read from segment ${path}`);
  }
}

export { InvalidOffsetException };
export type { FileBatch, LogOffsetPosition };
export { RecordBatch };
