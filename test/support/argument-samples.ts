/**
 * Values generated from the API's argument schemas (src-main/api/arguments/api-arguments.ts): a valid call of
 * every method, and seeded random mutations of it for the fuzz tests.
 */
import { argumentsSchemaOf } from '../../src-main/api/arguments/api-arguments';
import type { SchemaNode } from '../../src-main/api/arguments/argument-schema';
import type { ServiceName } from '../../src-main/api/contract';

/** A valid value of `node`, every optional field given; strings carry `tag` (so calls can be told apart). */
export function sampleOf(node: SchemaNode, tag: string): unknown {
  switch (node.type) {
    case 'string':
      return tag;
    case 'number':
      return node.integer ? 42 : 1.5;
    case 'boolean':
      return true;
    case 'enum':
      return node.values[0];
    case 'nullable':
      return sampleOf(node.inner, tag);
    case 'array':
      return [sampleOf(node.items, tag)];
    case 'record':
      return { [tag]: sampleOf(node.values, tag) };
    case 'object':
      return Object.fromEntries(Object.entries(node.fields).map(([name, field]) => [name, sampleOf(field.schema, tag)]));
    case 'union': {
      const [kind, variant] = Object.entries(node.variants)[0]!;
      return { [node.tag]: kind, ...(sampleOf(variant, tag) as object) };
    }
  }
}

/** A valid argument array of `service.method`, every optional argument given. */
export function validArgs(service: ServiceName, method: string): unknown[] {
  return argumentsSchemaOf(service, method).params.map((param) => sampleOf(param.schema, `${service}.${method}`));
}

// ---------------------------------------------------------------------------------------------
// Fuzzing

export interface Rng {
  nextInt(bound: number): number;
  nextFloat(): number;
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.nextInt(items.length)]!;

/** Keys that would pollute a prototype if a copy assigned them. */
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'];

const ODD_STRINGS = [
  '',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  ' 42 ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '/',
  '..',
  '../../etc/passwd',
  '\u0000',
  '😀',
  'orders',
  'broker-0/kafka-logs',
  'x'.repeat(300),
];
const ODD_NUMBERS = [
  0,
  -0,
  -1,
  1,
  2,
  42,
  1.5,
  -1.5,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
];

/** Any JSON value: scalars, odd numbers and strings, nested arrays and objects (with polluting keys). */
export function garbage(rng: Rng, depth = 0): unknown {
  const kinds = depth >= 3 ? 5 : 7;
  switch (rng.nextInt(kinds)) {
    case 0:
      return null;
    case 1:
      return rng.nextInt(2) === 0;
    case 2:
      return pick(rng, ODD_NUMBERS);
    case 3:
      return pick(rng, ODD_STRINGS);
    case 4:
      return rng.nextInt(2) === 0 ? rng.nextInt(5) - 1 : `s${rng.nextInt(1000)}`;
    case 5:
      return Array.from({ length: rng.nextInt(4) }, () => garbage(rng, depth + 1));
    default: {
      const out: Record<string, unknown> = {};
      for (let i = rng.nextInt(4); i > 0; i--) {
        const key =
          rng.nextInt(3) === 0
            ? pick(rng, POLLUTING_KEYS)
            : pick(rng, ['name', 'kind', 'topic', 'path', 'validateOnly', 'x', 'assignment']);
        Object.defineProperty(out, key, { value: garbage(rng, depth + 1), enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
  }
}

/** A valid value of `node` with random content (what passes the check and reaches the service). */
function randomValid(node: SchemaNode, rng: Rng, tag: string): unknown {
  switch (node.type) {
    case 'string':
      return rng.nextInt(3) === 0 ? tag : pick(rng, ODD_STRINGS);
    case 'number': {
      const n = pick(rng, ODD_NUMBERS);
      const fits = node.integer ? Number.isSafeInteger(n) && (!node.range || (n >= node.range.min && n <= node.range.max)) : true;
      return fits ? n : rng.nextInt(7) - 2;
    }
    case 'boolean':
      return rng.nextInt(2) === 0;
    case 'enum':
      return pick(rng, node.values);
    case 'nullable':
      return rng.nextInt(3) === 0 ? null : randomValid(node.inner, rng, tag);
    case 'array':
      return Array.from({ length: rng.nextInt(4) }, () => randomValid(node.items, rng, tag));
    case 'record':
      return Object.fromEntries(
        Array.from({ length: rng.nextInt(3) }, () => [
          pick(rng, ['retention.ms', 'cleanup.policy', 'x', tag]),
          randomValid(node.values, rng, tag),
        ]),
      );
    case 'object':
      return Object.fromEntries(
        Object.entries(node.fields)
          .filter(([, field]) => !field.optional || rng.nextInt(2) === 0)
          .map(([name, field]) => [name, randomValid(field.schema, rng, tag)]),
      );
    case 'union': {
      const [kind, variant] = pick(rng, Object.entries(node.variants));
      return { [node.tag]: kind, ...(randomValid(variant, rng, tag) as object) };
    }
  }
}

/** `value` with one thing wrong somewhere: a value swapped for garbage, a field dropped or added. */
function mutate(value: unknown, rng: Rng): unknown {
  if (Array.isArray(value) && value.length > 0 && rng.nextInt(3) > 0) {
    const copy = [...value];
    const i = rng.nextInt(copy.length);
    copy[i] = mutate(copy[i], rng);
    return copy;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && rng.nextInt(4) > 0) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const action = rng.nextInt(4);
    if (action === 0 || keys.length === 0) {
      Object.defineProperty(copy, rng.nextInt(2) === 0 ? pick(rng, POLLUTING_KEYS) : 'stray', {
        value: garbage(rng),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else if (action === 1) {
      delete copy[pick(rng, keys)];
    } else {
      const key = pick(rng, keys);
      copy[key] = mutate(copy[key], rng);
    }
    return copy;
  }
  return garbage(rng);
}

/** A random argument array for `service.method`: pure garbage, a valid call mutated, or a random valid call. */
export function fuzzArgs(service: ServiceName, method: string, rng: Rng): unknown[] {
  const params = argumentsSchemaOf(service, method).params;
  const tag = `fuzz-${service}.${method}`;
  switch (rng.nextInt(4)) {
    case 0:
      return Array.from({ length: rng.nextInt(params.length + 3) }, () => garbage(rng));
    case 1: {
      const valid = params.map((p) => randomValid(p.schema, rng, tag));
      // Wrong counts: one argument too many or too few.
      return rng.nextInt(2) === 0 ? [...valid, garbage(rng)] : valid.slice(0, Math.max(0, valid.length - 1 - rng.nextInt(2)));
    }
    case 2: {
      const mutated = mutate(
        params.map((p) => randomValid(p.schema, rng, tag)),
        rng,
      );
      return Array.isArray(mutated) ? mutated : [mutated];
    }
    default:
      return params.map((p) => randomValid(p.schema, rng, tag));
  }
}
