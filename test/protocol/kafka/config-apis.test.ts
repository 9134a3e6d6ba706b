/**
 * DescribeConfigs and AlterConfigs over a real socket, as Kafka 2.5.1's KafkaApis and AdminManager
 * answer them: the error codes and messages of each case, v0's IsDefault against v1+'s
 * ConfigSource and synonyms, a broker's every KafkaConfig key, and what a broker AlterConfigs is
 * told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALTER_CONFIGS } from '../../../src-main/protocol/kafka/messages/alter-configs';
import type { ApiMessages } from '../../../src-main/protocol/kafka/messages/api-message';
import {
  DESCRIBE_CONFIGS,
  type DescribeConfigsResult,
  type DescribedConfig,
} from '../../../src-main/protocol/kafka/messages/describe-configs';
import { decodeMessage, encodeMessage, type Message } from '../../../src-main/protocol/kafka/wire/schema';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { RawClient, request } from '../../support/raw-kafka-client';
import { adminOf, topic } from '../../support/scenario';

const TOPIC = 2;
const BROKER = 4;
const BROKER_LOGGER = 8;

async function call(wire: WireCluster, brokerId: number, api: ApiMessages, version: number, body: Message): Promise<Message | 'closed'> {
  const client = await RawClient.open(wire.ports.get(brokerId) ?? -1);
  try {
    client.socket.write(request(api.apiKey, version, 1, encodeMessage(api.request, version, body)));
    await client.until(() => client.frames.length === 1 || client.closed);
    if (client.frames.length === 0) return 'closed';
    return decodeMessage(client.frames[0].subarray(4), api.response, version);
  } finally {
    client.socket.destroy();
  }
}

async function describeConfigs(
  wire: WireCluster,
  brokerId: number,
  version: number,
  resources: Array<[number, string, string[] | null]>,
  includeSynoyms = true,
): Promise<DescribeConfigsResult[]> {
  const body = {
    resources: resources.map(([resourceType, resourceName, configurationKeys]) => ({ resourceType, resourceName, configurationKeys })),
    includeSynoyms,
  };
  const response = await call(wire, brokerId, DESCRIBE_CONFIGS, version, body);
  if (response === 'closed') throw new Error(`broker ${brokerId} closed the connection (seed ${wire.h.seed})`);
  return response.results as DescribeConfigsResult[];
}

async function alterConfigs(
  wire: WireCluster,
  brokerId: number,
  resources: Array<[number, string, Record<string, string | null>]>,
  validateOnly = false,
): Promise<Message[] | 'closed'> {
  const body = {
    resources: resources.map(([resourceType, resourceName, configs]) => ({
      resourceType,
      resourceName,
      configs: Object.entries(configs).map(([name, value]) => ({ name, value })),
    })),
    validateOnly,
  };
  const response = await call(wire, brokerId, ALTER_CONFIGS, 1, body);
  return response === 'closed' ? response : (response.responses as Message[]);
}

function config(result: DescribeConfigsResult, name: string): DescribedConfig {
  const found = result.configs.find((c) => c.name === name);
  if (!found) throw new Error(`no config ${name}`);
  return found;
}

describe('DescribeConfigs and AlterConfigs over the wire', () => {
  let wire: WireCluster;
  beforeAll(async () => {
    wire = await wireCluster({ seed: 51, brokerConfig: { 'min.insync.replicas': '2', 'num.io.threads': '16' } });
    await adminOf(wire.h).createTopics(
      [topic('cfg', { assignment: [[0, 1]], configs: { 'cleanup.policy': 'compact,delete', 'min.insync.replicas': '1' } })],
      { timeoutMs: 5000, validateOnly: false },
    );
    await wire.h.settle();
  });
  afterAll(async () => {
    await wire.close();
  });

  it('a topic that does not exist: DescribeConfigs says UNKNOWN_TOPIC_OR_PARTITION with a null message, AlterConfigs UNKNOWN_SERVER_ERROR with Topic "x" does not exist.', async () => {
    expect(await describeConfigs(wire, 0, 2, [[TOPIC, 'nope', null]])).toEqual([
      { errorCode: 3, errorMessage: null, resourceType: TOPIC, resourceName: 'nope', configs: [] },
    ]);
    // The topic's existence is checked before its configs.
    expect(await alterConfigs(wire, 1, [[TOPIC, 'nope', { 'retention.ms': 'soon' }]])).toEqual([
      { errorCode: -1, errorMessage: 'Topic "nope" does not exist.', resourceType: TOPIC, resourceName: 'nope' },
    ]);
    expect(await describeConfigs(wire, 0, 2, [[TOPIC, '', null]])).toMatchObject([
      { errorCode: 17, errorMessage: "Topic name is illegal, it can't be empty" },
    ]);
  });

  it('v1+: ConfigSource and the synonyms by priority; list values as Kafka prints them; only the names asked for', async () => {
    const [result] = await describeConfigs(wire, 1, 1, [
      [TOPIC, 'cfg', ['cleanup.policy', 'min.insync.replicas', 'compression.type', 'no.such.config']],
    ]);
    expect(result).toMatchObject({ errorCode: 0, errorMessage: null });
    expect(result.configs.map((c) => c.name).sort()).toEqual(['cleanup.policy', 'compression.type', 'min.insync.replicas']);
    expect(config(result, 'cleanup.policy')).toEqual({
      name: 'cleanup.policy',
      value: 'compact,delete',
      readOnly: false,
      isDefault: false, // not on the wire in v1: the decoder's default
      configSource: 1,
      isSensitive: false,
      synonyms: [
        { name: 'cleanup.policy', value: 'compact,delete', source: 1 },
        { name: 'log.cleanup.policy', value: 'delete', source: 5 },
      ],
    });
    expect(config(result, 'min.insync.replicas').synonyms).toEqual([
      { name: 'min.insync.replicas', value: '1', source: 1 },
      { name: 'min.insync.replicas', value: '2', source: 4 },
      { name: 'min.insync.replicas', value: '1', source: 5 },
    ]);
    expect(config(result, 'compression.type')).toMatchObject({
      value: 'producer',
      configSource: 5,
      synonyms: [{ name: 'compression.type', value: 'producer', source: 5 }],
    });
  });

  it('v0: IsDefault instead of ConfigSource, no synonyms; an unknown key stored in the topic’s config is hidden', async () => {
    await (
      await wire.h.session()
    ).setData(
      '/config/topics/cfg',
      new TextEncoder().encode(
        JSON.stringify({ version: 1, config: { 'cleanup.policy': 'compact,delete', 'min.insync.replicas': '1', 'by.hand': 'x' } }),
      ),
      -1,
    );
    const [result] = await describeConfigs(wire, 0, 0, [[TOPIC, 'cfg', ['cleanup.policy', 'segment.bytes']]], false);
    // ConfigSource and Synonyms are not in v0's layout: the decoder's defaults.
    expect(config(result, 'cleanup.policy')).toEqual({
      name: 'cleanup.policy',
      value: 'compact,delete',
      readOnly: false,
      isDefault: false,
      configSource: -1,
      isSensitive: false,
      synonyms: [],
    });
    expect(config(result, 'segment.bytes')).toMatchObject({ value: '1073741824', isDefault: true });
    const [all] = await describeConfigs(wire, 0, 2, [[TOPIC, 'cfg', ['by.hand']]]);
    expect(all.configs).toEqual([
      {
        name: 'by.hand',
        value: null,
        readOnly: false,
        isDefault: false,
        configSource: 1,
        isSensitive: true,
        synonyms: [{ name: 'by.hand', value: null, source: 1 }],
      },
    ]);
  });

  it('lists a resource’s configs in the order of AdminManager’s HashMap (kafka-topics prints __consumer_offsets’ as compression.type, cleanup.policy, segment.bytes)', async () => {
    const [result] = await describeConfigs(wire, 0, 2, [[TOPIC, 'cfg', null]]);
    expect(result.configs.map((c) => c.name).slice(0, 7)).toEqual([
      'compression.type',
      'leader.replication.throttled.replicas',
      'message.downconversion.enable',
      'min.insync.replicas',
      'segment.jitter.ms',
      'cleanup.policy',
      'flush.ms',
    ]);
    const [asked] = await describeConfigs(wire, 0, 2, [[TOPIC, 'cfg', ['segment.bytes', 'cleanup.policy', 'compression.type']]]);
    expect(asked.configs.map((c) => c.name)).toEqual(['compression.type', 'cleanup.policy', 'segment.bytes']);
    // The request holds its resources in a map: one named twice is answered once, as last asked.
    const twice = await describeConfigs(wire, 0, 2, [
      [TOPIC, 'cfg', ['segment.bytes']],
      [TOPIC, 'cfg', ['flush.ms']],
    ]);
    expect(twice.map((r) => r.configs.map((c) => c.name))).toEqual([['flush.ms']]);
  });

  it('a broker: every KafkaConfig key, passwords null and sensitive, read_only false for the dynamic ones, a static value followed by its default', async () => {
    const [result] = await describeConfigs(wire, 1, 2, [[BROKER, '1', null]]);
    expect(result).toMatchObject({ errorCode: 0, resourceType: BROKER, resourceName: '1' });
    expect(result.configs).toHaveLength(207);
    expect(config(result, 'broker.id')).toMatchObject({ value: '1', readOnly: true, configSource: 4 });
    expect(config(result, 'zookeeper.connect')).toMatchObject({ readOnly: true, configSource: 4 });
    expect(config(result, 'ssl.keystore.password')).toMatchObject({ value: null, isSensitive: true, readOnly: false });
    expect(config(result, 'log.cleaner.threads')).toMatchObject({ value: '1', readOnly: false, configSource: 5 });
    expect(config(result, 'num.partitions').readOnly).toBe(true);
    expect(config(result, 'log.cleanup.policy').value).toBe('delete');
    expect(config(result, 'num.io.threads').synonyms).toEqual([
      { name: 'num.io.threads', value: '16', source: 4 },
      { name: 'num.io.threads', value: '8', source: 5 },
    ]);
    expect(config(result, 'listeners')).toMatchObject({ value: null, configSource: 5, synonyms: [] });
    const [some] = await describeConfigs(wire, 1, 2, [[BROKER, '1', ['message.max.bytes', 'not.a.config']]]);
    expect(some.configs.map((c) => c.name)).toEqual(['message.max.bytes']);
    // No dynamic cluster-wide default is ever set here.
    expect(await describeConfigs(wire, 1, 2, [[BROKER, '', null]])).toMatchObject([{ errorCode: 0, configs: [] }]);
  });

  it('a broker id that is not this broker’s, or not an integer: INVALID_REQUEST in AdminManager’s words', async () => {
    expect(
      await describeConfigs(wire, 0, 2, [
        [BROKER, '1', null],
        [BROKER, 'x', null],
        [BROKER_LOGGER, '', null],
        [BROKER_LOGGER, '2', null],
      ]),
    ).toEqual([
      {
        errorCode: 42,
        errorMessage: 'Unexpected broker id, expected 0 or empty string, but received 1',
        resourceType: BROKER,
        resourceName: '1',
        configs: [],
      },
      { errorCode: 42, errorMessage: 'Broker id must be an integer, but it is: x', resourceType: BROKER, resourceName: 'x', configs: [] },
      { errorCode: 42, errorMessage: 'Broker id must not be empty', resourceType: BROKER_LOGGER, resourceName: '', configs: [] },
      {
        errorCode: 42,
        errorMessage: 'Unexpected broker id, expected 0 but received 2',
        resourceType: BROKER_LOGGER,
        resourceName: '2',
        configs: [],
      },
    ]);
    expect(
      await describeConfigs(wire, 0, 2, [
        [TOPIC, 'cfg', ['retention.ms']],
        [7, 'what', null],
      ]),
    ).toEqual([
      {
        errorCode: 42,
        errorMessage: 'Unexpected resource type UNKNOWN for resource what',
        resourceType: TOPIC,
        resourceName: 'cfg',
        configs: [],
      },
      {
        errorCode: 42,
        errorMessage: 'Unexpected resource type UNKNOWN for resource what',
        resourceType: 0,
        resourceName: 'what',
        configs: [],
      },
    ]);
  });

  it('AlterConfigs on a broker: 2.5.1’s messages for a wrong id, a static config, an SSL config without listener prefix, a bad value; a valid dynamic change passes validate_only', async () => {
    const prefix = "Invalid config value for resource ConfigResource(type=BROKER, name='0'): ";
    expect(await alterConfigs(wire, 0, [[BROKER, '1', { 'log.cleaner.threads': '2' }]])).toEqual([
      { errorCode: 42, errorMessage: 'Unexpected broker id, expected 0, but received 1', resourceType: BROKER, resourceName: '1' },
    ]);
    expect(await alterConfigs(wire, 0, [[BROKER, '0', { 'num.partitions': '3', 'log.cleaner.threads': '2' }]])).toMatchObject([
      { errorCode: 42, errorMessage: `${prefix}Cannot update these configs dynamically: Set(num.partitions)` },
    ]);
    expect(await alterConfigs(wire, 0, [[BROKER, '0', { 'ssl.keystore.location': '/k' }]])).toMatchObject([
      {
        errorCode: 42,
        errorMessage: `${prefix}These security configs can be dynamically updated only per-listener using the listener prefix: Set(ssl.keystore.location)`,
      },
    ]);
    expect(await alterConfigs(wire, 0, [[BROKER, '0', { 'log.cleaner.threads': 'many' }]])).toMatchObject([
      { errorCode: 42, errorMessage: `${prefix}Invalid value many for configuration log.cleaner.threads: Not a number of type INT` },
    ]);
    expect(await alterConfigs(wire, 0, [[BROKER, '', { 'listener.name.plaintext.ssl.keystore.location': '/k' }]])).toMatchObject([
      {
        errorCode: 42,
        errorMessage:
          "Invalid config value for resource ConfigResource(type=BROKER, name=''): Cannot update these configs at default cluster level, broker id must be specified: Set(listener.name.plaintext.ssl.keystore.location)",
      },
    ]);
    expect(await alterConfigs(wire, 0, [[BROKER, '0', { 'log.cleaner.threads': '2', 'custom.key': 'v' }]], true)).toEqual([
      { errorCode: 0, errorMessage: null, resourceType: BROKER, resourceName: '0' },
    ]);
    // processReconfiguration: the rebuilt KafkaConfig's own checks, then the components' rules, which 2.5 does not detail.
    expect(await alterConfigs(wire, 0, [[BROKER, '0', { 'log.retention.ms': '0' }]], true)).toMatchObject([
      { errorCode: 42, errorMessage: `${prefix}requirement failed: log.retention.ms must be unlimited (-1) or, equal or greater than 1` },
    ]);
    expect(await alterConfigs(wire, 0, [[BROKER, '0', { 'num.io.threads': '33' }]], true)).toMatchObject([
      { errorCode: 42, errorMessage: `${prefix}Invalid dynamic configuration` },
    ]);
    expect(await alterConfigs(wire, 0, [[BROKER, '0', { 'num.io.threads': '32' }]], true)).toMatchObject([{ errorCode: 0 }]);
    expect(await alterConfigs(wire, 0, [[BROKER, '0', { 'log.cleaner.threads': '3' }]], true)).toMatchObject([
      { errorCode: 42, errorMessage: `${prefix}Invalid dynamic configuration` },
    ]);
    const applied = await alterConfigs(wire, 0, [[BROKER, '0', { 'log.cleaner.threads': '2' }]]);
    // Accepted: written to /config/brokers/0 with its change notification, which broker 0 applies.
    expect(applied).toMatchObject([{ errorCode: 0, errorMessage: null }]);
    const session = await wire.h.session();
    expect(new TextDecoder().decode((await session.getData('/config/brokers/0')).data)).toBe(
      '{"version":1,"config":{"log.cleaner.threads":"2"}}',
    );
    await wire.h.settle();
    expect(wire.h.cluster.broker(0).dynamicConfig.currentConfig.value('log.cleaner.threads')).toBe(2);
  });

  it('AlterConfigs of BROKER_LOGGER or an unknown type fails the whole request; a null value does not parse in 2.5.1, so the broker closes the connection', async () => {
    expect(
      await alterConfigs(wire, 0, [
        [TOPIC, 'cfg', { 'retention.ms': '1000' }],
        [BROKER_LOGGER, '0', { root: 'DEBUG' }],
      ]),
    ).toEqual([
      {
        errorCode: 42,
        errorMessage: 'AlterConfigs is deprecated and does not support the resource type BROKER_LOGGER',
        resourceType: TOPIC,
        resourceName: 'cfg',
      },
      {
        errorCode: 42,
        errorMessage: 'AlterConfigs is deprecated and does not support the resource type BROKER_LOGGER',
        resourceType: BROKER_LOGGER,
        resourceName: '0',
      },
    ]);
    expect(await alterConfigs(wire, 0, [[TOPIC, 'cfg', { 'retention.ms': null }]])).toBe('closed');
    const [result] = await describeConfigs(wire, 0, 2, [[TOPIC, 'cfg', ['retention.ms']]]);
    expect(config(result, 'retention.ms').configSource).toBe(5);
  });
});
