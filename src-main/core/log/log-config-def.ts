/**
 * `kafka.log.LogConfig.configDef` as data: every topic config key with its type, default,
 * validator, importance, documentation and the broker key it falls back to, in definition order,
 * and what is read straight off it (names, synonyms). The typed `LogConfig` is log-config.ts.
 */
import { BROKER_COMPRESSION_OPTIONS, KafkaConfig } from '../config/kafka-config';
import { apiVersionValidator } from '../common/api-version';
import {
  atLeast,
  between,
  ConfigException,
  define,
  printValue,
  validList,
  validString,
  type ConfigKey,
  type ConfigType,
  type ConfigValue,
  type Validator,
} from '../common/config-def';
import { LONG_MAX } from '../common/java-lang';

/** Topic config names (`org.apache.kafka.common.config.TopicConfig`, plus LogConfig's two throttle lists). */
export const TopicConfig = {
  SEGMENT_BYTES_CONFIG: 'segment.bytes',
  SEGMENT_MS_CONFIG: 'segment.ms',
  SEGMENT_JITTER_MS_CONFIG: 'segment.jitter.ms',
  SEGMENT_INDEX_BYTES_CONFIG: 'segment.index.bytes',
  FLUSH_MESSAGES_INTERVAL_CONFIG: 'flush.messages',
  FLUSH_MS_CONFIG: 'flush.ms',
  RETENTION_BYTES_CONFIG: 'retention.bytes',
  RETENTION_MS_CONFIG: 'retention.ms',
  MAX_MESSAGE_BYTES_CONFIG: 'max.message.bytes',
  INDEX_INTERVAL_BYTES_CONFIG: 'index.interval.bytes',
  DELETE_RETENTION_MS_CONFIG: 'delete.retention.ms',
  MIN_COMPACTION_LAG_MS_CONFIG: 'min.compaction.lag.ms',
  MAX_COMPACTION_LAG_MS_CONFIG: 'max.compaction.lag.ms',
  FILE_DELETE_DELAY_MS_CONFIG: 'file.delete.delay.ms',
  MIN_CLEANABLE_DIRTY_RATIO_CONFIG: 'min.cleanable.dirty.ratio',
  CLEANUP_POLICY_CONFIG: 'cleanup.policy',
  UNCLEAN_LEADER_ELECTION_ENABLE_CONFIG: 'unclean.leader.election.enable',
  MIN_IN_SYNC_REPLICAS_CONFIG: 'min.insync.replicas',
  COMPRESSION_TYPE_CONFIG: 'compression.type',
  PREALLOCATE_CONFIG: 'preallocate',
  MESSAGE_FORMAT_VERSION_CONFIG: 'message.format.version',
  MESSAGE_TIMESTAMP_TYPE_CONFIG: 'message.timestamp.type',
  MESSAGE_TIMESTAMP_DIFFERENCE_MAX_MS_CONFIG: 'message.timestamp.difference.max.ms',
  LEADER_REPLICATION_THROTTLED_REPLICAS_CONFIG: 'leader.replication.throttled.replicas',
  FOLLOWER_REPLICATION_THROTTLED_REPLICAS_CONFIG: 'follower.replication.throttled.replicas',
  MESSAGE_DOWNCONVERSION_ENABLE_CONFIG: 'message.downconversion.enable',
} as const;

export type TopicConfigName = (typeof TopicConfig)[keyof typeof TopicConfig];

/** A LogConfig key with the broker key its default comes from (`LogConfigDef.serverDefaultConfigNames`). */
export interface TopicConfigKey extends ConfigKey {
  readonly name: TopicConfigName;
  readonly serverDefaultConfigName: string;
}

/**
 * `ThrottledReplicaListValidator`: `*`, or `partition:broker` entries. As 2.5 checks it, a list whose
 * first entry is `*` passes whatever follows.
 */
/** `ThrottledReplicaListValidator`'s rule: `*`, or `partition:broker` entries; the reason when broken. */
export function throttledReplicaListProblem(name: string, entries: readonly string[]): string | null {
  const allReplicas = entries.every((entry) => /^(?:[0-9]+:[0-9]+)?$/.test(entry.trim()));
  if (allReplicas || entries[0]?.trim() === '*') return null;
  return `${name} must be the literal '*' or a list of replicas in the following format: [partitionId]:[brokerId],[partitionId]:[brokerId],...`;
}

export const throttledReplicaListValidator: Validator = {
  description: '[partitionId]:[brokerId],[partitionId]:[brokerId],...',
  ensureValid(name, value, type) {
    const problem = throttledReplicaListProblem(name, (value as readonly string[] | null) ?? []);
    if (problem !== null) throw ConfigException.invalidValue(name, printValue(value, type), problem);
  },
};

const T = TopicConfig;
const K = KafkaConfig;

function topicKey(
  name: TopicConfigName,
  type: ConfigType,
  defaultValue: ConfigValue,
  validator: Validator | null,
  documentation: string,
  serverDefaultConfigName: string,
  importance: 'MEDIUM' | 'LOW' = 'MEDIUM',
): TopicConfigKey {
  return Object.freeze({ ...define(name, type, defaultValue, validator, importance, documentation), name, serverDefaultConfigName });
}

/** 2.5's `LogConfig.configDef`, in definition order (the order `ConfigDef.parse` checks values in). */
export const LOG_CONFIG_DEF: readonly TopicConfigKey[] = [
  topicKey(T.SEGMENT_BYTES_CONFIG, 'INT', 1073741824, atLeast(14), 'The segment file size for the log.', K.LogSegmentBytesProp),
  topicKey(
    T.SEGMENT_MS_CONFIG,
    'LONG',
    604800000n,
    atLeast(1),
    "The period of time after which Kafka will force the log to roll even if the segment file isn't full.",
    K.LogRollTimeMillisProp,
  ),
  topicKey(
    T.SEGMENT_JITTER_MS_CONFIG,
    'LONG',
    0n,
    atLeast(0),
    'The maximum random jitter subtracted from the scheduled segment roll time.',
    K.LogRollTimeJitterMillisProp,
  ),
  topicKey(
    T.SEGMENT_INDEX_BYTES_CONFIG,
    'INT',
    10485760,
    atLeast(0),
    'The size of the index that maps offsets to file positions.',
    K.LogIndexSizeMaxBytesProp,
  ),
  topicKey(
    T.FLUSH_MESSAGES_INTERVAL_CONFIG,
    'LONG',
    LONG_MAX,
    atLeast(0),
    'The number of messages written to a log partition before we force an fsync on the log.',
    K.LogFlushIntervalMessagesProp,
  ),
  topicKey(
    T.FLUSH_MS_CONFIG,
    'LONG',
    LONG_MAX,
    atLeast(0),
    'The time interval after which we will force an fsync of data written to the log.',
    K.LogFlushIntervalMsProp,
  ),
  topicKey(
    T.RETENTION_BYTES_CONFIG,
    'LONG',
    -1n,
    null,
    'The maximum size a partition log can grow to before old segments are discarded (-1: no limit).',
    K.LogRetentionBytesProp,
  ),
  topicKey(
    T.RETENTION_MS_CONFIG,
    'LONG',
    604800000n,
    atLeast(-1),
    'The maximum time a log is retained before old segments are discarded (-1: no limit).',
    K.LogRetentionTimeMillisProp,
  ),
  topicKey(
    T.MAX_MESSAGE_BYTES_CONFIG,
    'INT',
    1048588,
    atLeast(0),
    'The largest record batch size allowed by Kafka.',
    K.MessageMaxBytesProp,
  ),
  topicKey(
    T.INDEX_INTERVAL_BYTES_CONFIG,
    'INT',
    4096,
    atLeast(0),
    'How frequently Kafka adds an index entry to its offset index.',
    K.LogIndexIntervalBytesProp,
  ),
  topicKey(
    T.DELETE_RETENTION_MS_CONFIG,
    'LONG',
    86400000n,
    atLeast(0),
    'The amount of time to retain delete tombstone markers for log compacted topics.',
    K.LogCleanerDeleteRetentionMsProp,
  ),
  topicKey(
    T.MIN_COMPACTION_LAG_MS_CONFIG,
    'LONG',
    0n,
    atLeast(0),
    'The minimum time a message will remain uncompacted in the log.',
    K.LogCleanerMinCompactionLagMsProp,
  ),
  topicKey(
    T.MAX_COMPACTION_LAG_MS_CONFIG,
    'LONG',
    LONG_MAX,
    atLeast(1),
    'The maximum time a message will remain ineligible for compaction in the log.',
    K.LogCleanerMaxCompactionLagMsProp,
  ),
  topicKey(
    T.FILE_DELETE_DELAY_MS_CONFIG,
    'LONG',
    60000n,
    atLeast(0),
    'The time to wait before deleting a file from the filesystem.',
    K.LogDeleteDelayMsProp,
  ),
  topicKey(
    T.MIN_CLEANABLE_DIRTY_RATIO_CONFIG,
    'DOUBLE',
    0.5,
    between(0, 1),
    'How frequently the log compactor will attempt to clean the log.',
    K.LogCleanerMinCleanRatioProp,
  ),
  topicKey(
    T.CLEANUP_POLICY_CONFIG,
    'LIST',
    ['delete'],
    validList('compact', 'delete'),
    'A string that is either "delete" or "compact" or both.',
    K.LogCleanupPolicyProp,
  ),
  topicKey(
    T.UNCLEAN_LEADER_ELECTION_ENABLE_CONFIG,
    'BOOLEAN',
    false,
    null,
    'Whether replicas not in the ISR may be elected as leader as a last resort, even though doing so may result in data loss.',
    K.UncleanLeaderElectionEnableProp,
  ),
  topicKey(
    T.MIN_IN_SYNC_REPLICAS_CONFIG,
    'INT',
    1,
    atLeast(1),
    'The minimum number of replicas that must acknowledge a write with acks=all.',
    K.MinInSyncReplicasProp,
  ),
  topicKey(
    T.COMPRESSION_TYPE_CONFIG,
    'STRING',
    'producer',
    validString(...BROKER_COMPRESSION_OPTIONS),
    'The final compression type for the topic.',
    K.CompressionTypeProp,
  ),
  topicKey(
    T.PREALLOCATE_CONFIG,
    'BOOLEAN',
    false,
    null,
    'True if we should preallocate the file on disk when creating a new log segment.',
    K.LogPreAllocateProp,
  ),
  topicKey(
    T.MESSAGE_FORMAT_VERSION_CONFIG,
    'STRING',
    '2.5-IV0',
    apiVersionValidator,
    'The message format version the broker will use to append messages to the logs.',
    K.LogMessageFormatVersionProp,
  ),
  topicKey(
    T.MESSAGE_TIMESTAMP_TYPE_CONFIG,
    'STRING',
    'CreateTime',
    validString('CreateTime', 'LogAppendTime'),
    'Whether the timestamp in the message is message create time or log append time.',
    K.LogMessageTimestampTypeProp,
  ),
  topicKey(
    T.MESSAGE_TIMESTAMP_DIFFERENCE_MAX_MS_CONFIG,
    'LONG',
    LONG_MAX,
    atLeast(0),
    'The maximum difference allowed between the broker receipt time and the message timestamp.',
    K.LogMessageTimestampDifferenceMaxMsProp,
  ),
  topicKey(
    T.LEADER_REPLICATION_THROTTLED_REPLICAS_CONFIG,
    'LIST',
    [],
    throttledReplicaListValidator,
    'Replicas whose log replication is throttled on the leader side, or * for all.',
    T.LEADER_REPLICATION_THROTTLED_REPLICAS_CONFIG,
  ),
  topicKey(
    T.FOLLOWER_REPLICATION_THROTTLED_REPLICAS_CONFIG,
    'LIST',
    [],
    throttledReplicaListValidator,
    'Replicas whose log replication is throttled on the follower side, or * for all.',
    T.FOLLOWER_REPLICATION_THROTTLED_REPLICAS_CONFIG,
  ),
  topicKey(
    T.MESSAGE_DOWNCONVERSION_ENABLE_CONFIG,
    'BOOLEAN',
    true,
    null,
    'Whether down-conversion of message formats is enabled to satisfy consume requests.',
    K.LogMessageDownConversionEnableProp,
    'LOW',
  ),
];

const KEYS_BY_NAME = new Map<string, TopicConfigKey>(LOG_CONFIG_DEF.map((k) => [k.name, k]));

export function logConfigKey(name: string): TopicConfigKey | undefined {
  return KEYS_BY_NAME.get(name);
}

/** `LogConfig.configNames`: sorted, as kafka-topics' help lists them. */
export function topicConfigNames(): TopicConfigName[] {
  return LOG_CONFIG_DEF.map((k) => k.name).sort();
}

const THROTTLED_REPLICA_LISTS: ReadonlySet<string> = new Set([
  T.LEADER_REPLICATION_THROTTLED_REPLICAS_CONFIG,
  T.FOLLOWER_REPLICATION_THROTTLED_REPLICAS_CONFIG,
]);

/**
 * `LogConfig.TopicConfigSynonyms`: topic key → the broker key with the highest priority. Every key
 * has one but the throttle lists, including the three whose broker key has the same name
 * (`unclean.leader.election.enable`, `min.insync.replicas`, `compression.type`).
 */
export const TopicConfigSynonyms: ReadonlyMap<string, string> = new Map(
  LOG_CONFIG_DEF.filter((k) => !THROTTLED_REPLICA_LISTS.has(k.name)).map((k) => [k.name, k.serverDefaultConfigName]),
);
