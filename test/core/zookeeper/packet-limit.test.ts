import { describe, expect, it } from 'vitest';
import type { Acl, ZkServerEvent } from '../../../src-main/core/zookeeper';
import { Code, CreateMode, KeeperState, Perms } from '../../../src-main/core/zookeeper';
import { utf8 } from '../../support/zk-fixture';
import { EventLog, bytes, expectKeeperError, useZkFixture } from './zk-test-helpers';

/**
 * jute.maxbuffer limits the request packet, not the data (NIOServerCnxn.readLength): a longer one
 * makes the server close the connection, which the Java client sees as CONNECTIONLOSS; it then
 * connects again to the same session. Boundaries as measured on ZooKeeper 3.8.0 with the Java
 * client and kazoo.
 */
const zk = useZkFixture();

const PATH_12 = '/abcdefghijk';
const PATH_14 = '/brokers/ids/1';

/** Lets the client's reconnect (1 s later on the manual clock) and its SetWatches go through. */
async function reconnectDelay(): Promise<void> {
  await zk().advance(1000);
  for (let i = 0; i < 10; i++) {
    await zk().idle();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function closedConnections(events: ZkServerEvent[]): string[] {
  return events.flatMap((e) => (e.kind === 'connection-closed' ? [e.message] : []));
}

describe('the request packet limit on create', () => {
  it('accepts 1,048,516 bytes on a 12-character path with OPEN_ACL_UNSAFE and refuses 1,048,517', async () => {
    const client = await zk().client();
    const { stat } = await client.create(PATH_12, bytes(1_048_516));
    expect(stat.dataLength).toBe(1_048_516);
    await client.delete(PATH_12);
    await expectKeeperError(client.create(PATH_12, bytes(1_048_517)), Code.CONNECTIONLOSS, PATH_12);
    await reconnectDelay();
    expect(await client.exists(PATH_12)).toBeNull();
  });

  it('moves with the path: 1,048,514 / 1,048,515 bytes on a 14-character path', async () => {
    const client = await zk().client();
    await client.create('/brokers', null);
    await client.create('/brokers/ids', null);
    await client.create(PATH_14, bytes(1_048_514));
    await expectKeeperError(client.create('/brokers/ids/2', bytes(1_048_515)), Code.CONNECTIONLOSS);
  });

  it('moves with the ACL list: each further entry takes its serialized length off the data', async () => {
    const acl: Acl[] = [
      { perms: Perms.READ, scheme: 'world', id: 'anyone' },
      { perms: Perms.ALL, scheme: 'ip', id: '127.0.0.1' },
    ];
    // The ip entry: perms 4 + "ip" 4+2 + "127.0.0.1" 4+9 = 23 bytes.
    const client = await zk().client();
    await client.create(PATH_12, bytes(1_048_516 - 23), { acl });
    await client.delete(PATH_12);
    await expectKeeperError(client.create(PATH_12, bytes(1_048_516 - 22), { acl }), Code.CONNECTIONLOSS);
  });
});

describe('the request packet limit on setData and multi', () => {
  it('accepts 1,048,543 bytes of setData on a 12-character path and refuses 1,048,544', async () => {
    const client = await zk().client();
    await client.create(PATH_12, utf8('small'));
    expect((await client.setData(PATH_12, bytes(1_048_543))).dataLength).toBe(1_048_543);
    await expectKeeperError(client.setData(PATH_12, bytes(1_048_544)), Code.CONNECTIONLOSS);
    await reconnectDelay();
    // The refused write changed nothing.
    const stat = await client.exists(PATH_12);
    expect([stat!.version, stat!.dataLength]).toEqual([1, 1_048_543]);
  });

  it('counts every op of a multi: a large op that fits alone does not fit with the multi headers', async () => {
    const client = await zk().client();
    const before = zk().server.lastZxid;
    // Alone as a create, 1,048,516 bytes fit; in a multi, the 2 MultiHeaders (18 bytes) do not.
    await expectKeeperError(client.multi([{ type: 'create', path: PATH_12, data: bytes(1_048_516) }]), Code.CONNECTIONLOSS);
    await reconnectDelay();
    await client.multi([{ type: 'create', path: PATH_12, data: bytes(1_048_516 - 18) }]);
    expect(zk().server.lastZxid).toBe(before + 1);
  });
});

describe('what a refused packet does to the connection and the session', () => {
  it('fails every request in flight with CONNECTIONLOSS, keeps the session and its ephemerals, and reconnects with the watches', async () => {
    const events: ZkServerEvent[] = [];
    zk().server.subscribe((e) => events.push(e));
    const log = new EventLog();
    const client = await zk().client({ watcher: log.watcher, name: 'broker-1' });
    const other = await zk().client();
    await client.create('/eph', null, { mode: CreateMode.EPHEMERAL });
    await client.create('/watched', null);
    await client.exists('/watched', true);
    const sessionId = client.sessionId;

    const inFlight = client.getData('/eph');
    const tooBig = client.create(PATH_12, bytes(1_048_517));
    await expectKeeperError(tooBig, Code.CONNECTIONLOSS);
    await expectKeeperError(inFlight, Code.CONNECTIONLOSS);
    expect(client.state).toBe('DISCONNECTED');
    expect(log.states).toEqual([KeeperState.Disconnected]);
    // Calls made before the client is connected again fail the same way.
    await expectKeeperError(client.exists('/'), Code.CONNECTIONLOSS);
    expect(closedConnections(events)).toEqual([
      `Close of session 0x${sessionId.toString(16)} java.io.IOException: Len error. A message from /127.0.0.1 with advertised length of 1048576 ` +
        'is either a malformed message or too large to process (length is greater than jute.maxbuffer=1048575)',
    ]);

    // A change while disconnected is reported by SetWatches once the client is back.
    await other.setData('/watched', utf8('changed'));
    await reconnectDelay();
    expect(client.state).toBe('CONNECTED');
    expect(client.sessionId).toBe(sessionId);
    expect(log.states).toEqual([KeeperState.Disconnected, KeeperState.SyncConnected]);
    expect(log.seen).toEqual(['NodeDataChanged /watched']);
    expect(zk().server.sessionIds()).toContain(sessionId);
    expect((await other.exists('/eph'))!.ephemeralOwner).toBe(sessionId);
    expect(await client.exists(PATH_12)).toBeNull();
  });

  it('does not expire the session when the refused request is retried for longer than its timeout', async () => {
    const client = await zk().client({ sessionTimeoutMs: 6000 });
    await client.create('/eph', null, { mode: CreateMode.EPHEMERAL });
    for (let attempt = 0; attempt < 10; attempt++) {
      await expectKeeperError(client.create(PATH_12, bytes(2_000_000)), Code.CONNECTIONLOSS);
      await reconnectDelay();
    }
    expect(client.state).toBe('CONNECTED');
    expect(await client.getEphemerals()).toEqual(['/eph']);
  });
});

describe("the Java client's limit on response packets (ClientCnxnSocket.readLength)", () => {
  it('reads back 1,048,487 bytes of data, and loses the connection on 1,048,488 (reply header 16 + 4 + data + Stat 68)', async () => {
    const client = await zk().client();
    await client.create('/fits', bytes(1_048_487));
    await client.create('/too-long', bytes(1_048_488));
    expect((await client.getData('/fits')).data).toHaveLength(1_048_487);
    await expectKeeperError(client.getData('/too-long'), Code.CONNECTIONLOSS);
    await reconnectDelay();
    expect(client.state).toBe('CONNECTED');
    // The node is fine; only this client cannot take a reply that long.
    expect((await client.exists('/too-long'))!.dataLength).toBe(1_048_488);
    const roomier = await zk().client({ juteMaxBufferBytes: 4 * 1024 * 1024 });
    expect((await roomier.getData('/too-long')).data).toHaveLength(1_048_488);
  });
});

describe('a server that is shut down', () => {
  it('is a lost connection too: the request fails with CONNECTIONLOSS and the client is disconnected', async () => {
    const log = new EventLog();
    const client = await zk().client({ watcher: log.watcher });
    zk().server.close();
    await expectKeeperError(client.exists('/'), Code.CONNECTIONLOSS);
    expect(client.state).toBe('DISCONNECTED');
    expect(log.states).toEqual([KeeperState.Disconnected]);
    // Reconnecting finds no server; the client stays disconnected.
    zk().time.advance(1000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(client.state).toBe('DISCONNECTED');
  });
});
