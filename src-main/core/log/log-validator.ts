/**
 * What a log checks in an append before any byte is written (`Log.analyzeAndValidateRecords`) and,
 * for a leader, how offsets, the leader epoch and LogAppendTime are stamped on the batches
 * (`LogValidator.validateMessagesAndAssignOffsets`):
 *
 * - every batch: CRC valid, size ≤ `max.message.bytes`; from a client, a v2 batch starts at offset 0
 *   and its offset range matches its record count;
 * - same codec in and out (`compression.type=producer`, or the topic's codec already used) and magic
 *   2: offsets are assigned in place (`setLastOffset`), the CRC is untouched (it does not cover
 *   them); LogAppendTime rewrites the max timestamp and the CRC;
 * - otherwise (legacy magic 0/1 from an old client, or a topic codec that differs) the records are
 *   rebuilt into one v2 batch with the topic's codec, as Kafka up-converts and recompresses.
 */
import { KafkaApiError } from '../common/kafka-errors';
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import {
  CompressionType,
  InvalidRecordException,
  NO_TIMESTAMP,
  RecordBatch,
  type Record,
  TimestampType,
  batchesIn,
  buildRecordBatch,
  compressionTypeForName,
} from '../record';
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
}

/** `LogValidator.validateMessagesAndAssignOffsets` (see the file comment). `records` is modified in place when possible. */
export function validateMessagesAndAssignOffsets(records: Uint8Array, info: LogAppendInfo, ctx: ValidationContext): ValidationResult {
  const batches = [...batchesIn(records)];
  const timestampType = ctx.config.messageTimestampType === 'LogAppendTime' ? TimestampType.LOG_APPEND_TIME : TimestampType.CREATE_TIME;
  for (const batch of batches) validateBatch(batch, ctx);
  const inPlace = info.sourceCodec === info.targetCodec && batches.every((b) => b.magic === 2);
  if (!inPlace) return convertAndAssignOffsets(batches, info, ctx, timestampType);
  let offset = ctx.offset;
  let maxTimestamp = NO_TIMESTAMP;
  let offsetOfMaxTimestamp = -1;
  for (const batch of batches) {
    const count = batch.countOrNull ?? 0;
    processRecordErrors(
      batch.records().flatMap((record, batchIndex) => validateRecord(record, batchIndex, batch, ctx, timestampType) ?? []),
    );
    const lastOffset = offset + count - 1;
    batch.setLastOffset(lastOffset);
    if (ctx.partitionLeaderEpoch >= 0) batch.setPartitionLeaderEpoch(ctx.partitionLeaderEpoch);
    if (timestampType === TimestampType.LOG_APPEND_TIME) batch.setMaxTimestamp(TimestampType.LOG_APPEND_TIME, ctx.now);
    const batchMax = timestampType === TimestampType.LOG_APPEND_TIME ? ctx.now : batch.maxTimestamp;
    if (batchMax > maxTimestamp) {
      maxTimestamp = batchMax;
      offsetOfMaxTimestamp = lastOffset;
    }
    offset = lastOffset + 1;
  }
  return {
    validatedRecords: records,
    maxTimestamp,
    shallowOffsetOfMaxTimestamp: offsetOfMaxTimestamp,
    logAppendTime: timestampType === TimestampType.LOG_APPEND_TIME ? ctx.now : NO_TIMESTAMP,
  };
}

function validateBatch(batch: RecordBatch, ctx: ValidationContext): void {
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

/** Up-conversion / recompression: the records rebuilt into one v2 batch with the target codec. */
function convertAndAssignOffsets(
  batches: readonly RecordBatch[],
  info: LogAppendInfo,
  ctx: ValidationContext,
  timestampType: TimestampType,
): ValidationResult {
  const first = batches[0];
  const records = batches.flatMap((b) => {
    const batchRecords = b.records();
    processRecordErrors(batchRecords.flatMap((r, batchIndex) => validateRecord(r, batchIndex, b, ctx, timestampType) ?? []));
    return batchRecords.map((r) => ({ key: r.key, value: r.value, headers: r.headers, timestamp: r.timestamp }));
  });
  if (records.length === 0) throw new InvalidRecordException(`Record batch in partition ${tpKey(ctx.topicPartition)} has no records`);
  const isV2 = first.magic >= 2;
  const built = buildRecordBatch(records, {
    magic: 2,
    compression: info.targetCodec,
    timestampType,
    baseOffset: ctx.offset,
    partitionLeaderEpoch: ctx.partitionLeaderEpoch,
    producerId: isV2 ? first.producerId : -1,
    producerEpoch: isV2 ? first.producerEpoch : -1,
    baseSequence: isV2 ? first.baseSequence : -1,
    isTransactional: isV2 ? first.isTransactional : false,
    now: ctx.now,
    logAppendTime: ctx.now,
  });
  const batch = RecordBatch.readAt(built, 0);
  return {
    validatedRecords: built,
    maxTimestamp: batch.maxTimestamp,
    shallowOffsetOfMaxTimestamp: batch.lastOffset,
    logAppendTime: timestampType === TimestampType.LOG_APPEND_TIME ? ctx.now : NO_TIMESTAMP,
  };
}
