/**
 * The batches `MemoryRecords.filterTo` writes for the cleaner (Kafka 2.5): a batch whose records
 * all stay is copied as it is; one that lost records is re-built around the ones kept — same base
 * offset, producer id and epoch, base sequence, partition leader epoch, transactional and control
 * flags, compression and timestamp type, each kept record at its own offset (so the batch's last
 * offset becomes the last kept one's); a batch that lost every record but must stay for its
 * producer's state is written as an empty header (`writeEmptyHeader`: no records, its old last
 * offset, no first timestamp, uncompressed).
 */
import {
  CompressionType,
  LOG_OVERHEAD,
  MAGIC_VALUE_V2,
  NO_TIMESTAMP,
  RECORD_BATCH_OVERHEAD,
  TimestampType,
  compress,
  type Record,
  type RecordBatch,
} from '../../record';
import { computeDefaultBatchAttributes, writeDefaultBatchHeader } from '../../record/default-record-batch';
import { defaultRecordSizeInBytes, encodeHeaders, writeDefaultRecord } from '../../record/default-record';
import { legacyRecordSize, writeLegacyEntry } from '../../record/legacy-record';

/** A batch written by the filter, with what `updateRetainedBatchMetadata` records of it. */
export interface RetainedBatch {
  readonly bytes: Uint8Array;
  readonly maxOffset: number;
  readonly maxTimestamp: number;
  readonly shallowOffsetOfMaxTimestamp: number;
  readonly messages: number;
}

/** `buildRetainedRecordsInto`: `records` (a non-empty part of `batch`'s) as one batch of the same kind. */
export function buildRetainedBatch(batch: RecordBatch, records: readonly Record[]): RetainedBatch {
  if (batch.magic < MAGIC_VALUE_V2) return buildRetainedLegacy(batch, records);
  const base = batch.baseOffset;
  const firstTimestamp = records[0].timestamp;
  let maxTimestamp = NO_TIMESTAMP;
  let size = 0;
  const headers = records.map((r) => encodeHeaders(r.headers));
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (r.timestamp > maxTimestamp) maxTimestamp = r.timestamp;
    size += defaultRecordSizeInBytes(r.offset - base, r.timestamp - firstTimestamp, r.key, r.value, headers[i]);
  }
  const compression = batch.compressionType;
  const compressed = compression !== CompressionType.NONE;
  const body = new Uint8Array((compressed ? 0 : RECORD_BATCH_OVERHEAD) + size);
  let at = compressed ? 0 : RECORD_BATCH_OVERHEAD;
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    at = writeDefaultRecord(body, at, r.offset - base, r.timestamp - firstTimestamp, r.key, r.value, headers[i]);
  }
  let out = body;
  if (compressed) {
    const payload = compress(compression, body, MAGIC_VALUE_V2);
    out = new Uint8Array(RECORD_BATCH_OVERHEAD + payload.length);
    out.set(payload, RECORD_BATCH_OVERHEAD);
  }
  const lastOffset = records[records.length - 1].offset;
  const logAppendTime = batch.timestampType === TimestampType.LOG_APPEND_TIME;
  const batchMaxTimestamp = logAppendTime ? batch.maxTimestamp : maxTimestamp;
  writeDefaultBatchHeader(out, out.length, {
    baseOffset: base,
    lastOffsetDelta: lastOffset - base,
    partitionLeaderEpoch: batch.partitionLeaderEpoch,
    attributes: computeDefaultBatchAttributes(compression, batch.timestampType, batch.isTransactional, batch.isControlBatch),
    firstTimestamp,
    maxTimestamp: batchMaxTimestamp,
    producerId: batch.producerId,
    producerEpoch: batch.producerEpoch,
    baseSequence: batch.baseSequence,
    count: records.length,
  });
  return {
    bytes: out,
    maxOffset: lastOffset,
    maxTimestamp: batchMaxTimestamp,
    // MemoryRecordsBuilder.info: a v2 batch's shallow offset of its max timestamp is its last offset.
    shallowOffsetOfMaxTimestamp: lastOffset,
    messages: records.length,
  };
}

/**
 * v0/v1: each kept record as an uncompressed message at its own offset. (Kafka re-compresses a
 * compressed wrapper's kept records into a new wrapper; the records and offsets are the same.)
 */
function buildRetainedLegacy(batch: RecordBatch, records: readonly Record[]): RetainedBatch {
  let size = 0;
  for (const r of records) size += LOG_OVERHEAD + legacyRecordSize(batch.magic, r.key, r.value);
  const out = new Uint8Array(size);
  let at = 0;
  let maxTimestamp = NO_TIMESTAMP;
  let offsetOfMax = -1;
  for (const r of records) {
    at = writeLegacyEntry(out, at, r.offset, batch.magic, r.timestamp, r.key, r.value, CompressionType.NONE, batch.timestampType);
    if (r.timestamp > maxTimestamp) {
      maxTimestamp = r.timestamp;
      offsetOfMax = r.offset;
    }
  }
  return {
    bytes: out,
    maxOffset: records[records.length - 1].offset,
    maxTimestamp,
    shallowOffsetOfMaxTimestamp: offsetOfMax,
    messages: records.length,
  };
}

/** `DefaultRecordBatch.writeEmptyHeader`: the batch with no records, kept for its producer's state. */
export function buildEmptyBatch(batch: RecordBatch): RetainedBatch {
  const out = new Uint8Array(RECORD_BATCH_OVERHEAD);
  writeDefaultBatchHeader(out, out.length, {
    baseOffset: batch.baseOffset,
    lastOffsetDelta: batch.lastOffset - batch.baseOffset,
    partitionLeaderEpoch: batch.partitionLeaderEpoch,
    attributes: computeDefaultBatchAttributes(CompressionType.NONE, batch.timestampType, batch.isTransactional, batch.isControlBatch),
    firstTimestamp: NO_TIMESTAMP,
    maxTimestamp: batch.maxTimestamp,
    producerId: batch.producerId,
    producerEpoch: batch.producerEpoch,
    baseSequence: batch.baseSequence,
    count: 0,
  });
  return {
    bytes: out,
    maxOffset: batch.lastOffset,
    maxTimestamp: batch.maxTimestamp,
    shallowOffsetOfMaxTimestamp: batch.lastOffset,
    messages: 0,
  };
}
