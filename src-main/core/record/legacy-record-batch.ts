/**
 * Kafka's `AbstractLegacyRecordBatch`: a v0/v1 log entry seen as a batch. An uncompressed entry
 * is a batch of one record; a compressed one is a wrapper message whose value holds the inner
 * entries. v1 inner offsets are relative (0..n-1) and the wrapper carries the absolute offset of
 * the last one; v0 inner offsets are absolute. Legacy batches have no producer fields, no
 * partition leader epoch and no record count.
 */
import type { BatchBytes, BatchFormat } from './batch-format';
import { decompress } from './compression';
import { CompressionType, compressionTypeForId } from './compression-type';
import {
  LOG_OVERHEAD,
  MAGIC_VALUE_V0,
  MAGIC_VALUE_V1,
  type Magic,
  NO_PARTITION_LEADER_EPOCH,
  NO_PRODUCER_EPOCH,
  NO_PRODUCER_ID,
  NO_SEQUENCE,
  NO_TIMESTAMP,
  RECORD_OVERHEAD_V0,
} from './constants';
import { crc32 } from './crc32';
import { CorruptRecordException, InvalidRecordException, UnsupportedOperationException } from './errors';
import {
  ATTRIBUTES_OFFSET,
  COMPRESSION_CODEC_MASK,
  computeLegacyAttributes,
  CRC_OFFSET,
  legacyRecordOverhead,
  legacyTimestampType,
  MAGIC_OFFSET,
  readLegacyKeyValue,
  TIMESTAMP_OFFSET,
} from './legacy-record';
import type { Record } from './record';
import { TimestampType } from './timestamp-type';

const NO_HEADERS: readonly never[] = Object.freeze([]);

function entryOffset(b: BatchBytes): number {
  return Number(b.view.getBigInt64(b.position));
}

function messageAttributes(b: BatchBytes): number {
  return b.view.getInt8(b.position + LOG_OVERHEAD + ATTRIBUTES_OFFSET);
}

/** The message's own timestamp field (v1), -1 for v0. */
function messageTimestamp(b: BatchBytes): number {
  if (b.magic === MAGIC_VALUE_V0) return NO_TIMESTAMP;
  return Number(b.view.getBigInt64(b.position + LOG_OVERHEAD + TIMESTAMP_OFFSET));
}

/** The records of an uncompressed entry: itself. */
function shallowRecord(b: BatchBytes): Record {
  const msg = b.position + LOG_OVERHEAD;
  const { key, value } = readLegacyKeyValue(b.buffer, b.view, msg, b.position + b.sizeInBytes, b.magic);
  return {
    offset: entryOffset(b),
    timestamp: messageTimestamp(b),
    timestampType: legacyTimestampType(b.magic, messageAttributes(b), null),
    key,
    value,
    headers: NO_HEADERS,
    sizeInBytes: b.sizeInBytes,
    sequence: NO_SEQUENCE,
  };
}

interface InnerEntry {
  readonly offset: number;
  readonly record: Record;
  readonly compressed: boolean;
}

/** `DeepRecordsIterator`: the inner messages of a compressed wrapper, with absolute offsets. */
function deepRecords(b: BatchBytes): Record[] {
  const wrapperMagic = b.magic;
  const compression = LegacyRecordBatch.compressionType(b);
  if (compression === CompressionType.ZSTD) {
    throw new InvalidRecordException(`Invalid wrapper compressionType found in legacy deep record iterator ${wrapperMagic}`);
  }
  const { value } = readLegacyKeyValue(b.buffer, b.view, b.position + LOG_OVERHEAD, b.position + b.sizeInBytes, wrapperMagic);
  if (value === null) {
    throw new InvalidRecordException(`Found invalid compressed record set with null value (magic = ${wrapperMagic})`);
  }
  const data = decompress(compression, value, wrapperMagic as Magic);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const wrapperTimestamp = messageTimestamp(b);
  const wrapperType = LegacyRecordBatch.timestampType(b);

  const inner: InnerEntry[] = [];
  let pos = 0;
  // DataLogInputStream: a truncated entry at the end ends the stream quietly.
  while (data.length - pos >= LOG_OVERHEAD) {
    const offset = Number(view.getBigInt64(pos));
    const size = view.getInt32(pos + 8);
    if (size < RECORD_OVERHEAD_V0) {
      throw new CorruptRecordException(`Record size is less than the minimum record overhead (${RECORD_OVERHEAD_V0})`);
    }
    if (data.length - pos - LOG_OVERHEAD < size) break;
    const msg = pos + LOG_OVERHEAD;
    const end = msg + size;
    const magic = view.getInt8(msg + MAGIC_OFFSET);
    if (size < legacyRecordOverhead(magic)) throw new InvalidRecordException('Found invalid record structure');
    const attributes = view.getInt8(msg + ATTRIBUTES_OFFSET);
    const { key, value: innerValue } = readLegacyKeyValue(data, view, msg, end, magic);
    let timestamp = NO_TIMESTAMP;
    let timestampType: TimestampType;
    if (magic === MAGIC_VALUE_V1) {
      // The inner message is read with the wrapper's timestamp type (and, for LogAppendTime, its timestamp).
      timestampType = legacyTimestampType(magic, attributes, wrapperType);
      timestamp = wrapperType === TimestampType.LOG_APPEND_TIME ? wrapperTimestamp : Number(view.getBigInt64(msg + TIMESTAMP_OFFSET));
    } else {
      timestampType = legacyTimestampType(magic, attributes, null);
    }
    inner.push({
      offset,
      compressed: (attributes & COMPRESSION_CODEC_MASK) !== 0,
      record: {
        offset,
        timestamp,
        timestampType,
        key,
        value: innerValue,
        headers: NO_HEADERS,
        sizeInBytes: LOG_OVERHEAD + size,
        sequence: NO_SEQUENCE,
      },
    });
    pos = end;
  }
  if (inner.length === 0) throw new InvalidRecordException('Found invalid compressed record set with no inner records');

  let absoluteBaseOffset = -1;
  if (wrapperMagic === MAGIC_VALUE_V1) {
    const lastOffsetFromWrapper = entryOffset(b);
    const lastInnerOffset = inner[inner.length - 1].offset;
    if (lastOffsetFromWrapper === 0) {
      // Some librdkafka versions produce wrappers with offset 0.
      absoluteBaseOffset = 0;
    } else {
      if (lastOffsetFromWrapper < lastInnerOffset) {
        throw new InvalidRecordException(
          `Found invalid wrapper offset in compressed v1 message set, wrapper offset '${lastOffsetFromWrapper}' is less than the last inner message offset '${lastInnerOffset}' and it is not zero.`,
        );
      }
      absoluteBaseOffset = lastOffsetFromWrapper - lastInnerOffset;
    }
  }
  return inner.map((entry) => {
    if (entry.compressed) throw new InvalidRecordException('Inner messages must not be compressed');
    return wrapperMagic === MAGIC_VALUE_V1 ? { ...entry.record, offset: absoluteBaseOffset + entry.offset } : entry.record;
  });
}

export const LegacyRecordBatch: BatchFormat = {
  headerSize: (magic) => LOG_OVERHEAD + legacyRecordOverhead(magic) - 8,
  checkSize(sizeInBytes, magic) {
    const size = sizeInBytes - LOG_OVERHEAD;
    const overhead = legacyRecordOverhead(magic);
    if (size < overhead) {
      throw new CorruptRecordException(`Record size ${size} is less than the minimum record overhead (${overhead})`);
    }
  },
  baseOffset(b) {
    // As Kafka: the first record's offset, which for a compressed wrapper means decompressing it.
    if (this.compressionType(b) === CompressionType.NONE) return entryOffset(b);
    return deepRecords(b)[0].offset;
  },
  lastOffset: (b) => entryOffset(b),
  partitionLeaderEpoch: () => NO_PARTITION_LEADER_EPOCH,
  firstTimestamp: (b) => messageTimestamp(b),
  maxTimestamp: (b) => messageTimestamp(b),
  timestampType: (b) => legacyTimestampType(b.magic, messageAttributes(b), null),
  compressionType: (b) => compressionTypeForId(messageAttributes(b) & COMPRESSION_CODEC_MASK),
  producerId: () => NO_PRODUCER_ID,
  producerEpoch: () => NO_PRODUCER_EPOCH,
  baseSequence: () => NO_SEQUENCE,
  lastSequence: () => NO_SEQUENCE,
  isTransactional: () => false,
  isControlBatch: () => false,
  countOrNull: () => null,
  storedChecksum: (b) => b.view.getUint32(b.position + LOG_OVERHEAD + CRC_OFFSET),
  computeChecksum: (b) => crc32(b.buffer, b.position + LOG_OVERHEAD + MAGIC_OFFSET, b.position + b.sizeInBytes),
  sizeProblem: (b) =>
    b.sizeInBytes - LOG_OVERHEAD < RECORD_OVERHEAD_V0
      ? `Record is corrupt (crc could not be retrieved as the record is too small, size = ${b.sizeInBytes - LOG_OVERHEAD})`
      : null,
  records(b) {
    return this.compressionType(b) === CompressionType.NONE ? [shallowRecord(b)] : deepRecords(b);
  },
  setLastOffset(b, offset) {
    b.view.setBigInt64(b.position, BigInt(offset));
  },
  setPartitionLeaderEpoch() {
    throw new UnsupportedOperationException('Magic versions prior to 2 do not support partition leader epoch');
  },
  setMaxTimestamp(b, type, timestamp) {
    if (b.magic === MAGIC_VALUE_V0) {
      throw new UnsupportedOperationException('Cannot set timestamp for a record with magic = 0');
    }
    if (this.timestampType(b) === type && messageTimestamp(b) === timestamp) return;
    const msg = b.position + LOG_OVERHEAD;
    b.view.setInt8(msg + ATTRIBUTES_OFFSET, computeLegacyAttributes(b.magic, this.compressionType(b), type));
    b.view.setBigInt64(msg + TIMESTAMP_OFFSET, BigInt(timestamp));
    b.view.setUint32(msg + CRC_OFFSET, this.computeChecksum(b));
  },
};
