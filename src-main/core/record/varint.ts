/**
 * Kafka's `ByteUtils` varints: zig-zag, then base-128 with the low group first and the high bit
 * meaning "more follows" (Protocol Buffers' encoding). v2 records are made of them.
 *
 * Offsets and timestamps are JS numbers, exact up to 2^53. A varlong is decoded with numbers
 * while it has at most 7 bytes (49 bits) and falls back to BigInt beyond that, so the whole int64
 * range of a timestamp delta decodes and encodes; the `Big` variants keep every bit.
 */
import { IllegalArgumentException, LONG_MAX, LONG_MIN } from '../common/java-lang';
import { BufferUnderflowException } from './errors';

/** A read position in a byte array, advanced by the readers below. */
export interface ReadPosition {
  readonly buffer: Uint8Array;
  position: number;
  /** One past the last readable byte. */
  readonly limit: number;
}

const TWO_POW_52 = 2 ** 52;

function nextByte(src: ReadPosition): number {
  if (src.position >= src.limit) throw new BufferUnderflowException();
  return src.buffer[src.position++];
}

/** `ByteUtils.readVarint`: a zig-zag int32 of at most 5 bytes. */
export function readVarint(src: ReadPosition): number {
  let value = 0;
  let shift = 0;
  let b: number;
  while (((b = nextByte(src)) & 0x80) !== 0) {
    value |= (b & 0x7f) << shift;
    shift += 7;
    if (shift > 28) {
      throw new IllegalArgumentException(
        `Varint is too long, the most significant bit in the 5th byte is set, converted value: ${(value >>> 0).toString(16)}`,
      );
    }
  }
  // As in Java, the bits of a 5th byte beyond 32 fall off.
  value |= b << shift;
  return (value >>> 1) ^ -(value & 1);
}

/** `ByteUtils.readVarlong` as a number (exact while |value| < 2^53). */
export function readVarlong(src: ReadPosition): number {
  const start = src.position;
  let raw = 0;
  let scale = 1;
  for (let i = 0; i < 7; i++) {
    const b = nextByte(src);
    raw += (b & 0x7f) * scale;
    if ((b & 0x80) === 0) return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
    scale *= 128;
  }
  src.position = start;
  return Number(readVarlongBig(src));
}

/** `ByteUtils.readVarlong` with all 64 bits. */
export function readVarlongBig(src: ReadPosition): bigint {
  let raw = 0n;
  let shift = 0n;
  let b: number;
  while (((b = nextByte(src)) & 0x80) !== 0) {
    raw |= BigInt(b & 0x7f) << shift;
    shift += 7n;
    if (shift > 63n) {
      throw new IllegalArgumentException(
        `Varlong is too long, most significant bit in the 10th byte is set, converted value: ${BigInt.asUintN(64, raw).toString(16)}`,
      );
    }
  }
  raw = BigInt.asUintN(64, raw | (BigInt(b) << shift));
  return BigInt.asIntN(64, (raw >> 1n) ^ -(raw & 1n));
}

/** `ByteUtils.writeVarint`: writes `value` (an int32) at `pos`; returns the position after it. */
export function writeVarint(value: number, out: Uint8Array, pos: number): number {
  let v = ((value << 1) ^ (value >> 31)) >>> 0;
  while (v >= 0x80) {
    out[pos++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[pos++] = v;
  return pos;
}

/** `ByteUtils.writeVarlong` of a number; returns the position after it. */
export function writeVarlong(value: number, out: Uint8Array, pos: number): number {
  // For an int32 the 64-bit zig-zag equals the 32-bit one read as unsigned.
  if ((value | 0) === value) return writeVarint(value, out, pos);
  if (Math.abs(value) < TWO_POW_52) {
    let raw = value >= 0 ? value * 2 : -value * 2 - 1;
    while (raw >= 0x80) {
      out[pos++] = (raw % 0x80) | 0x80;
      raw = Math.floor(raw / 0x80);
    }
    out[pos++] = raw;
    return pos;
  }
  return writeVarlongBig(toInt64(value), out, pos);
}

/** `ByteUtils.writeVarlong` of an int64 bigint; returns the position after it. */
export function writeVarlongBig(value: bigint, out: Uint8Array, pos: number): number {
  let raw = BigInt.asUintN(64, (value << 1n) ^ (value >> 63n));
  while (raw >= 0x80n) {
    out[pos++] = Number(raw & 0x7fn) | 0x80;
    raw >>= 7n;
  }
  out[pos++] = Number(raw);
  return pos;
}

/** `ByteUtils.sizeOfVarint`. */
export function sizeOfVarint(value: number): number {
  const v = ((value << 1) ^ (value >> 31)) >>> 0;
  if (v < 0x80) return 1;
  if (v < 0x4000) return 2;
  if (v < 0x200000) return 3;
  if (v < 0x10000000) return 4;
  return 5;
}

/** `ByteUtils.sizeOfVarlong` of a number. */
export function sizeOfVarlong(value: number): number {
  if (Math.abs(value) < TWO_POW_52) {
    let raw = value >= 0 ? value * 2 : -value * 2 - 1;
    let bytes = 1;
    while (raw >= 0x80) {
      bytes++;
      raw = Math.floor(raw / 0x80);
    }
    return bytes;
  }
  return sizeOfVarlongBig(toInt64(value));
}

/** `ByteUtils.sizeOfVarlong` of an int64 bigint. */
export function sizeOfVarlongBig(value: bigint): number {
  let raw = BigInt.asUintN(64, (value << 1n) ^ (value >> 63n));
  let bytes = 1;
  while (raw >= 0x80n) {
    bytes++;
    raw >>= 7n;
  }
  return bytes;
}

/** A number as int64, saturating: Number(Long.MAX_VALUE) rounds up to 2^63, which must not wrap. */
export function toInt64(value: number): bigint {
  if (!Number.isFinite(value)) throw new IllegalArgumentException(`Not an int64: ${value}`);
  const big = BigInt(Math.trunc(value));
  if (big > LONG_MAX) return LONG_MAX;
  if (big < LONG_MIN) return LONG_MIN;
  return big;
}
