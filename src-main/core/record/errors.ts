/**
 * The exceptions Kafka's record classes throw, with the Java class a broker would print in
 * server.log. The messages are Kafka 2.5's (DefaultRecordBatch, DefaultRecord, LegacyRecord,
 * ByteBufferLogInputStream, FileLogInputStream, ControlRecordType, EndTransactionMarker), so a
 * log line or a produce error reads as it would from a real broker.
 */
import { JavaThrowable } from '../common/java-lang';
import { KafkaException } from '../common/kafka-exception';

/**
 * `org.apache.kafka.common.errors.CorruptRecordException` (error CORRUPT_MESSAGE): a CRC mismatch
 * or a size field that cannot be right. Log recovery truncates at the first batch that throws it.
 */
export class CorruptRecordException extends JavaThrowable {
  override readonly name = 'CorruptRecordException';
  readonly javaClass = 'org.apache.kafka.common.errors.CorruptRecordException';
}

/**
 * `org.apache.kafka.common.InvalidRecordException` (error INVALID_RECORD; in this package since
 * 2.5): a batch whose CRC is fine but whose content does not parse (record sizes that disagree,
 * a negative header count, a record count the bytes do not hold).
 */
export class InvalidRecordException extends JavaThrowable {
  override readonly name = 'InvalidRecordException';
  readonly javaClass = 'org.apache.kafka.common.InvalidRecordException';
}

/** `org.apache.kafka.common.errors.UnsupportedCompressionTypeException` (error UNSUPPORTED_COMPRESSION_TYPE). */
export class UnsupportedCompressionTypeException extends JavaThrowable {
  override readonly name = 'UnsupportedCompressionTypeException';
  readonly javaClass = 'org.apache.kafka.common.errors.UnsupportedCompressionTypeException';
}

/**
 * What Kafka's record iterators throw when a codec fails on the bytes (`new
 * KafkaException("Failed to decompress record stream", ioException)`): a KafkaException, named
 * apart so that callers can tell it from the others.
 */
export class RecordDecompressionException extends KafkaException {
  override readonly name = 'RecordDecompressionException';
}

/**
 * `java.io.IOException` from a codec stream (`KafkaLZ4BlockInputStream`'s "Stream frame
 * descriptor corrupted", a gzip "Not in GZIP format", a snappy "FAILED_TO_UNCOMPRESS"); it is the
 * cause of a RecordDecompressionException.
 */
export class CompressionIOException extends JavaThrowable {
  override readonly name = 'CompressionIOException';
  readonly javaClass = 'java.io.IOException';
}

/** `java.nio.BufferUnderflowException`: a read past the end of the bytes (Kafka wraps it in InvalidRecordException). */
export class BufferUnderflowException extends JavaThrowable {
  override readonly name = 'BufferUnderflowException';
  readonly javaClass = 'java.nio.BufferUnderflowException';
}

/** `java.lang.UnsupportedOperationException`, e.g. setting a partition leader epoch on a v0/v1 batch. */
export class UnsupportedOperationException extends JavaThrowable {
  override readonly name = 'UnsupportedOperationException';
  readonly javaClass = 'java.lang.UnsupportedOperationException';
}
