import type { BrokerConfig } from '../../config/kafka-config';
import { parseApiVersion } from '../../common/api-version';
import { ConfigException } from '../../common/config-def';
import { javaSplit, parseJavaInt } from '../../common/java-lang';
import type { KafkaBuild } from '../../common/jvm-hash-order';
import { DEFAULT_KAFKA_BUILD } from '../../common/jvm-hash-order';
import { LogConfig, throttledReplicaListProblem } from '../../log/log-config';
import type { LogManager } from '../../log/log-manager/log-manager';
import type { LogSink } from '../../common/logging';
import { Logger } from '../../common/logging';
import { errorMessage } from '../../common/throwable';
import type { ConfigHandler } from './config-handler';
import { JavaException } from './java-exception';
import { ALL_REPLICAS, type ReplicationQuotaManager } from '../../server/quota/replication-quota-manager';

/** `quotas.leader` / `quotas.follower`: where the throttled replica lists go. */
export interface ThrottledReplicaQuotas {
  readonly leader: Pick<ReplicationQuotaManager, 'markThrottled' | 'removeThrottle'>;
  readonly follower: Pick<ReplicationQuotaManager, 'markThrottled' | 'removeThrottle'>;
}

export interface TopicConfigHandlerDeps {
  brokerId: number;
  config: BrokerConfig;
  logManager: LogManager;
  /** `kafkaController.enableTopicUncleanLeaderElection(topic)`: queued only while it is the active controller. */
  enableTopicUncleanLeaderElection: (topic: string) => void;
  log: LogSink;
  build?: KafkaBuild;
  /** The broker's replication throttles (absent: the lists are parsed and logged only). */
  replicationQuotaManagers?: ThrottledReplicaQuotas;
}

const LEADER_THROTTLED_REPLICAS = 'leader.replication.throttled.replicas';
const FOLLOWER_THROTTLED_REPLICAS = 'follower.replication.throttled.replicas';
const MESSAGE_FORMAT_VERSION = 'message.format.version';
const UNCLEAN_LEADER_ELECTION_ENABLE = 'unclean.leader.election.enable';

/**
 * `kafka.server.TopicConfigHandler`: the topic's overrides (minus a `message.format.version` the
 * inter-broker protocol cannot write) overlaid on the broker's defaults become the `LogConfig` of
 * every local log of the topic; the throttled replica lists are parsed as Kafka parses them and mark
 * this broker's partitions of the topic throttled in the leader / follower replication quota; `unclean.leader.election.enable=true` tells the
 * controller, which acts only if it is the active one.
 */
export class TopicConfigHandler implements ConfigHandler {
  private readonly log: Logger;
  private readonly build: KafkaBuild;

  constructor(private readonly deps: TopicConfigHandlerDeps) {
    this.log = new Logger(deps.log, 'kafka.server.TopicConfigHandler');
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
    this.updateThrottledList(topic, topicConfig, LEADER_THROTTLED_REPLICAS, this.deps.replicationQuotaManagers?.leader);
    this.updateThrottledList(topic, topicConfig, FOLLOWER_THROTTLED_REPLICAS, this.deps.replicationQuotaManagers?.follower);
    // `Try(getProperty(...).toBoolean).getOrElse(false)`: Scala's toBoolean ignores case, not spaces.
    if (topicConfig.get(UNCLEAN_LEADER_ELECTION_ENABLE)?.toLowerCase() === 'true') this.deps.enableTopicUncleanLeaderElection(topic);
  }

  private updateThrottledList(
    topic: string,
    topicConfig: ReadonlyMap<string, string>,
    prop: string,
    quota: ThrottledReplicaQuotas['leader'] | undefined,
  ): void {
    const brokerId = this.deps.brokerId;
    const value = topicConfig.get(prop);
    if (value !== undefined && value.length > 0) {
      const { partitions, printed } = this.parseThrottledPartitions(value, brokerId, prop);
      quota?.markThrottled(topic, partitions);
      this.log.debug(`Setting ${prop} on broker ${brokerId} for topic: ${topic} and partitions ${printed}`);
    } else {
      quota?.removeThrottle(topic);
      this.log.debug(`Removing ${prop} from broker ${brokerId} for topic ${topic}`);
    }
  }

  /** `parseThrottledPartitions`, with the Scala `Seq` as Kafka prints it in its debug line. */
  private parseThrottledPartitions(
    value: string,
    brokerId: number,
    prop: string,
  ): { partitions: readonly number[] | typeof ALL_REPLICAS; printed: string } {
    const configValue = value.trim();
    const seq = (prefix: string, items: readonly (string | number)[]) => `${prefix}(${items.join(', ')})`;
    const arraySeq = this.build.scalaVersion === '2.12' ? 'WrappedArray' : 'ArraySeq';
    // ThrottledReplicaListValidator.ensureValidString
    const entries = javaSplit(configValue, ',').map((e) => e.trim());
    const problem = throttledReplicaListProblem(prop, entries);
    if (problem !== null) throw ConfigException.invalidValue(prop, seq(arraySeq, entries), problem);
    if (configValue === '') return { partitions: [], printed: seq('List', []) };
    if (configValue === '*') return { partitions: ALL_REPLICAS, printed: seq('List', [-1]) };
    const partitions: number[] = [];
    for (const entry of javaSplit(configValue, ',')) {
      const parts = javaSplit(entry, ':');
      if (parts.length < 2) throw new JavaException('java.lang.ArrayIndexOutOfBoundsException', '1');
      if (parseJavaInt(parts[1]) === brokerId) partitions.push(parseJavaInt(parts[0]));
    }
    return { partitions, printed: seq(arraySeq, partitions) };
  }

  /** `excludedConfigs`: a message format newer than `inter.broker.protocol.version` is left out. */
  private excludedConfigs(topic: string, topicConfig: ReadonlyMap<string, string>): Set<string> {
    const versionString = topicConfig.get(MESSAGE_FORMAT_VERSION);
    if (versionString === undefined) return new Set();
    const version = (() => {
      try {
        return parseApiVersion(versionString);
      } catch (e) {
        throw new JavaException('java.lang.IllegalArgumentException', errorMessage(e));
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
