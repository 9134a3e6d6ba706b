/**
 * Writes jute's binary archive (ZooKeeper's `BinaryOutputArchive`; the encoding is in
 * `jute-reader.ts`) over the Kafka wire writer's growable big-endian buffer.
 */
import { ByteWriter } from '../../kafka/wire/byte-writer';

export class JuteWriter {
  private readonly bytes: ByteWriter;

  constructor(initialCapacity = 128) {
    this.bytes = new ByteWriter(initialCapacity);
  }

  int(value: number): this {
    this.bytes.int32(value);
    return this;
  }

  long(value: bigint | number): this {
    this.bytes.int64(BigInt(value));
    return this;
  }

  bool(value: boolean): this {
    this.bytes.bool(value);
    return this;
  }

  buffer(value: Uint8Array | null): this {
    this.bytes.nullableBytes(value);
    return this;
  }

  ustring(value: string | null): this {
    this.bytes.nullableBytes(value === null ? null : Buffer.from(value, 'utf8'));
    return this;
  }

  vector<T>(values: readonly T[] | null, write: (value: T) => void): this {
    if (values === null) return this.int(-1);
    this.int(values.length);
    for (const v of values) write(v);
    return this;
  }

  strings(values: readonly string[] | null): this {
    return this.vector(values, (s) => this.ustring(s));
  }

  get length(): number {
    return this.bytes.length;
  }

  /** The bytes written, as one frame: int32 length first (ZooKeeper's framing). */
  toFrame(): Buffer {
    const body = this.bytes.toBuffer();
    const frame = Buffer.allocUnsafe(4 + body.length);
    frame.writeInt32BE(body.length, 0);
    body.copy(frame, 4);
    return frame;
  }

  toBuffer(): Buffer {
    return this.bytes.toBuffer();
  }
}
