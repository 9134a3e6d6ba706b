/**
 * A small admin client over the wire protocol, doing what Kafka 2.5's `KafkaAdminClient` does for
 * kafka-topics: bootstrap → ApiVersions → Metadata; CreateTopics, DeleteTopics and CreatePartitions
 * to the controller (again after a metadata refresh when a broker answers NOT_CONTROLLER);
 * DescribeConfigs and Metadata to any broker. Failures are `AdminException`s named as the Java
 * client names them (`org.apache.kafka.common.errors.TopicExistsException`), with the broker's
 * message when it sent one, else the error's default message.
 */
import { ConfigSource } from '../../../core/admin/config-synonyms';
import { errorForCode, Errors } from '../../../core/common/kafka-errors';
import type { ApiMessages } from '../messages/api-message';
import { API_VERSIONS } from '../messages/api-versions';
import { CREATE_PARTITIONS } from '../messages/create-partitions';
import { CREATE_TOPICS } from '../messages/create-topics';
import { DELETE_TOPICS } from '../messages/delete-topics';
import { DESCRIBE_CONFIGS, RESOURCE_TYPE } from '../messages/describe-configs';
import { ALTER_CONFIGS } from '../messages/alter-configs';
import { INCREMENTAL_ALTER_CONFIGS } from '../messages/incremental-alter-configs';
import { ALTER_CONFIG_OP_TYPES, type AlterConfigOpType } from '../../../core/admin/incremental-config-ops';
import { javaHashMapIterationOrder } from '../../../core/common/jvm-hash-order';
import { DELETE_RECORDS } from '../messages/delete-records';
import { ELECT_LEADERS } from '../messages/elect-leaders';
import { METADATA, type MetadataResponse } from '../messages/metadata';
import type { Field, MessageOf } from '../wire/schema';
import { parseBootstrapServers, type BrokerAddress } from './bootstrap-servers';
import { KafkaConnection, KafkaConnectionError } from './kafka-connection';

export { BootstrapConfigError, parseBootstrapServers, type BrokerAddress } from './bootstrap-servers';

const TIMEOUT_EXCEPTION = 'org.apache.kafka.common.errors.TimeoutException';

/** An error as the Java admin client raises it: fully qualified class name and message. */
export class AdminException extends Error {
  constructor(
    readonly exceptionClass: string,
    message: string,
  ) {
    super(message);
    this.name = exceptionClass;
  }

  static forCode(code: number, message: string | null): AdminException {
    const error = errorForCode(code);
    return new AdminException(error.exceptionClass ?? 'org.apache.kafka.common.errors.UnknownServerException', message ?? error.message);
  }
}

export interface AdminClientOptions {
  readonly bootstrapServers: string;
  readonly clientId?: string;
  /** `default.api.timeout.ms`: how long one call (with its retries) may take. */
  readonly defaultApiTimeoutMs?: number;
  /** `request.timeout.ms`: how long one request may wait for its response. */
  readonly requestTimeoutMs?: number;
  /** NetworkClient's WARN lines (a broker that cannot be reached). */
  readonly onWarn?: (message: string, logger: string) => void;
}

export interface TopicPartitionInfo {
  readonly partition: number;
  /** Null when the partition has no leader, or its leader is not a live broker. */
  readonly leader: number | null;
  readonly replicas: readonly number[];
  readonly isr: readonly number[];
}

export interface TopicDescription {
  readonly name: string;
  readonly internal: boolean;
  readonly partitions: readonly TopicPartitionInfo[];
}

export interface ConfigEntry {
  readonly name: string;
  readonly value: string | null;
  /** `ConfigEntry.isDefault()`: its source is DEFAULT_CONFIG. */
  readonly isDefault: boolean;
}

/** `ConfigEntry.ConfigSource` of the Java client (the wire's TOPIC_CONFIG is its DYNAMIC_TOPIC_CONFIG). */
export type ClientConfigSource =
  | 'UNKNOWN'
  | 'DYNAMIC_TOPIC_CONFIG'
  | 'DYNAMIC_BROKER_CONFIG'
  | 'DYNAMIC_DEFAULT_BROKER_CONFIG'
  | 'STATIC_BROKER_CONFIG'
  | 'DEFAULT_CONFIG'
  | 'DYNAMIC_BROKER_LOGGER_CONFIG';

const CLIENT_CONFIG_SOURCES: readonly ClientConfigSource[] = [
  'UNKNOWN',
  'DYNAMIC_TOPIC_CONFIG',
  'DYNAMIC_BROKER_CONFIG',
  'DYNAMIC_DEFAULT_BROKER_CONFIG',
  'STATIC_BROKER_CONFIG',
  'DEFAULT_CONFIG',
  'DYNAMIC_BROKER_LOGGER_CONFIG',
];

/** A described config as the Java client's `ConfigEntry` holds it. */
export interface DescribedConfigEntry {
  readonly name: string;
  readonly value: string | null;
  readonly source: ClientConfigSource;
  readonly isSensitive: boolean;
  readonly isReadOnly: boolean;
  readonly synonyms: ReadonlyArray<{ name: string; value: string | null; source: ClientConfigSource }>;
}

export interface ConfigResourceRef {
  readonly type: 'TOPIC' | 'BROKER' | 'BROKER_LOGGER';
  /** A broker's id, or "" for the cluster-wide default. */
  readonly name: string;
}

export interface NewTopic {
  readonly name: string;
  /** −1: the broker's `num.partitions`. */
  readonly numPartitions: number;
  /** −1: the broker's `default.replication.factor`. */
  readonly replicationFactor: number;
  readonly assignment: ReadonlyArray<readonly number[]> | null;
  readonly configs: ReadonlyArray<readonly [string, string]>;
}

export interface ElectionResult {
  readonly topic: string;
  readonly partition: number;
  readonly errorCode: number;
  readonly errorMessage: string | null;
}

/** `KafkaAdminClient`: a broker resource's configs are the broker's own business (LeastLoaded for the rest). */
function configTarget(resource: ConfigResourceRef): 'any' | number {
  return resource.type !== 'TOPIC' && resource.name !== '' ? Number(resource.name) : 'any';
}

export class AdminClient {
  private readonly bootstrap: BrokerAddress[];
  private readonly clientId: string;
  private readonly defaultApiTimeoutMs: number;
  private readonly requestTimeoutMs: number;
  private readonly connections = new Map<number, KafkaConnection>();
  private readonly brokerVersions = new Map<number, Map<number, number>>();
  private readonly onWarn: (message: string, logger: string) => void;
  private cluster: MetadataResponse | null = null;

  constructor(options: AdminClientOptions) {
    this.bootstrap = parseBootstrapServers(options.bootstrapServers);
    this.clientId = options.clientId ?? 'adminclient-1';
    this.defaultApiTimeoutMs = options.defaultApiTimeoutMs ?? 60_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.onWarn = options.onWarn ?? (() => undefined);
  }

  close(): void {
    for (const c of this.connections.values()) c.close();
    this.connections.clear();
  }

  /** Topic names; internal ones only when asked (`ListTopicsOptions.listInternal`). */
  async listTopics(listInternal: boolean): Promise<string[]> {
    const metadata = await this.metadata(null, this.deadline());
    return metadata.topics.filter((t) => t.errorCode === 0 && (listInternal || !t.isInternal)).map((t) => t.name);
  }

  /** Live broker ids (`describeCluster().nodes()`). */
  async describeCluster(): Promise<number[]> {
    const metadata = await this.metadata([], this.deadline());
    return metadata.brokers.map((b) => b.nodeId);
  }

  async describeTopics(names: readonly string[]): Promise<TopicDescription[]> {
    const metadata = await this.metadata(names, this.deadline());
    const live = new Set(metadata.brokers.map((b) => b.nodeId));
    return names.map((name) => {
      const t = metadata.topics.find((x) => x.name === name);
      if (!t) throw AdminException.forCode(3, null);
      if (t.errorCode !== 0) throw AdminException.forCode(t.errorCode, null);
      return {
        name,
        internal: t.isInternal,
        partitions: t.partitions.map((p) => ({
          partition: p.partitionIndex,
          leader: p.leaderId >= 0 && live.has(p.leaderId) ? p.leaderId : null,
          replicas: p.replicaNodes,
          isr: p.isrNodes,
        })),
      };
    });
  }

  /** Each topic's config entries, in the broker's order. */
  async describeTopicConfigs(names: readonly string[]): Promise<Map<string, ConfigEntry[]>> {
    const result = new Map<string, ConfigEntry[]>();
    if (names.length === 0) return result;
    const deadline = this.deadline();
    const response = await this.call(DESCRIBE_CONFIGS, deadline, 'any', {
      resources: names.map((name) => ({ resourceType: RESOURCE_TYPE.TOPIC, resourceName: name, configurationKeys: null })),
      includeSynoyms: false,
    });
    for (const r of response.body.results) {
      if (r.errorCode !== 0) throw AdminException.forCode(r.errorCode, r.errorMessage);
      result.set(
        r.resourceName,
        r.configs.map((c) => ({
          name: c.name,
          value: c.value,
          isDefault: response.version === 0 ? c.isDefault : c.configSource === ConfigSource.DEFAULT_CONFIG,
        })),
      );
    }
    return result;
  }

  /**
   * `describeConfigs` of one resource: a broker's goes to that broker (the default "" to any), a
   * topic's to any. The entries in the order of the client's `Config` (a HashMap by name).
   */
  async describeConfigs(resource: ConfigResourceRef, includeSynonyms: boolean): Promise<DescribedConfigEntry[]> {
    const response = await this.call(DESCRIBE_CONFIGS, this.deadline(), configTarget(resource), {
      resources: [{ resourceType: RESOURCE_TYPE[resource.type], resourceName: resource.name, configurationKeys: null }],
      includeSynoyms: includeSynonyms,
    });
    const [r] = response.body.results;
    if (r.errorCode !== 0) throw AdminException.forCode(r.errorCode, r.errorMessage);
    const source = (id: number) => CLIENT_CONFIG_SOURCES[id] ?? 'UNKNOWN';
    const entries = new Map(
      r.configs.map((c) => [
        c.name,
        {
          name: c.name,
          value: c.value,
          source: response.version === 0 ? (c.isDefault ? 'DEFAULT_CONFIG' : 'UNKNOWN') : source(c.configSource),
          isSensitive: c.isSensitive,
          isReadOnly: c.readOnly,
          synonyms: c.synonyms.map((s) => ({ name: s.name, value: s.value, source: source(s.source) })),
        } satisfies DescribedConfigEntry,
      ]),
    );
    return javaHashMapIterationOrder([...entries.keys()]).map((name) => entries.get(name)!);
  }

  /** `alterConfigs` (AlterConfigs, the whole set) of one resource, sent where `describeConfigs` sends it. */
  async alterConfigs(resource: ConfigResourceRef, configs: ReadonlyArray<readonly [string, string]>, validateOnly: boolean): Promise<void> {
    const { body } = await this.call(ALTER_CONFIGS, this.deadline(), configTarget(resource), {
      resources: [
        {
          resourceType: RESOURCE_TYPE[resource.type],
          resourceName: resource.name,
          configs: configs.map(([name, value]) => ({ name, value })),
        },
      ],
      validateOnly,
    });
    const [r] = body.responses;
    if (r.errorCode !== 0) throw AdminException.forCode(r.errorCode, r.errorMessage);
  }

  /** `incrementalAlterConfigs` (IncrementalAlterConfigs) of one resource: SET / DELETE / APPEND / SUBTRACT per key. */
  async incrementalAlterConfigs(
    resource: ConfigResourceRef,
    ops: ReadonlyArray<{ name: string; op: AlterConfigOpType; value: string | null }>,
    validateOnly: boolean,
  ): Promise<void> {
    const { body } = await this.call(INCREMENTAL_ALTER_CONFIGS, this.deadline(), configTarget(resource), {
      resources: [
        {
          resourceType: RESOURCE_TYPE[resource.type],
          resourceName: resource.name,
          configs: ops.map(({ name, op, value }) => ({ name, configOperation: ALTER_CONFIG_OP_TYPES.indexOf(op), value })),
        },
      ],
      validateOnly,
    });
    const [r] = body.responses;
    if (r.errorCode !== 0) throw AdminException.forCode(r.errorCode, r.errorMessage);
  }

  async createTopic(topic: NewTopic): Promise<void> {
    const deadline = this.deadline();
    const results = await this.controllerCall(
      CREATE_TOPICS,
      deadline,
      (timeoutMs) => ({
        topics: [
          {
            name: topic.name,
            numPartitions: topic.numPartitions,
            replicationFactor: topic.replicationFactor,
            assignments: (topic.assignment ?? []).map((brokerIds, partitionIndex) => ({ partitionIndex, brokerIds: [...brokerIds] })),
            configs: topic.configs.map(([name, value]) => ({ name, value })),
          },
        ],
        timeoutMs,
        validateOnly: false,
      }),
      (response) => response.topics,
    );
    throwFirst(results);
  }

  async deleteTopics(names: readonly string[]): Promise<void> {
    const deadline = this.deadline();
    const results = await this.controllerCall(
      DELETE_TOPICS,
      deadline,
      (timeoutMs) => ({ topicNames: [...names], timeoutMs }),
      (response) => response.responses,
    );
    throwFirst(results);
  }

  /** NewPartitions.increaseTo per topic, with the new partitions' replicas when given. */
  async createPartitions(
    requests: ReadonlyArray<{ name: string; count: number; assignment: ReadonlyArray<readonly number[]> | null }>,
  ): Promise<void> {
    const deadline = this.deadline();
    const results = await this.controllerCall(
      CREATE_PARTITIONS,
      deadline,
      (timeoutMs) => ({
        topics: requests.map((r) => ({
          name: r.name,
          count: r.count,
          assignments: r.assignment === null ? null : r.assignment.map((brokerIds) => ({ brokerIds: [...brokerIds] })),
        })),
        timeoutMs,
        validateOnly: false,
      }),
      (response) => response.results,
    );
    throwFirst(results);
  }

  /**
   * `electLeaders(electionType, partitions)` (null: every partition) to the controller: each
   * partition's error code and message in response order; a request-level error throws.
   */
  async electLeaders(
    electionType: 'PREFERRED' | 'UNCLEAN',
    partitions: ReadonlyArray<{ topic: string; partition: number }> | null,
  ): Promise<ElectionResult[]> {
    const byTopic = new Map<string, number[]>();
    for (const p of partitions ?? []) byTopic.set(p.topic, [...(byTopic.get(p.topic) ?? []), p.partition]);
    const deadline = this.deadline();
    const { body } = await this.call(ELECT_LEADERS, deadline, 'controller', {
      electionType: electionType === 'PREFERRED' ? 0 : 1,
      topicPartitions: partitions === null ? null : [...byTopic].map(([topic, partitionId]) => ({ topic, partitionId })),
      timeoutMs: Math.max(0, deadline - Date.now()),
    });
    if (body.errorCode !== 0) throw AdminException.forCode(body.errorCode, null);
    return body.replicaElectionResults.flatMap((t) =>
      t.partitionResult.map((p) => ({ topic: t.topic, partition: p.partitionId, errorCode: p.errorCode, errorMessage: p.errorMessage })),
    );
  }

  /**
   * `deleteRecords(recordsToDelete)`: the topics' metadata, then one DeleteRecords to each leader
   * (`request.timeout.ms` as its timeout). Each partition's low watermark, or the exception its
   * future completes with: the topic's metadata error, LEADER_NOT_AVAILABLE without a leader, or
   * the broker's error code.
   */
  async deleteRecords(
    offsets: ReadonlyArray<{ topic: string; partition: number; offset: number }>,
  ): Promise<
    Array<{ topic: string; partition: number; lowWatermark: number } | { topic: string; partition: number; error: AdminException }>
  > {
    const deadline = this.deadline();
    const metadata = await this.metadata([...new Set(offsets.map((o) => o.topic))], deadline);
    const topics = new Map(metadata.topics.map((t) => [t.name, t]));
    const answers = new Map<string, { lowWatermark: number } | { error: AdminException }>();
    const byLeader = new Map<number, typeof offsets>();
    for (const o of offsets) {
      const topic = topics.get(o.topic);
      const leader = topic?.partitions.find((p) => p.partitionIndex === o.partition)?.leaderId ?? -1;
      if (!topic || topic.errorCode !== 0)
        answers.set(`${o.topic}-${o.partition}`, {
          error: AdminException.forCode(topic?.errorCode ?? Errors.UNKNOWN_TOPIC_OR_PARTITION.code, null),
        });
      else if (leader < 0)
        answers.set(`${o.topic}-${o.partition}`, { error: AdminException.forCode(Errors.LEADER_NOT_AVAILABLE.code, null) });
      else byLeader.set(leader, [...(byLeader.get(leader) ?? []), o]);
    }
    await Promise.all(
      [...byLeader].map(async ([leader, entries]) => {
        const byTopic = new Map<string, Array<{ partitionIndex: number; offset: bigint }>>();
        for (const e of entries)
          byTopic.set(e.topic, [...(byTopic.get(e.topic) ?? []), { partitionIndex: e.partition, offset: BigInt(e.offset) }]);
        const { body } = await this.call(DELETE_RECORDS, deadline, leader, {
          topics: [...byTopic].map(([name, partitions]) => ({ name, partitions })),
          timeoutMs: this.requestTimeoutMs,
        });
        for (const t of body.topics)
          for (const p of t.partitions)
            answers.set(
              `${t.name}-${p.partitionIndex}`,
              p.errorCode === 0 ? { lowWatermark: Number(p.lowWatermark) } : { error: AdminException.forCode(p.errorCode, null) },
            );
      }),
    );
    return offsets.map((o) => ({
      topic: o.topic,
      partition: o.partition,
      ...(answers.get(`${o.topic}-${o.partition}`) ?? { error: AdminException.forCode(Errors.UNKNOWN_SERVER_ERROR.code, null) }),
    }));
  }

  /** One request to a broker by id (or any), retrying connection failures within `default.api.timeout.ms` (consumer-group-admin.ts's calls). */
  async send<Request extends readonly Field[], Response extends readonly Field[]>(
    api: ApiMessages<Request, Response>,
    target: 'any' | number,
    body: MessageOf<Request, 'partial'>,
  ): Promise<MessageOf<Response>> {
    return (await this.call(api, this.deadline(), target, body)).body;
  }

  /** The cluster's brokers and the named topics' partitions (all topics when null). */
  clusterMetadata(topics: readonly string[] | null): Promise<MetadataResponse> {
    return this.metadata(topics, this.deadline());
  }

  // -------------------------------------------------------------------------------------------

  private deadline(): number {
    return Date.now() + this.defaultApiTimeoutMs;
  }

  private async metadata(topics: readonly string[] | null, deadline: number): Promise<MetadataResponse> {
    const { body } = await this.call(METADATA, deadline, 'any', {
      topics: topics === null ? null : topics.map((name) => ({ name })),
      allowAutoTopicCreation: false,
      includeClusterAuthorizedOperations: false,
      includeTopicAuthorizedOperations: false,
    });
    this.cluster = body;
    return this.cluster;
  }

  /** A controller API: on NOT_CONTROLLER everywhere, refresh the metadata and send again. */
  private async controllerCall<Request extends readonly Field[], Response extends readonly Field[]>(
    api: ApiMessages<Request, Response>,
    deadline: number,
    body: (timeoutMs: number) => MessageOf<Request, 'partial'>,
    resultsOf: (response: MessageOf<Response>) => ReadonlyArray<{ name: string; errorCode: number; errorMessage?: string | null }>,
  ): Promise<ReadonlyArray<{ name: string; errorCode: number; errorMessage?: string | null }>> {
    for (;;) {
      const remaining = Math.max(0, deadline - Date.now());
      const { body: response } = await this.call(api, deadline, 'controller', body(remaining));
      const results = resultsOf(response);
      if (!results.some((r) => r.errorCode === Errors.NOT_CONTROLLER.code) || Date.now() >= deadline) return results;
      this.cluster = null;
      await sleep(100);
    }
  }

  /** Sends to a node (any, or the controller), retrying connection failures until the deadline. */
  private async call<Request extends readonly Field[], Response extends readonly Field[]>(
    api: ApiMessages<Request, Response>,
    deadline: number,
    target: 'any' | 'controller' | number,
    body: MessageOf<Request, 'partial'>,
  ): Promise<{ body: MessageOf<Response>; version: number }> {
    let backoffMs = 50;
    for (;;) {
      try {
        const { connection, nodeId } =
          target === 'controller'
            ? await this.controllerConnection(deadline)
            : target === 'any'
              ? await this.anyConnection(deadline)
              : await this.nodeConnection(target, deadline);
        const version = Math.min(api.maxVersion, this.brokerVersions.get(nodeId)?.get(api.apiKey) ?? api.maxVersion);
        const timeoutMs = Math.max(1, Math.min(this.requestTimeoutMs, deadline - Date.now()));
        return { body: await connection.send(api, version, body, timeoutMs), version };
      } catch (e) {
        if (!(e instanceof KafkaConnectionError)) throw e;
        this.dropConnections();
        if (Date.now() + backoffMs >= deadline) {
          const what =
            e.kind === 'timeout' && api.apiKey !== METADATA.apiKey
              ? `Call(callName=${callName(api)}) timed out`
              : 'Timed out waiting for a node assignment.';
          throw new AdminException(TIMEOUT_EXCEPTION, what);
        }
        await sleep(backoffMs);
        backoffMs = Math.min(1000, backoffMs * 2);
      }
    }
  }

  private async anyConnection(deadline: number): Promise<{ connection: KafkaConnection; nodeId: number }> {
    const open = [...this.connections.entries()][0];
    if (open) return { connection: open[1], nodeId: open[0] };
    const candidates: Array<{ nodeId: number; address: BrokerAddress }> = this.cluster
      ? this.cluster.brokers.map((b) => ({ nodeId: b.nodeId, address: { host: b.host, port: b.port } }))
      : this.bootstrap.map((address, i) => ({ nodeId: -(i + 1), address }));
    let last: KafkaConnectionError | null = null;
    for (const c of candidates) {
      try {
        return { connection: await this.connectTo(c.nodeId, c.address, deadline), nodeId: c.nodeId };
      } catch (e) {
        if (!(e instanceof KafkaConnectionError)) throw e;
        last = e;
      }
    }
    throw last ?? new KafkaConnectionError('No broker to connect to', 'connect');
  }

  private async controllerConnection(deadline: number): Promise<{ connection: KafkaConnection; nodeId: number }> {
    const metadata = this.cluster ?? (await this.metadata([], deadline));
    const controller = metadata.brokers.find((b) => b.nodeId === metadata.controllerId);
    if (!controller) {
      this.cluster = null;
      throw new KafkaConnectionError('No controller in the metadata', 'connect');
    }
    const open = this.connections.get(controller.nodeId);
    if (open) return { connection: open, nodeId: controller.nodeId };
    return {
      connection: await this.connectTo(controller.nodeId, { host: controller.host, port: controller.port }, deadline),
      nodeId: controller.nodeId,
    };
  }

  private async nodeConnection(nodeId: number, deadline: number): Promise<{ connection: KafkaConnection; nodeId: number }> {
    const open = this.connections.get(nodeId);
    if (open) return { connection: open, nodeId };
    const metadata = this.cluster ?? (await this.metadata([], deadline));
    const node = metadata.brokers.find((b) => b.nodeId === nodeId);
    if (!node) {
      this.cluster = null;
      throw new KafkaConnectionError(`No broker ${nodeId} in the metadata`, 'connect');
    }
    return { connection: await this.connectTo(nodeId, { host: node.host, port: node.port }, deadline), nodeId };
  }

  private async connectTo(nodeId: number, address: BrokerAddress, deadline: number): Promise<KafkaConnection> {
    const timeoutMs = Math.max(1, Math.min(this.requestTimeoutMs, deadline - Date.now()));
    let connection: KafkaConnection;
    try {
      connection = await KafkaConnection.open(address.host, address.port, { clientId: this.clientId, timeoutMs });
    } catch (e) {
      // Java's InetSocketAddress: `localhost/127.0.0.1:9092`, and `/127.0.0.1:9092` for a literal address.
      const remote = address.host === 'localhost' ? `localhost/127.0.0.1:${address.port}` : `/${address.host}:${address.port}`;
      this.onWarn(
        `[AdminClient clientId=${this.clientId}] Connection to node ${nodeId} (${remote}) could not be established. Broker may not be available.`,
        'org.apache.kafka.clients.NetworkClient',
      );
      throw e;
    }
    // As the Java AdminClient of kafka-topics.sh names itself (`ApiVersionsRequest` v3).
    const versions = await connection.send(
      API_VERSIONS,
      API_VERSIONS.maxVersion,
      { clientSoftwareName: 'apache-kafka-java', clientSoftwareVersion: '2.5.1' },
      timeoutMs,
    );
    this.brokerVersions.set(nodeId, new Map(versions.apiKeys.map((k) => [k.apiKey, k.maxVersion])));
    this.connections.set(nodeId, connection);
    return connection;
  }

  private dropConnections(): void {
    for (const c of this.connections.values()) c.close();
    this.connections.clear();
    this.cluster = null;
  }
}

function throwFirst(results: ReadonlyArray<{ errorCode: number; errorMessage?: string | null }>): void {
  const failed = results.find((r) => r.errorCode !== 0);
  if (failed) throw AdminException.forCode(failed.errorCode, failed.errorMessage ?? null);
}

function callName(api: ApiMessages): string {
  return api.name.charAt(0).toLowerCase() + api.name.slice(1);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
