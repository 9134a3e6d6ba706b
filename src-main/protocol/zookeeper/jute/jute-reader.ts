/**
 * Reads jute's binary archive (ZooKeeper's `BinaryInputArchive`) from one frame:
 *
 *   int     = int32 big-endian          long   = int64 big-endian
 *   boolean = 1 byte (non-zero = true)  ustring = int32 byte length + UTF-8 (−1 = null)
 *   buffer  = int32 length + bytes (−1 = null)
 *   vector<T> = int32 count (−1 = null) + T × count;  a record = its fields in order, no framing
 *
 * Every read checks the bounds (through the Kafka wire reader's primitives, which are the same
 * big-endian ints): a truncated or lying record throws `ProtocolParseError`, so the connection that
 * sent it is closed and nothing else happens.
 */
import { ByteReader, ProtocolParseError } from '../../kafka/wire/byte-reader';

export { ProtocolParseError as JuteParseError };

export class JuteReader {
  private readonly bytes: ByteReader;

  constructor(buffer: Buffer, start = 0) {
    this.bytes = new ByteReader(buffer, start);
  }

  get remaining(): number {
    return this.bytes.remaining;
  }

  int(what: string): number {
    return this.bytes.int32(what);
  }

  long(what: string): bigint {
    return this.bytes.int64(what);
  }

  bool(what: string): boolean {
    return this.bytes.bool(what);
  }

  buffer(what: string): Buffer | null {
    const length = this.bytes.int32(what);
    if (length === -1) return null;
    if (length < -1) throw new ProtocolParseError(`Unreasonable length = ${length} reading '${what}'`);
    return Buffer.from(this.bytes.raw(length, what));
  }

  ustring(what: string): string | null {
    const bytes = this.buffer(what);
    return bytes === null ? null : bytes.toString('utf8');
  }

  /** A ustring ZooKeeper dereferences (a path): null is as malformed as a truncated one. */
  path(what: string): string {
    const value = this.ustring(what);
    if (value === null) throw new ProtocolParseError(`Error reading field '${what}': null path`);
    return value;
  }

  /** `minElementBytes` refuses a count the rest of the frame cannot hold before reading any of it. */
  vector<T>(what: string, minElementBytes: number, read: () => T): T[] | null {
    const count = this.bytes.arrayLength(what, minElementBytes);
    if (count === -1) return null;
    const out: T[] = [];
    for (let i = 0; i < count; i++) out.push(read());
    return out;
  }

  strings(what: string): string[] | null {
    return this.vector(what, 4, () => this.path(what));
  }
}
