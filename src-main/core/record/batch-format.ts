/**
 * What RecordBatch asks of a message format. Kafka has one class per format
 * (`DefaultRecordBatch` for v2, `AbstractLegacyRecordBatch` for v0/v1); here each format is a
 * stateless object of functions over the batch's bytes, so RecordBatch can be one class that the
 * log layer names, and neither format module needs RecordBatch itself.
 */
import type { CompressionType } from './compression-type';
import type { Record } from './record';
import type { TimestampType } from './timestamp-type';

/** The bytes of one batch: `buffer[position, position + sizeInBytes)`, maybe only its header. */
export interface BatchBytes {
  readonly buffer: Uint8Array;
  readonly view: DataView;
  readonly position: number;
  readonly sizeInBytes: number;
  readonly magic: number;
  /** Whether the buffer holds the whole batch, not only its header. */
  readonly isWhole: boolean;
}

export interface BatchFormat {
  /** The bytes the header getters read: the header fields must lie in them. */
  headerSize(magic: number): number;
  /** Throws CorruptRecordException if `sizeInBytes` cannot hold a batch of `magic`. */
  checkSize(sizeInBytes: number, magic: number): void;
  baseOffset(b: BatchBytes): number;
  lastOffset(b: BatchBytes): number;
  partitionLeaderEpoch(b: BatchBytes): number;
  firstTimestamp(b: BatchBytes): number;
  maxTimestamp(b: BatchBytes): number;
  timestampType(b: BatchBytes): TimestampType;
  compressionType(b: BatchBytes): CompressionType;
  producerId(b: BatchBytes): number;
  producerEpoch(b: BatchBytes): number;
  baseSequence(b: BatchBytes): number;
  lastSequence(b: BatchBytes): number;
  isTransactional(b: BatchBytes): boolean;
  isControlBatch(b: BatchBytes): boolean;
  countOrNull(b: BatchBytes): number | null;
  storedChecksum(b: BatchBytes): number;
  /** Needs the whole batch. */
  computeChecksum(b: BatchBytes): number;
  /** Kafka's `ensureValid` message for a size below the format's minimum, or null if it is fine. */
  sizeProblem(b: BatchBytes): string | null;
  /** Deep iteration; needs the whole batch. */
  records(b: BatchBytes): Record[];
  setLastOffset(b: BatchBytes, offset: number): void;
  setPartitionLeaderEpoch(b: BatchBytes, epoch: number): void;
  setMaxTimestamp(b: BatchBytes, type: TimestampType, timestamp: number): void;
}
