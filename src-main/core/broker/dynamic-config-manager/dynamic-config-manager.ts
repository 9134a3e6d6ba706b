/**
 * Kafka 2.5's dynamic configuration on a broker (`kafka.server.DynamicConfigManager`, driven by
 * `kafka.common.ZkNodeChangeNotificationListener`, dispatching to the `ConfigHandler`s of
 * `kafka.server.ConfigHandler`; started by `KafkaServer.startup` just before the socket server
 * accepts connections).
 *
 * Whoever changes an entity's config writes `/config/<type>/<name>` and then creates
 * `/config/changes/config_change_N` = `{"version":2,"entity_path":"<type>/<name>"}`. Every broker
 * watches the children of `/config/changes`. On each child change (and at startup, and after a
 * new ZooKeeper session) the listener lists the children sorted and, for each one whose sequence
 * number is above the last one it processed, reads the notification and hands it to the handler
 * of its entity type, which re-reads the entity's znode — the notification is only a trigger.
 * Then it deletes the notifications whose ctime is more than `changeExpirationMs` (15 minutes)
 * before the moment the round started. The last processed number starts at −1, so a starting
 * broker processes every notification still there.
 *
 * Kafka runs the rounds on one thread fed by a queue that holds at most one pending round; here
 * a round is an async chain and at most one more is queued behind it.
 *
 * Handlers: topics are emulated (the local logs get the new `LogConfig`; when
 * `unclean.leader.election.enable` is true the active controller gets
 * `TopicUncleanLeaderElectionEnable`). Client and user quotas come in as `configHandlers`
 * (core/server/quota: Kafka's ClientIdConfigHandler and UserConfigHandler). Broker configs go to the
 * broker's DynamicBrokerConfig (BrokerConfigHandler). SCRAM credentials are not emulated: such a
 * change is logged as Kafka logs it and then ignored, with a line that says so.
 */
import type { BrokerConfig } from '../../config/kafka-config';
import type { KafkaBuild } from '../../common/jvm-hash-order';
import { DEFAULT_KAFKA_BUILD, javaPropertiesOrder, scalaImmutableMapOrder, scalaMutableHashMapOrder } from '../../common/jvm-hash-order';
import type { LogManager } from '../../log/log-manager/log-manager';
import type { Time } from '../../platform/scheduler';
import type { ConfigChangeNotification } from '../../kafka-zk/config-znodes';
import {
  CONFIG_TYPES,
  ConfigEntityChangeNotificationSequenceZNode,
  ConfigEntityChangeNotificationZNode,
  ConfigEntityTypeZNode,
  ConfigType,
} from '../../kafka-zk/config-znodes';
import { ZnodeFormatError } from '../../kafka-zk/znode-format-error';
import type { LogSink } from '../../common/logging';
import { Logger } from '../../common/logging';
import type { ConfigHandler } from './config-handler';
import type { DynamicConfigZkClient } from './dynamic-config-zk-client';
import { IgnoredConfigHandler } from './ignored-config-handler';
import { BrokerConfigHandler, type ReplicationQuotaRates } from './broker-config-handler';
import type { DynamicBrokerConfig } from '../../server/dynamic-broker-config';
import { TopicConfigHandler, type ThrottledReplicaQuotas } from './topic-config-handler';
import { CONFIG_CHANGE_EXPIRATION_MS, ZkNodeChangeNotificationListener } from './zk-node-change-notification-listener';

export interface DynamicConfigManagerDeps {
  brokerId: number;
  time: Time;
  zk: DynamicConfigZkClient;
  config: BrokerConfig;
  logManager: LogManager;
  enableTopicUncleanLeaderElection: (topic: string) => void;
  log: LogSink;
  /** A malformed notification, reported before Kafka's reading of it is applied. */
  reportProblem?: (error: ZnodeFormatError) => void;
  changeExpirationMs?: number;
  build?: KafkaBuild;
  /** Handlers that replace the built-in ones by entity type (the client quotas' `clients` and `users`). */
  configHandlers?: ReadonlyMap<string, ConfigHandler>;
  /** The broker's layered config, which `/config/brokers/*` changes update (BrokerConfigHandler). */
  dynamicBrokerConfig?: DynamicBrokerConfig;
  /** `quotaManagers.leader/follower`: the replication throttled rates of `/config/brokers/<id>`. */
  replicationQuotas?: ReplicationQuotaRates;
  /** `quotaManagers.leader/follower`: the throttled replicas of each topic's config (TopicConfigHandler). */
  replicationQuotaManagers?: ThrottledReplicaQuotas;
}

/** `ScramMechanism.isScram`: SCRAM credentials are logged as `[hidden]` (`Password.HIDDEN`). */
const SCRAM_MECHANISMS = new Set(['SCRAM-SHA-256', 'SCRAM-SHA-512']);

/**
 * `kafka.server.DynamicConfigManager`: the listener on `/config/changes` with the broker's config
 * handlers (`KafkaServer.dynamicConfigHandlers`: topics, clients, users, brokers, in that order).
 */
export class DynamicConfigManager {
  private readonly handlers: ReadonlyMap<string, ConfigHandler>;
  private readonly listener: ZkNodeChangeNotificationListener;
  private readonly log: Logger;
  private readonly build: KafkaBuild;

  constructor(private readonly deps: DynamicConfigManagerDeps) {
    this.build = deps.build ?? DEFAULT_KAFKA_BUILD;
    this.log = new Logger(deps.log, 'kafka.server.DynamicConfigManager');
    this.handlers = new Map<string, ConfigHandler>([
      [ConfigType.Topic, new TopicConfigHandler({ ...deps, build: this.build })],
      [ConfigType.Client, new IgnoredConfigHandler(ConfigType.Client, 'client quotas', deps.log, 'ClientIdConfigHandler')],
      [ConfigType.User, new IgnoredConfigHandler(ConfigType.User, 'user quotas or SCRAM credentials', deps.log, 'UserConfigHandler')],
      [
        ConfigType.Broker,
        deps.dynamicBrokerConfig
          ? new BrokerConfigHandler({
              brokerId: deps.brokerId,
              dynamicConfig: deps.dynamicBrokerConfig,
              replicationQuotas: deps.replicationQuotas,
            })
          : new IgnoredConfigHandler(ConfigType.Broker, 'dynamic broker configs', deps.log, 'BrokerConfigHandler'),
      ],
      ...(deps.configHandlers ?? []),
    ]);
    this.listener = new ZkNodeChangeNotificationListener(
      deps.zk,
      ConfigEntityChangeNotificationZNode.path,
      ConfigEntityChangeNotificationSequenceZNode.SequenceNumberPrefix,
      { processNotification: (data, path) => this.processNotification(data, path) },
      deps.changeExpirationMs ?? CONFIG_CHANGE_EXPIRATION_MS,
      deps.time,
      deps.log,
    );
  }

  /**
   * `startup`: start the listener (its first round runs on its own, as on Kafka's thread), then
   * apply every existing entity config to its handler. Topic and broker configs are read (the
   * client and user quotas read theirs themselves).
   */
  async startup(): Promise<void> {
    this.listener.init();
    for (const entityType of CONFIG_TYPES) {
      if (entityType !== ConfigType.Topic && !(entityType === ConfigType.Broker && this.deps.dynamicBrokerConfig)) continue;
      const handler = this.handlers.get(entityType)!;
      // `fetchAllEntityConfigs`: a Set of the children, then a Map of their configs (hash order past 4).
      const entities = await this.deps.zk.getChildren(ConfigEntityTypeZNode.path(entityType));
      for (const entityName of scalaImmutableMapOrder(entities, this.build)) {
        handler.processConfigChanges(entityName, await this.deps.zk.getEntityConfigs(entityType, entityName));
      }
    }
  }

  async shutdown(): Promise<void> {
    await this.listener.close();
  }

  kill(): void {
    this.listener.kill();
  }

  get isIdle(): boolean {
    return this.listener.isIdle;
  }

  /** The highest config change sequence number this broker has processed (−1 before the first). */
  get lastProcessedChange(): bigint {
    return this.listener.lastProcessedChange;
  }

  /** `ConfigChangedNotificationHandler.processNotification`. */
  private async processNotification(data: Uint8Array, path: string): Promise<void> {
    const decoded = ConfigEntityChangeNotificationSequenceZNode.decode(path, data);
    let notification: ConfigChangeNotification;
    if (decoded instanceof ZnodeFormatError) {
      this.deps.reportProblem?.(decoded);
      // Not JSON: Kafka ignores it without a word (it may come from the old TopicConfigManager).
      if (decoded.kafkaReading === 'treats-as-empty') return;
      if (decoded.kafkaReading === 'throws' || decoded.kafkaValue === undefined) throw decoded;
      notification = decoded.kafkaValue;
    } else {
      notification = decoded;
    }
    if (notification.version === 1) {
      const { entityType, entityName } = notification;
      const entityConfig = await this.deps.zk.getEntityConfigs(entityType, entityName);
      this.log.info(
        `Processing override for entityType: ${entityType}, entity: ${entityName} with config: ${this.propertiesString(entityConfig)}`,
      );
      this.handlers.get(entityType)!.processConfigChanges(entityName, entityConfig);
      return;
    }
    const { entityPath, entityType, entityName } = notification;
    const entityConfig = await this.deps.zk.getEntityConfigs(entityType, entityName);
    this.log.info(`Processing override for entityPath: ${entityPath} with config: ${this.loggableConfig(entityConfig)}`);
    this.handlers.get(entityType)!.processConfigChanges(entityName, entityConfig);
  }

  /** The `Properties` in its JVM order, as `Hashtable.toString` prints it: `{k=v, …}`. */
  private propertiesString(config: ReadonlyMap<string, string>): string {
    return `{${javaPropertiesOrder(config.keys(), this.build)
      .map((k) => `${k}=${config.get(k)}`)
      .join(', ')}}`;
  }

  /** `entityConfig.asScala.map { … }`: a Scala `mutable.HashMap` filled in the `Properties`' order. */
  private loggableConfig(config: ReadonlyMap<string, string>): string {
    const order = scalaMutableHashMapOrder(javaPropertiesOrder(config.keys(), this.build), this.build);
    const prefix = this.build.scalaVersion === '2.12' ? 'Map' : 'HashMap';
    return `${prefix}(${order.map((k) => `${k} -> ${SCRAM_MECHANISMS.has(k) ? '[hidden]' : config.get(k)}`).join(', ')})`;
  }
}
