import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClusterHarness } from '../support/cluster-harness';
import { adminOf, dec, enc } from '../support/scenario';

describe('emulated cluster smoke', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('elects a controller and creates a hand-written topic', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 7 });
    const zk = await h.session();
    const controller = JSON.parse(dec((await zk.getData('/controller')).data) as string);
    expect(controller.brokerid).toBe(0);
    expect(dec((await zk.getData('/controller_epoch')).data)).toBe('1');
    expect((await zk.getChildren('/brokers/ids')).children).toEqual(['0', '1', '2']);
    await zk.create(
      '/brokers/topics/t1',
      enc('{"version":2,"partitions":{"0":[0,1],"1":[1,2]},"adding_replicas":{},"removing_replicas":{}}'),
    );
    await h.settle();
    const state = dec((await zk.getData('/brokers/topics/t1/partitions/0/state')).data);
    expect(state).toBe('{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[0,1]}');
    expect(existsSync(join(h.logDir(0), 't1-0', '00000000000000000000.log'))).toBe(true);
    expect(existsSync(join(h.logDir(2), 't1-1', '00000000000000000000.index'))).toBe(true);
    expect(existsSync(join(h.logDir(2), 't1-0'))).toBe(false);
  });

  it('creates a topic through the admin API, then deletes it to the end', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 11 });
    const admin = adminOf(h);
    const created = admin.createTopics([{ name: 'orders', numPartitions: 3, replicationFactor: 2, assignments: [], configs: {} }], {
      timeoutMs: 30000,
      validateOnly: false,
    });
    await h.settle();
    expect(await created).toMatchObject([{ name: 'orders', errorCode: 0, errorName: 'NONE', errorMessage: null }]);
    const zk = await h.session();
    expect(dec((await zk.getData('/config/topics/orders')).data)).toBe('{"version":1,"config":{}}');
    const bad = await admin.createTopics([{ name: 'x', numPartitions: 1, replicationFactor: 4, assignments: [], configs: {} }], {
      timeoutMs: 30000,
      validateOnly: false,
    });
    expect(bad[0]).toMatchObject({
      errorName: 'INVALID_REPLICATION_FACTOR',
      errorMessage: 'Replication factor: 4 larger than available brokers: 3.',
    });

    const deleted = admin.deleteTopics(['orders'], 30000);
    await h.settle();
    expect((await deleted)[0].errorCode).toBe(0);
    expect(await zk.exists('/brokers/topics/orders')).toBeNull();
    expect(await zk.exists('/admin/delete_topics/orders')).toBeNull();
    const dirs = (b: number) =>
      h.fs
        .readdir(h.logDir(b))
        .map((e) => e.name)
        .filter((n) => n.startsWith('orders-'));
    const all = [0, 1, 2].flatMap(dirs);
    expect(all.length).toBe(6);
    expect(all.every((n) => /^orders-\d\.[0-9a-f]{32}-delete$/.test(n))).toBe(true);
    await h.advance(59_000);
    expect([0, 1, 2].flatMap(dirs).length).toBe(6);
    await h.advance(31_000);
    expect([0, 1, 2].flatMap(dirs)).toEqual([]);
  });
});
