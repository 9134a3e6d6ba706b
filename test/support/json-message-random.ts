/**
 * Seeded random messages of a Kafka message definition (see json-message-codec.ts): boundary and
 * random numbers, empty, ASCII and non-ASCII strings, nulls where the version allows them, short
 * arrays, tagged fields set or left at their defaults, and — when asked, in flexible versions —
 * tags the definition does not know, which a reader must skip.
 */
import type { Random } from '../../src-main/core/platform/random';
import {
  contains,
  defaultOf,
  resolveType,
  UNKNOWN_TAGS,
  type FieldSpec,
  type JsonMessage,
  type MessageDefinition,
  type ResolvedType,
  type UnknownTag,
} from './json-message-codec';

const INT_BOUNDARIES: Record<string, readonly number[]> = {
  int8: [0, 1, -1, 127, -128],
  int16: [0, 1, -1, 32767, -32768],
  uint16: [0, 1, 65535],
  int32: [0, 1, -1, 0x7fffffff, -0x80000000],
};
const INT64_BOUNDARIES = [0n, -1n, 0x7fffffffffffffffn, -0x8000000000000000n, 1n << 32n];
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789._-é€😀';

export interface RandomOptions {
  /** Add tags unknown to the definition to some structs (flexible versions only). */
  readonly unknownTags?: boolean;
}

function randomInt(random: Random, name: string): number {
  if (random.nextFloat() < 0.4) {
    const boundaries = INT_BOUNDARIES[name];
    return boundaries[random.nextInt(boundaries.length)];
  }
  switch (name) {
    case 'int8':
      return random.nextInt(256) - 128;
    case 'int16':
      return random.nextInt(65536) - 32768;
    case 'uint16':
      return random.nextInt(65536);
    default:
      return random.nextInt(0x7fffffff) * (random.nextFloat() < 0.5 ? -1 : 1);
  }
}

function randomString(random: Random): string {
  const length = random.nextFloat() < 0.15 ? 0 : random.nextInt(20);
  let s = '';
  for (let i = 0; i < length; i++) s += [...ALPHABET][random.nextInt([...ALPHABET].length)];
  return s;
}

function randomValue(
  random: Random,
  d: MessageDefinition,
  f: FieldSpec,
  type: ResolvedType,
  version: number,
  depth: number,
  options: RandomOptions,
): unknown {
  if (type.kind === 'array') {
    const length = depth > 2 ? 0 : random.nextInt(4);
    return Array.from({ length }, () => randomValue(random, d, f, type.element, version, depth + 1, options));
  }
  if (type.kind === 'struct') return randomStruct(random, d, type.fields, version, depth + 1, options);
  switch (type.name) {
    case 'int8':
    case 'int16':
    case 'uint16':
    case 'int32':
      return randomInt(random, type.name);
    case 'int64':
      return random.nextFloat() < 0.4
        ? INT64_BOUNDARIES[random.nextInt(INT64_BOUNDARIES.length)]
        : BigInt.asIntN(64, (BigInt(random.nextInt(0x7fffffff)) << 32n) | BigInt(random.nextInt(0x7fffffff)));
    case 'float64':
      return random.nextFloat() * 1e6 - 5e5;
    case 'bool':
      return random.nextFloat() < 0.5;
    case 'string':
      return randomString(random);
    case 'uuid':
      return Buffer.from(random.nextBytes(16)).toString('hex');
    default:
      return Buffer.from(random.nextBytes(random.nextInt(48)));
  }
}

function randomStruct(
  random: Random,
  d: MessageDefinition,
  fields: readonly FieldSpec[],
  version: number,
  depth: number,
  options: RandomOptions,
): JsonMessage {
  const message: JsonMessage = {};
  for (const f of fields) {
    if (!contains(f.versions, version)) {
      message[f.name] = defaultOf(d, f, version);
      continue;
    }
    // Tagged fields are left at their defaults half the time: then they are not on the wire at all.
    if (f.taggedVersions !== undefined && random.nextFloat() < 0.5) message[f.name] = defaultOf(d, f, version);
    else if (contains(f.nullableVersions, version) && random.nextFloat() < 0.15) message[f.name] = null;
    else message[f.name] = randomValue(random, d, f, resolveType(d, f.type, f.fields), version, depth, options);
  }
  if (options.unknownTags && contains(d.flexibleVersions, version) && random.nextFloat() < 0.5) {
    const known = new Set(fields.flatMap((f) => (f.tag === undefined ? [] : [f.tag])));
    const tags: UnknownTag[] = [];
    for (const tag of [1, 7, 200, 10_000]) {
      if (!known.has(tag) && random.nextFloat() < 0.5) tags.push({ tag, data: Buffer.from(random.nextBytes(random.nextInt(200))) });
    }
    if (tags.length > 0) message[UNKNOWN_TAGS] = tags;
  }
  return message;
}

export function randomJsonMessage(
  random: Random,
  definition: MessageDefinition,
  version: number,
  options: RandomOptions = {},
): JsonMessage {
  return randomStruct(random, definition, definition.fields, version, 0, options);
}
