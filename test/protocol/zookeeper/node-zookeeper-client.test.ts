/**
 * node-zookeeper-client 1.1.3 (pure JS, a third real client next to kazoo and zkCli) against the
 * emulated ZooKeeper's client port: every operation it offers with ZooKeeper's answers and error
 * codes, digest auth with ACL enforcement, watches fired by the controller's own changes, session
 * expiry on the cluster clock, and a dropped connection resuming its session.
 */
import { createHash } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZooKeeperListener } from '../../../src-main/protocol/zookeeper/zookeeper-listener';
import { ClusterHarness } from '../../support/cluster-harness';
import { NzkClient, nzk, nzkErrorCode, type NzkEvent } from '../../support/node-zookeeper-client';
import { waitFor } from '../../support/wait-for';

const { CreateMode, Exception, Permission } = nzk;

/** A loopback TCP proxy to the listener whose connections a test can cut, as a network failure would. */
async function cuttableProxy(port: number): Promise<{ server: Server; port: number; cut: () => void }> {
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect({ host: '127.0.0.1', port });
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0, cut: () => sockets.forEach((s) => s.destroy()) };
}

describe('node-zookeeper-client against the emulated ZooKeeper', () => {
  let h: ClusterHarness;
  let listener: ZooKeeperListener;
  const clients: NzkClient[] = [];

  const client = async (options: Parameters<typeof NzkClient.connect>[1] = {}, connectString = listener.connectString) => {
    const c = await NzkClient.connect(connectString, options);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    h = await ClusterHarness.create({ brokers: 2 });
    listener = await ZooKeeperListener.bind(h.zkServer, 0);
  }, 60_000);
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  afterAll(async () => {
    await listener?.close();
    await h?.close();
  });

  it('creates in every mode it has, with ZooKeeper’s errors', async () => {
    const c = await client();
    expect(await c.create('/nzk', Buffer.from('root'))).toBe('/nzk');
    expect(await c.create('/nzk/seq-', null, CreateMode.PERSISTENT_SEQUENTIAL)).toBe('/nzk/seq-0000000000');
    expect(await c.create('/nzk/seq-', null, CreateMode.PERSISTENT_SEQUENTIAL)).toBe('/nzk/seq-0000000001');
    expect(await c.create('/nzk/eph', null, CreateMode.EPHEMERAL)).toBe('/nzk/eph');
    expect(await c.create('/nzk/eseq-', null, CreateMode.EPHEMERAL_SEQUENTIAL)).toBe('/nzk/eseq-0000000003');
    expect(await nzkErrorCode(c.create('/nzk', null))).toBe(Exception.NODE_EXISTS);
    expect(await nzkErrorCode(c.create('/nowhere/child', null))).toBe(Exception.NO_NODE);
    expect(await nzkErrorCode(c.create('/nzk/eph/child', null))).toBe(Exception.NO_CHILDREN_FOR_EPHEMERALS);
    const ephemeralOwner = (await c.exists('/nzk/eph'))!.ephemeralOwner;
    expect(ephemeralOwner.equals(c.raw.getSessionId())).toBe(true);
    expect((await c.exists('/nzk'))!.ephemeralOwner.equals(Buffer.alloc(8))).toBe(true);

    c.close();
    const other = await client();
    await waitFor('the ephemerals to go with the closed session', async () => (await other.getChildren('/nzk')).length === 2);
    expect((await other.getChildren('/nzk')).sort()).toEqual(['seq-0000000000', 'seq-0000000001']);
  });

  it('gets, sets, checks existence, lists children and removes, with versions', async () => {
    const c = await client();
    await c.create('/rw', Buffer.from('one'));
    const { data, stat } = await c.getData('/rw');
    expect([data?.toString(), stat.version, stat.dataLength]).toEqual(['one', 0, 3]);
    expect((await c.setData('/rw', Buffer.from('two'), 0)).version).toBe(1);
    expect(await nzkErrorCode(c.setData('/rw', Buffer.from('x'), 0))).toBe(Exception.BAD_VERSION);
    expect(await nzkErrorCode(c.getData('/rw/missing'))).toBe(Exception.NO_NODE);
    expect(await c.exists('/rw/missing')).toBeNull();
    await c.create('/rw/a');
    await c.create('/rw/b');
    expect((await c.getChildren('/rw')).sort()).toEqual(['a', 'b']);
    expect(await nzkErrorCode(c.remove('/rw'))).toBe(Exception.NOT_EMPTY);
    expect(await nzkErrorCode(c.remove('/rw/a', 3))).toBe(Exception.BAD_VERSION);
    await c.remove('/rw/a', 0);
    await c.remove('/rw/b');
    await c.remove('/rw');
    expect(await c.exists('/rw')).toBeNull();
  });

  it('fires data, existence and child watches once each, to the session that set them', async () => {
    const watcher = await client();
    const writer = await client();
    await writer.create('/w');
    const events: string[] = [];
    const record = (kind: string) => (e: NzkEvent) => events.push(`${kind} ${e.getName()} ${e.getPath()}`);
    await watcher.getData('/w', record('data'));
    await watcher.exists('/w/new', record('exists'));
    await watcher.getChildren('/w', record('child'));
    await writer.create('/w/new');
    await writer.setData('/w', Buffer.from('1'));
    await writer.setData('/w', Buffer.from('2'));
    await waitFor('three watch events', async () => events.length >= 3);
    await watcher.exists('/w'); // a later round trip: any further (wrong) event would have come before its reply
    expect(events.sort()).toEqual(['child NODE_CHILDREN_CHANGED /w', 'data NODE_DATA_CHANGED /w', 'exists NODE_CREATED /w/new']);
  });

  it('reads and sets ACLs; digest auth grants what the ACL names and nothing more', async () => {
    const alice = await client();
    alice.raw.addAuthInfo('digest', Buffer.from('alice:secret'));
    const digest = createHash('sha1').update('alice:secret').digest('base64');
    const aliceOnly = [
      new nzk.ACL(Permission.ALL, new nzk.Id('digest', `alice:${digest}`)),
      new nzk.ACL(Permission.READ, new nzk.Id('world', 'anyone')),
    ];
    await alice.create('/acl', Buffer.from('private'), CreateMode.PERSISTENT, aliceOnly);
    const stranger = await client();
    expect(await nzkErrorCode(stranger.setData('/acl', Buffer.from('mine')))).toBe(Exception.NO_AUTH);
    expect((await stranger.getData('/acl')).data?.toString()).toBe('private');
    expect((await alice.setData('/acl', Buffer.from('still mine'))).version).toBe(1);
    const acls = async (c: NzkClient) => (await c.getACL('/acl')).map((a) => [a.permission, a.id.scheme, a.id.id]);
    expect(await acls(alice)).toEqual([
      [31, 'digest', `alice:${digest}`],
      [1, 'world', 'anyone'],
    ]);
    // Without ADMIN on the node, ZooKeeper 3.8 hides the digest's hash (user:x).
    expect(await acls(stranger)).toEqual([
      [31, 'digest', 'alice:x'],
      [1, 'world', 'anyone'],
    ]);
    const closed = [new nzk.ACL(Permission.ALL, new nzk.Id('digest', `alice:${digest}`))];
    expect(await nzkErrorCode(stranger.setACL('/acl', closed))).toBe(Exception.NO_AUTH);
    expect((await alice.setACL('/acl', closed, 0)).aversion).toBe(1);
    expect(await nzkErrorCode(stranger.getData('/acl'))).toBe(Exception.NO_AUTH);
    expect(await nzkErrorCode(alice.setACL('/acl', closed, 0))).toBe(Exception.BAD_VERSION);
  });

  it('commits a transaction atomically, and applies nothing of one that fails', async () => {
    const c = await client();
    await c.create('/tx', Buffer.from('0'));
    const results = await c.multi((t) =>
      t.create('/tx/a', Buffer.from('a')).setData('/tx', Buffer.from('1'), 0).check('/tx', 1).remove('/tx/a', 0),
    );
    expect(results.map((r) => r.type)).toEqual([1, 5, 13, 2]);
    expect((await c.getData('/tx')).stat.version).toBe(1);
    expect(await nzkErrorCode(c.multi((t) => t.create('/tx/b').check('/tx', 7)))).toBe(Exception.BAD_VERSION);
    expect(await c.exists('/tx/b')).toBeNull();
  });

  it('sees a killed broker leave /brokers/ids through a child watch when the controller’s cluster drops its session', async () => {
    // The client’s own session (40 s, the most 20 × tickTime allows) outlives the 18 s broker timeout.
    const c = await client({ sessionTimeoutMs: 40_000 });
    const fired: string[] = [];
    expect((await c.getChildren('/brokers/ids', (e) => fired.push(`${e.getName()} ${e.getPath()}`))).sort()).toEqual(['0', '1']);
    h.cluster.killBroker(1);
    for (let ms = 0; ms < 21_000 && fired.length === 0; ms += 1000) await h.advance(1000);
    await waitFor('the child watch', async () => fired.length > 0);
    expect(fired).toEqual(['NODE_CHILDREN_CHANGED /brokers/ids']);
    expect(await c.getChildren('/brokers/ids')).toEqual(['0']);
    await h.cluster.startBroker(1);
    await h.settle();
  }, 60_000);

  it('reports the session expired once the cluster clock passes its timeout', async () => {
    const c = await client({ sessionTimeoutMs: 4000 });
    expect(c.raw.getSessionTimeout()).toBe(4000);
    const sessionId = c.raw.getSessionId().readBigUInt64BE();
    const expired = new Promise<void>((resolve) => c.raw.once('expired', resolve));
    await c.create('/expiring', null, CreateMode.EPHEMERAL);
    await h.advance(8000);
    await expired;
    expect(h.zkServer.sessionIds()).not.toContain(sessionId);
    const other = await client();
    expect(await other.exists('/expiring')).toBeNull();
  });

  it('resumes its session over a new connection after the old one dropped, keeping its ephemerals and watches', async () => {
    const proxy = await cuttableProxy(listener.port);
    try {
      const c = await client({ sessionTimeoutMs: 20_000 }, `127.0.0.1:${proxy.port}`);
      const sessionId = Buffer.from(c.raw.getSessionId());
      await c.create('/resumed', null, CreateMode.EPHEMERAL);
      const fired: string[] = [];
      await c.getData('/resumed', (e) => fired.push(e.getName()));
      const states: string[] = [];
      c.raw.on('state', (s) => states.push(s.name));
      proxy.cut();
      await waitFor('the client to reconnect', async () => states.includes('SYNC_CONNECTED'));
      expect(states[0]).toBe('DISCONNECTED');
      expect(c.raw.getSessionId().equals(sessionId)).toBe(true);
      expect(await c.exists('/resumed')).not.toBeNull();
      const writer = await client();
      await writer.setData('/resumed', Buffer.from('changed'));
      await waitFor('the re-armed watch', async () => fired.length > 0);
      expect(fired).toEqual(['NODE_DATA_CHANGED']);
    } finally {
      for (const c of clients.splice(0)) c.close();
      proxy.cut();
      await new Promise((resolve) => proxy.server.close(resolve));
    }
  });
});
