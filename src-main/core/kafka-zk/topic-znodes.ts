/**
 * Topic znodes of Kafka 2.5 (`kafka.zk.TopicZNode`, `TopicPartitionStateZNode`):
 *
 *   /brokers/topics                                null        persistent
 *   /brokers/topics/<t>                            assignment  persistent
 *     {"version":2,"partitions":{"<p>":[<replica>,…],…},"adding_replicas":{…},"removing_replicas":{…}}
 *   /brokers/topics/<t>/partitions                 null        persistent
 *   /brokers/topics/<t>/partitions/<p>             null        persistent
 *   /brokers/topics/<t>/partitions/<p>/state       LeaderAndIsr
 *     {"controller_epoch":<int>,"leader":<int>,"version":1,"leader_epoch":<int>,"isr":[<int>,…]}
 *
 * The topic znode's outer map has four entries (insertion order); its three inner maps are Scala
 * `mutable.Map`s filled partition by partition, so they come out in hash order (Scala 2.12, 3
 * partitions: "2", "1", "0"). `adding_replicas`/`removing_replicas` list only partitions being
 * reassigned. The state map has five entries: Scala's immutable HashMap order.
 */

import { numberFormatMessage, parseJavaIntOrNull } from '../common/java-lang';
import type { KafkaBuild } from '../common/jvm-hash-order';
import { DEFAULT_KAFKA_BUILD, scalaImmutableMapOrder, scalaMutableHashMapOrder } from '../common/jvm-hash-order';
import type { TopicPartition } from '../common/topic-partition';
import type { ZnodeData } from '../zookeeper/types';
import type { JsonNode, JsonObjectNode } from './json-node';
import { member } from './json-node';
import type { JsonOut } from './json-writer';
import { jsonBytes, jsonObject } from './json-writer';
import {
  asObject,
  checkBrokerIdList,
  checkVersion,
  childPointer,
  decodeJsonZnode,
  failAt,
  isCanonicalDecimal,
  protect,
  required,
  toInt,
  toIntList,
} from './kafka-json';
import type { ZnodeFormatError } from './znode-format-error';

// ---------------------------------------------------------------------------------------------
// ReplicaAssignment (kafka.controller.ReplicaAssignment), as stored in the topic znode

export interface ReplicaAssignment {
  /** RS: all replicas, the first one the preferred leader. */
  readonly replicas: readonly number[];
  /** AR: replicas being added by a reassignment. */
  readonly addingReplicas: readonly number[];
  /** RR: replicas being removed by a reassignment. */
  readonly removingReplicas: readonly number[];
}

const without = (xs: readonly number[], remove: readonly number[]): number[] => xs.filter((x) => !remove.includes(x));

export const ReplicaAssignment = Object.freeze({
  of(replicas: readonly number[], addingReplicas: readonly number[] = [], removingReplicas: readonly number[] = []): ReplicaAssignment {
    return { replicas: [...replicas], addingReplicas: [...addingReplicas], removingReplicas: [...removingReplicas] };
  },
  isBeingReassigned(a: ReplicaAssignment): boolean {
    return a.addingReplicas.length > 0 || a.removingReplicas.length > 0;
  },
  /** RS − AR: the replicas before the reassignment. */
  originReplicas(a: ReplicaAssignment): number[] {
    return without(a.replicas, a.addingReplicas);
  },
  /** RS − RR: the replicas after the reassignment. */
  targetReplicas(a: ReplicaAssignment): number[] {
    return without(a.replicas, a.removingReplicas);
  },
  /** `reassignTo(T)`: RS' = distinct(T ++ origin), AR' = RS' − origin, RR' = RS' − T. */
  reassignTo(a: ReplicaAssignment, target: readonly number[]): ReplicaAssignment {
    const origin = ReplicaAssignment.originReplicas(a);
    const replicas = [...new Set([...target, ...origin])];
    return { replicas, addingReplicas: without(replicas, origin), removingReplicas: without(replicas, target) };
  },
});

/** A topic's assignment, by partition number (ascending). */
export type TopicAssignment = ReadonlyMap<number, ReplicaAssignment>;

// ---------------------------------------------------------------------------------------------

export const TopicsZNode = Object.freeze({ path: '/brokers/topics' });

function partitionMap(entries: readonly (readonly [string, readonly number[]])[], build: KafkaBuild): JsonOut {
  const byKey = new Map(entries);
  return jsonObject(scalaMutableHashMapOrder(byKey.keys(), build).map((k) => [k, byKey.get(k) ?? []] as const));
}

export const TopicZNode = Object.freeze({
  path(topic: string): string {
    return `${TopicsZNode.path}/${topic}`;
  },

  /**
   * Version 2 with all four keys. Partitions enter Kafka's mutable maps in the order given here
   * (Kafka passes its assignment map's order; ascending is the usual case), which decides where
   * two partitions that share a hash bucket come out.
   */
  encode(assignment: Iterable<readonly [number, ReplicaAssignment]>, build: KafkaBuild = DEFAULT_KAFKA_BUILD): Uint8Array {
    const replicas: [string, readonly number[]][] = [];
    const adding: [string, readonly number[]][] = [];
    const removing: [string, readonly number[]][] = [];
    for (const [partition, a] of assignment) {
      const key = String(partition);
      replicas.push([key, a.replicas]);
      if (a.addingReplicas.length > 0) adding.push([key, a.addingReplicas]);
      if (a.removingReplicas.length > 0) removing.push([key, a.removingReplicas]);
    }
    return jsonBytes(
      jsonObject([
        ['version', 2],
        ['partitions', partitionMap(replicas, build)],
        ['adding_replicas', partitionMap(adding, build)],
        ['removing_replicas', partitionMap(removing, build)],
      ]),
    );
  },

  /**
   * `TopicZNode.decode`. Kafka reads data that is not JSON as a topic without partitions, takes a
   * missing `adding_replicas`/`removing_replicas` (version 1) as empty, and never reads `version`.
   */
  decode(topic: string, data: ZnodeData): TopicAssignment | ZnodeFormatError<TopicAssignment> {
    return decodeJsonZnode<TopicAssignment>(data, {
      path: TopicZNode.path(topic),
      onNull: { reading: 'throws', reason: 'The znode has null data (Kafka fails reading the assignment: argument "content" is null)' },
      onUnparseable: (detail) => ({
        reading: 'treats-as-empty',
        value: new Map(),
        reason: `Not valid JSON: ${detail}. Kafka reads it as a topic without partitions`,
      }),
      read: (root) => readAssignment(root),
      protect: (assignment, root) => protectAssignment(assignment, asObject(root, '')),
    });
  },
});

/** Members of an object, a repeated key keeping its first place and last value (Jackson ObjectNode). */
function lastValues(obj: JsonObjectNode): { key: string; value: JsonNode }[] {
  const map = new Map<string, JsonNode>();
  for (const m of obj.members) map.set(m.key, m.value);
  return [...map].map(([key, value]) => ({ key, value }));
}

function readAssignment(root: JsonNode): TopicAssignment {
  const obj = asObject(root, '');
  const addingNode = member(obj, 'adding_replicas');
  const adding = addingNode === undefined ? undefined : asObject(addingNode, '/adding_replicas');
  const removingNode = member(obj, 'removing_replicas');
  const removing = removingNode === undefined ? undefined : asObject(removingNode, '/removing_replicas');
  const partitionsNode = member(obj, 'partitions');
  const result = new Map<number, ReplicaAssignment>();
  if (partitionsNode === undefined) return result;
  const partitions = asObject(partitionsNode, '/partitions');
  const sideList = (side: JsonObjectNode | undefined, name: string, key: string): number[] => {
    const node = side ? member(side, key) : undefined;
    return node === undefined ? [] : toIntList(node, childPointer(`/${name}`, key));
  };
  for (const { key, value } of lastValues(partitions)) {
    const partition = parseJavaIntOrNull(key);
    if (partition === null) {
      failAt(value, childPointer('/partitions', key), `Invalid partition id "${key}": ${numberFormatMessage(key)}`, 'throws');
    }
    const replicas = toIntList(value, childPointer('/partitions', key));
    result.set(partition, {
      replicas,
      addingReplicas: sideList(adding, 'adding_replicas', key),
      removingReplicas: sideList(removing, 'removing_replicas', key),
    });
  }
  return new Map([...result].sort((a, b) => a[0] - b[0]));
}

function protectAssignment(assignment: TopicAssignment, obj: JsonObjectNode): void {
  checkVersion(obj, [1, 2], 2);
  const partitionsNode = member(obj, 'partitions');
  if (partitionsNode === undefined) protect(obj, '', '"partitions" is missing: Kafka would see a topic without partitions');
  const partitions = asObject(partitionsNode, '/partitions');
  if (partitions.members.length === 0) protect(partitions, '/partitions', 'The topic has no partitions');
  const seen = new Map<number, string>();
  for (const m of partitions.members) {
    const pointer = childPointer('/partitions', m.key);
    const p = parseJavaIntOrNull(m.key) ?? 0;
    if (!isCanonicalDecimal(m.key)) protect(m.value, pointer, `Partition id "${m.key}" is not written as Kafka writes it ("${p}")`);
    if (p < 0) protect(m.value, pointer, `Negative partition id ${p}`);
    if (seen.has(p)) protect(m.value, pointer, `Partition ${p} is listed more than once`);
    seen.set(p, m.key);
  }
  const ids = [...assignment.keys()];
  const n = ids.length;
  const missing = Array.from({ length: n }, (_, i) => i).filter((i) => !assignment.has(i));
  if (missing.length > 0) {
    const stray = ids.filter((p) => p >= n);
    const strayNode = member(partitions, String(stray[0])) ?? partitions;
    protect(
      strayNode,
      childPointer('/partitions', String(stray[0])),
      `Partitions must be numbered 0 to ${n - 1} without gaps: found ${ids.join(', ')} (partition ${missing[0]} is missing)`,
    );
  }
  for (const [p, a] of assignment) {
    const pointer = childPointer('/partitions', String(p));
    const node = member(partitions, String(p)) ?? partitions;
    if (a.replicas.length === 0) protect(node, pointer, `Partition ${p} has no replicas`);
    checkBrokerIdList(a.replicas, node, pointer, `the replicas of partition ${p}`);
  }
  for (const side of ['adding_replicas', 'removing_replicas'] as const) {
    const sideNode = member(obj, side);
    if (sideNode === undefined) continue;
    const sideObj = asObject(sideNode, `/${side}`);
    for (const m of sideObj.members) {
      const pointer = childPointer(`/${side}`, m.key);
      const p = parseJavaIntOrNull(m.key);
      const a = p === null ? undefined : assignment.get(p);
      if (p === null || a === undefined || !isCanonicalDecimal(m.key)) {
        protect(m.value, pointer, `"${side}" names partition "${m.key}", which is not in "partitions"`);
      }
      const list = side === 'adding_replicas' ? a.addingReplicas : a.removingReplicas;
      checkBrokerIdList(list, m.value, pointer, `the ${side.replace('_', ' ')} of partition ${p}`);
      const outside = list.filter((r) => !a.replicas.includes(r));
      if (outside.length > 0) {
        protect(
          m.value,
          pointer,
          `The ${side.replace('_', ' ')} [${list.join(',')}] of partition ${p} are not all in its replicas [${a.replicas.join(',')}]`,
        );
      }
    }
  }
  for (const [p, a] of assignment) {
    const both = a.addingReplicas.filter((r) => a.removingReplicas.includes(r));
    if (both.length > 0) {
      const node = member(asObject(member(obj, 'removing_replicas') ?? obj, ''), String(p)) ?? obj;
      protect(node, childPointer('/removing_replicas', String(p)), `Partition ${p} both adds and removes replica ${both[0]}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// partitions, partitions/<p>, partitions/<p>/state

export const TopicPartitionsZNode = Object.freeze({
  path(topic: string): string {
    return `${TopicZNode.path(topic)}/partitions`;
  },
});

export const TopicPartitionZNode = Object.freeze({
  path(tp: TopicPartition): string {
    return `${TopicPartitionsZNode.path(tp.topic)}/${tp.partition}`;
  },
});

/** `kafka.api.LeaderAndIsr`: the zkVersion is the state znode's `stat.version`. */
export interface LeaderAndIsr {
  readonly leader: number;
  readonly leaderEpoch: number;
  readonly isr: readonly number[];
  readonly zkVersion: number;
}

export const LeaderAndIsr = Object.freeze({
  NoLeader: -1,
  NoEpoch: -1,
  LeaderDuringDelete: -2,
  EpochDuringDelete: -2,
  initialLeaderEpoch: 0,
  initialZkVersion: 0,
});

/** `kafka.controller.LeaderIsrAndControllerEpoch`. */
export interface LeaderIsrAndControllerEpoch {
  readonly leaderAndIsr: LeaderAndIsr;
  readonly controllerEpoch: number;
}

const STATE_KEYS = ['version', 'leader', 'leader_epoch', 'controller_epoch', 'isr'] as const;

export const TopicPartitionStateZNode = Object.freeze({
  path(tp: TopicPartition): string {
    return `${TopicPartitionZNode.path(tp)}/state`;
  },

  encode(state: LeaderIsrAndControllerEpoch, build: KafkaBuild = DEFAULT_KAFKA_BUILD): Uint8Array {
    const values: Record<(typeof STATE_KEYS)[number], JsonOut> = {
      version: 1,
      leader: state.leaderAndIsr.leader,
      leader_epoch: state.leaderAndIsr.leaderEpoch,
      controller_epoch: state.controllerEpoch,
      isr: [...state.leaderAndIsr.isr],
    };
    const order = scalaImmutableMapOrder(STATE_KEYS, build) as (typeof STATE_KEYS)[number][];
    return jsonBytes(jsonObject(order.map((k) => [k, values[k]] as const)));
  },

  /**
   * `TopicPartitionStateZNode.decode(bytes, stat)`: Kafka reads `leader`, `leader_epoch`, `isr`,
   * `controller_epoch` (never `version`); data that is not JSON reads as no state (None).
   */
  decode(
    tp: TopicPartition,
    data: ZnodeData,
    zkVersion: number,
  ): LeaderIsrAndControllerEpoch | ZnodeFormatError<LeaderIsrAndControllerEpoch> {
    return decodeJsonZnode<LeaderIsrAndControllerEpoch>(data, {
      path: TopicPartitionStateZNode.path(tp),
      onNull: {
        reading: 'throws',
        reason: 'The znode has null data (Kafka fails reading the partition state: argument "content" is null)',
      },
      onUnparseable: (detail) => ({
        reading: 'treats-as-empty',
        reason: `Not valid JSON: ${detail}. Kafka reads it as a partition without leader and ISR information`,
      }),
      read: (root) => {
        const obj = asObject(root, '');
        const leader = toInt(required(obj, 'leader', ''), '/leader');
        const leaderEpoch = toInt(required(obj, 'leader_epoch', ''), '/leader_epoch');
        const isr = toIntList(required(obj, 'isr', ''), '/isr');
        const controllerEpoch = toInt(required(obj, 'controller_epoch', ''), '/controller_epoch');
        return { leaderAndIsr: { leader, leaderEpoch, isr, zkVersion }, controllerEpoch };
      },
      protect: (state, root) => {
        const obj = asObject(root, '');
        checkVersion(obj, [1], 1);
        const at = (k: string): JsonNode | null => member(obj, k) ?? null;
        const { leader, leaderEpoch, isr } = state.leaderAndIsr;
        if (leader < LeaderAndIsr.NoLeader)
          protect(at('leader'), '/leader', `Invalid leader ${leader}: use a broker id, or -1 for no leader`);
        if (leaderEpoch < 0) protect(at('leader_epoch'), '/leader_epoch', `Negative leader epoch ${leaderEpoch}`);
        if (state.controllerEpoch < 0)
          protect(at('controller_epoch'), '/controller_epoch', `Negative controller epoch ${state.controllerEpoch}`);
        checkBrokerIdList(isr, at('isr') ?? obj, '/isr', 'the ISR');
        if (leader >= 0 && !isr.includes(leader)) protect(at('leader'), '/leader', `Leader ${leader} is not in the ISR [${isr.join(',')}]`);
      },
    });
  },
});
