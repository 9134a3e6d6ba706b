/** The Kafka record codec: message formats v0, v1 and v2, their codecs and checksums (no I/O). */
export * from './compression-type';
export * from './timestamp-type';
export * from './constants';
export * from './errors';
export { crc32c, crc32cUpdate } from './crc32c';
export { crc32 } from './crc32';
export { xxhash32 } from './xxhash32';
export * from './varint';
export { compress, decompress } from './compression';
export type { Record, RecordHeader, SimpleRecord } from './record';
export { incrementSequence } from './default-record';
export { RecordBatch, type RecordBatchDescription } from './record-batch';
export { batchesIn, nextBatchSize } from './byte-buffer-log-input-stream';
export { buildRecordBatch, buildRecords, type BatchOptions, type BuiltRecords, type OffsetRecord } from './memory-records-builder';
export { ControlRecordType, controlRecordTypeFromId } from './control-record-type';
export {
  buildControlBatch,
  endTransactionMarkerValue,
  type EndTransactionMarker,
  readControlRecord,
  readEndTransactionMarkerValue,
} from './end-transaction-marker';
export { addConversionStats, downConvert, EMPTY_CONVERSION_STATS, type ConvertedRecords, type RecordConversionStats } from './records-util';
export { LazyDownConversionRecords, LazyDownConversionRecordsSend } from './lazy-down-conversion-records';
