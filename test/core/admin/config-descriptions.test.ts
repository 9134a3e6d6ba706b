/**
 * DescribeConfigs' rows as Kafka 2.5.1's AdminManager builds them (createTopicConfigEntry,
 * createBrokerConfigEntry, configSynonyms): every KafkaConfig key for a broker, values as
 * ConfigDef.convertToString prints them, synonyms by priority (topic override, server.properties,
 * KafkaConfig default), read_only from DynamicBrokerConfig.AllDynamicConfigs, passwords and keys of
 * unknown type hidden.
 */
import { describe, expect, it } from 'vitest';
import { BrokerConfig } from '../../../src-main/core/config/kafka-config';
import { describeBrokerConfig, type BrokerConfigEntry } from '../../../src-main/core/admin/broker-config-entries';
import { effectiveTopicConfig, type TopicConfigEntry } from '../../../src-main/core/admin/topic-configs';

function row<T extends { name: string }>(entries: readonly T[], name: string): T {
  const found = entries.find((e) => e.name === name);
  if (!found) throw new Error(`no entry ${name}`);
  return found;
}

describe('a topic’s configs', () => {
  it('lists the broker synonyms of the keys whose broker key has the same name (compression.type, min.insync.replicas, unclean.leader.election.enable)', () => {
    const entries = effectiveTopicConfig({}, new BrokerConfig());
    expect(row(entries, 'compression.type')).toMatchObject({
      value: 'producer',
      source: 'DEFAULT_CONFIG',
      synonyms: [{ name: 'compression.type', value: 'producer', source: 'DEFAULT_CONFIG' }],
    });
    expect(row(entries, 'min.insync.replicas').synonyms).toEqual([{ name: 'min.insync.replicas', value: '1', source: 'DEFAULT_CONFIG' }]);
    expect(row(entries, 'unclean.leader.election.enable').synonyms).toEqual([
      { name: 'unclean.leader.election.enable', value: 'false', source: 'DEFAULT_CONFIG' },
    ]);
  });

  it('orders an override’s synonyms topic override, static broker config, default', () => {
    const broker = new BrokerConfig({ 'min.insync.replicas': '2', 'log.cleanup.policy': 'compact' });
    const entries = effectiveTopicConfig({ 'min.insync.replicas': '3', 'cleanup.policy': 'compact,delete' }, broker);
    expect(row(entries, 'min.insync.replicas')).toMatchObject({
      value: '3',
      source: 'TOPIC_CONFIG',
      synonyms: [
        { name: 'min.insync.replicas', value: '3', source: 'TOPIC_CONFIG' },
        { name: 'min.insync.replicas', value: '2', source: 'STATIC_BROKER_CONFIG' },
        { name: 'min.insync.replicas', value: '1', source: 'DEFAULT_CONFIG' },
      ],
    });
    expect(row(entries, 'cleanup.policy')).toMatchObject({
      value: 'compact,delete',
      synonyms: [
        { name: 'cleanup.policy', value: 'compact,delete', source: 'TOPIC_CONFIG' },
        { name: 'log.cleanup.policy', value: 'compact', source: 'STATIC_BROKER_CONFIG' },
        { name: 'log.cleanup.policy', value: 'delete', source: 'DEFAULT_CONFIG' },
      ],
    });
  });

  it('hides an unknown key stored in the topic’s config: its type is unknown, so null and sensitive', () => {
    const entries: TopicConfigEntry[] = effectiveTopicConfig({ 'retention.hours': '1' }, new BrokerConfig());
    expect(row(entries, 'retention.hours')).toEqual({
      name: 'retention.hours',
      value: null,
      source: 'TOPIC_CONFIG',
      isReadOnly: false,
      isSensitive: true,
      synonyms: [{ name: 'retention.hours', value: null, source: 'TOPIC_CONFIG' }],
    });
  });
});

describe('a broker’s configs', () => {
  const config = new BrokerConfig({
    'broker.id': '0',
    'log.dirs': '/data/k0',
    'num.io.threads': '16',
    'log.cleanup.policy': 'compact, delete',
    'ssl.key.password': 'secret',
    'log.retention.hours': '24',
  });
  const entries: BrokerConfigEntry[] = describeBrokerConfig(config);

  it('lists every one of KafkaConfig’s 207 keys, zookeeper.connect, listeners, num.network.threads and ssl.* among them', () => {
    expect(entries).toHaveLength(207);
    expect(row(entries, 'zookeeper.connect')).toMatchObject({ value: 'localhost:2181', source: 'STATIC_BROKER_CONFIG', isReadOnly: true });
    expect(row(entries, 'listeners')).toMatchObject({ value: null, source: 'DEFAULT_CONFIG', isReadOnly: false, synonyms: [] });
    expect(row(entries, 'num.network.threads')).toMatchObject({
      value: '3',
      source: 'DEFAULT_CONFIG',
      synonyms: [{ name: 'num.network.threads', value: '3', source: 'DEFAULT_CONFIG' }],
    });
    expect(entries.filter((e) => e.name.startsWith('ssl.')).map((e) => e.name)).toHaveLength(17);
    expect(row(entries, 'log.cleaner.io.max.bytes.per.second').value).toBe('1.7976931348623157E308');
  });

  it('prints list values as Kafka does and follows a static value with its default', () => {
    expect(row(entries, 'log.cleanup.policy')).toMatchObject({
      value: 'compact,delete',
      source: 'STATIC_BROKER_CONFIG',
      synonyms: [
        { name: 'log.cleanup.policy', value: 'compact, delete', source: 'STATIC_BROKER_CONFIG' },
        { name: 'log.cleanup.policy', value: 'delete', source: 'DEFAULT_CONFIG' },
      ],
    });
    expect(row(entries, 'num.io.threads').synonyms).toEqual([
      { name: 'num.io.threads', value: '16', source: 'STATIC_BROKER_CONFIG' },
      { name: 'num.io.threads', value: '8', source: 'DEFAULT_CONFIG' },
    ]);
    expect(row(entries, 'sasl.enabled.mechanisms').value).toBe('GSSAPI');
    expect(row(entries, 'metric.reporters')).toMatchObject({
      value: '',
      synonyms: [{ name: 'metric.reporters', value: '', source: 'DEFAULT_CONFIG' }],
    });
  });

  it('gives keys with a null default no synonym, and drops the synonyms before the key itself', () => {
    expect(row(entries, 'log.dirs').synonyms).toEqual([{ name: 'log.dirs', value: '/data/k0', source: 'STATIC_BROKER_CONFIG' }]);
    expect(row(entries, 'broker.rack')).toMatchObject({ value: null, source: 'DEFAULT_CONFIG', synonyms: [] });
    expect(row(entries, 'log.retention.ms')).toMatchObject({ value: null, source: 'DEFAULT_CONFIG', synonyms: [] });
    expect(row(entries, 'log.retention.hours').synonyms).toEqual([
      { name: 'log.retention.hours', value: '24', source: 'STATIC_BROKER_CONFIG' },
      { name: 'log.retention.hours', value: '168', source: 'DEFAULT_CONFIG' },
    ]);
  });

  it('hides passwords, set or not', () => {
    expect(row(entries, 'ssl.key.password')).toMatchObject({
      value: null,
      isSensitive: true,
      source: 'STATIC_BROKER_CONFIG',
      synonyms: [{ name: 'ssl.key.password', value: null, source: 'STATIC_BROKER_CONFIG' }],
    });
    expect(row(entries, 'ssl.keystore.password')).toMatchObject({ value: null, isSensitive: true, source: 'DEFAULT_CONFIG' });
    expect(entries.filter((e) => e.isSensitive)).toHaveLength(9);
  });

  it('marks the dynamically updatable keys read_only false', () => {
    const writable = entries.filter((e) => !e.isReadOnly).map((e) => e.name);
    for (const name of [
      'log.cleaner.threads',
      'message.max.bytes',
      'ssl.keystore.location',
      'num.io.threads',
      'log.retention.ms',
      'unclean.leader.election.enable',
      'max.connections',
      'metric.reporters',
      'sasl.jaas.config',
    ]) {
      expect(writable).toContain(name);
    }
    for (const name of [
      'broker.id',
      'num.partitions',
      'log.dirs',
      'zookeeper.connect',
      'log.message.format.version',
      'ssl.principal.mapping.rules',
    ]) {
      expect(writable).not.toContain(name);
    }
  });

  it('lists a key KafkaConfig does not define, hidden as a key of unknown type', () => {
    const custom = describeBrokerConfig(new BrokerConfig({ 'my.custom.key': 'x', 'listener.name.plaintext.ssl.keystore.location': '/k' }));
    expect(custom).toHaveLength(209);
    expect(row(custom, 'my.custom.key')).toMatchObject({
      value: null,
      isSensitive: true,
      isReadOnly: true,
      source: 'STATIC_BROKER_CONFIG',
    });
    // A listener override takes its base key's type: a STRING, shown.
    expect(row(custom, 'listener.name.plaintext.ssl.keystore.location')).toMatchObject({ value: '/k', isSensitive: false });
  });
});
