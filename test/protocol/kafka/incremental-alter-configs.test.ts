/**
 * IncrementalAlterConfigs (API 44) over raw frames — no client here sends it (kafka-python 2.0.2,
 * librdkafka 2.0.2 and kafkajs 2.2.4 lack it) — as Kafka 2.5.1's AdminManager answers it: SET,
 * DELETE, APPEND and SUBTRACT applied to the overrides in ZooKeeper, then AlterConfigs' own checks
 * and write; 2.5.1's failures (duplicate names, list-only operations, its NullPointerException and
 * map lookup errors, unknown operations) and the BROKER / BROKER_LOGGER resources.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ALTER_CONFIGS } from '../../../src-main/protocol/kafka/messages/alter-configs';
import { RESOURCE_TYPE } from '../../../src-main/protocol/kafka/messages/describe-configs';
import { INCREMENTAL_ALTER_CONFIGS } from '../../../src-main/protocol/kafka/messages/incremental-alter-configs';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { callApi } from '../../support/raw-kafka-client';
import { ZnodeReader } from '../../support/controller-scenario';
import { adminOf, topic } from '../../support/scenario';

const { TOPIC, BROKER, BROKER_LOGGER } = RESOURCE_TYPE;
const SET = 0;
const DELETE = 1;
const APPEND = 2;
const SUBTRACT = 3;

type Op = [name: string, operation: number, value: string | null];
interface Answer {
  errorCode: number;
  errorMessage: string | null;
  resourceType: number;
  resourceName: string;
}

describe('IncrementalAlterConfigs (API 44)', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  async function cluster(seed: number): Promise<WireCluster> {
    const w = (wire = await wireCluster({ brokers: 2, seed }));
    const created = await adminOf(w.h).createTopics(
      [topic('t', { assignment: [[0, 1]], configs: { 'cleanup.policy': 'delete', 'retention.ms': '3600000' } })],
      { timeoutMs: 5000, validateOnly: false },
    );
    expect(created[0].errorCode, `seed ${seed}`).toBe(0);
    await w.h.settle();
    return w;
  }

  async function incremental(
    w: WireCluster,
    resources: Array<[type: number, name: string, ops: Op[]]>,
    options: { validateOnly?: boolean; version?: number; brokerId?: number } = {},
  ): Promise<Answer[]> {
    const { response } = await callApi(w.ports.get(options.brokerId ?? 0)!, INCREMENTAL_ALTER_CONFIGS, options.version ?? 1, {
      resources: resources.map(([resourceType, resourceName, ops]) => ({
        resourceType,
        resourceName,
        configs: ops.map(([name, configOperation, value]) => ({ name, configOperation, value })),
      })),
      validateOnly: options.validateOnly ?? false,
    });
    return response.responses as Answer[];
  }

  const overrides = async (w: WireCluster, path: string) =>
    (JSON.parse((await (await ZnodeReader.open(w.h)).text(path)) ?? '{"config":{}}') as { config: Record<string, string> }).config;

  it('SET, DELETE, APPEND and SUBTRACT change only the named overrides of a topic, v0 and flexible v1', async () => {
    const w = await cluster(4401);
    const ok = { errorCode: 0, errorMessage: null, resourceType: TOPIC, resourceName: 't' };
    expect(
      await incremental(w, [
        [
          TOPIC,
          't',
          [
            ['segment.ms', SET, '600000'],
            ['retention.ms', DELETE, null],
            ['cleanup.policy', APPEND, 'compact'],
          ],
        ],
      ]),
    ).toEqual([ok]);
    expect(await overrides(w, '/config/topics/t')).toEqual({ 'cleanup.policy': 'delete,compact', 'segment.ms': '600000' });

    expect(await incremental(w, [[TOPIC, 't', [['cleanup.policy', SUBTRACT, 'delete']]]], { version: 0 })).toEqual([ok]);
    expect(await overrides(w, '/config/topics/t')).toEqual({ 'cleanup.policy': 'compact', 'segment.ms': '600000' });
    // Every broker applies it: the log's config follows.
    await w.h.settle();
    const log = w.h.cluster.broker(1).logManager!.getLog({ topic: 't', partition: 0 })!;
    expect(log.config.compact && !log.config.delete).toBe(true);

    // validate_only checks and writes nothing.
    expect(await incremental(w, [[TOPIC, 't', [['segment.ms', DELETE, null]]]], { validateOnly: true })).toEqual([ok]);
    expect(await overrides(w, '/config/topics/t')).toEqual({ 'cleanup.policy': 'compact', 'segment.ms': '600000' });
  });

  it('2.5.1’s failures, each for its resource only', async () => {
    const w = await cluster(4402);
    const answer = async (ops: Op[], name = 't') => {
      const [r] = await incremental(w, [[TOPIC, name, ops]]);
      return [r.errorCode, r.errorMessage];
    };
    expect(
      await answer([
        ['retention.ms', SET, '1'],
        ['retention.ms', DELETE, null],
      ]),
    ).toEqual([42, 'Error due to duplicate config keys : retention.ms']);
    expect(await answer([['retention.ms', APPEND, '1']])).toEqual([42, 'Config value append is not allowed for config key: retention.ms']);
    expect(await answer([['retention.ms', SUBTRACT, '1']])).toEqual([
      42,
      'Config value subtract is not allowed for config key: retention.ms',
    ]);
    // LogConfig.configKeys is a Scala map: an unknown name fails the lookup.
    expect(await answer([['no.such.config', APPEND, 'x']])).toEqual([-1, 'key not found: no.such.config']);
    // A list key without an override: `getProperty(…).split` on null.
    expect(await answer([['leader.replication.throttled.replicas', APPEND, '0:1']])).toEqual([-1, null]);
    // `OpType.forId(7)` is null: the match fails.
    expect(await answer([['retention.ms', 7, '1']])).toEqual([-1, 'null']);
    // After the operations, AlterConfigs' checks: the same answer as AlterConfigs with the resulting set.
    const incrementalBad = await answer([['retention.ms', SET, 'soon']]);
    const { response } = await callApi(w.ports.get(0)!, ALTER_CONFIGS, 1, {
      resources: [
        {
          resourceType: TOPIC,
          resourceName: 't',
          configs: [
            { name: 'cleanup.policy', value: 'delete' },
            { name: 'retention.ms', value: 'soon' },
          ],
        },
      ],
      validateOnly: true,
    });
    const legacy = (response.responses as Answer[])[0];
    expect(incrementalBad).toEqual([legacy.errorCode, legacy.errorMessage]);
    expect(incrementalBad[0]).toBe(42);
    expect(await answer([['retention.ms', SET, '1']], 'nope')).toEqual([-1, 'Topic "nope" does not exist.']);
    // Nothing was written by any of these.
    expect(await overrides(w, '/config/topics/t')).toEqual({ 'cleanup.policy': 'delete', 'retention.ms': '3600000' });
  });

  it('brokers: per-broker and cluster-wide overrides changed key by key and applied; BROKER_LOGGER and unknown types refused as 2.5.1', async () => {
    const w = await cluster(4403);
    expect(
      await incremental(w, [
        [BROKER, '0', [['log.retention.ms', SET, '120000']]],
        [BROKER, '', [['log.cleaner.threads', SET, '2']]],
      ]),
    ).toEqual([
      { errorCode: 0, errorMessage: null, resourceType: BROKER, resourceName: '0' },
      { errorCode: 0, errorMessage: null, resourceType: BROKER, resourceName: '' },
    ]);
    expect(await overrides(w, '/config/brokers/0')).toEqual({ 'log.retention.ms': '120000' });
    expect(await overrides(w, '/config/brokers/<default>')).toEqual({ 'log.cleaner.threads': '2' });
    await w.h.settle();
    expect(w.h.cluster.broker(0).dynamicConfig.currentConfig.value('log.retention.ms')).toBe(120000n);
    expect(await incremental(w, [[BROKER, '0', [['log.retention.ms', DELETE, null]]]])).toMatchObject([{ errorCode: 0 }]);
    expect(await overrides(w, '/config/brokers/0')).toEqual({});

    expect(await incremental(w, [[BROKER, '1', [['log.retention.ms', SET, '1']]]])).toMatchObject([
      { errorCode: 42, errorMessage: 'Unexpected broker id, expected 0, but received 1' },
    ]);
    expect(await incremental(w, [[BROKER, '0', [['broker.id', SET, '7']]]])).toMatchObject([{ errorCode: 42 }]);
    expect(await incremental(w, [[BROKER_LOGGER, '0', [['kafka.controller', SET, 'DEBUG']]]])).toMatchObject([
      {
        errorCode: 42,
        errorMessage:
          "Invalid config value for resource ConfigResource(type=BROKER_LOGGER, name='0'): Logger kafka.controller does not exist!",
      },
    ]);
    expect(await incremental(w, [[BROKER_LOGGER, '0', [['kafka', APPEND, 'DEBUG']]]])).toMatchObject([
      { errorCode: 42, errorMessage: 'APPEND operation is not allowed for the BROKER_LOGGER resource' },
    ]);
    // A type KafkaApis does not expect fails every resource of the request.
    expect(
      await incremental(w, [
        [TOPIC, 't', [['retention.ms', SET, '1']]],
        [9, 'x', []],
      ]),
    ).toEqual([
      { errorCode: 42, errorMessage: 'Unexpected resource type UNKNOWN', resourceType: TOPIC, resourceName: 't' },
      { errorCode: 42, errorMessage: 'Unexpected resource type UNKNOWN', resourceType: 0, resourceName: 'x' },
    ]);
    expect(await overrides(w, '/config/topics/t')).toEqual({ 'cleanup.policy': 'delete', 'retention.ms': '3600000' });
  });
});
