/**
 * Partition expansion as Kafka 2.5 decides it, before anything is written: the CreatePartitions
 * checks of `KafkaApis` and `AdminManager.createPartitions`, then `AdminZkClient.addPartitions`
 * (validation of a manual assignment, or automatic assignment of the new partitions only).
 * Existing partitions are never moved (scenario A1); the caller rewrites `/brokers/topics/<t>`.
 *
 * Everything here throws `KafkaApiError` in the order Kafka checks, except the `*Error` functions,
 * which return the error (or null).
 */
import { KafkaApiError } from '../common/kafka-errors';
import {
  addPartitionsStartIndex,
  adminOperationError,
  assignReplicasToBrokers,
  getBrokerMetadatas,
  type BrokerMetadata,
  type PartitionReplicaAssignment,
} from './replica-assignment';

/** A partition's `/brokers/topics/<t>` entry: replicas plus any reassignment in flight. */
export interface ExistingPartitionAssignment {
  readonly replicas: readonly number[];
  readonly addingReplicas?: readonly number[];
  readonly removingReplicas?: readonly number[];
}

/** `ReplicaAssignment.toString`, used inside Kafka's messages. */
function replicaAssignmentToString(a: ExistingPartitionAssignment): string {
  return (
    `ReplicaAssignment(replicas=${a.replicas.join(',')}, ` +
    `addingReplicas=${(a.addingReplicas ?? []).join(',')}, removingReplicas=${(a.removingReplicas ?? []).join(',')})`
  );
}

function sortedEntries<V>(map: ReadonlyMap<number, V>): Array<[number, V]> {
  return [...map.entries()].sort(([a], [b]) => a - b);
}

/**
 * `AdminZkClient.validateReplicaAssignment` for a manual assignment of new partitions: no empty
 * replica list, no duplicate broker, only available brokers, and partition 0's replication factor.
 */
export function replicaAssignmentError(
  replicaAssignment: ReadonlyMap<number, readonly number[]>,
  expectedReplicationFactor: number,
  availableBrokerIds: ReadonlySet<number>,
): KafkaApiError | null {
  const entries = sortedEntries(replicaAssignment);
  for (const [partitionId, replicas] of entries) {
    if (replicas.length === 0) {
      return new KafkaApiError('INVALID_REPLICA_ASSIGNMENT', `Cannot have replication factor of 0 for partition id ${partitionId}.`);
    }
    if (new Set(replicas).size !== replicas.length) {
      return new KafkaApiError(
        'INVALID_REPLICA_ASSIGNMENT',
        `Duplicate brokers not allowed in replica assignment: ${replicas.join(', ')} for partition id ${partitionId}.`,
      );
    }
    if (!replicas.every((id) => availableBrokerIds.has(id))) {
      return new KafkaApiError(
        'BROKER_NOT_AVAILABLE',
        `Some brokers specified for partition id ${partitionId} are not available. ` +
          `Specified brokers: ${replicas.join(', ')}, ` +
          `available brokers: ${[...availableBrokerIds].sort((a, b) => a - b).join(', ')}.`,
      );
    }
  }
  const bad = entries.filter(([, replicas]) => replicas.length !== expectedReplicationFactor);
  if (bad.length > 0) {
    return new KafkaApiError(
      'INVALID_REPLICA_ASSIGNMENT',
      `Inconsistent replication factor between partitions, partition 0 has ${expectedReplicationFactor} ` +
        `while partitions [${bad.map(([p]) => p).join(', ')}] have replication factors ` +
        `[${bad.map(([, r]) => r.length).join(', ')}], respectively.`,
    );
  }
  return null;
}

/**
 * `AdminZkClient.addPartitions` without the write: the assignment of the partitions to add. A
 * manual `replicaAssignment` (keyed by new partition id) is validated and returned as is;
 * otherwise the new partitions are assigned from start index `addPartitionsStartIndex` and start
 * partition = current count, with partition 0's replication factor.
 * `allBrokers` must be `getBrokerMetadatas()`'s sorted list.
 */
export function createNewPartitionsAssignment(
  topic: string,
  existingAssignment: ReadonlyMap<number, ExistingPartitionAssignment>,
  allBrokers: readonly BrokerMetadata[],
  numPartitions: number,
  replicaAssignment: ReadonlyMap<number, readonly number[]> | null = null,
): PartitionReplicaAssignment {
  const partition0 = existingAssignment.get(0);
  if (partition0 === undefined) {
    const printed = sortedEntries(existingAssignment)
      .map(([p, a]) => `${p} -> ${replicaAssignmentToString(a)}`)
      .join(', ');
    throw adminOperationError(
      `Unexpected existing replica assignment for topic '${topic}', partition id 0 is missing. Assignment: Map(${printed})`,
    );
  }
  const partitionsToAdd = numPartitions - existingAssignment.size;
  if (partitionsToAdd <= 0) {
    throw new KafkaApiError(
      'INVALID_PARTITIONS',
      `The number of partitions for a topic can only be increased. Topic ${topic} currently has ` +
        `${existingAssignment.size} partitions, ${numPartitions} would not be an increase.`,
    );
  }
  if (replicaAssignment !== null) {
    const error = replicaAssignmentError(replicaAssignment, partition0.replicas.length, new Set(allBrokers.map((b) => b.id)));
    if (error !== null) throw error;
    return new Map(sortedEntries(replicaAssignment).map(([p, r]) => [p, [...r]]));
  }
  return assignReplicasToBrokers(
    allBrokers,
    partitionsToAdd,
    partition0.replicas.length,
    addPartitionsStartIndex(allBrokers, partition0.replicas),
    existingAssignment.size,
  );
}

export interface CreatePartitionsTopic {
  readonly topic: string;
  /** The new total partition count. */
  readonly count: number;
  /** One replica list per new partition, or null for automatic assignment. */
  readonly assignments: ReadonlyArray<readonly number[]> | null;
}

export interface CreatePartitionsContext {
  /** The topic's current `/brokers/topics/<t>` content; empty if the topic does not exist. */
  readonly existingAssignment: ReadonlyMap<number, ExistingPartitionAssignment>;
  /** The brokers registered under `/brokers/ids`, in any order. */
  readonly registeredBrokers: readonly BrokerMetadata[];
  /** Whether the controller has the topic queued for deletion. */
  readonly queuedForDeletion?: boolean;
}

/**
 * One topic of a CreatePartitions request, checked as `KafkaApis.handleCreatePartitionsRequest` and
 * `AdminManager.createPartitions` do, then assigned by `createNewPartitionsAssignment`. Returns the
 * assignment of the new partitions only.
 */
export function prepareCreatePartitions(request: CreatePartitionsTopic, context: CreatePartitionsContext): PartitionReplicaAssignment {
  const { topic } = request;
  if (context.queuedForDeletion === true) {
    throw new KafkaApiError('INVALID_TOPIC_EXCEPTION', 'The topic is queued for deletion.');
  }
  // AdminManager reads the brokers before looking at any topic, in RackAwareMode.Enforced.
  const allBrokers = getBrokerMetadatas(context.registeredBrokers);
  const allBrokerIds = new Set(allBrokers.map((b) => b.id));
  const existing = context.existingAssignment;
  for (const assignment of existing.values()) {
    if ((assignment.addingReplicas ?? []).length > 0 || (assignment.removingReplicas ?? []).length > 0) {
      throw new KafkaApiError('REASSIGNMENT_IN_PROGRESS', `A partition reassignment is in progress for the topic '${topic}'.`);
    }
  }
  if (existing.size === 0) throw new KafkaApiError('UNKNOWN_TOPIC_OR_PARTITION', `The topic '${topic}' does not exist.`);

  const oldNumPartitions = existing.size;
  const newNumPartitions = request.count;
  const increment = newNumPartitions - oldNumPartitions;
  if (increment < 0) {
    throw new KafkaApiError(
      'INVALID_PARTITIONS',
      `Topic currently has ${oldNumPartitions} partitions, which is higher than the requested ${newNumPartitions}.`,
    );
  }
  if (increment === 0) throw new KafkaApiError('INVALID_PARTITIONS', `Topic already has ${oldNumPartitions} partitions.`);

  let manual: Map<number, readonly number[]> | null = null;
  if (request.assignments !== null) {
    const unknownBrokers = [...new Set(request.assignments.flat())].filter((id) => !allBrokerIds.has(id));
    if (unknownBrokers.length > 0) {
      throw new KafkaApiError('INVALID_REPLICA_ASSIGNMENT', `Unknown broker(s) in replica assignment: ${unknownBrokers.join(', ')}.`);
    }
    if (request.assignments.length !== increment) {
      throw new KafkaApiError(
        'INVALID_REPLICA_ASSIGNMENT',
        `Increasing the number of partitions by ${increment} but ${request.assignments.length} assignments provided.`,
      );
    }
    manual = new Map(request.assignments.map((replicas, index) => [oldNumPartitions + index, replicas]));
  }
  return createNewPartitionsAssignment(topic, existing, allBrokers, newNumPartitions, manual);
}
