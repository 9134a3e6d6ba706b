/**
 * `org.apache.kafka.common.record.FileRecords`: a segment's `.log` file — record batches back to
 * back — with its valid size, appends at the end, slices for reads, and the shallow batch walk of
 * `FileLogInputStream` (a trailing partial batch ends the walk; a size field below the smallest
 * legacy message is corruption).
 */
import { KafkaException } from '../errors';
import type { FileHandleCache } from './file-handle-cache';
import { SegmentFile } from './segment-file';
import { CorruptRecordException, LOG_OVERHEAD, RECORD_BATCH_OVERHEAD, RecordBatch } from '../../record';
import { IllegalArgumentException } from '../../common/java-lang';

/** `Records.HEADER_SIZE_UP_TO_MAGIC`: offset, size, leader epoch / crc, magic. */
const HEADER_SIZE_UP_TO_MAGIC = 17;
/** `LegacyRecord.RECORD_OVERHEAD_V0`: the smallest message a size field may announce. */
const MIN_RECORD_OVERHEAD = 14;
/**
 * Bytes read at once while walking batch headers: a lookup usually needs one header near where the
 * index points, a scan many; the block grows from the first size to the largest as the walk goes on.
 */
const FIRST_READ_BLOCK_SIZE = 4 * 1024;
const READ_BLOCK_SIZE = 64 * 1024;
/**
 * The block of the header walks that end before their function returns (an offset lookup): they
 * keep nothing they read, so one block serves them all and a lookup allocates no memory for its
 * scan — fresh memory costs a page fault per 4 KB on first touch, more than the read itself.
 */
const lookupBlock = new Uint8Array(READ_BLOCK_SIZE);
const lookupView = new DataView(lookupBlock.buffer);

/** A batch found in the file: where it lies, and a view of its bytes (whole, or its header only). */
export interface FileBatch {
  readonly position: number;
  readonly sizeInBytes: number;
  readonly batch: RecordBatch;
  /** False when only the header was read (`batch` then answers header fields only). */
  readonly complete: boolean;
}

export interface LogOffsetPosition {
  readonly offset: number;
  readonly position: number;
  readonly size: number;
}

export class FileRecords extends SegmentFile {
  private validSize: number;

  private constructor(handles: FileHandleCache, path: string, size: number) {
    super(handles, path);
    this.validSize = size;
  }

  /**
   * `FileRecords.open`: an existing file is taken at its length (recovery validates it); a new one is
   * created empty, or pre-allocated to `initFileSize` (its valid size stays 0).
   */
  static open(
    handles: FileHandleCache,
    path: string,
    options: { fileAlreadyExists: boolean; initFileSize: number; preallocate: boolean },
  ): FileRecords {
    const fs = handles.fs;
    if (options.fileAlreadyExists) return new FileRecords(handles, path, fs.stat(path).size);
    if (options.preallocate && options.initFileSize > 0) fs.setLength(path, options.initFileSize);
    else fs.createFile(path);
    return new FileRecords(handles, path, 0);
  }

  get sizeInBytes(): number {
    return this.validSize;
  }

  /** Appends whole batches at the end of the valid bytes; returns the bytes written. */
  append(records: Uint8Array): number {
    if (records.length > 2147483647 - this.validSize) {
      throw new IllegalArgumentException(
        `Append of size ${records.length} bytes is too large for segment with current file position at ${this.validSize}`,
      );
    }
    this.handles.get(this.path).write(records, this.validSize);
    this.validSize += records.length;
    return records.length;
  }

  /** `length` bytes from `position` (fewer at the end of the valid bytes). */
  read(position: number, length: number): Uint8Array {
    const end = Math.min(this.validSize, position + length);
    if (end <= position) return new Uint8Array(0);
    return this.readInto(new Uint8Array(end - position), position);
  }

  /** Fills `out` from `position` (less at the end of the file); the part filled. */
  private readInto(out: Uint8Array, position: number): Uint8Array {
    const handle = this.handles.get(this.path);
    let done = 0;
    while (done < out.length) {
      const n = handle.read(out.subarray(done), position + done);
      if (n === 0) break;
      done += n;
    }
    return done === out.length ? out : out.subarray(0, done);
  }

  /** `FileRecords.truncateTo`: cuts the valid bytes (and the file) to `targetSize`; returns the bytes removed. */
  truncateTo(targetSize: number): number {
    const originalSize = this.validSize;
    if (targetSize > originalSize || targetSize < 0) {
      throw new KafkaException(
        `Attempt to truncate log segment ${this.path} to ${targetSize} bytes failed,  size of this log segment is ${originalSize} bytes.`,
      );
    }
    const handle = this.handles.get(this.path);
    if (targetSize < handle.size()) handle.truncate(targetSize);
    this.validSize = targetSize;
    return originalSize - targetSize;
  }

  /** Cuts a pre-allocated file to its valid bytes (`trim`, on roll and close). */
  trim(): void {
    const handle = this.handles.get(this.path);
    if (handle.size() !== this.validSize) handle.truncate(this.validSize);
  }

  flush(): void {
    this.handles.get(this.path).sync();
  }

  /**
   * The batches from `start` to `end` (default: the valid size), shallowly: with `full` each batch's
   * bytes are read whole (for CRC checks and records), otherwise only its header.
   */
  *batches(start = 0, options: { end?: number; full?: boolean } = {}): Generator<FileBatch> {
    const end = Math.min(options.end ?? this.validSize, this.validSize);
    const full = options.full ?? false;
    let block: Uint8Array = new Uint8Array(0);
    let blockSize = FIRST_READ_BLOCK_SIZE;
    let blockStart = 0;
    let position = start;
    while (end - position >= HEADER_SIZE_UP_TO_MAGIC) {
      if (position < blockStart || position + HEADER_SIZE_UP_TO_MAGIC > blockStart + block.length) {
        block = this.read(position, Math.min(blockSize, end - position));
        blockStart = position;
        blockSize = Math.min(blockSize * 2, READ_BLOCK_SIZE);
      }
      const at = position - blockStart;
      const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
      const size = view.getInt32(at + 8);
      if (size < MIN_RECORD_OVERHEAD) {
        throw new CorruptRecordException(
          `Found record size ${size} smaller than minimum record overhead (${MIN_RECORD_OVERHEAD}) in file ${this.path}.`,
        );
      }
      const batchSize = LOG_OVERHEAD + size;
      if (position > end - batchSize) return;
      const needed = full ? batchSize : Math.min(batchSize, RECORD_BATCH_OVERHEAD);
      if (at + needed > block.length) {
        if (needed <= READ_BLOCK_SIZE) {
          block = this.read(position, Math.min(Math.max(blockSize, needed), end - position));
          blockSize = Math.min(blockSize * 2, READ_BLOCK_SIZE);
          blockStart = position;
        } else {
          const bytes = this.read(position, batchSize);
          yield { position, sizeInBytes: batchSize, batch: RecordBatch.readAt(bytes, 0), complete: true };
          position += batchSize;
          continue;
        }
      }
      const rel = position - blockStart;
      const bytes = block.subarray(rel, rel + needed);
      yield { position, sizeInBytes: batchSize, batch: RecordBatch.readAt(bytes, 0), complete: needed === batchSize };
      position += batchSize;
    }
  }

  /**
   * `searchForOffsetWithSize`: the first batch from `startingPosition` whose last offset is ≥
   * `targetOffset`. As Kafka's, it reads batch headers only.
   */
  searchForOffsetWithSize(targetOffset: number, startingPosition: number): LogOffsetPosition | null {
    const found = this.search(targetOffset, startingPosition, FIRST_READ_BLOCK_SIZE);
    return found && { offset: found.offset, position: found.position, size: found.size };
  }

  /**
   * `searchForOffsetWithSize`, then `read(found.position, lengthOf(found))` (`LogSegment.read`).
   * The search reads a whole block at once; when that block holds all the bytes to return, they
   * are taken from it, so a lookup of a batch smaller than a block reads the file once.
   */
  searchAndRead(
    targetOffset: number,
    startingPosition: number,
    lengthOf: (found: LogOffsetPosition) => number,
  ): { found: LogOffsetPosition; records: Uint8Array } | null {
    const hit = this.search(targetOffset, startingPosition, READ_BLOCK_SIZE);
    if (!hit) return null;
    const found = { offset: hit.offset, position: hit.position, size: hit.size };
    const length = lengthOf(found);
    const from = hit.position - hit.blockStart;
    const records =
      length > 0 && from + length <= hit.block.length ? hit.block.slice(from, from + length) : this.read(hit.position, length);
    return { found, records };
  }

  /**
   * The walk of the searches: batch headers read into the shared lookup block, `firstBlockSize`
   * bytes at first and more as the walk goes on, stopping as `batches` does. The block returned
   * holds the batch found from its start; it is valid until the next search.
   */
  private search(
    targetOffset: number,
    startingPosition: number,
    firstBlockSize: number,
  ): (LogOffsetPosition & { readonly block: Uint8Array; readonly blockStart: number }) | null {
    const end = this.validSize;
    let block: Uint8Array = lookupBlock.subarray(0, 0);
    let blockStart = 0;
    let blockSize = firstBlockSize;
    let position = startingPosition;
    while (end - position >= HEADER_SIZE_UP_TO_MAGIC) {
      const header = Math.min(RECORD_BATCH_OVERHEAD, end - position);
      if (position < blockStart || position + header > blockStart + block.length) {
        block = this.readInto(lookupBlock.subarray(0, Math.min(blockSize, end - position)), position);
        blockStart = position;
        blockSize = Math.min(blockSize * 2, READ_BLOCK_SIZE);
        if (block.length < header) return null;
      }
      const at = position - blockStart;
      const size = lookupView.getInt32(at + 8);
      if (size < MIN_RECORD_OVERHEAD) {
        throw new CorruptRecordException(
          `Found record size ${size} smaller than minimum record overhead (${MIN_RECORD_OVERHEAD}) in file ${this.path}.`,
        );
      }
      const batchSize = LOG_OVERHEAD + size;
      if (position > end - batchSize) return null;
      const lastOffset = RecordBatch.readAt(block, at).lastOffset;
      if (lastOffset >= targetOffset) return { offset: lastOffset, position, size: batchSize, block, blockStart };
      position += batchSize;
    }
    return null;
  }

  /**
   * `searchForTimestamp`: the first record at or after `startingOffset` whose timestamp is ≥
   * `targetTimestamp`, looking from `startingPosition`.
   */
  searchForTimestamp(
    targetTimestamp: number,
    startingPosition: number,
    startingOffset: number,
  ): { timestamp: number; offset: number; leaderEpoch: number } | null {
    for (const b of this.batches(startingPosition)) {
      if (b.batch.maxTimestamp < targetTimestamp) continue;
      const whole = b.complete ? b.batch : RecordBatch.readAt(this.read(b.position, b.sizeInBytes), 0);
      for (const record of whole.records()) {
        if (record.timestamp >= targetTimestamp && record.offset >= startingOffset) {
          return { timestamp: record.timestamp, offset: record.offset, leaderEpoch: whole.partitionLeaderEpoch };
        }
      }
    }
    return null;
  }

  /** `largestTimestampAfter`: the largest batch timestamp from `startingPosition`, and the last offset of its batch. */
  largestTimestampAfter(startingPosition: number): { timestamp: number; offset: number } {
    let timestamp = -1;
    let offset = -1;
    for (const b of this.batches(startingPosition)) {
      if (b.batch.maxTimestamp > timestamp) {
        timestamp = b.batch.maxTimestamp;
        offset = b.batch.lastOffset;
      }
    }
    return { timestamp, offset };
  }
}
