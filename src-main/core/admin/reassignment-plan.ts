/**
 * The plan half of Kafka's `ReassignPartitionsCommand`, without I/O: the proposed assignment of
 * `--generate` (`generateAssignment` / `calculateAssignment`), the partitions a proposal moves, the
 * throttled-replica lists `--execute` writes on each topic — in 2.5.1's form for the `--zookeeper`
 * tool (`assignThrottledReplicas`) and 2.6's for the `--bootstrap-server` one (`calculateMoveMap`,
 * `calculateLeaderThrottles`, `calculateFollowerThrottles`) — and `dataToMove`, the bytes each
 * destination broker must fetch. Assignments are arrays of `[partition, replicas]` in the order of
 * the Scala map Kafka would iterate, since the tools print them in that order.
 */
import { AdminJavaException } from './admin-exceptions';
import { topicPartitionHashCode } from './consumer-group-reset-plan';
import { assignReplicasToBrokers, getBrokerMetadatas, type BrokerMetadata } from './replica-assignment';
import { DEFAULT_KAFKA_BUILD, scala212MutableHashMapOrderBy, scalaImmutableMapOrderBy } from '../common/jvm-hash-order';
import { tpKey, type TopicPartition } from '../common/topic-partition';
import type { Random } from '../platform/random';

export type Assignment = Array<[TopicPartition, number[]]>;
export type ReadonlyAssignment = ReadonlyArray<readonly [TopicPartition, readonly number[]]>;

/** The iteration order of a Scala immutable `Map[TopicPartition, _]` built from these entries (a later key wins). */
export function scalaMapOrderOfAssignment<V>(entries: ReadonlyArray<readonly [TopicPartition, V]>): Array<[TopicPartition, V]> {
  const byKey = new Map(entries.map(([tp, v]) => [tpKey(tp), [tp, v] as [TopicPartition, V]]));
  return scalaImmutableMapOrderBy([...byKey.values()], ([tp]) => topicPartitionHashCode(tp), DEFAULT_KAFKA_BUILD);
}

/** Scala's `duplicates`: each item seen more than once, once. */
export function duplicates<T>(items: readonly T[], key: (t: T) => string = String): T[] {
  const seen = new Map<string, number>();
  for (const i of items) seen.set(key(i), (seen.get(key(i)) ?? 0) + 1);
  const out = new Map<string, T>();
  for (const i of items) if ((seen.get(key(i)) ?? 0) > 1) out.set(key(i), i);
  return [...out.values()];
}

/** `parseGenerateAssignmentArgs` once the JSON is read: `--broker-list` parsed, duplicates refused. */
export function parseGenerateAssignmentArgs(topics: readonly string[], brokerListString: string): { brokers: number[]; topics: string[] } {
  const brokers = brokerListString.split(',').map((s) => {
    if (!/^[+-]?\d+$/.test(s)) throw new AdminJavaException('java.lang.NumberFormatException', `For input string: "${s}"`);
    return Number(s);
  });
  const dupBrokers = duplicates(brokers);
  if (dupBrokers.length > 0) throw AdminJavaException.adminCommandFailed(`Broker list contains duplicate entries: ${dupBrokers.join(',')}`);
  const dupTopics = duplicates(topics);
  if (dupTopics.length > 0)
    throw AdminJavaException.adminCommandFailed(`List of topics to reassign contains duplicate entries: ${dupTopics.join(',')}`);
  return { brokers, topics: [...topics] };
}

/**
 * `calculateAssignment`: per topic, `AdminUtils.assignReplicasToBrokers` over the target brokers
 * with the topic's partition count and its first partition's replication factor; in the order of
 * the `mutable.Map` Kafka fills.
 */
export function calculateAssignment(current: ReadonlyAssignment, brokerMetadatas: readonly BrokerMetadata[], random: Random): Assignment {
  const proposed: Assignment = [];
  for (const topic of [...new Set(current.map(([tp]) => tp.topic))]) {
    const partitions = current.filter(([tp]) => tp.topic === topic);
    const assigned = assignReplicasToBrokers(brokerMetadatas, partitions.length, partitions[0][1].length, -1, -1, random);
    for (const [partition, replicas] of assigned) proposed.push([{ topic, partition }, replicas]);
  }
  return scala212MutableHashMapOrderBy(proposed, ([tp]) => topicPartitionHashCode(tp));
}

export interface GenerateAssignmentInput {
  /** The current assignment of the topics to move. */
  readonly current: ReadonlyAssignment;
  /** Every registered broker with its rack. */
  readonly registeredBrokers: readonly BrokerMetadata[];
  /** `--broker-list`: the brokers to move the partitions to. */
  readonly brokerList: readonly number[];
  /** False with `--disable-rack-aware`. */
  readonly enableRackAwareness: boolean;
}

/**
 * `generateAssignment` once the current assignment is read: the target brokers' metadata
 * (`getBrokerMetadata`: racks enforced, or dropped with `--disable-rack-aware`), then
 * `calculateAssignment`.
 */
export function generateAssignment(input: GenerateAssignmentInput, random: Random): Assignment {
  const duplicated = duplicates([...input.brokerList]);
  if (duplicated.length > 0) throw AdminJavaException.adminCommandFailed(`Broker list contains duplicate entries: ${duplicated.join(',')}`);
  const brokers = getBrokerMetadatas(input.registeredBrokers, input.enableRackAwareness ? 'Enforced' : 'Disabled', input.brokerList);
  return calculateAssignment(input.current, brokers, random);
}

/** The partitions of `proposed` whose replica set gains a broker it does not have in `current` (2.5.1's `moving`). */
export function movingPartitions(current: ReadonlyAssignment, proposed: ReadonlyAssignment): TopicPartition[] {
  const before = new Map(current.map(([tp, r]) => [tpKey(tp), r]));
  return proposed
    .filter(([tp, after]) => {
      const replicas = before.get(tpKey(tp));
      return replicas !== undefined && after.some((r) => !replicas.includes(r));
    })
    .map(([tp]) => tp);
}

export interface TopicThrottledReplicas {
  /** `leader.replication.throttled.replicas`: `partition:broker,…`. */
  readonly leader: string;
  /** `follower.replication.throttled.replicas`: `partition:broker,…`. */
  readonly follower: string;
}

/**
 * 2.5.1's `assignThrottledReplicas` values, per topic of the proposal: leaders throttled on every
 * pre-move replica of a moving partition (any of them may lead), followers on each move destination.
 */
export function assignThrottledReplicas(current: ReadonlyAssignment, proposed: ReadonlyAssignment): Map<string, TopicThrottledReplicas> {
  const currentOf = new Map(current.map(([tp, r]) => [tpKey(tp), r]));
  const moving = new Set(movingPartitions(current, proposed).map(tpKey));
  const out = new Map<string, TopicThrottledReplicas>();
  for (const topic of [...new Set(proposed.map(([tp]) => tp.topic))]) {
    const leader = current
      .filter(([tp]) => tp.topic === topic && moving.has(tpKey(tp)))
      .flatMap(([tp, before]) => before.map((r) => `${tp.partition}:${r}`));
    const follower = proposed
      .filter(([tp]) => tp.topic === topic)
      .flatMap(([tp, after]) => after.filter((r) => !(currentOf.get(tpKey(tp)) ?? []).includes(r)).map((r) => `${tp.partition}:${r}`));
    out.set(topic, { leader: leader.join(','), follower: follower.join(',') });
  }
  return out;
}

/** One partition's `PartitionMove`: the replicas holding its data and those that must fetch it. */
export interface PartitionMove {
  readonly sources: Set<number>;
  readonly destinations: Set<number>;
}

/** topic → partition → move. */
export type MoveMap = Map<string, Map<number, PartitionMove>>;

/** What ListPartitionReassignments reports of an ongoing reassignment. */
export interface OngoingReassignment {
  readonly replicas: readonly number[];
  readonly addingReplicas: readonly number[];
  readonly removingReplicas: readonly number[];
}

/**
 * 2.6's `calculateMoveMap`: the ongoing reassignments, overwritten by the proposal; every current
 * replica is a source, and a source is never a destination (its data is already there).
 */
export function calculateMoveMap(
  currentReassignments: ReadonlyArray<readonly [TopicPartition, OngoingReassignment]>,
  proposed: ReadonlyAssignment,
  currentParts: ReadonlyAssignment,
): MoveMap {
  const moveMap: MoveMap = new Map();
  const put = (tp: TopicPartition, move: PartitionMove) => {
    const parts = moveMap.get(tp.topic) ?? new Map<number, PartitionMove>();
    parts.set(tp.partition, move);
    moveMap.set(tp.topic, parts);
  };
  for (const [tp, r] of currentReassignments) {
    const destinations = new Set([...r.replicas, ...r.addingReplicas]);
    for (const b of r.removingReplicas) destinations.delete(b);
    put(tp, { sources: new Set(r.replicas), destinations });
  }
  for (const [tp, replicas] of proposed) put(tp, { sources: new Set(), destinations: new Set(replicas) });
  const currentOf = new Map(currentParts.map(([tp, r]) => [tpKey(tp), r]));
  for (const [topic, parts] of moveMap) {
    for (const [partition, move] of parts) {
      for (const b of currentOf.get(tpKey({ topic, partition })) ?? []) move.sources.add(b);
      for (const b of move.sources) move.destinations.delete(b);
    }
  }
  return moveMap;
}

/** A `mutable.TreeSet[String]` joined: sorted as Java compares strings (UTF-16 code units). */
const treeSetString = (items: Iterable<string>) => [...new Set(items)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(',');

/** 2.6's `calculateLeaderThrottles`: topic → `partition:source,…` over every partition of the move map. */
export function calculateLeaderThrottles(moveMap: MoveMap): Map<string, string> {
  return new Map(
    [...moveMap].map(([topic, parts]) => [topic, treeSetString([...parts].flatMap(([p, move]) => [...move.sources].map((b) => `${p}:${b}`)))]),
  );
}

/** 2.6's `calculateFollowerThrottles`: topic → `partition:destination,…`. */
export function calculateFollowerThrottles(moveMap: MoveMap): Map<string, string> {
  return new Map(
    [...moveMap].map(([topic, parts]) => [
      topic,
      treeSetString([...parts].flatMap(([p, move]) => [...move.destinations].filter((b) => !move.sources.has(b)).map((b) => `${p}:${b}`))),
    ]),
  );
}

/** 2.6's `calculateReassigningBrokers`: every source and destination, ascending. */
export function calculateReassigningBrokers(moveMap: MoveMap): number[] {
  const brokers = new Set<number>();
  for (const parts of moveMap.values()) {
    for (const move of parts.values()) for (const b of [...move.sources, ...move.destinations]) brokers.add(b);
  }
  return [...brokers].sort((a, b) => a - b);
}

/**
 * Bytes each broker must fetch to carry out `proposed`: for every replica a partition gains, that
 * partition's size (`partitionSizeBytes`, e.g. the leader's log size). Brokers fetching nothing are absent.
 */
export function dataToMove(
  current: ReadonlyAssignment,
  proposed: ReadonlyAssignment,
  partitionSizeBytes: (tp: TopicPartition) => number,
): Map<number, number> {
  const before = new Map(current.map(([tp, r]) => [tpKey(tp), r]));
  const out = new Map<number, number>();
  for (const [tp, after] of proposed) {
    const replicas = before.get(tpKey(tp)) ?? [];
    for (const b of after) if (!replicas.includes(b)) out.set(b, (out.get(b) ?? 0) + partitionSizeBytes(tp));
  }
  return new Map([...out].sort(([a], [b]) => a - b));
}
