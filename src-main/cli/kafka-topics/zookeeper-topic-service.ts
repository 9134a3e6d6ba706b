/**
 * Kafka 2.5's `ZookeeperTopicService` (kafka-topics with `--zookeeper`): every action reads and
 * writes ZooKeeper through `KafkaZkClient` / `AdminZkClient`, as the Scala tool does, and prints its
 * lines — `Created topic x.`, the `--alter` warnings and `Adding partitions succeeded!`,
 * `Topic x is marked for deletion.`, `x - marked for deletion` in `--list`, `MarkedForDeletion: true`
 * in `--describe`, and `Topic x doesn't exist!` for a topic that vanished in between.
 */
import { AdminZkClient, type Properties } from '../../core/admin/admin-zk-client';
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { isInternalTopic } from '../../core/admin/topic-name';
import { javaNewHashMapOrder, javaPropertiesOrder, DEFAULT_KAFKA_BUILD } from '../../core/common/jvm-hash-order';
import { KafkaApiError } from '../../core/common/kafka-errors';
import { logConfigKey } from '../../core/log/log-config';
import type { Random } from '../../core/platform/random';
import type { KafkaZkClient } from '../../core/kafka-zk/kafka-zk-client';
import { ConfigType } from '../../core/kafka-zk/config-znodes';
import { Code, KeeperException } from '../../core/zookeeper';
import { JavaException } from './command-failure';
import { runTopicAction, type TopicActions, type TopicCommandOptions } from './topic-command-options';
import { commandTopicPartition, doGetTopics, ensureTopicExists } from './topic-service';

/** `parseTopicConfigsToBeDeleted`: trimmed names, each checked by `LogConfig.validateNames`. */
function configsToDelete(opts: TopicCommandOptions): string[] {
  const names = opts.options.valuesOf('delete-config').map((n) => n.trim());
  for (const name of names) {
    if (!logConfigKey(name))
      throw new KafkaApiError('INVALID_CONFIG', `Unknown topic config name: ${name}`, 'InvalidConfigurationException');
  }
  return names;
}

/** The overrides as `new Config(props.asScala.map(new ConfigEntry(k, v)))` hands them back: HashMap order. */
function describedConfigs(config: Properties): string {
  const propsOrder = javaPropertiesOrder(config.keys(), DEFAULT_KAFKA_BUILD);
  return javaNewHashMapOrder(propsOrder)
    .map((k) => `${k}=${config.get(k)}`)
    .join(',');
}

export class ZookeeperTopicService implements TopicActions {
  private readonly adminZkClient: AdminZkClient;

  constructor(
    private readonly zkClient: KafkaZkClient,
    private readonly opts: TopicCommandOptions,
    private readonly println: (line: string) => void,
    private readonly random: Random,
  ) {
    this.adminZkClient = new AdminZkClient(zkClient);
  }

  run(): Promise<void> {
    return runTopicAction(this, this.opts.action);
  }

  async createTopic(): Promise<void> {
    const topic = commandTopicPartition(this.opts, this.println);
    configsToDelete(this.opts);
    if (topic.name.includes('.') || topic.name.includes('_')) {
      this.println(
        "WARNING: Due to limitations in metric names, topics with a period ('.') or underscore ('_') could collide. To avoid issues it is best to use either, but not both.",
      );
    }
    try {
      if (topic.replicaAssignment) {
        await this.adminZkClient.createTopicWithAssignment(
          topic.name,
          topic.configsToAdd,
          new Map(topic.replicaAssignment.map((r, p) => [p, r])),
        );
      } else {
        const rackAwareMode = this.opts.has('disable-rack-aware') ? 'Disabled' : 'Enforced';
        await this.adminZkClient.createTopic(
          topic.name,
          topic.partitions!,
          topic.replicationFactor!,
          topic.configsToAdd,
          rackAwareMode,
          this.random,
        );
      }
      this.println(`Created topic ${topic.name}.`);
    } catch (e) {
      if (!(e instanceof KafkaApiError && e.errorName === 'TOPIC_ALREADY_EXISTS' && this.opts.has('if-not-exists'))) throw e;
    }
  }

  async listTopics(): Promise<void> {
    for (const topic of await this.getTopics()) {
      this.println((await this.zkClient.isTopicMarkedForDeletion(topic)) ? `${topic} - marked for deletion` : topic);
    }
  }

  async alterTopic(): Promise<void> {
    const topics = await this.getTopics();
    const tp = commandTopicPartition(this.opts, this.println);
    const toDelete = configsToDelete(this.opts);
    ensureTopicExists(topics, this.opts.topic, !this.opts.has('if-exists'));
    for (const topic of topics) {
      const configs = await this.adminZkClient.fetchEntityConfig(ConfigType.Topic, topic);
      if (this.opts.has('config') || this.opts.has('delete-config')) {
        this.println('WARNING: Altering topic configuration from this script has been deprecated and may be removed in future releases.');
        this.println('         Going forward, please use kafka-configs.sh for this functionality');
        for (const [k, v] of tp.configsToAdd) configs.set(k, v);
        for (const k of toDelete) configs.delete(k);
        await this.adminZkClient.changeTopicConfig(topic, configs);
        this.println(`Updated config for topic ${topic}.`);
      }
      if (tp.partitions !== undefined) {
        if (isInternalTopic(topic))
          throw new JavaException(
            'java.lang.IllegalArgumentException',
            `The number of partitions for the internal topic ${topic} cannot be changed.`,
          );
        this.println(
          'WARNING: If partitions are increased for a topic that has a key, the partition logic or ordering of the messages will be affected',
        );
        const existing = (await this.zkClient.getFullReplicaAssignmentForTopics([topic])).get(topic) ?? new Map();
        if (existing.size === 0) throw new KafkaApiError('INVALID_TOPIC_EXCEPTION', `The topic ${topic} does not exist`);
        const newAssignment = (tp.replicaAssignment ?? []).slice(existing.size);
        const allBrokers = await this.adminZkClient.getBrokerMetadatas();
        const manual = newAssignment.length > 0 ? new Map(newAssignment.map((r, i) => [existing.size + i, r])) : null;
        await this.adminZkClient.addPartitions(topic, existing, allBrokers, tp.partitions, manual);
        this.println('Adding partitions succeeded!');
      }
    }
  }

  async describeTopic(): Promise<void> {
    const topics = await this.getTopics();
    ensureTopicExists(topics, this.opts.topic, !this.opts.has('if-exists'));
    const liveBrokers = new Set((await this.zkClient.getAllBrokersInCluster()).map((b) => b.id));
    const has = (n: string) => this.opts.has(n);
    const describeConfigs =
      !has('unavailable-partitions') &&
      !has('under-replicated-partitions') &&
      !has('under-min-isr-partitions') &&
      !has('at-min-isr-partitions');
    const describePartitions = !has('topics-with-overrides');
    for (const topic of topics) {
      const assignment = (await this.zkClient.getFullReplicaAssignmentForTopics([topic])).get(topic);
      if (!assignment) {
        this.println(`Topic ${topic} doesn't exist!`);
        continue;
      }
      const markedForDeletion = await this.zkClient.isTopicMarkedForDeletion(topic);
      const marked = markedForDeletion ? '\tMarkedForDeletion: true' : '';
      if (describeConfigs) {
        const configs = await this.adminZkClient.fetchEntityConfig(ConfigType.Topic, topic);
        if (!has('topics-with-overrides') || configs.size > 0) {
          const replicationFactor = assignment.get(0)?.replicas.length ?? [...assignment.values()][0].replicas.length;
          this.println(
            `Topic: ${topic}\tPartitionCount: ${assignment.size}\tReplicationFactor: ${replicationFactor}\tConfigs: ${describedConfigs(configs)}${marked}`,
          );
        }
      }
      if (!describePartitions) continue;
      const partitions = [...assignment.keys()].sort((a, b) => a - b);
      const states = await this.zkClient.getTopicPartitionStates(partitions.map((partition) => ({ topic, partition })));
      partitions.forEach((partition, i) => {
        const replicas = assignment.get(partition)!.replicas;
        const read = states[i].read;
        const leaderAndIsr = read.kind === 'ok' ? read.value.leaderAndIsr : null;
        // `leaderOpt`: LeaderAndIsr.NoLeader (−1) is no leader.
        const leader = leaderAndIsr && leaderAndIsr.leader >= 0 ? leaderAndIsr.leader : null;
        const isr = leaderAndIsr ? leaderAndIsr.isr : [];
        // The ZooKeeper variant has no topic config here (`config = None`): no min-ISR report matches.
        const print =
          describeConfigs ||
          (has('under-replicated-partitions') && replicas.length - isr.length > 0) ||
          (has('unavailable-partitions') && (leader === null || !liveBrokers.has(leader))) ||
          (has('under-min-isr-partitions') && leader === null);
        if (print)
          this.println(
            `\tTopic: ${topic}\tPartition: ${partition}\tLeader: ${leader ?? 'none'}\tReplicas: ${replicas.join(',')}\tIsr: ${isr.join(',')}${marked}`,
          );
      });
    }
  }

  async deleteTopic(): Promise<void> {
    const topics = await this.getTopics();
    ensureTopicExists(topics, this.opts.topic, !this.opts.has('if-exists'));
    for (const topic of topics) {
      if (isInternalTopic(topic))
        throw AdminJavaException.adminOperation(`Topic ${topic} is a kafka internal topic and is not allowed to be marked for deletion.`);
      try {
        await this.zkClient.createDeleteTopicPath(topic);
        this.println(`Topic ${topic} is marked for deletion.`);
        this.println('Note: This will have no impact if delete.topic.enable is not set to true.');
      } catch (e) {
        if (e instanceof KeeperException && e.code === Code.NODEEXISTS) this.println(`Topic ${topic} is already marked for deletion.`);
        else throw AdminJavaException.adminOperation(`Error while deleting topic ${topic}`, e);
      }
    }
  }

  private async getTopics(): Promise<string[]> {
    return doGetTopics((await this.zkClient.getAllTopicsInCluster(false)).sort(), this.opts.topic, this.opts.excludeInternalTopics);
  }
}
