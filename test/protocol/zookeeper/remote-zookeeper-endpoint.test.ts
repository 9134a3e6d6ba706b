/**
 * The core's `ZooKeeperClient` over a socket (`RemoteZooKeeperEndpoint`) against the emulated
 * ZooKeeper's client port: replies in the core's shapes (exists' null, a multi's results and its
 * failure), watch notifications, the chroot of the connect string, a lost connection (Disconnected,
 * CONNECTIONLOSS, then the same session again), and a session that expired meanwhile (SESSIONEXPIRED, state EXPIRED).
 * Also ZooKeeper 3.5's ConnectStringParser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, CreateMode, KeeperException, MultiException, ZooKeeperClient, type WatchedEvent } from '../../../src-main/core/zookeeper';
import { SystemTime } from '../../../src-main/infra/system-time';
import { RemoteZooKeeperEndpoint } from '../../../src-main/protocol/zookeeper/client/remote-zookeeper-endpoint';
import { parseZkConnectString } from '../../../src-main/protocol/zookeeper/client/zk-connect-string';
import { ZooKeeperListener } from '../../../src-main/protocol/zookeeper/zookeeper-listener';
import { ClusterHarness } from '../../support/cluster-harness';
import { waitFor } from '../../support/wait-for';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));

describe('ZooKeeperClient over RemoteZooKeeperEndpoint', () => {
  let h: ClusterHarness;
  let listener: ZooKeeperListener;
  const time = new SystemTime();
  const endpoints: RemoteZooKeeperEndpoint[] = [];

  const remote = async (connect: string, events: WatchedEvent[] = []) => {
    const endpoint = new RemoteZooKeeperEndpoint(parseZkConnectString(connect), { time });
    endpoints.push(endpoint);
    const client = await ZooKeeperClient.connect(endpoint, time, { sessionTimeoutMs: 6000, watcher: (e) => events.push(e) });
    return { endpoint, client };
  };

  beforeAll(async () => {
    h = await ClusterHarness.create({ brokers: 0 });
    listener = await ZooKeeperListener.bind(h.zkServer, 0);
  });
  afterAll(async () => {
    for (const e of endpoints) e.close();
    await listener?.close();
    await h?.close();
  });

  it("answers every call in the core's shapes and delivers watches", async () => {
    const events: WatchedEvent[] = [];
    const { client } = await remote(listener.connectString, events);
    expect(client.negotiatedSessionTimeoutMs).toBe(6000);
    const created = await client.create('/r', enc('one'));
    expect([created.path, created.stat.version, created.stat.dataLength]).toEqual(['/r', 0, 3]);
    expect(await client.exists('/r/none')).toBeNull();
    const got = await client.getData('/r', true);
    expect([dec(got.data), got.stat.czxid]).toEqual(['one', created.stat.czxid]);
    const other = await h.session();
    await other.setData('/r', enc('two'));
    await waitFor('the notification', async () => events.some((e) => e.path === '/r'));
    expect(events.find((e) => e.path === '/r')?.type).toBe(3);

    const results = await client.multi([
      { type: 'create', path: '/r/a', data: null },
      { type: 'setData', path: '/r', data: enc('three'), version: 1 },
    ]);
    // Op.create's CreateResponse carries the path only.
    expect(results).toEqual([
      { type: 'create', path: '/r/a', stat: null },
      { type: 'setData', stat: expect.objectContaining({ version: 2 }) },
    ]);
    const failed = await client
      .multi([
        { type: 'delete', path: '/r/a' },
        { type: 'create', path: '/r', data: null },
      ])
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(MultiException);
    expect([(failed as MultiException).code, (failed as MultiException).results]).toEqual([
      Code.NODEEXISTS,
      [
        { type: 'error', err: Code.OK },
        { type: 'error', err: Code.NODEEXISTS },
      ],
    ]);
    expect((await client.getChildren('/r')).children).toEqual(['a']);
    const missing = await client.getData('/nope').catch((e: unknown) => e);
    expect((missing as KeeperException).message).toBe('KeeperErrorCode = NoNode for /nope');
    await client.close();
    expect(client.state).toBe('CLOSED');
  });

  it('works under the chroot of its connect string', async () => {
    const other = await h.session();
    await other.create('/ch', null);
    const events: WatchedEvent[] = [];
    const { client } = await remote(`${listener.connectString}/ch`, events);
    expect((await client.create('/x', enc('v'), { mode: CreateMode.EPHEMERAL })).path).toBe('/x');
    expect(dec((await other.getData('/ch/x')).data)).toBe('v');
    expect((await client.getChildren('/')).children).toEqual(['x']);
    await client.exists('/x', true);
    await other.delete('/ch/x');
    await waitFor('the notification', async () => events.some((e) => e.path === '/x'));
    expect(await client.sync('/')).toBe('/');
    await client.close();
  });

  it('a lost connection fails the call with CONNECTIONLOSS, then the client resumes its session; an expired one ends EXPIRED', async () => {
    const port = listener.port;
    const events: WatchedEvent[] = [];
    const { client } = await remote(listener.connectString, events);
    await client.create('/lost', null, { mode: CreateMode.EPHEMERAL });
    await listener.close();
    // Told by the socket, not by a call: Disconnected at once, as ClientCnxn's SendThread reports it.
    await waitFor('the disconnect', async () => client.state === 'DISCONNECTED');
    expect(events.map((e) => e.state)).toContain(0);
    const lost = await client.getData('/lost').catch((e: unknown) => e);
    expect((lost as KeeperException).code).toBe(Code.CONNECTIONLOSS);
    listener = await ZooKeeperListener.bind(h.zkServer, port);
    expect(listener.port).toBe(port);
    await waitFor('the reconnect', async () => client.state === 'CONNECTED');
    expect((await client.getData('/lost')).stat.ephemeralOwner).toBe(client.sessionId);

    await listener.close();
    await client.exists('/lost').catch(() => undefined);
    await h.advance(20_000);
    listener = await ZooKeeperListener.bind(h.zkServer, port);
    await waitFor('the expiry', async () => client.state === 'EXPIRED');
    expect(await (await h.session()).exists('/lost')).toBeNull();
  }, 30_000);
});

describe('ConnectStringParser', () => {
  it('reads servers, default port and chroot as ZooKeeper 3.5 does, and refuses what it refuses', () => {
    expect(parseZkConnectString('a:1, b ,c:/kafka')).toEqual({
      servers: [
        { host: 'a', port: 1 },
        { host: 'b', port: 2181 },
        { host: 'c', port: 2181 },
      ],
      chroot: '/kafka',
    });
    expect(parseZkConnectString('127.0.0.1:2181/')).toEqual({ servers: [{ host: '127.0.0.1', port: 2181 }], chroot: null });
    expect(() => parseZkConnectString('h:x')).toThrow('For input string: "x"');
    expect(() => parseZkConnectString('h:70000')).toThrow('port out of range:70000');
    expect(() => parseZkConnectString('h:1/a//b')).toThrow('Invalid path string "/a//b" caused by empty node name specified @3');
    expect(() => parseZkConnectString('/kafka')).toThrow('A HostProvider may not be empty!');
  });
});
