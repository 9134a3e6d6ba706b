/**
 * The emulated ZooKeeper's client port spoken to byte by byte (this folder's own wire client and
 * raw sockets): the handshake's rules, the opcodes kazoo and zkCli do not reach, session expiry on
 * the cluster's clock, and bad input — each closes its own connection (or, for a request body that
 * does not parse, is answered MARSHALLINGERROR as ZooKeeper answers it) and changes nothing else.
 */
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code, EventType } from '../../../src-main/core/zookeeper';
import { JuteWriter } from '../../../src-main/protocol/zookeeper/jute/jute-writer';
import { ZkOpCode } from '../../../src-main/protocol/zookeeper/op-codes';
import { ZooKeeperWireClient } from '../../../src-main/protocol/zookeeper/client/zookeeper-wire-client';
import { ZooKeeperListener } from '../../../src-main/protocol/zookeeper/zookeeper-listener';
import { ClusterHarness } from '../../support/cluster-harness';

const HOST = '127.0.0.1';

/** Writes bytes to a fresh connection and collects everything until the server closes it. */
function rawExchange(port: number, bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: HOST, port }, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
  });
}

const path = (p: string) => (w: JuteWriter) => w.ustring(p);

describe('the ZooKeeper client port, byte by byte', () => {
  let h: ClusterHarness;
  let listener: ZooKeeperListener;
  let whitelist = 'srvr';
  const clients: ZooKeeperWireClient[] = [];
  const errors: string[] = [];

  const client = async (options: Parameters<typeof ZooKeeperWireClient.connect>[2] = {}) => {
    const c = await ZooKeeperWireClient.connect(HOST, listener.port, options);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    h = await ClusterHarness.create({ brokers: 0 });
    listener = await ZooKeeperListener.bind(h.zkServer, 0, {
      fourLetterWordWhitelist: () => whitelist,
      onConnectionError: (_a, m) => errors.push(m),
    });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
    whitelist = 'srvr';
  });
  afterAll(async () => {
    await listener?.close();
    await h?.close();
  });

  it('answers srvr in ZooKeeper 3.8’s words, and other words only when whitelisted', async () => {
    const srvr = (await rawExchange(listener.port, Buffer.from('srvr'))).toString();
    expect(srvr).toMatch(
      /^Zookeeper version: 3\.8\.0-.*\nLatency min\/avg\/max: \d+\/[\d.]+\/\d+\nReceived: \d+\nSent: \d+\nConnections: 1\nOutstanding: 0\n/,
    );
    expect(srvr).toContain(`Zxid: 0x${h.zkServer.lastZxid.toString(16)}\nMode: standalone\nNode count: ${h.zkServer.nodeCount}\n`);
    expect((await rawExchange(listener.port, Buffer.from('ruok'))).toString()).toBe(
      'ruok is not executed because it is not in the whitelist.\n',
    );
    expect((await rawExchange(listener.port, Buffer.from('mntr'))).toString()).toBe(
      'mntr is not executed because it is not in the whitelist.\n',
    );
    whitelist = 'ruok, mntr,stat';
    expect((await rawExchange(listener.port, Buffer.from('ruok'))).toString()).toBe('imok');
    expect((await rawExchange(listener.port, Buffer.from('mntr'))).toString()).toMatch(
      /^zk_version\t3\.8\.0-.*\nzk_server_state\tstandalone\n/,
    );
    const c = await client();
    const stat = (await rawExchange(listener.port, Buffer.from('stat'))).toString();
    expect(stat).toMatch(
      /\nClients:\n \/127\.0\.0\.1:\d+\[1\]\(queued=0,recved=1,sent=1\)\n \/127\.0\.0\.1:\d+\[0\]\(queued=0,recved=1,sent=0\)\n\nLatency/,
    );
    expect((await rawExchange(listener.port, Buffer.from('cons'))).toString()).toBe(
      'cons is not executed because it is not in the whitelist.\n',
    );
    whitelist = '*';
    await c.request(ZkOpCode.exists, (w) => w.ustring('/nothing').bool(true));
    expect((await rawExchange(listener.port, Buffer.from('cons'))).toString()).toMatch(
      new RegExp(
        ` /127\\.0\\.0\\.1:\\d+\\[1\\]\\(queued=0,recved=2,sent=2,sid=0x${c.handshake!.sessionId.toString(16)},lop=EXIS,est=\\d+,to=30000,lcxid=0x1,lzxid=0x[0-9a-f]+,lresp=\\d+,llat=\\d+,minlat=\\d+,avglat=\\d+,maxlat=\\d+\\)\n`,
      ),
    );
    expect((await rawExchange(listener.port, Buffer.from('wchs'))).toString()).toBe('1 connections watching 1 paths\nTotal watches:1\n');
    expect((await rawExchange(listener.port, Buffer.from('wchc'))).toString()).toBe(
      `0x${c.handshake!.sessionId.toString(16)}\n\t/nothing\n\n`,
    );
    expect((await rawExchange(listener.port, Buffer.from('wchp'))).toString()).toBe(
      `/nothing\n\t0x${c.handshake!.sessionId.toString(16)}\n\n`,
    );
    expect((await rawExchange(listener.port, Buffer.from('isro'))).toString()).toBe('rw');
  });

  it('negotiates the timeout within [2, 20] × tickTime and answers the readOnly flag only to clients that sent it', async () => {
    expect((await client({ sessionTimeoutMs: 100 })).handshake).toMatchObject({ timeOutMs: 4000, readOnly: false });
    expect((await client({ sessionTimeoutMs: 3_600_000 })).handshake!.timeOutMs).toBe(40000);
    // An old client's ConnectRequest without the readOnly byte gets a response without it.
    const w = new JuteWriter();
    w.int(0).long(0n).int(10000).long(0n).buffer(new Uint8Array(16));
    const socket = connect({ host: HOST, port: listener.port }, () => socket.write(w.toFrame()));
    const response = await new Promise<Buffer>((resolve) => socket.once('data', resolve));
    socket.destroy();
    expect(response.readInt32BE(0)).toBe(4 + 4 + 8 + 4 + 16);
  });

  it('refuses a client that has seen a later zxid than the server, closing the connection', async () => {
    await expect(client({ lastZxidSeen: BigInt(h.zkServer.lastZxid + 100) })).rejects.toThrow(/closed/);
    expect(errors.at(-1)).toMatch(
      /^Refusing session request for client \/127\.0\.0\.1:\d+ as it has seen zxid 0x[0-9a-f]+ our last zxid is 0x[0-9a-f]+ client must try another server$/,
    );
  });

  it('answers the opcodes of 3.6–3.8 clients: getEphemerals, getAllChildrenNumber, addWatch, checkWatches, removeWatches, multiRead, whoAmI, auth', async () => {
    const events: Array<{ type: number; path: string | null }> = [];
    const c = await client({ onNotification: (e) => events.push(e) });
    const create = (p: string, flags: number) =>
      c.request(ZkOpCode.create, (w) =>
        w
          .ustring(p)
          .buffer(Buffer.from('v'))
          .vector([{ perms: 31 }], () => w.int(31).ustring('world').ustring('anyone'))
          .int(flags),
      );
    expect((await create('/t', 0)).err).toBe(0);
    expect((await create('/t/e1', 1)).err).toBe(0);
    expect((await create('/t/p', 0)).err).toBe(0);
    const eph = await c.request(ZkOpCode.getEphemerals, path('/t'));
    expect(eph.body.strings('e')).toEqual(['/t/e1']);
    const count = await c.request(ZkOpCode.getAllChildrenNumber, path('/t'));
    expect(count.body.int('n')).toBe(2);
    const add = await c.request(ZkOpCode.addWatch, (w) => w.ustring('/t').int(1));
    expect([add.err, add.body.int('err')]).toEqual([0, 0]);
    expect((await c.request(ZkOpCode.checkWatches, (w) => w.ustring('/t').int(2))).err).toBe(0);
    expect((await c.request(ZkOpCode.checkWatches, (w) => w.ustring('/t/p').int(1))).err).toBe(Code.NOWATCHER);
    expect((await create('/t/p/deep', 0)).err).toBe(0);
    expect(events).toEqual([{ type: EventType.NodeCreated, state: 3, path: '/t/p/deep' }]);
    expect((await c.request(ZkOpCode.removeWatches, (w) => w.ustring('/t').int(3))).err).toBe(0);
    expect((await c.request(ZkOpCode.removeWatches, (w) => w.ustring('/t').int(3))).err).toBe(Code.NOWATCHER);
    const reads = await c.request(ZkOpCode.multiRead, (w) => {
      w.int(ZkOpCode.getData).bool(false).int(-1).ustring('/t/p').bool(false);
      w.int(ZkOpCode.getChildren).bool(false).int(-1).ustring('/missing').bool(false);
      w.int(ZkOpCode.getChildren).bool(false).int(-1).ustring('/t').bool(false);
      w.int(-1).bool(true).int(-1);
    });
    const r = reads.body;
    expect([r.int('type'), r.bool('done'), r.int('err'), r.buffer('data')?.toString()]).toEqual([ZkOpCode.getData, false, 0, 'v']);
    for (let i = 0; i < 17; i++) r.int('stat'); // Stat: 5 longs + 5 ints + 1 long = 68 bytes, read as 17 ints
    expect([r.int('type'), r.bool('done'), r.int('err'), r.int('err')]).toEqual([-1, false, Code.NONODE, Code.NONODE]);
    // HashSet order, as a 3.8 server answers: "p" hashes to bucket 0 of 8, "e1" to bucket 4.
    expect([r.int('type'), r.bool('done'), r.int('err'), r.strings('c')]).toEqual([ZkOpCode.getChildren, false, 0, ['p', 'e1']]);
    const who = await c.request(ZkOpCode.whoAmI);
    expect(who.body.vector('ci', 8, () => [who.body.ustring('s'), who.body.ustring('u')])).toEqual([['ip', '127.0.0.1']]);
    const auth = await c.request(ZkOpCode.auth, (w) => w.int(0).ustring('digest').buffer(Buffer.from('alice:secret')), -4);
    expect([auth.xid, auth.zxid, auth.err]).toEqual([-4, 0n, 0]);
    const who2 = await c.request(ZkOpCode.whoAmI);
    // ServerCnxn.authInfo is a set over a ConcurrentHashMap: listed in its hash order, not as added.
    expect(who2.body.vector('ci', 8, () => [who2.body.ustring('s'), who2.body.ustring('u')])).toEqual([
      ['digest', 'alice'],
      ['ip', '127.0.0.1'],
    ]);
    // An unknown scheme: AUTHFAILED, then the connection is closed.
    const failed = await c.request(ZkOpCode.auth, (w) => w.int(0).ustring('kerberos').buffer(Buffer.from('x')), -4);
    expect(failed.err).toBe(Code.AUTHFAILED);
    await c.whenClosed();
  });

  it('refuses TTL nodes as a server without extendedTypesEnabled, and reconfig as a standalone server', async () => {
    const c = await client();
    const zxid = h.zkServer.lastZxid;
    const ttl = await c.request(ZkOpCode.createTTL, (w) =>
      w
        .ustring('/ttl')
        .buffer(null)
        .vector([1], () => w.int(31).ustring('world').ustring('anyone'))
        .int(5)
        .long(1000n),
    );
    expect(ttl.err).toBe(Code.UNIMPLEMENTED);
    // The refusal is an error txn, as PrepRequestProcessor logs one: it takes a zxid.
    expect(h.zkServer.lastZxid).toBe(zxid + 1);
    const reconfig = await c.request(ZkOpCode.reconfig, (w) =>
      w.ustring(null).ustring(null).ustring('server.1=localhost:2888:3888').long(-1n),
    );
    expect(reconfig.err).toBe(Code.RECONFIGDISABLED);
  });

  it('answers an unknown opcode UNIMPLEMENTED and closes that connection only', async () => {
    const other = await client();
    const c = await client();
    const reply = await c.request(999);
    expect([reply.xid, reply.err]).toEqual([1, Code.UNIMPLEMENTED]);
    await c.whenClosed();
    expect((await other.request(ZkOpCode.exists, (w) => w.ustring('/').bool(false))).err).toBe(0);
  });

  it('closes the connection on a SASL packet, unanswered, as a server without a JAAS configuration', async () => {
    const c = await client();
    await expect(c.request(ZkOpCode.sasl, (w) => w.buffer(Buffer.alloc(0)))).rejects.toThrow(/closed/);
  });

  it('answers a request body that does not parse MARSHALLINGERROR, and a header that does not parse by closing the connection', async () => {
    const c = await client();
    const before = h.zkServer.lastZxid;
    const truncated = new JuteWriter();
    truncated.int(7).int(ZkOpCode.create).int(100); // a path of 100 bytes that never comes
    expect((await c.send(truncated.toFrame(), 7)).err).toBe(Code.MARSHALLINGERROR);
    expect(h.zkServer.lastZxid).toBe(before);
    expect((await c.request(ZkOpCode.exists, (w) => w.ustring('/').bool(false))).err).toBe(0);
    const shortHeader = Buffer.from([0, 0, 0, 3, 1, 2, 3]);
    await expect(c.send(shortHeader, 0)).rejects.toThrow(/closed/);
  });

  it('closes a connection on a malformed frame, wrong length or garbage handshake, and nothing changes', async () => {
    const other = await client();
    const nodes = h.zkServer.nodeCount;
    const sessions = h.zkServer.sessionIds().length;
    // A ConnectRequest whose passwd claims more bytes than the frame holds.
    const garbage = new JuteWriter().int(0).long(0n).int(30000).long(0n).int(1000).toFrame();
    for (const bytes of [
      Buffer.from([0xff, 0xff, 0xff, 0xfe]), // negative length
      Buffer.from([0x7f, 0, 0, 0]), // far beyond jute.maxbuffer
      Buffer.from([0, 0, 0, 100, 1, 2, 3]), // truncated, then the client goes away
      Buffer.from([0, 0, 0, 4, 0, 0, 0, 0]), // a ConnectRequest cut short
      garbage,
    ]) {
      expect((await rawExchange(listener.port, bytes)).length).toBe(0);
    }
    expect(h.zkServer.nodeCount).toBe(nodes);
    expect(h.zkServer.sessionIds().length).toBe(sessions);
    expect((await other.request(ZkOpCode.exists, (w) => w.ustring('/').bool(false))).err).toBe(0);
  });

  it('closes the connection on a packet over jute.maxbuffer; the session survives and resumes with its id and password', async () => {
    const c = await client();
    const { sessionId, passwd } = c.handshake!;
    expect(
      (
        await c.request(ZkOpCode.create, (w) =>
          w
            .ustring('/big')
            .buffer(Buffer.from('small'))
            .vector([1], () => w.int(31).ustring('world').ustring('anyone'))
            .int(1),
        )
      ).err,
    ).toBe(0);
    const huge = Buffer.alloc(0xfffff);
    await expect(c.request(ZkOpCode.setData, (w) => w.ustring('/big').buffer(huge).int(-1))).rejects.toThrow();
    await c.whenClosed();
    expect(errors.at(-1)).toMatch(
      /^Len error\. A message from \/127\.0\.0\.1:\d+ with advertised length of 1048599 is either a malformed message or too large to process \(length is greater than jute\.maxbuffer=1048575\)$/,
    );
    const again = await client({ sessionId, passwd });
    expect(again.handshake!.sessionId).toBe(sessionId);
    const data = await again.request(ZkOpCode.getData, (w) => w.ustring('/big').bool(false));
    expect([data.err, data.body.buffer('d')?.toString()]).toEqual([0, 'small']);
  });

  it('closes the connection when the session expires on the cluster clock; resuming it then gets session 0, timeout 0', async () => {
    const c = await client({ sessionTimeoutMs: 4000 });
    const { sessionId, passwd } = c.handshake!;
    await h.advance(8000);
    await c.whenClosed();
    expect(h.zkServer.sessionIds()).not.toContain(sessionId);
    await expect(client({ sessionId, passwd })).resolves.toMatchObject({
      handshake: { sessionId: 0n, timeOutMs: 0, passwd: Buffer.alloc(16) },
    });
  });

  it('keeps a session whose connection dropped without closeSession until it expires', async () => {
    const c = await client({ sessionTimeoutMs: 10000 });
    const { sessionId, passwd } = c.handshake!;
    c.close();
    await c.whenClosed();
    await h.advance(4000);
    expect(h.zkServer.sessionIds()).toContain(sessionId);
    const back = await client({ sessionId, passwd });
    expect(back.handshake).toMatchObject({ sessionId, timeOutMs: 10000 });
    const bye = await back.request(ZkOpCode.closeSession);
    expect(bye.err).toBe(0);
    await back.whenClosed();
    expect(h.zkServer.sessionIds()).not.toContain(sessionId);
  });

  it('re-arms watches with SetWatches (xid −8) after a reconnect, firing at once what changed meanwhile', async () => {
    const writer = await client();
    const acl = (w: JuteWriter) => w.vector([1], () => w.int(31).ustring('world').ustring('anyone'));
    await writer.request(ZkOpCode.create, (w) => acl(w.ustring('/sw').buffer(Buffer.from('0'))).int(0));
    const first = await client({ sessionTimeoutMs: 20000 });
    const { sessionId, passwd } = first.handshake!;
    const read = await first.request(ZkOpCode.getData, (w) => w.ustring('/sw').bool(true));
    const seenZxid = read.zxid;
    first.close();
    await first.whenClosed();
    await writer.request(ZkOpCode.setData, (w) => w.ustring('/sw').buffer(Buffer.from('1')).int(-1));
    const events: Array<{ type: number; path: string | null }> = [];
    const again = await client({ sessionId, passwd, lastZxidSeen: seenZxid, onNotification: (e) => events.push(e) });
    const set = await again.request(
      ZkOpCode.setWatches2,
      (w) => w.long(seenZxid).strings(['/sw']).strings(['/sw-later']).strings([]).strings([]).strings([]),
      -8,
    );
    expect([set.xid, set.err]).toEqual([-8, 0]);
    expect(events).toEqual([{ type: EventType.NodeDataChanged, state: 3, path: '/sw' }]);
    await writer.request(ZkOpCode.create, (w) => acl(w.ustring('/sw-later').buffer(null)).int(0));
    await again.request(ZkOpCode.sync, path('/'));
    expect(events.at(-1)).toEqual({ type: EventType.NodeCreated, state: 3, path: '/sw-later' });
  });
});
