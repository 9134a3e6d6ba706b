/**
 * The JSON tree Kafka's reader (Jackson's `JsonNode`) sees in a znode, as json-reader.ts builds it:
 * numbers keep their source text, objects keep member order and duplicates, every node its source
 * offsets; and the questions Kafka's code asks of it (`isInt`, a member by name, `toString`).
 */
import { INT_MAX, INT_MIN, LONG_MAX, LONG_MIN } from '../common/java-lang';

export type JsonNode = JsonObjectNode | JsonArrayNode | JsonStringNode | JsonNumberNode | JsonBooleanNode | JsonNullNode;

interface NodeBase {
  /** Offset (UTF-16 code units) of the first character of the value in the source text. */
  readonly start: number;
  /** Offset just past the value. */
  readonly end: number;
}

export interface JsonMember {
  readonly key: string;
  readonly keyStart: number;
  readonly value: JsonNode;
}

export interface JsonObjectNode extends NodeBase {
  readonly type: 'object';
  readonly members: readonly JsonMember[];
}

export interface JsonArrayNode extends NodeBase {
  readonly type: 'array';
  readonly items: readonly JsonNode[];
}

export interface JsonStringNode extends NodeBase {
  readonly type: 'string';
  readonly value: string;
}

export interface JsonNumberNode extends NodeBase {
  readonly type: 'number';
  /** The literal as written, e.g. `-12`, `1.0`, `3e2`. */
  readonly raw: string;
  /** True when written without fraction or exponent (Jackson makes an Int/Long/BigInteger node). */
  readonly integral: boolean;
}

export interface JsonBooleanNode extends NodeBase {
  readonly type: 'boolean';
  readonly value: boolean;
}

export interface JsonNullNode extends NodeBase {
  readonly type: 'null';
}
/** Jackson's `isInt()`: an integral literal that fits a Java int. */
export function isJavaInt(node: JsonNode): node is JsonNumberNode {
  if (node.type !== 'number' || !node.integral) return false;
  const v = Number(node.raw);
  return v >= INT_MIN && v <= INT_MAX;
}

/** Jackson's `isLong() || isInt()`: an integral literal that fits a Java long. */
export function isJavaLong(node: JsonNode): node is JsonNumberNode {
  if (node.type !== 'number' || !node.integral) return false;
  const v = BigInt(node.raw);
  return v >= LONG_MIN && v <= LONG_MAX;
}
/** The node as Jackson's `JsonNode.toString()` prints it (compact JSON), for messages like Kafka's. */
export function renderNode(node: JsonNode): string {
  switch (node.type) {
    case 'object':
      return `{${node.members.map((m) => `${quoteForMessage(m.key)}:${renderNode(m.value)}`).join(',')}}`;
    case 'array':
      return `[${node.items.map(renderNode).join(',')}]`;
    case 'string':
      return quoteForMessage(node.value);
    case 'number':
      return node.raw;
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
  }
}

function quoteForMessage(s: string): string {
  return JSON.stringify(s);
}

/** The member named `key`; the last one when the key is repeated (Jackson keeps the last). */
/** Per-object key index, built on first lookup: a 10,000-partition topic znode is looked up per partition. */
const memberIndex = new WeakMap<JsonObjectNode, Map<string, JsonNode>>();

/** The value of `key` (the last one when repeated, as Jackson keeps it). */
export function member(obj: JsonObjectNode, key: string): JsonNode | undefined {
  let index = memberIndex.get(obj);
  if (!index) {
    index = new Map();
    for (const m of obj.members) index.set(m.key, m.value);
    memberIndex.set(obj, index);
  }
  return index.get(key);
}

/** Keys that occur more than once in an object, with the offset of the second occurrence. */
export function duplicateKeys(obj: JsonObjectNode): { key: string; keyStart: number }[] {
  const seen = new Set<string>();
  const dups: { key: string; keyStart: number }[] = [];
  for (const m of obj.members) {
    if (seen.has(m.key)) dups.push({ key: m.key, keyStart: m.keyStart });
    seen.add(m.key);
  }
  return dups;
}

/** The first duplicate key anywhere in the tree (depth first), with its JSON pointer. */
export function firstDuplicateKey(node: JsonNode, pointer = ''): { key: string; keyStart: number; pointer: string } | null {
  if (node.type === 'object') {
    const dups = duplicateKeys(node);
    if (dups.length > 0) return { ...dups[0], pointer: `${pointer}/${escapePointer(dups[0].key)}` };
    for (const m of node.members) {
      const found = firstDuplicateKey(m.value, `${pointer}/${escapePointer(m.key)}`);
      if (found) return found;
    }
  } else if (node.type === 'array') {
    for (let i = 0; i < node.items.length; i++) {
      const found = firstDuplicateKey(node.items[i], `${pointer}/${i}`);
      if (found) return found;
    }
  }
  return null;
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
