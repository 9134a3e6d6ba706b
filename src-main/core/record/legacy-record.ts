/**
 * Kafka's `LegacyRecord`: a v0/v1 message (its field offsets, `CRC_OFFSET` … `KEY_SIZE_OFFSET_V1`, in
 * clients/src/main/java/org/apache/kafka/common/record/LegacyRecord.java). crc (standard CRC-32 over magic to end),
 * magic, attributes, [timestamp: v1], then int32-length-prefixed key and value. In a log it sits
 * behind a 12-byte offset + size "log entry" header; a compressed message set is one such
 * message whose value holds the inner entries.
 */
import { IllegalArgumentException } from '../common/java-lang';
import { CompressionType } from './compression-type';
import { LOG_OVERHEAD, MAGIC_VALUE_V0, NO_TIMESTAMP, RECORD_OVERHEAD_V0, RECORD_OVERHEAD_V1 } from './constants';
import { crc32 } from './crc32';
import { InvalidRecordException } from './errors';
import { TimestampType } from './timestamp-type';

/** Offsets within the message (after the 12-byte log entry header). */
export const CRC_OFFSET = 0;
export const MAGIC_OFFSET = 4;
export const ATTRIBUTES_OFFSET = 5;
export const TIMESTAMP_OFFSET = 6;
export const KEY_SIZE_OFFSET_V0 = 6;
export const KEY_SIZE_OFFSET_V1 = 14;

export const COMPRESSION_CODEC_MASK = 0x07;
export const TIMESTAMP_TYPE_MASK = 0x08;

/** `LegacyRecord.recordOverhead(magic)`. */
export function legacyRecordOverhead(magic: number): number {
  return magic === MAGIC_VALUE_V0 ? RECORD_OVERHEAD_V0 : RECORD_OVERHEAD_V1;
}

/** `LegacyRecord.recordSize(magic, key, value)`: the message without the log entry header. */
export function legacyRecordSize(magic: number, key: Uint8Array | null, value: Uint8Array | null): number {
  return legacyRecordOverhead(magic) + (key?.length ?? 0) + (value?.length ?? 0);
}

/** `LegacyRecord.computeAttributes`. */
export function computeLegacyAttributes(magic: number, compression: CompressionType, timestampType: TimestampType): number {
  let attributes = compression & COMPRESSION_CODEC_MASK;
  if (magic > MAGIC_VALUE_V0) {
    if (timestampType === TimestampType.NO_TIMESTAMP_TYPE) {
      throw new IllegalArgumentException('Timestamp type must be provided to compute attributes for message format v1');
    }
    if (timestampType === TimestampType.LOG_APPEND_TIME) attributes |= TIMESTAMP_TYPE_MASK;
  }
  return attributes;
}

/**
 * `AbstractLegacyRecordBatch.writeHeader` + `LegacyRecord.write`: one log entry (offset, size,
 * message) at `out[pos..]`; returns the position after it.
 */
export function writeLegacyEntry(
  out: Uint8Array,
  pos: number,
  offset: number,
  magic: number,
  timestamp: number,
  key: Uint8Array | null,
  value: Uint8Array | null,
  compression: CompressionType,
  timestampType: TimestampType,
): number {
  if (magic !== MAGIC_VALUE_V0 && timestamp < 0 && timestamp !== NO_TIMESTAMP) {
    throw new IllegalArgumentException(`Invalid message timestamp ${timestamp}`);
  }
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const size = legacyRecordSize(magic, key, value);
  view.setBigInt64(pos, BigInt(offset));
  view.setInt32(pos + 8, size);
  const msg = pos + LOG_OVERHEAD;
  view.setInt8(msg + MAGIC_OFFSET, magic);
  view.setInt8(msg + ATTRIBUTES_OFFSET, computeLegacyAttributes(magic, compression, timestampType));
  let at = msg + KEY_SIZE_OFFSET_V0;
  if (magic !== MAGIC_VALUE_V0) {
    view.setBigInt64(msg + TIMESTAMP_OFFSET, BigInt(timestamp));
    at = msg + KEY_SIZE_OFFSET_V1;
  }
  for (const bytes of [key, value]) {
    view.setInt32(at, bytes === null ? -1 : bytes.length);
    at += 4;
    if (bytes !== null) {
      out.set(bytes, at);
      at += bytes.length;
    }
  }
  view.setUint32(msg + CRC_OFFSET, crc32(out, msg + MAGIC_OFFSET, at));
  return at;
}

/** The key and value of the message in `buffer[msgStart, msgEnd)` (views, no copy). */
export function readLegacyKeyValue(
  buffer: Uint8Array,
  view: DataView,
  msgStart: number,
  msgEnd: number,
  magic: number,
): { key: Uint8Array | null; value: Uint8Array | null } {
  let at = msgStart + (magic === MAGIC_VALUE_V0 ? KEY_SIZE_OFFSET_V0 : KEY_SIZE_OFFSET_V1);
  const read = (): Uint8Array | null => {
    if (at + 4 > msgEnd) throw new InvalidRecordException('Found invalid record structure');
    const size = view.getInt32(at);
    at += 4;
    if (size < 0) return null;
    if (at + size > msgEnd) throw new InvalidRecordException('Found invalid record structure');
    const bytes = buffer.subarray(at, at + size);
    at += size;
    return bytes;
  };
  const key = read();
  const value = read();
  return { key, value };
}

/** `LegacyRecord.timestampType(magic, wrapperTimestampType, attributes)`. */
export function legacyTimestampType(magic: number, attributes: number, wrapperType: TimestampType | null): TimestampType {
  if (magic === MAGIC_VALUE_V0) return TimestampType.NO_TIMESTAMP_TYPE;
  if (wrapperType !== null) return wrapperType;
  return (attributes & TIMESTAMP_TYPE_MASK) === 0 ? TimestampType.CREATE_TIME : TimestampType.LOG_APPEND_TIME;
}
