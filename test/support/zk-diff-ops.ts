/**
 * The operations of the ZooKeeper differential test (test/protocol/zookeeper/differential.test.ts):
 * a seeded generator of sequences over a few sessions, each op as plain data (so that a failing
 * sequence can be shrunk and printed), and its exact jute request frame. Paths are relative to the
 * sequence's own root (`R`), so that every run starts from a fresh subtree on a shared server.
 */
import { digestId } from '../../src-main/core/zookeeper/acl';
import { SeededRandom } from '../../src-main/core/platform/random';
import type { JuteWriter } from '../../src-main/protocol/zookeeper/jute/jute-writer';
import { ZkOpCode } from '../../src-main/protocol/zookeeper/op-codes';

export const SESSIONS = 3;
/** jute.maxbuffer of both servers (the default, 0xfffff). */
export const MAX_BUFFER = 0xfffff;

export interface AclSpec {
  perms: number;
  scheme: string;
  id: string;
}

/** A data payload: text, null, or `size` bytes of a repeated letter (large ones up to and beyond jute.maxbuffer). */
export type DataSpec = string | null | { size: number };

export type SubOp =
  | { t: 'create'; path: string; data: DataSpec; acl: AclSpec[]; flags: number }
  | { t: 'delete'; path: string; version: number }
  | { t: 'setData'; path: string; data: DataSpec; version: number }
  | { t: 'check'; path: string; version: number };

export type ReadSubOp = { t: 'getData' | 'getChildren'; path: string };

export type DiffOp = { s: number } & (
  | { kind: 'create'; opcode: 1 | 15 | 19; path: string; data: DataSpec; acl: AclSpec[]; flags: number }
  | { kind: 'delete'; path: string; version: number }
  | { kind: 'setData'; path: string; data: DataSpec; version: number }
  | { kind: 'check'; path: string; version: number }
  | { kind: 'exists' | 'getData' | 'getChildren' | 'getChildren2'; path: string; watch: boolean }
  | { kind: 'getACL' | 'sync' | 'getAllChildrenNumber' | 'deleteContainer'; path: string }
  | { kind: 'setACL'; path: string; acl: AclSpec[]; version: number }
  | { kind: 'multi'; ops: SubOp[] }
  | { kind: 'multiRead'; ops: ReadSubOp[] }
  | { kind: 'getEphemerals'; prefix: string }
  | { kind: 'addWatch'; path: string; mode: number }
  | { kind: 'removeWatches' | 'checkWatches'; path: string; type: number }
  | { kind: 'addAuth'; scheme: string; auth: string }
  | { kind: 'whoAmI' }
  | { kind: 'closeSession' }
);

const NAMES = [
  '/a',
  '/b',
  '/c',
  '/a/x',
  '/a/y',
  '/b/x',
  '/a/x/z',
  '/c/s0000000000',
  '/c/s0000000001',
  '/c/s0000000002',
  '/a/s0000000000',
  '/s0000000001',
  '/e',
];
const SEQUENTIAL_BASES = ['/c/s', '/a/s', '/s'];
/** Paths ZooKeeper refuses (or that are not ours to change): each is answered the same by both or not. */
const BAD_PATHS = ['R/a/', 'noslash', 'R//a', 'R/./a', 'R/a/..', '', '/zookeeper', '/zookeeper/quota', '/zookeeper/config', 'R/a\u0001b'];

const USERS = ['u1:p1', 'u2:p2'];
const ACLS: AclSpec[][] = [
  [{ perms: 31, scheme: 'world', id: 'anyone' }],
  [{ perms: 1, scheme: 'world', id: 'anyone' }],
  [{ perms: 15, scheme: 'world', id: 'anyone' }],
  [{ perms: 27, scheme: 'world', id: 'anyone' }],
  [
    { perms: 31, scheme: 'digest', id: digestId('u1:p1') },
    { perms: 1, scheme: 'world', id: 'anyone' },
  ],
  [{ perms: 31, scheme: 'auth', id: '' }],
  [{ perms: 31, scheme: 'ip', id: '127.0.0.1' }],
  [
    { perms: 31, scheme: 'ip', id: '10.0.0.0/8' },
    { perms: 5, scheme: 'world', id: 'anyone' },
  ],
  [{ perms: 31, scheme: 'ip', id: '127.0.0.0/24' }],
  [],
  [{ perms: 31, scheme: 'world', id: 'nobody' }],
  [{ perms: 31, scheme: 'digest', id: 'no-colon' }],
  [{ perms: 31, scheme: 'x509', id: 'CN=me' }],
  [
    { perms: 31, scheme: 'world', id: 'anyone' },
    { perms: 31, scheme: 'world', id: 'anyone' },
  ],
];

class Pick {
  constructor(readonly random: SeededRandom) {}
  int(n: number): number {
    return this.random.nextInt(n);
  }
  chance(p: number): boolean {
    return this.random.nextFloat() < p;
  }
  of<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  path(): string {
    if (this.chance(0.06)) return this.of(BAD_PATHS);
    return this.chance(0.05) ? 'R' : `R${this.of(NAMES)}`;
  }
  version(): number {
    return this.of([-1, -1, 0, 0, 1, 2, 5]);
  }
  data(): DataSpec {
    const r = this.random.nextFloat();
    if (r < 0.1) return null;
    if (r < 0.15) return '';
    if (r < 0.95) return this.of(['x', 'hello', '{"v":1}', 'ü']);
    if (r < 0.97) return { size: 1000 + this.int(5000) };
    if (r < 0.985) return { size: MAX_BUFFER - 200 };
    return { size: MAX_BUFFER + 1 + this.int(100) };
  }
  acl(): AclSpec[] {
    return this.chance(0.6) ? ACLS[0] : this.of(ACLS);
  }
  createFlags(): number {
    const r = this.random.nextFloat();
    if (r < 0.97) return this.of([0, 0, 1, 2, 3, 4]);
    return this.of([5, 6, 7, -1]);
  }
  createPath(flags: number): string {
    return (flags === 2 || flags === 3) && this.chance(0.8) ? `R${this.of(SEQUENTIAL_BASES)}` : this.path();
  }
  subOp(): SubOp {
    switch (this.int(4)) {
      case 0: {
        const flags = this.of([0, 0, 1, 2, 3, 4]);
        return {
          t: 'create',
          path: this.createPath(flags),
          data: this.chance(0.9) ? this.of(['m', '']) : null,
          acl: this.chance(0.9) ? ACLS[0] : this.acl(),
          flags,
        };
      }
      case 1:
        return { t: 'delete', path: this.path(), version: this.version() };
      case 2:
        return { t: 'setData', path: this.path(), data: this.of(['m1', 'm2']), version: this.version() };
      default:
        return { t: 'check', path: this.path(), version: this.version() };
    }
  }
}

/** One op of session `s`. */
function nextOp(p: Pick, s: number): DiffOp {
  const r = p.int(100);
  if (r < 18) {
    const flags = p.createFlags();
    const opcode = flags === 4 && p.chance(0.7) ? 19 : p.of([1, 15] as const);
    return { s, kind: 'create', opcode, path: p.createPath(flags), data: p.data(), acl: p.acl(), flags };
  }
  if (r < 24) return { s, kind: 'delete', path: p.path(), version: p.version() };
  if (r < 31) return { s, kind: 'setData', path: p.path(), data: p.data(), version: p.version() };
  if (r < 50) return { s, kind: p.of(['exists', 'getData', 'getChildren', 'getChildren2'] as const), path: p.path(), watch: p.chance(0.6) };
  if (r < 53) return { s, kind: 'getACL', path: p.path() };
  if (r < 56) return { s, kind: 'setACL', path: p.path(), acl: p.acl(), version: p.version() };
  if (r < 63) return { s, kind: 'multi', ops: Array.from({ length: p.int(5) }, () => p.subOp()) };
  if (r < 66)
    return {
      s,
      kind: 'multiRead',
      ops: Array.from({ length: 1 + p.int(3) }, () => ({ t: p.of(['getData', 'getChildren'] as const), path: p.path() })),
    };
  if (r < 68) return { s, kind: 'sync', path: p.path() };
  if (r < 70) return { s, kind: 'getEphemerals', prefix: p.of(['R', 'R/c', 'R/a/', '/', '', ' /', 'R/zz']) };
  if (r < 72) return { s, kind: 'getAllChildrenNumber', path: p.chance(0.1) ? '/zookeeper' : p.path() };
  if (r < 77) return { s, kind: 'addWatch', path: p.path(), mode: p.chance(0.95) ? p.int(2) : 7 };
  // Well-formed paths only: see the deliberate differences in differential.test.ts.
  if (r < 81)
    return {
      s,
      kind: p.of(['removeWatches', 'checkWatches'] as const),
      path: p.chance(0.05) ? 'R' : `R${p.of(NAMES)}`,
      type: p.chance(0.95) ? 1 + p.int(3) : 9,
    };
  if (r < 85) return { s, kind: 'addAuth', scheme: p.chance(0.9) ? p.of(['digest', 'digest', 'ip']) : 'nosuch', auth: p.of(USERS) };
  if (r < 86) return { s, kind: 'whoAmI' };
  if (r < 88) return { s, kind: 'closeSession' };
  // Another create under the sequential bases keeps the tree populated.
  return { s, kind: 'create', opcode: 1, path: `R${p.of(['/a', '/b', '/c', '/a/x'])}`, data: 'p', acl: ACLS[0], flags: 0 };
}

/** A sequence of `length` ops over `SESSIONS` sessions, a function of `seed` alone. */
export function generateOps(seed: number, length: number): DiffOp[] {
  const p = new Pick(new SeededRandom(seed));
  return Array.from({ length }, () => nextOp(p, p.int(SESSIONS)));
}

// ---- frames ----

export function dataBytes(d: DataSpec): Buffer | null {
  if (d === null) return null;
  if (typeof d === 'string') return Buffer.from(d, 'utf8');
  return Buffer.alloc(d.size, 0x61);
}

function writeAcl(w: JuteWriter, acl: readonly AclSpec[]): void {
  w.vector(acl, (a) => w.int(a.perms).ustring(a.scheme).ustring(a.id));
}

const SUB_OPCODE = {
  create: ZkOpCode.create,
  delete: ZkOpCode.delete,
  setData: ZkOpCode.setData,
  check: ZkOpCode.check,
  getData: ZkOpCode.getData,
  getChildren: ZkOpCode.getChildren,
} as const;

function writeSubOp(w: JuteWriter, op: SubOp | ReadSubOp, at: (path: string) => string): void {
  w.int(SUB_OPCODE[op.t]).bool(false).int(-1);
  switch (op.t) {
    case 'create':
      w.ustring(at(op.path)).buffer(dataBytes(op.data));
      writeAcl(w, op.acl);
      w.int(op.flags);
      return;
    case 'delete':
    case 'check':
      w.ustring(at(op.path)).int(op.version);
      return;
    case 'setData':
      w.ustring(at(op.path)).buffer(dataBytes(op.data)).int(op.version);
      return;
    default:
      w.ustring(at(op.path)).bool(false);
  }
}

/** The request's opcode and a writer of its record; `at` turns `R…` into the sequence's root. */
export function requestOf(op: DiffOp, at: (path: string) => string): { type: number; body: (w: JuteWriter) => void } {
  switch (op.kind) {
    case 'create':
      return {
        type: op.opcode,
        body: (w) => {
          w.ustring(at(op.path)).buffer(dataBytes(op.data));
          writeAcl(w, op.acl);
          w.int(op.flags);
        },
      };
    case 'delete':
      return { type: ZkOpCode.delete, body: (w) => w.ustring(at(op.path)).int(op.version) };
    case 'check':
      return { type: ZkOpCode.check, body: (w) => w.ustring(at(op.path)).int(op.version) };
    case 'setData':
      return { type: ZkOpCode.setData, body: (w) => w.ustring(at(op.path)).buffer(dataBytes(op.data)).int(op.version) };
    case 'exists':
    case 'getData':
    case 'getChildren':
    case 'getChildren2':
      return { type: ZkOpCode[op.kind], body: (w) => w.ustring(at(op.path)).bool(op.watch) };
    case 'getACL':
    case 'sync':
    case 'getAllChildrenNumber':
    case 'deleteContainer':
      return { type: ZkOpCode[op.kind], body: (w) => w.ustring(at(op.path)) };
    case 'setACL':
      return {
        type: ZkOpCode.setACL,
        body: (w) => {
          w.ustring(at(op.path));
          writeAcl(w, op.acl);
          w.int(op.version);
        },
      };
    case 'multi':
    case 'multiRead':
      return {
        type: ZkOpCode[op.kind],
        body: (w) => {
          for (const sub of op.ops) writeSubOp(w, sub, at);
          w.int(-1).bool(true).int(-1);
        },
      };
    case 'getEphemerals':
      return { type: ZkOpCode.getEphemerals, body: (w) => w.ustring(at(op.prefix)) };
    case 'addWatch':
      return { type: ZkOpCode.addWatch, body: (w) => w.ustring(at(op.path)).int(op.mode) };
    case 'removeWatches':
    case 'checkWatches':
      return { type: ZkOpCode[op.kind], body: (w) => w.ustring(at(op.path)).int(op.type) };
    case 'addAuth':
      return { type: ZkOpCode.auth, body: (w) => w.int(0).ustring(op.scheme).buffer(Buffer.from(op.auth, 'utf8')) };
    case 'whoAmI':
      return { type: ZkOpCode.whoAmI, body: () => undefined };
    case 'closeSession':
      return { type: ZkOpCode.closeSession, body: () => undefined };
  }
}

// ---- printing ----

function dataText(d: DataSpec): string {
  if (d === null) return 'null';
  if (typeof d === 'string') return JSON.stringify(d);
  return `<${d.size} bytes>`;
}

function aclText(acl: readonly AclSpec[]): string {
  return `[${acl.map((a) => `${a.scheme}:${a.id.length > 12 ? `${a.id.slice(0, 10)}…` : a.id}:${a.perms}`).join(', ')}]`;
}

function subText(op: SubOp | ReadSubOp): string {
  switch (op.t) {
    case 'create':
      return `create(${op.path}, ${dataText(op.data)}, ${aclText(op.acl)}, flags ${op.flags})`;
    case 'setData':
      return `setData(${op.path}, ${dataText(op.data)}, v${op.version})`;
    case 'delete':
    case 'check':
      return `${op.t}(${op.path}, v${op.version})`;
    default:
      return `${op.t}(${op.path})`;
  }
}

/** One line per op, as a person would write the reproduction. */
export function describeOp(op: DiffOp): string {
  const who = `s${op.s}`;
  switch (op.kind) {
    case 'create':
      return `${who} ${op.opcode === 1 ? 'create' : op.opcode === 15 ? 'create2' : 'createContainer'}(${op.path}, ${dataText(op.data)}, ${aclText(op.acl)}, flags ${op.flags})`;
    case 'setData':
      return `${who} setData(${op.path}, ${dataText(op.data)}, v${op.version})`;
    case 'delete':
    case 'check':
      return `${who} ${op.kind}(${op.path}, v${op.version})`;
    case 'exists':
    case 'getData':
    case 'getChildren':
    case 'getChildren2':
      return `${who} ${op.kind}(${op.path}${op.watch ? ', watch' : ''})`;
    case 'setACL':
      return `${who} setACL(${op.path}, ${aclText(op.acl)}, v${op.version})`;
    case 'multi':
    case 'multiRead':
      return `${who} ${op.kind}[${op.ops.map(subText).join('; ')}]`;
    case 'getEphemerals':
      return `${who} getEphemerals(${JSON.stringify(op.prefix)})`;
    case 'addWatch':
      return `${who} addWatch(${op.path}, mode ${op.mode})`;
    case 'removeWatches':
    case 'checkWatches':
      return `${who} ${op.kind}(${op.path}, type ${op.type})`;
    case 'addAuth':
      return `${who} addAuth(${op.scheme}, ${op.auth})`;
    case 'whoAmI':
    case 'closeSession':
      return `${who} ${op.kind}()`;
    default:
      return `${who} ${op.kind}(${op.path})`;
  }
}
