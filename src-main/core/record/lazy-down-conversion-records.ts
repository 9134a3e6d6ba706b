/**
 * Kafka's `LazyDownConversionRecords` and `LazyDownConversionRecordsSend` (KIP-283): records a
 * fetch read that are converted to an older magic only while the response is written, chunk by
 * chunk (at most 128 KiB of source batches at a time), so the converted copy of a whole fetch is
 * never held.
 *
 * The response's size for the partition is fixed before any of it is written: the bytes read, or
 * the first converted batch if that is larger (a client must get at least one whole batch). The
 * converted chunks are written into that size: one that does not fit is cut (the client sees a
 * partial last message, as with any fetch); if the converted data ends early (it is usually
 * smaller: no headers, dropped control batches, a partial batch at the end of the read), the rest
 * is an "overflow" batch — offset -1 and a length past the end — that clients skip as a partial
 * message. A zstd batch met after the first chunk ends the data the same way; the client's next
 * fetch from it then gets UNSUPPORTED_COMPRESSION_TYPE.
 */
import type { TopicPartition } from '../common/topic-partition';
import { batchesIn } from './byte-buffer-log-input-stream';
import { LOG_OVERHEAD, type Magic, RECORD_BATCH_OVERHEAD } from './constants';
import { UnsupportedCompressionTypeException } from './errors';
import type { RecordBatch } from './record-batch';
import { addConversionStats, downConvert, EMPTY_CONVERSION_STATS, type ConvertedRecords, type RecordConversionStats } from './records-util';

/** `LazyDownConversionRecordsSend.MAX_READ_SIZE`: source bytes converted per chunk. */
export const MAX_READ_SIZE = 128 * 1024;
/** `MIN_OVERFLOW_MESSAGE_LENGTH`: the least a partition's records take when nothing converts. */
export const MIN_OVERFLOW_MESSAGE_LENGTH = LOG_OVERHEAD;

export class LazyDownConversionRecords {
  readonly sizeInBytes: number;
  private firstConvertedBatch: ConvertedRecords | null;

  /** Throws UnsupportedCompressionTypeException if the first batch to convert is zstd. */
  constructor(
    readonly topicPartition: TopicPartition,
    /** The bytes the fetch read (whole batches, maybe a partial one at the end). */
    readonly records: Uint8Array,
    readonly toMagic: Magic,
    /** The fetch offset: see `downConvert`. */
    readonly firstOffset: number,
    private readonly nowMs: () => number,
  ) {
    const first = this.chunks(0, null).next();
    this.firstConvertedBatch = first.done === true ? null : first.value;
    this.sizeInBytes =
      this.firstConvertedBatch === null ? MIN_OVERFLOW_MESSAGE_LENGTH : Math.max(records.length, this.firstConvertedBatch.records.length);
  }

  /** A send of these records: the converted bytes written into `sizeInBytes`, and what converting them cost. */
  toSend(): LazyDownConversionRecordsSend {
    const first = this.firstConvertedBatch;
    // Only one send is expected: the first converted batch is not kept after it.
    this.firstConvertedBatch = null;
    return new LazyDownConversionRecordsSend(this, this.chunks(MAX_READ_SIZE, first));
  }

  /**
   * The converted chunks: each at least one source batch, then as many more as stay within
   * `maximumReadSize`; a chunk that converts to nothing (only control batches) is skipped.
   */
  private *chunks(maximumReadSize: number, firstConverted: ConvertedRecords | null): Generator<ConvertedRecords> {
    const batches = batchesIn(this.records);
    let next = batches.next();
    if (firstConverted !== null) {
      yield firstConverted;
      // As 2.5's Iterator: one source batch is skipped for it, even when control batches before it
      // converted to nothing (the batch is then converted again; the client skips offsets it has).
      next = batches.next();
    }
    while (next.done !== true) {
      const chunk: RecordBatch[] = [];
      let sizeSoFar = 0;
      while (next.done !== true && (chunk.length === 0 || next.value.sizeInBytes + sizeSoFar <= maximumReadSize)) {
        chunk.push(next.value);
        sizeSoFar += next.value.sizeInBytes;
        next = batches.next();
      }
      const converted = downConvert(chunk, this.toMagic, this.firstOffset, this.nowMs);
      if (converted.records.length > 0) yield converted;
    }
  }
}

export class LazyDownConversionRecordsSend {
  private stats: RecordConversionStats = EMPTY_CONVERSION_STATS;
  private written = false;

  constructor(
    readonly source: LazyDownConversionRecords,
    private readonly chunks: Iterator<ConvertedRecords>,
  ) {}

  get sizeInBytes(): number {
    return this.source.sizeInBytes;
  }

  /** What converting the written chunks cost (Kafka's `recordConversionStats()` after the send). */
  get recordConversionStats(): RecordConversionStats {
    return this.stats;
  }

  /** `writeTo` until complete: exactly `sizeInBytes` bytes, in chunks handed to `write`. */
  writeTo(write: (bytes: Uint8Array) => void): void {
    if (this.written)
      throw new Error(`The records of ${this.source.topicPartition.topic}-${this.source.topicPartition.partition} were already sent`);
    this.written = true;
    let remaining = this.sizeInBytes;
    while (remaining > 0) {
      let converted: Uint8Array;
      try {
        const next = this.chunks.next();
        if (next.done === true) {
          converted = overflowBatch(remaining);
        } else {
          converted = next.value.records;
          this.stats = addConversionStats(this.stats, next.value.recordConversionStats);
        }
      } catch (e) {
        // A batch that cannot be converted after the first chunk: the client reads up to it (see the file comment).
        if (!(e instanceof UnsupportedCompressionTypeException)) throw e;
        converted = overflowBatch(remaining);
      }
      const part = converted.length > remaining ? converted.subarray(0, remaining) : converted;
      write(part);
      remaining -= part.length;
    }
  }
}

/**
 * `buildOverflowBatch`: offset -1 and a length one past what is left, so a client sees a partial
 * message it ignores; never less than a v2 batch header, which is what a reader checks first.
 */
function overflowBatch(remaining: number): Uint8Array {
  const out = new Uint8Array(Math.max(MIN_OVERFLOW_MESSAGE_LENGTH, Math.min(remaining + 1, MAX_READ_SIZE)));
  const view = new DataView(out.buffer);
  view.setBigInt64(0, -1n);
  view.setInt32(8, Math.max(remaining + 1, RECORD_BATCH_OVERHEAD));
  return out;
}
