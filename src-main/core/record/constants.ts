/**
 * The sizes and sentinels of Kafka's record formats (`Records`, `RecordBatch`, `LegacyRecord`,
 * `DefaultRecordBatch`), in one place because both formats and the log layer use them.
 */

/** `Records.LOG_OVERHEAD`: every batch and legacy entry starts with int64 offset + int32 size. */
export const LOG_OVERHEAD = 12;
/** `Records.OFFSET_OFFSET` / `SIZE_OFFSET`: where those two fields are. */
export const OFFSET_OFFSET = 0;
export const SIZE_OFFSET = 8;
/** `Records.MAGIC_OFFSET`: the magic byte is at the same place in every format (legacy: after the crc). */
export const MAGIC_OFFSET = 16;
/** `Records.HEADER_SIZE_UP_TO_MAGIC`: bytes needed before a reader knows which format it has. */
export const HEADER_SIZE_UP_TO_MAGIC = MAGIC_OFFSET + 1;

/** `DefaultRecordBatch.RECORD_BATCH_OVERHEAD`: the v2 header, up to and including recordsCount. */
export const RECORD_BATCH_OVERHEAD = 61;

/** `LegacyRecord.RECORD_OVERHEAD_V0` / `_V1`: crc, magic, attributes, [timestamp], key and value lengths. */
export const RECORD_OVERHEAD_V0 = 14;
export const RECORD_OVERHEAD_V1 = 22;

export const MAGIC_VALUE_V0 = 0;
export const MAGIC_VALUE_V1 = 1;
export const MAGIC_VALUE_V2 = 2;
/** `RecordBatch.CURRENT_MAGIC_VALUE`. */
export const CURRENT_MAGIC_VALUE = MAGIC_VALUE_V2;

/** `RecordBatch.NO_*`: what a batch carries when it has no producer, sequence, epoch or timestamp. */
export const NO_PRODUCER_ID = -1;
export const NO_PRODUCER_EPOCH = -1;
export const NO_SEQUENCE = -1;
export const NO_PARTITION_LEADER_EPOCH = -1;
export const NO_TIMESTAMP = -1;

export type Magic = 0 | 1 | 2;
