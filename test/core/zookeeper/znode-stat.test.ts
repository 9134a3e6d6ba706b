import { describe, expect, it } from 'vitest';
import type { Acl } from '../../../src-main/core/zookeeper';
import { AddWatchMode, Code, CreateMode, OPEN_ACL_UNSAFE, Perms, READ_ACL_UNSAFE, WatcherType } from '../../../src-main/core/zookeeper';
import { utf8 } from '../../support/zk-fixture';
import { expectKeeperError, useZkFixture } from './zk-test-helpers';

const zk = useZkFixture();

/** Read and ADMIN only: the ACL can still be set back. */
const READ_ADMIN: Acl[] = [{ perms: Perms.READ | Perms.ADMIN, scheme: 'world', id: 'anyone' }];

describe('the initial tree of a fresh server', () => {
  it('has no transactions yet and lists only /zookeeper under /', async () => {
    expect(zk().server.lastZxid).toBe(0);
    const client = await zk().client();
    expect((await client.getChildren('/')).children).toEqual(['zookeeper']);
    expect((await client.getChildren('/zookeeper')).children.sort()).toEqual(['config', 'quota']);
    expect((await client.getChildren('/zookeeper/quota')).children).toEqual([]);
  });

  it('holds /, /zookeeper, /zookeeper/quota and /zookeeper/config with empty data, zxids 0 and times 0', async () => {
    const client = await zk().client();
    for (const path of ['/', '/zookeeper', '/zookeeper/quota', '/zookeeper/config']) {
      const { data, stat } = await client.getData(path);
      expect(data, path).toEqual(new Uint8Array(0));
      expect(stat, path).toMatchObject({ czxid: 0, mzxid: 0, pzxid: 0, ctime: 0, mtime: 0, version: 0, ephemeralOwner: 0n, dataLength: 0 });
    }
    expect((await client.exists('/'))?.numChildren).toBe(1);
    expect((await client.exists('/zookeeper'))?.numChildren).toBe(2);
  });

  it('reports cversion as 2 x creates - children, so / shows -1 and /zookeeper -2 (as `stat /` does)', async () => {
    const client = await zk().client();
    expect((await client.exists('/'))?.cversion).toBe(-1);
    expect((await client.exists('/zookeeper'))?.cversion).toBe(-2);
    expect((await client.exists('/zookeeper/quota'))?.cversion).toBe(0);
  });

  it('protects /zookeeper/config with READ_ACL_UNSAFE, set with aversion -1 as DataTree.addConfigNode does', async () => {
    const client = await zk().client();
    const config = await client.getACL('/zookeeper/config');
    expect(config.acl).toEqual(READ_ACL_UNSAFE);
    expect(config.stat.aversion).toBe(-1);
    for (const path of ['/', '/zookeeper', '/zookeeper/quota']) {
      const { acl, stat } = await client.getACL(path);
      expect(acl, path).toEqual(OPEN_ACL_UNSAFE);
      expect(stat.aversion, path).toBe(0);
    }
  });
});

describe('Stat of a created node', () => {
  it('has czxid = mzxid = pzxid = the create zxid, ctime = mtime = the clock, versions 0, owner 0 and the data length', async () => {
    const client = await zk().client();
    const zxidBefore = zk().server.lastZxid;
    const created = await client.create('/a', utf8('hello'));
    const zxid = zxidBefore + 1;
    expect(created.path).toBe('/a');
    expect(created.stat).toEqual({
      czxid: zxid,
      mzxid: zxid,
      pzxid: zxid,
      ctime: zk().time.nowMs(),
      mtime: zk().time.nowMs(),
      version: 0,
      cversion: 0,
      aversion: 0,
      ephemeralOwner: 0n,
      dataLength: 5,
      numChildren: 0,
    });
    expect(await client.exists('/a')).toEqual(created.stat);
  });

  it('of an ephemeral node carries the creating session id as ephemeralOwner', async () => {
    const owner = await zk().client();
    const other = await zk().client();
    const { stat } = await owner.create('/e', null, { mode: CreateMode.EPHEMERAL });
    expect(stat.ephemeralOwner).toBe(owner.sessionId);
    expect((await other.exists('/e'))?.ephemeralOwner).toBe(owner.sessionId);
    const seq = await owner.create('/es-', null, { mode: CreateMode.EPHEMERAL_SEQUENTIAL });
    expect(seq.stat.ephemeralOwner).toBe(owner.sessionId);
    const persistent = await owner.create('/p', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    expect(persistent.stat.ephemeralOwner).toBe(0n);
  });

  it('moves the parent: cversion +1, pzxid = the child zxid, numChildren +1; mzxid, mtime and version stay', async () => {
    const client = await zk().client();
    const parent = (await client.create('/p', utf8('x'))).stat;
    zk().time.advance(1000);
    const first = await client.create('/p/c1', null);
    let after = (await client.exists('/p'))!;
    expect(after).toEqual({ ...parent, cversion: 1, pzxid: first.stat.czxid, numChildren: 1 });

    zk().time.advance(1000);
    const second = await client.create('/p/c2', null);
    after = (await client.exists('/p'))!;
    expect(after).toEqual({ ...parent, cversion: 2, pzxid: second.stat.czxid, numChildren: 2 });
  });
});

describe('Stat after delete', () => {
  it('moves the parent pzxid to the delete zxid and numChildren down; its mzxid, mtime and version stay', async () => {
    const client = await zk().client();
    const parent = (await client.create('/p', null)).stat;
    await client.create('/p/a', null);
    await client.create('/p/b', null);
    const beforeDelete = (await client.exists('/p'))!;

    await client.delete('/p/a');
    const deleteZxid = zk().server.lastZxid;
    const after = (await client.exists('/p'))!;
    expect(after.pzxid).toBe(deleteZxid);
    expect(after.numChildren).toBe(1);
    expect(after).toMatchObject({ czxid: parent.czxid, mzxid: parent.mzxid, mtime: parent.mtime, version: 0, aversion: 0 });
    expect(beforeDelete.numChildren).toBe(2);
  });

  it('does not move the create counter (sequence numbers are not reused) though the reported cversion counts the delete', async () => {
    // ZooKeeper stores cversion as the number of child creates and serves 2 x creates - children
    // (DataNode.copyStat), so a client sees +1 for a delete while the sequence counter stands still.
    const client = await zk().client();
    await client.create('/p', null);
    await client.create('/p/a', null);
    await client.create('/p/b', null);
    expect((await client.exists('/p'))!.cversion).toBe(2);

    await client.delete('/p/a');
    expect((await client.exists('/p'))!.cversion).toBe(3);
    await client.delete('/p/b');
    expect((await client.exists('/p'))!.cversion).toBe(4);

    const next = await client.create('/p/s-', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    expect(next.path).toBe('/p/s-0000000002');
    expect((await client.exists('/p'))!.cversion).toBe(5);
  });
});

describe('Stat after setData', () => {
  it('bumps version, sets mzxid and mtime, updates dataLength, keeps czxid, ctime, pzxid and cversion', async () => {
    const client = await zk().client();
    const created = (await client.create('/d', utf8('abc'))).stat;

    zk().time.advance(5000);
    const first = await client.setData('/d', utf8('abcdefgh'));
    const firstZxid = zk().server.lastZxid;
    expect(first).toEqual({ ...created, version: 1, mzxid: firstZxid, mtime: created.ctime + 5000, dataLength: 8 });

    zk().time.advance(2500);
    const second = await client.setData('/d', utf8('z'));
    expect(second).toEqual({ ...created, version: 2, mzxid: zk().server.lastZxid, mtime: created.ctime + 7500, dataLength: 1 });
    expect(await client.exists('/d')).toEqual(second);
  });

  it('leaves the parent Stat alone', async () => {
    const client = await zk().client();
    await client.create('/p', null);
    await client.create('/p/c', null);
    const parentBefore = await client.exists('/p');
    await client.setData('/p/c', utf8('changed'));
    expect(await client.exists('/p')).toEqual(parentBefore);
  });
});

describe('Stat after setACL', () => {
  it('bumps aversion only (the write still takes a zxid) and getACL returns the new list', async () => {
    const client = await zk().client();
    const created = (await client.create('/acl', utf8('x'))).stat;
    zk().time.advance(1000);
    const zxidBefore = zk().server.lastZxid;

    const stat = await client.setACL('/acl', READ_ADMIN);
    expect(stat).toEqual({ ...created, aversion: 1 });
    expect(zk().server.lastZxid).toBe(zxidBefore + 1);
    expect(await client.getACL('/acl')).toEqual({ acl: READ_ADMIN, stat });

    expect(await client.setACL('/acl', OPEN_ACL_UNSAFE, 1)).toEqual({ ...created, aversion: 2 });
  });
});

describe('null data versus empty data', () => {
  it('keeps a null buffer null and an empty buffer empty, both with dataLength 0', async () => {
    const client = await zk().client();
    await client.create('/null', null);
    await client.create('/empty', new Uint8Array(0));

    const nullNode = await client.getData('/null');
    expect(nullNode.data).toBeNull();
    expect(nullNode.stat.dataLength).toBe(0);

    const emptyNode = await client.getData('/empty');
    expect(emptyNode.data).toBeInstanceOf(Uint8Array);
    expect(emptyNode.data).toHaveLength(0);
    expect(emptyNode.stat.dataLength).toBe(0);
  });

  it('switches between null, empty and bytes with setData', async () => {
    const client = await zk().client();
    await client.create('/seqid', null);
    await client.setData('/seqid', new Uint8Array(0));
    expect((await client.getData('/seqid')).data).toEqual(new Uint8Array(0));
    await client.setData('/seqid', utf8('1'));
    expect((await client.getData('/seqid')).stat.dataLength).toBe(1);
    await client.setData('/seqid', null);
    const back = await client.getData('/seqid');
    expect(back.data).toBeNull();
    expect(back.stat).toMatchObject({ dataLength: 0, version: 3 });
  });
});

describe('zxid accounting', () => {
  it('takes exactly one zxid per write, per session create and per session close', async () => {
    const server = zk().server;
    const a = await zk().client();
    expect(server.lastZxid).toBe(1);
    const b = await zk().client();
    expect(server.lastZxid).toBe(2);

    expect((await a.create('/x', null)).stat.czxid).toBe(3);
    expect(await a.setData('/x', utf8('1'))).toMatchObject({ mzxid: 4 });
    await a.setACL('/x', OPEN_ACL_UNSAFE);
    expect(server.lastZxid).toBe(5);
    await a.create('/x/y', null);
    await a.delete('/x/y');
    expect(server.lastZxid).toBe(7);
    expect((await a.exists('/x'))!.pzxid).toBe(7);

    await b.close();
    expect(server.lastZxid).toBe(8);
    expect((await a.create('/after-close', null)).stat.czxid).toBe(9);
  });

  it('takes one zxid for a whole multi', async () => {
    const client = await zk().client();
    const before = zk().server.lastZxid;
    await client.multi([
      { type: 'create', path: '/m1', data: null },
      { type: 'create', path: '/m2', data: null },
      { type: 'setData', path: '/m1', data: utf8('v') },
    ]);
    expect(zk().server.lastZxid).toBe(before + 1);
  });

  it('takes a zxid for a write the server refuses (an ErrorTxn), so the next write skips it', async () => {
    const client = await zk().client();
    await client.create('/exists', null);
    const before = zk().server.lastZxid;

    await expectKeeperError(client.create('/exists', null), Code.NODEEXISTS);
    expect(zk().server.lastZxid).toBe(before + 1);
    await expectKeeperError(client.delete('/missing'), Code.NONODE);
    await expectKeeperError(client.setData('/exists', null, 42), Code.BADVERSION);
    await expectKeeperError(client.create('/missing/child', null), Code.NONODE);
    await expectKeeperError(client.delete('/'), Code.BADARGUMENTS);
    await expectKeeperError(
      client.multi([
        { type: 'create', path: '/never', data: null },
        { type: 'check', path: '/exists', version: 9 },
      ]),
      Code.BADVERSION,
    );
    expect(zk().server.lastZxid).toBe(before + 6);
    expect((await client.create('/next', null)).stat.czxid).toBe(before + 7);
  });

  it('takes no zxid for reads, watches, sync, pings or a reconnect', async () => {
    const client = await zk().client({ watcher: () => {} });
    await client.create('/r', utf8('r'));
    await client.create('/r/e', null, { mode: CreateMode.EPHEMERAL });
    const before = zk().server.lastZxid;

    await client.exists('/r', true);
    await client.exists('/nothing-here', true);
    await client.getData('/r', true);
    await client.getChildren('/r', true);
    await client.getACL('/r');
    await client.sync('/r');
    await client.getEphemerals('/');
    await client.getAllChildrenNumber('/');
    await client.addWatch('/r', AddWatchMode.PERSISTENT);
    await client.removeWatches('/r', WatcherType.Any);
    await zk().advance(60_000);
    client.disconnect();
    await client.reconnect();
    await zk().idle();

    expect(zk().server.lastZxid).toBe(before);
  });
});
