/**
 * Seeded random and mutated jute frames against the emulated ZooKeeper: most fed to the request
 * handling in process (`handleRequest`, one frame at a time, as a connection hands them over), a
 * few thousand over real sockets, pipelined, plus mutated handshakes. Each one is answered or
 * closes its own connection — never the server, never another session — and the tree outside
 * `/scratch` (the only subtree the fuzzing sessions' ACLs let them write) is byte for byte what it
 * was: every znode's data, Stat and ACL hashed before and after. FUZZ_SEED / FUZZ_FRAMES replay or
 * go further; the seed is in every failure message.
 */
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { digestId } from '../../../src-main/core/zookeeper/acl';
import type { WatchedEvent, ZooKeeperClient } from '../../../src-main/core/zookeeper';
import type { ServerConnection } from '../../../src-main/core/zookeeper/server-endpoint';
import { JuteWriter } from '../../../src-main/protocol/zookeeper/jute/jute-writer';
import { ZooKeeperWireClient } from '../../../src-main/protocol/zookeeper/client/zookeeper-wire-client';
import { ZkOpCode } from '../../../src-main/protocol/zookeeper/op-codes';
import { handleRequest, type Answer } from '../../../src-main/protocol/zookeeper/zookeeper-requests';
import { ZooKeeperListener } from '../../../src-main/protocol/zookeeper/zookeeper-listener';
import { ClusterHarness } from '../../support/cluster-harness';
import { fuzzFrame } from '../../support/zk-frame-fuzzer';

const SEED = Number(process.env.FUZZ_SEED ?? process.env.ZK_FUZZ_SEED ?? 12);
const FRAMES = Number(process.env.FUZZ_FRAMES ?? 100_000);
const SOCKET_FRAMES = 3000;
const PIPELINE = 20;
const HANDSHAKES = 300;
const ADMIN = 'admin:fuzz-cannot-guess-this-password';
const ADMIN_ALL = { perms: 31, scheme: 'digest', id: digestId(ADMIN) };
const READ_ANYONE = { perms: 1, scheme: 'world', id: 'anyone' };
const OPEN = [{ perms: 31, scheme: 'world', id: 'anyone' }];

/** Every znode outside /scratch: path, data, Stat and ACL, hashed (read as the admin). */
async function treeHash(admin: ZooKeeperClient): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (path: string): Promise<void> => {
    if (path === '/scratch') return;
    const { data, stat } = await admin.getData(path);
    const { acl } = await admin.getACL(path);
    hash.update(
      JSON.stringify([
        path,
        data === null ? null : Buffer.from(data).toString('hex'),
        { ...stat, ephemeralOwner: String(stat.ephemeralOwner) },
        acl,
      ]),
    );
    const { children } = await admin.getChildren(path);
    for (const child of [...children].sort()) await walk(path === '/' ? `/${child}` : `${path}/${child}`);
  };
  await walk('/');
  return hash.digest('hex');
}

/** A connection as the request handling sees it, in process. */
class FuzzConnection implements ServerConnection {
  readonly remoteAddress = '127.0.0.1';
  ended = false;
  notify(_event: WatchedEvent): void {}
  sessionEnded(): void {
    this.ended = true;
  }
}

describe('fuzzed ZooKeeper frames', () => {
  let h: ClusterHarness;
  let listener: ZooKeeperListener;
  let admin: ZooKeeperClient;
  let before: string;
  beforeAll(async () => {
    h = await ClusterHarness.create({ brokers: 0 });
    listener = await ZooKeeperListener.bind(h.zkServer, 0);
    admin = await h.session();
    await admin.addAuthInfo('digest', ADMIN);
    // Only the admin may change anything but /scratch; everyone may read.
    await admin.create('/scratch', null, { acl: OPEN });
    await admin.create('/keep', new TextEncoder().encode('kept'), { acl: [ADMIN_ALL, READ_ANYONE] });
    await admin.create('/keep/a', null, { acl: [ADMIN_ALL, READ_ANYONE] });
    for (const path of ['/', '/zookeeper', '/zookeeper/quota']) await admin.setACL(path, [ADMIN_ALL, READ_ANYONE]);
    before = await treeHash(admin);
  });
  afterAll(async () => {
    await listener?.close();
    await h?.close();
  });

  it(`answers or closes the connection for ${FRAMES} frames in process, the tree outside /scratch unchanged (seed ${SEED})`, async () => {
    const random = new SeededRandom(SEED);
    const server = h.zkServer;
    const open = async () => {
      const conn = new FuzzConnection();
      const handshake = await server.createSession(conn, 30000);
      return { conn, sessionId: handshake.sessionId };
    };
    let current = await open();
    let answered = 0;
    let closed = 0;
    for (let i = 0; i < FRAMES; i++) {
      const { request } = fuzzFrame(random, 1000 + i);
      const answer = await new Promise<Answer>((resolve, reject) => {
        try {
          handleRequest({ server, sessionId: current.sessionId, connection: current.conn }, request, resolve);
        } catch (e) {
          reject(new Error(`frame ${i} (${request.toString('hex').slice(0, 200)}) threw (seed ${SEED}): ${(e as Error).message}`));
        }
      });
      if ('frame' in answer) {
        expect(answer.frame.readInt32BE(0), `frame ${i}: the reply's length field (seed ${SEED})`).toBe(answer.frame.length - 4);
        answered++;
      }
      if (answer.close || current.conn.ended) {
        closed++;
        server.detach(current.sessionId, current.conn);
        current = await open();
      }
    }
    await server.whenIdle();
    expect(answered, `seed ${SEED}`).toBeGreaterThan(FRAMES / 2);
    expect(closed, `seed ${SEED}`).toBeGreaterThan(0);
    expect(server.failed, `seed ${SEED}`).toBeNull();
    expect(await treeHash(admin), `the tree outside /scratch changed (seed ${SEED})`).toBe(before);
  }, 180_000);

  it(`answers or closes for ${SOCKET_FRAMES} frames pipelined over sockets and ${HANDSHAKES} mutated handshakes; another session is never touched (seed ${SEED})`, async () => {
    const random = new SeededRandom(SEED + 1);
    const bystander = await ZooKeeperWireClient.connect('127.0.0.1', listener.port);
    let answeredBatches = 0;
    let closedBatches = 0;
    for (let sent = 0; sent < SOCKET_FRAMES; sent += PIPELINE) {
      const client = await ZooKeeperWireClient.connect('127.0.0.1', listener.port);
      const frames = Array.from({ length: PIPELINE }, (_, j) => fuzzFrame(random, 1000 + sent + j));
      // A lying length leaves the stream waiting for bytes that never come; only the last frame may lie.
      const honest = frames.filter((f) => !f.lying);
      for (const f of honest) client.socket.write(f.frame);
      // Then a ping: answered after everything before it, unless the connection was closed.
      const alive = await client.request(ZkOpCode.ping, undefined, -2).then(
        () => true,
        () => false,
      );
      if (alive) answeredBatches++;
      else closedBatches++;
      client.close();
      const check = await bystander.request(ZkOpCode.exists, (w) => w.ustring('/keep').bool(false));
      expect(check.err, `the bystander session after batch ${sent / PIPELINE} (seed ${SEED})`).toBe(0);
    }
    for (let i = 0; i < HANDSHAKES; i++) {
      const w = new JuteWriter().int(0).long(0n).int(30000).long(0n).buffer(new Uint8Array(16)).bool(false);
      const bytes = w.toFrame();
      for (let j = 0, n = 1 + random.nextInt(4); j < n; j++) bytes[random.nextInt(bytes.length)] ^= 1 << random.nextInt(8);
      await new Promise<void>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port: listener.port }, () => socket.end(bytes));
        socket.on('data', () => undefined);
        socket.on('error', () => resolve());
        socket.on('close', () => resolve());
      });
    }
    expect(answeredBatches, `seed ${SEED}`).toBeGreaterThan(0);
    expect(closedBatches, `seed ${SEED}`).toBeGreaterThan(0);
    expect((await bystander.request(ZkOpCode.sync, (w) => w.ustring('/'))).err).toBe(0);
    bystander.close();
    expect(h.zkServer.failed, `seed ${SEED}`).toBeNull();
    expect(await treeHash(admin), `the tree outside /scratch changed (seed ${SEED})`).toBe(before);
  }, 180_000);
});
