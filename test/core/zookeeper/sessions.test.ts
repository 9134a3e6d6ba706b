import { describe, expect, it } from 'vitest';
import type { ZooKeeperClient } from '../../../src-main/core/zookeeper';
import { AddWatchMode, Code, CreateMode, KeeperState, ZooKeeperClient as Client } from '../../../src-main/core/zookeeper';
import { utf8 } from '../../support/zk-fixture';
import { EventLog, expectKeeperError, useZkFixture } from './zk-test-helpers';

const zk = useZkFixture();

const TICK = 2000; // the default tickTime

async function ephemeralOf(owner: ZooKeeperClient, path: string): Promise<void> {
  await owner.create(path, utf8(owner.sessionIdHex), { mode: CreateMode.EPHEMERAL });
}

async function isThere(path: string): Promise<boolean> {
  // A fresh reader each time, so the answer never depends on the reader session being alive.
  const reader = await zk().client();
  const stat = await reader.exists(path);
  await reader.close();
  return stat !== null;
}

describe('session timeout negotiation', () => {
  it.each([
    [1, 4000],
    [3999, 4000],
    [4000, 4000],
    [18000, 18000],
    [40000, 40000],
    [40001, 40000],
    [600_000, 40000],
  ])('clamps a requested %i ms to %i ms (2 and 20 ticks of 2000 ms)', async (requested, negotiated) => {
    const client = await zk().client({ sessionTimeoutMs: requested });
    expect(client.negotiatedSessionTimeoutMs).toBe(negotiated);
  });
});

describe('session identity', () => {
  it('gives every session a distinct id and a 16-byte password', async () => {
    const clients = await Promise.all(Array.from({ length: 20 }, () => zk().client()));
    expect(new Set(clients.map((c) => c.sessionId)).size).toBe(20);
    for (const c of clients) {
      expect(c.sessionPassword).toBeInstanceOf(Uint8Array);
      expect(c.sessionPassword).toHaveLength(16);
    }
    expect(Buffer.from(clients[0].sessionPassword).equals(Buffer.from(clients[1].sessionPassword))).toBe(false);
  });
});

describe('a connected session', () => {
  it('is kept alive by its pings across a long advance of the clock', async () => {
    const client = await zk().client({ sessionTimeoutMs: 4000 });
    await ephemeralOf(client, '/alive');
    await zk().advance(10 * 60_000);
    for (let i = 0; i < 50; i++) await zk().advance(1999);
    expect(zk().server.sessionIds()).toContain(client.sessionId);
    expect(client.state).toBe('CONNECTED');
    expect(await client.exists('/alive')).not.toBeNull();
  });
});

describe('a disconnected session', () => {
  it('expires after its timeout, not before: its ephemerals stay until then', async () => {
    const owner = await zk().client({ sessionTimeoutMs: 6000 });
    await ephemeralOf(owner, '/e');
    owner.disconnect(); // the last time the server heard from it is now

    await zk().advance(6000 - 1);
    expect(await isThere('/e')).toBe(true);
    await zk().advance(1);
    expect(await isThere('/e')).toBe(true);
    expect(zk().server.sessionIds()).toContain(owner.sessionId);

    await zk().advance(TICK);
    expect(await isThere('/e')).toBe(false);
    expect(zk().server.sessionIds()).not.toContain(owner.sessionId);
  });

  it('on expiry deletes all its ephemerals in one transaction and tells their watchers and their parents watchers', async () => {
    const log = new EventLog();
    const observer = await zk().client({ watcher: log.watcher });
    const owner = await zk().client({ sessionTimeoutMs: 4000 });
    await observer.create('/brokers', null);
    await observer.create('/brokers/ids', null);
    await ephemeralOf(owner, '/brokers/ids/1');
    await ephemeralOf(owner, '/controller');
    await observer.exists('/brokers/ids/1', true);
    await observer.getChildren('/brokers/ids', true);
    await observer.getData('/controller', true);
    const zxidBefore = zk().server.lastZxid;

    owner.disconnect();
    await zk().advance(4000 + TICK);

    expect(log.seen.sort()).toEqual(['NodeChildrenChanged /brokers/ids', 'NodeDeleted /brokers/ids/1', 'NodeDeleted /controller']);
    expect(log.events.indexOf(log.events.find((e) => e.path === '/brokers/ids/1')!)).toBeLessThan(
      log.events.indexOf(log.events.find((e) => e.path === '/brokers/ids')!),
    );
    const closeZxid = zxidBefore + 1;
    expect(zk().server.lastZxid).toBe(closeZxid);
    expect(new Set(log.events.map((e) => e.zxid))).toEqual(new Set([closeZxid]));
    expect((await observer.exists('/brokers/ids'))!.pzxid).toBe(closeZxid);
    expect((await observer.exists('/'))!.pzxid).toBe(closeZxid);
  });

  it('can reconnect before expiry and keeps its ephemerals and its session timer restarts', async () => {
    const owner = await zk().client({ sessionTimeoutMs: 4000 });
    await ephemeralOf(owner, '/kept');
    owner.disconnect();
    await zk().advance(3000);

    await owner.reconnect();
    expect(owner.state).toBe('CONNECTED');
    expect((await owner.exists('/kept'))!.ephemeralOwner).toBe(owner.sessionId);
    await zk().advance(60_000);
    expect(await isThere('/kept')).toBe(true);
    expect(await owner.getEphemerals()).toEqual(['/kept']);
  });

  it('re-arms its watches on reconnect and hears of what changed meanwhile', async () => {
    const log = new EventLog();
    const owner = await zk().client({ sessionTimeoutMs: 10_000, watcher: log.watcher });
    const writer = await zk().client();
    await writer.create('/changed', null);
    await writer.create('/unchanged', null);
    await owner.getData('/changed', true);
    await owner.getData('/unchanged', true);
    await owner.exists('/appeared', true);

    owner.disconnect();
    await writer.setData('/changed', utf8('x'));
    await writer.create('/appeared', null);
    await zk().idle();
    expect(log.seen).toEqual([]);

    await owner.reconnect();
    await zk().idle();
    expect(log.seen.sort()).toEqual(['NodeCreated /appeared', 'NodeDataChanged /changed']);
    await writer.setData('/unchanged', utf8('x'));
    await zk().idle();
    expect(log.seen).toContain('NodeDataChanged /unchanged');
  });

  it('cannot reconnect after expiry: SESSIONEXPIRED, state EXPIRED, and every later call fails with -112', async () => {
    const log = new EventLog();
    const owner = await zk().client({ sessionTimeoutMs: 4000, watcher: log.watcher });
    await ephemeralOf(owner, '/gone');
    owner.disconnect();
    await zk().advance(4000 + TICK);

    await expectKeeperError(owner.reconnect(), Code.SESSIONEXPIRED);
    expect(owner.state).toBe('EXPIRED');
    expect(log.states).toContain(KeeperState.Expired);
    const e = await expectKeeperError(owner.getData('/gone'), Code.SESSIONEXPIRED);
    expect(e.code).toBe(-112);
    await expectKeeperError(owner.create('/new', null), Code.SESSIONEXPIRED);
    expect(await isThere('/new')).toBe(false);
  });
});

describe('close()', () => {
  it('removes the session ephemerals and watches at once and tells the ephemerals watchers', async () => {
    const log = new EventLog();
    const observer = await zk().client({ watcher: log.watcher });
    const owner = await zk().client({ watcher: () => {} });
    await ephemeralOf(owner, '/e1');
    await ephemeralOf(owner, '/e2');
    await observer.exists('/e1', true);
    const watchesBefore = zk().server.watchCount;
    await owner.getChildren('/', true);
    await owner.addWatch('/e2', AddWatchMode.PERSISTENT);
    expect(zk().server.watchCount).toBeGreaterThan(watchesBefore);
    const zxidBefore = zk().server.lastZxid;

    await owner.close();
    expect(owner.state).toBe('CLOSED');
    expect(zk().server.sessionIds()).not.toContain(owner.sessionId);
    // The observer's one-shot watch on /e1 fired; the owner's watches went with its session.
    expect(zk().server.watchCount).toBe(watchesBefore - 1);
    expect(zk().server.watchesOf(owner.sessionId)).toEqual({ data: [], child: [], persistent: [], recursive: [] });
    expect(zk().server.lastZxid).toBe(zxidBefore + 1);
    expect(await observer.exists('/e1')).toBeNull();
    expect(await observer.exists('/e2')).toBeNull();
    await zk().idle();
    expect(log.seen).toEqual(['NodeDeleted /e1']);
  });

  it('leaves a client whose calls fail with SESSIONEXPIRED, as a closed Java client does', async () => {
    const client = await zk().client();
    await client.close();
    await expectKeeperError(client.exists('/'), Code.SESSIONEXPIRED);
  });
});

describe('sessions across a restart of the store', () => {
  it('can be resumed with id and password after reopen, keeping their ephemerals', async () => {
    const owner = await zk().client({ sessionTimeoutMs: 4000 });
    await ephemeralOf(owner, '/brokers-1');
    const { sessionId, sessionPassword } = owner;
    owner.disconnect();

    const server = zk().reopen();
    expect(server.sessionIds()).toContain(sessionId);
    const resumed = await Client.resume(server, zk().time, sessionId, sessionPassword);
    expect(resumed.sessionId).toBe(sessionId);
    expect(resumed.negotiatedSessionTimeoutMs).toBe(4000);
    expect((await resumed.exists('/brokers-1'))!.ephemeralOwner).toBe(sessionId);
    expect(await resumed.getEphemerals()).toEqual(['/brokers-1']);

    await zk().advance(60_000);
    expect(await isThere('/brokers-1')).toBe(true);
    await resumed.close();
    expect(await isThere('/brokers-1')).toBe(false);
  });

  it('expire one timeout after the reopen when nobody resumes them', async () => {
    const owner = await zk().client({ sessionTimeoutMs: 6000 });
    await ephemeralOf(owner, '/orphan');
    await zk().advance(30_000); // kept alive by pings until the restart
    owner.disconnect();

    zk().reopen();
    await zk().advance(6000);
    expect(await isThere('/orphan')).toBe(true);
    await zk().advance(TICK);
    expect(await isThere('/orphan')).toBe(false);
    expect(zk().server.sessionIds()).not.toContain(owner.sessionId);
  });

  it('refuse a resume with a wrong password or an unknown id with SESSIONEXPIRED', async () => {
    const owner = await zk().client();
    const { sessionId, sessionPassword } = owner;
    owner.disconnect();
    const server = zk().reopen();

    const wrong = Uint8Array.from(sessionPassword, (b) => b ^ 0xff);
    await expectKeeperError(Client.resume(server, zk().time, sessionId, wrong), Code.SESSIONEXPIRED);
    await expectKeeperError(Client.resume(server, zk().time, sessionId, new Uint8Array(16)), Code.SESSIONEXPIRED);
    await expectKeeperError(Client.resume(server, zk().time, sessionId + 1000n, sessionPassword), Code.SESSIONEXPIRED);
    expect(server.sessionIds()).toContain(sessionId);
  });

  it('give out new session ids that differ from the surviving ones', async () => {
    const survivors = await Promise.all([zk().client(), zk().client(), zk().client()]);
    for (const s of survivors) s.disconnect();
    zk().reopen();
    const fresh = await Promise.all([zk().client(), zk().client(), zk().client()]);
    const ids = [...survivors, ...fresh].map((c) => c.sessionId);
    expect(new Set(ids).size).toBe(6);
  });
});
