/**
 * A read position over a byte array with big-endian fixed-size readers, playing the role of
 * Java's ByteBuffer position/limit while decoding records. Reading past `limit` throws
 * BufferUnderflowException, which the record readers turn into Kafka's InvalidRecordException.
 */
import { BufferUnderflowException } from './errors';
import type { ReadPosition } from './varint';

export class ByteCursor implements ReadPosition {
  readonly view: DataView;
  position: number;
  readonly limit: number;

  constructor(
    readonly buffer: Uint8Array,
    position = 0,
    limit = buffer.length,
  ) {
    this.view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    this.position = position;
    this.limit = limit;
  }

  get remaining(): number {
    return this.limit - this.position;
  }

  private take(n: number): number {
    const at = this.position;
    if (n < 0 || this.limit - at < n) throw new BufferUnderflowException();
    this.position = at + n;
    return at;
  }

  int8(): number {
    return this.view.getInt8(this.take(1));
  }

  int16(): number {
    return this.view.getInt16(this.take(2));
  }

  int32(): number {
    return this.view.getInt32(this.take(4));
  }

  int64(): number {
    return Number(this.view.getBigInt64(this.take(8)));
  }

  /** The next `n` bytes as a view (no copy). */
  bytes(n: number): Uint8Array {
    const at = this.take(n);
    return this.buffer.subarray(at, at + n);
  }
}
