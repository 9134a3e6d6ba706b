/**
 * Topic creation as Kafka 2.5 decides it, before anything is written (scenario C1): the per-topic
 * part of `AdminManager.createTopics` (CreateTopics API), `AdminZkClient.createTopic` (kafka-topics
 * --zookeeper and auto-creation) and the checks both end in, `AdminZkClient.validateTopicCreate`.
 *
 * The order of checks is Kafka's, and it matters: the topic name is validated *after* the configs
 * and the assignment, so `bad name!` with RF 4 on 3 brokers fails on the replication factor.
 */
import { KafkaApiError } from '../common/kafka-errors';
import { validateTopicConfigs } from '../log/log-config';
import type { Random } from '../platform/random';
import {
  assignReplicasToBrokers,
  getBrokerMetadatas,
  type BrokerMetadata,
  type PartitionReplicaAssignment,
  type RackAwareMode,
} from './replica-assignment';
import { topicExistenceError, topicNameError } from './topic-name';

/** CreateTopics' "not set" value for NumPartitions and ReplicationFactor (v4+). */
export const NO_NUM_PARTITIONS = -1;
export const NO_REPLICATION_FACTOR = -1;

function sortedEntries<V>(map: ReadonlyMap<number, V>): Array<[number, V]> {
  return [...map.entries()].sort(([a], [b]) => a - b);
}

/**
 * `AdminZkClient.validateTopicCreate`: name, existence and '.'/'_' collisions against the topics in
 * ZooKeeper, then the assignment (same replication factor everywhere, no duplicate broker,
 * partition ids 0..n-1 — checked as Kafka does, by their sum), then the configs.
 */
export function topicCreateError(
  topic: string,
  partitionReplicaAssignment: ReadonlyMap<number, readonly number[]>,
  config: Readonly<Record<string, string>>,
  existingTopics: Iterable<string>,
): KafkaApiError | null {
  const nameError = topicNameError(topic) ?? topicExistenceError(topic, existingTopics);
  if (nameError !== null) return nameError;

  const entries = sortedEntries(partitionReplicaAssignment);
  if (new Set(entries.map(([, replicas]) => replicas.length)).size !== 1) {
    return new KafkaApiError('INVALID_REPLICA_ASSIGNMENT', 'All partitions should have the same number of replicas');
  }
  if (entries.some(([, replicas]) => new Set(replicas).size !== replicas.length)) {
    // Scala prints the whole map: `Map(0 -> ArrayBuffer(1, 1))` for an assignment from a request.
    const printed = entries.map(([p, replicas]) => `${p} -> ArrayBuffer(${replicas.join(', ')})`).join(', ');
    return new KafkaApiError('INVALID_REPLICA_ASSIGNMENT', `Duplicate replica assignment found: Map(${printed})`);
  }
  const n = entries.length;
  // Kafka only compares the sum of the non-negative ids with 0 + 1 + … + (n-1).
  const sum = entries.reduce((acc, [p]) => (p >= 0 ? acc + p : acc), 0);
  if (sum !== (n * (n - 1)) / 2) {
    return new KafkaApiError('INVALID_REPLICA_ASSIGNMENT', 'partitions should be a consecutive 0-based integer sequence');
  }
  const [configError] = validateTopicConfigs(config);
  return configError === undefined ? null : new KafkaApiError('INVALID_CONFIG', configError.message);
}

/** One topic of a CreateTopics request (`CreatableTopic`). */
export interface CreatableTopic {
  readonly name: string;
  /** -1: the controller's `num.partitions`. */
  readonly numPartitions: number;
  /** -1: the controller's `default.replication.factor`. */
  readonly replicationFactor: number;
  readonly assignments: ReadonlyArray<{ readonly partitionIndex: number; readonly brokerIds: readonly number[] }>;
  /** A null value is possible on the wire. */
  readonly configs: Readonly<Record<string, string | null>>;
}

export interface CreateTopicsContext {
  /** Topics in the handling broker's metadata cache. */
  readonly metadataCacheTopics: ReadonlySet<string>;
  /** Children of `/brokers/topics` (including topics being deleted). */
  readonly zkTopics: Iterable<string>;
  /** `metadataCache.getAliveBrokers`, in the cache's order: CreateTopics does not sort them. */
  readonly aliveBrokers: readonly BrokerMetadata[];
  readonly defaultNumPartitions: number;
  readonly defaultReplicationFactor: number;
  readonly random: Random;
}

export interface PreparedTopic {
  readonly assignment: PartitionReplicaAssignment;
  readonly configs: Readonly<Record<string, string>>;
}

/**
 * The per-topic part of `AdminManager.createTopics` up to the ZooKeeper writes (or what validateOnly
 * checks). Throws KafkaApiError with the error and message the response would carry.
 */
export function prepareCreateTopic(topic: CreatableTopic, context: CreateTopicsContext): PreparedTopic {
  if (context.metadataCacheTopics.has(topic.name)) {
    throw new KafkaApiError('TOPIC_ALREADY_EXISTS', `Topic '${topic.name}' already exists.`);
  }
  const configs: Record<string, string> = {};
  for (const [name, value] of Object.entries(topic.configs)) {
    // Properties.setProperty(name, null) throws a NullPointerException: an unexpected error, no message.
    if (value === null) throw new KafkaApiError('UNKNOWN_SERVER_ERROR', undefined, 'NullPointerException');
    configs[name] = value;
  }
  const [configError] = validateTopicConfigs(configs);
  if (configError !== undefined) throw new KafkaApiError('INVALID_CONFIG', configError.message);

  const hasAssignments = topic.assignments.length > 0;
  if ((topic.numPartitions !== NO_NUM_PARTITIONS || topic.replicationFactor !== NO_REPLICATION_FACTOR) && hasAssignments) {
    throw new KafkaApiError(
      'INVALID_REQUEST',
      'Both numPartitions or replicationFactor and replicasAssignments were set. Both cannot be used at the same time.',
    );
  }
  const numPartitions = topic.numPartitions === NO_NUM_PARTITIONS ? context.defaultNumPartitions : topic.numPartitions;
  const replicationFactor = topic.replicationFactor === NO_REPLICATION_FACTOR ? context.defaultReplicationFactor : topic.replicationFactor;

  let assignment: PartitionReplicaAssignment;
  if (!hasAssignments) {
    assignment = assignReplicasToBrokers(context.aliveBrokers, numPartitions, replicationFactor, -1, -1, context.random);
  } else {
    // Unknown brokers are not checked here (unlike CreatePartitions); a repeated index overwrites.
    assignment = new Map();
    for (const a of topic.assignments) assignment.set(a.partitionIndex, [...a.brokerIds]);
    assignment = new Map(sortedEntries(assignment));
  }
  const error = topicCreateError(topic.name, assignment, configs, context.zkTopics);
  if (error !== null) throw error;
  return { assignment, configs };
}

/**
 * `AdminZkClient.createTopic` up to the writes: kafka-topics --zookeeper (rack-aware mode Enforced,
 * or Disabled with --disable-rack-aware) and auto-creation from Metadata (Safe). Brokers come from
 * `/brokers/ids`, sorted by `getBrokerMetadatas`.
 */
export function prepareAdminZkCreateTopic(
  topic: string,
  partitions: number,
  replicationFactor: number,
  config: Readonly<Record<string, string>>,
  registeredBrokers: readonly BrokerMetadata[],
  zkTopics: Iterable<string>,
  rackAwareMode: RackAwareMode,
  random: Random,
): PartitionReplicaAssignment {
  const brokers = getBrokerMetadatas(registeredBrokers, rackAwareMode);
  const assignment = assignReplicasToBrokers(brokers, partitions, replicationFactor, -1, -1, random);
  const error = topicCreateError(topic, assignment, config, zkTopics);
  if (error !== null) throw error;
  return assignment;
}
