/**
 * Writes the Kafka protocol's big-endian primitives into a buffer that grows as needed. One writer
 * per response; `toBuffer()` returns the bytes written (a view, not a copy).
 */
export class ByteWriter {
  private buffer: Buffer;
  private position = 0;

  constructor(initialCapacity = 256) {
    this.buffer = Buffer.allocUnsafe(initialCapacity);
  }

  get length(): number {
    return this.position;
  }

  private ensure(bytes: number): void {
    if (this.position + bytes <= this.buffer.length) return;
    let capacity = this.buffer.length * 2;
    while (capacity < this.position + bytes) capacity *= 2;
    const next = Buffer.allocUnsafe(capacity);
    this.buffer.copy(next, 0, 0, this.position);
    this.buffer = next;
  }

  int8(value: number): this {
    this.ensure(1);
    this.buffer.writeInt8(value, this.position);
    this.position += 1;
    return this;
  }

  int16(value: number): this {
    this.ensure(2);
    this.buffer.writeInt16BE(value, this.position);
    this.position += 2;
    return this;
  }

  int32(value: number): this {
    this.ensure(4);
    this.buffer.writeInt32BE(value, this.position);
    this.position += 4;
    return this;
  }

  uint32(value: number): this {
    this.ensure(4);
    this.buffer.writeUInt32BE(value, this.position);
    this.position += 4;
    return this;
  }

  int64(value: bigint): this {
    this.ensure(8);
    this.buffer.writeBigInt64BE(value, this.position);
    this.position += 8;
    return this;
  }

  bool(value: boolean): this {
    return this.int8(value ? 1 : 0);
  }

  /** Unsigned varint (LEB128), as flexible versions use for lengths and tags. */
  unsignedVarint(value: number): this {
    let v = value >>> 0;
    while ((v & ~0x7f) !== 0) {
      this.int8Raw((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    return this.int8Raw(v);
  }

  private int8Raw(byte: number): this {
    this.ensure(1);
    this.buffer[this.position++] = byte;
    return this;
  }

  raw(bytes: Uint8Array): this {
    this.ensure(bytes.length);
    this.buffer.set(bytes, this.position);
    this.position += bytes.length;
    return this;
  }

  /** int16 length + UTF-8, −1 for null. */
  nullableString(value: string | null): this {
    if (value === null) return this.int16(-1);
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > 0x7fff) throw new RangeError(`String length ${bytes.length} is larger than the maximum string length.`);
    return this.int16(bytes.length).raw(bytes);
  }

  /** int32 length + bytes, −1 for null. */
  nullableBytes(value: Uint8Array | null): this {
    if (value === null) return this.int32(-1);
    return this.int32(value.length).raw(value);
  }

  /** Flexible versions: uvarint length + 1 (0 for null), then UTF-8. */
  compactNullableString(value: string | null): this {
    if (value === null) return this.unsignedVarint(0);
    const bytes = Buffer.from(value, 'utf8');
    if (bytes.length > 0x7fff) throw new RangeError(`String length ${bytes.length} is larger than the maximum string length.`);
    return this.unsignedVarint(bytes.length + 1).raw(bytes);
  }

  /** Flexible versions: uvarint length + 1 (0 for null), then the bytes. */
  compactNullableBytes(value: Uint8Array | null): this {
    if (value === null) return this.unsignedVarint(0);
    return this.unsignedVarint(value.length + 1).raw(value);
  }

  /** Overwrites an int32 already written (a size prefix known only at the end). */
  patchInt32(at: number, value: number): void {
    this.buffer.writeInt32BE(value, at);
  }

  toBuffer(): Buffer {
    return this.buffer.subarray(0, this.position);
  }
}
