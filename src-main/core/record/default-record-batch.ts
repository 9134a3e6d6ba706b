/**
 * Kafka's `DefaultRecordBatch`: the v2 batch (the layout in its class comment,
 * clients/src/main/java/org/apache/kafka/common/record/DefaultRecordBatch.java). A 61-byte header, then the records, raw or
 * compressed as one stream. The CRC-32C covers attributes to the end, so the broker can stamp the
 * base offset and partition leader epoch without recomputing it; changing the max timestamp or
 * the timestamp type (LogAppendTime) does recompute it.
 */
import { IllegalArgumentException } from '../common/java-lang';
import type { BatchBytes, BatchFormat } from './batch-format';
import { ByteCursor } from './byte-cursor';
import { decompress } from './compression';
import { CompressionType, compressionTypeForId } from './compression-type';
import { LOG_OVERHEAD, MAGIC_VALUE_V2, NO_SEQUENCE, RECORD_BATCH_OVERHEAD } from './constants';
import { crc32c } from './crc32c';
import { incrementSequence, readDefaultRecord, type RecordContext } from './default-record';
import { BufferUnderflowException, CorruptRecordException, InvalidRecordException } from './errors';
import type { Record } from './record';
import { TimestampType } from './timestamp-type';

export const BASE_OFFSET_OFFSET = 0;
export const LENGTH_OFFSET = 8;
export const PARTITION_LEADER_EPOCH_OFFSET = 12;
export const MAGIC_OFFSET = 16;
export const CRC_OFFSET = 17;
export const ATTRIBUTES_OFFSET = 21;
export const LAST_OFFSET_DELTA_OFFSET = 23;
export const FIRST_TIMESTAMP_OFFSET = 27;
export const MAX_TIMESTAMP_OFFSET = 35;
export const PRODUCER_ID_OFFSET = 43;
export const PRODUCER_EPOCH_OFFSET = 51;
export const BASE_SEQUENCE_OFFSET = 53;
export const RECORDS_COUNT_OFFSET = 57;
export const RECORDS_OFFSET = RECORD_BATCH_OVERHEAD;

const COMPRESSION_CODEC_MASK = 0x07;
const TIMESTAMP_TYPE_MASK = 0x08;
const TRANSACTIONAL_FLAG_MASK = 0x10;
const CONTROL_FLAG_MASK = 0x20;

/** `DefaultRecordBatch.computeAttributes`. */
export function computeDefaultBatchAttributes(
  compression: CompressionType,
  timestampType: TimestampType,
  isTransactional: boolean,
  isControl: boolean,
): number {
  if (timestampType === TimestampType.NO_TIMESTAMP_TYPE) {
    throw new IllegalArgumentException('Timestamp type must be provided to compute attributes for message format v2 and above');
  }
  let attributes = isTransactional ? TRANSACTIONAL_FLAG_MASK : 0;
  if (isControl) attributes |= CONTROL_FLAG_MASK;
  attributes |= compression & COMPRESSION_CODEC_MASK;
  if (timestampType === TimestampType.LOG_APPEND_TIME) attributes |= TIMESTAMP_TYPE_MASK;
  return attributes;
}

/** The header fields of `DefaultRecordBatch.writeHeader`. */
export interface DefaultBatchHeader {
  baseOffset: number;
  lastOffsetDelta: number;
  partitionLeaderEpoch: number;
  attributes: number;
  firstTimestamp: number;
  maxTimestamp: number;
  producerId: number;
  producerEpoch: number;
  baseSequence: number;
  count: number;
}

/**
 * `DefaultRecordBatch.writeHeader`: the header of a batch of `sizeInBytes` at `out[0..61)`, then
 * the CRC over what follows the crc field; the records must already be in place behind it.
 */
export function writeDefaultBatchHeader(out: Uint8Array, sizeInBytes: number, h: DefaultBatchHeader): void {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  view.setBigInt64(BASE_OFFSET_OFFSET, BigInt(h.baseOffset));
  view.setInt32(LENGTH_OFFSET, sizeInBytes - LOG_OVERHEAD);
  view.setInt32(PARTITION_LEADER_EPOCH_OFFSET, h.partitionLeaderEpoch);
  view.setInt8(MAGIC_OFFSET, MAGIC_VALUE_V2);
  view.setInt16(ATTRIBUTES_OFFSET, h.attributes);
  view.setInt32(LAST_OFFSET_DELTA_OFFSET, h.lastOffsetDelta);
  view.setBigInt64(FIRST_TIMESTAMP_OFFSET, BigInt(h.firstTimestamp));
  view.setBigInt64(MAX_TIMESTAMP_OFFSET, BigInt(h.maxTimestamp));
  view.setBigInt64(PRODUCER_ID_OFFSET, BigInt(h.producerId));
  view.setInt16(PRODUCER_EPOCH_OFFSET, h.producerEpoch);
  view.setInt32(BASE_SEQUENCE_OFFSET, h.baseSequence);
  view.setInt32(RECORDS_COUNT_OFFSET, h.count);
  view.setUint32(CRC_OFFSET, crc32c(out, ATTRIBUTES_OFFSET, sizeInBytes));
}

function int64(b: BatchBytes, at: number): number {
  return Number(b.view.getBigInt64(b.position + at));
}

function attributes(b: BatchBytes): number {
  // As Kafka: only the low byte of the int16 is used.
  return b.view.getInt16(b.position + ATTRIBUTES_OFFSET) & 0xff;
}

function lastOffsetDelta(b: BatchBytes): number {
  return b.view.getInt32(b.position + LAST_OFFSET_DELTA_OFFSET);
}

function count(b: BatchBytes): number {
  return b.view.getInt32(b.position + RECORDS_COUNT_OFFSET);
}

function records(b: BatchBytes): Record[] {
  const n = count(b);
  if (n === 0) return [];
  if (n < 0) throw new InvalidRecordException(`Found invalid record count ${n} in magic v${b.magic} batch`);
  const type = DefaultRecordBatch.timestampType(b);
  const ctx: RecordContext = {
    baseOffset: DefaultRecordBatch.baseOffset(b),
    firstTimestamp: DefaultRecordBatch.firstTimestamp(b),
    baseSequence: DefaultRecordBatch.baseSequence(b),
    logAppendTime: type === TimestampType.LOG_APPEND_TIME ? DefaultRecordBatch.maxTimestamp(b) : null,
    timestampType: type,
  };
  const compression = DefaultRecordBatch.compressionType(b);
  const start = b.position + RECORDS_OFFSET;
  const end = b.position + b.sizeInBytes;
  const streamed = compression !== CompressionType.NONE;
  const cursor = streamed
    ? new ByteCursor(decompress(compression, b.buffer.subarray(start, end), MAGIC_VALUE_V2))
    : new ByteCursor(b.buffer, start, end);
  const out: Record[] = [];
  for (let i = 0; i < n; i++) {
    try {
      out.push(readDefaultRecord(cursor, ctx, streamed));
    } catch (e) {
      if (e instanceof BufferUnderflowException) {
        throw new InvalidRecordException('Incorrect declared batch size, premature EOF reached');
      }
      throw e;
    }
  }
  if (cursor.remaining > 0) {
    throw new InvalidRecordException('Incorrect declared batch size, records still remaining in file');
  }
  return out;
}

export const DefaultRecordBatch: BatchFormat = {
  headerSize: () => RECORD_BATCH_OVERHEAD,
  checkSize(sizeInBytes) {
    if (sizeInBytes < RECORD_BATCH_OVERHEAD) {
      throw new CorruptRecordException(
        `Record batch is corrupt (the size ${sizeInBytes} is smaller than the minimum allowed overhead ${RECORD_BATCH_OVERHEAD})`,
      );
    }
  },
  baseOffset: (b) => int64(b, BASE_OFFSET_OFFSET),
  lastOffset: (b) => int64(b, BASE_OFFSET_OFFSET) + lastOffsetDelta(b),
  partitionLeaderEpoch: (b) => b.view.getInt32(b.position + PARTITION_LEADER_EPOCH_OFFSET),
  firstTimestamp: (b) => int64(b, FIRST_TIMESTAMP_OFFSET),
  maxTimestamp: (b) => int64(b, MAX_TIMESTAMP_OFFSET),
  timestampType: (b) => ((attributes(b) & TIMESTAMP_TYPE_MASK) === 0 ? TimestampType.CREATE_TIME : TimestampType.LOG_APPEND_TIME),
  compressionType: (b) => compressionTypeForId(attributes(b) & COMPRESSION_CODEC_MASK),
  producerId: (b) => int64(b, PRODUCER_ID_OFFSET),
  producerEpoch: (b) => b.view.getInt16(b.position + PRODUCER_EPOCH_OFFSET),
  baseSequence: (b) => b.view.getInt32(b.position + BASE_SEQUENCE_OFFSET),
  lastSequence(b) {
    const base = this.baseSequence(b);
    return base === NO_SEQUENCE ? NO_SEQUENCE : incrementSequence(base, lastOffsetDelta(b));
  },
  isTransactional: (b) => (attributes(b) & TRANSACTIONAL_FLAG_MASK) !== 0,
  isControlBatch: (b) => (attributes(b) & CONTROL_FLAG_MASK) !== 0,
  countOrNull: (b) => count(b),
  storedChecksum: (b) => b.view.getUint32(b.position + CRC_OFFSET),
  computeChecksum: (b) => crc32c(b.buffer, b.position + ATTRIBUTES_OFFSET, b.position + b.sizeInBytes),
  sizeProblem: (b) =>
    b.sizeInBytes < RECORD_BATCH_OVERHEAD
      ? `Record batch is corrupt (the size ${b.sizeInBytes} is smaller than the minimum allowed overhead ${RECORD_BATCH_OVERHEAD})`
      : null,
  records,
  setLastOffset(b, offset) {
    b.view.setBigInt64(b.position + BASE_OFFSET_OFFSET, BigInt(offset - lastOffsetDelta(b)));
  },
  setPartitionLeaderEpoch(b, epoch) {
    b.view.setInt32(b.position + PARTITION_LEADER_EPOCH_OFFSET, epoch);
  },
  setMaxTimestamp(b, type, maxTimestamp) {
    // As Kafka: nothing to do (and no CRC to recompute) when neither changes.
    if (this.timestampType(b) === type && this.maxTimestamp(b) === maxTimestamp) return;
    const attrs = computeDefaultBatchAttributes(this.compressionType(b), type, this.isTransactional(b), this.isControlBatch(b));
    b.view.setInt16(b.position + ATTRIBUTES_OFFSET, attrs);
    b.view.setBigInt64(b.position + MAX_TIMESTAMP_OFFSET, BigInt(maxTimestamp));
    b.view.setUint32(b.position + CRC_OFFSET, this.computeChecksum(b));
  },
};
