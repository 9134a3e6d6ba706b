/**
 * Kafka 2.5's topic-level configuration, `kafka.log.LogConfig`, the one configuration class of the
 * log, the broker and the admin requests: every key with its type, default, validator, importance,
 * documentation and the broker key it falls back to (`LOG_CONFIG_DEF`, in log-config-def.ts); `LogConfig.validate`
 * (unknown names, values, min ≤ max compaction lag); and the typed `LogConfig` a log runs with,
 * `LogConfig.fromProps(defaults, overrides)`: the broker's defaults (`copyKafkaConfigToLog`, typed)
 * overlaid with the topic's overrides from `/config/topics/<t>` (strings), every key parsed and
 * validated as `ConfigDef.parse` does. It keeps the originals for Kafka's "Created log … with
 * properties {…}" line. The DescribeConfigs view of a topic is admin/topic-configs.ts.
 */
import type { BrokerConfig } from '../config/kafka-config';
import { KafkaConfig } from '../config/kafka-config';
import { parseApiVersion, type ApiVersion } from '../common/api-version';
import { parseConfigs, parseValue, printValue, type ConfigValue } from '../common/config-def';
import { javaHashMapIterationOrder } from '../common/jvm-hash-order';
import type { Random } from '../platform/random';

export {
  TopicConfig,
  type TopicConfigName,
  type TopicConfigKey,
  throttledReplicaListProblem,
  throttledReplicaListValidator,
  LOG_CONFIG_DEF,
  logConfigKey,
  topicConfigNames,
  TopicConfigSynonyms,
} from './log-config-def';
import { TopicConfig, type TopicConfigName, LOG_CONFIG_DEF, logConfigKey } from './log-config-def';

const T = TopicConfig;
const K = KafkaConfig;

/** One problem in a set of topic configs, in Kafka's words. */
export interface TopicConfigError {
  /** The key concerned, when Kafka's message names a single one. */
  readonly configName: string | null;
  readonly message: string;
  /**
   * InvalidConfigurationException (unknown key, compaction lags): an ApiException, INVALID_CONFIG
   * everywhere. ConfigException (a value): INVALID_CONFIG in CreateTopics, INVALID_REQUEST in AlterConfigs.
   */
  readonly exceptionName: 'InvalidConfigurationException' | 'ConfigException';
}

/**
 * `LogConfig.validate` as a list. Kafka stops at the first problem, and checks in this order: unknown
 * names (`Unknown topic config name: x`), then values in definition order (`Invalid value x for
 * configuration y: reason`), then `min.compaction.lag.ms` ≤ `max.compaction.lag.ms`. So the first
 * entry is what Kafka reports; the rest are what it would report once that one is fixed.
 */
export function validateTopicConfigs(props: Readonly<Record<string, string>>): TopicConfigError[] {
  const errors: TopicConfigError[] = Object.keys(props)
    .filter((name) => logConfigKey(name) === undefined)
    .map((name) => ({ configName: name, message: `Unknown topic config name: ${name}`, exceptionName: 'InvalidConfigurationException' }));
  const parsed = parseConfigs(LOG_CONFIG_DEF, props);
  for (const e of parsed.errors) errors.push({ configName: e.configName, message: e.message, exceptionName: 'ConfigException' });
  const minLag = parsed.values.get(T.MIN_COMPACTION_LAG_MS_CONFIG);
  const maxLag = parsed.values.get(T.MAX_COMPACTION_LAG_MS_CONFIG);
  if (typeof minLag === 'bigint' && typeof maxLag === 'bigint' && minLag > maxLag) {
    errors.push({
      configName: null,
      message:
        `conflict topic config setting ${T.MIN_COMPACTION_LAG_MS_CONFIG} (${minLag}) > ` + `${T.MAX_COMPACTION_LAG_MS_CONFIG} (${maxLag})`,
      exceptionName: 'InvalidConfigurationException',
    });
  }
  return errors;
}

/** Plain config values by name, as `LogConfig.fromProps` takes them: typed (a broker's defaults) or strings (ZooKeeper). */
export type TopicConfigValues = Readonly<Record<string, ConfigValue>>;

/**
 * The order of the keys in a 2.5/2.6 broker's copy of its config; it only breaks ties between keys
 * that share a `HashMap` bucket when the properties are printed.
 */
const ORIGINALS_ORDER: readonly TopicConfigName[] = [
  T.COMPRESSION_TYPE_CONFIG,
  T.MESSAGE_DOWNCONVERSION_ENABLE_CONFIG,
  T.MIN_IN_SYNC_REPLICAS_CONFIG,
  T.SEGMENT_JITTER_MS_CONFIG,
  T.CLEANUP_POLICY_CONFIG,
  T.FLUSH_MS_CONFIG,
  T.SEGMENT_BYTES_CONFIG,
  T.RETENTION_MS_CONFIG,
  T.FLUSH_MESSAGES_INTERVAL_CONFIG,
  T.MESSAGE_FORMAT_VERSION_CONFIG,
  T.FILE_DELETE_DELAY_MS_CONFIG,
  T.MAX_COMPACTION_LAG_MS_CONFIG,
  T.MAX_MESSAGE_BYTES_CONFIG,
  T.MIN_COMPACTION_LAG_MS_CONFIG,
  T.MESSAGE_TIMESTAMP_TYPE_CONFIG,
  T.PREALLOCATE_CONFIG,
  T.MIN_CLEANABLE_DIRTY_RATIO_CONFIG,
  T.INDEX_INTERVAL_BYTES_CONFIG,
  T.UNCLEAN_LEADER_ELECTION_ENABLE_CONFIG,
  T.RETENTION_BYTES_CONFIG,
  T.DELETE_RETENTION_MS_CONFIG,
  T.SEGMENT_MS_CONFIG,
  T.MESSAGE_TIMESTAMP_DIFFERENCE_MAX_MS_CONFIG,
  T.SEGMENT_INDEX_BYTES_CONFIG,
];

/**
 * Kafka 2.5's topic-config defaults (those of `LOG_CONFIG_DEF`) as a broker copies them, in that
 * broker's key order: every key but the two throttled replica lists, which have no broker value.
 */
export const LOG_CONFIG_DEFAULTS: TopicConfigValues = Object.freeze(
  Object.fromEntries(ORIGINALS_ORDER.map((name) => [name, logConfigKey(name)!.defaultValue as ConfigValue])),
);

const TIE_RANK = new Map<string, number>(ORIGINALS_ORDER.map((k, i) => [k, i]));

/** A value as Java's `toString` prints it (`[delete]` for a list, `0.5` or `1.0` for a double). */
export function formatConfigValue(key: string, value: ConfigValue): string {
  return printValue(value, logConfigKey(key)?.type ?? 'STRING');
}

/**
 * `KafkaServer.copyKafkaConfigToLog`: the broker's value for each topic key, typed as LogConfig
 * parses it. The throttle lists have no broker value.
 */
export function copyKafkaConfigToLog(broker: BrokerConfig): Map<TopicConfigName, ConfigValue> {
  return new Map<TopicConfigName, ConfigValue>([
    [T.SEGMENT_BYTES_CONFIG, broker.logSegmentBytes],
    [T.SEGMENT_MS_CONFIG, broker.logRollTimeMillisExact],
    [T.SEGMENT_JITTER_MS_CONFIG, broker.logRollTimeJitterMillisExact],
    [T.SEGMENT_INDEX_BYTES_CONFIG, broker.logIndexSizeMaxBytes],
    [T.FLUSH_MESSAGES_INTERVAL_CONFIG, broker.get(K.LogFlushIntervalMessagesProp)],
    [T.FLUSH_MS_CONFIG, broker.logFlushIntervalMsExact],
    [T.RETENTION_BYTES_CONFIG, broker.get(K.LogRetentionBytesProp)],
    [T.RETENTION_MS_CONFIG, broker.logRetentionTimeMillisExact],
    [T.MAX_MESSAGE_BYTES_CONFIG, broker.messageMaxBytes],
    [T.INDEX_INTERVAL_BYTES_CONFIG, broker.logIndexIntervalBytes],
    [T.DELETE_RETENTION_MS_CONFIG, broker.get(K.LogCleanerDeleteRetentionMsProp)],
    [T.MIN_COMPACTION_LAG_MS_CONFIG, broker.get(K.LogCleanerMinCompactionLagMsProp)],
    [T.MAX_COMPACTION_LAG_MS_CONFIG, broker.get(K.LogCleanerMaxCompactionLagMsProp)],
    [T.FILE_DELETE_DELAY_MS_CONFIG, broker.get(K.LogDeleteDelayMsProp)],
    [T.MIN_CLEANABLE_DIRTY_RATIO_CONFIG, broker.get(K.LogCleanerMinCleanRatioProp)],
    [T.CLEANUP_POLICY_CONFIG, broker.logCleanupPolicy],
    [T.MIN_IN_SYNC_REPLICAS_CONFIG, broker.minInSyncReplicas],
    [T.COMPRESSION_TYPE_CONFIG, broker.compressionType],
    [T.UNCLEAN_LEADER_ELECTION_ENABLE_CONFIG, broker.uncleanLeaderElectionEnable],
    [T.PREALLOCATE_CONFIG, broker.get(K.LogPreAllocateProp)],
    [T.MESSAGE_FORMAT_VERSION_CONFIG, broker.logMessageFormatVersion.version],
    [T.MESSAGE_TIMESTAMP_TYPE_CONFIG, broker.get(K.LogMessageTimestampTypeProp)],
    [T.MESSAGE_TIMESTAMP_DIFFERENCE_MAX_MS_CONFIG, broker.get(K.LogMessageTimestampDifferenceMaxMsProp)],
    [T.MESSAGE_DOWNCONVERSION_ENABLE_CONFIG, broker.get(K.LogMessageDownConversionEnableProp)],
  ]);
}

function toNumber(value: ConfigValue): number {
  return typeof value === 'bigint' ? Number(value) : (value as number);
}

/**
 * `ConfigDef.parse` of a LogConfig's properties: each key's value (parsed if a string, checked if
 * typed) or its default, then its validator; throws ConfigException for the first bad value in
 * definition order. Keys that are not LogConfig's are ignored here (they stay in the originals).
 */
function parseLogConfigValues(props: ReadonlyMap<string, ConfigValue>): Map<TopicConfigName, ConfigValue> {
  const values = new Map<TopicConfigName, ConfigValue>();
  for (const key of LOG_CONFIG_DEF) values.set(key.name, parseValue(key, props.get(key.name)));
  return values;
}

/** The typed configuration a log runs with (`kafka.log.LogConfig`). Longs are JS numbers here; `values` keeps them exact. */
export class LogConfig {
  /** Every value as given, the defaults' then the overrides' (`AbstractConfig.originals`). */
  readonly originals: ReadonlyMap<string, ConfigValue>;
  /** Every LogConfig key, parsed and validated (LONG values as bigint). */
  readonly values: ReadonlyMap<TopicConfigName, ConfigValue>;
  /** The keys the topic overrides (`LogConfig.overriddenConfigs`). */
  readonly overriddenConfigs: ReadonlySet<string>;
  readonly segmentSize: number;
  readonly segmentMs: number;
  readonly segmentJitterMs: number;
  /** `segment.index.bytes`: the size the active segment's indexes are pre-allocated to. */
  readonly maxIndexSize: number;
  readonly flushInterval: number;
  readonly flushMs: number;
  readonly retentionSize: number;
  readonly retentionMs: number;
  readonly maxMessageSize: number;
  readonly indexInterval: number;
  readonly fileDeleteDelayMs: number;
  readonly deleteRetentionMs: number;
  readonly compactionLagMs: number;
  readonly maxCompactionLagMs: number;
  readonly minCleanableRatio: number;
  /** `cleanup.policy` contains compact / delete (case-insensitively, as LogConfig reads it). */
  readonly compact: boolean;
  readonly delete: boolean;
  readonly uncleanLeaderElectionEnable: boolean;
  readonly minInSyncReplicas: number;
  /** Lower-cased, as LogConfig stores it. */
  readonly compressionType: string;
  readonly preallocate: boolean;
  readonly messageFormatVersion: ApiVersion;
  readonly messageTimestampType: 'CreateTime' | 'LogAppendTime';
  readonly messageTimestampDifferenceMaxMs: number;
  readonly leaderReplicationThrottledReplicas: readonly string[];
  readonly followerReplicationThrottledReplicas: readonly string[];
  readonly messageDownConversionEnable: boolean;

  private constructor(originals: Map<string, ConfigValue>, overridden: ReadonlySet<string>) {
    const values = parseLogConfigValues(originals);
    this.originals = originals;
    this.values = values;
    this.overriddenConfigs = overridden;
    const v = (name: TopicConfigName) => values.get(name) as ConfigValue;
    this.segmentSize = toNumber(v(T.SEGMENT_BYTES_CONFIG));
    this.segmentMs = toNumber(v(T.SEGMENT_MS_CONFIG));
    this.segmentJitterMs = toNumber(v(T.SEGMENT_JITTER_MS_CONFIG));
    this.maxIndexSize = toNumber(v(T.SEGMENT_INDEX_BYTES_CONFIG));
    this.flushInterval = toNumber(v(T.FLUSH_MESSAGES_INTERVAL_CONFIG));
    this.flushMs = toNumber(v(T.FLUSH_MS_CONFIG));
    this.retentionSize = toNumber(v(T.RETENTION_BYTES_CONFIG));
    this.retentionMs = toNumber(v(T.RETENTION_MS_CONFIG));
    this.maxMessageSize = toNumber(v(T.MAX_MESSAGE_BYTES_CONFIG));
    this.indexInterval = toNumber(v(T.INDEX_INTERVAL_BYTES_CONFIG));
    this.fileDeleteDelayMs = toNumber(v(T.FILE_DELETE_DELAY_MS_CONFIG));
    this.deleteRetentionMs = toNumber(v(T.DELETE_RETENTION_MS_CONFIG));
    this.compactionLagMs = toNumber(v(T.MIN_COMPACTION_LAG_MS_CONFIG));
    this.maxCompactionLagMs = toNumber(v(T.MAX_COMPACTION_LAG_MS_CONFIG));
    this.minCleanableRatio = toNumber(v(T.MIN_CLEANABLE_DIRTY_RATIO_CONFIG));
    const policies = (v(T.CLEANUP_POLICY_CONFIG) as readonly string[]).map((p) => p.toLowerCase());
    this.compact = policies.includes('compact');
    this.delete = policies.includes('delete');
    this.uncleanLeaderElectionEnable = v(T.UNCLEAN_LEADER_ELECTION_ENABLE_CONFIG) as boolean;
    this.minInSyncReplicas = toNumber(v(T.MIN_IN_SYNC_REPLICAS_CONFIG));
    this.compressionType = (v(T.COMPRESSION_TYPE_CONFIG) as string).toLowerCase();
    this.preallocate = v(T.PREALLOCATE_CONFIG) as boolean;
    this.messageFormatVersion = parseApiVersion(v(T.MESSAGE_FORMAT_VERSION_CONFIG) as string);
    this.messageTimestampType = v(T.MESSAGE_TIMESTAMP_TYPE_CONFIG) as 'CreateTime' | 'LogAppendTime';
    this.messageTimestampDifferenceMaxMs = toNumber(v(T.MESSAGE_TIMESTAMP_DIFFERENCE_MAX_MS_CONFIG));
    this.leaderReplicationThrottledReplicas = v(T.LEADER_REPLICATION_THROTTLED_REPLICAS_CONFIG) as readonly string[];
    this.followerReplicationThrottledReplicas = v(T.FOLLOWER_REPLICATION_THROTTLED_REPLICAS_CONFIG) as readonly string[];
    this.messageDownConversionEnable = v(T.MESSAGE_DOWNCONVERSION_ENABLE_CONFIG) as boolean;
  }

  /**
   * `LogConfig.fromProps(defaults, overrides)`: `overrides` put over `defaults` (a broker's are
   * `copyKafkaConfigToLog(config)`); throws ConfigException for a bad value.
   */
  static fromProps(
    defaults: TopicConfigValues | ReadonlyMap<string, ConfigValue> = LOG_CONFIG_DEFAULTS,
    overrides: TopicConfigValues = {},
  ): LogConfig {
    const originals = new Map<string, ConfigValue>(defaults instanceof Map ? defaults : Object.entries(defaults));
    for (const [k, v] of Object.entries(overrides)) originals.set(k, v);
    return new LogConfig(originals, new Set(Object.keys(overrides)));
  }

  /** Kafka's defaults overlaid with `values` (what a caller with a plain object of topic configs wants). */
  static of(values: TopicConfigValues = {}): LogConfig {
    return LogConfig.fromProps(LOG_CONFIG_DEFAULTS, values);
  }

  /** `Log.initFileSize`: the `.log` of a new segment is pre-allocated to `segment.bytes` when `preallocate`. */
  get initFileSize(): number {
    return this.preallocate ? this.segmentSize : 0;
  }

  /** A compacted topic rolls at least every `max.compaction.lag.ms`. */
  get maxSegmentMs(): number {
    return this.compact && this.maxCompactionLagMs > 0 ? Math.min(this.maxCompactionLagMs, this.segmentMs) : this.segmentMs;
  }

  /** `Utils.abs(Random.nextInt()) % min(segmentJitterMs, segmentMs)`, or 0 without jitter. */
  randomSegmentJitter(random: Random): number {
    if (this.segmentJitterMs === 0) return 0;
    return random.nextInt(2 ** 31) % Math.min(this.segmentJitterMs, this.segmentMs);
  }

  /**
   * `{k -> v, …}` exactly as Kafka prints `config.originals` (a `java.util.HashMap`) in
   * "Created log for partition … with properties {…}.".
   */
  formatOriginals(): string {
    const parts = this.originalsOrder().map((k) => `${k} -> ${formatConfigValue(k, this.originals.get(k) as ConfigValue)}`);
    return `{${parts.join(', ')}}`;
  }

  /** The order in which `config.originals` (a `java.util.HashMap` copy) iterates its keys. */
  originalsOrder(): string[] {
    const rank = new Map([...this.originals.keys()].map((k, i) => [k, TIE_RANK.get(k) ?? TIE_RANK.size + i]));
    const keys = [...this.originals.keys()].sort((a, b) => (rank.get(a) as number) - (rank.get(b) as number));
    return javaHashMapIterationOrder(keys);
  }
}
