/**
 * The part of Kafka 2.5's `KafkaConfig` the emulated cluster uses: the keys of reference §4.2 plus
 * every broker key a topic config falls back to, with 2.5's types, defaults, validators and
 * importance, the derived values (`log.retention.ms` > `.minutes` > `.hours`, `log.roll.ms` >
 * `.hours`, `log.dirs` > `log.dir`) and `KafkaConfig.validateValues`' requirements.
 *
 * Not defined here: `zookeeper.connect` (required in Kafka, meaningless in-process), listeners,
 * SSL/SASL, quotas, metrics; unknown keys are ignored, as Kafka only logs them.
 */
import { apiVersionValidator, parseApiVersion, minSupportedApiVersionFor, type ApiVersion } from '../common/api-version';
import {
  atLeast,
  ConfigException,
  define,
  parseConfigs,
  validList,
  validString,
  type ConfigKey,
  type ConfigValue,
} from '../common/config-def';
import { IllegalArgumentException, LONG_MAX } from '../common/java-lang';

/** Kafka's `KafkaConfig.*Prop` names. */
export const KafkaConfig = {
  ZkSessionTimeoutMsProp: 'zookeeper.session.timeout.ms',
  ZkConnectionTimeoutMsProp: 'zookeeper.connection.timeout.ms',
  ZkEnableSecureAclsProp: 'zookeeper.set.acl',
  ZkMaxInFlightRequestsProp: 'zookeeper.max.in.flight.requests',
  BrokerIdGenerationEnableProp: 'broker.id.generation.enable',
  MaxReservedBrokerIdProp: 'reserved.broker.max.id',
  BrokerIdProp: 'broker.id',
  MessageMaxBytesProp: 'message.max.bytes',
  RackProp: 'broker.rack',
  NumPartitionsProp: 'num.partitions',
  LogDirProp: 'log.dir',
  LogDirsProp: 'log.dirs',
  LogSegmentBytesProp: 'log.segment.bytes',
  LogRollTimeMillisProp: 'log.roll.ms',
  LogRollTimeHoursProp: 'log.roll.hours',
  LogRollTimeJitterMillisProp: 'log.roll.jitter.ms',
  LogRollTimeJitterHoursProp: 'log.roll.jitter.hours',
  LogRetentionTimeMillisProp: 'log.retention.ms',
  LogRetentionTimeMinutesProp: 'log.retention.minutes',
  LogRetentionTimeHoursProp: 'log.retention.hours',
  LogRetentionBytesProp: 'log.retention.bytes',
  LogCleanupIntervalMsProp: 'log.retention.check.interval.ms',
  LogCleanupPolicyProp: 'log.cleanup.policy',
  LogCleanerMinCleanRatioProp: 'log.cleaner.min.cleanable.ratio',
  LogCleanerEnableProp: 'log.cleaner.enable',
  LogCleanerDeleteRetentionMsProp: 'log.cleaner.delete.retention.ms',
  LogCleanerMinCompactionLagMsProp: 'log.cleaner.min.compaction.lag.ms',
  LogCleanerMaxCompactionLagMsProp: 'log.cleaner.max.compaction.lag.ms',
  LogIndexSizeMaxBytesProp: 'log.index.size.max.bytes',
  LogIndexIntervalBytesProp: 'log.index.interval.bytes',
  LogFlushIntervalMessagesProp: 'log.flush.interval.messages',
  LogDeleteDelayMsProp: 'log.segment.delete.delay.ms',
  LogFlushSchedulerIntervalMsProp: 'log.flush.scheduler.interval.ms',
  LogFlushIntervalMsProp: 'log.flush.interval.ms',
  LogFlushOffsetCheckpointIntervalMsProp: 'log.flush.offset.checkpoint.interval.ms',
  LogFlushStartOffsetCheckpointIntervalMsProp: 'log.flush.start.offset.checkpoint.interval.ms',
  LogPreAllocateProp: 'log.preallocate',
  AutoCreateTopicsEnableProp: 'auto.create.topics.enable',
  MinInSyncReplicasProp: 'min.insync.replicas',
  LogMessageFormatVersionProp: 'log.message.format.version',
  LogMessageTimestampTypeProp: 'log.message.timestamp.type',
  LogMessageTimestampDifferenceMaxMsProp: 'log.message.timestamp.difference.max.ms',
  LogMessageDownConversionEnableProp: 'log.message.downconversion.enable',
  DefaultReplicationFactorProp: 'default.replication.factor',
  ReplicaLagTimeMaxMsProp: 'replica.lag.time.max.ms',
  ReplicaFetchWaitMaxMsProp: 'replica.fetch.wait.max.ms',
  ReplicaFetchMaxBytesProp: 'replica.fetch.max.bytes',
  ReplicaFetchBackoffMsProp: 'replica.fetch.backoff.ms',
  ReplicaHighWatermarkCheckpointIntervalMsProp: 'replica.high.watermark.checkpoint.interval.ms',
  AutoLeaderRebalanceEnableProp: 'auto.leader.rebalance.enable',
  LeaderImbalancePerBrokerPercentageProp: 'leader.imbalance.per.broker.percentage',
  LeaderImbalanceCheckIntervalSecondsProp: 'leader.imbalance.check.interval.seconds',
  UncleanLeaderElectionEnableProp: 'unclean.leader.election.enable',
  InterBrokerProtocolVersionProp: 'inter.broker.protocol.version',
  ControlledShutdownMaxRetriesProp: 'controlled.shutdown.max.retries',
  ControlledShutdownRetryBackoffMsProp: 'controlled.shutdown.retry.backoff.ms',
  ControlledShutdownEnableProp: 'controlled.shutdown.enable',
  GroupMinSessionTimeoutMsProp: 'group.min.session.timeout.ms',
  GroupMaxSessionTimeoutMsProp: 'group.max.session.timeout.ms',
  GroupInitialRebalanceDelayMsProp: 'group.initial.rebalance.delay.ms',
  OffsetMetadataMaxSizeProp: 'offset.metadata.max.bytes',
  OffsetsLoadBufferSizeProp: 'offsets.load.buffer.size',
  OffsetsTopicReplicationFactorProp: 'offsets.topic.replication.factor',
  OffsetsTopicPartitionsProp: 'offsets.topic.num.partitions',
  OffsetsTopicSegmentBytesProp: 'offsets.topic.segment.bytes',
  OffsetsTopicCompressionCodecProp: 'offsets.topic.compression.codec',
  OffsetsRetentionMinutesProp: 'offsets.retention.minutes',
  OffsetsRetentionCheckIntervalMsProp: 'offsets.retention.check.interval.ms',
  OffsetCommitTimeoutMsProp: 'offsets.commit.timeout.ms',
  OffsetCommitRequiredAcksProp: 'offsets.commit.required.acks',
  DeleteTopicEnableProp: 'delete.topic.enable',
  CompressionTypeProp: 'compression.type',
  TransactionsTopicMinISRProp: 'transaction.state.log.min.isr',
  TransactionsTopicReplicationFactorProp: 'transaction.state.log.replication.factor',
  TransactionsTopicPartitionsProp: 'transaction.state.log.num.partitions',
  TransactionsTopicSegmentBytesProp: 'transaction.state.log.segment.bytes',
} as const;

export type BrokerConfigName = (typeof KafkaConfig)[keyof typeof KafkaConfig];

/** `BrokerCompressionCodec.brokerCompressionOptions`, in Kafka's order. */
export const BROKER_COMPRESSION_OPTIONS = ['uncompressed', 'zstd', 'lz4', 'snappy', 'gzip', 'producer'] as const;

const K = KafkaConfig;
const UNCHECKED: unique symbol = Symbol('unchecked');
const HOUR_MS = 60n * 60n * 1000n;

/** 2.5's definitions, in KafkaConfig's order. LegacyRecord.RECORD_OVERHEAD_V0 is 14. */
export const BROKER_CONFIG_DEF: readonly ConfigKey[] = [
  define(K.ZkSessionTimeoutMsProp, 'INT', 18000, null, 'HIGH', 'Zookeeper session timeout'),
  define(K.ZkConnectionTimeoutMsProp, 'INT', null, null, 'HIGH', 'The max time that the client waits to establish a connection to zookeeper. If not set, the value in zookeeper.session.timeout.ms is used'),
  define(K.ZkEnableSecureAclsProp, 'BOOLEAN', false, null, 'HIGH', 'Set client to use secure ACLs'),
  define(K.ZkMaxInFlightRequestsProp, 'INT', 10, atLeast(1), 'HIGH', 'The maximum number of unacknowledged requests the client will send to Zookeeper before blocking.'),
  define(K.BrokerIdGenerationEnableProp, 'BOOLEAN', true, null, 'MEDIUM', 'Enable automatic broker id generation on the server.'),
  define(K.MaxReservedBrokerIdProp, 'INT', 1000, atLeast(0), 'MEDIUM', 'Max number that can be used for a broker.id'),
  define(K.BrokerIdProp, 'INT', -1, null, 'HIGH', 'The broker id for this server. If unset, a unique broker id will be generated.'),
  define(K.MessageMaxBytesProp, 'INT', 1048588, atLeast(0), 'HIGH', 'The largest record batch size allowed by Kafka.'),
  define(K.RackProp, 'STRING', null, null, 'MEDIUM', 'Rack of the broker. This will be used in rack aware replication assignment for fault tolerance.'),
  define(K.NumPartitionsProp, 'INT', 1, atLeast(1), 'MEDIUM', 'The default number of log partitions per topic'),
  define(K.LogDirProp, 'STRING', '/tmp/kafka-logs', null, 'HIGH', 'The directory in which the log data is kept (supplemental for log.dirs property)'),
  define(K.LogDirsProp, 'STRING', null, null, 'HIGH', 'The directories in which the log data is kept. If not set, the value in log.dir is used'),
  define(K.LogSegmentBytesProp, 'INT', 1073741824, atLeast(14), 'HIGH', 'The maximum size of a single log file'),
  define(K.LogRollTimeMillisProp, 'LONG', null, null, 'HIGH', 'The maximum time before a new log segment is rolled out (in milliseconds). If not set, the value in log.roll.hours is used'),
  define(K.LogRollTimeHoursProp, 'INT', 168, atLeast(1), 'HIGH', 'The maximum time before a new log segment is rolled out (in hours), secondary to log.roll.ms property'),
  define(K.LogRollTimeJitterMillisProp, 'LONG', null, null, 'HIGH', 'The maximum jitter to subtract from logRollTimeMillis (in milliseconds). If not set, the value in log.roll.jitter.hours is used'),
  define(K.LogRollTimeJitterHoursProp, 'INT', 0, atLeast(0), 'HIGH', 'The maximum jitter to subtract from logRollTimeMillis (in hours), secondary to log.roll.jitter.ms property'),
  define(K.LogRetentionTimeMillisProp, 'LONG', null, null, 'HIGH', 'The number of milliseconds to keep a log file before deleting it. If not set, the value in log.retention.minutes is used. If set to -1, no time limit is applied.'),
  define(K.LogRetentionTimeMinutesProp, 'INT', null, null, 'HIGH', 'The number of minutes to keep a log file before deleting it, secondary to log.retention.ms property.'),
  define(K.LogRetentionTimeHoursProp, 'INT', 168, null, 'HIGH', 'The number of hours to keep a log file before deleting it, tertiary to log.retention.ms property'),
  define(K.LogRetentionBytesProp, 'LONG', -1n, null, 'HIGH', 'The maximum size of the log before deleting it'),
  define(K.LogCleanupIntervalMsProp, 'LONG', 300000n, atLeast(1), 'MEDIUM', 'The frequency in milliseconds that the log cleaner checks whether any log is eligible for deletion'),
  define(K.LogCleanupPolicyProp, 'LIST', ['delete'], validList('compact', 'delete'), 'MEDIUM', 'The default cleanup policy for segments beyond the retention window.'),
  define(K.LogCleanerMinCleanRatioProp, 'DOUBLE', 0.5, null, 'MEDIUM', 'The minimum ratio of dirty log to total log for a log to eligible for cleaning.'),
  define(K.LogCleanerEnableProp, 'BOOLEAN', true, null, 'MEDIUM', 'Enable the log cleaner process to run on the server.'),
  define(K.LogCleanerDeleteRetentionMsProp, 'LONG', 86400000n, null, 'MEDIUM', 'How long are delete records retained?'),
  define(K.LogCleanerMinCompactionLagMsProp, 'LONG', 0n, null, 'MEDIUM', 'The minimum time a message will remain uncompacted in the log.'),
  define(K.LogCleanerMaxCompactionLagMsProp, 'LONG', LONG_MAX, null, 'MEDIUM', 'The maximum time a message will remain ineligible for compaction in the log.'),
  define(K.LogIndexSizeMaxBytesProp, 'INT', 10485760, atLeast(4), 'MEDIUM', 'The maximum size in bytes of the offset index'),
  define(K.LogIndexIntervalBytesProp, 'INT', 4096, atLeast(0), 'MEDIUM', 'The interval with which we add an entry to the offset index'),
  define(K.LogFlushIntervalMessagesProp, 'LONG', LONG_MAX, atLeast(1), 'HIGH', 'The number of messages accumulated on a log partition before messages are flushed to disk'),
  define(K.LogDeleteDelayMsProp, 'LONG', 60000n, atLeast(0), 'HIGH', 'The amount of time to wait before deleting a file from the filesystem'),
  define(K.LogFlushSchedulerIntervalMsProp, 'LONG', LONG_MAX, null, 'HIGH', 'The frequency in ms that the log flusher checks whether any log needs to be flushed to disk'),
  define(K.LogFlushIntervalMsProp, 'LONG', null, null, 'HIGH', 'The maximum time in ms that a message in any topic is kept in memory before flushed to disk. If not set, the value in log.flush.scheduler.interval.ms is used'),
  define(K.LogFlushOffsetCheckpointIntervalMsProp, 'INT', 60000, atLeast(0), 'HIGH', 'The frequency with which we update the persistent record of the last flush which acts as the log recovery point'),
  define(K.LogFlushStartOffsetCheckpointIntervalMsProp, 'INT', 60000, atLeast(0), 'HIGH', 'The frequency with which we update the persistent record of log start offset'),
  define(K.LogPreAllocateProp, 'BOOLEAN', false, null, 'MEDIUM', 'Should pre allocate file when create new segment?'),
  define(K.AutoCreateTopicsEnableProp, 'BOOLEAN', true, null, 'HIGH', 'Enable auto creation of topic on the server'),
  define(K.MinInSyncReplicasProp, 'INT', 1, atLeast(1), 'HIGH', 'The minimum number of replicas that must acknowledge a write for the write to be considered successful (acks=all).'),
  define(K.LogMessageFormatVersionProp, 'STRING', '2.5-IV0', apiVersionValidator, 'MEDIUM', 'Specify the message format version the broker will use to append messages to the logs.'),
  define(K.LogMessageTimestampTypeProp, 'STRING', 'CreateTime', validString('CreateTime', 'LogAppendTime'), 'MEDIUM', 'Define whether the timestamp in the message is message create time or log append time.'),
  define(K.LogMessageTimestampDifferenceMaxMsProp, 'LONG', LONG_MAX, null, 'MEDIUM', 'The maximum difference allowed between the timestamp when a broker receives a message and the timestamp specified in the message.'),
  define(K.LogMessageDownConversionEnableProp, 'BOOLEAN', true, null, 'LOW', 'Whether down-conversion of message formats is enabled to satisfy consume requests.'),
  define(K.DefaultReplicationFactorProp, 'INT', 1, null, 'MEDIUM', 'default replication factors for automatically created topics'),
  define(K.ReplicaLagTimeMaxMsProp, 'LONG', 30000n, null, 'HIGH', 'If a follower has not caught up to the leader log end offset for at least this time, the leader will remove the follower from isr'),
  define(K.ReplicaFetchWaitMaxMsProp, 'INT', 500, null, 'HIGH', 'max wait time for each fetcher request issued by follower replicas. This value should always be less than the replica.lag.time.max.ms at all times to prevent frequent shrinking of ISR for low throughput topics'),
  define(K.ReplicaFetchMaxBytesProp, 'INT', 1048576, atLeast(0), 'MEDIUM', 'The number of bytes of messages to attempt to fetch for each partition.'),
  define(K.ReplicaFetchBackoffMsProp, 'INT', 1000, atLeast(0), 'MEDIUM', 'The amount of time to sleep when fetch partition error occurs.'),
  define(K.ReplicaHighWatermarkCheckpointIntervalMsProp, 'LONG', 5000n, null, 'HIGH', 'The frequency with which the high watermark is saved out to disk'),
  define(K.AutoLeaderRebalanceEnableProp, 'BOOLEAN', true, null, 'HIGH', 'Enables auto leader balancing.'),
  define(K.LeaderImbalancePerBrokerPercentageProp, 'INT', 10, null, 'HIGH', 'The ratio of leader imbalance allowed per broker, in percentage.'),
  define(K.LeaderImbalanceCheckIntervalSecondsProp, 'LONG', 300n, null, 'HIGH', 'The frequency with which the partition rebalance check is triggered by the controller'),
  define(K.UncleanLeaderElectionEnableProp, 'BOOLEAN', false, null, 'HIGH', 'Indicates whether to enable replicas not in the ISR set to be elected as leader as a last resort, even though doing so may result in data loss'),
  define(K.InterBrokerProtocolVersionProp, 'STRING', '2.5-IV0', apiVersionValidator, 'MEDIUM', 'Specify which version of the inter-broker protocol will be used.'),
  define(K.ControlledShutdownMaxRetriesProp, 'INT', 3, null, 'MEDIUM', 'Controlled shutdown can fail for multiple reasons. This determines the number of retries when such failure happens'),
  define(K.ControlledShutdownRetryBackoffMsProp, 'LONG', 5000n, null, 'MEDIUM', 'Before each retry, the system needs time to recover from the state that caused the previous failure.'),
  define(K.ControlledShutdownEnableProp, 'BOOLEAN', true, null, 'MEDIUM', 'Enable controlled shutdown of the server'),
  define(K.GroupMinSessionTimeoutMsProp, 'INT', 6000, null, 'MEDIUM', 'The minimum allowed session timeout for registered consumers.'),
  define(K.GroupMaxSessionTimeoutMsProp, 'INT', 1800000, null, 'MEDIUM', 'The maximum allowed session timeout for registered consumers.'),
  define(K.GroupInitialRebalanceDelayMsProp, 'INT', 3000, null, 'MEDIUM', 'The amount of time the group coordinator will wait for more consumers to join a new group before performing the first rebalance.'),
  define(K.OffsetMetadataMaxSizeProp, 'INT', 4096, null, 'HIGH', 'The maximum size for a metadata entry associated with an offset commit'),
  define(K.OffsetsLoadBufferSizeProp, 'INT', 5242880, atLeast(1), 'HIGH', 'Batch size for reading from the offsets segments when loading offsets into the cache.'),
  define(K.OffsetsTopicReplicationFactorProp, 'SHORT', 3, atLeast(1), 'HIGH', 'The replication factor for the offsets topic. Internal topic creation will fail until the cluster size meets this replication factor requirement.'),
  define(K.OffsetsTopicPartitionsProp, 'INT', 50, atLeast(1), 'HIGH', 'The number of partitions for the offset commit topic (should not change after deployment)'),
  define(K.OffsetsTopicSegmentBytesProp, 'INT', 104857600, atLeast(1), 'HIGH', 'The offsets topic segment bytes should be kept relatively small in order to facilitate faster log compaction and cache loads'),
  define(K.OffsetsTopicCompressionCodecProp, 'INT', 0, null, 'HIGH', 'Compression codec for the offsets topic.'),
  define(K.OffsetsRetentionMinutesProp, 'INT', 10080, atLeast(1), 'HIGH', 'After a consumer group loses all its consumers (i.e. becomes empty) its offsets will be kept for this retention period before getting discarded.'),
  define(K.OffsetsRetentionCheckIntervalMsProp, 'LONG', 600000n, atLeast(1), 'HIGH', 'Frequency at which to check for stale offsets'),
  define(K.OffsetCommitTimeoutMsProp, 'INT', 5000, atLeast(1), 'HIGH', 'Offset commit will be delayed until all replicas for the offsets topic receive the commit or this timeout is reached.'),
  define(K.OffsetCommitRequiredAcksProp, 'SHORT', -1, null, 'HIGH', 'The required acks before the commit can be accepted. In general, the default (-1) should not be overridden'),
  define(K.DeleteTopicEnableProp, 'BOOLEAN', true, null, 'HIGH', 'Enables delete topic. Delete topic through the admin tool will have no effect if this config is turned off'),
  define(K.CompressionTypeProp, 'STRING', 'producer', null, 'HIGH', "Specify the final compression type for a given topic ('gzip', 'snappy', 'lz4', 'zstd', 'uncompressed', 'producer')."),
  define(K.TransactionsTopicMinISRProp, 'INT', 2, atLeast(1), 'HIGH', 'Overridden min.insync.replicas config for the transaction topic.'),
  define(K.TransactionsTopicReplicationFactorProp, 'SHORT', 3, atLeast(1), 'HIGH', 'The replication factor for the transaction topic.'),
  define(K.TransactionsTopicPartitionsProp, 'INT', 50, atLeast(1), 'HIGH', 'The number of partitions for the transaction topic (should not change after deployment).'),
  define(K.TransactionsTopicSegmentBytesProp, 'INT', 104857600, atLeast(1), 'HIGH', 'The transaction topic segment bytes should be kept relatively small in order to facilitate faster log compaction and cache loads'),
];

const KEYS_BY_NAME = new Map(BROKER_CONFIG_DEF.map((k) => [k.name, k]));

export function brokerConfigKey(name: string): ConfigKey | undefined {
  return KEYS_BY_NAME.get(name);
}

/** `CoreUtils.parseCsvList`: split on commas with surrounding whitespace, dropping empty entries. */
function parseCsvList(csv: string | null): string[] {
  if (csv === null || csv.length === 0) return [];
  return csv.split(/\s*,\s*/).filter((v) => v !== '');
}

/**
 * A parsed broker configuration (`server.properties`). The constructor throws the first error
 * Kafka would (a ConfigException while parsing, then an IllegalArgumentException
 * `requirement failed: …`); `BrokerConfig.validate` lists them all.
 */
export class BrokerConfig {
  /** The properties as given: DescribeConfigs' STATIC_BROKER_CONFIG source. */
  readonly originals: Readonly<Record<string, string>>;
  private readonly values: ReadonlyMap<string, ConfigValue>;

  /** The second parameter is internal: `validate` builds an unchecked instance to list requirement failures. */
  constructor(props: Readonly<Record<string, string>> = {}, unchecked?: typeof UNCHECKED) {
    const { values, errors } = parseConfigs(BROKER_CONFIG_DEF, props);
    if (errors.length > 0) throw errors[0];
    this.originals = Object.freeze({ ...props });
    this.values = values;
    if (unchecked !== UNCHECKED) {
      const failed = requirementFailures(this);
      if (failed.length > 0) throw failed[0];
    }
  }

  /** Every error, parse errors first (definition order), else the failed requirements. */
  static validate(props: Readonly<Record<string, string>>): Array<ConfigException | IllegalArgumentException> {
    const { errors } = parseConfigs(BROKER_CONFIG_DEF, props);
    if (errors.length > 0) return [...errors];
    return requirementFailures(new BrokerConfig(props, UNCHECKED));
  }

  /** The parsed value of a key by its dotted Kafka name (`config.get('num.partitions')`). */
  get(name: BrokerConfigName): ConfigValue {
    if (!this.values.has(name)) throw new ConfigException(`Unknown configuration '${name}'`, name);
    return this.values.get(name)!;
  }

  /** Whether `server.properties` sets the key explicitly. */
  isSet(name: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.originals, name);
  }

  private int(name: BrokerConfigName): number {
    return this.get(name) as number;
  }

  private long(name: BrokerConfigName): bigint {
    return this.get(name) as bigint;
  }

  private optionalLong(name: BrokerConfigName): bigint | null {
    return this.get(name) as bigint | null;
  }

  private bool(name: BrokerConfigName): boolean {
    return this.get(name) as boolean;
  }

  private string(name: BrokerConfigName): string {
    return this.get(name) as string;
  }

  get brokerId(): number {
    return this.int(K.BrokerIdProp);
  }

  get brokerIdGenerationEnable(): boolean {
    return this.bool(K.BrokerIdGenerationEnableProp);
  }

  get maxReservedBrokerId(): number {
    return this.int(K.MaxReservedBrokerIdProp);
  }

  get rack(): string | null {
    return this.get(K.RackProp) as string | null;
  }

  /** `log.dirs`, else `log.dir`, split on commas. */
  get logDirs(): string[] {
    return parseCsvList((this.get(K.LogDirsProp) as string | null) ?? (this.get(K.LogDirProp) as string | null));
  }

  get numPartitions(): number {
    return this.int(K.NumPartitionsProp);
  }

  get defaultReplicationFactor(): number {
    return this.int(K.DefaultReplicationFactorProp);
  }

  get autoCreateTopicsEnable(): boolean {
    return this.bool(K.AutoCreateTopicsEnableProp);
  }

  get deleteTopicEnable(): boolean {
    return this.bool(K.DeleteTopicEnableProp);
  }

  get uncleanLeaderElectionEnable(): boolean {
    return this.bool(K.UncleanLeaderElectionEnableProp);
  }

  get minInSyncReplicas(): number {
    return this.int(K.MinInSyncReplicasProp);
  }

  get logSegmentBytes(): number {
    return this.int(K.LogSegmentBytesProp);
  }

  /** `log.roll.ms`, else `log.roll.hours` × 3 600 000, exactly. */
  get logRollTimeMillisExact(): bigint {
    return this.optionalLong(K.LogRollTimeMillisProp) ?? HOUR_MS * BigInt(this.int(K.LogRollTimeHoursProp));
  }

  get logRollTimeMillis(): number {
    return Number(this.logRollTimeMillisExact);
  }

  get logRollTimeJitterMillisExact(): bigint {
    return this.optionalLong(K.LogRollTimeJitterMillisProp) ?? HOUR_MS * BigInt(this.int(K.LogRollTimeJitterHoursProp));
  }

  get logRollTimeJitterMillis(): number {
    return Number(this.logRollTimeJitterMillisExact);
  }

  /** `log.retention.ms` > `log.retention.minutes` > `log.retention.hours`; any negative result is -1 (unlimited). */
  get logRetentionTimeMillisExact(): bigint {
    const minutes = this.get(K.LogRetentionTimeMinutesProp) as number | null;
    const millis =
      this.optionalLong(K.LogRetentionTimeMillisProp) ??
      (minutes !== null ? 60_000n * BigInt(minutes) : HOUR_MS * BigInt(this.int(K.LogRetentionTimeHoursProp)));
    return millis < 0n ? -1n : millis;
  }

  get logRetentionTimeMillis(): number {
    return Number(this.logRetentionTimeMillisExact);
  }

  get logRetentionBytes(): number {
    return Number(this.long(K.LogRetentionBytesProp));
  }

  get logCleanupIntervalMs(): number {
    return Number(this.long(K.LogCleanupIntervalMsProp));
  }

  get logDeleteDelayMs(): number {
    return Number(this.long(K.LogDeleteDelayMsProp));
  }

  get logIndexIntervalBytes(): number {
    return this.int(K.LogIndexIntervalBytesProp);
  }

  get logIndexSizeMaxBytes(): number {
    return this.int(K.LogIndexSizeMaxBytesProp);
  }

  get logCleanupPolicy(): readonly string[] {
    return this.get(K.LogCleanupPolicyProp) as readonly string[];
  }

  get logCleanerEnable(): boolean {
    return this.bool(K.LogCleanerEnableProp);
  }

  /** `log.flush.interval.ms`, else `log.flush.scheduler.interval.ms`. */
  get logFlushIntervalMsExact(): bigint {
    return this.optionalLong(K.LogFlushIntervalMsProp) ?? this.long(K.LogFlushSchedulerIntervalMsProp);
  }

  get logFlushOffsetCheckpointIntervalMs(): number {
    return this.int(K.LogFlushOffsetCheckpointIntervalMsProp);
  }

  get logFlushStartOffsetCheckpointIntervalMs(): number {
    return this.int(K.LogFlushStartOffsetCheckpointIntervalMsProp);
  }

  get replicaHighWatermarkCheckpointIntervalMs(): number {
    return Number(this.long(K.ReplicaHighWatermarkCheckpointIntervalMsProp));
  }

  get replicaFetchWaitMaxMs(): number {
    return this.int(K.ReplicaFetchWaitMaxMsProp);
  }

  get replicaFetchMaxBytes(): number {
    return this.int(K.ReplicaFetchMaxBytesProp);
  }

  get replicaFetchBackoffMs(): number {
    return this.int(K.ReplicaFetchBackoffMsProp);
  }

  get logFlushSchedulerIntervalMs(): number | null {
    const v = this.long(K.LogFlushSchedulerIntervalMsProp);
    return v >= BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(v);
  }

  get replicaLagTimeMaxMs(): number {
    return Number(this.long(K.ReplicaLagTimeMaxMsProp));
  }

  get messageMaxBytes(): number {
    return this.int(K.MessageMaxBytesProp);
  }

  /** As written; the broker accepts any case (`BrokerCompressionCodec.isValid` lower-cases it). */
  get compressionType(): string {
    return this.string(K.CompressionTypeProp);
  }

  get interBrokerProtocolVersion(): ApiVersion {
    return parseApiVersion(this.string(K.InterBrokerProtocolVersionProp));
  }

  get logMessageFormatVersion(): ApiVersion {
    return parseApiVersion(this.string(K.LogMessageFormatVersionProp));
  }

  get autoLeaderRebalanceEnable(): boolean {
    return this.bool(K.AutoLeaderRebalanceEnableProp);
  }

  get leaderImbalanceCheckIntervalSeconds(): number {
    return Number(this.long(K.LeaderImbalanceCheckIntervalSecondsProp));
  }

  get leaderImbalancePerBrokerPercentage(): number {
    return this.int(K.LeaderImbalancePerBrokerPercentageProp);
  }

  get controlledShutdownEnable(): boolean {
    return this.bool(K.ControlledShutdownEnableProp);
  }

  get controlledShutdownMaxRetries(): number {
    return this.int(K.ControlledShutdownMaxRetriesProp);
  }

  get controlledShutdownRetryBackoffMs(): number {
    return Number(this.long(K.ControlledShutdownRetryBackoffMsProp));
  }

  get zkSessionTimeoutMs(): number {
    return this.int(K.ZkSessionTimeoutMsProp);
  }

  /** `zookeeper.connection.timeout.ms`, else the session timeout. */
  get zkConnectionTimeoutMs(): number {
    return (this.get(K.ZkConnectionTimeoutMsProp) as number | null) ?? this.zkSessionTimeoutMs;
  }

  get zkMaxInFlightRequests(): number {
    return this.int(K.ZkMaxInFlightRequestsProp);
  }

  get zkEnableSecureAcls(): boolean {
    return this.bool(K.ZkEnableSecureAclsProp);
  }

  get offsetsTopicPartitions(): number {
    return this.int(K.OffsetsTopicPartitionsProp);
  }

  get offsetsTopicReplicationFactor(): number {
    return this.int(K.OffsetsTopicReplicationFactorProp);
  }

  get offsetsTopicSegmentBytes(): number {
    return this.int(K.OffsetsTopicSegmentBytesProp);
  }

  get offsetsTopicCompressionCodec(): number {
    return this.int(K.OffsetsTopicCompressionCodecProp);
  }

  get offsetsRetentionMinutes(): number {
    return this.int(K.OffsetsRetentionMinutesProp);
  }

  get offsetsRetentionCheckIntervalMs(): number {
    return Number(this.long(K.OffsetsRetentionCheckIntervalMsProp));
  }

  get offsetsLoadBufferSize(): number {
    return this.int(K.OffsetsLoadBufferSizeProp);
  }

  get offsetCommitTimeoutMs(): number {
    return this.int(K.OffsetCommitTimeoutMsProp);
  }

  get offsetCommitRequiredAcks(): number {
    return this.int(K.OffsetCommitRequiredAcksProp);
  }

  get offsetMetadataMaxSize(): number {
    return this.int(K.OffsetMetadataMaxSizeProp);
  }

  get groupMinSessionTimeoutMs(): number {
    return this.int(K.GroupMinSessionTimeoutMsProp);
  }

  get groupMaxSessionTimeoutMs(): number {
    return this.int(K.GroupMaxSessionTimeoutMsProp);
  }

  get groupInitialRebalanceDelayMs(): number {
    return this.int(K.GroupInitialRebalanceDelayMsProp);
  }

  get transactionTopicPartitions(): number {
    return this.int(K.TransactionsTopicPartitionsProp);
  }

  get transactionTopicReplicationFactor(): number {
    return this.int(K.TransactionsTopicReplicationFactorProp);
  }

  get transactionTopicMinISR(): number {
    return this.int(K.TransactionsTopicMinISRProp);
  }

  get transactionTopicSegmentBytes(): number {
    return this.int(K.TransactionsTopicSegmentBytesProp);
  }
}

/** `KafkaConfig.validateValues`, the requirements that concern the keys defined here, in 2.5's order and words. */
function requirementFailures(config: BrokerConfig): IllegalArgumentException[] {
  const failed: IllegalArgumentException[] = [];
  const require = (ok: boolean, message: string) => {
    if (!ok) failed.push(IllegalArgumentException.requirementFailed(message));
  };
  if (config.brokerIdGenerationEnable) {
    require(
      config.brokerId >= -1 && config.brokerId <= config.maxReservedBrokerId,
      'broker.id must be equal or greater than -1 and not greater than reserved.broker.max.id',
    );
  } else {
    require(config.brokerId >= 0, 'broker.id must be equal or greater than 0');
  }
  require(config.logRollTimeMillisExact >= 1n, 'log.roll.ms must be equal or greater than 1');
  require(config.logRollTimeJitterMillisExact >= 0n, 'log.roll.jitter.ms must be equal or greater than 0');
  const retention = config.logRetentionTimeMillisExact;
  require(retention >= 1n || retention === -1n, 'log.retention.ms must be unlimited (-1) or, equal or greater than 1');
  require(config.logDirs.length > 0, 'At least one log directory must be defined via log.dirs or log.dir.');
  require(
    config.offsetCommitRequiredAcks >= -1 && config.offsetCommitRequiredAcks <= config.offsetsTopicReplicationFactor,
    'offsets.commit.required.acks must be greater or equal -1 and less or equal to offsets.topic.replication.factor',
  );
  require(
    (BROKER_COMPRESSION_OPTIONS as readonly string[]).includes(config.compressionType.toLowerCase()),
    `compression.type : ${config.compressionType} is not valid. Valid options are ${BROKER_COMPRESSION_OPTIONS.join(',')}`,
  );
  const recordVersion = config.logMessageFormatVersion.recordVersion;
  require(
    config.interBrokerProtocolVersion.recordVersion >= recordVersion,
    `log.message.format.version ${config.get(K.LogMessageFormatVersionProp) as string} can only be used when ` +
      `inter.broker.protocol.version is set to version ${minSupportedApiVersionFor(recordVersion).shortVersion} or higher`,
  );
  return failed;
}
