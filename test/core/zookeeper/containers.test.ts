import { describe, expect, it } from 'vitest';
import type { ZkServerEvent } from '../../../src-main/core/zookeeper';
import { Code, CreateMode } from '../../../src-main/core/zookeeper';
import { ZkFixture, utf8 } from '../../support/zk-fixture';
import { EventLog, expectKeeperError, useZkFixture } from './zk-test-helpers';

const zk = useZkFixture();

/** The container manager's default znode.container.checkIntervalMs. */
const CHECK_INTERVAL_MS = 60_000;

function deleteContainerTxns(events: ZkServerEvent[]): Array<[string | undefined, number]> {
  return events.flatMap((e) => (e.kind === 'txn' && e.op === 'deleteContainer' ? [[e.path, e.err] as [string | undefined, number]] : []));
}

describe('CONTAINER nodes (ZooKeeper 3.5+)', () => {
  it('are created, with a Stat showing ephemeralOwner 0 (the stored marker is not a session)', async () => {
    const client = await zk().client();
    const { path, stat } = await client.create('/locks', utf8('x'), { mode: CreateMode.CONTAINER });
    expect(path).toBe('/locks');
    expect(stat).toMatchObject({ ephemeralOwner: 0n, version: 0, cversion: 0, dataLength: 1, numChildren: 0 });
    expect(stat.czxid).toBe(zk().server.lastZxid);
    // Children of any kind, ephemerals too: a container is no ephemeral parent.
    await client.create('/locks/p', null);
    await client.create('/locks/e', null, { mode: CreateMode.EPHEMERAL });
    await client.create('/locks/c', null, { mode: CreateMode.CONTAINER });
    // In the order of DataNode's HashSet<String>(8): buckets 0 (p), 3 (c), 5 (e).
    expect((await client.getChildren('/locks')).children).toEqual(['p', 'c', 'e']);
    expect(await client.getEphemerals()).toEqual(['/locks/e']);
  });

  it('answer NONODE under a missing parent, NODEEXISTS on an existing path', async () => {
    const client = await zk().client();
    await expectKeeperError(client.create('/missing/c', null, { mode: CreateMode.CONTAINER }), Code.NONODE, '/missing/c');
    await client.create('/c', null, { mode: CreateMode.CONTAINER });
    await expectKeeperError(client.create('/c', null, { mode: CreateMode.CONTAINER }), Code.NODEEXISTS, '/c');
  });

  it('can be created in a multi', async () => {
    const client = await zk().client();
    await client.multi([
      { type: 'create', path: '/m', data: null, mode: CreateMode.CONTAINER },
      { type: 'create', path: '/m/child', data: null },
    ]);
    await client.delete('/m/child');
    await zk().advance(CHECK_INTERVAL_MS);
    expect(await client.exists('/m')).toBeNull();
  });

  it('are removed by the container manager at its next check after the last child goes, with the watch events of a delete', async () => {
    const events: ZkServerEvent[] = [];
    zk().server.subscribe((e) => events.push(e));
    const log = new EventLog();
    const client = await zk().client({ watcher: log.watcher });
    await zk().advance(CHECK_INTERVAL_MS / 2);
    await client.create('/group', null, { mode: CreateMode.CONTAINER });
    await client.create('/group/member', null);
    await client.delete('/group/member');
    await client.getChildren('/', true);
    await client.getChildren('/group', true);
    await client.exists('/group', true);
    const zxidBefore = zk().server.lastZxid;

    // Checked every 60 s from the server's start: the first check is due in 30 s.
    await zk().advance(CHECK_INTERVAL_MS / 2 - 1);
    expect(await client.exists('/group')).not.toBeNull();
    await zk().advance(1);

    expect(await client.exists('/group')).toBeNull();
    expect(deleteContainerTxns(events)).toEqual([['/group', 0]]);
    expect(zk().server.lastZxid).toBe(zxidBefore + 1);
    expect(log.seen).toEqual(['NodeDeleted /group', 'NodeChildrenChanged /']);
    expect(log.events.map((e) => e.zxid)).toEqual([zxidBefore + 1, zxidBefore + 1]);
    expect((await client.exists('/'))!.pzxid).toBe(zxidBefore + 1);
  });

  it('stay while they have children, and when they never had one', async () => {
    const client = await zk().client();
    await client.create('/never-used', null, { mode: CreateMode.CONTAINER });
    await client.create('/in-use', null, { mode: CreateMode.CONTAINER });
    await client.create('/in-use/a', null);
    await client.create('/in-use/b', null);
    await client.delete('/in-use/a');
    await zk().advance(5 * CHECK_INTERVAL_MS);
    expect(await client.exists('/never-used')).not.toBeNull();
    expect((await client.exists('/in-use'))!.numChildren).toBe(1);
  });

  it('go one per 1 minute / znode.container.maxPerMinute, in path order, and survive a restart of the store', async () => {
    zk().close();
    const fx = new ZkFixture({ containerCheckIntervalMs: 1000, containerMaxPerMinute: 2 });
    try {
      const events: ZkServerEvent[] = [];
      const client = await fx.client();
      for (const p of ['/b', '/a']) {
        await client.create(p, null, { mode: CreateMode.CONTAINER });
        await client.create(`${p}/x`, null);
        await client.delete(`${p}/x`);
      }
      const server = fx.reopen();
      server.subscribe((e) => events.push(e));
      await fx.advance(1000);
      expect(deleteContainerTxns(events)).toEqual([['/a', 0]]);
      await fx.advance(29_999);
      expect(deleteContainerTxns(events)).toEqual([['/a', 0]]);
      await fx.advance(1);
      expect(deleteContainerTxns(events)).toEqual([
        ['/a', 0],
        ['/b', 0],
      ]);
    } finally {
      fx.close();
    }
  });

  it('are not removed when a child comes back before the deleteContainer request is applied (NOTEMPTY, a failed txn)', async () => {
    zk().close();
    const fx = new ZkFixture({ containerCheckIntervalMs: 1000, containerMaxPerMinute: 1 });
    try {
      const events: ZkServerEvent[] = [];
      fx.server.subscribe((e) => events.push(e));
      const client = await fx.client();
      for (const p of ['/a', '/b']) {
        await client.create(p, null, { mode: CreateMode.CONTAINER });
        await client.create(`${p}/x`, null);
        await client.delete(`${p}/x`);
      }
      await fx.advance(1000);
      // /a went; /b's request is posted a minute later, by when it has a child again.
      await client.create('/b/again', null);
      await fx.advance(60_000);
      expect(deleteContainerTxns(events)).toEqual([
        ['/a', 0],
        ['/b', Code.NOTEMPTY],
      ]);
      expect((await client.exists('/b'))!.numChildren).toBe(1);
    } finally {
      fx.close();
    }
  });
});
