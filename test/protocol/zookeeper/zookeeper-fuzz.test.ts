/**
 * Seeded mutations of valid ZooKeeper frames (one template per opcode, and ConnectRequests) sent to
 * the client port: every one is answered or closes its own connection — never the server, never
 * another session — and the system znodes stay as they were. Prints the seed on failure.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { JuteWriter } from '../../../src-main/protocol/zookeeper/jute/jute-writer';
import { ZooKeeperWireClient } from '../../../src-main/protocol/zookeeper/client/zookeeper-wire-client';
import { ZkOpCode } from '../../../src-main/protocol/zookeeper/op-codes';
import { ZooKeeperListener } from '../../../src-main/protocol/zookeeper/zookeeper-listener';
import { ClusterHarness } from '../../support/cluster-harness';

const SEED = Number(process.env.ZK_FUZZ_SEED ?? 12);
const FRAMES = 3000;
const acl = (w: JuteWriter) => w.vector([1], () => w.int(31).ustring('world').ustring('anyone'));
const op = (type: number, body: (w: JuteWriter) => void) => (w: JuteWriter) => body(w.int(type).bool(false).int(-1));

/** Valid request bodies (after the header), one or more per opcode, on /fz paths. */
const TEMPLATES: Array<[number, (w: JuteWriter) => void]> = [
  [ZkOpCode.create, (w) => acl(w.ustring('/fz-a').buffer(Buffer.from('x'))).int(0)],
  [ZkOpCode.create2, (w) => acl(w.ustring('/fz-b').buffer(null)).int(3)],
  [ZkOpCode.createContainer, (w) => acl(w.ustring('/fz-c').buffer(null)).int(4)],
  [ZkOpCode.createTTL, (w) => acl(w.ustring('/fz-t').buffer(null)).int(5).long(100n)],
  [ZkOpCode.delete, (w) => w.ustring('/fz-a').int(-1)],
  [ZkOpCode.deleteContainer, (w) => w.ustring('/fz-c')],
  [ZkOpCode.exists, (w) => w.ustring('/fz-a').bool(true)],
  [ZkOpCode.getData, (w) => w.ustring('/fz-a').bool(true)],
  [ZkOpCode.setData, (w) => w.ustring('/fz-a').buffer(Buffer.from('y')).int(-1)],
  [ZkOpCode.getACL, (w) => w.ustring('/fz-a')],
  [ZkOpCode.setACL, (w) => acl(w.ustring('/fz-a')).int(-1)],
  [ZkOpCode.getChildren, (w) => w.ustring('/').bool(true)],
  [ZkOpCode.getChildren2, (w) => w.ustring('/fz-b0000000001').bool(false)],
  [ZkOpCode.sync, (w) => w.ustring('/')],
  [ZkOpCode.check, (w) => w.ustring('/fz-a').int(0)],
  [ZkOpCode.multi, (w) => {
    op(ZkOpCode.create, (x) => acl(x.ustring('/fz-m').buffer(null)).int(0))(w);
    op(ZkOpCode.check, (x) => x.ustring('/fz-m').int(0))(w);
    op(ZkOpCode.setData, (x) => x.ustring('/fz-m').buffer(Buffer.from('z')).int(-1))(w);
    op(ZkOpCode.delete, (x) => x.ustring('/fz-m').int(-1))(w);
    w.int(-1).bool(true).int(-1);
  }],
  [ZkOpCode.multiRead, (w) => {
    op(ZkOpCode.getData, (x) => x.ustring('/zookeeper').bool(false))(w);
    op(ZkOpCode.getChildren, (x) => x.ustring('/').bool(false))(w);
    w.int(-1).bool(true).int(-1);
  }],
  [ZkOpCode.reconfig, (w) => w.ustring(null).ustring(null).ustring('x').long(-1n)],
  [ZkOpCode.checkWatches, (w) => w.ustring('/fz-a').int(3)],
  [ZkOpCode.removeWatches, (w) => w.ustring('/fz-a').int(3)],
  [ZkOpCode.auth, (w) => w.int(0).ustring('digest').buffer(Buffer.from('u:p'))],
  [ZkOpCode.setWatches, (w) => w.long(0n).strings(['/fz-a']).strings(['/fz-q']).strings(['/'])],
  [ZkOpCode.setWatches2, (w) => w.long(0n).strings([]).strings([]).strings([]).strings(['/fz-a']).strings(['/fz-b'])],
  [ZkOpCode.getEphemerals, (w) => w.ustring('/')],
  [ZkOpCode.getAllChildrenNumber, (w) => w.ustring('/')],
  [ZkOpCode.addWatch, (w) => w.ustring('/fz-a').int(1)],
  [ZkOpCode.whoAmI, () => undefined],
  [ZkOpCode.ping, () => undefined],
];

/** A mutated frame; `lying` when its length field no longer matches its bytes (the stream may then wait for bytes that never come, as with any TCP server). */
function mutate(random: SeededRandom, frame: Buffer): { bytes: Buffer; lying: boolean } {
  const bytes = Buffer.from(frame);
  const r = random.nextFloat();
  if (r < 0.1) return { bytes, lying: false }; // unchanged: valid requests still work
  if (r < 0.35) {
    for (let i = 0, n = 1 + random.nextInt(4); i < n; i++) bytes[4 + random.nextInt(bytes.length - 4)] ^= 1 << random.nextInt(8);
  } else if (r < 0.55 && bytes.length >= 12) {
    const at = 4 + random.nextInt(bytes.length - 7);
    bytes.writeInt32BE([-1, -2, 0, 0x7fffffff, -0x80000000, 1 << 20][random.nextInt(6)], at);
  } else if (r < 0.75) {
    const cut = 4 + random.nextInt(bytes.length - 4);
    const short = bytes.subarray(0, cut);
    short.writeInt32BE(cut - 4, 0); // a well-framed record cut short
    return { bytes: Buffer.from(short), lying: false };
  } else if (r < 0.85) {
    bytes.writeInt32BE(bytes.length - 4 + (random.nextInt(2) === 0 ? 3 : -3), 0); // a lying length
    return { bytes, lying: true };
  } else {
    for (let i = 12; i < bytes.length; i++) bytes[i] = random.nextInt(256);
  }
  return { bytes, lying: false };
}

/** The ping's reply, or null when none came in `ms` (the connection is then waiting for bytes). */
function pingWithin(client: ZooKeeperWireClient, ms: number): Promise<boolean | null> {
  return Promise.race([client.request(ZkOpCode.ping, undefined, -2).then(() => true, () => false), new Promise<null>((r) => setTimeout(() => r(null), ms))]);
}

describe('fuzzed ZooKeeper frames', () => {
  let h: ClusterHarness;
  let listener: ZooKeeperListener;
  beforeAll(async () => {
    h = await ClusterHarness.create({ brokers: 0 });
    listener = await ZooKeeperListener.bind(h.zkServer, 0);
  });
  afterAll(async () => {
    await listener?.close();
    await h?.close();
  });

  it(`answers or closes the connection for ${FRAMES} mutated requests and 300 mutated handshakes (seed ${SEED})`, async () => {
    const random = new SeededRandom(SEED);
    const control = await ZooKeeperWireClient.connect('127.0.0.1', listener.port);
    const system = async () => Promise.all(['/zookeeper', '/zookeeper/quota', '/zookeeper/config'].map(async (p) => {
      const r = await control.request(ZkOpCode.getData, (w) => w.ustring(p).bool(false));
      return [r.err, r.body.buffer('data')?.toString('hex'), r.body.remaining];
    }));
    const before = await system();
    let client = await ZooKeeperWireClient.connect('127.0.0.1', listener.port);
    let answered = 0;
    let closed = 0;
    try {
      for (let i = 0; i < FRAMES; i++) {
        const [type, body] = TEMPLATES[random.nextInt(TEMPLATES.length)];
        const w = new JuteWriter().int(1000 + i).int(type);
        body(w);
        const { bytes, lying } = mutate(random, w.toFrame());
        // The frame, then a ping: either the ping is answered (the connection lives on) or the connection closes.
        void client.send(bytes, 1000 + i).catch(() => undefined);
        const alive = await pingWithin(client, lying ? 200 : 10_000);
        if (alive === null) expect(lying, `frame ${i} left the connection waiting (seed ${SEED})`).toBe(true);
        if (alive) answered++;
        else {
          closed++;
          client.close();
          client = await ZooKeeperWireClient.connect('127.0.0.1', listener.port);
        }
      }
      for (let i = 0; i < 300; i++) {
        const w = new JuteWriter().int(0).long(0n).int(30000).long(0n).buffer(new Uint8Array(16)).bool(false);
        const { bytes } = mutate(random, w.toFrame());
        await new Promise<void>((resolve) => {
          const socket = connect({ host: '127.0.0.1', port: listener.port }, () => socket.end(bytes));
          socket.on('data', () => undefined);
          socket.on('error', () => resolve());
          socket.on('close', () => resolve());
        });
      }
    } finally {
      client.close();
    }
    expect(answered).toBeGreaterThan(0);
    expect(closed).toBeGreaterThan(0);
    expect(h.zkServer.failed, `seed ${SEED}`).toBeNull();
    expect(await system(), `seed ${SEED}`).toEqual(before);
    control.close();
  }, 120_000);
});
