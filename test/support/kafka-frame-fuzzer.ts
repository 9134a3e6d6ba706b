/**
 * Seeded frames for fuzzing a broker: requests built from an API's own grammar with random values
 * (boundary numbers, random and empty strings, nulls where a version allows them, short arrays,
 * random record bytes), then often mutated — bits flipped, bytes overwritten, cut short, grown,
 * an int32 somewhere replaced by a huge or negative count — or replaced by plain noise.
 */
import { isFlexible, type ApiMessages } from '../../src-main/protocol/kafka/messages/api-message';
import { ByteWriter } from '../../src-main/protocol/kafka/wire/byte-writer';
import { inVersions, keyOf, writeMessage, type Field, type FieldType, type Message } from '../../src-main/protocol/kafka/wire/schema';
import type { Random } from '../../src-main/core/platform/random';

const BOUNDARY_INTS = [0, 1, -1, 2, 127, -128, 32767, -32768, 0x7fffffff, -0x80000000, 65536];

function pick<T>(random: Random, items: readonly T[]): T {
  return items[random.nextInt(items.length)];
}

function randomInt(random: Random, bits: 8 | 16 | 32): number {
  if (random.nextFloat() < 0.5) {
    const v = pick(random, BOUNDARY_INTS);
    const max = 2 ** (bits - 1);
    return ((((v + max) % (2 * max)) + 2 * max) % (2 * max)) - max;
  }
  const v = random.nextInt(2 ** Math.min(bits, 31));
  return bits === 32 ? v - (random.nextFloat() < 0.1 ? 0x80000000 : 0) : v - 2 ** (bits - 1);
}

/** Topic-like names the broker does not have (so valid requests change nothing), and some illegal ones. */
function randomString(random: Random): string {
  const r = random.nextFloat();
  if (r < 0.1) return '';
  if (r < 0.2) return 'fuzz-' + 'x'.repeat(random.nextInt(300));
  if (r < 0.3) return '..';
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789._-!é ';
  let s = 'fz-';
  const length = random.nextInt(12);
  for (let i = 0; i < length; i++) s += alphabet[random.nextInt(alphabet.length)];
  return s;
}

function randomValue(random: Random, f: Field, type: FieldType, version: number, depth: number, element = false): unknown {
  // Only the field itself may be null, never an element of its array.
  if (!element && inVersions(f.nullableVersions, version) && random.nextFloat() < 0.15) return null;
  if (typeof type !== 'string') {
    if ('array' in type) {
      const length = depth > 2 ? 0 : random.nextInt(4);
      return Array.from({ length }, () => randomValue(random, f, type.array, version, depth + 1, true));
    }
    return randomMessage(random, type.struct, version, depth + 1);
  }
  switch (type) {
    case 'int8':
      return randomInt(random, 8);
    case 'int16':
      return randomInt(random, 16);
    case 'int32':
      return randomInt(random, 32);
    case 'int64':
      return BigInt(randomInt(random, 32)) * (random.nextFloat() < 0.1 ? 0x100000000n : 1n);
    case 'bool':
      return random.nextFloat() < 0.5;
    case 'string':
      return randomString(random);
    case 'bytes':
    case 'records':
      return random.nextBytes(random.nextInt(96));
  }
}

export function randomMessage(random: Random, fields: readonly Field[], version: number, depth = 0): Message {
  const message: Message = {};
  for (const f of fields) if (inVersions(f.versions, version)) message[keyOf(f)] = randomValue(random, f, f.type, version, depth);
  return message;
}

/** The bytes after a frame's size: header v1 and a random body of `api` at `version`. */
function validFrame(random: Random, api: ApiMessages, version: number, correlationId: number): Buffer {
  const w = new ByteWriter();
  w.int16(api.apiKey)
    .int16(version)
    .int32(correlationId)
    .nullableString(random.nextFloat() < 0.1 ? null : 'fuzzer');
  const flexible = isFlexible(api, version);
  if (flexible) w.unsignedVarint(0); // request header v2's tagged fields
  writeMessage(w, api.request, version, randomMessage(random, api.request, version), flexible);
  return Buffer.from(w.toBuffer());
}

function mutate(random: Random, frame: Buffer): Buffer {
  const out = Buffer.from(frame);
  switch (random.nextInt(6)) {
    case 0: {
      for (let i = random.nextInt(4) + 1; i > 0 && out.length > 0; i--) out[random.nextInt(out.length)] ^= 1 << random.nextInt(8);
      return out;
    }
    case 1: {
      for (let i = random.nextInt(4) + 1; i > 0 && out.length > 0; i--)
        out[random.nextInt(out.length)] = pick(random, [0x00, 0xff, 0x7f, 0x80]);
      return out;
    }
    case 2:
      return out.subarray(0, random.nextInt(out.length + 1));
    case 3:
      return Buffer.concat([out, Buffer.from(random.nextBytes(random.nextInt(64) + 1))]);
    case 4: {
      if (out.length < 8) return out;
      out.writeInt32BE(pick(random, [0x7fffffff, -2, 1 << 20, 65535]), random.nextInt(out.length - 3));
      return out;
    }
    default:
      return Buffer.from(random.nextBytes(random.nextInt(64)));
  }
}

/** One fuzz frame for `api` (the bytes after the size): valid 25%, mutated 70%, noise with its key 5%. */
export function fuzzFrame(random: Random, api: ApiMessages, correlationId: number): Buffer {
  // Versions beyond the broker's range too: they must close the connection, not crash.
  const version =
    random.nextFloat() < 0.05
      ? api.maxVersion + 1 + random.nextInt(3)
      : api.minVersion + random.nextInt(api.maxVersion - api.minVersion + 1);
  const r = random.nextFloat();
  if (r < 0.05) {
    const noise = Buffer.from(random.nextBytes(random.nextInt(40) + 4));
    noise.writeInt16BE(api.apiKey, 0);
    return noise;
  }
  const frame = validFrame(random, api, version, correlationId);
  return r < 0.3 ? frame : mutate(random, frame);
}
