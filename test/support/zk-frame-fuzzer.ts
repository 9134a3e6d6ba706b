/**
 * Seeded ZooKeeper request frames for fuzzing: one valid template per opcode (paths under
 * `/scratch`, the one subtree a fuzzing session may write), then usually mutated — bits flipped, an
 * int32 replaced by a boundary value, cut short (well framed), a lying length, the body replaced by
 * noise, an unknown opcode — or plain noise. `request` gives the payload after the length (what the
 * request handling reads), `frame` the same with its int32 length (what a socket carries).
 */
import type { Random } from '../../src-main/core/platform/random';
import { JuteWriter } from '../../src-main/protocol/zookeeper/jute/jute-writer';
import { ZkOpCode } from '../../src-main/protocol/zookeeper/op-codes';

const acl = (w: JuteWriter) => w.vector([1], () => w.int(31).ustring('world').ustring('anyone'));
const op = (type: number, body: (w: JuteWriter) => void) => (w: JuteWriter) => body(w.int(type).bool(false).int(-1));

/** Valid request bodies (after the header), one or more per opcode. */
export const ZK_TEMPLATES: ReadonlyArray<readonly [number, (w: JuteWriter) => void]> = [
  [ZkOpCode.create, (w) => acl(w.ustring('/scratch/fz-a').buffer(Buffer.from('x'))).int(0)],
  [ZkOpCode.create, (w) => acl(w.ustring('/zookeeper/fz').buffer(Buffer.from('x'))).int(1)],
  [ZkOpCode.create2, (w) => acl(w.ustring('/scratch/fz-b').buffer(null)).int(3)],
  [ZkOpCode.createContainer, (w) => acl(w.ustring('/scratch/fz-c').buffer(null)).int(4)],
  [ZkOpCode.createTTL, (w) => acl(w.ustring('/scratch/fz-t').buffer(null)).int(5).long(100n)],
  [ZkOpCode.delete, (w) => w.ustring('/scratch/fz-a').int(-1)],
  [ZkOpCode.delete, (w) => w.ustring('/keep/a').int(-1)],
  [ZkOpCode.deleteContainer, (w) => w.ustring('/scratch/fz-c')],
  [ZkOpCode.exists, (w) => w.ustring('/scratch/fz-a').bool(true)],
  [ZkOpCode.getData, (w) => w.ustring('/keep').bool(true)],
  [ZkOpCode.setData, (w) => w.ustring('/scratch/fz-a').buffer(Buffer.from('y')).int(-1)],
  [ZkOpCode.setData, (w) => w.ustring('/keep/a').buffer(Buffer.from('y')).int(-1)],
  [ZkOpCode.getACL, (w) => w.ustring('/keep/a')],
  [ZkOpCode.setACL, (w) => acl(w.ustring('/scratch/fz-a')).int(-1)],
  [ZkOpCode.setACL, (w) => acl(w.ustring('/keep')).int(-1)],
  [ZkOpCode.getChildren, (w) => w.ustring('/').bool(true)],
  [ZkOpCode.getChildren2, (w) => w.ustring('/scratch').bool(false)],
  [ZkOpCode.sync, (w) => w.ustring('/')],
  [ZkOpCode.check, (w) => w.ustring('/scratch/fz-a').int(0)],
  [
    ZkOpCode.multi,
    (w) => {
      op(ZkOpCode.create, (x) => acl(x.ustring('/scratch/fz-m').buffer(null)).int(0))(w);
      op(ZkOpCode.check, (x) => x.ustring('/scratch/fz-m').int(0))(w);
      op(ZkOpCode.setData, (x) => x.ustring('/scratch/fz-m').buffer(Buffer.from('z')).int(-1))(w);
      op(ZkOpCode.delete, (x) => x.ustring('/scratch/fz-m').int(-1))(w);
      w.int(-1).bool(true).int(-1);
    },
  ],
  [
    ZkOpCode.multi,
    (w) => {
      op(ZkOpCode.create, (x) => acl(x.ustring('/scratch/fz-n').buffer(null)).int(0))(w);
      op(ZkOpCode.delete, (x) => x.ustring('/keep/a').int(-1))(w);
      w.int(-1).bool(true).int(-1);
    },
  ],
  [
    ZkOpCode.multiRead,
    (w) => {
      op(ZkOpCode.getData, (x) => x.ustring('/zookeeper').bool(false))(w);
      op(ZkOpCode.getChildren, (x) => x.ustring('/').bool(false))(w);
      w.int(-1).bool(true).int(-1);
    },
  ],
  [ZkOpCode.reconfig, (w) => w.ustring(null).ustring(null).ustring('x').long(-1n)],
  [ZkOpCode.checkWatches, (w) => w.ustring('/scratch/fz-a').int(3)],
  [ZkOpCode.removeWatches, (w) => w.ustring('/scratch/fz-a').int(3)],
  [ZkOpCode.auth, (w) => w.int(0).ustring('digest').buffer(Buffer.from('u:p'))],
  [ZkOpCode.setWatches, (w) => w.long(0n).strings(['/scratch/fz-a']).strings(['/scratch/fz-q']).strings(['/'])],
  [ZkOpCode.setWatches2, (w) => w.long(0n).strings([]).strings([]).strings([]).strings(['/scratch/fz-a']).strings(['/scratch/fz-b'])],
  [ZkOpCode.getEphemerals, (w) => w.ustring('/')],
  [ZkOpCode.getAllChildrenNumber, (w) => w.ustring('/')],
  [ZkOpCode.addWatch, (w) => w.ustring('/scratch/fz-a').int(1)],
  [ZkOpCode.whoAmI, () => undefined],
  [ZkOpCode.ping, () => undefined],
];

const BOUNDARY_INTS = [-1, -2, 0, 1, 0x7fffffff, -0x80000000, 1 << 20, 0xfffff + 1];
/** Opcodes no 3.8 server knows (and the notification / reserved ones). */
const UNKNOWN_OPCODES = [0, 10, 23, 99, 108, -2, 1000, -0x80000000];

export interface FuzzFrame {
  /** The request as the handling reads it (xid, type, record). */
  request: Buffer;
  /** Whether a socket's length field would lie about it (the stream then waits for bytes). */
  lying: boolean;
  /** The frame on a socket: int32 length + request (with `lying`, a wrong length). */
  frame: Buffer;
}

function framed(request: Buffer, lengthDelta = 0): Buffer {
  const frame = Buffer.allocUnsafe(4 + request.length);
  frame.writeInt32BE(request.length + lengthDelta, 0);
  request.copy(frame, 4);
  return frame;
}

/** A seeded frame: valid (10%), mutated from a template, or noise. */
export function fuzzFrame(random: Random, xid: number): FuzzFrame {
  const [type, body] = ZK_TEMPLATES[random.nextInt(ZK_TEMPLATES.length)];
  const w = new JuteWriter().int(xid).int(type);
  body(w);
  const bytes = w.toBuffer();
  const r = random.nextFloat();
  if (r < 0.1) return { request: bytes, lying: false, frame: framed(bytes) };
  if (r < 0.3) {
    for (let i = 0, n = 1 + random.nextInt(4); i < n; i++) bytes[random.nextInt(bytes.length)] ^= 1 << random.nextInt(8);
  } else if (r < 0.5 && bytes.length >= 8) {
    bytes.writeInt32BE(BOUNDARY_INTS[random.nextInt(BOUNDARY_INTS.length)], random.nextInt(bytes.length - 3));
  } else if (r < 0.65) {
    const cut = bytes.subarray(0, random.nextInt(bytes.length));
    return { request: Buffer.from(cut), lying: false, frame: framed(cut) };
  } else if (r < 0.72) {
    return { request: bytes, lying: true, frame: framed(bytes, random.nextInt(2) === 0 ? 3 : -3) };
  } else if (r < 0.8) {
    bytes.writeInt32BE(UNKNOWN_OPCODES[random.nextInt(UNKNOWN_OPCODES.length)], 4);
  } else if (r < 0.92) {
    for (let i = 8; i < bytes.length; i++) bytes[i] = random.nextInt(256);
  } else {
    const noise = Buffer.from(random.nextBytes(random.nextInt(64)));
    return { request: noise, lying: false, frame: framed(noise) };
  }
  return { request: bytes, lying: false, frame: framed(bytes) };
}
