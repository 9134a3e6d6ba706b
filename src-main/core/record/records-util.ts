/**
 * Kafka's `RecordsUtil.downConvert`: batches rewritten in an older message format for a client
 * (or follower) that cannot read the one they are stored in.
 *
 * - to v0/v1: control batches are dropped (v0/v1 have no transaction markers), and so is every
 *   header and the producer id, epoch and sequence; a zstd batch cannot be converted
 *   (UnsupportedCompressionTypeException);
 * - a batch already at or below the target magic is copied as it is;
 * - each other batch is rebuilt with its own codec (a compressed batch is recompressed), timestamp
 *   type (LogAppendTime keeps the batch's time) and offsets; an uncompressed batch converted to
 *   v0/v1 loses its records before `firstOffset`, because every v0/v1 uncompressed record is a batch
 *   of its own and some clients (librdkafka) rely on getting none before the offset they asked for.
 *
 * The counts are Kafka's `RecordConversionStats`: the temporary memory is every source batch's
 * size plus what each rebuilt batch wrote before compression.
 */
import { CompressionType } from './compression-type';
import { MAGIC_VALUE_V1, MAGIC_VALUE_V2, type Magic } from './constants';
import { UnsupportedCompressionTypeException } from './errors';
import { buildRecords, type OffsetRecord } from './memory-records-builder';
import type { RecordBatch } from './record-batch';
import { TimestampType } from './timestamp-type';

/** `RecordConversionStats`, with the time in ms of the clock the converter is given. */
export interface RecordConversionStats {
  readonly temporaryMemoryBytes: number;
  readonly numRecordsConverted: number;
  readonly conversionTimeMs: number;
}

export const EMPTY_CONVERSION_STATS: RecordConversionStats = Object.freeze({
  temporaryMemoryBytes: 0,
  numRecordsConverted: 0,
  conversionTimeMs: 0,
});

/** `RecordConversionStats.add`. */
export function addConversionStats(a: RecordConversionStats, b: RecordConversionStats): RecordConversionStats {
  return {
    temporaryMemoryBytes: a.temporaryMemoryBytes + b.temporaryMemoryBytes,
    numRecordsConverted: a.numRecordsConverted + b.numRecordsConverted,
    conversionTimeMs: a.conversionTimeMs + b.conversionTimeMs,
  };
}

/** `ConvertedRecords`: the converted bytes and what converting them cost. */
export interface ConvertedRecords {
  readonly records: Uint8Array;
  readonly recordConversionStats: RecordConversionStats;
}

/** `RecordsUtil.downConvert` (see the file comment). `nowMs` times the conversion. */
export function downConvert(batches: Iterable<RecordBatch>, toMagic: Magic, firstOffset: number, nowMs: () => number): ConvertedRecords {
  const startMs = nowMs();
  const parts: Uint8Array[] = [];
  let temporaryMemoryBytes = 0;
  let numRecordsConverted = 0;
  for (const batch of batches) {
    if (toMagic < MAGIC_VALUE_V2) {
      if (batch.isControlBatch) continue;
      if (batch.compressionType === CompressionType.ZSTD) {
        throw new UnsupportedCompressionTypeException('Down-conversion of zstandard-compressed batches is not supported');
      }
    }
    if (batch.magic <= toMagic) {
      temporaryMemoryBytes += batch.sizeInBytes;
      parts.push(batch.buffer.subarray(batch.position, batch.position + batch.sizeInBytes));
      continue;
    }
    const compressed = batch.compressionType !== CompressionType.NONE;
    const records: OffsetRecord[] = [];
    for (const r of batch.records()) {
      if (toMagic > MAGIC_VALUE_V1 || compressed || r.offset >= firstOffset) {
        // Headers are left behind: v0 and v1 have none.
        records.push({ offset: r.offset, timestamp: r.timestamp, key: r.key, value: r.value });
      }
    }
    if (records.length === 0) continue;
    const timestampType = batch.timestampType;
    const built = buildRecords(records, {
      magic: toMagic,
      compression: batch.compressionType,
      timestampType,
      baseOffset: records[0].offset,
      logAppendTime: timestampType === TimestampType.LOG_APPEND_TIME ? batch.maxTimestamp : -1,
    });
    temporaryMemoryBytes += batch.sizeInBytes + built.uncompressedBytesWritten;
    numRecordsConverted += built.numRecords;
    parts.push(built.records);
  }
  return {
    records: concatBytes(parts),
    recordConversionStats: { temporaryMemoryBytes, numRecordsConverted, conversionTimeMs: nowMs() - startMs },
  };
}

function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
