/**
 * The differences the differential test (differential.test.ts) found between Debian's ZooKeeper
 * 3.8.0 and Kafka Dojo's listener, one test each, so that each stays fixed without the real server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, digestId } from '../../../src-main/core/zookeeper';
import { ZooKeeperWireClient } from '../../../src-main/protocol/zookeeper/client/zookeeper-wire-client';
import type { JuteWriter } from '../../../src-main/protocol/zookeeper/jute/jute-writer';
import { ZkOpCode } from '../../../src-main/protocol/zookeeper/op-codes';
import { ZooKeeperListener } from '../../../src-main/protocol/zookeeper/zookeeper-listener';
import { ClusterHarness } from '../../support/cluster-harness';

const openAcl = (w: JuteWriter) => w.vector([1], () => w.int(31).ustring('world').ustring('anyone'));
const create = (c: ZooKeeperWireClient, path: string, flags = 0) =>
  c.request(ZkOpCode.create, (w) => openAcl(w.ustring(path).buffer(null)).int(flags));

describe('ZooKeeper 3.8 behaviours the differential test found', () => {
  let h: ClusterHarness;
  let listener: ZooKeeperListener;
  let c: ZooKeeperWireClient;
  let other: ZooKeeperWireClient;
  beforeAll(async () => {
    h = await ClusterHarness.create({ brokers: 0 });
    listener = await ZooKeeperListener.bind(h.zkServer, 0);
    c = await ZooKeeperWireClient.connect('127.0.0.1', listener.port);
    other = await ZooKeeperWireClient.connect('127.0.0.1', listener.port);
  });
  afterAll(async () => {
    c?.close();
    other?.close();
    await listener?.close();
    await h?.close();
  });

  it('reads look a malformed path up as it is (NONODE), as FinalRequestProcessor does; only exists refuses a NUL', async () => {
    expect((await c.request(ZkOpCode.getACL, (w) => w.ustring('/a/./b'))).err).toBe(Code.NONODE);
    expect((await c.request(ZkOpCode.getData, (w) => w.ustring('noslash').bool(false))).err).toBe(Code.NONODE);
    expect((await c.request(ZkOpCode.getChildren2, (w) => w.ustring('/x/').bool(true))).err).toBe(Code.NONODE);
    expect((await c.request(ZkOpCode.exists, (w) => w.ustring('/x\u0000y').bool(false))).err).toBe(Code.BADARGUMENTS);
    const sync = await c.request(ZkOpCode.sync, (w) => w.ustring('bad//path'));
    expect([sync.err, sync.body.ustring('path')]).toEqual([0, 'bad//path']);
    expect((await c.request(ZkOpCode.removeWatches, (w) => w.ustring('x/').int(3))).err).toBe(Code.NOWATCHER);
  });

  it('writes still validate the path (setData BADARGUMENTS) but delete only checks its parent (NONODE)', async () => {
    expect((await c.request(ZkOpCode.setData, (w) => w.ustring('/r1/./a').buffer(null).int(-1))).err).toBe(Code.BADARGUMENTS);
    expect((await create(c, '/r1')).err).toBe(0);
    expect((await c.request(ZkOpCode.delete, (w) => w.ustring('/r1/a/..').int(-1))).err).toBe(Code.NONODE);
    expect((await c.request(ZkOpCode.delete, (w) => w.ustring('/r1//a').int(-1))).err).toBe(Code.NONODE);
  });

  it('the root is also found under "" (DataTree keeps it under both keys)', async () => {
    const r = await c.request(ZkOpCode.getACL, (w) => w.ustring(''));
    expect(r.err).toBe(0);
    expect(r.body.vector('acl', 12, () => [r.body.int('perms'), r.body.ustring('scheme'), r.body.ustring('id')])).toEqual([
      [31, 'world', 'anyone'],
    ]);
  });

  it('getAllChildrenNumber of "" counts one more than of "/" (the keys starting with "/", the root\'s own included)', async () => {
    const all = await c.request(ZkOpCode.getAllChildrenNumber, (w) => w.ustring('/'));
    const blank = await c.request(ZkOpCode.getAllChildrenNumber, (w) => w.ustring(''));
    const [n, m] = [all.body.int('n'), blank.body.int('n')];
    expect(n).toBeGreaterThan(2);
    expect(m).toBe(n + 1);
  });

  it('removeWatches of one type takes a persistent watch out of that table only; a later one-shot watch replaces it', async () => {
    expect((await create(c, '/r6')).err).toBe(0);
    const events: string[] = [];
    const w = await ZooKeeperWireClient.connect('127.0.0.1', listener.port, { onNotification: (e) => events.push(`${e.type} ${e.path}`) });
    expect((await w.request(ZkOpCode.addWatch, (x) => x.ustring('/r6').int(0))).err).toBe(0);
    expect((await w.request(ZkOpCode.removeWatches, (x) => x.ustring('/r6').int(1))).err).toBe(0);
    expect((await w.request(ZkOpCode.removeWatches, (x) => x.ustring('/r6').int(1))).err).toBe(Code.NOWATCHER);
    expect((await create(c, '/r6/c')).err).toBe(0); // no NodeChildrenChanged: the child table's watch is gone
    expect((await c.request(ZkOpCode.setData, (x) => x.ustring('/r6').buffer(null).int(-1))).err).toBe(0);
    expect((await w.request(ZkOpCode.sync, (x) => x.ustring('/'))).err).toBe(0);
    expect(events).toEqual(['3 /r6']);
    w.close();
  });

  it('addWatch with an unknown mode is MARSHALLINGERROR (WatcherMode.fromZooKeeperMode throws)', async () => {
    expect((await c.request(ZkOpCode.addWatch, (w) => w.ustring('/r1').int(7))).err).toBe(Code.MARSHALLINGERROR);
  });

  it("checkWatches answers OK for another session's watch on the path, as 3.8's containsWatcher does", async () => {
    expect((await c.request(ZkOpCode.checkWatches, (w) => w.ustring('/r2').int(3))).err).toBe(Code.NOWATCHER);
    expect((await other.request(ZkOpCode.addWatch, (w) => w.ustring('/r2').int(0))).err).toBe(0);
    expect((await c.request(ZkOpCode.checkWatches, (w) => w.ustring('/r2').int(1))).err).toBe(0);
    expect((await c.request(ZkOpCode.checkWatches, (w) => w.ustring('/r2').int(2))).err).toBe(0);
    // A recursive watch is in the child table too (DataTree.addWatch adds it to both).
    expect((await c.request(ZkOpCode.addWatch, (w) => w.ustring('/r2b').int(1))).err).toBe(0);
    expect((await c.request(ZkOpCode.checkWatches, (w) => w.ustring('/r2b').int(1))).err).toBe(0);
  });

  it('a container created in a multi is answered as a create2 result (OpResult.CreateResult with a Stat)', async () => {
    const r = await c.request(ZkOpCode.multi, (w) => {
      openAcl(w.int(ZkOpCode.create).bool(false).int(-1).ustring('/r3').buffer(null)).int(4);
      w.int(-1).bool(true).int(-1);
    });
    expect([r.err, r.body.int('type'), r.body.bool('done'), r.body.int('err'), r.body.ustring('path')]).toEqual([
      0,
      ZkOpCode.create2,
      false,
      0,
      '/r3',
    ]);
  });

  it("getChildren answers in DataNode's HashSet order, not sorted", async () => {
    expect((await create(c, '/r4')).err).toBe(0);
    for (const name of ['a', 'b', 'c', 'h', 'i']) expect((await create(c, `/r4/${name}`)).err).toBe(0);
    const r = await c.request(ZkOpCode.getChildren, (w) => w.ustring('/r4').bool(false));
    // 8 buckets: h → 0, a and i → 1 (in insertion order), b → 2, c → 3.
    expect(r.body.strings('children')).toEqual(['h', 'a', 'i', 'b', 'c']);
  });

  it('getEphemerals lists all for a prefix that trims to "/", in the HashSet order of a clone', async () => {
    expect((await create(c, '/r5')).err).toBe(0);
    for (const name of ['/r5/b', '/r5/a']) expect((await create(c, name, 1)).err).toBe(0);
    for (const prefix of [' /', '/', '']) {
      const r = await c.request(ZkOpCode.getEphemerals, (w) => w.ustring(prefix));
      expect(r.body.strings('ephemerals'), `prefix ${JSON.stringify(prefix)}`).toEqual(['/r5/a', '/r5/b']);
    }
  });

  it('a watch event on a node the watcher may not READ is not sent, and the one-shot watch is spent (CVE-2024-23944 fix)', async () => {
    const events: string[] = [];
    const w = await ZooKeeperWireClient.connect('127.0.0.1', listener.port, { onNotification: (e) => events.push(`${e.type} ${e.path}`) });
    expect((await w.request(ZkOpCode.exists, (x) => x.ustring('/r7').bool(true))).err).toBe(Code.NONODE);
    const secret = (x: JuteWriter) => x.vector([1], () => x.int(31).ustring('digest').ustring('u1:AAAAAAAAAAAAAAAAAAAAAAAAAAA='));
    expect((await c.request(ZkOpCode.create, (x) => secret(x.ustring('/r7').buffer(null)).int(0))).err).toBe(0);
    expect((await c.request(ZkOpCode.create, (x) => openAcl(x.ustring('/r7b').buffer(null)).int(0))).err).toBe(0);
    expect((await w.request(ZkOpCode.exists, (x) => x.ustring('/r7b').bool(true))).err).toBe(0);
    expect((await c.request(ZkOpCode.setData, (x) => x.ustring('/r7b').buffer(null).int(-1))).err).toBe(0);
    expect((await w.request(ZkOpCode.sync, (x) => x.ustring('/'))).err).toBe(0);
    expect(events).toEqual(['3 /r7b']);
    w.close();
  });

  it("an ACL id sent as a null string (kazoo's Id('auth', '')) is read: auth expands to the connection's ids, super is INVALIDACL", async () => {
    const nullId = (scheme: string) => (w: JuteWriter) => w.vector([1], () => w.int(31).ustring(scheme).ustring(null));
    const authed = await ZooKeeperWireClient.connect('127.0.0.1', listener.port);
    expect((await authed.request(ZkOpCode.auth, (w) => w.int(0).ustring('digest').buffer(Buffer.from('u1:p1')), -4)).err).toBe(0);
    expect((await authed.request(ZkOpCode.create, (w) => nullId('auth')(w.ustring('/r9').buffer(null)).int(0))).err).toBe(0);
    const acl = await authed.request(ZkOpCode.getACL, (w) => w.ustring('/r9'));
    expect(acl.body.vector('acl', 12, () => [acl.body.int('perms'), acl.body.ustring('scheme'), acl.body.ustring('id')])).toEqual([
      [31, 'digest', digestId('u1:p1')],
    ]);
    expect((await c.request(ZkOpCode.create, (w) => nullId('auth')(w.ustring('/r9b').buffer(null)).int(0))).err).toBe(Code.INVALIDACL);
    expect((await c.request(ZkOpCode.create, (w) => nullId('super')(w.ustring('/r9c').buffer(null)).int(0))).err).toBe(Code.INVALIDACL);
    authed.close();
  });
});
