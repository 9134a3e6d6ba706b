/**
 * Admin znodes of Kafka 2.5 (`kafka.zk.ZkData`):
 *
 *   /admin                              null                                            persistent
 *   /admin/delete_topics                null                                            persistent
 *   /admin/delete_topics/<topic>        null                                            persistent
 *   /admin/reassign_partitions          {"version":1,"partitions":[{"topic":"t","partition":0,"replicas":[1,2]},…]}
 *   /admin/preferred_replica_election   {"version":1,"partitions":[{"topic":"t","partition":0},…]}
 *
 * The reassignment znode is read with Jackson data binding into Kafka's case classes
 * (`LegacyPartitionAssignment(version, partitions)`, `ReplicaAssignment(topic, partition,
 * replicas)`): anything that does not bind (not JSON, an unknown field such as "log_dirs", a list
 * where a number belongs …) is logged — "Ignoring partition reassignment due to invalid json: …" —
 * and read as no reassignment at all. Its members are written in the case classes' field order.
 * The preferred-election znode is read with `kafka.utils.Json` like the others.
 *
 * Kafka builds both partition lists from Scala collections (a Map's `toSeq`, a Set); the
 * encoders here keep the order they are given.
 */

import { INT_MAX, INT_MIN, parseJavaIntOrNull } from '../common/java-lang';
import type { TopicPartition } from '../common/topic-partition';
import { TopicPartitionMap, tpKey } from '../common/topic-partition';
import type { ZnodeData } from '../zookeeper/types';
import type { JsonNode } from './json-node';
import { isJavaInt, member, renderNode } from './json-node';
import { jsonBytes, jsonObject } from './json-writer';
import {
  asArray,
  asObject,
  checkBrokerIdList,
  checkVersion,
  childPointer,
  decodeJsonZnode,
  decodePartitionList,
  encodePartitionList,
  failAt,
  protect,
  required,
} from './kafka-json';
import { ZnodeFormatError } from './znode-format-error';

export const AdminZNode = Object.freeze({ path: '/admin' });

export const DeleteTopicsZNode = Object.freeze({ path: '/admin/delete_topics' });

export const DeleteTopicsTopicZNode = Object.freeze({
  path(topic: string): string {
    return `${DeleteTopicsZNode.path}/${topic}`;
  },
  /** The marker carries no data. */
  encode(): null {
    return null;
  },
});

// ---------------------------------------------------------------------------------------------
// /admin/reassign_partitions

export interface PartitionReassignmentZNodeData {
  /** Target replicas per partition, in znode order. */
  readonly partitions: TopicPartitionMap<readonly number[]>;
  /**
   * Set when Kafka would ignore the whole znode: its log line, "Ignoring partition reassignment
   * due to invalid json: …". `partitions` is then empty.
   */
  readonly ignoredBecause: string | null;
}

const IGNORED = 'Ignoring partition reassignment due to invalid json: ';
const ROOT_FIELDS = ['version', 'partitions'];
const ENTRY_FIELDS = ['topic', 'partition', 'replicas'];

function unbindable(node: JsonNode, pointer: string, reason: string): never {
  failAt(node, pointer, reason, 'treats-as-empty');
}

/** Jackson's coercion of a scalar into an `int` property: a number, or a string holding one. */
function bindInt(node: JsonNode, pointer: string, field: string): number {
  if (node.type === 'number') {
    const v = Math.trunc(Number(node.raw));
    if (v >= INT_MIN && v <= INT_MAX) return v;
  }
  if (node.type === 'string') {
    const v = parseJavaIntOrNull(node.value.trim());
    if (v !== null) return v;
  }
  unbindable(node, pointer, `Cannot deserialize value of type \`int\` from ${renderNode(node)} (field "${field}")`);
}

function bindString(node: JsonNode, pointer: string, field: string): string {
  if (node.type === 'string') return node.value;
  if (node.type === 'number') return node.raw;
  if (node.type === 'boolean') return String(node.value);
  unbindable(node, pointer, `Cannot deserialize value of type \`java.lang.String\` from ${renderNode(node)} (field "${field}")`);
}

function checkKnownFields(obj: JsonNode, pointer: string, known: readonly string[], cls: string): void {
  if (obj.type !== 'object') return;
  for (const m of obj.members) {
    if (!known.includes(m.key)) {
      unbindable(m.value, childPointer(pointer, m.key), `Unrecognized field "${m.key}" (class ${cls}), not marked as ignorable`);
    }
  }
}

export const ReassignPartitionsZNode = Object.freeze({
  path: '/admin/reassign_partitions',

  encode(reassignment: Iterable<readonly [TopicPartition, readonly number[]]>): Uint8Array {
    const partitions = [...reassignment].map(([tp, replicas]) =>
      jsonObject([
        ['topic', tp.topic],
        ['partition', tp.partition],
        ['replicas', [...replicas]],
      ]),
    );
    return jsonBytes(
      jsonObject([
        ['version', 1],
        ['partitions', partitions],
      ]),
    );
  },

  /**
   * Lenient, as Kafka: data that does not bind decodes to an empty reassignment with
   * `ignoredBecause` set. A ZnodeFormatError remains for data Kafka fails on (no "partitions",
   * an entry without topic or replicas, a replica that is not a number) and, with `accepts`,
   * for data it takes but the emulation refuses (empty, negative or repeated replicas, a
   * partition listed twice, a version other than 1).
   */
  decode(data: ZnodeData): PartitionReassignmentZNodeData | ZnodeFormatError<PartitionReassignmentZNodeData> {
    const path = ReassignPartitionsZNode.path;
    const result = decodeJsonZnode<PartitionReassignmentZNodeData>(data, {
      path,
      onNull: { reading: 'treats-as-empty', reason: 'No content to map due to end-of-input (the znode has null data)' },
      onUnparseable: (detail) => ({ reading: 'treats-as-empty', reason: detail }),
      read: (root) => {
        if (root.type !== 'object') {
          unbindable(
            root,
            '',
            `Cannot deserialize instance of \`kafka.zk.ReassignPartitionsZNode$LegacyPartitionAssignment\` out of ${renderNode(root)}`,
          );
        }
        checkKnownFields(root, '', ROOT_FIELDS, 'kafka.zk.ReassignPartitionsZNode$LegacyPartitionAssignment');
        const versionNode = member(root, 'version');
        if (versionNode !== undefined) bindInt(versionNode, '/version', 'version');
        const partitionsNode = member(root, 'partitions');
        if (partitionsNode === undefined || partitionsNode.type === 'null') {
          failAt(root, '', '"partitions" is missing (Kafka fails with a NullPointerException)', 'throws');
        }
        if (partitionsNode.type !== 'array') {
          unbindable(
            partitionsNode,
            '/partitions',
            `Cannot deserialize instance of \`java.util.ArrayList\` out of ${renderNode(partitionsNode)}`,
          );
        }
        const partitions = new TopicPartitionMap<readonly number[]>();
        partitionsNode.items.forEach((entry, i) => {
          const pointer = childPointer('/partitions', i);
          if (entry.type !== 'object') {
            unbindable(
              entry,
              pointer,
              `Cannot deserialize instance of \`kafka.zk.ReassignPartitionsZNode$ReplicaAssignment\` out of ${renderNode(entry)}`,
            );
          }
          checkKnownFields(entry, pointer, ENTRY_FIELDS, 'kafka.zk.ReassignPartitionsZNode$ReplicaAssignment');
          const topicNode = member(entry, 'topic');
          if (topicNode === undefined || topicNode.type === 'null') {
            failAt(entry, pointer, 'A partition entry has no "topic" (Kafka fails on it)', 'throws');
          }
          const topic = bindString(topicNode, `${pointer}/topic`, 'topic');
          const partitionNode = member(entry, 'partition');
          const partition =
            partitionNode === undefined || partitionNode.type === 'null' ? 0 : bindInt(partitionNode, `${pointer}/partition`, 'partition');
          const replicasNode = member(entry, 'replicas');
          if (replicasNode === undefined || replicasNode.type === 'null') {
            failAt(entry, pointer, `Partition ${topic}-${partition} has no "replicas" (Kafka fails with a NullPointerException)`, 'throws');
          }
          if (replicasNode.type !== 'array') {
            unbindable(
              replicasNode,
              `${pointer}/replicas`,
              `Cannot deserialize instance of \`java.util.ArrayList\` out of ${renderNode(replicasNode)}`,
            );
          }
          const replicas = replicasNode.items.map((r, j) => {
            if (!isJavaInt(r)) {
              failAt(
                r,
                `${pointer}/replicas/${j}`,
                `Replica ${renderNode(r)} of ${topic}-${partition} is not a broker id (Kafka fails with a ClassCastException)`,
                'throws',
              );
            }
            return Number(r.raw);
          });
          partitions.set({ topic, partition }, replicas);
        });
        return { partitions, ignoredBecause: null };
      },
      protect: (value, root) => {
        const obj = asObject(root, '');
        if (obj.members.length === 0) return;
        checkVersion(obj, [1], 1);
        const entries = asArray(required(obj, 'partitions', ''), '/partitions');
        const seen = new Set<string>();
        entries.items.forEach((entry, i) => {
          const pointer = childPointer('/partitions', i);
          const e = asObject(entry, pointer);
          const topicNode = required(e, 'topic', pointer);
          if (topicNode.type !== 'string')
            protect(topicNode, `${pointer}/topic`, `"topic" must be a string, received ${renderNode(topicNode)}`);
          const partitionNode = member(e, 'partition');
          if (partitionNode === undefined) protect(e, pointer, `Entry ${i} has no "partition" (Kafka reads it as partition 0)`);
          if (!isJavaInt(partitionNode))
            protect(partitionNode, `${pointer}/partition`, `"partition" must be a number, received ${renderNode(partitionNode)}`);
          const partition = Number(partitionNode.raw);
          if (partition < 0) protect(partitionNode, `${pointer}/partition`, `Negative partition ${partition}`);
          const name = tpKey({ topic: topicNode.value, partition });
          if (seen.has(name)) protect(entry, pointer, `Partition ${name} is listed more than once`);
          seen.add(name);
          const replicasNode = required(e, 'replicas', pointer);
          const replicas = value.partitions.get({ topic: topicNode.value, partition }) ?? [];
          if (replicas.length === 0) protect(replicasNode, `${pointer}/replicas`, `Partition ${name} has no target replicas`);
          checkBrokerIdList(replicas, replicasNode, `${pointer}/replicas`, `the target replicas of ${name}`);
        });
      },
    });
    if (result instanceof ZnodeFormatError && result.kafkaReading === 'treats-as-empty') {
      return { partitions: new TopicPartitionMap(), ignoredBecause: `${IGNORED}${result.reason}` };
    }
    return result;
  },
});

// ---------------------------------------------------------------------------------------------
// /admin/preferred_replica_election

export const PreferredReplicaElectionZNode = Object.freeze({
  path: '/admin/preferred_replica_election',

  encode(partitions: Iterable<TopicPartition>): Uint8Array {
    return encodePartitionList(partitions);
  },

  /**
   * `PreferredReplicaElectionZNode.decode`: data that is not JSON reads as no partitions; a
   * partition listed twice counts once (Kafka collects a Set).
   */
  decode(data: ZnodeData): TopicPartition[] | ZnodeFormatError<TopicPartition[]> {
    return decodePartitionList(PreferredReplicaElectionZNode.path, data);
  },
});
