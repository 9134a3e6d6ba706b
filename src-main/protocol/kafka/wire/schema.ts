/**
 * The grammar of a Kafka message, as data — the shape of Kafka 2.5's
 * `clients/src/main/resources/common/message/*.json`: each field has a type and the versions it
 * exists in (`"3+"`, `"1-4"`, `"0"`), and may be nullable in some versions. One generic reader and
 * writer walk a grammar for a given version, so each API file holds only its grammar and its
 * handler. A flexible version (KIP-482, the API's `flexibleVersions`) writes strings, bytes and
 * arrays with compact (unsigned varint) lengths and ends every struct, and the message, with a
 * tagged-field section: a field with a `tag` in its `taggedVersions` is written there only when it
 * differs from its default, in tag order; tags the grammar does not define are skipped when read.
 *
 * Field names are Kafka's (`ErrorCode`); the objects read and written use them in camelCase
 * (`errorCode`). int64 fields are `bigint`; `records` fields are the raw batches (`Buffer`).
 */
import { ByteReader, ProtocolParseError } from './byte-reader';
import { ByteWriter } from './byte-writer';

export type PrimitiveType = 'int8' | 'int16' | 'int32' | 'int64' | 'bool' | 'string' | 'bytes' | 'records';

export type FieldType = PrimitiveType | { readonly array: FieldType } | { readonly struct: readonly Field[] };

export interface Field {
  /** Kafka's name (`PartitionIndex`). */
  readonly name: string;
  readonly type: FieldType;
  /** Versions the field is on the wire in: `"0+"`, `"3+"`, `"1-4"`, `"2"`. */
  readonly versions: string;
  /** Versions in which it may be null (strings, bytes, records, arrays). */
  readonly nullableVersions?: string;
  /** Value when absent from a version or not given (else the type's zero: 0, false, "", [], 0n). */
  readonly default?: unknown;
  /** A tagged field's tag (KIP-482), in the versions `taggedVersions` gives. */
  readonly tag?: number;
  readonly taggedVersions?: string;
}

export interface FieldOptions {
  readonly nullableVersions?: string;
  readonly default?: unknown;
  readonly tag?: number;
  readonly taggedVersions?: string;
}

/** A message whose grammar is not known to the type-checker (a grammar typed only as `Field[]`). */
export type Message = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------
// The TypeScript type of a grammar, derived from the grammar itself (so the two cannot drift):
// `field('ErrorCode', 'int16', '0+')` is `errorCode: number`; a field with `nullableVersions` may be
// null. A message is `decoded` as the reader gives it (every field, bytes are Buffers),
// `encodable` as a handler answers it (every field, bytes any Uint8Array), or `partial` as the
// writer takes it (a field left out is written as its default).

export type Direction = 'decoded' | 'encodable' | 'partial';

type BytesOf<D extends Direction> = D extends 'decoded' ? Buffer : Uint8Array;

/**
 * A `records` field written as the response goes out rather than held whole (Kafka's `RecordsSend`,
 * e.g. a lazily down-converted fetch): its size is known first, then it hands over its bytes.
 */
export interface RecordsSend {
  readonly sizeInBytes: number;
  writeTo(write: (bytes: Uint8Array) => void): void;
}

// Only what the writer takes may hold a RecordsSend: decoded and encodable messages keep plain bytes.
type RecordsOf<D extends Direction> = D extends 'partial' ? Uint8Array | RecordsSend : BytesOf<D>;

type ValueOf<T, D extends Direction> = T extends 'int8' | 'int16' | 'int32'
  ? number
  : T extends 'int64'
    ? bigint
    : T extends 'bool'
      ? boolean
      : T extends 'string'
        ? string
        : T extends 'bytes'
          ? BytesOf<D>
          : T extends 'records'
            ? RecordsOf<D> | null
            : T extends { readonly array: infer E }
              ? Array<ValueOf<E, D>>
              : T extends { readonly struct: ReadonlyArray<infer F extends Field> }
                ? StructOf<F, D>
                : never;

type FieldValueOf<F extends Field, D extends Direction> = F extends { readonly nullableVersions: string }
  ? ValueOf<F['type'], D> | null
  : ValueOf<F['type'], D>;

/** A handler may leave a tagged field out: it is then at its default, and not on the wire. */
type Flat<T> = { [K in keyof T]: T[K] };

type TaggedOf<F extends Field> = F extends { readonly tag: number } ? F : never;

type StructOf<F extends Field, D extends Direction> = D extends 'partial'
  ? { [K in F as Uncapitalize<K['name']>]?: FieldValueOf<K, D> }
  : D extends 'encodable'
    ? Flat<
        { [K in Exclude<F, TaggedOf<F>> as Uncapitalize<K['name']>]: FieldValueOf<K, D> } & {
          [K in TaggedOf<F> as Uncapitalize<K['name']>]?: FieldValueOf<K, D>;
        }
      >
    : { [K in F as Uncapitalize<K['name']>]: FieldValueOf<K, D> };

/** A field's options, its default of the field's own type (null only where it may be null). */
type FieldOptionsOf<T extends FieldType> = (
  | { readonly nullableVersions?: undefined; readonly default?: ValueOf<T, 'encodable'> }
  | { readonly nullableVersions: string; readonly default?: ValueOf<T, 'encodable'> | null }
) & { readonly tag?: number; readonly taggedVersions?: string };

/** The object a grammar reads to or writes from (see `Direction`); `Message` for a grammar known only as `Field[]`. */
export type MessageOf<Fields extends readonly Field[], D extends Direction = 'decoded'> = string extends Fields[number]['name']
  ? Message
  : StructOf<Fields[number], D>;

export function field<const N extends string, const T extends FieldType>(
  name: N,
  type: T,
  versions: string,
): { readonly name: N; readonly type: T; readonly versions: string };
export function field<const N extends string, const T extends FieldType, const O extends FieldOptionsOf<T>>(
  name: N,
  type: T,
  versions: string,
  options: O,
): { readonly name: N; readonly type: T; readonly versions: string } & O;
export function field(name: string, type: FieldType, versions: string, options: FieldOptions = {}): Field {
  return { name, type, versions, ...options };
}

export function arrayOf<const T extends FieldType>(type: T): { readonly array: T } {
  return { array: type };
}

export function struct<const F extends readonly Field[]>(...fields: F): { readonly struct: F } {
  return { struct: fields };
}

interface VersionRange {
  readonly min: number;
  readonly max: number;
}

const rangeCache = new Map<string, VersionRange>();

export function parseVersions(spec: string): VersionRange {
  let range = rangeCache.get(spec);
  if (range) return range;
  const plus = /^(\d+)\+$/.exec(spec);
  const span = /^(\d+)-(\d+)$/.exec(spec);
  const single = /^(\d+)$/.exec(spec);
  if (plus) range = { min: Number(plus[1]), max: Number.MAX_SAFE_INTEGER };
  else if (span) range = { min: Number(span[1]), max: Number(span[2]) };
  else if (single) range = { min: Number(single[1]), max: Number(single[1]) };
  else if (spec === 'none') range = { min: 1, max: 0 };
  else throw new Error(`Bad version range ${spec}`);
  rangeCache.set(spec, range);
  return range;
}

export function inVersions(spec: string | undefined, version: number): boolean {
  if (spec === undefined) return false;
  const { min, max } = parseVersions(spec);
  return version >= min && version <= max;
}

/** `PartitionIndex` → `partitionIndex`. */
export function keyOf(field: Field): string {
  return field.name.charAt(0).toLowerCase() + field.name.slice(1);
}

function zeroOf(type: FieldType): unknown {
  if (typeof type !== 'string') return 'array' in type ? [] : {};
  switch (type) {
    case 'int64':
      return 0n;
    case 'bool':
      return false;
    case 'string':
      return '';
    case 'bytes':
      return Buffer.alloc(0);
    case 'records':
      return null;
    default:
      return 0;
  }
}

function defaultOf(f: Field): unknown {
  return f.default !== undefined ? f.default : zeroOf(f.type);
}

/** Whether `f` is a tagged field at `version` (tagged fields exist only in flexible versions). */
function isTagged(f: Field, version: number, flexible: boolean): boolean {
  return flexible && f.tag !== undefined && inVersions(f.taggedVersions, version);
}

/** A tagged field at its default is left off the wire. */
function isDefault(f: Field, value: unknown): boolean {
  const d = defaultOf(f);
  if (Array.isArray(value)) return Array.isArray(d) && value.length === 0 && d.length === 0;
  if (value instanceof Uint8Array) return d instanceof Uint8Array && Buffer.from(value).equals(Buffer.from(d));
  return value === d;
}

// ---------------------------------------------------------------------------------------------
// Writing

// The reader and writer walk any grammar, so their bodies see a `Message`; each is declared once
// more for a grammar's own type. These two overloads are the one place where a grammar's type is
// asserted, not inferred: the walk below gives exactly `MessageOf` its grammar (every field, under
// `keyOf`), as the round trips against kafka-python check (test/protocol/kafka/grammars-kafka-python.test.ts).
export function writeMessage<const Fields extends readonly Field[]>(
  writer: ByteWriter,
  fields: Fields,
  version: number,
  message: MessageOf<Fields, 'partial'>,
  flexible?: boolean,
): void;
export function writeMessage(writer: ByteWriter, fields: readonly Field[], version: number, message: Message, flexible = false): void {
  const tagged: Array<{ tag: number; bytes: Buffer }> = [];
  for (const f of fields) {
    if (!inVersions(f.versions, version)) continue;
    const given = message[keyOf(f)];
    const value = given === undefined ? defaultOf(f) : given;
    if (isTagged(f, version, flexible)) {
      if (isDefault(f, value)) continue;
      const inner = new ByteWriter();
      writeValue(inner, f, f.type, version, value, flexible);
      tagged.push({ tag: f.tag as number, bytes: inner.toBuffer() });
      continue;
    }
    writeValue(writer, f, f.type, version, value, flexible);
  }
  if (!flexible) return;
  tagged.sort((a, b) => a.tag - b.tag);
  writer.unsignedVarint(tagged.length);
  for (const t of tagged) writer.unsignedVarint(t.tag).unsignedVarint(t.bytes.length).raw(t.bytes);
}

function writeValue(writer: ByteWriter, f: Field, type: FieldType, version: number, value: unknown, flexible: boolean): void {
  const nullable = inVersions(f.nullableVersions, version);
  if (value === null && !nullable && type !== 'records') {
    throw new Error(`non-nullable field ${f.name} was serialized as null`);
  }
  if (typeof type !== 'string') {
    if ('array' in type) {
      if (value === null) {
        if (flexible) writer.unsignedVarint(0);
        else writer.int32(-1);
        return;
      }
      const items = value as readonly unknown[];
      if (flexible) writer.unsignedVarint(items.length + 1);
      else writer.int32(items.length);
      for (const item of items) writeValue(writer, f, type.array, version, item, flexible);
      return;
    }
    writeMessage(writer, type.struct, version, value as Message, flexible);
    return;
  }
  switch (type) {
    case 'int8':
      writer.int8(value as number);
      return;
    case 'int16':
      writer.int16(value as number);
      return;
    case 'int32':
      writer.int32(value as number);
      return;
    case 'int64':
      writer.int64(BigInt(value as bigint | number));
      return;
    case 'bool':
      writer.bool(value as boolean);
      return;
    case 'string':
      if (flexible) writer.compactNullableString(value as string | null);
      else writer.nullableString(value as string | null);
      return;
    case 'bytes':
    case 'records':
      if (isRecordsSend(value)) {
        if (flexible) writer.unsignedVarint(value.sizeInBytes + 1);
        else writer.int32(value.sizeInBytes);
        value.writeTo((bytes) => writer.raw(bytes));
        return;
      }
      if (flexible) writer.compactNullableBytes(value as Uint8Array | null);
      else writer.nullableBytes(value as Uint8Array | null);
      return;
  }
}

function isRecordsSend(value: unknown): value is RecordsSend {
  return value !== null && typeof value === 'object' && !(value instanceof Uint8Array) && 'writeTo' in value;
}

// ---------------------------------------------------------------------------------------------
// Reading

export function readMessage<const Fields extends readonly Field[]>(
  reader: ByteReader,
  fields: Fields,
  version: number,
  flexible?: boolean,
): MessageOf<Fields>;
export function readMessage(reader: ByteReader, fields: readonly Field[], version: number, flexible = false): Message {
  const message: Message = {};
  // Made only for a struct that has tagged fields at this version (one so far in 2.5.1).
  let byTag: Map<number, Field> | undefined;
  for (const f of fields) {
    const onWire = inVersions(f.versions, version);
    const tagged = onWire && isTagged(f, version, flexible);
    if (tagged) (byTag ??= new Map()).set(f.tag as number, f);
    message[keyOf(f)] = onWire && !tagged ? readValue(reader, f, f.type, version, flexible) : defaultOf(f);
  }
  if (flexible && byTag === undefined) skipTaggedFields(reader);
  else if (flexible && byTag !== undefined) {
    const known = byTag;
    readTaggedFields(reader, (tag, bytes) => {
      const f = known.get(tag);
      if (f === undefined) return;
      const inner = new ByteReader(bytes);
      message[keyOf(f)] = readValue(inner, f, f.type, version, flexible);
      if (inner.remaining !== 0)
        throw new ProtocolParseError(`Error reading field '${f.name}': ${inner.remaining} bytes left in tagged field ${tag}`);
    });
  }
  return message;
}

/** A tagged-field section: uvarint count, then per field uvarint tag, uvarint size and the bytes. */
function readTaggedFields(reader: ByteReader, onTag: (tag: number, bytes: Buffer) => void): void {
  const count = reader.unsignedVarint('tagged fields');
  for (let i = 0; i < count; i++) {
    const tag = reader.unsignedVarint('tag');
    onTag(tag, reader.raw(reader.unsignedVarint('tag size'), 'tagged field'));
  }
}

const IGNORE_TAG = (): void => undefined;

/** A tagged-field section whose every tag is unknown (request header v2's, response header v1's, most structs'): skipped. */
export function skipTaggedFields(reader: ByteReader): void {
  readTaggedFields(reader, IGNORE_TAG);
}

function readValue(reader: ByteReader, f: Field, type: FieldType, version: number, flexible: boolean): unknown {
  const nullable = inVersions(f.nullableVersions, version);
  if (typeof type !== 'string') {
    if ('array' in type) {
      const minBytes = minBytesOf(type.array, version, flexible);
      const count = flexible ? reader.compactArrayLength(f.name, minBytes) : reader.arrayLength(f.name, minBytes);
      if (count < 0) {
        if (!nullable) throw new ProtocolParseError(`Error reading field '${f.name}': non-nullable field was serialized as null`);
        return null;
      }
      const items: unknown[] = [];
      for (let i = 0; i < count; i++) items.push(readValue(reader, f, type.array, version, flexible));
      return items;
    }
    return readMessage(reader, type.struct, version, flexible);
  }
  switch (type) {
    case 'int8':
      return reader.int8(f.name);
    case 'int16':
      return reader.int16(f.name);
    case 'int32':
      return reader.int32(f.name);
    case 'int64':
      return reader.int64(f.name);
    case 'bool':
      return reader.bool(f.name);
    case 'string': {
      const value = flexible ? reader.compactNullableString(f.name) : reader.nullableString(f.name);
      if (value === null && !nullable)
        throw new ProtocolParseError(`Error reading field '${f.name}': non-nullable field was serialized as null`);
      return value;
    }
    case 'bytes':
    case 'records': {
      const value = flexible ? reader.compactNullableBytes(f.name) : reader.nullableBytes(f.name);
      if (value === null && !nullable && type === 'bytes') {
        throw new ProtocolParseError(`Error reading field '${f.name}': non-nullable field was serialized as null`);
      }
      return value;
    }
  }
}

/** The fewest bytes one element can take: bounds an array count a frame claims before reading it. */
function minBytesOf(type: FieldType, version: number, flexible: boolean): number {
  if (typeof type !== 'string') {
    if ('array' in type) return flexible ? 1 : 4;
    const fields = type.struct
      .filter((f) => inVersions(f.versions, version) && !isTagged(f, version, flexible))
      .reduce((sum, f) => sum + minBytesOf(f.type, version, flexible), 0);
    return fields + (flexible ? 1 : 0);
  }
  if (flexible && (type === 'string' || type === 'bytes' || type === 'records')) return 1;
  switch (type) {
    case 'int8':
    case 'bool':
      return 1;
    case 'int16':
    case 'string':
      return 2;
    case 'int32':
    case 'bytes':
    case 'records':
      return 4;
    case 'int64':
      return 8;
  }
}

// ---------------------------------------------------------------------------------------------
// Whole messages

export function encodeMessage<const Fields extends readonly Field[]>(
  fields: Fields,
  version: number,
  message: MessageOf<Fields, 'partial'>,
  flexible = false,
): Buffer {
  const writer = new ByteWriter();
  writeMessage(writer, fields, version, message, flexible);
  return writer.toBuffer();
}

export function decodeMessage<const Fields extends readonly Field[]>(
  bytes: Buffer,
  fields: Fields,
  version: number,
  flexible = false,
): MessageOf<Fields> {
  const reader = new ByteReader(bytes);
  const message = readMessage(reader, fields, version, flexible);
  return message;
}
