/**
 * Kafka's `MemoryRecordsBuilder`: turns records into one batch of the chosen magic — a v2
 * DefaultRecordBatch, or for v0/v1 a message set (uncompressed) or a single compressed wrapper
 * message. The producer and the broker (when it converts, compresses or writes markers) both go
 * through it in Kafka, so the checks and the choices of timestamps and offsets are Kafka's.
 */
import { IllegalArgumentException } from '../common/java-lang';
import { compress } from './compression';
import { CompressionType } from './compression-type';
import {
  LOG_OVERHEAD,
  MAGIC_VALUE_V0,
  MAGIC_VALUE_V2,
  type Magic,
  NO_PARTITION_LEADER_EPOCH,
  NO_PRODUCER_EPOCH,
  NO_PRODUCER_ID,
  NO_SEQUENCE,
  NO_TIMESTAMP,
  RECORD_BATCH_OVERHEAD,
} from './constants';
import { computeDefaultBatchAttributes, writeDefaultBatchHeader } from './default-record-batch';
import { defaultRecordSizeInBytes, encodeHeaders, type EncodedHeader, writeDefaultRecord } from './default-record';
import { legacyRecordSize, writeLegacyEntry } from './legacy-record';
import type { SimpleRecord } from './record';
import { TimestampType } from './timestamp-type';

export interface BatchOptions {
  /** Default 2. */
  magic?: Magic;
  /** Default NONE. */
  compression?: CompressionType;
  /** Default CREATE_TIME. */
  timestampType?: TimestampType;
  /** Offset of the first record; default 0. */
  baseOffset?: number;
  /** Default -1 (a producer's batch, before a leader stamps it). */
  partitionLeaderEpoch?: number;
  producerId?: number;
  producerEpoch?: number;
  baseSequence?: number;
  isTransactional?: boolean;
  /** The timestamp of records without one (Kafka's producer uses its clock); default -1. */
  now?: number;
  /** With LOG_APPEND_TIME: the broker's append time (default `now`). */
  logAppendTime?: number;
}

interface Prepared {
  /** The record's own offset (`appendWithOffset`), or null to take the next one. */
  readonly offset: number | null;
  readonly key: Uint8Array | null;
  readonly value: Uint8Array | null;
  readonly headers: readonly EncodedHeader[];
  readonly timestamp: number;
}

/** A record appended at an offset of its own (`appendWithOffset`): offsets rise, gaps allowed (a compacted batch). */
export interface OffsetRecord extends SimpleRecord {
  readonly offset: number;
}

function prepare(records: readonly (SimpleRecord | OffsetRecord)[], magic: Magic, now: number): Prepared[] {
  let lastOffset = -1;
  return records.map((r) => {
    const offset = 'offset' in r ? r.offset : null;
    if (offset !== null) {
      if (offset <= lastOffset) throw new IllegalArgumentException(`Illegal offset ${offset} following previous offset ${lastOffset}.`);
      lastOffset = offset;
    }
    const timestamp = r.timestamp ?? now;
    if (timestamp < 0 && timestamp !== NO_TIMESTAMP) throw new IllegalArgumentException(`Invalid negative timestamp ${timestamp}`);
    if (magic < MAGIC_VALUE_V2 && r.headers !== undefined && r.headers.length > 0) {
      throw new IllegalArgumentException(`Magic v${magic} does not support record headers`);
    }
    return { offset, key: r.key, value: r.value, headers: encodeHeaders(r.headers), timestamp };
  });
}

/** A built batch and what `MemoryRecordsBuilder` tells of it afterwards. */
export interface BuiltRecords {
  readonly records: Uint8Array;
  readonly numRecords: number;
  /** `uncompressedBytesWritten`: the batch header and the records before compression. */
  readonly uncompressedBytesWritten: number;
}

/** MemoryRecordsBuilder: one batch holding `records` (empty bytes for no records, as Kafka's builder). */
export function buildRecordBatch(records: readonly SimpleRecord[], options: BatchOptions = {}): Uint8Array {
  return buildBatch(records, options, false);
}

/**
 * buildRecordBatch for records that carry their offsets (the broker converting a batch keeps them,
 * `baseOffset` then being the first record's), with the builder's counts.
 */
export function buildRecords(records: readonly (SimpleRecord | OffsetRecord)[], options: BatchOptions = {}): BuiltRecords {
  return buildBatchWithInfo(records, options, false);
}

/** buildRecordBatch, and control batches for end-transaction markers (end-transaction-marker.ts). */
export function buildBatch(records: readonly SimpleRecord[], options: BatchOptions, isControl: boolean): Uint8Array {
  return buildBatchWithInfo(records, options, isControl).records;
}

function buildBatchWithInfo(records: readonly (SimpleRecord | OffsetRecord)[], options: BatchOptions, isControl: boolean): BuiltRecords {
  const magic = options.magic ?? MAGIC_VALUE_V2;
  const compression = options.compression ?? CompressionType.NONE;
  const timestampType = options.timestampType ?? TimestampType.CREATE_TIME;
  const isTransactional = options.isTransactional ?? false;
  if (magic !== 0 && magic !== 1 && magic !== 2) throw new IllegalArgumentException(`Invalid magic value ${String(magic)}`);
  if (magic > MAGIC_VALUE_V0 && timestampType === TimestampType.NO_TIMESTAMP_TYPE) {
    throw new IllegalArgumentException('TimestampType must be set for magic >= 0');
  }
  if (magic < MAGIC_VALUE_V2) {
    if (isTransactional) throw new IllegalArgumentException(`Transactional records are not supported for magic ${magic}`);
    if (isControl) throw new IllegalArgumentException(`Control records are not supported for magic ${magic}`);
    if (compression === CompressionType.ZSTD) {
      throw new IllegalArgumentException(`ZStandard compression is not supported for magic ${magic}`);
    }
  }
  const now = options.now ?? NO_TIMESTAMP;
  const prepared = prepare(records, magic, now);
  if (prepared.length === 0) return { records: new Uint8Array(0), numRecords: 0, uncompressedBytesWritten: 0 };
  const baseOffset = options.baseOffset ?? 0;
  const logAppendTime = options.logAppendTime ?? now;
  return magic === MAGIC_VALUE_V2
    ? buildDefaultBatch(prepared, options, { compression, timestampType, isTransactional, isControl, baseOffset, logAppendTime })
    : buildLegacy(prepared, magic, compression, timestampType, baseOffset, logAppendTime);
}

interface V2Settings {
  compression: CompressionType;
  timestampType: TimestampType;
  isTransactional: boolean;
  isControl: boolean;
  baseOffset: number;
  logAppendTime: number;
}

function buildDefaultBatch(records: readonly Prepared[], options: BatchOptions, s: V2Settings): BuiltRecords {
  const firstTimestamp = records[0].timestamp;
  const baseOffset = records[0].offset ?? s.baseOffset;
  const deltas = records.map((r, i) => (r.offset === null ? i : r.offset - baseOffset));
  let maxTimestamp = NO_TIMESTAMP;
  let recordsSize = 0;
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (r.timestamp > maxTimestamp) maxTimestamp = r.timestamp;
    recordsSize += defaultRecordSizeInBytes(deltas[i], r.timestamp - firstTimestamp, r.key, r.value, r.headers);
  }
  // Uncompressed records are written straight behind the header; compressed ones into a scratch
  // array whose compressed form then follows the header.
  const compressed = s.compression !== CompressionType.NONE;
  const recordsOut = new Uint8Array((compressed ? 0 : RECORD_BATCH_OVERHEAD) + recordsSize);
  let at = compressed ? 0 : RECORD_BATCH_OVERHEAD;
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    at = writeDefaultRecord(recordsOut, at, deltas[i], r.timestamp - firstTimestamp, r.key, r.value, r.headers);
  }
  let batch = recordsOut;
  if (compressed) {
    const payload = compress(s.compression, recordsOut, MAGIC_VALUE_V2);
    batch = new Uint8Array(RECORD_BATCH_OVERHEAD + payload.length);
    batch.set(payload, RECORD_BATCH_OVERHEAD);
  }
  writeDefaultBatchHeader(batch, batch.length, {
    baseOffset,
    lastOffsetDelta: deltas[deltas.length - 1],
    partitionLeaderEpoch: options.partitionLeaderEpoch ?? NO_PARTITION_LEADER_EPOCH,
    attributes: computeDefaultBatchAttributes(s.compression, s.timestampType, s.isTransactional, s.isControl),
    firstTimestamp,
    maxTimestamp: s.timestampType === TimestampType.LOG_APPEND_TIME ? s.logAppendTime : maxTimestamp,
    producerId: options.producerId ?? NO_PRODUCER_ID,
    producerEpoch: options.producerEpoch ?? NO_PRODUCER_EPOCH,
    baseSequence: options.baseSequence ?? NO_SEQUENCE,
    count: records.length,
  });
  return { records: batch, numRecords: records.length, uncompressedBytesWritten: RECORD_BATCH_OVERHEAD + recordsSize };
}

/**
 * v0/v1: uncompressed, one entry per record with absolute offsets; compressed, the entries (v1
 * with offsets relative to the first) compressed into the value of one wrapper message carrying
 * the last offset and the max timestamp (or the log append time).
 */
function buildLegacy(
  records: readonly Prepared[],
  magic: Magic,
  compression: CompressionType,
  timestampType: TimestampType,
  baseOffset: number,
  logAppendTime: number,
): BuiltRecords {
  const compressed = compression !== CompressionType.NONE;
  const first = records[0].offset ?? baseOffset;
  const offsets = records.map((r, i) => r.offset ?? baseOffset + i);
  let size = 0;
  let maxTimestamp = NO_TIMESTAMP;
  for (const r of records) {
    size += LOG_OVERHEAD + legacyRecordSize(magic, r.key, r.value);
    if (r.timestamp > maxTimestamp) maxTimestamp = r.timestamp;
  }
  const entries = new Uint8Array(size);
  let at = 0;
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    // `toInnerOffset`: v1 inner offsets are relative to the wrapper's first.
    const offset = compressed && magic > MAGIC_VALUE_V0 ? offsets[i] - first : offsets[i];
    const timestamp = timestampType === TimestampType.LOG_APPEND_TIME ? logAppendTime : r.timestamp;
    at = writeLegacyEntry(entries, at, offset, magic, timestamp, r.key, r.value, CompressionType.NONE, timestampType);
  }
  if (!compressed) return { records: entries, numRecords: records.length, uncompressedBytesWritten: size };
  const value = compress(compression, entries, magic);
  const wrapper = new Uint8Array(LOG_OVERHEAD + legacyRecordSize(magic, null, value));
  const wrapperTimestamp = timestampType === TimestampType.LOG_APPEND_TIME ? logAppendTime : maxTimestamp;
  const lastOffset = offsets[offsets.length - 1];
  writeLegacyEntry(wrapper, 0, lastOffset, magic, wrapperTimestamp, null, value, compression, timestampType);
  const wrapperHeaderSize = LOG_OVERHEAD + legacyRecordSize(magic, null, null);
  return { records: wrapper, numRecords: records.length, uncompressedBytesWritten: wrapperHeaderSize + size };
}
