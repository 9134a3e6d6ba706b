import { describe, expect, it } from 'vitest';
import type { Acl, ZooKeeperClient } from '../../../src-main/core/zookeeper';
import { AddWatchMode, Code, CreateMode, MultiException, OPEN_ACL_UNSAFE, Perms } from '../../../src-main/core/zookeeper';
import { utf8 } from '../../support/zk-fixture';
import { EventLog, expectKeeperError, useZkFixture } from './zk-test-helpers';

/**
 * ACL enforcement as ZooKeeper 3.8's PrepRequestProcessor (writes, check) and FinalRequestProcessor
 * (reads) make it. Codes and orders below were confirmed against Debian's ZooKeeper 3.8.0 with kazoo.
 */
const zk = useZkFixture();

const world = (perms: number): Acl[] => [{ perms, scheme: 'world', id: 'anyone' }];
const without = (perm: number): Acl[] => world(Perms.ALL & ~perm);

/** `/n` with every permission but `missing`, a child `/n/c`, and an open `/open`. */
async function nodeWithout(client: ZooKeeperClient, missing: number): Promise<void> {
  await client.create('/n', utf8('v'));
  await client.create('/n/c', null);
  await client.create('/open', null);
  await client.setACL('/n', without(missing));
}

type Operation = { name: string; needs: number | null; run: (c: ZooKeeperClient) => Promise<unknown> };

/** Each operation and the permission it needs on `/n` (null: none). */
const OPERATIONS: Operation[] = [
  { name: 'create /n/x', needs: Perms.CREATE, run: (c) => c.create('/n/x', null) },
  { name: 'delete /n/c', needs: Perms.DELETE, run: (c) => c.delete('/n/c') },
  { name: 'setData /n', needs: Perms.WRITE, run: (c) => c.setData('/n', utf8('w')) },
  { name: 'getData /n', needs: Perms.READ, run: (c) => c.getData('/n') },
  { name: 'getChildren /n', needs: Perms.READ, run: (c) => c.getChildren('/n') },
  { name: 'getAllChildrenNumber /n', needs: Perms.READ, run: (c) => c.getAllChildrenNumber('/n') },
  { name: 'check /n in a multi', needs: Perms.READ, run: (c) => c.multi([{ type: 'check', path: '/n', version: -1 }]) },
  { name: 'setACL /n', needs: Perms.ADMIN, run: (c) => c.setACL('/n', without(Perms.READ)) },
  { name: 'exists /n', needs: null, run: (c) => c.exists('/n') },
  { name: 'sync /n', needs: null, run: (c) => c.sync('/n') },
  { name: 'addWatch /n', needs: null, run: (c) => c.addWatch('/n', AddWatchMode.PERSISTENT, () => undefined) },
];

const PERM_NAMES: Array<[string, number]> = [
  ['READ', Perms.READ],
  ['WRITE', Perms.WRITE],
  ['CREATE', Perms.CREATE],
  ['DELETE', Perms.DELETE],
  ['ADMIN', Perms.ADMIN],
];

describe('each operation against a node lacking one permission', () => {
  for (const [permName, perm] of PERM_NAMES) {
    it(`without ${permName}: NOAUTH exactly for the operations that need ${permName}`, async () => {
      const client = await zk().client();
      await nodeWithout(client, perm);
      for (const op of OPERATIONS) {
        // getACL needs READ or ADMIN, so one missing bit alone never stops it.
        // The client names the path it asked about: the child's for create and delete.
        if (op.needs === perm) await expectKeeperError(op.run(client), Code.NOAUTH, op.name.split(' ')[1]);
        else await op.run(client).catch((e: unknown) => expect.fail(`${op.name}: ${String(e)}`));
      }
    });
  }

  it('getACL needs READ or ADMIN: NOAUTH with neither', async () => {
    const client = await zk().client();
    await client.create('/n', null, { acl: world(Perms.ALL & ~(Perms.READ | Perms.ADMIN)) });
    await expectKeeperError(client.getACL('/n'), Code.NOAUTH, '/n');
  });

  it('getData and getChildren refused NOAUTH leave no watch behind', async () => {
    const client = await zk().client();
    const log = new EventLog();
    await client.create('/n', null, { acl: without(Perms.READ) });
    await expectKeeperError(client.getData('/n', log.watcher), Code.NOAUTH);
    await expectKeeperError(client.getChildren('/n', log.watcher), Code.NOAUTH);
    expect(zk().server.watchesOf(client.sessionId)).toMatchObject({ data: [], child: [] });
  });
});

describe("the order of the checks (ZooKeeper's)", () => {
  it('create: INVALIDACL before NONODE, NONODE of the parent before NOAUTH, NOAUTH before NODEEXISTS and NOCHILDRENFOREPHEMERALS', async () => {
    const client = await zk().client();
    const badAcl = world(Perms.ALL).map((a) => ({ ...a, id: 'other' }));
    await expectKeeperError(client.create('/missing/x', null, { acl: badAcl }), Code.INVALIDACL);
    await expectKeeperError(client.create('/missing/x', null), Code.NONODE);
    await client.create('/p', null);
    await client.create('/p/c', null);
    await client.setACL('/p', without(Perms.CREATE));
    await expectKeeperError(client.create('/p/c', null), Code.NOAUTH, '/p/c');
    await client.create('/eph', null, { mode: CreateMode.EPHEMERAL, acl: without(Perms.CREATE) });
    await expectKeeperError(client.create('/eph/x', null), Code.NOAUTH, '/eph/x');
  });

  it('delete: NOAUTH on the parent before NONODE, BADVERSION and NOTEMPTY of the node', async () => {
    const client = await zk().client();
    await client.create('/p', null);
    await client.create('/p/c', null);
    await client.create('/p/c/g', null);
    await client.setACL('/p', without(Perms.DELETE));
    await expectKeeperError(client.delete('/p/missing'), Code.NOAUTH, '/p/missing');
    await expectKeeperError(client.delete('/p/c', 7), Code.NOAUTH);
    await expectKeeperError(client.delete('/p/c'), Code.NOAUTH);
    // The node's own ACL does not matter for its delete, its parent's does.
    await client.setACL('/p', OPEN_ACL_UNSAFE);
    await client.setACL('/p/c/g', world(0));
    await client.delete('/p/c/g');
  });

  it('setData: NONODE before NOAUTH, NOAUTH before BADVERSION', async () => {
    const client = await zk().client();
    await client.create('/w', null, { acl: without(Perms.WRITE) });
    await expectKeeperError(client.setData('/w', null, 7), Code.NOAUTH);
    await expectKeeperError(client.setData('/missing', null, 7), Code.NONODE);
  });

  it('setACL: INVALIDACL before NONODE, NONODE before NOAUTH, NOAUTH before BADVERSION', async () => {
    const client = await zk().client();
    await expectKeeperError(client.setACL('/missing', [{ perms: 31, scheme: 'world', id: 'x' }]), Code.INVALIDACL);
    await expectKeeperError(client.setACL('/missing', OPEN_ACL_UNSAFE), Code.NONODE);
    await client.create('/a', null, { acl: without(Perms.ADMIN) });
    await expectKeeperError(client.setACL('/a', OPEN_ACL_UNSAFE, 9), Code.NOAUTH);
  });

  it('check in a multi: NONODE before NOAUTH, NOAUTH before BADVERSION', async () => {
    const client = await zk().client();
    await client.create('/r', null, { acl: without(Perms.READ) });
    const e = await expectKeeperError(client.multi([{ type: 'check', path: '/r', version: 5 }]), Code.NOAUTH);
    expect((e as MultiException).results).toEqual([{ type: 'error', err: Code.NOAUTH }]);
    await expectKeeperError(client.multi([{ type: 'check', path: '/missing', version: 5 }]), Code.NONODE);
  });
});

describe('/zookeeper', () => {
  it('/zookeeper/config is read-only (READ_ACL_UNSAFE): setData and setACL are NOAUTH, reads work', async () => {
    const client = await zk().client();
    await expectKeeperError(client.setData('/zookeeper/config', utf8('server.1=x')), Code.NOAUTH, '/zookeeper/config');
    await expectKeeperError(client.setACL('/zookeeper/config', OPEN_ACL_UNSAFE), Code.NOAUTH);
    await expectKeeperError(client.create('/zookeeper/config/x', null), Code.NOAUTH);
    expect((await client.getData('/zookeeper/config')).data).toEqual(new Uint8Array(0));
  });

  it('the special paths cannot be deleted (BADARGUMENTS before any ACL); /zookeeper/quota takes children', async () => {
    const client = await zk().client();
    for (const path of ['/zookeeper', '/zookeeper/quota', '/zookeeper/config'])
      await expectKeeperError(client.delete(path), Code.BADARGUMENTS);
    await client.create('/zookeeper/quota/t', null);
    await client.setData('/zookeeper/quota', utf8('q'));
  });
});

describe('a refused write still takes a zxid (ZooKeeper logs an ErrorTxn)', () => {
  it('NOAUTH and INVALIDACL each move the zxid by one, a refused read does not', async () => {
    const client = await zk().client();
    await client.create('/r', null, { acl: without(Perms.READ) });
    const before = zk().server.lastZxid;
    await expectKeeperError(client.setData('/zookeeper/config', null), Code.NOAUTH);
    await expectKeeperError(client.create('/x', null, { acl: [] }), Code.INVALIDACL);
    expect(zk().server.lastZxid).toBe(before + 2);
    await expectKeeperError(client.getData('/r'), Code.NOAUTH);
    expect(zk().server.lastZxid).toBe(before + 2);
    expect((await client.create('/y', null)).stat.czxid).toBe(before + 3);
  });
});

describe('multi', () => {
  it('fails as a whole at its first refused op: OK before it, NOAUTH at it, RUNTIMEINCONSISTENCY after, nothing applied, one zxid', async () => {
    const client = await zk().client();
    await client.create('/w', null, { acl: without(Perms.WRITE) });
    const before = zk().server.lastZxid;
    const e = await expectKeeperError(
      client.multi([
        { type: 'create', path: '/m1', data: null },
        { type: 'setData', path: '/w', data: utf8('x') },
        { type: 'create', path: '/m2', data: null },
      ]),
      Code.NOAUTH,
    );
    expect((e as MultiException).results).toEqual([
      { type: 'error', err: Code.OK },
      { type: 'error', err: Code.NOAUTH },
      { type: 'error', err: Code.RUNTIMEINCONSISTENCY },
    ]);
    expect(await client.exists('/m1')).toBeNull();
    expect(zk().server.lastZxid).toBe(before + 1);
  });

  it('checks each op against the tree as the ops before it left it (a create under a node the multi just made)', async () => {
    const client = await zk().client();
    const e = await expectKeeperError(
      client.multi([
        { type: 'create', path: '/q', data: null, acl: without(Perms.CREATE) },
        { type: 'create', path: '/q/c', data: null },
      ]),
      Code.NOAUTH,
    );
    expect((e as MultiException).results.map((r) => r.type === 'error' && r.err)).toEqual([Code.OK, Code.NOAUTH]);
  });
});
