/**
 * Reads the Kafka protocol's big-endian primitives from one request. Every read checks the bounds:
 * a short or lying frame throws `ProtocolParseError` (Kafka's `SchemaException` message) instead of
 * reading past the end, so a malformed request closes its connection and nothing else.
 */
export class ProtocolParseError extends Error {
  override readonly name = 'ProtocolParseError';
}

export class ByteReader {
  private position: number;

  constructor(
    private readonly buffer: Buffer,
    start = 0,
  ) {
    this.position = start;
  }

  get offset(): number {
    return this.position;
  }

  get remaining(): number {
    return this.buffer.length - this.position;
  }

  private need(bytes: number, what: string): void {
    if (bytes < 0 || this.position + bytes > this.buffer.length) {
      throw new ProtocolParseError(`Error reading field '${what}': ${this.remaining} bytes left, ${bytes} needed`);
    }
  }

  int8(what = 'int8'): number {
    this.need(1, what);
    return this.buffer.readInt8(this.position++);
  }

  int16(what = 'int16'): number {
    this.need(2, what);
    const v = this.buffer.readInt16BE(this.position);
    this.position += 2;
    return v;
  }

  int32(what = 'int32'): number {
    this.need(4, what);
    const v = this.buffer.readInt32BE(this.position);
    this.position += 4;
    return v;
  }

  uint32(what = 'uint32'): number {
    this.need(4, what);
    const v = this.buffer.readUInt32BE(this.position);
    this.position += 4;
    return v;
  }

  int64(what = 'int64'): bigint {
    this.need(8, what);
    const v = this.buffer.readBigInt64BE(this.position);
    this.position += 8;
    return v;
  }

  bool(what = 'bool'): boolean {
    return this.int8(what) !== 0;
  }

  unsignedVarint(what = 'varint'): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      this.need(1, what);
      const byte = this.buffer[this.position++];
      value |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value >>> 0;
    }
    throw new ProtocolParseError(`Error reading field '${what}': varint is too long`);
  }

  raw(length: number, what = 'bytes'): Buffer {
    this.need(length, what);
    const bytes = this.buffer.subarray(this.position, this.position + length);
    this.position += length;
    return bytes;
  }

  nullableString(what = 'string'): string | null {
    const length = this.int16(what);
    if (length < 0) return null;
    return this.raw(length, what).toString('utf8');
  }

  string(what = 'string'): string {
    const value = this.nullableString(what);
    if (value === null) throw new ProtocolParseError(`Error reading field '${what}': non-nullable field was serialized as null`);
    return value;
  }

  nullableBytes(what = 'bytes'): Buffer | null {
    const length = this.int32(what);
    if (length < 0) return null;
    return this.raw(length, what);
  }

  /** Flexible versions: uvarint length + 1 (0 = null), then UTF-8. */
  compactNullableString(what = 'string'): string | null {
    const length = this.unsignedVarint(what) - 1;
    if (length < 0) return null;
    if (length > 0x7fff)
      throw new ProtocolParseError(
        `Error reading field '${what}': string field had a length of ${length}, which is longer than the maximum allowed`,
      );
    return this.raw(length, what).toString('utf8');
  }

  /** Flexible versions: uvarint length + 1 (0 = null), then the bytes. */
  compactNullableBytes(what = 'bytes'): Buffer | null {
    const length = this.unsignedVarint(what) - 1;
    if (length < 0) return null;
    return this.raw(length, what);
  }

  /** Flexible versions: uvarint count + 1 (0 = null, read as −1); refuses counts the remaining bytes cannot hold. */
  compactArrayLength(what: string, minElementBytes: number): number {
    const count = this.unsignedVarint(what) - 1;
    if (count > 0 && count * Math.max(1, minElementBytes) > this.remaining) {
      throw new ProtocolParseError(
        `Error reading field '${what}': Error reading array of size ${count}, only ${this.remaining} bytes available`,
      );
    }
    return count;
  }

  /** An array's element count, −1 for null; refuses counts the remaining bytes cannot hold. */
  arrayLength(what: string, minElementBytes: number): number {
    const count = this.int32(what);
    if (count < -1 || (count > 0 && count * Math.max(1, minElementBytes) > this.remaining)) {
      throw new ProtocolParseError(
        `Error reading field '${what}': Error reading array of size ${count}, only ${this.remaining} bytes available`,
      );
    }
    return count;
  }
}
