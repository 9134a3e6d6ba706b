import { describe, expect, it } from 'vitest';
import { BrokerConfig } from '../../../src-main/core/config/kafka-config';
import {
  assertValidTopicConfigs,
  effectiveTopicConfig,
  topicConfigApiError,
  type TopicConfigEntry,
} from '../../../src-main/core/admin/topic-configs';
import { ConfigException } from '../../../src-main/core/common/config-def';
import { KafkaApiError } from '../../../src-main/core/common/kafka-errors';
import {
  copyKafkaConfigToLog,
  LOG_CONFIG_DEF,
  LogConfig,
  topicConfigNames,
  validateTopicConfigs,
} from '../../../src-main/core/log/log-config';
import { SeededRandom } from '../../../src-main/core/platform/random';

function messages(props: Record<string, string>): string[] {
  return validateTopicConfigs(props).map((e) => e.message);
}

function entry(entries: TopicConfigEntry[], name: string): TopicConfigEntry {
  const found = entries.find((e) => e.name === name);
  if (found === undefined) throw new Error(`no entry ${name}`);
  return found;
}

describe('LogConfig definition (kafka.log.LogConfig)', () => {
  it('defines exactly the 26 topic configs of Kafka 2.5', () => {
    expect(topicConfigNames()).toEqual([
      'cleanup.policy',
      'compression.type',
      'delete.retention.ms',
      'file.delete.delay.ms',
      'flush.messages',
      'flush.ms',
      'follower.replication.throttled.replicas',
      'index.interval.bytes',
      'leader.replication.throttled.replicas',
      'max.compaction.lag.ms',
      'max.message.bytes',
      'message.downconversion.enable',
      'message.format.version',
      'message.timestamp.difference.max.ms',
      'message.timestamp.type',
      'min.cleanable.dirty.ratio',
      'min.compaction.lag.ms',
      'min.insync.replicas',
      'preallocate',
      'retention.bytes',
      'retention.ms',
      'segment.bytes',
      'segment.index.bytes',
      'segment.jitter.ms',
      'segment.ms',
      'unclean.leader.election.enable',
    ]);
  });

  it('carries type, importance, valid values and broker synonym', () => {
    const segmentBytes = LOG_CONFIG_DEF.find((k) => k.name === 'segment.bytes')!;
    expect(segmentBytes.type).toBe('INT');
    expect(segmentBytes.defaultValue).toBe(1073741824);
    expect(segmentBytes.validator?.description).toBe('[14,...]');
    expect(segmentBytes.serverDefaultConfigName).toBe('log.segment.bytes');
    const ratio = LOG_CONFIG_DEF.find((k) => k.name === 'min.cleanable.dirty.ratio')!;
    expect(ratio.validator?.description).toBe('[0,...,1]');
    expect(LOG_CONFIG_DEF.find((k) => k.name === 'message.downconversion.enable')!.importance).toBe('LOW');
    expect(LOG_CONFIG_DEF.find((k) => k.name === 'compression.type')!.validator?.description).toBe(
      '[uncompressed, zstd, lz4, snappy, gzip, producer]',
    );
    expect(LOG_CONFIG_DEF.find((k) => k.name === 'flush.messages')!.defaultValue).toBe(9223372036854775807n);
  });
});

describe('validateTopicConfigs (LogConfig.validate)', () => {
  it('accepts valid values, with surrounding whitespace trimmed', () => {
    expect(
      validateTopicConfigs({
        'retention.ms': ' -1 ',
        'cleanup.policy': 'compact, delete',
        'min.cleanable.dirty.ratio': '1',
        'message.format.version': '0.10.2.1',
        'unclean.leader.election.enable': 'TRUE',
        'leader.replication.throttled.replicas': '0:1, 1:2',
        'follower.replication.throttled.replicas': '*',
      }),
    ).toEqual([]);
  });

  it('names an unknown key the way Kafka 2.5 does for topic configs', () => {
    expect(validateTopicConfigs({ 'retention.hours': '1' })).toEqual([
      {
        configName: 'retention.hours',
        message: 'Unknown topic config name: retention.hours',
        exceptionName: 'InvalidConfigurationException',
      },
    ]);
  });

  it('reports a value that is not a number of the type', () => {
    expect(messages({ 'segment.bytes': '1GB' })).toEqual(['Invalid value 1GB for configuration segment.bytes: Not a number of type INT']);
    expect(messages({ 'segment.bytes': '2147483648' })).toEqual([
      'Invalid value 2147483648 for configuration segment.bytes: Not a number of type INT',
    ]);
    expect(messages({ 'retention.ms': '7d' })).toEqual(['Invalid value 7d for configuration retention.ms: Not a number of type LONG']);
    expect(messages({ 'min.cleanable.dirty.ratio': 'half' })).toEqual([
      'Invalid value half for configuration min.cleanable.dirty.ratio: Not a number of type DOUBLE',
    ]);
  });

  it('reports a number out of range, printed as Java prints the parsed value', () => {
    expect(messages({ 'segment.bytes': '13' })).toEqual(['Invalid value 13 for configuration segment.bytes: Value must be at least 14']);
    expect(messages({ 'retention.ms': '-2' })).toEqual(['Invalid value -2 for configuration retention.ms: Value must be at least -1']);
    expect(messages({ 'min.insync.replicas': '0' })).toEqual([
      'Invalid value 0 for configuration min.insync.replicas: Value must be at least 1',
    ]);
    expect(messages({ 'min.cleanable.dirty.ratio': '2' })).toEqual([
      'Invalid value 2.0 for configuration min.cleanable.dirty.ratio: Value must be no more than 1',
    ]);
  });

  it('reports a boolean that is neither true nor false', () => {
    expect(messages({ preallocate: 'yes' })).toEqual([
      'Invalid value yes for configuration preallocate: Expected value to be either true or false',
    ]);
  });

  it('reports strings outside the valid values, case-sensitively', () => {
    expect(messages({ 'compression.type': 'GZIP' })).toEqual([
      'Invalid value GZIP for configuration compression.type: String must be one of: uncompressed, zstd, lz4, snappy, gzip, producer',
    ]);
    expect(messages({ 'message.timestamp.type': 'createtime' })).toEqual([
      'Invalid value createtime for configuration message.timestamp.type: String must be one of: CreateTime, LogAppendTime',
    ]);
  });

  it('reports the offending element of a list', () => {
    expect(messages({ 'cleanup.policy': 'compact,Delete' })).toEqual([
      'Invalid value Delete for configuration cleanup.policy: String must be one of: compact, delete',
    ]);
  });

  it('reports an unknown message format version with ApiVersion text', () => {
    expect(messages({ 'message.format.version': '2.6' })).toEqual([
      'Invalid value 2.6 for configuration message.format.version: Version `2.6` is not a valid version',
    ]);
  });

  it('reports a malformed throttled replica list', () => {
    expect(messages({ 'leader.replication.throttled.replicas': '0:1,x' })).toEqual([
      'Invalid value [0:1, x] for configuration leader.replication.throttled.replicas: leader.replication.throttled.replicas ' +
        "must be the literal '*' or a list of replicas in the following format: [partitionId]:[brokerId],[partitionId]:[brokerId],...",
    ]);
    // 2.5 only looks at the first entry for the wildcard
    expect(messages({ 'follower.replication.throttled.replicas': '*,junk' })).toEqual([]);
  });

  it('refuses min.compaction.lag.ms above max.compaction.lag.ms', () => {
    expect(messages({ 'min.compaction.lag.ms': '10', 'max.compaction.lag.ms': '5' })).toEqual([
      'conflict topic config setting min.compaction.lag.ms (10) > max.compaction.lag.ms (5)',
    ]);
    expect(messages({ 'min.compaction.lag.ms': '5', 'max.compaction.lag.ms': '5' })).toEqual([]);
  });

  it('lists unknown names first, then values in definition order: the first is what Kafka reports', () => {
    expect(messages({ 'retention.ms': 'x', 'segment.bytes': '1', foo: 'bar' })).toEqual([
      'Unknown topic config name: foo',
      'Invalid value 1 for configuration segment.bytes: Value must be at least 14',
      'Invalid value x for configuration retention.ms: Not a number of type LONG',
    ]);
  });

  it('maps to INVALID_CONFIG in CreateTopics, and a bad value to INVALID_REQUEST in AlterConfigs', () => {
    const [valueError] = validateTopicConfigs({ 'segment.bytes': '1' });
    expect(topicConfigApiError(valueError, 'CreateTopics', 't').errorName).toBe('INVALID_CONFIG');
    const alter = topicConfigApiError(valueError, 'AlterConfigs', 't');
    expect(alter.errorName).toBe('INVALID_REQUEST');
    expect(alter.message).toBe(
      "Invalid config value for resource ConfigResource(type=TOPIC, name='t'): Invalid value 1 for configuration segment.bytes: Value must be at least 14",
    );
    const [unknown] = validateTopicConfigs({ foo: 'bar' });
    expect(topicConfigApiError(unknown, 'AlterConfigs', 't').errorName).toBe('INVALID_CONFIG');
    expect(() => assertValidTopicConfigs({ foo: 'bar' })).toThrow(KafkaApiError);
    expect(() => assertValidTopicConfigs({ 'retention.ms': '1000' })).not.toThrow();
  });
});

describe('LogConfig.fromProps', () => {
  it('falls back to the broker: log.retention.hours gives retention.ms', () => {
    const config = LogConfig.fromProps(copyKafkaConfigToLog(new BrokerConfig({ 'log.retention.hours': '24' })));
    expect(config.retentionMs).toBe(86400000);
    expect(config.segmentMs).toBe(604800000);
    expect(config.flushMs).toBe(Number(9223372036854775807n));
    expect(config.values.get('flush.ms')).toBe(9223372036854775807n);
    expect(config.messageFormatVersion.version).toBe('2.5-IV0');
  });

  it('lets the topic override win and records what it overrides', () => {
    const config = LogConfig.fromProps(copyKafkaConfigToLog(new BrokerConfig({ 'log.retention.hours': '24' })), {
      'retention.ms': '1000',
      'cleanup.policy': 'compact',
      'compression.type': 'lz4',
    });
    expect(config.retentionMs).toBe(1000);
    expect(config.compact).toBe(true);
    expect(config.delete).toBe(false);
    expect(config.compressionType).toBe('lz4');
    expect([...config.overriddenConfigs].sort()).toEqual(['cleanup.policy', 'compression.type', 'retention.ms']);
  });

  it('rolls a compacted topic at least every max.compaction.lag.ms', () => {
    const broker = new BrokerConfig();
    expect(
      LogConfig.fromProps(copyKafkaConfigToLog(broker), { 'cleanup.policy': 'compact', 'max.compaction.lag.ms': '1000' }).maxSegmentMs,
    ).toBe(1000);
    expect(LogConfig.fromProps(copyKafkaConfigToLog(broker), { 'max.compaction.lag.ms': '1000' }).maxSegmentMs).toBe(604800000);
  });

  it('draws segment jitter below min(segment.jitter.ms, segment.ms)', () => {
    const broker = new BrokerConfig();
    expect(LogConfig.fromProps(copyKafkaConfigToLog(broker)).randomSegmentJitter(new SeededRandom(1))).toBe(0);
    const jittered = LogConfig.fromProps(copyKafkaConfigToLog(broker), { 'segment.jitter.ms': '100', 'segment.ms': '50' });
    const jitter = jittered.randomSegmentJitter(new SeededRandom(1));
    expect(jitter).toBeGreaterThanOrEqual(0);
    expect(jitter).toBeLessThan(50);
  });

  it('throws ConfigException for a bad stored value', () => {
    expect(() => LogConfig.fromProps(copyKafkaConfigToLog(new BrokerConfig()), { 'segment.bytes': '1' })).toThrow(ConfigException);
  });
});

describe('effectiveTopicConfig (DescribeConfigs sources)', () => {
  it('reports defaults as DEFAULT_CONFIG with the broker default as synonym', () => {
    const entries = effectiveTopicConfig({}, new BrokerConfig());
    const segmentBytes = entry(entries, 'segment.bytes');
    expect(segmentBytes.value).toBe('1073741824');
    expect(segmentBytes.source).toBe('DEFAULT_CONFIG');
    expect(segmentBytes.synonyms).toEqual([{ name: 'log.segment.bytes', value: '1073741824', source: 'DEFAULT_CONFIG' }]);
    expect(entry(entries, 'cleanup.policy').value).toBe('delete');
    expect(entry(entries, 'min.cleanable.dirty.ratio').value).toBe('0.5');
    expect(entry(entries, 'flush.ms').value).toBe('9223372036854775807');
    expect(entry(entries, 'leader.replication.throttled.replicas')).toMatchObject({ value: '', source: 'DEFAULT_CONFIG', synonyms: [] });
    expect(entries).toHaveLength(26);
  });

  it('reports a server.properties value as STATIC_BROKER_CONFIG, then the default', () => {
    const entries = effectiveTopicConfig({}, new BrokerConfig({ 'log.segment.bytes': '1048576', 'log.retention.ms': '3600000' }));
    expect(entry(entries, 'segment.bytes')).toMatchObject({
      value: '1048576',
      source: 'STATIC_BROKER_CONFIG',
      synonyms: [
        { name: 'log.segment.bytes', value: '1048576', source: 'STATIC_BROKER_CONFIG' },
        { name: 'log.segment.bytes', value: '1073741824', source: 'DEFAULT_CONFIG' },
      ],
    });
    expect(entry(entries, 'retention.ms')).toMatchObject({
      value: '3600000',
      source: 'STATIC_BROKER_CONFIG',
      synonyms: [
        { name: 'log.retention.ms', value: '3600000', source: 'STATIC_BROKER_CONFIG' },
        { name: 'log.retention.hours', value: '168', source: 'DEFAULT_CONFIG' },
      ],
    });
  });

  it('reports a topic override as TOPIC_CONFIG ahead of the broker synonyms', () => {
    const entries = effectiveTopicConfig({ 'retention.ms': ' 1000 ', 'cleanup.policy': 'compact , delete' }, new BrokerConfig());
    expect(entry(entries, 'retention.ms')).toMatchObject({
      value: '1000',
      source: 'TOPIC_CONFIG',
      synonyms: [{ name: 'retention.ms', value: '1000', source: 'TOPIC_CONFIG' }],
    });
    expect(entry(entries, 'cleanup.policy').value).toBe('compact,delete');
  });

  it("keeps 2.5's quirk: with only log.retention.hours set, retention.ms has the value but no synonym and DEFAULT_CONFIG", () => {
    const e = entry(effectiveTopicConfig({}, new BrokerConfig({ 'log.retention.hours': '24' })), 'retention.ms');
    expect(e).toMatchObject({ value: '86400000', source: 'DEFAULT_CONFIG', synonyms: [] });
  });

  it('lists an unknown key stored in the topic config as TOPIC_CONFIG, its value hidden as Kafka hides a key of unknown type', () => {
    const entries = effectiveTopicConfig({ 'retention.hours': '1' }, new BrokerConfig());
    expect(entry(entries, 'retention.hours')).toMatchObject({ value: null, source: 'TOPIC_CONFIG', isSensitive: true });
  });

  it('gives message.format.version from the broker as the resolved version', () => {
    const entries = effectiveTopicConfig(
      {},
      new BrokerConfig({ 'log.message.format.version': '2.3', 'inter.broker.protocol.version': '2.5' }),
    );
    expect(entry(entries, 'message.format.version')).toMatchObject({ value: '2.3-IV1', source: 'STATIC_BROKER_CONFIG' });
  });
});
