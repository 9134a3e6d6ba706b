/**
 * Kafka's `DefaultRecord`: one record inside a v2 batch (the layout in its class comment,
 * clients/src/main/java/org/apache/kafka/common/record/DefaultRecord.java). Everything but the attributes
 * byte is a varint, and offsets and timestamps are deltas from the batch header.
 */
import { IllegalArgumentException } from '../common/java-lang';
import { ByteCursor } from './byte-cursor';
import { NO_SEQUENCE } from './constants';
import { BufferUnderflowException, InvalidRecordException } from './errors';
import type { Record, RecordHeader } from './record';
import type { TimestampType } from './timestamp-type';
import { readVarint, readVarlong, sizeOfVarint, sizeOfVarlong, writeVarint, writeVarlong } from './varint';

const UTF8_ENCODER = new TextEncoder();
const UTF8_DECODER = new TextDecoder();
const EMPTY_HEADERS: readonly RecordHeader[] = Object.freeze([]);

/** A header with its key already UTF-8 encoded (sizing and writing both need the bytes). */
export interface EncodedHeader {
  readonly keyBytes: Uint8Array;
  readonly value: Uint8Array | null;
}

export function encodeHeaders(headers: readonly RecordHeader[] | undefined): readonly EncodedHeader[] {
  if (headers === undefined || headers.length === 0) return [];
  return headers.map((h) => {
    if (h.key === null || h.key === undefined) throw new IllegalArgumentException('Invalid null header key found in headers');
    return { keyBytes: UTF8_ENCODER.encode(h.key), value: h.value };
  });
}

function sizeOfBytes(bytes: Uint8Array | null): number {
  return bytes === null ? 1 : sizeOfVarint(bytes.length) + bytes.length;
}

/** `DefaultRecord.sizeOfBodyInBytes`: the record without its length varint. */
export function sizeOfBodyInBytes(
  offsetDelta: number,
  timestampDelta: number,
  key: Uint8Array | null,
  value: Uint8Array | null,
  headers: readonly EncodedHeader[],
): number {
  let size = 1 + sizeOfVarlong(timestampDelta) + sizeOfVarint(offsetDelta) + sizeOfBytes(key) + sizeOfBytes(value);
  size += sizeOfVarint(headers.length);
  for (const h of headers) size += sizeOfVarint(h.keyBytes.length) + h.keyBytes.length + sizeOfBytes(h.value);
  return size;
}

/** `DefaultRecord.sizeInBytes`: the whole record, length varint included. */
export function defaultRecordSizeInBytes(
  offsetDelta: number,
  timestampDelta: number,
  key: Uint8Array | null,
  value: Uint8Array | null,
  headers: readonly EncodedHeader[],
): number {
  const body = sizeOfBodyInBytes(offsetDelta, timestampDelta, key, value, headers);
  return sizeOfVarint(body) + body;
}

function writeBytes(bytes: Uint8Array | null, out: Uint8Array, pos: number): number {
  if (bytes === null) return writeVarint(-1, out, pos);
  pos = writeVarint(bytes.length, out, pos);
  out.set(bytes, pos);
  return pos + bytes.length;
}

/** `DefaultRecord.writeTo`: writes the record at `pos` (room must be there); returns the position after it. */
export function writeDefaultRecord(
  out: Uint8Array,
  pos: number,
  offsetDelta: number,
  timestampDelta: number,
  key: Uint8Array | null,
  value: Uint8Array | null,
  headers: readonly EncodedHeader[],
): number {
  pos = writeVarint(sizeOfBodyInBytes(offsetDelta, timestampDelta, key, value, headers), out, pos);
  out[pos++] = 0; // attributes: unused
  pos = writeVarlong(timestampDelta, out, pos);
  pos = writeVarint(offsetDelta, out, pos);
  pos = writeBytes(key, out, pos);
  pos = writeBytes(value, out, pos);
  pos = writeVarint(headers.length, out, pos);
  for (const h of headers) {
    pos = writeBytes(h.keyBytes, out, pos);
    pos = writeBytes(h.value, out, pos);
  }
  return pos;
}

/** `DefaultRecordBatch.incrementSequence`: sequences wrap from Integer.MAX_VALUE to 0. */
export function incrementSequence(sequence: number, increment: number): number {
  if (sequence > 2147483647 - increment) return increment - (2147483647 - sequence) - 1;
  return sequence + increment;
}

function readNullableBytes(c: ByteCursor): Uint8Array | null {
  const size = readVarint(c);
  return size < 0 ? null : c.bytes(size);
}

function readHeaders(c: ByteCursor, count: number): RecordHeader[] {
  const headers: RecordHeader[] = [];
  for (let i = 0; i < count; i++) {
    const keySize = readVarint(c);
    if (keySize < 0) throw new InvalidRecordException(`Invalid negative header key size ${keySize}`);
    const key = UTF8_DECODER.decode(c.bytes(keySize));
    headers.push({ key, value: readNullableBytes(c) });
  }
  return headers;
}

/** The batch fields every record of a v2 batch is decoded against. */
export interface RecordContext {
  readonly baseOffset: number;
  readonly firstTimestamp: number;
  readonly baseSequence: number;
  /** The batch's maxTimestamp when it is LogAppendTime: then every record has that timestamp. */
  readonly logAppendTime: number | null;
  readonly timestampType: TimestampType;
}

/**
 * `DefaultRecord.readFrom`: reads one record at the cursor and moves past it. Running out of bytes
 * before the record's length is known throws BufferUnderflowException, which the batch turns into
 * "premature EOF"; `streamed` (records decompressed from a stream, Kafka's DataInput variant)
 * treats a record longer than what is left the same way.
 */
export function readDefaultRecord(c: ByteCursor, ctx: RecordContext, streamed = false): Record {
  const sizeOfBody = readVarint(c);
  if (c.remaining < sizeOfBody) {
    if (streamed) throw new BufferUnderflowException();
    throw new InvalidRecordException(
      `Invalid record size: expected ${sizeOfBody} bytes in record payload, but instead the buffer has only ${c.remaining} remaining bytes.`,
    );
  }
  const sizeInBytes = sizeOfVarint(sizeOfBody) + sizeOfBody;
  try {
    const recordStart = c.position;
    c.int8(); // attributes: unused
    const timestampDelta = readVarlong(c);
    const timestamp = ctx.logAppendTime ?? ctx.firstTimestamp + timestampDelta;
    const offsetDelta = readVarint(c);
    const key = readNullableBytes(c);
    const value = readNullableBytes(c);
    const headerCount = readVarint(c);
    if (headerCount < 0) throw new InvalidRecordException(`Found invalid number of record headers ${headerCount}`);
    const headers = headerCount === 0 ? EMPTY_HEADERS : readHeaders(c, headerCount);
    if (c.position - recordStart !== sizeOfBody) {
      throw new InvalidRecordException(
        `Invalid record size: expected to read ${sizeOfBody} bytes in record payload, but instead read ${c.position - recordStart}`,
      );
    }
    return {
      offset: ctx.baseOffset + offsetDelta,
      timestamp,
      timestampType: ctx.timestampType,
      key,
      value,
      headers,
      sizeInBytes,
      sequence: ctx.baseSequence >= 0 ? incrementSequence(ctx.baseSequence, offsetDelta) : NO_SEQUENCE,
    };
  } catch (e) {
    throw asInvalidRecord(e);
  }
}

function asInvalidRecord(e: unknown): unknown {
  if (e instanceof BufferUnderflowException || e instanceof IllegalArgumentException) {
    return new InvalidRecordException('Found invalid record structure', { cause: e });
  }
  return e;
}
