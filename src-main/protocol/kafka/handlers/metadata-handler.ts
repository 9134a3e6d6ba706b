/**
 * Metadata from the broker's own MetadataCache, as `KafkaApis.handleTopicMetadataRequest` and
 * `MetadataCache.getTopicMetadata` answer it: live brokers with the endpoint of the listener the
 * request came in on, the controller, and per partition LEADER_NOT_AVAILABLE (leader not alive) or
 * REPLICA_NOT_AVAILABLE (a replica or ISR member not alive). v0 lists only live replicas and treats
 * an empty topic list as "all topics".
 */
import { GROUP_METADATA_TOPIC_NAME, isInternalTopic, TRANSACTION_STATE_TOPIC_NAME } from '../../../core/admin/topic-name';
import { Errors, KafkaApiError } from '../../../core/common/kafka-errors';
import { AclOperation, AUTHORIZED_OPERATIONS_OMITTED, authorizedOperationsField } from '../authorized-operations';
import type { ApiHandler } from '../kafka-apis';
import type { MetadataRequest, MetadataResponse, MetadataResponsePartition, MetadataResponseTopic } from '../messages/metadata';
import type { BrokerApiDeps } from './broker-api-deps';

const { READ, WRITE, CREATE, DELETE, ALTER, DESCRIBE, CLUSTER_ACTION, DESCRIBE_CONFIGS, ALTER_CONFIGS, IDEMPOTENT_WRITE } = AclOperation;

/** With no authorizer, Kafka reports every operation a resource type supports. */
const TOPIC_OPERATIONS = authorizedOperationsField([READ, WRITE, CREATE, DELETE, ALTER, DESCRIBE, DESCRIBE_CONFIGS, ALTER_CONFIGS]);
const CLUSTER_OPERATIONS = authorizedOperationsField([
  CREATE,
  ALTER,
  DESCRIBE,
  CLUSTER_ACTION,
  DESCRIBE_CONFIGS,
  ALTER_CONFIGS,
  IDEMPOTENT_WRITE,
]);

export function metadataHandler(deps: BrokerApiDeps): ApiHandler<MetadataRequest, MetadataResponse> {
  const { broker } = deps;
  return async (request, context) => {
    const version = context.header.apiVersion;
    const cache = broker.metadataCache;
    const allTopics = request.topics === null || (version === 0 && request.topics.length === 0);
    const names = allTopics ? cache.getAllTopics() : [...new Set((request.topics ?? []).map((t) => t.name))];
    const alive = new Set(cache.getAliveBrokers().map((b) => b.id));
    const topics: MetadataResponseTopic[] = [];
    for (const name of names) {
      const known = cache.contains(name);
      const errorCode = known ? Errors.NONE.code : await unknownTopicError(deps, name, request.allowAutoTopicCreation);
      topics.push({
        errorCode,
        name,
        isInternal: isInternalTopic(name),
        partitions: known ? cache.partitionsOf(name).map((state) => partitionMetadata(state, alive, version)) : [],
        topicAuthorizedOperations: request.includeTopicAuthorizedOperations ? TOPIC_OPERATIONS : AUTHORIZED_OPERATIONS_OMITTED,
      });
    }
    const response: MetadataResponse = {
      throttleTimeMs: 0,
      brokers: cache.getAliveBrokers().flatMap((b) => {
        const endpoint = b.endpoints.find((e) => e.listenerName === 'PLAINTEXT');
        return endpoint ? [{ nodeId: b.id, host: endpoint.host ?? context.listener.host, port: endpoint.port, rack: b.rack }] : [];
      }),
      clusterId: broker.clusterId,
      controllerId: cache.controllerId ?? -1,
      topics,
      clusterAuthorizedOperations: request.includeClusterAuthorizedOperations ? CLUSTER_OPERATIONS : AUTHORIZED_OPERATIONS_OMITTED,
    };
    return response;
  };
}

/**
 * A topic this broker does not know (`KafkaApis.getTopicMetadata`): an internal one is created by
 * `createInternalTopic` whatever the client allows — too few brokers for its replication factor
 * reads as INVALID_REPLICATION_FACTOR; another is created when the client allows it and
 * `auto.create.topics.enable` is on (LEADER_NOT_AVAILABLE until its leaders are elected, as in
 * `KafkaApis.createTopic`), else UNKNOWN_TOPIC_OR_PARTITION.
 */
async function unknownTopicError({ broker, admin }: BrokerApiDeps, name: string, allowAutoTopicCreation: boolean): Promise<number> {
  const createInternal =
    name === GROUP_METADATA_TOPIC_NAME
      ? broker.groupCoordinator && (() => broker.groupCoordinator!.createOffsetsTopic())
      : name === TRANSACTION_STATE_TOPIC_NAME
        ? broker.transactionCoordinator && (() => broker.transactionCoordinator!.createTransactionStateTopic())
        : null;
  if (createInternal) {
    const error = await createInternal();
    return error === 'COORDINATOR_NOT_AVAILABLE' ? Errors.INVALID_REPLICATION_FACTOR.code : Errors[error].code;
  }
  if (isInternalTopic(name) || !allowAutoTopicCreation || !broker.config.autoCreateTopicsEnable)
    return Errors.UNKNOWN_TOPIC_OR_PARTITION.code;
  const numPartitions = broker.config.numPartitions;
  const replicationFactor = broker.config.defaultReplicationFactor;
  try {
    await admin.createTopicOnBroker(broker, name, numPartitions, replicationFactor);
    broker.serverLog(
      'INFO',
      'kafka.server.KafkaApis',
      `[KafkaApi-${broker.id}] Auto creation of topic ${name} with ${numPartitions} partitions and replication factor ${replicationFactor} is successful`,
    );
    return Errors.LEADER_NOT_AVAILABLE.code;
  } catch (e) {
    if (e instanceof KafkaApiError) return e.errorName === 'TOPIC_ALREADY_EXISTS' ? Errors.LEADER_NOT_AVAILABLE.code : e.code;
    return Errors.UNKNOWN_SERVER_ERROR.code;
  }
}

function partitionMetadata(
  state: { partitionIndex: number; leader: number; leaderEpoch: number; replicas: number[]; isr: number[]; offlineReplicas: number[] },
  alive: ReadonlySet<number>,
  version: number,
): MetadataResponsePartition {
  // v0 clients get only live replicas (`errorUnavailableEndpoints`); later versions get every id,
  // so REPLICA_NOT_AVAILABLE (fewer ids than replicas) only ever reaches a v0 client.
  const visible = (ids: readonly number[]) => (version === 0 ? ids.filter((id) => alive.has(id)) : [...ids]);
  const replicaNodes = visible(state.replicas);
  const offlineReplicas = visible(state.offlineReplicas);
  if (!alive.has(state.leader)) {
    // Kafka sends no leader, no epoch and an empty ISR here.
    return {
      errorCode: Errors.LEADER_NOT_AVAILABLE.code,
      partitionIndex: state.partitionIndex,
      leaderId: -1,
      leaderEpoch: -1,
      replicaNodes,
      isrNodes: [],
      offlineReplicas,
    };
  }
  const isrNodes = visible(state.isr);
  const missing = replicaNodes.length < state.replicas.length || isrNodes.length < state.isr.length;
  return {
    errorCode: missing ? Errors.REPLICA_NOT_AVAILABLE.code : Errors.NONE.code,
    partitionIndex: state.partitionIndex,
    leaderId: state.leader,
    leaderEpoch: state.leaderEpoch,
    replicaNodes,
    isrNodes,
    offlineReplicas,
  };
}
