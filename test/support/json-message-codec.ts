/**
 * A second, independent reading of Kafka's wire layouts, for tests only: it takes Kafka 2.5.1's own
 * message definitions (test/fixtures/kafka-2.5.1-messages/*.json, as `MessageGenerator` reads
 * them) and encodes or decodes one version of a message by KIP-482's rules. It shares no code with
 * src-main/protocol/kafka/wire, so a grammar there that disagrees with Kafka's definition shows up
 * as bytes this codec reads differently.
 *
 * Messages are plain objects keyed by the definitions' field names (`ErrorCode`); int64 is
 * `bigint`, bytes are `Buffer`, uuid is its 32 hex digits. Tags a definition does not know are
 * kept under `UNKNOWN_TAGS` of the struct they came in and written back in tag order.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const DEFINITIONS_DIR = resolve(import.meta.dirname, '../fixtures/kafka-2.5.1-messages');

export interface FieldSpec {
  readonly name: string;
  readonly type: string;
  readonly versions: string;
  readonly nullableVersions?: string;
  readonly taggedVersions?: string;
  readonly tag?: number;
  readonly ignorable?: boolean;
  readonly default?: string | number | boolean;
  /** Only RequestHeader's ClientId: `"none"`, an int16 string even in a flexible header. */
  readonly flexibleVersions?: string;
  readonly fields?: readonly FieldSpec[];
}

export interface MessageDefinition {
  readonly apiKey?: number;
  readonly type: 'request' | 'response' | 'header';
  readonly name: string;
  readonly validVersions: string;
  readonly flexibleVersions: string;
  readonly fields: readonly FieldSpec[];
  readonly commonStructs?: ReadonlyArray<{ readonly name: string; readonly versions: string; readonly fields: readonly FieldSpec[] }>;
}

export type JsonMessage = { [name: string]: unknown; [UNKNOWN_TAGS]?: UnknownTag[] };

export interface UnknownTag {
  readonly tag: number;
  readonly data: Buffer;
}

export const UNKNOWN_TAGS = Symbol('unknown tagged fields');

export class JsonCodecError extends Error {
  override readonly name = 'JsonCodecError';
}

/** JSON with `//` line comments (outside strings) → JSON. */
export function stripComments(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i];
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else out += c;
  }
  return out;
}

export function loadDefinition(name: string): MessageDefinition {
  return JSON.parse(stripComments(readFileSync(resolve(DEFINITIONS_DIR, `${name}.json`), 'utf8'))) as MessageDefinition;
}

// ---------------------------------------------------------------------------------------------
// Versions, types and defaults

export interface Range {
  readonly lowest: number;
  readonly highest: number;
}

export function range(spec: string | undefined): Range | null {
  if (spec === undefined || spec === 'none') return null;
  const m = /^(\d+)(?:(\+)|-(\d+))?$/.exec(spec);
  if (!m) throw new JsonCodecError(`unparsable version range "${spec}"`);
  const lowest = Number(m[1]);
  return { lowest, highest: m[2] ? Infinity : m[3] !== undefined ? Number(m[3]) : lowest };
}

export function contains(spec: string | undefined, version: number): boolean {
  const r = range(spec);
  return r !== null && version >= r.lowest && version <= r.highest;
}

/** A field's type, with struct types resolved to their fields (inline or from `commonStructs`). */
export type ResolvedType =
  | { readonly kind: 'primitive'; readonly name: string }
  | { readonly kind: 'struct'; readonly fields: readonly FieldSpec[] }
  | { readonly kind: 'array'; readonly element: ResolvedType };

const PRIMITIVES = new Set(['int8', 'int16', 'uint16', 'int32', 'int64', 'float64', 'bool', 'string', 'bytes', 'uuid', 'records']);

export function resolveType(definition: MessageDefinition, type: string, inline: readonly FieldSpec[] | undefined): ResolvedType {
  if (type.startsWith('[]')) return { kind: 'array', element: resolveType(definition, type.slice(2), inline) };
  if (PRIMITIVES.has(type)) return { kind: 'primitive', name: type };
  if (inline) return { kind: 'struct', fields: inline };
  const common = definition.commonStructs?.find((s) => s.name === type);
  if (!common) throw new JsonCodecError(`${definition.name}: unknown type ${type}`);
  return { kind: 'struct', fields: common.fields };
}

function parseInteger(given: string | number | boolean): number {
  const text = String(given);
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const value = digits.startsWith('0x') ? parseInt(digits.slice(2), 16) : parseInt(digits, 10);
  return negative ? -value : value;
}

/** `MessageGenerator`'s field default: the `default` given, else 0, false, "", empty bytes, empty array or a default struct. */
export function defaultOf(definition: MessageDefinition, f: FieldSpec, version: number): unknown {
  const type = resolveType(definition, f.type, f.fields);
  const given = f.default;
  if (given === 'null') {
    if (f.nullableVersions === undefined) throw new JsonCodecError(`${f.name}: default null but never nullable`);
    return null;
  }
  if (type.kind === 'array') return [];
  if (type.kind === 'struct') return defaultStruct(definition, type.fields, version);
  switch (type.name) {
    case 'int8':
    case 'int16':
    case 'uint16':
    case 'int32':
      return given === undefined || given === '' ? 0 : parseInteger(given);
    case 'int64':
      return given === undefined || given === '' ? 0n : BigInt(parseInteger(given));
    case 'float64':
      return given === undefined || given === '' ? 0 : Number(given);
    case 'bool':
      return String(given) === 'true';
    case 'string':
      return given === undefined ? '' : String(given);
    case 'uuid':
      return '0'.repeat(32);
    default:
      return Buffer.alloc(0);
  }
}

export function defaultStruct(definition: MessageDefinition, fields: readonly FieldSpec[], version: number): JsonMessage {
  const out: JsonMessage = {};
  for (const f of fields) out[f.name] = defaultOf(definition, f, version);
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return a.equals(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue((a as JsonMessage)[k], (b as JsonMessage)[k]));
  }
  return a === b;
}

// ---------------------------------------------------------------------------------------------
// Writing

class Out {
  private readonly chunks: Buffer[] = [];

  push(bytes: Buffer): void {
    this.chunks.push(bytes);
  }

  fixed(size: number, write: (b: Buffer) => void): void {
    const b = Buffer.alloc(size);
    write(b);
    this.chunks.push(b);
  }

  uvarint(value: number): void {
    const bytes: number[] = [];
    let v = value >>> 0;
    while (v >= 0x80) {
      bytes.push((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    bytes.push(v);
    this.chunks.push(Buffer.from(bytes));
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** Encodes `message` (a JSON-named object; missing fields take their defaults) as `version` of `definition`. */
export function encodeJson(definition: MessageDefinition, version: number, message: JsonMessage): Buffer {
  if (!contains(definition.validVersions, version)) throw new JsonCodecError(`${definition.name} has no version ${version}`);
  const out = new Out();
  writeStruct(out, definition, definition.fields, version, contains(definition.flexibleVersions, version), message);
  return out.bytes();
}

function writeStruct(
  out: Out,
  d: MessageDefinition,
  fields: readonly FieldSpec[],
  version: number,
  flexible: boolean,
  message: JsonMessage,
): void {
  const tagged: UnknownTag[] = [];
  for (const f of fields) {
    const value = f.name in message ? message[f.name] : defaultOf(d, f, version);
    const isDefault = sameValue(value, defaultOf(d, f, version));
    if (!contains(f.versions, version)) {
      // MessageGenerator: a non-default value for a field the version lacks is an error unless the field is ignorable.
      if (!isDefault && !f.ignorable) throw new JsonCodecError(`Attempted to write a non-default ${f.name} at version ${version}`);
      continue;
    }
    if (flexible && contains(f.taggedVersions, version)) {
      if (f.tag === undefined) throw new JsonCodecError(`${f.name}: taggedVersions without a tag`);
      // A tagged field is written only when it differs from its default.
      if (!isDefault) {
        const data = new Out();
        writeValue(data, d, f, resolveType(d, f.type, f.fields), version, flexible, value);
        tagged.push({ tag: f.tag, data: data.bytes() });
      }
      continue;
    }
    writeValue(out, d, f, resolveType(d, f.type, f.fields), version, flexible, value);
  }
  if (!flexible) {
    if (message[UNKNOWN_TAGS]?.length) throw new JsonCodecError('tagged fields in a version that is not flexible');
    return;
  }
  tagged.push(...(message[UNKNOWN_TAGS] ?? []));
  tagged.sort((a, b) => a.tag - b.tag);
  for (let i = 1; i < tagged.length; i++) if (tagged[i].tag === tagged[i - 1].tag) throw new JsonCodecError(`tag ${tagged[i].tag} twice`);
  out.uvarint(tagged.length);
  for (const t of tagged) {
    out.uvarint(t.tag);
    out.uvarint(t.data.length);
    out.push(t.data);
  }
}

function writeValue(
  out: Out,
  d: MessageDefinition,
  f: FieldSpec,
  type: ResolvedType,
  version: number,
  flexible: boolean,
  value: unknown,
): void {
  const compact = flexible && f.flexibleVersions !== 'none';
  if (value === null) {
    if (!contains(f.nullableVersions, version)) throw new JsonCodecError(`non-nullable field ${f.name} was null at version ${version}`);
    if (type.kind === 'struct') throw new JsonCodecError(`${f.name}: null struct`);
    if (type.kind === 'array' || (type.kind === 'primitive' && type.name !== 'string')) {
      if (compact) out.uvarint(0);
      else out.fixed(4, (b) => b.writeInt32BE(-1));
    } else if (compact) out.uvarint(0);
    else out.fixed(2, (b) => b.writeInt16BE(-1));
    return;
  }
  if (type.kind === 'array') {
    const items = value as unknown[];
    if (compact) out.uvarint(items.length + 1);
    else out.fixed(4, (b) => b.writeInt32BE(items.length));
    // Elements are never null; their own nullability is not the field's.
    for (const item of items) writeValue(out, d, { ...f, nullableVersions: undefined }, type.element, version, flexible, item);
    return;
  }
  if (type.kind === 'struct') {
    writeStruct(out, d, type.fields, version, flexible, value as JsonMessage);
    return;
  }
  switch (type.name) {
    case 'int8':
      return out.fixed(1, (b) => b.writeInt8(value as number));
    case 'int16':
      return out.fixed(2, (b) => b.writeInt16BE(value as number));
    case 'uint16':
      return out.fixed(2, (b) => b.writeUInt16BE(value as number));
    case 'int32':
      return out.fixed(4, (b) => b.writeInt32BE(value as number));
    case 'int64':
      return out.fixed(8, (b) => b.writeBigInt64BE(value as bigint));
    case 'float64':
      return out.fixed(8, (b) => b.writeDoubleBE(value as number));
    case 'bool':
      return out.fixed(1, (b) => b.writeUInt8(value ? 1 : 0));
    case 'uuid':
      return out.push(Buffer.from(value as string, 'hex'));
    case 'string': {
      const bytes = Buffer.from(value as string, 'utf8');
      if (bytes.length > 0x7fff) throw new JsonCodecError(`${f.name}: string longer than 32767 bytes`);
      if (compact) out.uvarint(bytes.length + 1);
      else out.fixed(2, (b) => b.writeInt16BE(bytes.length));
      return out.push(bytes);
    }
    default: {
      const bytes = Buffer.from(value as Uint8Array);
      if (compact) out.uvarint(bytes.length + 1);
      else out.fixed(4, (b) => b.writeInt32BE(bytes.length));
      return out.push(bytes);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

class In {
  offset = 0;

  constructor(private readonly buffer: Buffer) {}

  get remaining(): number {
    return this.buffer.length - this.offset;
  }

  take(size: number, what: string): Buffer {
    if (size < 0 || size > this.remaining) throw new JsonCodecError(`${what}: ${size} bytes needed, ${this.remaining} left`);
    const b = this.buffer.subarray(this.offset, this.offset + size);
    this.offset += size;
    return b;
  }

  uvarint(what: string): number {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = this.take(1, what)[0];
      value += (byte & 0x7f) * 2 ** (7 * i);
      if ((byte & 0x80) === 0) {
        if (value > 0xffffffff) throw new JsonCodecError(`${what}: varint beyond 32 bits`);
        return value;
      }
    }
    throw new JsonCodecError(`${what}: varint longer than 5 bytes`);
  }
}

export interface Decoded {
  readonly message: JsonMessage;
  /** Bytes after the message, which a whole frame must not have. */
  readonly leftover: number;
}

/** Decodes `version` of `definition` from `bytes`; every field is in the result, absent ones at their defaults. */
export function decodeJson(definition: MessageDefinition, version: number, bytes: Buffer): Decoded {
  if (!contains(definition.validVersions, version)) throw new JsonCodecError(`${definition.name} has no version ${version}`);
  const input = new In(bytes);
  const message = readStruct(input, definition, definition.fields, version, contains(definition.flexibleVersions, version));
  return { message, leftover: input.remaining };
}

function readStruct(input: In, d: MessageDefinition, fields: readonly FieldSpec[], version: number, flexible: boolean): JsonMessage {
  const message: JsonMessage = {};
  const byTag = new Map<number, FieldSpec>();
  for (const f of fields) {
    message[f.name] = defaultOf(d, f, version);
    if (!contains(f.versions, version)) continue;
    if (flexible && contains(f.taggedVersions, version)) byTag.set(f.tag as number, f);
    else message[f.name] = readValue(input, d, f, resolveType(d, f.type, f.fields), version, flexible);
  }
  if (!flexible) return message;
  const count = input.uvarint('tagged field count');
  let previous = -1;
  for (let i = 0; i < count; i++) {
    const tag = input.uvarint('tag');
    if (tag <= previous) throw new JsonCodecError(`tag ${tag} after tag ${previous}: tags must be in increasing order`);
    previous = tag;
    const data = input.take(input.uvarint('tag size'), `tag ${tag}`);
    const known = byTag.get(tag);
    if (known) {
      const inner = new In(data);
      message[known.name] = readValue(inner, d, known, resolveType(d, known.type, known.fields), version, flexible);
      if (inner.remaining !== 0) throw new JsonCodecError(`tag ${tag} (${known.name}): ${inner.remaining} bytes left over`);
    } else (message[UNKNOWN_TAGS] ??= []).push({ tag, data: Buffer.from(data) });
  }
  return message;
}

function readValue(input: In, d: MessageDefinition, f: FieldSpec, type: ResolvedType, version: number, flexible: boolean): unknown {
  const compact = flexible && f.flexibleVersions !== 'none';
  const nullable = contains(f.nullableVersions, version);
  const nullOrThrow = (): null => {
    if (!nullable) throw new JsonCodecError(`non-nullable field ${f.name} was serialized as null`);
    return null;
  };
  const length = (fixed: 2 | 4): number => {
    if (compact) return input.uvarint(f.name) - 1;
    const b = input.take(fixed, f.name);
    return fixed === 2 ? b.readInt16BE(0) : b.readInt32BE(0);
  };
  if (type.kind === 'array') {
    const n = length(4);
    if (n < -1) throw new JsonCodecError(`${f.name}: array length ${n}`);
    if (n === -1) return nullOrThrow();
    if (n > input.remaining) throw new JsonCodecError(`${f.name}: ${n} elements claimed, ${input.remaining} bytes left`);
    const items: unknown[] = [];
    for (let i = 0; i < n; i++) items.push(readValue(input, d, { ...f, nullableVersions: undefined }, type.element, version, flexible));
    return items;
  }
  if (type.kind === 'struct') return readStruct(input, d, type.fields, version, flexible);
  switch (type.name) {
    case 'int8':
      return input.take(1, f.name).readInt8(0);
    case 'int16':
      return input.take(2, f.name).readInt16BE(0);
    case 'uint16':
      return input.take(2, f.name).readUInt16BE(0);
    case 'int32':
      return input.take(4, f.name).readInt32BE(0);
    case 'int64':
      return input.take(8, f.name).readBigInt64BE(0);
    case 'float64':
      return input.take(8, f.name).readDoubleBE(0);
    case 'bool':
      return input.take(1, f.name)[0] !== 0;
    case 'uuid':
      return input.take(16, f.name).toString('hex');
    case 'string': {
      const n = length(2);
      if (n < -1) throw new JsonCodecError(`${f.name}: string length ${n}`);
      if (n === -1) return nullOrThrow();
      if (n > 0x7fff) throw new JsonCodecError(`${f.name}: string longer than 32767 bytes`);
      return input.take(n, f.name).toString('utf8');
    }
    default: {
      const n = length(4);
      if (n < -1) throw new JsonCodecError(`${f.name}: bytes length ${n}`);
      if (n === -1) return nullOrThrow();
      return Buffer.from(input.take(n, f.name));
    }
  }
}
