/**
 * Kafka 2.5's `kafka.zk.AdminZkClient`: the admin writes the `--zookeeper` tools make straight into
 * ZooKeeper through a `KafkaZkClient` — topic creation (`/config/topics/<t>`, then
 * `/brokers/topics/<t>`), partition addition (the topic znode rewritten), deletion markers
 * (`/admin/delete_topics/<t>`) and entity configs (`/config/<type>/<name>`, then the change
 * notification `/config/changes/config_change_N` = `{"version":2,"entity_path":"<type>/<name>"}`).
 * The checks, their order and their exceptions are Kafka's; the assignment and validation rules
 * are the ones CreateTopics and CreatePartitions share (`create-topic.ts`, `create-partitions.ts`).
 *
 * Configs are `java.util.Properties` in Kafka: here insertion-ordered maps, which the znode encoder
 * lays out in the JVM's order.
 */
import { KafkaApiError } from '../common/kafka-errors';
import type { Random } from '../platform/random';
import type { KafkaZkClient } from '../kafka-zk/kafka-zk-client';
import { ConfigType, DEFAULT_CONFIG_ENTITY } from '../kafka-zk/config-znodes';
import { ReplicaAssignment } from '../kafka-zk/topic-znodes';
import { Code, KeeperException } from '../zookeeper';
import { validateTopicConfigs } from '../log/log-config';
import { ConfigException } from '../common/config-def';
import { AdminJavaException } from './admin-exceptions';
import { errorMessage, RUNTIME_EXCEPTION, throwableToString } from '../common/throwable';
import { createNewPartitionsAssignment } from './create-partitions';
import { prepareAdminZkCreateTopic, topicCreateError } from './create-topic';
import { DynamicConfig } from './dynamic-config';
import { getBrokerMetadatas, type BrokerMetadata, type PartitionReplicaAssignment, type RackAwareMode } from './replica-assignment';
import { validateTopic } from './topic-name';

export type Properties = Map<string, string>;

const record = (props: Properties): Record<string, string> => Object.fromEntries(props);

/** `LogConfig.validate`: the first problem, thrown as the exception Kafka throws. */
export function logConfigValidate(props: Properties): void {
  const [first] = validateTopicConfigs(record(props));
  if (first === undefined) return;
  if (first.exceptionName === 'ConfigException') throw new ConfigException(first.message, first.configName);
  throw new KafkaApiError('INVALID_CONFIG', first.message, 'InvalidConfigurationException');
}

export class AdminZkClient {
  constructor(private readonly zkClient: KafkaZkClient) {}

  /** `createTopic`: brokers from `/brokers/ids`, Kafka's automatic assignment, then `createTopicWithAssignment`. */
  async createTopic(
    topic: string,
    partitions: number,
    replicationFactor: number,
    topicConfig: Properties,
    rackAwareMode: RackAwareMode,
    random: Random,
  ): Promise<void> {
    const registered = (await this.zkClient.getAllBrokersInCluster()).map((b) => ({ id: b.id, rack: b.rack }));
    const assignment = prepareAdminZkCreateTopic(
      topic,
      partitions,
      replicationFactor,
      record(topicConfig),
      registered,
      await this.zkClient.getAllTopicsInCluster(false),
      rackAwareMode,
      random,
    );
    await this.writeTopic(topic, topicConfig, assignment);
  }

  async getBrokerMetadatas(rackAwareMode: RackAwareMode = 'Enforced', brokerList?: readonly number[]): Promise<BrokerMetadata[]> {
    const all = (await this.zkClient.getAllBrokersInCluster()).map((b) => ({ id: b.id, rack: b.rack }));
    return getBrokerMetadatas(all, rackAwareMode, brokerList);
  }

  async createTopicWithAssignment(topic: string, config: Properties, assignment: PartitionReplicaAssignment): Promise<void> {
    await this.validateTopicCreate(topic, assignment, config);
    await this.writeTopic(topic, config, assignment);
  }

  /** The config znode first (not transactional with the assignment, as in Kafka), then the assignment. */
  private async writeTopic(topic: string, config: Properties, assignment: PartitionReplicaAssignment): Promise<void> {
    await this.zkClient.setOrCreateEntityConfigs(ConfigType.Topic, topic, record(config));
    try {
      await this.zkClient.createTopicAssignment(
        topic,
        [...assignment].map(([p, replicas]) => [p, ReplicaAssignment.of(replicas)] as const),
      );
    } catch (e) {
      throw this.writeFailure(topic, e);
    }
  }

  /** `validateTopicCreate`: name, existence and collisions, the assignment, then the configs (`LogConfig.validate`). */
  async validateTopicCreate(topic: string, assignment: ReadonlyMap<number, readonly number[]>, config: Properties): Promise<void> {
    validateTopic(topic);
    const existing = (await this.zkClient.topicExists(topic)) ? [topic] : await this.zkClient.getAllTopicsInCluster(false);
    const error = topicCreateError(topic, assignment, {}, existing);
    if (error !== null) throw error;
    logConfigValidate(config);
  }

  private writeFailure(topic: string, e: unknown): Error {
    if (e instanceof KeeperException && e.code === Code.NODEEXISTS)
      return new KafkaApiError('TOPIC_ALREADY_EXISTS', `Topic '${topic}' already exists.`);
    return AdminJavaException.adminOperation(throwableToString(e, RUNTIME_EXCEPTION));
  }

  /** `deleteTopic`: the marker `/admin/delete_topics/<t>`. */
  async deleteTopic(topic: string): Promise<void> {
    if (!(await this.zkClient.topicExists(topic)))
      throw new KafkaApiError('UNKNOWN_TOPIC_OR_PARTITION', `Topic \`${topic}\` to delete does not exist`);
    try {
      await this.zkClient.createDeleteTopicPath(topic);
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.NODEEXISTS)
        throw new AdminJavaException(
          'kafka.common.TopicAlreadyMarkedForDeletionException',
          `topic ${topic} is already marked for deletion`,
        );
      throw AdminJavaException.adminOperation(errorMessage(e));
    }
  }

  /**
   * `addPartitions`: the new partitions' assignment (manual, validated, or automatic from the start
   * index Kafka picks), then the whole topic znode rewritten. Returns the full assignment.
   */
  async addPartitions(
    topic: string,
    existingAssignment: ReadonlyMap<number, ReplicaAssignment>,
    allBrokers: readonly BrokerMetadata[],
    numPartitions: number,
    replicaAssignment: ReadonlyMap<number, readonly number[]> | null,
  ): Promise<Map<number, number[]>> {
    const added = createNewPartitionsAssignment(topic, existingAssignment, allBrokers, numPartitions, replicaAssignment);
    const all = new Map<number, ReplicaAssignment>(existingAssignment);
    for (const [p, replicas] of added) all.set(p, ReplicaAssignment.of(replicas));
    try {
      await this.zkClient.setTopicAssignment(topic, all, -1);
    } catch (e) {
      throw this.writeFailure(topic, e);
    }
    return new Map([...all].map(([p, a]) => [p, [...a.replicas]]));
  }

  /** `parseBroker`: a broker id, or null for `<default>`. */
  parseBroker(broker: string): number | null {
    if (broker === DEFAULT_CONFIG_ENTITY) return null;
    if (!/^[+-]?\d+$/.test(broker) || Math.abs(Number(broker)) > 2147483647) {
      throw AdminJavaException.illegalArgument(`Error parsing broker ${broker}. The broker's Entity Name must be a single integer value`);
    }
    return Number(broker);
  }

  /** `changeConfigs`: validated per entity type, then written with its change notification. */
  async changeConfigs(entityType: string, entityName: string, configs: Properties): Promise<void> {
    switch (entityType) {
      case ConfigType.Topic:
        return this.changeTopicConfig(entityName, configs);
      case ConfigType.Client:
        DynamicConfig.Client.validate(record(configs));
        return this.changeEntityConfig(ConfigType.Client, entityName, configs);
      case ConfigType.User:
        if (entityName === DEFAULT_CONFIG_ENTITY || entityName.includes('/clients')) DynamicConfig.Client.validate(record(configs));
        else DynamicConfig.User.validate(record(configs));
        return this.changeEntityConfig(ConfigType.User, entityName, configs);
      case ConfigType.Broker: {
        const broker = this.parseBroker(entityName);
        return this.changeBrokerConfig(broker === null ? [DEFAULT_CONFIG_ENTITY] : [broker], configs);
      }
      default:
        throw AdminJavaException.illegalArgument(`${entityType} is not a known entityType. Should be one of topics, clients, brokers`);
    }
  }

  /** `changeTopicConfig`: the topic must exist (`Topic "x" does not exist.`), configs as `LogConfig.validate`. */
  async changeTopicConfig(topic: string, configs: Properties): Promise<void> {
    validateTopic(topic);
    if (!(await this.zkClient.topicExists(topic))) throw AdminJavaException.adminOperation(`Topic "${topic}" does not exist.`);
    logConfigValidate(configs);
    await this.changeEntityConfig(ConfigType.Topic, topic, configs);
  }

  async changeBrokerConfig(brokers: ReadonlyArray<number | typeof DEFAULT_CONFIG_ENTITY>, configs: Properties): Promise<void> {
    DynamicConfig.Broker.validate(record(configs));
    for (const broker of brokers) await this.changeEntityConfig(ConfigType.Broker, String(broker), configs);
  }

  private async changeEntityConfig(rootEntityType: string, fullSanitizedEntityName: string, configs: Properties): Promise<void> {
    await this.zkClient.setOrCreateEntityConfigs(rootEntityType, fullSanitizedEntityName, record(configs));
    await this.zkClient.createConfigChangeNotification(`${rootEntityType}/${fullSanitizedEntityName}`);
  }

  /** `fetchEntityConfig`: the overrides in `/config/<type>/<name>`, empty when there is none. */
  async fetchEntityConfig(rootEntityType: string, sanitizedEntityName: string): Promise<Properties> {
    return this.zkClient.getEntityConfigs(rootEntityType, sanitizedEntityName);
  }
}
