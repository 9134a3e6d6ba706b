/**
 * What a log checks in an append before any byte is written (`Log.analyzeAndValidateRecords`) and,
 * for a leader, how offsets, the leader epoch and LogAppendTime are stamped on the batches
 * (`LogValidator.validateMessagesAndAssignOffsets`):
 *
 * - every batch: CRC valid, size ≤ `max.message.bytes`; from a client, a v2 batch starts at offset 0
 *   and its offset range matches its record count;
 * - same codec in and out (`compression.type=producer`, or the topic's codec already used) and the
 *   magic of the topic's `message.format.version`: offsets are assigned in place (`setLastOffset`),
 *   the CRC is untouched (it does not cover them); LogAppendTime rewrites the max timestamp and the CRC;
 * - otherwise (magic 0/1 from an old client on a v2 topic, v2 from a new one on a topic kept at
 *   `0.10.2` or `0.9.0`, or a topic codec that differs) the records are rebuilt in the topic's
 *   format and codec, as Kafka up- or down-converts and recompresses: to v0/v1 no header, no
 *   producer id and no transaction can be kept, and the append fails instead.
 */
import { KafkaApiError } from '../common/kafka-errors';
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import {
  CompressionType,
  InvalidRecordException,
  LOG_OVERHEAD,
  MAGIC_VALUE_V0,
  MAGIC_VALUE_V1,
  MAGIC_VALUE_V2,
  type Magic,
  NO_TIMESTAMP,
  RECORD_BATCH_OVERHEAD,
  RecordBatch,
  type Record,
  type SimpleRecord,
  TimestampType,
  batchesIn,
  buildRecords,
  type BuiltRecords,
  compressionTypeForName,
} from '../record';
import { legacyRecordSize } from '../record/legacy-record';
import { EMPTY_CONVERSION_STATS, type RecordConversionStats } from '../record/records-util';
import type { LogConfig } from './log-config';
import { RecordValidationException, type RecordError } from './record-validation-exception';

/** What Kafka learns of an append (`LogAppendInfo`). */
export interface LogAppendInfo {
  /** First offset of the append (the first batch's base offset); null for legacy data of a follower. */
  firstOffset: number | null;
  lastOffset: number;
  maxTimestamp: number;
  offsetOfMaxTimestamp: number;
  /** LogAppendTime stamped on the batches, or −1. */
  logAppendTime: number;
  logStartOffset: number;
  sourceCodec: CompressionType;
  targetCodec: CompressionType;
  shallowCount: number;
  validBytes: number;
  offsetsMonotonic: boolean;
  lastOffsetOfFirstBatch: number;
  /** Records in the append (v2 counts; legacy messages counted one by one). */
  numMessages: number;
  /** What validation spent converting the records (none for a follower's append). */
  recordConversionStats: RecordConversionStats;
}

/** `Log.analyzeAndValidateRecords`: walks the batches, checking each; the valid prefix is `validBytes`. */
export function analyzeAndValidateRecords(
  tp: TopicPartition,
  records: Uint8Array,
  config: LogConfig,
  isFromClient: boolean,
): LogAppendInfo {
  let shallowCount = 0;
  let validBytes = 0;
  let firstOffset: number | null = null;
  let lastOffset = -1;
  let sourceCodec = CompressionType.NONE;
  let monotonic = true;
  let maxTimestamp = NO_TIMESTAMP;
  let offsetOfMaxTimestamp = -1;
  let readFirstMessage = false;
  let lastOffsetOfFirstBatch = -1;
  let numMessages = 0;
  for (const batch of batchesIn(records)) {
    if (isFromClient && batch.magic >= 2 && shallowCount === 0 && batch.baseOffset !== 0) {
      throw new KafkaApiError(
        'INVALID_RECORD',
        `The baseOffset of the record batch in the append to ${tpKey(tp)} should be 0, but it is ${batch.baseOffset}`,
      );
    }
    if (!readFirstMessage) {
      if (batch.magic >= 2) firstOffset = batch.baseOffset;
      lastOffsetOfFirstBatch = batch.lastOffset;
      readFirstMessage = true;
    }
    if (lastOffset >= batch.lastOffset) monotonic = false;
    lastOffset = batch.lastOffset;
    const batchSize = batch.sizeInBytes;
    if (batchSize > config.maxMessageSize) {
      throw new KafkaApiError(
        'MESSAGE_TOO_LARGE',
        `The record batch size in the append to ${tpKey(tp)} is ${batchSize} bytes which exceeds the maximum configured value of ${config.maxMessageSize}.`,
      );
    }
    batch.ensureValid();
    if (batch.maxTimestamp > maxTimestamp) {
      maxTimestamp = batch.maxTimestamp;
      offsetOfMaxTimestamp = lastOffset;
    }
    shallowCount++;
    validBytes += batchSize;
    numMessages += batch.countOrNull ?? batch.records().length;
    if (batch.compressionType !== CompressionType.NONE) sourceCodec = batch.compressionType;
  }
  return {
    firstOffset,
    lastOffset,
    maxTimestamp,
    offsetOfMaxTimestamp,
    logAppendTime: NO_TIMESTAMP,
    logStartOffset: -1,
    sourceCodec,
    targetCodec: targetCompressionCodec(config.compressionType, sourceCodec),
    shallowCount,
    validBytes,
    offsetsMonotonic: monotonic,
    lastOffsetOfFirstBatch,
    numMessages,
    recordConversionStats: EMPTY_CONVERSION_STATS,
  };
}

/** `BrokerCompressionCodec.getTargetCompressionCodec`: `producer` keeps the producer's codec. */
export function targetCompressionCodec(topicCompressionType: string, sourceCodec: CompressionType): CompressionType {
  if (topicCompressionType === 'producer') return sourceCodec;
  if (topicCompressionType === 'uncompressed') return CompressionType.NONE;
  return compressionTypeForName(topicCompressionType);
}

export interface ValidationContext {
  readonly topicPartition: TopicPartition;
  readonly config: LogConfig;
  /** The first offset to assign. */
  readonly offset: number;
  readonly now: number;
  readonly partitionLeaderEpoch: number;
  readonly isFromClient: boolean;
}

export interface ValidationResult {
  readonly validatedRecords: Uint8Array;
  readonly maxTimestamp: number;
  readonly shallowOffsetOfMaxTimestamp: number;
  readonly logAppendTime: number;
  /** What converting or recompressing cost (KafkaApis counts it in the conversion metrics). */
  readonly recordConversionStats: RecordConversionStats;
}

/** What the three ways of `validateMessagesAndAssignOffsets` share. */
interface Validation {
  readonly ctx: ValidationContext;
  readonly timestampType: TimestampType;
  /** The topic's `message.format.version` as a magic: what the log stores. */
  readonly toMagic: Magic;
  readonly nowMs: () => number;
}

/**
 * `LogValidator.validateMessagesAndAssignOffsets`: uncompressed batches are converted to the
 * topic's message format if any is in another, else stamped in place; compressed ones are stamped
 * in place only when codec, magic (not v0) and inner offsets allow, else rebuilt. `records` is
 * modified in place when possible. `nowMs` times a conversion.
 */
export function validateMessagesAndAssignOffsets(
  records: Uint8Array,
  info: LogAppendInfo,
  ctx: ValidationContext,
  nowMs: () => number = () => ctx.now,
): ValidationResult {
  const batches = [...batchesIn(records)];
  const v: Validation = {
    ctx,
    timestampType: ctx.config.messageTimestampType === 'LogAppendTime' ? TimestampType.LOG_APPEND_TIME : TimestampType.CREATE_TIME,
    toMagic: ctx.config.messageFormatVersion.recordVersion,
    nowMs,
  };
  if (info.sourceCodec === CompressionType.NONE && info.targetCodec === CompressionType.NONE) {
    if (!batches.every((b) => b.magic === v.toMagic)) return convertAndAssignOffsetsNonCompressed(records, batches, v);
    return assignOffsetsNonCompressed(records, batches, v);
  }
  return validateMessagesAndAssignOffsetsCompressed(records, batches, info, v);
}

/** `getFirstBatchAndMaybeValidateNoMoreBatches`: v2 or compressed data must be one batch. */
function firstBatchOf(batches: readonly RecordBatch[], sourceCodec: CompressionType): RecordBatch {
  if (batches.length === 0) throw new InvalidRecordException('Record batch has no batches at all');
  const first = batches[0];
  if ((first.magic >= MAGIC_VALUE_V2 || sourceCodec !== CompressionType.NONE) && batches.length > 1) {
    throw new InvalidRecordException('Compressed outer record has more than one batch');
  }
  return first;
}

function validatedRecordsOf(batch: RecordBatch, v: Validation): Record[] {
  const records = batch.records();
  processRecordErrors(records.flatMap((record, batchIndex) => validateRecord(record, batchIndex, batch, v.ctx, v.timestampType) ?? []));
  return records;
}

/** `convertAndAssignOffsetsNonCompressed`: every record rebuilt, uncompressed, in the topic's format. */
function convertAndAssignOffsetsNonCompressed(records: Uint8Array, batches: readonly RecordBatch[], v: Validation): ValidationResult {
  const startMs = v.nowMs();
  const first = firstBatchOf(batches, CompressionType.NONE);
  const converted: SimpleRecord[] = [];
  for (const batch of batches) {
    validateBatch(first, batch, v.ctx, v.toMagic);
    for (const r of validatedRecordsOf(batch, v)) converted.push(r);
  }
  if (converted.length === 0) throw new InvalidRecordException(`Record batch in partition ${tpKey(v.ctx.topicPartition)} has no records`);
  const built = rebuild(converted, CompressionType.NONE, first, v);
  return {
    ...builtInfo(built.records, v),
    recordConversionStats: {
      temporaryMemoryBytes: built.uncompressedBytesWritten,
      numRecordsConverted: built.numRecords,
      conversionTimeMs: v.nowMs() - startMs,
    },
  };
}

/** `assignOffsetsNonCompressed`: offsets, leader epoch and timestamps written into the batches as they are. */
function assignOffsetsNonCompressed(records: Uint8Array, batches: readonly RecordBatch[], v: Validation): ValidationResult {
  const { ctx, timestampType } = v;
  const first = firstBatchOf(batches, CompressionType.NONE);
  let offset = ctx.offset;
  let maxTimestamp = NO_TIMESTAMP;
  let offsetOfMaxTimestamp = -1;
  for (const batch of batches) {
    validateBatch(first, batch, ctx, v.toMagic);
    let maxBatchTimestamp = NO_TIMESTAMP;
    let offsetOfMaxBatchTimestamp = -1;
    for (const record of validatedRecordsOf(batch, v)) {
      if (batch.magic > MAGIC_VALUE_V0 && record.timestamp > maxBatchTimestamp) {
        maxBatchTimestamp = record.timestamp;
        offsetOfMaxBatchTimestamp = offset;
      }
      offset++;
    }
    if (batch.magic > MAGIC_VALUE_V0 && maxBatchTimestamp > maxTimestamp) {
      maxTimestamp = maxBatchTimestamp;
      offsetOfMaxTimestamp = offsetOfMaxBatchTimestamp;
    }
    batch.setLastOffset(offset - 1);
    if (batch.magic >= MAGIC_VALUE_V2 && ctx.partitionLeaderEpoch >= 0) batch.setPartitionLeaderEpoch(ctx.partitionLeaderEpoch);
    if (batch.magic > MAGIC_VALUE_V0) {
      if (timestampType === TimestampType.LOG_APPEND_TIME) batch.setMaxTimestamp(TimestampType.LOG_APPEND_TIME, ctx.now);
      else batch.setMaxTimestamp(timestampType, maxBatchTimestamp);
    }
  }
  if (timestampType === TimestampType.LOG_APPEND_TIME) {
    maxTimestamp = ctx.now;
    offsetOfMaxTimestamp = v.toMagic >= MAGIC_VALUE_V2 ? offset - 1 : ctx.offset;
  }
  return {
    validatedRecords: records,
    maxTimestamp,
    shallowOffsetOfMaxTimestamp: offsetOfMaxTimestamp,
    logAppendTime: timestampType === TimestampType.LOG_APPEND_TIME ? ctx.now : NO_TIMESTAMP,
    recordConversionStats: EMPTY_CONVERSION_STATS,
  };
}

/**
 * `validateMessagesAndAssignOffsetsCompressed`: in place when the codec stays, the batch is already
 * in the topic's format (not v0, whose offsets are absolute) and its inner offsets run 0, 1, 2 …;
 * otherwise rebuilt (and recompressed) in the topic's format and codec.
 */
function validateMessagesAndAssignOffsetsCompressed(
  records: Uint8Array,
  batches: readonly RecordBatch[],
  info: LogAppendInfo,
  v: Validation,
): ValidationResult {
  const { ctx, timestampType, toMagic } = v;
  let inPlaceAssignment = info.sourceCodec === info.targetCodec;
  const first = firstBatchOf(batches, info.sourceCodec);
  if (first.magic !== toMagic || toMagic === MAGIC_VALUE_V0) inPlaceAssignment = false;
  // Control records are not compressed unless they were written so.
  if (info.sourceCodec === CompressionType.NONE && first.isControlBatch) inPlaceAssignment = true;
  let maxTimestamp = NO_TIMESTAMP;
  let expectedInnerOffset = 0;
  let uncompressedSizeInBytes = 0;
  const validated: Record[] = [];
  for (const batch of batches) {
    validateBatch(first, batch, ctx, toMagic);
    uncompressedSizeInBytes += recordBatchHeaderSizeInBytes(toMagic, batch.compressionType);
    for (const record of validatedRecordsOf(batch, v)) {
      const expectedOffset = expectedInnerOffset++;
      if (batch.magic > MAGIC_VALUE_V0 && toMagic > MAGIC_VALUE_V0) {
        if (record.timestamp > maxTimestamp) maxTimestamp = record.timestamp;
        // Some old clients number v1 inner messages wrongly; the broker has always rewritten them rather than refuse.
        if (record.offset !== expectedOffset) inPlaceAssignment = false;
      }
      uncompressedSizeInBytes += record.sizeInBytes;
      validated.push(record);
    }
  }
  if (!inPlaceAssignment) {
    const startMs = v.nowMs();
    const built = rebuild(validated, info.targetCodec, first, v);
    return {
      ...builtInfo(built.records, v),
      // As 2.5 counts it: every record rebuilt, recompression included.
      recordConversionStats: {
        temporaryMemoryBytes: uncompressedSizeInBytes + built.uncompressedBytesWritten,
        numRecordsConverted: built.numRecords,
        conversionTimeMs: v.nowMs() - startMs,
      },
    };
  }
  const lastOffset = ctx.offset + validated.length - 1;
  first.setLastOffset(lastOffset);
  if (timestampType === TimestampType.LOG_APPEND_TIME) maxTimestamp = ctx.now;
  if (toMagic >= MAGIC_VALUE_V1) first.setMaxTimestamp(timestampType, maxTimestamp);
  if (toMagic >= MAGIC_VALUE_V2 && ctx.partitionLeaderEpoch >= 0) first.setPartitionLeaderEpoch(ctx.partitionLeaderEpoch);
  return {
    validatedRecords: records,
    maxTimestamp,
    shallowOffsetOfMaxTimestamp: lastOffset,
    logAppendTime: timestampType === TimestampType.LOG_APPEND_TIME ? ctx.now : NO_TIMESTAMP,
    recordConversionStats: { temporaryMemoryBytes: uncompressedSizeInBytes, numRecordsConverted: 0, conversionTimeMs: 0 },
  };
}

/** `AbstractRecords.recordBatchHeaderSizeInBytes`. */
function recordBatchHeaderSizeInBytes(magic: Magic, compression: CompressionType): number {
  if (magic > MAGIC_VALUE_V1) return RECORD_BATCH_OVERHEAD;
  if (compression !== CompressionType.NONE) return LOG_OVERHEAD + legacyRecordSize(magic, null, null);
  return 0;
}

/**
 * `buildRecordsAndAssignOffsets`: the records (headers too: a v0/v1 target refuses them, "Magic v1
 * does not support record headers") in the topic's format and `compression`, offsets from the log end.
 */
function rebuild(records: readonly SimpleRecord[], compression: CompressionType, first: RecordBatch, v: Validation): BuiltRecords {
  return buildRecords(
    records.map((r) => ({ key: r.key, value: r.value, headers: r.headers, timestamp: r.timestamp })),
    {
      magic: v.toMagic,
      compression,
      timestampType: v.timestampType,
      baseOffset: v.ctx.offset,
      partitionLeaderEpoch: v.ctx.partitionLeaderEpoch,
      producerId: first.producerId,
      producerEpoch: first.producerEpoch,
      baseSequence: first.baseSequence,
      isTransactional: first.isTransactional,
      now: v.ctx.now,
      logAppendTime: v.ctx.now,
    },
  );
}

/**
 * `MemoryRecordsBuilder.info` of what `rebuild` made: the max timestamp and the offset it is
 * indexed at — the batch's last offset, but for uncompressed v0/v1 the record's own.
 */
function builtInfo(built: Uint8Array, v: Validation): Omit<ValidationResult, 'recordConversionStats'> {
  const logAppendTime = v.timestampType === TimestampType.LOG_APPEND_TIME ? v.ctx.now : NO_TIMESTAMP;
  const batches = [...batchesIn(built)];
  const lastOffset = batches[batches.length - 1].lastOffset;
  const perRecord = batches[0].magic < MAGIC_VALUE_V2 && batches[0].compressionType === CompressionType.NONE;
  if (logAppendTime !== NO_TIMESTAMP) {
    return {
      validatedRecords: built,
      maxTimestamp: logAppendTime,
      shallowOffsetOfMaxTimestamp: perRecord ? batches[0].baseOffset : lastOffset,
      logAppendTime,
    };
  }
  let maxTimestamp = NO_TIMESTAMP;
  let offsetOfMaxTimestamp = -1;
  for (const batch of batches) {
    if (batch.maxTimestamp > maxTimestamp) {
      maxTimestamp = batch.maxTimestamp;
      offsetOfMaxTimestamp = batch.lastOffset;
    }
  }
  return {
    validatedRecords: built,
    maxTimestamp,
    shallowOffsetOfMaxTimestamp: maxTimestamp === NO_TIMESTAMP || !perRecord ? lastOffset : offsetOfMaxTimestamp,
    logAppendTime,
  };
}

function validateBatch(first: RecordBatch, batch: RecordBatch, ctx: ValidationContext, toMagic: Magic): void {
  const tp = tpKey(ctx.topicPartition);
  if (first.magic !== batch.magic) {
    throw new InvalidRecordException(
      `Batch magic ${batch.magic} is not the same as the first batch'es magic byte ${first.magic} in topic partition ${tp}.`,
    );
  }
  validateClientBatch(batch, ctx);
  if (batch.isTransactional && toMagic < MAGIC_VALUE_V2) {
    throw new KafkaApiError(
      'UNSUPPORTED_FOR_MESSAGE_FORMAT',
      `Transactional records cannot be used with magic version ${toMagic}`,
      'UnsupportedForMessageFormatException',
    );
  }
  if (batch.producerId >= 0 && toMagic < MAGIC_VALUE_V2) {
    throw new KafkaApiError(
      'UNSUPPORTED_FOR_MESSAGE_FORMAT',
      `Idempotent records cannot be used with magic version ${toMagic}`,
      'UnsupportedForMessageFormatException',
    );
  }
}

/** `validateBatch`'s checks of a client's batch. */
function validateClientBatch(batch: RecordBatch, ctx: ValidationContext): void {
  if (!ctx.isFromClient) return;
  const tp = tpKey(ctx.topicPartition);
  if (batch.magic >= 2) {
    const countFromOffsets = batch.lastOffset - batch.baseOffset + 1;
    if (countFromOffsets <= 0) {
      throw new KafkaApiError(
        'INVALID_RECORD',
        `Batch has an invalid offset range: [${batch.baseOffset}, ${batch.lastOffset}] in topic partition ${tp}.`,
      );
    }
    const count = batch.countOrNull ?? 0;
    if (count <= 0)
      throw new KafkaApiError('INVALID_RECORD', `Invalid reported count for record batch: ${count} in topic partition ${tp}.`);
    if (countFromOffsets !== count) {
      throw new KafkaApiError(
        'INVALID_RECORD',
        `Inconsistent batch offset range [${batch.baseOffset}, ${batch.lastOffset}] and count of records ${count} in topic partition ${tp}.`,
      );
    }
  }
  if (batch.isControlBatch) {
    throw new KafkaApiError('INVALID_RECORD', `Clients are not allowed to write control records in topic partition ${tp}.`);
  }
  if (batch.producerId >= 0 && batch.baseSequence < 0) {
    throw new KafkaApiError(
      'INVALID_RECORD',
      `Invalid sequence number ${batch.baseSequence} in record batch with producerId ${batch.producerId} in topic partition ${tp}.`,
    );
  }
}

/** `LogValidator.ApiRecordError`: one rejected record, and the error it makes the whole batch fail with. */
interface ApiRecordError {
  readonly error: 'INVALID_RECORD' | 'INVALID_TIMESTAMP';
  readonly recordError: RecordError;
}

/** `LogValidator.validateKey`, then `validateTimestamp`: the first problem of one record, if any. */
function validateRecord(
  record: Record,
  batchIndex: number,
  batch: RecordBatch,
  ctx: ValidationContext,
  timestampType: TimestampType,
): ApiRecordError | null {
  if (ctx.config.compact && record.key === null) {
    return {
      error: 'INVALID_RECORD',
      recordError: {
        batchIndex,
        message: `Compacted topic cannot accept message without key in topic partition ${tpKey(ctx.topicPartition)}.`,
      },
    };
  }
  const maxDiff = ctx.config.messageTimestampDifferenceMaxMs;
  if (timestampType === TimestampType.CREATE_TIME && record.timestamp !== NO_TIMESTAMP && Math.abs(record.timestamp - ctx.now) > maxDiff) {
    const message = `Timestamp ${record.timestamp} of message with offset ${record.offset} is out of range. The timestamp should be within [${ctx.now - maxDiff}, ${ctx.now + maxDiff}]`;
    return { error: 'INVALID_TIMESTAMP', recordError: { batchIndex, message } };
  }
  if (batch.timestampType === TimestampType.LOG_APPEND_TIME) {
    const message = `Invalid timestamp type in message ${recordString(record, batch)}. Producer should not set timestamp type to LogAppendTime.`;
    return { error: 'INVALID_TIMESTAMP', recordError: { batchIndex, message } };
  }
  return null;
}

/** `DefaultRecord.toString()`; a legacy record prints as its message (the batch's wrapper text without the offset). */
function recordString(record: Record, batch: RecordBatch): string {
  if (batch.magic >= 2)
    return `DefaultRecord(offset=${record.offset}, timestamp=${record.timestamp}, key=${record.key?.length ?? 0} bytes, value=${record.value?.length ?? 0} bytes)`;
  return batch.toString().replace(/^LegacyRecordBatch\(offset=-?\d+, (.*)\)$/, '$1');
}

/**
 * `LogValidator.processRecordErrors`: a batch with any rejected record fails whole, with every
 * rejected record listed; INVALID_TIMESTAMP if any of them has a bad timestamp.
 */
function processRecordErrors(recordErrors: readonly ApiRecordError[]): void {
  if (recordErrors.length === 0) return;
  const errors = recordErrors.map((e) => e.recordError);
  if (recordErrors.some((e) => e.error === 'INVALID_TIMESTAMP')) {
    throw new RecordValidationException(
      new KafkaApiError('INVALID_TIMESTAMP', 'One or more records have been rejected due to invalid timestamp'),
      errors,
    );
  }
  throw new RecordValidationException(new KafkaApiError('INVALID_RECORD', 'One or more records have been rejected'), errors);
}
