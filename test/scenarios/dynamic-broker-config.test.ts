/**
 * Dynamic broker configs (Kafka 2.5's DynamicBrokerConfig through /config/brokers/<id> and
 * /config/brokers/<default>): applied live by every broker's BrokerConfigHandler, refused with
 * AdminManager's words when not dynamic, the per-broker layer over the cluster default.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Log } from '../../src-main/core/log/log';
import { ClusterHarness } from '../support/cluster-harness';
import { ZnodeReader } from '../support/controller-scenario';
import { CREATE, adminOf, drive, enc, killAndExpire, linesSince, mark, stateJson, topic, tp } from '../support/scenario';

function logOf(h: ClusterHarness, brokerId: number, name: string, partition: number): Log {
  const p = h.cluster.broker(brokerId).replicaManager?.getPartition(tp(name, partition));
  if (!p || p === 'offline' || !p.log) throw new Error(`broker ${brokerId} has no log for ${name}-${partition} (seed ${h.seed})`);
  return p.log;
}

const value = (n: number) => enc(`record-${n}-`.padEnd(100, '.'));

describe('dynamic broker configs', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('log.retention.ms as the cluster default (/config/brokers/<default>) changes the effective retention of a topic without an override and deletes its old segments live', async () => {
    h = await ClusterHarness.create({ brokers: 2, seed: 1401, brokerConfig: { 'log.retention.check.interval.ms': '10000' } });
    const admin = adminOf(h);
    await admin.createTopics([topic('events', { assignment: [[0, 1]], configs: { 'segment.bytes': '700' } })], CREATE);
    await h.settle();
    for (let i = 0; i < 8; i++)
      await drive(h, h.client.produce({ topic: 'events', partition: 0, records: [{ key: null, value: value(i) }], acks: -1 }));
    await h.advance(120_000);
    // A week of retention by default: nothing goes.
    for (const id of [0, 1])
      expect(
        logOf(h, id, 'events', 0).segments.map((s) => s.baseOffset),
        `seed ${h.seed}`,
      ).toEqual([0, 4]);

    const result = await drive(h, admin.alterBrokerConfig('', { 'log.retention.ms': '60000' }, false));
    expect(result).toMatchObject({ errorName: 'NONE' });
    const zk = await ZnodeReader.open(h);
    expect(await zk.text('/config/brokers/<default>')).toBe('{"version":1,"config":{"log.retention.ms":"60000"}}');
    const from = mark(h);
    await h.settle();
    for (const id of [0, 1]) {
      expect(logOf(h, id, 'events', 0).config.retentionMs, `broker ${id}, seed ${h.seed}`).toBe(60000);
      expect(h.cluster.broker(id).dynamicConfig.currentConfig.value('log.retention.ms')).toBe(60000n);
    }
    const described = await admin.describeTopicConfig('events');
    expect(described.find((e) => e.name === 'retention.ms')).toMatchObject({
      value: '60000',
      source: 'DYNAMIC_DEFAULT_BROKER_CONFIG',
      synonyms: [
        { name: 'log.retention.ms', value: '60000', source: 'DYNAMIC_DEFAULT_BROKER_CONFIG' },
        { name: 'log.retention.hours', value: '168', source: 'DEFAULT_CONFIG' },
      ],
    });
    await h.advance(20_000);
    for (const id of [0, 1])
      expect(
        logOf(h, id, 'events', 0).segments.map((s) => s.baseOffset),
        `seed ${h.seed}`,
      ).toEqual([8]);
    expect(linesSince(h, from, 'server.log', 0)).toContain(
      `[Log partition=events-0, dir=${h.logDir(0)}] Found deletable segments with base offsets [0,4] due to retention time 60000ms breach`,
    );
  });

  it('unclean.leader.election.enable=true set dynamically as the cluster default brings an offline partition online (the controller is told)', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 1402 });
    const admin = adminOf(h);
    const created = await admin.createTopics([topic('ledger', { assignment: [[1, 2]] })], CREATE);
    expect(created[0].errorCode).toBe(0);
    const zk = await ZnodeReader.open(h);
    await killAndExpire(h, 2);
    await h.cluster.startBroker(2);
    await h.settle();
    await killAndExpire(h, 1);
    expect(await zk.stateText('ledger', 0), `seed ${h.seed}`).toBe(stateJson(1, -1, 2, [1]));
    expect(h.cluster.activeController()!.context.partitionState(tp('ledger', 0))).toBe('OfflinePartition');

    const from = mark(h);
    const result = await drive(h, admin.alterBrokerConfig('', { 'unclean.leader.election.enable': 'true' }, false));
    expect(result.errorName).toBe('NONE');
    await h.settle();
    expect(await zk.stateText('ledger', 0), `seed ${h.seed}`).toBe(stateJson(1, 2, 3, [2]));
    expect(h.cluster.activeController()!.context.partitionState(tp('ledger', 0))).toBe('OnlinePartition');
    expect(linesSince(h, from, 'controller.log', 0)).toContain('[Controller id=0] Unclean leader election has been enabled by default');
  });

  it("a static config is refused with Kafka's message, and nothing is written", async () => {
    h = await ClusterHarness.create({ brokers: 1, seed: 1403 });
    const admin = adminOf(h);
    const refused = await drive(h, admin.alterBrokerConfig('0', { 'log.dirs': '/elsewhere', 'broker.id': '7' }, false));
    expect(refused).toMatchObject({ errorName: 'INVALID_REQUEST' });
    expect(refused.errorMessage).toMatch(
      /^Invalid config value for resource ConfigResource\(type=BROKER, name='0'\): Cannot update these configs dynamically: Set\((log\.dirs, broker\.id|broker\.id, log\.dirs)\)$/,
    );
    const perBrokerOnly = await drive(h, admin.alterBrokerConfig('', { listeners: 'PLAINTEXT://:9093' }, false));
    expect(perBrokerOnly.errorMessage).toBe(
      "Invalid config value for resource ConfigResource(type=BROKER, name=''): Cannot update these configs at default cluster level, broker id must be specified: Set(listeners)",
    );
    const zk = await ZnodeReader.open(h);
    expect(await zk.text('/config/brokers/0')).toBeUndefined();
  });

  it('a per-broker override wins over the cluster default, on that broker only', async () => {
    h = await ClusterHarness.create({ brokers: 2, seed: 1404 });
    const admin = adminOf(h);
    expect((await drive(h, admin.alterBrokerConfig('', { 'log.retention.ms': '3600000', 'num.io.threads': '10' }, false))).errorName).toBe(
      'NONE',
    );
    expect((await drive(h, admin.alterBrokerConfig('0', { 'log.retention.ms': '120000' }, false, h.cluster.broker(0)))).errorName).toBe(
      'NONE',
    );
    await h.settle();
    expect(h.cluster.broker(0).dynamicConfig.currentConfig.value('log.retention.ms')).toBe(120000n);
    expect(h.cluster.broker(1).dynamicConfig.currentConfig.value('log.retention.ms')).toBe(3600000n);
    // A thread count is taken as a value (there are no threads to resize).
    expect(h.cluster.broker(1).dynamicConfig.currentConfig.value('num.io.threads')).toBe(10);
    await admin.createTopics([topic('t', { assignment: [[0], [1]] })], CREATE);
    await h.settle();
    expect(logOf(h, 0, 't', 0).config.retentionMs).toBe(120000);
    expect(logOf(h, 1, 't', 1).config.retentionMs).toBe(3600000);
    const onBroker0 = (await admin.describeTopicConfig('t', h.cluster.broker(0))).find((e) => e.name === 'retention.ms');
    expect(onBroker0).toMatchObject({
      value: '120000',
      source: 'DYNAMIC_BROKER_CONFIG',
      synonyms: [
        { name: 'log.retention.ms', value: '120000', source: 'DYNAMIC_BROKER_CONFIG' },
        { name: 'log.retention.ms', value: '3600000', source: 'DYNAMIC_DEFAULT_BROKER_CONFIG' },
        { name: 'log.retention.hours', value: '168', source: 'DEFAULT_CONFIG' },
      ],
    });
    // The broker must be named by its own id: AdminManager's message otherwise.
    const wrongBroker = await drive(h, admin.alterBrokerConfig('1', { 'log.retention.ms': '1' }, false, h.cluster.broker(0)));
    expect(wrongBroker.errorMessage).toBe('Unexpected broker id, expected 0, but received 1');
  });
});
