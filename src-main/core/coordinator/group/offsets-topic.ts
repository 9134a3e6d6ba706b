/**
 * FindCoordinator's side of `KafkaApis` for groups (`getOrCreateInternalTopic`): the coordinator of
 * a group is the leader of its `__consumer_offsets` partition; the topic is created on first use
 * through AdminZkClient (rack-aware mode Safe) with Kafka's settings — `offsets.topic.num.partitions`
 * partitions, `offsets.topic.replication.factor` replicas (refused while fewer brokers are alive),
 * `cleanup.policy=compact`, `segment.bytes=offsets.topic.segment.bytes`, `compression.type=producer`.
 * Until its partition has a live leader the answer is COORDINATOR_NOT_AVAILABLE.
 */
import { AdminZkClient } from '../../admin/admin-zk-client';
import { Logger, type LogSink } from '../../common/logging';
import type { MetadataCache } from '../../broker/metadata-cache';
import type { ErrorName } from '../../common/kafka-errors';
import { KafkaApiError } from '../../common/kafka-errors';
import type { Random } from '../../platform/random';
import { Code, KeeperException } from '../../zookeeper';
import type { KafkaZkClient } from '../../kafka-zk/kafka-zk-client';
import { GROUP_METADATA_TOPIC_NAME } from './group-metadata-manager';

export interface OffsetsTopicDeps {
  brokerId: number;
  metadataCache: MetadataCache;
  zk: KafkaZkClient | null;
  random: Random;
  config: { offsetsTopicNumPartitions: number; offsetsTopicReplicationFactor: number; offsetsTopicSegmentBytes: number };
  log: LogSink;
}

export interface CoordinatorNode {
  readonly id: number;
  readonly host: string;
  readonly port: number;
}

export const NO_NODE: CoordinatorNode = { id: -1, host: '', port: -1 };

export function offsetsTopicConfigs(segmentBytes: number): Record<string, string> {
  return { 'cleanup.policy': 'compact', 'segment.bytes': String(segmentBytes), 'compression.type': 'producer' };
}

/** What `KafkaApis.createInternalTopic` needs to know of one internal topic. */
export interface InternalTopicSpec {
  readonly topic: string;
  readonly partitions: number;
  readonly replicationFactor: number;
  readonly configs: Record<string, string>;
  /** Its name in the refusal while too few brokers are alive: `offsets topic`, `transactions state topic`. */
  readonly description: string;
  readonly replicationFactorProp: string;
}

/**
 * `KafkaApis.createInternalTopic`: the error the topic's metadata carries — LEADER_NOT_AVAILABLE
 * once created (or found created meanwhile), COORDINATOR_NOT_AVAILABLE while fewer brokers are
 * alive than its replication factor (Kafka does not lower the factor to fit).
 */
export async function createInternalTopic(deps: Omit<OffsetsTopicDeps, 'config'>, spec: InternalTopicSpec): Promise<ErrorName> {
  const alive = deps.metadataCache.getAliveBrokers();
  const rf = spec.replicationFactor;
  const logger = new Logger(deps.log, 'kafka.server.KafkaApis', { logIdent: `[KafkaApi-${deps.brokerId}] ` });
  if (alive.length < rf) {
    logger.error(
      `Number of alive brokers '${alive.length}' does not meet the required replication factor '${rf}' for the ${spec.description} (configured via '${spec.replicationFactorProp}'). This error can be ignored if the cluster is starting up and not all brokers are up yet.`,
    );
    return 'COORDINATOR_NOT_AVAILABLE';
  }
  const zk = deps.zk;
  if (!zk) return 'COORDINATOR_NOT_AVAILABLE';
  try {
    await new AdminZkClient(zk).createTopic(spec.topic, spec.partitions, rf, new Map(Object.entries(spec.configs)), 'Safe', deps.random);
    // `KafkaApis.createTopic`'s line, for internal topics as for any other.
    logger.info(`Auto creation of topic ${spec.topic} with ${spec.partitions} partitions and replication factor ${rf} is successful`);
    return 'LEADER_NOT_AVAILABLE';
  } catch (e) {
    // Another broker may have created it meanwhile.
    if (e instanceof KafkaApiError && e.errorName === 'TOPIC_ALREADY_EXISTS') return 'LEADER_NOT_AVAILABLE';
    if (e instanceof KeeperException && e.code === Code.NODEEXISTS) return 'LEADER_NOT_AVAILABLE';
    if (e instanceof KafkaApiError) return e.errorName;
    return 'UNKNOWN_SERVER_ERROR';
  }
}

/** `KafkaApis.createInternalTopic` for `__consumer_offsets`. */
export function createOffsetsTopic(deps: OffsetsTopicDeps): Promise<ErrorName> {
  return createInternalTopic(deps, {
    topic: GROUP_METADATA_TOPIC_NAME,
    partitions: deps.config.offsetsTopicNumPartitions,
    replicationFactor: deps.config.offsetsTopicReplicationFactor,
    configs: offsetsTopicConfigs(deps.config.offsetsTopicSegmentBytes),
    description: 'offsets topic',
    replicationFactorProp: 'offsets.topic.replication.factor',
  });
}

/** The coordinator of `partition` of `__consumer_offsets`, creating the topic if needed (`listener.host` stands in for a wildcard endpoint's). */
export function findGroupCoordinator(
  deps: OffsetsTopicDeps,
  partition: number,
  listener: { name: string; host: string } = { name: 'PLAINTEXT', host: '' },
): Promise<{ error: ErrorName; node: CoordinatorNode }> {
  return findInternalTopicCoordinator(deps.metadataCache, GROUP_METADATA_TOPIC_NAME, partition, listener, () => createOffsetsTopic(deps));
}

/** The live leader of `partition` of an internal topic, the topic created first when the cache does not know it. */
export async function findInternalTopicCoordinator(
  cache: MetadataCache,
  topic: string,
  partition: number,
  listener: { name: string; host: string },
  create: () => Promise<ErrorName>,
): Promise<{ error: ErrorName; node: CoordinatorNode }> {
  if (!cache.contains(topic)) {
    await create();
    return { error: 'COORDINATOR_NOT_AVAILABLE', node: NO_NODE };
  }
  const state = cache.getPartitionInfo(topic, partition);
  const leader = state ? cache.getAliveBrokers().find((b) => b.id === state.leader) : undefined;
  const endpoint = leader?.endpoints.find((e) => e.listenerName === listener.name);
  if (!leader || !endpoint) return { error: 'COORDINATOR_NOT_AVAILABLE', node: NO_NODE };
  return { error: 'NONE', node: { id: leader.id, host: endpoint.host ?? listener.host, port: endpoint.port } };
}
