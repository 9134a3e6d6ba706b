/**
 * The operations of IncrementalAlterConfigs (KIP-339) as Kafka 2.5.1's `AdminManager` applies
 * them to the overrides a resource has in ZooKeeper (`prepareIncrementalConfigs`): SET and DELETE
 * any key, APPEND and SUBTRACT list keys only — with 2.5.1's own failures kept, since an operator
 * rehearsing against this cluster meets them on a real one: APPEND/SUBTRACT of an unknown name
 * fails as the Scala map lookup does (`key not found: …`), of a list key with no override as a
 * NullPointerException, and an operation id Kafka does not know as a MatchError.
 */
import type { ConfigType } from '../common/config-def';
import { KafkaApiError } from '../common/kafka-errors';
import { scalaImmutableMapOrder, DEFAULT_KAFKA_BUILD, type KafkaBuild } from '../common/jvm-hash-order';

/** `AlterConfigOp.OpType` by id; an id not here is null (`OpType.forId`). */
export const ALTER_CONFIG_OP_TYPES = ['SET', 'DELETE', 'APPEND', 'SUBTRACT'] as const;
export type AlterConfigOpType = (typeof ALTER_CONFIG_OP_TYPES)[number];

export interface AlterConfigOp {
  readonly name: string;
  readonly value: string | null;
  readonly opType: AlterConfigOpType | null;
}

export function opTypeForId(id: number): AlterConfigOpType | null {
  return ALTER_CONFIG_OP_TYPES[id] ?? null;
}

/** `AlterConfigOp.toString`, as AdminManager's error line prints the request's operations. */
export function alterConfigOpsString(ops: readonly AlterConfigOp[]): string {
  const entry = (op: AlterConfigOp) =>
    `ConfigEntry(name=${op.name}, value=${op.value}, source=UNKNOWN, isSensitive=false, isReadOnly=false, synonyms=[])`;
  return `List(${ops.map((op) => `AlterConfigOp{opType=${op.opType}, configEntry=${entry(op)}}`).join(', ')})`;
}

/** "Error due to duplicate config keys : …": a name in more than one operation of a resource. */
export function duplicateKeysError(ops: readonly AlterConfigOp[], build: KafkaBuild = DEFAULT_KAFKA_BUILD): KafkaApiError | null {
  const counts = new Map<string, number>();
  for (const op of ops) counts.set(op.name, (counts.get(op.name) ?? 0) + 1);
  const duplicates = [...counts].filter(([, n]) => n > 1).map(([name]) => name);
  if (duplicates.length === 0) return null;
  return new KafkaApiError(
    'INVALID_REQUEST',
    `Error due to duplicate config keys : ${scalaImmutableMapOrder(duplicates, build).join(',')}`,
  );
}

/**
 * `prepareIncrementalConfigs`: `props` (the resource's overrides) changed in place, operation by
 * operation; `typeOf` gives a known key's type (LogConfig's for topics, KafkaConfig's for brokers).
 */
export function prepareIncrementalConfigs(
  ops: readonly AlterConfigOp[],
  props: Map<string, string>,
  typeOf: (name: string) => ConfigType | undefined,
): void {
  const listValue = (op: AlterConfigOp, verb: 'append' | 'subtract'): string[] => {
    const type = typeOf(op.name);
    if (type === undefined) throw new KafkaApiError('UNKNOWN_SERVER_ERROR', `key not found: ${op.name}`, 'NoSuchElementException');
    if (type !== 'LIST') throw new KafkaApiError('INVALID_REQUEST', `Config value ${verb} is not allowed for config key: ${op.name}`);
    const old = props.get(op.name);
    if (old === undefined || op.value === null) throw new KafkaApiError('UNKNOWN_SERVER_ERROR', undefined, 'NullPointerException');
    return javaSplit(old);
  };
  for (const op of ops) {
    switch (op.opType) {
      case 'SET':
        // `Properties.setProperty(k, null)` throws.
        if (op.value === null) throw new KafkaApiError('UNKNOWN_SERVER_ERROR', undefined, 'NullPointerException');
        props.set(op.name, op.value);
        break;
      case 'DELETE':
        props.delete(op.name);
        break;
      case 'APPEND': {
        const old = listValue(op, 'append');
        props.set(op.name, [...old, ...javaSplit(op.value!)].join(','));
        break;
      }
      case 'SUBTRACT': {
        const old = listValue(op, 'subtract');
        // `List.diff`: each element of the right side removes one occurrence.
        const remaining = [...old];
        for (const v of javaSplit(op.value!)) {
          const i = remaining.indexOf(v);
          if (i >= 0) remaining.splice(i, 1);
        }
        props.set(op.name, remaining.join(','));
        break;
      }
      default:
        throw new KafkaApiError('UNKNOWN_SERVER_ERROR', 'null', 'MatchError');
    }
  }
}

/** `String.split(",")`: trailing empty strings dropped (and "" gives [""]). */
function javaSplit(s: string): string[] {
  const parts = s.split(',');
  if (s === '') return [''];
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}
