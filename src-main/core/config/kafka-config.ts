/**
 * Kafka 2.5's `KafkaConfig` over every key of its ConfigDef (kafka-config-def.ts): the typed values
 * the emulated cluster reads, the derived values (`log.retention.ms` > `.minutes` > `.hours`,
 * `log.roll.ms` > `.hours`, `log.dirs` > `log.dir`) and `KafkaConfig.validateValues`' requirements
 * that concern what is emulated. Unknown keys are kept in the originals (Kafka only logs them).
 */
import { parseApiVersion, minSupportedApiVersionFor, type ApiVersion } from '../common/api-version';
import { ConfigException, parseConfigs, type ConfigValue } from '../common/config-def';
import { IllegalArgumentException } from '../common/java-lang';
import { connectionLimitFailures } from './connection-limits';
import { BROKER_CONFIG_DEF } from './kafka-config-def';

export { BROKER_CONFIG_DEF, brokerConfigKey } from './kafka-config-def';

/** Kafka's `KafkaConfig.*Prop` names. */
export const KafkaConfig = {
  ZkConnectProp: 'zookeeper.connect',
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
  LogCleanerThreadsProp: 'log.cleaner.threads',
  LogCleanerDedupeBufferSizeProp: 'log.cleaner.dedupe.buffer.size',
  LogCleanerDedupeBufferLoadFactorProp: 'log.cleaner.io.buffer.load.factor',
  LogCleanerIoBufferSizeProp: 'log.cleaner.io.buffer.size',
  LogCleanerIoMaxBytesPerSecondProp: 'log.cleaner.io.max.bytes.per.second',
  LogCleanerBackoffMsProp: 'log.cleaner.backoff.ms',
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

/**
 * What the emulated brokers are given as `zookeeper.connect` (Kafka requires it) when their
 * configuration does not name one: the in-process ZooKeeper, at ZooKeeper's usual address.
 */
export const IN_PROCESS_ZOOKEEPER_CONNECT = 'localhost:2181';

const K = KafkaConfig;
const UNCHECKED: unique symbol = Symbol('unchecked');
const HOUR_MS = 60n * 60n * 1000n;

function withZooKeeperConnect(props: Readonly<Record<string, string>>): Record<string, string> {
  return Object.hasOwn(props, K.ZkConnectProp) ? { ...props } : { [K.ZkConnectProp]: IN_PROCESS_ZOOKEEPER_CONNECT, ...props };
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
  constructor(given: Readonly<Record<string, string>> = {}, unchecked?: typeof UNCHECKED) {
    const props = withZooKeeperConnect(given);
    const { values, errors } = parseConfigs(BROKER_CONFIG_DEF, props);
    if (errors.length > 0) throw errors[0];
    this.originals = Object.freeze(props);
    this.values = values;
    if (unchecked !== UNCHECKED) {
      const failed = requirementFailures(this);
      if (failed.length > 0) throw failed[0];
    }
  }

  /** Every error, parse errors first (definition order), else the failed requirements. */
  static validate(given: Readonly<Record<string, string>>): Array<ConfigException | IllegalArgumentException> {
    const props = withZooKeeperConnect(given);
    const { errors } = parseConfigs(BROKER_CONFIG_DEF, props);
    if (errors.length > 0) return [...errors];
    return requirementFailures(new BrokerConfig(props, UNCHECKED));
  }

  /** The parsed value of a key by its dotted Kafka name (`config.get('num.partitions')`). */
  get(name: BrokerConfigName): ConfigValue {
    if (!this.values.has(name)) throw new ConfigException(`Unknown configuration '${name}'`, name);
    return this.values.get(name)!;
  }

  /** The parsed value of any KafkaConfig key (`AbstractConfig.values`), null for one KafkaConfig does not define. */
  value(name: string): ConfigValue {
    return this.values.get(name) ?? null;
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
    require(config.brokerId >= -1 &&
      config.brokerId <=
        config.maxReservedBrokerId, 'broker.id must be equal or greater than -1 and not greater than reserved.broker.max.id');
  } else {
    require(config.brokerId >= 0, 'broker.id must be equal or greater than 0');
  }
  require(config.logRollTimeMillisExact >= 1n, 'log.roll.ms must be equal or greater than 1');
  require(config.logRollTimeJitterMillisExact >= 0n, 'log.roll.jitter.ms must be equal or greater than 0');
  const retention = config.logRetentionTimeMillisExact;
  require(retention >= 1n || retention === -1n, 'log.retention.ms must be unlimited (-1) or, equal or greater than 1');
  require(config.logDirs.length > 0, 'At least one log directory must be defined via log.dirs or log.dir.');
  require(config.offsetCommitRequiredAcks >= -1 &&
    config.offsetCommitRequiredAcks <=
      config.offsetsTopicReplicationFactor, 'offsets.commit.required.acks must be greater or equal -1 and less or equal to offsets.topic.replication.factor');
  require((BROKER_COMPRESSION_OPTIONS as readonly string[]).includes(
    config.compressionType.toLowerCase(),
  ), `compression.type : ${config.compressionType} is not valid. Valid options are ${BROKER_COMPRESSION_OPTIONS.join(',')}`);
  const recordVersion = config.logMessageFormatVersion.recordVersion;
  require(config.interBrokerProtocolVersion.recordVersion >=
    recordVersion, `log.message.format.version ${config.get(K.LogMessageFormatVersionProp) as string} can only be used when ` +
    `inter.broker.protocol.version is set to version ${minSupportedApiVersionFor(recordVersion).shortVersion} or higher`);
  failed.push(...connectionLimitFailures(config));
  return failed;
}
