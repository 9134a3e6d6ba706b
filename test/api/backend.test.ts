/**
 * The real backend over a temp data folder, on the real clock: the services the UI calls, end to
 * end through the emulated cluster (no transport).
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { canConnect } from '../support/can-connect';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DojoBackend } from '../../src-main/api/backend';
import type { PushDto } from '../../src-main/api/contract';
import { createBackend } from '../../src-main/app/create-backend';
import { FIRST_BROKER_PORT } from '../../src-main/app/workspace-host';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

/**
 * Occupies 127.0.0.1:`port` for the test; when another program holds it already, it is just as
 * occupied, so either way the broker that prefers it must take another.
 */
async function occupy(port: number): Promise<Server | null> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => (error.code === 'EADDRINUSE' ? resolve(null) : reject(error)));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('the backend the UI talks to (real clock, real files)', () => {
  const tmp = makeTempDir('kafka-dojo-backend-');
  let backend: DojoBackend;
  let blocker: Server | null = null;
  const pushes: PushDto[] = [];

  beforeAll(async () => {
    // Broker 0 prefers 9092: hold it, so that the test sees the fallback whatever else runs here.
    blocker = await occupy(FIRST_BROKER_PORT);
    backend = await createBackend({ dataDir: tmp.dir });
    backend.onPush((p) => pushes.push(p));
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0);
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    blocker?.close();
    tmp.cleanup();
  });

  it('opens the default 3-broker workspace on first run', async () => {
    const [ws] = await backend.api.workspaces.list();
    expect(ws).toMatchObject({ name: 'dojo', brokers: 3, isOpen: true, snapshots: [] });
    const overview = await backend.api.cluster.overview();
    expect(overview.brokers.map((b) => [b.id, b.state])).toEqual([
      [0, 'RunningAsBroker'],
      [1, 'RunningAsBroker'],
      [2, 'RunningAsBroker'],
    ]);
    expect(overview.brokers.filter((b) => b.isController).map((b) => b.id)).toEqual([overview.controllerId]);
    expect(existsSync(join(tmp.dir, 'workspaces', ws.id, 'metadata.db'))).toBe(true);
  });

  it('moves a broker whose preferred port is taken to a free one, and registers the port it bound', async () => {
    const { brokers } = await backend.api.cluster.overview();
    expect(brokers[0].port).not.toBe(FIRST_BROKER_PORT);
    expect(new Set(brokers.map((b) => b.port)).size).toBe(3);
    for (const broker of brokers) {
      const registered = JSON.parse((await backend.api.zookeeper.get(`/brokers/ids/${broker.id}`))?.data?.text ?? 'null') as {
        host: string;
        port: number;
      };
      expect(registered, `broker ${broker.id}`).toMatchObject({ host: '127.0.0.1', port: broker.port });
      expect(await canConnect(broker.port), `broker ${broker.id}`).toBe(true);
    }
  });

  it('previews a topic as Kafka assigns it, creates exactly that, and the partitions come online', async () => {
    const request = {
      name: 'orders',
      partitions: 6,
      replicationFactor: 2,
      assignment: { kind: 'automatic', rackAware: true } as const,
      configs: { 'retention.ms': '60000' },
    };
    const preview = await backend.api.topics.previewCreate(request);
    expect(preview.error).toBeNull();
    expect(preview.assignment).toHaveLength(6);
    for (const replicas of preview.assignment) expect(new Set(replicas).size).toBe(2);
    expect(preview.znodes.map((z) => z.path)).toEqual(['/config/topics/orders', '/brokers/topics/orders']);
    expect(preview.znodes[0].data).toBe('{"version":1,"config":{"retention.ms":"60000"}}');

    const created = await backend.api.topics.create(
      { ...request, assignment: { kind: 'manual', assignment: preview.assignment } },
      { validateOnly: false },
    );
    expect(created.error).toBeNull();
    const detail = await waitFor('orders online', async () => {
      const d = await backend.api.topics.detail('orders');
      return d.partitions.every((p) => p.state === 'OnlinePartition' && p.isr.length === 2) ? d : null;
    });
    expect(detail.partitions.map((p) => p.replicas)).toEqual(preview.assignment);
    expect(detail.znodes.find((z) => z.path === '/brokers/topics/orders')?.data).toBe(preview.znodes[1].data);
    expect(detail.configs.find((c) => c.name === 'retention.ms')).toMatchObject({ value: '60000', source: 'TOPIC_CONFIG' });
    expect((await backend.api.topics.list({ search: 'ord' })).topics.map((t) => [t.name, t.partitions, t.replicationFactor])).toEqual([
      ['orders', 6, 2],
    ]);
  });

  it('refuses what Kafka refuses, in its words, next to the field, writing nothing', async () => {
    const tooMany = await backend.api.topics.create(
      { name: 'wide', partitions: 1, replicationFactor: 4, assignment: { kind: 'automatic', rackAware: true }, configs: {} },
      { validateOnly: false },
    );
    expect(tooMany.error).toEqual({
      name: 'INVALID_REPLICATION_FACTOR',
      message: 'Replication factor: 4 larger than available brokers: 3.',
      // Kafka's own message: English in both languages.
      text: {
        en: 'Replication factor: 4 larger than available brokers: 3.',
        'zh-CN': 'Replication factor: 4 larger than available brokers: 3.',
      },
      field: 'replicationFactor',
    });
    const badText = await backend.api.topics.previewCreate({
      name: 'x',
      partitions: null,
      replicationFactor: null,
      assignment: { kind: 'replica-assignment', text: '0:0' },
      configs: {},
    });
    expect(badText.error?.field).toBe('assignment');
    expect((await backend.api.topics.list({ search: 'wide' })).total).toBe(0);
    const validateOnly = await backend.api.topics.create(
      { name: 'dry', partitions: 1, replicationFactor: 1, assignment: { kind: 'automatic', rackAware: true }, configs: {} },
      { validateOnly: true },
    );
    expect(validateOnly.error).toBeNull();
    expect((await backend.api.topics.list({ search: 'dry' })).total).toBe(0);
  });

  it('adds partitions as previewed, and produces and reads messages', async () => {
    const preview = await backend.api.topics.previewAddPartitions({ topic: 'orders', totalCount: 8, newAssignment: null });
    expect(preview.error).toBeNull();
    expect(preview.newAssignment).toHaveLength(2);
    const added = await backend.api.topics.addPartitions({ topic: 'orders', totalCount: 8, newAssignment: preview.newAssignment });
    expect(added.error).toBeNull();
    await waitFor('8 partitions', async () => (await backend.api.topics.detail('orders')).partitions.length === 8);
    const produced = await backend.api.messages.produce({ topic: 'orders', partition: 7, key: 'k', value: 'v', acks: -1 });
    expect(produced).toMatchObject({ partition: 7, offset: 0, error: 'NONE' });
    const read = await waitFor('the record', async () => {
      const r = await backend.api.messages.read({ topic: 'orders', partition: 7, from: { kind: 'earliest' } });
      return r.records.length === 1 ? r : null;
    });
    expect(read.records[0]).toMatchObject({ offset: 0, key: { text: 'k' }, value: { text: 'v' } });
  });

  it('explains a broker action before it is done, then does it', async () => {
    const { controllerId } = await backend.api.cluster.overview();
    const lines = await backend.api.brokers.explain(controllerId, 'kill');
    expect(lines[0]).toEqual({
      en: `Broker ${controllerId} stops at once, like kill -9: nothing is flushed, checkpointed or marked clean.`,
      'zh-CN': `Broker ${controllerId} 立即停止，如同 kill -9：不刷盘、不写检查点，也不标记为正常关闭。`,
    });
    expect(lines.some((l) => l.en.includes('is the controller') && l['zh-CN'].includes('是控制器'))).toBe(true);
    const configs = await backend.api.brokers.configs(0);
    expect(configs.find((c) => c.name === 'num.partitions')).toMatchObject({ value: '1', source: 'DEFAULT_CONFIG' });
    await backend.api.brokers.kill(controllerId);
    await backend.api.cluster.setClockSpeed(100);
    const next = await waitFor('a new controller', async () => {
      const o = await backend.api.cluster.overview();
      return o.controllerId >= 0 && o.controllerId !== controllerId ? o : null;
    });
    expect(next.brokers.find((b) => b.id === controllerId)?.state).toBe('Killed');
    await backend.api.brokers.start(controllerId);
    await backend.api.cluster.setClockSpeed(1);
    const events = await backend.api.cluster.events(50);
    expect(events.length).toBeGreaterThan(0);
    expect(events[events.length - 1].seq).toBeGreaterThan(events[0].seq);
    expect(pushes.some((p) => p.type === 'events' && p.events.length > 0)).toBe(true);
  });

  it('creates, snapshots, restores and deletes workspaces', async () => {
    const first = await backend.api.workspaces.current();
    const second = await backend.api.workspaces.create({
      name: 'class',
      brokers: 2,
      racks: ['a', 'b'],
      logDirsPerBroker: 2,
      brokerConfig: { 'num.partitions': '3' },
    });
    expect(second).toMatchObject({ name: 'class', brokers: 2, isOpen: true });
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0);
    const overview = await backend.api.cluster.overview();
    expect(overview.brokers.map((b) => [b.rack, b.logDirs.length])).toEqual([
      ['a', 2],
      ['b', 2],
    ]);
    expect((await backend.api.topics.defaults()).numPartitions).toBe(3);
    const snapshot = await backend.api.workspaces.snapshot(second.id, 'before exercise');
    await backend.api.topics.create(
      { name: 'exercise', partitions: 1, replicationFactor: 1, assignment: { kind: 'automatic', rackAware: false }, configs: {} },
      { validateOnly: false },
    );
    expect((await backend.api.topics.list({ search: 'exercise' })).total).toBe(1);
    await backend.api.workspaces.restore(snapshot.id);
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0);
    expect((await backend.api.topics.list({ search: 'exercise' })).total).toBe(0);
    await expect(backend.api.workspaces.remove(second.id)).rejects.toThrow('The open cluster cannot be deleted');
    await backend.api.workspaces.open(first!.id);
    await backend.api.workspaces.remove(second.id);
    expect((await backend.api.workspaces.list()).map((w) => w.name)).toEqual(['dojo']);
    await expect(
      backend.api.workspaces.create({ name: ' ', brokers: 1, racks: null, logDirsPerBroker: 1, brokerConfig: {} }),
    ).rejects.toMatchObject({ errorName: 'INVALID_INPUT', field: 'name' });
    await expect(
      backend.api.workspaces.create({
        name: 'bad',
        brokers: 1,
        racks: null,
        logDirsPerBroker: 1,
        brokerConfig: { 'num.partitions': 'many' },
      }),
    ).rejects.toMatchObject({
      errorName: 'INVALID_CONFIG',
      field: 'brokerConfig',
    });
  }, 60_000);
});
