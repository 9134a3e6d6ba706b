/** The record as the log layer sees it, whatever the message format it was stored in. */
import type { TimestampType } from './timestamp-type';

/** `org.apache.kafka.common.header.Header`: a v2 record header (key never null). */
export interface RecordHeader {
  readonly key: string;
  readonly value: Uint8Array | null;
}

/** `SimpleRecord`: what a producer hands over before the batch assigns offsets. */
export interface SimpleRecord {
  readonly key: Uint8Array | null;
  readonly value: Uint8Array | null;
  readonly headers?: readonly RecordHeader[];
  /** Defaults to the builder's `now`. */
  readonly timestamp?: number;
}

/**
 * One decoded record (`org.apache.kafka.common.record.Record`), any magic. Key and value are
 * views into the batch's bytes (or into its decompressed records), as Kafka's ByteBuffer slices.
 */
export interface Record {
  readonly offset: number;
  readonly timestamp: number;
  readonly timestampType: TimestampType;
  readonly key: Uint8Array | null;
  readonly value: Uint8Array | null;
  readonly headers: readonly RecordHeader[];
  /** v2: the record's bytes with its length varint; v0/v1: the message plus its 12-byte log overhead. */
  readonly sizeInBytes: number;
  /** The producer sequence of this record (v2 batches with a base sequence), else -1. */
  readonly sequence: number;
}
