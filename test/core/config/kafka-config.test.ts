import { describe, expect, it } from 'vitest';
import { BROKER_CONFIG_DEF, BrokerConfig, brokerConfigKey } from '../../../src-main/core/config/kafka-config';
import { ConfigException } from '../../../src-main/core/common/config-def';
import { IllegalArgumentException } from '../../../src-main/core/common/java-lang';

function firstError(props: Record<string, string>): Error {
  try {
    new BrokerConfig(props);
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected the config to be refused');
}

describe('BrokerConfig defaults (kafka.server.KafkaConfig and Defaults, Kafka 2.5)', () => {
  const config = new BrokerConfig();

  it('has the 2.5 defaults for the broker and the topics it creates', () => {
    expect(config.brokerId).toBe(-1);
    expect(config.rack).toBeNull();
    expect(config.logDirs).toEqual(['/tmp/kafka-logs']);
    expect(config.numPartitions).toBe(1);
    expect(config.defaultReplicationFactor).toBe(1);
    expect(config.autoCreateTopicsEnable).toBe(true);
    expect(config.deleteTopicEnable).toBe(true);
    expect(config.uncleanLeaderElectionEnable).toBe(false);
    expect(config.minInSyncReplicas).toBe(1);
  });

  it('has the 2.5 defaults for log segments, retention, cleaning and checkpoints', () => {
    expect(config.logSegmentBytes).toBe(1073741824);
    expect(config.logRetentionBytes).toBe(-1);
    expect(config.logCleanupIntervalMs).toBe(300000);
    expect(config.logDeleteDelayMs).toBe(60000);
    expect(config.logIndexIntervalBytes).toBe(4096);
    expect(config.logIndexSizeMaxBytes).toBe(10485760);
    expect(config.logCleanupPolicy).toEqual(['delete']);
    expect(config.logCleanerEnable).toBe(true);
    expect(config.logFlushOffsetCheckpointIntervalMs).toBe(60000);
    expect(config.logFlushStartOffsetCheckpointIntervalMs).toBe(60000);
  });

  it('has the 2.5 defaults for replication, message size and format versions', () => {
    expect(config.replicaHighWatermarkCheckpointIntervalMs).toBe(5000);
    expect(config.replicaLagTimeMaxMs).toBe(30000);
    expect(config.messageMaxBytes).toBe(1048588);
    expect(config.compressionType).toBe('producer');
    expect(config.interBrokerProtocolVersion.version).toBe('2.5-IV0');
    expect(config.logMessageFormatVersion.version).toBe('2.5-IV0');
  });

  it('has the 2.5 defaults for the controller: leader rebalance, controlled shutdown, ZooKeeper', () => {
    expect([
      config.autoLeaderRebalanceEnable,
      config.leaderImbalanceCheckIntervalSeconds,
      config.leaderImbalancePerBrokerPercentage,
    ]).toEqual([true, 300, 10]);
    expect([config.controlledShutdownEnable, config.controlledShutdownMaxRetries, config.controlledShutdownRetryBackoffMs]).toEqual([
      true,
      3,
      5000,
    ]);
    expect([config.zkSessionTimeoutMs, config.zkConnectionTimeoutMs, config.zkMaxInFlightRequests, config.zkEnableSecureAcls]).toEqual([
      18000,
      18000,
      10,
      false,
    ]);
  });

  it('has the 2.5 defaults for the offsets topic, the group coordinator and the transaction topic', () => {
    expect([config.offsetsTopicPartitions, config.offsetsTopicReplicationFactor, config.offsetsTopicSegmentBytes]).toEqual([
      50, 3, 104857600,
    ]);
    expect([config.offsetsTopicCompressionCodec, config.offsetsRetentionMinutes, config.offsetsRetentionCheckIntervalMs]).toEqual([
      0, 10080, 600000,
    ]);
    expect([
      config.offsetsLoadBufferSize,
      config.offsetCommitTimeoutMs,
      config.offsetCommitRequiredAcks,
      config.offsetMetadataMaxSize,
    ]).toEqual([5242880, 5000, -1, 4096]);
    expect([config.groupMinSessionTimeoutMs, config.groupMaxSessionTimeoutMs, config.groupInitialRebalanceDelayMs]).toEqual([
      6000, 1800000, 3000,
    ]);
    expect([config.transactionTopicPartitions, config.transactionTopicReplicationFactor]).toEqual([50, 3]);
  });

  it('gives 7 days of retention and rolling from the hours settings', () => {
    expect(config.logRetentionTimeMillis).toBe(604800000);
    expect(config.logRollTimeMillis).toBe(604800000);
    expect(config.logRollTimeJitterMillis).toBe(0);
    expect(config.logFlushIntervalMsExact).toBe(9223372036854775807n);
  });

  it('reads values by their dotted Kafka names', () => {
    expect(config.get('num.partitions')).toBe(1);
    expect(config.get('log.retention.hours')).toBe(168);
    expect(config.get('log.retention.ms')).toBeNull();
    expect(config.get('log.flush.interval.messages')).toBe(9223372036854775807n);
    expect(brokerConfigKey('offsets.topic.replication.factor')?.type).toBe('SHORT');
    expect(new Set(BROKER_CONFIG_DEF.map((k) => k.name)).size).toBe(BROKER_CONFIG_DEF.length);
  });
});

describe('BrokerConfig precedence', () => {
  it('log.retention.ms beats minutes, which beat hours', () => {
    expect(new BrokerConfig({ 'log.retention.hours': '1' }).logRetentionTimeMillis).toBe(3600000);
    expect(new BrokerConfig({ 'log.retention.hours': '1', 'log.retention.minutes': '2' }).logRetentionTimeMillis).toBe(120000);
    expect(
      new BrokerConfig({ 'log.retention.hours': '1', 'log.retention.minutes': '2', 'log.retention.ms': '500' }).logRetentionTimeMillis,
    ).toBe(500);
  });

  it('turns any negative retention into -1 (unlimited)', () => {
    expect(new BrokerConfig({ 'log.retention.ms': '-5' }).logRetentionTimeMillis).toBe(-1);
    expect(new BrokerConfig({ 'log.retention.hours': '-1' }).logRetentionTimeMillis).toBe(-1);
  });

  it('log.roll.ms beats log.roll.hours, and log.dirs beats log.dir', () => {
    expect(new BrokerConfig({ 'log.roll.hours': '2' }).logRollTimeMillis).toBe(7200000);
    expect(new BrokerConfig({ 'log.roll.hours': '2', 'log.roll.ms': '1000' }).logRollTimeMillis).toBe(1000);
    expect(new BrokerConfig({ 'log.dir': '/a', 'log.dirs': '/b , /c,' }).logDirs).toEqual(['/b', '/c']);
    expect(new BrokerConfig({ 'log.flush.scheduler.interval.ms': '100' }).logFlushIntervalMsExact).toBe(100n);
  });

  it('keeps what server.properties sets as originals', () => {
    const config = new BrokerConfig({ 'broker.id': '3', 'broker.rack': ' r1 ' });
    expect(config.brokerId).toBe(3);
    expect(config.rack).toBe('r1');
    expect(config.isSet('broker.rack')).toBe(true);
    expect(config.isSet('num.partitions')).toBe(false);
    expect(config.originals['broker.rack']).toBe(' r1 ');
  });
});

describe('BrokerConfig validation', () => {
  it('refuses num.partitions below 1 with ConfigException', () => {
    const e = firstError({ 'num.partitions': '0' });
    expect(e).toBeInstanceOf(ConfigException);
    expect(e.message).toBe('Invalid value 0 for configuration num.partitions: Value must be at least 1');
  });

  it('refuses a value that does not parse, and an out-of-range SHORT', () => {
    expect(firstError({ 'broker.id': 'one' }).message).toBe('Invalid value one for configuration broker.id: Not a number of type INT');
    expect(firstError({ 'offsets.topic.replication.factor': '40000' }).message).toBe(
      'Invalid value 40000 for configuration offsets.topic.replication.factor: Not a number of type SHORT',
    );
  });

  it('checks KafkaConfig requirements in 2.5 words', () => {
    const id = firstError({ 'broker.id': '1001' });
    expect(id).toBeInstanceOf(IllegalArgumentException);
    expect(id.message).toBe('requirement failed: broker.id must be equal or greater than -1 and not greater than reserved.broker.max.id');
    expect(firstError({ 'broker.id': '-1', 'broker.id.generation.enable': 'false' }).message).toBe(
      'requirement failed: broker.id must be equal or greater than 0',
    );
    expect(firstError({ 'log.roll.ms': '0' }).message).toBe('requirement failed: log.roll.ms must be equal or greater than 1');
    expect(firstError({ 'log.retention.ms': '0' }).message).toBe(
      'requirement failed: log.retention.ms must be unlimited (-1) or, equal or greater than 1',
    );
    expect(firstError({ 'log.dir': '' }).message).toBe(
      'requirement failed: At least one log directory must be defined via log.dirs or log.dir.',
    );
    expect(firstError({ 'offsets.commit.required.acks': '4' }).message).toBe(
      'requirement failed: offsets.commit.required.acks must be greater or equal -1 and less or equal to offsets.topic.replication.factor',
    );
  });

  it('accepts compression.type in any case on the broker, but not an unknown codec', () => {
    expect(new BrokerConfig({ 'compression.type': 'GZIP' }).compressionType).toBe('GZIP');
    expect(firstError({ 'compression.type': 'brotli' }).message).toBe(
      'requirement failed: compression.type : brotli is not valid. Valid options are uncompressed,zstd,lz4,snappy,gzip,producer',
    );
  });

  it('refuses a message format newer than the inter-broker protocol allows', () => {
    expect(firstError({ 'log.message.format.version': '0.11.0', 'inter.broker.protocol.version': '0.10.2' }).message).toBe(
      'requirement failed: log.message.format.version 0.11.0 can only be used when inter.broker.protocol.version is set to version 0.11.0 or higher',
    );
    expect(
      new BrokerConfig({ 'log.message.format.version': '0.10.2', 'inter.broker.protocol.version': '2.5' }).logMessageFormatVersion.version,
    ).toBe('0.10.2-IV0');
  });

  it('lists every problem with validate', () => {
    expect(BrokerConfig.validate({ 'num.partitions': '0', 'log.segment.bytes': '1' }).map((e) => e.message)).toEqual([
      'Invalid value 0 for configuration num.partitions: Value must be at least 1',
      'Invalid value 1 for configuration log.segment.bytes: Value must be at least 14',
    ]);
    expect(BrokerConfig.validate({ 'log.roll.ms': '0', 'log.retention.ms': '0' }).map((e) => e.message)).toEqual([
      'requirement failed: log.roll.ms must be equal or greater than 1',
      'requirement failed: log.retention.ms must be unlimited (-1) or, equal or greater than 1',
    ]);
    expect(BrokerConfig.validate({})).toEqual([]);
  });
});
