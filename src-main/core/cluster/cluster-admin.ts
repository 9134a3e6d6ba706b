import { AdminZkClient } from '../admin/admin-zk-client';
import type { CreatableTopic, PreparedTopic } from '../admin/create-topic';
import type { PartitionReplicaAssignment } from '../admin/replica-assignment';
import { prepareCreateTopic } from '../admin/create-topic';
import type { CreatePartitionsTopic } from '../admin/create-partitions';
import { prepareCreatePartitions } from '../admin/create-partitions';
import { isInternalTopic, validateTopic } from '../admin/topic-name';
import type { CreatedTopicConfig, TopicConfigEntry } from '../admin/topic-configs';
import { createdTopicConfigs, effectiveTopicConfig, topicConfigApiError } from '../admin/topic-configs';
import { alterBrokerConfigs, configResourceToString, resourceNameToBrokerId } from '../admin/broker-config-alter';
import { duplicateKeysError, prepareIncrementalConfigs, type AlterConfigOp } from '../admin/incremental-config-ops';
import { brokerConfigKey } from '../config/kafka-config-def';
import { logConfigKey } from '../log/log-config';
import { DEFAULT_BROKER_ENTITY } from '../server/dynamic-broker-config';
import { DEFAULT_KAFKA_BUILD } from '../common/jvm-hash-order';
import type { KafkaServer } from '../broker/kafka-server';
import { Errors, KafkaApiError } from '../common/kafka-errors';
import { errorMessage } from '../common/throwable';
import type { TopicPartition } from '../common/topic-partition';
import type { ElectionType, ListReassignmentsResult, PartitionOutcome } from '../controller/controller-events';
import { validateTopicConfigs } from '../log/log-config';
import type { Random } from '../platform/random';
import type { Time } from '../platform/scheduler';
import { Code, KeeperException } from '../zookeeper';
import { ReplicaAssignment } from '../kafka-zk/topic-znodes';
import type { Cluster } from './cluster';
import { waitUntil } from './delayed-operation';
import { alterReplicaLogDirs, type ReplicaLogDirMove, type ReplicaLogDirMoveResult } from './log-dirs-admin';

export type { ReplicaLogDirMove, ReplicaLogDirMoveResult } from './log-dirs-admin';

/** One topic's answer, as the response carries it (error code 0 = NONE). */
export interface TopicResult {
  name: string;
  errorCode: number;
  errorName: string;
  errorMessage: string | null;
  /** What CreateTopics v5 tells of a topic it created or validated; absent when it failed or timed out. */
  created?: CreatedTopic;
}

/** A created topic as CreateTopics v5 describes it: `assignments.size`, `assignments(0).size` and its configs. */
export interface CreatedTopic {
  readonly numPartitions: number;
  readonly replicationFactor: number;
  readonly configs: readonly CreatedTopicConfig[];
}

function ok(name: string, created?: CreatedTopic): TopicResult {
  return { name, errorCode: 0, errorName: 'NONE', errorMessage: null, ...(created && { created }) };
}

function failed(name: string, e: unknown): TopicResult {
  if (e instanceof KafkaApiError) return { name, errorCode: e.code, errorName: e.errorName, errorMessage: e.apiMessage };
  const unknown = Errors.UNKNOWN_SERVER_ERROR;
  return { name, errorCode: unknown.code, errorName: unknown.name, errorMessage: errorMessage(e) };
}

function timedOut(name: string): TopicResult {
  return { name, errorCode: Errors.REQUEST_TIMED_OUT.code, errorName: 'REQUEST_TIMED_OUT', errorMessage: null };
}

/**
 * The admin requests of Kafka 2.5 as the controller's broker handles them (KafkaApis +
 * AdminManager + AdminZkClient): CreateTopics, DeleteTopics, CreatePartitions, DescribeConfigs,
 * AlterConfigs, ElectLeaders and the reassignment APIs, with their checks, the znodes they write and
 * their waiting semantics (the response waits on the handling broker's metadata cache until
 * `timeoutMs`). The UI, scripts and (later) the wire protocol all come through here.
 */
export class ClusterAdmin {
  constructor(
    private readonly cluster: Cluster,
    private readonly time: Time,
    private readonly random: Random,
  ) {}

  /** The broker hosting the active controller: only it accepts these requests. */
  private controllerBroker(): KafkaServer {
    for (const b of this.cluster.runningBrokers()) if (b.controller?.isActive()) return b;
    throw new KafkaApiError('NOT_CONTROLLER', 'There is no active controller in the cluster.');
  }

  private waitOnMetadata(broker: KafkaServer, timeoutMs: number, check: () => boolean): Promise<boolean> {
    return waitUntil(this.time, timeoutMs, check, (onChange) => broker.metadataCache.onUpdate(onChange));
  }

  /**
   * AlterReplicaLogDirs (API 34): each replica moves to the log dir given on its broker; one result
   * per move, with the error its broker answered (see log-dirs-admin.ts).
   */
  alterReplicaLogDirs(moves: ReadonlyArray<ReplicaLogDirMove>): Promise<ReplicaLogDirMoveResult[]> {
    return alterReplicaLogDirs(this.cluster, moves);
  }

  async createTopics(topics: CreatableTopic[], options: { timeoutMs: number; validateOnly: boolean }): Promise<TopicResult[]> {
    const broker = this.controllerBroker();
    const zk = broker.zk!;
    const cache = broker.metadataCache;
    const zkTopics = await zk.getAllTopicsInCluster(false);
    const created: Array<{ name: string; partitions: TopicPartition[] }> = [];
    const results = new Map<string, TopicResult>();
    for (const topic of topics) {
      try {
        const prepared = this.prepareOnBroker(broker, zkTopics, topic, true);
        if (!options.validateOnly) {
          await zk.setOrCreateEntityConfigs('topics', topic.name, prepared.configs);
          try {
            await zk.createTopicAssignment(
              topic.name,
              [...prepared.assignment].map(([p, replicas]) => [p, ReplicaAssignment.of(replicas)] as const),
            );
          } catch (e) {
            if (e instanceof KeeperException && e.code === Code.NODEEXISTS)
              throw new KafkaApiError('TOPIC_ALREADY_EXISTS', `Topic '${topic.name}' already exists.`);
            throw e;
          }
          zkTopics.push(topic.name);
        }
        created.push({
          name: topic.name,
          partitions: [...prepared.assignment.keys()].map((partition) => ({ topic: topic.name, partition })),
        });
        results.set(
          topic.name,
          ok(topic.name, {
            numPartitions: prepared.assignment.size,
            replicationFactor: prepared.assignment.get(0)?.length ?? -1,
            configs: createdTopicConfigs(prepared.configs, broker.dynamicConfig),
          }),
        );
      } catch (e) {
        results.set(topic.name, failed(topic.name, e));
      }
    }
    if (options.validateOnly || created.length === 0) return topics.map((t) => results.get(t.name)!);
    if (options.timeoutMs <= 0)
      return topics.map((t) => (created.some((c) => c.name === t.name) ? timedOut(t.name) : results.get(t.name)!));
    const done = (partitions: TopicPartition[]) => cache.hasLeaders(partitions);
    await this.waitOnMetadata(broker, options.timeoutMs, () => created.every((c) => done(c.partitions)));
    return topics.map((t) => {
      const c = created.find((x) => x.name === t.name);
      return c && !done(c.partitions) ? timedOut(t.name) : results.get(t.name)!;
    });
  }

  /**
   * What CreateTopics would do with one topic — its checks and the assignment it computes (rack-aware
   * when brokers have racks, unless `rackAware` is false as with `--disable-rack-aware`) — without
   * writing anything. Throws the KafkaApiError the response would carry.
   */
  async prepareTopic(topic: CreatableTopic, options: { rackAware?: boolean } = {}): Promise<PreparedTopic> {
    const broker = this.controllerBroker();
    const zkTopics = await broker.zk!.getAllTopicsInCluster(false);
    return this.prepareOnBroker(broker, zkTopics, topic, options.rackAware ?? true);
  }

  private prepareOnBroker(broker: KafkaServer, zkTopics: Iterable<string>, topic: CreatableTopic, rackAware: boolean): PreparedTopic {
    const cache = broker.metadataCache;
    return prepareCreateTopic(topic, {
      metadataCacheTopics: new Set(cache.getAllTopics()),
      zkTopics,
      aliveBrokers: cache.getAliveBrokers().map((b) => ({ id: b.id, rack: rackAware ? b.rack : null })),
      defaultNumPartitions: broker.config.numPartitions,
      defaultReplicationFactor: broker.config.defaultReplicationFactor,
      random: this.random,
    });
  }

  /**
   * `AdminZkClient.createTopic(…, RackAwareMode.Safe)` on `broker`, as Metadata's auto topic
   * creation (and the coordinators' internal topics) use it: no controller involved, the assignment
   * over the brokers registered in ZooKeeper — rack-aware only when every one has a rack — then the
   * config and assignment znodes. Throws the KafkaApiError the response would carry
   * (TOPIC_ALREADY_EXISTS, INVALID_REPLICATION_FACTOR, INVALID_TOPIC_EXCEPTION …).
   */
  async createTopicOnBroker(
    broker: KafkaServer,
    name: string,
    numPartitions: number,
    replicationFactor: number,
    configs: Record<string, string> = {},
  ): Promise<void> {
    const zk = broker.zk;
    if (!zk) throw new KafkaApiError('BROKER_NOT_AVAILABLE', `Broker ${broker.id} is not running`);
    await new AdminZkClient(zk).createTopic(name, numPartitions, replicationFactor, new Map(Object.entries(configs)), 'Safe', this.random);
  }

  /**
   * What CreatePartitions would write for one topic: the current assignment and the new
   * partitions' replicas. Throws the KafkaApiError the response would carry.
   */
  async prepareNewPartitions(
    request: CreatePartitionsTopic,
  ): Promise<{ existing: Map<number, ReplicaAssignment>; newPartitions: PartitionReplicaAssignment }> {
    const broker = this.controllerBroker();
    const zk = broker.zk!;
    const registered = (await zk.getAllBrokersInCluster()).map((b) => ({ id: b.id, rack: b.rack }));
    const existing =
      (await zk.getFullReplicaAssignmentForTopics([request.topic])).get(request.topic) ?? new Map<number, ReplicaAssignment>();
    const newPartitions = prepareCreatePartitions(request, {
      existingAssignment: existing,
      registeredBrokers: registered,
      queuedForDeletion: broker.controller!.topicDeletionManager.isTopicQueuedUpForDeletion(request.topic),
    });
    return { existing, newPartitions };
  }

  async deleteTopics(names: string[], timeoutMs: number): Promise<TopicResult[]> {
    const broker = this.controllerBroker();
    if (!broker.config.deleteTopicEnable) {
      return names.map((name) => ({
        name,
        errorCode: Errors.TOPIC_DELETION_DISABLED.code,
        errorName: 'TOPIC_DELETION_DISABLED',
        errorMessage: null,
      }));
    }
    const zk = broker.zk!;
    const cache = broker.metadataCache;
    const results = new Map<string, TopicResult>();
    const tracked: string[] = [];
    for (const name of names) {
      if (!cache.contains(name)) {
        results.set(name, failed(name, new KafkaApiError('UNKNOWN_TOPIC_OR_PARTITION')));
        continue;
      }
      try {
        if (!(await zk.topicExists(name)))
          throw new KafkaApiError('UNKNOWN_TOPIC_OR_PARTITION', `Topic \`${name}\` to delete does not exist`);
        try {
          await zk.createDeleteTopicPath(name);
        } catch (e) {
          // Already marked for deletion: treated as success, and the request waits like the first one.
          if (!(e instanceof KeeperException && e.code === Code.NODEEXISTS)) throw e;
        }
        tracked.push(name);
        results.set(name, ok(name));
      } catch (e) {
        // AdminManager keeps only `Errors.forException(e)`, and DeleteTopics v0–v4 has no message field.
        results.set(name, { ...failed(name, e), errorMessage: null });
      }
    }
    if (tracked.length === 0) return names.map((n) => results.get(n)!);
    if (timeoutMs <= 0) return names.map((n) => (tracked.includes(n) ? timedOut(n) : results.get(n)!));
    await this.waitOnMetadata(broker, timeoutMs, () => tracked.every((t) => !cache.contains(t)));
    return names.map((n) => (tracked.includes(n) && cache.contains(n) ? timedOut(n) : results.get(n)!));
  }

  /**
   * `kafka-topics --bootstrap-server … --delete --topic <regex>`: TopicFilter's clean-up of the
   * pattern (`,` → `|`, spaces and surrounding quotes dropped), then every listed topic it matches in
   * full — internal topics too, unless `excludeInternal` (`--exclude-internal`).
   */
  async deleteTopicsMatching(pattern: string, timeoutMs: number, excludeInternal = false): Promise<TopicResult[]> {
    const broker = this.controllerBroker();
    const cleaned = pattern
      .trim()
      .replace(/,/g, '|')
      .replace(/ /g, '')
      .replace(/^["']+/, '')
      .replace(/["']+$/, '');
    const regex = new RegExp(`^(?:${cleaned})$`);
    const names = broker.metadataCache.getAllTopics().filter((t) => regex.test(t) && !(excludeInternal && isInternalTopic(t)));
    return names.length === 0 ? [] : this.deleteTopics(names, timeoutMs);
  }

  async createPartitions(topics: CreatePartitionsTopic[], options: { timeoutMs: number; validateOnly: boolean }): Promise<TopicResult[]> {
    const broker = this.controllerBroker();
    const zk = broker.zk!;
    const added: Array<{ name: string; partitions: TopicPartition[] }> = [];
    const results = new Map<string, TopicResult>();
    for (const request of topics) {
      try {
        const { existing, newPartitions } = await this.prepareNewPartitions(request);
        if (!options.validateOnly) {
          const all = new Map(existing);
          for (const [p, replicas] of newPartitions) all.set(p, ReplicaAssignment.of(replicas));
          await zk.setTopicAssignment(request.topic, all, -1);
        }
        added.push({
          name: request.topic,
          partitions: [...newPartitions.keys()].map((partition) => ({ topic: request.topic, partition })),
        });
        results.set(request.topic, ok(request.topic));
      } catch (e) {
        results.set(request.topic, failed(request.topic, e));
      }
    }
    if (options.validateOnly || added.length === 0) return topics.map((t) => results.get(t.topic)!);
    if (options.timeoutMs <= 0)
      return topics.map((t) => (added.some((a) => a.name === t.topic) ? timedOut(t.topic) : results.get(t.topic)!));
    const cache = broker.metadataCache;
    await this.waitOnMetadata(broker, options.timeoutMs, () => added.every((a) => cache.hasLeaders(a.partitions)));
    return topics.map((t) => {
      const a = added.find((x) => x.name === t.topic);
      return a && !cache.hasLeaders(a.partitions) ? timedOut(t.topic) : results.get(t.topic)!;
    });
  }

  /**
   * DescribeConfigs for a topic as `broker` answers it (by default the controller's, else any
   * running one): the name checked (`Topic.validate`), the topic looked up in that broker's
   * metadata cache — UNKNOWN_TOPIC_OR_PARTITION with no message, as `new ApiError(…, null)` — and
   * every topic config over that broker's own configuration.
   */
  async describeTopicConfig(topic: string, broker: KafkaServer = this.anyRunningBroker()): Promise<TopicConfigEntry[]> {
    validateTopic(topic);
    if (!broker.metadataCache.contains(topic)) throw new KafkaApiError('UNKNOWN_TOPIC_OR_PARTITION');
    return effectiveTopicConfig(await broker.zk!.getTopicConfig(topic), broker.dynamicConfig);
  }

  /**
   * AlterConfigs (legacy, whole-set) for a topic, as `AdminZkClient.validateTopicConfig` checks it:
   * the name, then that the topic exists in ZooKeeper — if not, the AdminOperationException
   * `Topic "x" does not exist.`, which is no ApiException and so UNKNOWN_SERVER_ERROR — then the
   * configs; written to `/config/topics/<t>`, brokers notified.
   */
  async alterTopicConfig(
    topic: string,
    configs: Record<string, string>,
    validateOnly: boolean,
    broker: KafkaServer = this.anyRunningBroker(),
  ): Promise<TopicResult> {
    const zk = broker.zk!;
    try {
      validateTopic(topic);
      if (!(await zk.topicExists(topic)))
        throw new KafkaApiError('UNKNOWN_SERVER_ERROR', `Topic "${topic}" does not exist.`, 'AdminOperationException');
      const [problem] = validateTopicConfigs(configs);
      if (problem) throw topicConfigApiError(problem, 'AlterConfigs', topic);
      if (!validateOnly) {
        await zk.setOrCreateEntityConfigs('topics', topic, configs);
        await zk.createConfigChangeNotification(`topics/${topic}`);
      }
      return ok(topic);
    } catch (e) {
      return failed(topic, e);
    }
  }

  /**
   * AlterConfigs (legacy, whole-set) of the BROKER resource `resourceName` ("" for the cluster-wide
   * default) as `broker` answers it (`AdminManager.alterBrokerConfigs`): checked against its
   * configuration, then written to `/config/brokers/<id|<default>>` with the change notification.
   */
  async alterBrokerConfig(
    resourceName: string,
    configs: Record<string, string>,
    validateOnly: boolean,
    broker: KafkaServer = this.brokerForResource(resourceName),
  ): Promise<TopicResult> {
    const zk = broker.zk!;
    try {
      const entries = Object.entries(configs).map(([name, value]) => ({ name, value }));
      const error = await alterBrokerConfigs(
        broker.dynamicConfig,
        resourceName,
        entries,
        validateOnly,
        DEFAULT_KAFKA_BUILD,
        async (entity, props) => {
          await zk.setOrCreateEntityConfigs('brokers', entity, props);
          await zk.createConfigChangeNotification(`brokers/${entity}`);
        },
      );
      if (error !== null) throw error;
      return ok(resourceName);
    } catch (e) {
      return failed(resourceName, e);
    }
  }

  electLeaders(
    electionType: ElectionType,
    partitions: TopicPartition[],
  ): Promise<PartitionOutcome[] | { errorCode: number; message: string }> {
    return this.controllerBroker().controller!.electLeaders(partitions, electionType);
  }

  alterPartitionReassignments(
    reassignments: Array<{ partition: TopicPartition; replicas: number[] | null }>,
  ): Promise<PartitionOutcome[] | { errorCode: number; message: string }> {
    return this.controllerBroker().controller!.alterPartitionReassignments(reassignments);
  }

  listPartitionReassignments(partitions: TopicPartition[] | null): Promise<ListReassignmentsResult> {
    return this.controllerBroker().controller!.listPartitionReassignments(partitions);
  }

  /** The admin client sends a broker's config request to that broker (any for the default, or an id no broker runs). */
  /**
   * IncrementalAlterConfigs (API 44) of one resource as `broker` answers it
   * (`AdminManager.incrementalAlterConfigs`): duplicate names refused, the operations applied to
   * the overrides in ZooKeeper (a broker's filtered as the broker reads them), then the same checks
   * and write as AlterConfigs. BROKER_LOGGER resources are checked as 2.5.1 checks them; no log4j
   * logger is emulated, so each named logger does not exist.
   */
  async incrementalAlterConfigs(
    resource: { type: 'TOPIC' | 'BROKER' | 'BROKER_LOGGER'; name: string },
    ops: readonly AlterConfigOp[],
    validateOnly: boolean,
    broker: KafkaServer = resource.type === 'TOPIC' ? this.anyRunningBroker() : this.brokerForResource(resource.name),
  ): Promise<TopicResult> {
    const { type, name } = resource;
    try {
      const duplicates = duplicateKeysError(ops);
      if (duplicates) throw duplicates;
      const zk = broker.zk!;
      if (type === 'TOPIC') {
        const props = new Map(Object.entries(await zk.getTopicConfig(name)));
        prepareIncrementalConfigs(ops, props, (key) => logConfigKey(key)?.type);
        return await this.alterTopicConfig(name, Object.fromEntries(props), validateOnly, broker);
      }
      // `getBrokerId`: the resource must name this broker, or be "" (the cluster-wide default).
      if (name !== '' && resourceNameToBrokerId(name) !== broker.id)
        throw new KafkaApiError('INVALID_REQUEST', `Unexpected broker id, expected ${broker.id}, but received ${name}`);
      if (type === 'BROKER_LOGGER') {
        const op = ops[0];
        if (op?.opType === 'APPEND' || op?.opType === 'SUBTRACT')
          throw new KafkaApiError('INVALID_REQUEST', `${op.opType} operation is not allowed for the BROKER_LOGGER resource`);
        if (op)
          throw new KafkaApiError(
            'INVALID_REQUEST',
            `Invalid config value for resource ${configResourceToString('BROKER_LOGGER', name)}: Logger ${op.name} does not exist!`,
          );
        return ok(name);
      }
      const persistent = await zk.getEntityConfigs('brokers', name === '' ? DEFAULT_BROKER_ENTITY : name);
      const props = broker.dynamicConfig.fromPersistentProps(persistent, name !== '');
      prepareIncrementalConfigs(ops, props, (key) => brokerConfigKey(key)?.type);
      return await this.alterBrokerConfig(name, Object.fromEntries(props), validateOnly, broker);
    } catch (e) {
      return failed(name, e);
    }
  }

  private brokerForResource(resourceName: string): KafkaServer {
    const named = this.cluster.runningBrokers().find((b) => String(b.id) === resourceName);
    return named ?? this.anyRunningBroker();
  }

  private anyRunningBroker(): KafkaServer {
    try {
      return this.controllerBroker();
    } catch {
      const [first] = this.cluster.runningBrokers();
      if (!first) throw new KafkaApiError('BROKER_NOT_AVAILABLE', 'No broker is running.');
      return first;
    }
  }
}
