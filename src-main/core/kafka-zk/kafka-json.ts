/**
 * Reading znode JSON the way `kafka.utils.Json` / `kafka.utils.json.JsonValue` do, with Kafka's
 * failure messages, and a small driver that runs a znode's Kafka-faithful reader followed by the
 * emulation's protective checks (see ZnodeFormatError for the three outcomes).
 *
 * Kafka's reader rules that matter for hand-written data:
 * * `to[Int]` accepts only an integral literal that fits an int (`1`, not `1.0`, `"1"`, `2147483648`):
 *   "Expected `Int` value, received 1.0";
 * * `to[String]` accepts only a JSON string: "Expected `String` value, received 1";
 * * `to[Seq[_]]` needs an array: "Expected JSON array, received {}";
 * * `asJsonObject` needs an object: "Expected JSON object, received []";
 * * `obj("k")` on a missing member: "No such field exists: `k`";
 * * `to[Option[_]]` reads `null` as None;
 * * a repeated member keeps its last value; content after the first value is ignored.
 */

import type { TopicPartition } from '../common/topic-partition';
import { TopicPartitionMap } from '../common/topic-partition';
import type { ZnodeData } from '../zookeeper/types';
import { escapePointer, firstDuplicateKey, isJavaInt, isJavaLong, member, renderNode } from './json-node';
import { lineAndColumn, readJson, utf8Text } from './json-reader';
import type { JsonDocument } from './json-reader';
import type { JsonArrayNode, JsonNode, JsonObjectNode } from './json-node';
import { jsonBytes, jsonObject } from './json-writer';
import type { KafkaReading } from './znode-format-error';
import { ZnodeFormatError } from './znode-format-error';

/** Thrown inside a reader; turned into a ZnodeFormatError by {@link decodeJsonZnode}. */
export class DecodeFailure {
  constructor(
    readonly reason: string,
    readonly kafkaReading: KafkaReading,
    readonly pointer: string | null = null,
    readonly offset: number | null = null,
  ) {}
}

export function failAt(node: JsonNode | null, pointer: string | null, reason: string, reading: KafkaReading): never {
  throw new DecodeFailure(reason, reading, pointer, node ? node.start : null);
}

export function childPointer(pointer: string, key: string | number): string {
  return `${pointer}/${typeof key === 'number' ? key : escapePointer(key)}`;
}

// ---- Kafka's JsonValue conversions (all fail with kafkaReading 'throws') ----

export function asObject(node: JsonNode, pointer: string): JsonObjectNode {
  if (node.type !== 'object') failAt(node, pointer, `Expected JSON object, received ${renderNode(node)}`, 'throws');
  return node;
}

export function asArray(node: JsonNode, pointer: string): JsonArrayNode {
  if (node.type !== 'array') failAt(node, pointer, `Expected JSON array, received ${renderNode(node)}`, 'throws');
  return node;
}

/** `obj(name)`: the member, or "No such field exists". */
export function required(obj: JsonObjectNode, name: string, pointer: string): JsonNode {
  const value = member(obj, name);
  if (value === undefined) failAt(obj, pointer, `No such field exists: \`${name}\``, 'throws');
  return value;
}

export function toInt(node: JsonNode, pointer: string): number {
  if (!isJavaInt(node)) failAt(node, pointer, `Expected \`Int\` value, received ${renderNode(node)}`, 'throws');
  return Number(node.raw) | 0;
}

export function toLong(node: JsonNode, pointer: string): bigint {
  if (!isJavaLong(node)) failAt(node, pointer, `Expected \`Long\` value, received ${renderNode(node)}`, 'throws');
  return BigInt(node.raw);
}

export function toStr(node: JsonNode, pointer: string): string {
  if (node.type !== 'string') failAt(node, pointer, `Expected \`String\` value, received ${renderNode(node)}`, 'throws');
  return node.value;
}

/** `to[Option[String]]`: null is None. */
export function toOptionalStr(node: JsonNode | undefined, pointer: string): string | null {
  if (node === undefined || node.type === 'null') return null;
  return toStr(node, pointer);
}

export function toIntList(node: JsonNode, pointer: string): number[] {
  const arr = asArray(node, pointer);
  return arr.items.map((item, i) => toInt(item, childPointer(pointer, i)));
}

export function toStringList(node: JsonNode, pointer: string): string[] {
  const arr = asArray(node, pointer);
  return arr.items.map((item, i) => toStr(item, childPointer(pointer, i)));
}

// ---- numbers as Kafka writes them ----

/** True when `s` is the number written as Kafka writes it (`String.valueOf(n)`). */
export function isCanonicalDecimal(s: string): boolean {
  return /^(0|-?[1-9][0-9]*)$/.test(s);
}

// ---- protective checks shared by several znodes (kafkaReading 'accepts') ----

export function protect(node: JsonNode | null, pointer: string | null, reason: string): never {
  failAt(node, pointer, reason, 'accepts');
}

/** `version` must be one of `known`; Kafka 2.5 never reads it, so this only protects. */
export function checkVersion(root: JsonObjectNode, known: readonly number[], writes: number): void {
  const v = member(root, 'version');
  const expected = known.length === 1 ? `${writes}` : `${writes} (it also reads ${known.filter((k) => k !== writes).join(', ')})`;
  if (v === undefined) protect(root, '', `"version" is missing; Kafka 2.5 writes version ${expected}`);
  if (!isJavaInt(v) || !known.includes(Number(v.raw))) {
    protect(v, '/version', `Unknown version ${renderNode(v)}; Kafka 2.5 writes version ${expected}`);
  }
}

/** Broker ids in a replica list / ISR: none negative, none repeated. */
export function checkBrokerIdList(ids: readonly number[], node: JsonNode, pointer: string, what: string): void {
  const seen = new Set<number>();
  const list = `[${ids.join(',')}]`;
  const arr = node.type === 'array' ? node : null;
  ids.forEach((id, i) => {
    const at = arr?.items[i] ?? node;
    if (id < 0) protect(at, childPointer(pointer, i), `Negative broker id ${id} in ${what} ${list}`);
    if (seen.has(id)) protect(at, childPointer(pointer, i), `Broker ${id} appears more than once in ${what} ${list}`);
    seen.add(id);
  });
}

// ---- the driver ----

export type DataOutcome<T> = { readonly value: T } | { readonly reading: KafkaReading; readonly reason: string; readonly value?: T };

export interface JsonZnodeReader<T> {
  readonly path: string;
  /** What Kafka does when the znode holds null data. */
  readonly onNull: DataOutcome<T>;
  /** What Kafka does when the bytes are not JSON (`detail` is Jackson's message with its place). */
  readonly onUnparseable: (detail: string, text: string) => DataOutcome<T>;
  /** Kafka's own reading; throws DecodeFailure('throws' | 'treats-as-empty'). */
  readonly read: (root: JsonNode, doc: JsonDocument) => T;
  /** The emulation's extra checks; throws DecodeFailure('accepts') through `protect`. */
  readonly protect?: (value: T, root: JsonNode, doc: JsonDocument) => void;
}

function outcome<T>(path: string, o: DataOutcome<T>): T | ZnodeFormatError<T> {
  if ('reading' in o) return new ZnodeFormatError<T>(path, o.reason, o.reading, { kafkaValue: o.value, pointer: '' });
  return o.value;
}

function toError<T>(path: string, text: string, f: DecodeFailure, kafkaValue: T | undefined): ZnodeFormatError<T> {
  const place = f.offset === null ? null : lineAndColumn(text, f.offset);
  return new ZnodeFormatError<T>(path, f.reason, f.kafkaReading, {
    kafkaValue: f.kafkaReading === 'throws' ? undefined : kafkaValue,
    pointer: f.pointer,
    offset: f.offset,
    line: place?.line ?? null,
    column: place?.column ?? null,
  });
}

export function decodeJsonZnode<T>(data: ZnodeData, reader: JsonZnodeReader<T>): T | ZnodeFormatError<T> {
  const { path } = reader;
  if (data === null) return outcome(path, reader.onNull);
  const decoded = utf8Text(data);
  if (!decoded.ok) return outcome(path, reader.onUnparseable(decoded.message, ''));
  const text = decoded.text;
  const parsed = readJson(text);
  if (!parsed.ok) {
    const e = parsed.error;
    const o = reader.onUnparseable(`${e.message} (line ${e.line}, column ${e.column})`, text);
    if ('reading' in o) {
      return new ZnodeFormatError<T>(path, o.reason, o.reading, {
        kafkaValue: o.value,
        pointer: null,
        offset: e.offset,
        line: e.line,
        column: e.column,
      });
    }
    return o.value;
  }
  const doc = parsed.doc;
  let value: T;
  try {
    value = reader.read(doc.root, doc);
  } catch (e) {
    if (e instanceof DecodeFailure) return toError<T>(path, text, e, undefined);
    throw e;
  }
  try {
    if (doc.trailingAt !== null) {
      throw new DecodeFailure(
        `Unexpected content after the JSON value: ${JSON.stringify(text.slice(doc.trailingAt, doc.trailingAt + 20))} (Kafka ignores it)`,
        'accepts',
        null,
        doc.trailingAt,
      );
    }
    const dup = firstDuplicateKey(doc.root);
    if (dup) {
      throw new DecodeFailure(`Duplicate field '${dup.key}' (Kafka keeps the last one)`, 'accepts', dup.pointer, dup.keyStart);
    }
    reader.protect?.(value, doc.root, doc);
  } catch (e) {
    if (e instanceof DecodeFailure) return toError<T>(path, text, e, value);
    throw e;
  }
  return value;
}

/** Decodes bytes as UTF-8 text for the non-JSON znodes (`/controller_epoch`, consumer offsets). */
export function dataText(data: Uint8Array): string {
  return new TextDecoder('utf-8').decode(data);
}

// ---- partition lists ({"topic":…,"partition":…}) shared by several znodes ----

/** `js.asJsonObject("partitions").asJsonArray` of `{"topic":…,"partition":…}`, deduplicated in order. */
export function readPartitionList(root: JsonNode): TopicPartition[] {
  const obj = asObject(root, '');
  const arr = asArray(required(obj, 'partitions', ''), '/partitions');
  const out = new TopicPartitionMap<TopicPartition>();
  arr.items.forEach((item, i) => {
    const pointer = childPointer('/partitions', i);
    const entry = asObject(item, pointer);
    const topic = toStr(required(entry, 'topic', pointer), `${pointer}/topic`);
    const partition = toInt(required(entry, 'partition', pointer), `${pointer}/partition`);
    if (!out.has({ topic, partition })) out.set({ topic, partition }, { topic, partition });
  });
  return [...out.values()];
}

/** Partition numbers in a `partitions` list must not be negative (Kafka would take them). */
export function checkPartitionNumbers(root: JsonNode): void {
  const arr = root.type === 'object' ? member(root, 'partitions') : undefined;
  if (arr?.type !== 'array') return;
  arr.items.forEach((item, i) => {
    const p = item.type === 'object' ? member(item, 'partition') : undefined;
    if (p !== undefined && isJavaInt(p) && Number(p.raw) < 0) {
      protect(p, `${childPointer('/partitions', i)}/partition`, `Negative partition ${p.raw}`);
    }
  });
}

/** `{"version":1,"partitions":[{"topic":…,"partition":…},…]}`, in the order given. */
export function encodePartitionList(partitions: Iterable<TopicPartition>): Uint8Array {
  return jsonBytes(
    jsonObject([
      ['version', 1],
      [
        'partitions',
        [...partitions].map((tp) =>
          jsonObject([
            ['topic', tp.topic],
            ['partition', tp.partition],
          ]),
        ),
      ],
    ]),
  );
}

/**
 * A znode holding a partition list (`/admin/preferred_replica_election`, an ISR change
 * notification), read as Kafka reads it: null data fails, data that is not JSON reads as no
 * partitions, a partition listed twice counts once. `version` and the partition numbers are only
 * checked, with whatever more `check` wants.
 */
export function decodePartitionList(
  path: string,
  data: ZnodeData,
  check?: (partitions: TopicPartition[], root: JsonObjectNode) => void,
): TopicPartition[] | ZnodeFormatError<TopicPartition[]> {
  return decodeJsonZnode<TopicPartition[]>(data, {
    path,
    onNull: { reading: 'throws', reason: 'The znode has null data (Kafka fails: argument "content" is null)' },
    onUnparseable: (detail) => ({
      reading: 'treats-as-empty',
      value: [],
      reason: `Not valid JSON: ${detail}. Kafka reads it as no partitions`,
    }),
    read: (root) => readPartitionList(root),
    protect: (partitions, root) => {
      checkVersion(asObject(root, ''), [1], 1);
      checkPartitionNumbers(root);
      check?.(partitions, asObject(root, ''));
    },
  });
}
