/**
 * One segment of a partition log (`kafka.log.LogSegment`): `<base>.log` with its `<base>.index`
 * (8-byte entries: int32 relative offset, int32 position) and `<base>.timeindex` (12-byte entries:
 * int64 timestamp, int32 relative offset), base = the first offset, 20-digit zero-padded.
 *
 * File sizes, as Kafka 2.5 leaves them:
 * - a new segment's `.log` is empty, or pre-allocated (sparse) to `segment.bytes` when `preallocate`;
 * - the active segment's indexes are pre-allocated (sparse) to `segment.index.bytes` rounded down to
 *   a multiple of the entry size (10485760 → `.index` 10485760, `.timeindex` 10485756);
 * - closing a segment (roll, clean shutdown) trims the indexes to `entries × entrySize` and the
 *   `.log` to its valid bytes; loading re-expands the active segment's indexes.
 *
 * For now segments are empty: the data path (append with the sparse-index rule, reads, the index
 * lookups, roll, recovery, `.txnindex`) comes next and will keep the open handles here.
 */
import type { FileSystem } from '../platform/file-system';
import { joinPath } from '../platform/file-system';
import { IllegalArgumentException } from '../common/java-lang';
import { logFileName, offsetIndexFileName, timeIndexFileName } from './log-dir-names';

export const OFFSET_INDEX_ENTRY_SIZE = 8;
export const TIME_INDEX_ENTRY_SIZE = 12;

/** `AbstractIndex.roundDownToExactMultiple`. */
export function roundDownToExactMultiple(n: number, factor: number): number {
  return factor * Math.floor(n / factor);
}

/** The length a fresh index file gets for `segment.index.bytes = maxIndexSize`. */
export function preallocatedIndexSize(maxIndexSize: number, entrySize: number): number {
  if (maxIndexSize < entrySize) throw new IllegalArgumentException(`Invalid max index size: ${maxIndexSize}`);
  return roundDownToExactMultiple(maxIndexSize, entrySize);
}

export class LogSegment {
  private dirPath: string;
  /** Valid bytes in `.log` (Kafka's `FileRecords.sizeInBytes`; a pre-allocated file is longer). */
  private sizeInBytes: number;
  /** Entries in `.index` / `.timeindex` (none until the data path writes them). */
  private offsetIndexEntries = 0;
  private timeIndexEntries = 0;

  private constructor(
    private readonly fs: FileSystem,
    dir: string,
    readonly baseOffset: number,
    size: number,
  ) {
    this.dirPath = dir;
    this.sizeInBytes = size;
  }

  /**
   * Creates a new segment's files (`LogSegment.open` + `resizeIndexes` of a new active segment):
   * `.log` empty (or `initFileSize` long when pre-allocating), `.index` and `.timeindex`
   * pre-allocated to `maxIndexSize`.
   */
  static create(
    fs: FileSystem,
    dir: string,
    baseOffset: number,
    options: { initFileSize: number; preallocate: boolean; maxIndexSize: number; activeIndexes?: boolean },
  ): LogSegment {
    const segment = new LogSegment(fs, dir, baseOffset, 0);
    if (options.preallocate && options.initFileSize > 0) fs.setLength(segment.logPath, options.initFileSize);
    else fs.createFile(segment.logPath);
    // Kafka's indexes are lazy: their files appear when the active segment's indexes are resized.
    if (options.activeIndexes ?? true) segment.resizeIndexes(options.maxIndexSize);
    return segment;
  }

  /** An existing segment found on disk. Its size is the `.log` length (recovery will validate it). */
  static open(fs: FileSystem, dir: string, baseOffset: number): LogSegment {
    const segment = new LogSegment(fs, dir, baseOffset, 0);
    segment.sizeInBytes = fs.stat(segment.logPath).size;
    return segment;
  }

  get dir(): string {
    return this.dirPath;
  }

  get logPath(): string {
    return joinPath(this.dirPath, logFileName(this.baseOffset));
  }

  get offsetIndexPath(): string {
    return joinPath(this.dirPath, offsetIndexFileName(this.baseOffset));
  }

  get timeIndexPath(): string {
    return joinPath(this.dirPath, timeIndexFileName(this.baseOffset));
  }

  /** Valid bytes in the `.log`. */
  get size(): number {
    return this.sizeInBytes;
  }

  /**
   * `LogSegment.resizeIndexes`: sets both index files to `maxIndexSize` rounded down to their entry
   * size (creating them if missing). Done for the active segment on creation and on load.
   */
  resizeIndexes(maxIndexSize: number): void {
    this.fs.setLength(this.offsetIndexPath, preallocatedIndexSize(maxIndexSize, OFFSET_INDEX_ENTRY_SIZE));
    this.fs.setLength(this.timeIndexPath, preallocatedIndexSize(maxIndexSize, TIME_INDEX_ENTRY_SIZE));
  }

  /** Points the segment at its partition dir after the dir was renamed (`LogSegment.updateDir`). */
  updateDir(dir: string): void {
    this.dirPath = dir;
  }

  /**
   * `LogSegment.close`: indexes trimmed to their valid entries, `.log` to its valid bytes (what a
   * clean shutdown leaves on disk).
   */
  close(): void {
    // Index files that were never opened (Kafka's lazy indexes) are left alone.
    if (this.fs.exists(this.offsetIndexPath)) {
      this.fs.setLength(this.offsetIndexPath, this.offsetIndexEntries * OFFSET_INDEX_ENTRY_SIZE);
    }
    if (this.fs.exists(this.timeIndexPath)) {
      this.fs.setLength(this.timeIndexPath, this.timeIndexEntries * TIME_INDEX_ENTRY_SIZE);
    }
    if (this.fs.stat(this.logPath).size !== this.sizeInBytes) this.fs.setLength(this.logPath, this.sizeInBytes);
  }

  toString(): string {
    return `LogSegment(baseOffset=${this.baseOffset}, size=${this.sizeInBytes})`;
  }
}
