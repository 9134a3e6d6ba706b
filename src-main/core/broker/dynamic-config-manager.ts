/**
 * Kafka 2.5's dynamic configuration on a broker (`kafka.server.DynamicConfigManager`, driven by
 * `kafka.common.ZkNodeChangeNotificationListener`, dispatching to the `ConfigHandler`s of
 * `kafka.server.ConfigHandler`). Reference §1.2–1.3 and §2.14.
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
 * `TopicUncleanLeaderElectionEnable`). Client and user quotas, SCRAM credentials and dynamic
 * broker configs are not emulated: such a change is logged as Kafka logs it and then ignored, with
 * a line that says so.
 */
import type { BrokerConfig } from '../admin/broker-config';
import { ConfigException } from '../common/config-def';
import { javaSplit, JavaThrowable, parseJavaInt, parseJavaLong } from '../common/java-lang';
import type { KafkaBuild } from '../common/jvm-hash-order';
import { DEFAULT_KAFKA_BUILD, javaPropertiesOrder, scalaImmutableMapOrder, scalaMutableHashMapOrder } from '../common/jvm-hash-order';
import { describeError as describeControllerError } from '../controller/controller-errors';
import type { ZNodeChildChangeHandler } from '../controller/controller-zk-client';
import { LogConfig, throttledReplicaListProblem } from '../log/log-config';
import type { LogManager } from '../log/log-manager';
import type { Time } from '../platform/scheduler';
import { parseApiVersion } from '../common/api-version';
import type { ConfigChangeNotification } from '../zk/config-znodes';
import {
  CONFIG_TYPES,
  ConfigEntityChangeNotificationSequenceZNode,
  ConfigEntityChangeNotificationZNode,
  ConfigEntityTypeZNode,
  ConfigType,
} from '../zk/config-znodes';
import type { KafkaZkClient } from '../zk/kafka-zk-client';
import type { StateChangeHandler } from '../zk/kafka-zookeeper-client';
import { ZnodeFormatError } from '../zk/znode-format-error';
import { KeeperException } from '../zookeeper';
import type { LogLine, LogSink } from './log-line';

/** `ZkNodeChangeNotificationListener`'s default `changeExpirationMs`: 15 minutes. */
export const CONFIG_CHANGE_EXPIRATION_MS = 15 * 60 * 1000;

/** What the listener and the handlers read and write in ZooKeeper. */
export type DynamicConfigZkClient = Pick<
  KafkaZkClient,
  | 'getChildren'
  | 'getDataAndStat'
  | 'deletePath'
  | 'getEntityConfigs'
  | 'registerZNodeChildChangeHandler'
  | 'unregisterZNodeChildChangeHandler'
  | 'registerStateChangeHandler'
  | 'unregisterStateChangeHandler'
>;

type Level = LogLine['level'];

interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, e?: unknown): void;
}

function logger(sink: LogSink, name: string): Logger {
  const line = (level: Level, message: string, e?: unknown) =>
    sink({ file: 'server.log', level, logger: name, message, ...(e === undefined ? {} : { throwable: javaThrowable(e) }) });
  return {
    debug: (m) => line('DEBUG', m),
    info: (m) => line('INFO', m),
    warn: (m) => line('WARN', m),
    error: (m, e) => line('ERROR', m, e),
  };
}

/** A `java.lang` exception Kafka's code runs into here (`String.substring`, an array index). */
class JavaException extends JavaThrowable {
  constructor(
    readonly javaClass: string,
    message: string,
  ) {
    super(message);
  }
}

/** `Throwable.toString()` of what Kafka would have thrown, as log4j prints it under the line. */
export function javaThrowable(e: unknown): string {
  if (e instanceof ZnodeFormatError) {
    const reason = e.reason;
    // Decoding `entity_path` without a '/': `substring(0, -1)` fails before Kafka's own check.
    if (reason.startsWith('String index out of range: -1')) return 'java.lang.StringIndexOutOfBoundsException: String index out of range: -1';
    if (/^(Config change notification|Version [12] config change notification)/.test(reason)) return `java.lang.IllegalArgumentException: ${reason}`;
    // Kafka's JsonValue conversions (`js("version").to[Int]`, `v.to[String]`).
    return `com.fasterxml.jackson.databind.JsonMappingException: ${reason}`;
  }
  if (e instanceof ConfigException) return `org.apache.kafka.common.config.ConfigException: ${e.message}`;
  if (e instanceof JavaThrowable) return e.toString();
  if (e instanceof KeeperException) return describeControllerError(e);
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

// ---------------------------------------------------------------------------------------------
// ZkNodeChangeNotificationListener

/** Handles one notification's data (`NotificationHandler`); a throw is logged and the next one goes on. */
export interface NotificationHandler {
  processNotification(data: Uint8Array, path: string): Promise<void>;
}

/**
 * `kafka.common.ZkNodeChangeNotificationListener`: watches the children of `seqNodeRoot`, all
 * sequential nodes named `<seqNodePrefix>NNNNNNNNNN`, and hands each new one to the handler.
 */
export class ZkNodeChangeNotificationListener {
  private lastExecutedChange = -1n;
  /** `queue.peek() != null`: a round is waiting. */
  private queued = false;
  /** The round being processed, if any. */
  private running: Promise<void> | null = null;
  private closed = false;
  private readonly log: Logger;
  private readonly childHandler: ZNodeChildChangeHandler;
  private readonly stateHandler: StateChangeHandler;

  constructor(
    private readonly zk: DynamicConfigZkClient,
    private readonly seqNodeRoot: string,
    private readonly seqNodePrefix: string,
    private readonly handler: NotificationHandler,
    private readonly changeExpirationMs: number,
    private readonly time: Time,
    sink: LogSink,
  ) {
    this.log = logger(sink, 'kafka.common.ZkNodeChangeNotificationListener');
    this.childHandler = { path: seqNodeRoot, handleChildChange: () => this.addChangeNotification() };
    // `StateChangeHandlers.zkNodeChangeListenerHandler(seqNodeRoot)`
    this.stateHandler = { name: `change-notification-${seqNodeRoot}`, afterInitializingSession: () => this.addChangeNotification() };
  }

  /** `init`: register the handlers and queue a first round, which processes every notification there. */
  init(): void {
    this.zk.registerStateChangeHandler(this.stateHandler);
    this.zk.registerZNodeChildChangeHandler(this.childHandler);
    this.addChangeNotification();
  }

  /** `close`: no more rounds; waits for the one in progress, which stops at its next step. */
  async close(): Promise<void> {
    this.kill();
    this.zk.unregisterStateChangeHandler(this.stateHandler.name);
    this.zk.unregisterZNodeChildChangeHandler(this.seqNodeRoot);
    await this.running;
  }

  /** The process is gone: nothing more is read or written. */
  kill(): void {
    this.closed = true;
    this.queued = false;
  }

  /** No round waiting or in progress. */
  get isIdle(): boolean {
    return !this.queued && this.running === null;
  }

  /** The highest sequence number processed so far (−1 before the first). */
  get lastProcessedChange(): bigint {
    return this.lastExecutedChange;
  }

  private addChangeNotification(): void {
    if (this.closed || this.queued) return;
    this.queued = true;
    if (this.running === null) this.running = this.drain();
  }

  /** The change event thread: one round at a time while one is queued. */
  private async drain(): Promise<void> {
    try {
      while (this.queued && !this.closed) {
        this.queued = false;
        await this.processNotifications();
      }
    } finally {
      this.running = null;
    }
  }

  private async processNotifications(): Promise<void> {
    try {
      const notifications = (await this.zk.getChildren(this.seqNodeRoot)).slice().sort();
      if (notifications.length === 0 || this.closed) return;
      this.log.info(`Processing notification(s) to ${this.seqNodeRoot}`);
      const now = this.time.nowMs();
      for (const notification of notifications) {
        if (this.closed) return;
        const changeId = this.changeNumber(notification);
        if (changeId > this.lastExecutedChange) {
          await this.processNotification(notification);
          this.lastExecutedChange = changeId;
        }
      }
      await this.purgeObsoleteNotifications(now, notifications);
    } catch (e) {
      // After close Kafka interrupts the thread and says nothing.
      if (!this.closed) this.log.error(`Error while processing notification change for path = ${this.seqNodeRoot}`, e);
    }
  }

  private async processNotification(notification: string): Promise<void> {
    const changeZnode = `${this.seqNodeRoot}/${notification}`;
    const node = await this.zk.getDataAndStat(changeZnode);
    const data = node?.data ?? null;
    if (data === null) {
      this.log.warn(`read null data from ${changeZnode}`);
      return;
    }
    try {
      await this.handler.processNotification(data, changeZnode);
    } catch (e) {
      if (this.closed) return;
      this.log.error(`error processing change notification ${new TextDecoder().decode(data)} from ${changeZnode}`, e);
    }
  }

  /** Deletes the notifications created more than `changeExpirationMs` before `now` (strictly). */
  private async purgeObsoleteNotifications(now: number, notifications: readonly string[]): Promise<void> {
    for (const notification of [...notifications].sort()) {
      if (this.closed) return;
      const notificationNode = `${this.seqNodeRoot}/${notification}`;
      const node = await this.zk.getDataAndStat(notificationNode);
      // Kafka checks `data.isDefined`: a notification with null data is never purged.
      if (node !== null && node.data !== null && now - node.stat.ctime > this.changeExpirationMs) {
        this.log.debug(`Purging change notification ${notificationNode}`);
        await this.zk.deletePath(notificationNode);
      }
    }
  }

  /** `name.substring(seqNodePrefix.length).toLong`: the prefix itself is not checked. */
  private changeNumber(name: string): bigint {
    if (name.length < this.seqNodePrefix.length) {
      throw new JavaException('java.lang.StringIndexOutOfBoundsException', `String index out of range: ${name.length - this.seqNodePrefix.length}`);
    }
    return parseJavaLong(name.slice(this.seqNodePrefix.length));
  }
}

// ---------------------------------------------------------------------------------------------
// Config handlers

/** `kafka.server.ConfigHandler`. */
export interface ConfigHandler {
  processConfigChanges(entityName: string, config: ReadonlyMap<string, string>): void;
}

export interface TopicConfigHandlerDeps {
  brokerId: number;
  config: BrokerConfig;
  logManager: LogManager;
  /** `kafkaController.enableTopicUncleanLeaderElection(topic)`: queued only while it is the active controller. */
  enableTopicUncleanLeaderElection: (topic: string) => void;
  log: LogSink;
  build?: KafkaBuild;
}

const LEADER_THROTTLED_REPLICAS = 'leader.replication.throttled.replicas';
const FOLLOWER_THROTTLED_REPLICAS = 'follower.replication.throttled.replicas';
const MESSAGE_FORMAT_VERSION = 'message.format.version';
const UNCLEAN_LEADER_ELECTION_ENABLE = 'unclean.leader.election.enable';

/**
 * `kafka.server.TopicConfigHandler`: the topic's overrides (minus a `message.format.version` the
 * inter-broker protocol cannot write) overlaid on the broker's defaults become the `LogConfig` of
 * every local log of the topic; the throttled replica lists are parsed as Kafka parses them (the
 * replication quotas themselves are not emulated); `unclean.leader.election.enable=true` tells the
 * controller, which acts only if it is the active one.
 */
export class TopicConfigHandler implements ConfigHandler {
  private readonly log: Logger;
  private readonly build: KafkaBuild;

  constructor(private readonly deps: TopicConfigHandlerDeps) {
    this.log = logger(deps.log, 'kafka.server.TopicConfigHandler');
    this.build = deps.build ?? DEFAULT_KAFKA_BUILD;
  }

  processConfigChanges(topic: string, topicConfig: ReadonlyMap<string, string>): void {
    const configNamesToExclude = this.excludedConfigs(topic, topicConfig);
    const logs = this.deps.logManager.logsByTopic(topic);
    if (logs.length > 0) {
      const props: Record<string, string> = {};
      for (const [key, value] of topicConfig) if (!configNamesToExclude.has(key)) props[key] = value;
      // `LogConfig.fromProps` parses and validates every value (a ConfigException stops here).
      const logConfig = LogConfig.fromProps(this.deps.logManager.config.defaultLogConfig, props);
      for (const log of logs) log.updateConfig(logConfig);
    }
    this.updateThrottledList(topic, topicConfig, LEADER_THROTTLED_REPLICAS);
    this.updateThrottledList(topic, topicConfig, FOLLOWER_THROTTLED_REPLICAS);
    // `Try(getProperty(...).toBoolean).getOrElse(false)`: Scala's toBoolean ignores case, not spaces.
    if (topicConfig.get(UNCLEAN_LEADER_ELECTION_ENABLE)?.toLowerCase() === 'true') this.deps.enableTopicUncleanLeaderElection(topic);
  }

  private updateThrottledList(topic: string, topicConfig: ReadonlyMap<string, string>, prop: string): void {
    const brokerId = this.deps.brokerId;
    const value = topicConfig.get(prop);
    if (value !== undefined && value.length > 0) {
      const partitions = this.parseThrottledPartitions(value, brokerId, prop);
      this.log.debug(`Setting ${prop} on broker ${brokerId} for topic: ${topic} and partitions ${partitions}`);
    } else {
      this.log.debug(`Removing ${prop} from broker ${brokerId} for topic ${topic}`);
    }
  }

  /** `parseThrottledPartitions`, returning the Scala `Seq` as Kafka prints it in its debug line. */
  private parseThrottledPartitions(value: string, brokerId: number, prop: string): string {
    const configValue = value.trim();
    const seq = (prefix: string, items: readonly (string | number)[]) => `${prefix}(${items.join(', ')})`;
    const arraySeq = this.build.scalaVersion === '2.12' ? 'WrappedArray' : 'ArraySeq';
    // ThrottledReplicaListValidator.ensureValidString
    const entries = javaSplit(configValue, ',').map((e) => e.trim());
    const problem = throttledReplicaListProblem(prop, entries);
    if (problem !== null) throw ConfigException.invalidValue(prop, seq(arraySeq, entries), problem);
    if (configValue === '') return seq('List', []);
    if (configValue === '*') return seq('List', [-1]);
    const partitions: number[] = [];
    for (const entry of javaSplit(configValue, ',')) {
      const parts = javaSplit(entry, ':');
      if (parts.length < 2) throw new JavaException('java.lang.ArrayIndexOutOfBoundsException', '1');
      if (parseJavaInt(parts[1]) === brokerId) partitions.push(parseJavaInt(parts[0]));
    }
    return seq(arraySeq, partitions);
  }

  /** `excludedConfigs`: a message format newer than `inter.broker.protocol.version` is left out. */
  private excludedConfigs(topic: string, topicConfig: ReadonlyMap<string, string>): Set<string> {
    const versionString = topicConfig.get(MESSAGE_FORMAT_VERSION);
    if (versionString === undefined) return new Set();
    const version = (() => {
      try {
        return parseApiVersion(versionString);
      } catch (e) {
        throw new JavaException('java.lang.IllegalArgumentException', (e as Error).message);
      }
    })();
    const ibp = this.deps.config.interBrokerProtocolVersion;
    if (ibp.id < version.id) {
      this.log.warn(
        `Log configuration ${MESSAGE_FORMAT_VERSION} is ignored for \`${topic}\` because \`${versionString}\` is not compatible with Kafka inter-broker protocol version \`${String(this.deps.config.get('inter.broker.protocol.version'))}\``,
      );
      return new Set([MESSAGE_FORMAT_VERSION]);
    }
    return new Set();
  }
}

/** Client and user quotas, SCRAM credentials and dynamic broker configs: not emulated, so ignored. */
class IgnoredConfigHandler implements ConfigHandler {
  private readonly log: Logger;

  constructor(
    private readonly entityType: string,
    private readonly what: string,
    sink: LogSink,
    kafkaClass: string,
  ) {
    this.log = logger(sink, `kafka.server.${kafkaClass}`);
  }

  processConfigChanges(entityName: string): void {
    this.log.info(`Kafka Dojo does not emulate ${this.what}: the config change of ${this.entityType}/${entityName} is ignored`);
  }
}

// ---------------------------------------------------------------------------------------------
// DynamicConfigManager

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
    this.log = logger(deps.log, 'kafka.server.DynamicConfigManager');
    this.handlers = new Map<string, ConfigHandler>([
      [ConfigType.Topic, new TopicConfigHandler({ ...deps, build: this.build })],
      [ConfigType.Client, new IgnoredConfigHandler(ConfigType.Client, 'client quotas', deps.log, 'ClientIdConfigHandler')],
      [ConfigType.User, new IgnoredConfigHandler(ConfigType.User, 'user quotas or SCRAM credentials', deps.log, 'UserConfigHandler')],
      [ConfigType.Broker, new IgnoredConfigHandler(ConfigType.Broker, 'dynamic broker configs', deps.log, 'BrokerConfigHandler')],
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
   * apply every existing entity config to its handler. Only topic configs are read: the other
   * handlers would ignore theirs.
   */
  async startup(): Promise<void> {
    this.listener.init();
    for (const entityType of CONFIG_TYPES) {
      if (entityType !== ConfigType.Topic) continue;
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
      this.log.info(`Processing override for entityType: ${entityType}, entity: ${entityName} with config: ${this.propertiesString(entityConfig)}`);
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
