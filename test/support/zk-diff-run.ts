/**
 * Runs one differential sequence against one ZooKeeper server (real or emulated) over raw
 * sockets, and turns what came back into comparable lines, one list per session slot, in socket
 * order (replies and watch events interleaved as the connection delivered them). Normalised: zxids
 * relative to the sequence's first write, times to 0 / T, session ids and ephemeral owners to the
 * session's index, the sequence's root to `R`. Everything else is kept byte for byte.
 */
import { createHash } from 'node:crypto';
import type { JuteReader } from '../../src-main/protocol/zookeeper/jute/jute-reader';
import { ZkOpCode } from '../../src-main/protocol/zookeeper/op-codes';
import { SESSIONS, requestOf, type DiffOp } from './zk-diff-ops';
import { RawZkSession, type Inbound } from './zk-raw-session';

interface Slot {
  session: RawZkSession | null;
  sessionId: bigint | null;
  passwd: Buffer | null;
}

class Normaliser {
  base = 0n;
  readonly sessionIndex = new Map<bigint, number>();
  constructor(readonly root: string) {}

  zxid(z: bigint): string {
    if (z === 0n || z === -1n) return String(z);
    return `+${z - this.base}`;
  }
  owner(o: bigint): string {
    if (o === 0n) return '0';
    const i = this.sessionIndex.get(o);
    return i === undefined ? `unknown session 0x${o.toString(16)}` : `S${i}`;
  }
  path(p: string | null): string {
    if (p === null) return 'null';
    return p.startsWith(this.root) ? `R${p.slice(this.root.length)}` : p;
  }
  stat(r: JuteReader): string {
    const czxid = r.long('czxid');
    const mzxid = r.long('mzxid');
    const ctime = r.long('ctime');
    const mtime = r.long('mtime');
    const version = r.int('version');
    const cversion = r.int('cversion');
    const aversion = r.int('aversion');
    const owner = r.long('ephemeralOwner');
    const dataLength = r.int('dataLength');
    const numChildren = r.int('numChildren');
    const pzxid = r.long('pzxid');
    const t = (x: bigint) => (x === 0n ? '0' : 'T');
    return `{cz ${this.zxid(czxid)} mz ${this.zxid(mzxid)} pz ${this.zxid(pzxid)} ct ${t(ctime)} mt ${t(mtime)} v ${version} cv ${cversion} av ${aversion} owner ${this.owner(owner)} len ${dataLength} kids ${numChildren}}`;
  }
  data(r: JuteReader): string {
    const b = r.buffer('data');
    if (b === null) return 'null';
    if (b.length <= 40) return JSON.stringify(b.toString('latin1'));
    return `<${b.length} bytes ${createHash('sha1').update(b).digest('hex').slice(0, 8)}>`;
  }
  strings(r: JuteReader): string {
    const xs = r.vector('strings', 4, () => this.path(r.ustring('s')));
    return xs === null ? 'null' : `[${xs.join(', ')}]`;
  }
  acls(r: JuteReader): string {
    const xs = r.vector('acl', 12, () => {
      const perms = r.int('perms');
      return `${r.ustring('scheme')}:${r.ustring('id')}:${perms}`;
    });
    return xs === null ? 'null' : `[${xs.join(', ')}]`;
  }
}

/** The response record of `type` (err 0), as text. */
function body(type: number, r: JuteReader, n: Normaliser): string {
  switch (type) {
    case ZkOpCode.create:
    case ZkOpCode.sync:
      return n.path(r.ustring('path'));
    case ZkOpCode.create2:
    case ZkOpCode.createContainer:
    case ZkOpCode.createTTL:
      return `${n.path(r.ustring('path'))} ${n.stat(r)}`;
    case ZkOpCode.exists:
    case ZkOpCode.setData:
    case ZkOpCode.setACL:
    case ZkOpCode.check:
      return n.stat(r);
    case ZkOpCode.getData:
      return `${n.data(r)} ${n.stat(r)}`;
    case ZkOpCode.getACL:
      return `${n.acls(r)} ${n.stat(r)}`;
    case ZkOpCode.getChildren:
    case ZkOpCode.getEphemerals:
      return n.strings(r);
    case ZkOpCode.getChildren2:
      return `${n.strings(r)} ${n.stat(r)}`;
    case ZkOpCode.getAllChildrenNumber:
    case ZkOpCode.addWatch:
      return String(r.int('n'));
    case ZkOpCode.whoAmI: {
      const xs = r.vector('clientInfo', 8, () => `${r.ustring('scheme')}:${r.ustring('user')}`);
      return xs === null ? 'null' : `[${xs.join(', ')}]`;
    }
    case ZkOpCode.multi:
    case ZkOpCode.multiRead: {
      const parts: string[] = [];
      for (;;) {
        const t = r.int('type');
        const done = r.bool('done');
        const err = r.int('err');
        if (done) break;
        if (t === ZkOpCode.error) parts.push(`error(${r.int('err')}) hdr-err ${err}`);
        else if (t === ZkOpCode.delete || t === ZkOpCode.check) parts.push(`${t} hdr-err ${err}`);
        else parts.push(`${t} hdr-err ${err} ${body(t, r, n)}`);
      }
      return `[${parts.join('; ')}]`;
    }
    default:
      return '';
  }
}

function replyLine(step: string, type: number, reply: Extract<Inbound, { kind: 'reply' }>, n: Normaliser): string {
  let text: string;
  try {
    text = reply.err === 0 ? body(type, reply.body, n) : '';
    if (reply.body.remaining > 0) text += ` +${reply.body.remaining} more bytes`;
  } catch (e) {
    text = `unreadable reply: ${(e as Error).message}`;
  }
  return `${step} reply xid ${reply.xid} zxid ${n.zxid(reply.zxid)} err ${reply.err} ${text}`.trimEnd();
}

/**
 * Runs `ops` under a fresh root `root` against the server on `port`; one list of lines per slot.
 * Every session is closed at the end (so nothing of it expires later, which would move the zxids
 * of the next sequence).
 */
export async function runSequence(port: number, root: string, ops: readonly DiffOp[]): Promise<string[][]> {
  const n = new Normaliser(root);
  const lines: string[][] = Array.from({ length: SESSIONS }, () => []);
  const slots: Slot[] = Array.from({ length: SESSIONS }, () => ({ session: null, sessionId: null, passwd: null }));
  let sessionsCreated = 0;
  const at = (p: string) => (p.startsWith('R') ? root + p.slice(1) : p);

  const connectSlot = async (s: number, step: string): Promise<boolean> => {
    const slot = slots[s];
    const onEvent = (e: Extract<Inbound, { kind: 'event' }>) =>
      lines[s].push(`event zxid ${n.zxid(e.zxid)} type ${e.type} state ${e.state} ${n.path(e.path)}`);
    const resume = slot.sessionId !== null && slot.passwd !== null ? { sessionId: slot.sessionId, passwd: slot.passwd } : undefined;
    const opened = await RawZkSession.open(port, onEvent, resume);
    if (opened === null) {
      lines[s].push(`${step} ${resume ? 'resume' : 'connect'} refused`);
      slot.sessionId = null;
      slot.passwd = null;
      return false;
    }
    slot.session = opened.session;
    if (!resume) {
      n.sessionIndex.set(opened.handshake.sessionId, sessionsCreated++);
      slot.sessionId = opened.handshake.sessionId;
      slot.passwd = opened.handshake.passwd;
    }
    lines[s].push(
      `${step} ${resume ? 'resumed' : 'new'} session ${n.owner(opened.handshake.sessionId)} timeout ${opened.handshake.timeOutMs}`,
    );
    return true;
  };

  const send = async (s: number, step: string, op: DiffOp): Promise<void> => {
    const slot = slots[s];
    if (slot.session === null || slot.session.closed) {
      slot.session = null;
      if (!(await connectSlot(s, step))) return;
    }
    const session = slot.session as RawZkSession;
    const req = requestOf(op, at);
    const xid = op.kind === 'addAuth' ? -4 : 1000 + Number(step.replace(/\D/g, '') || 0);
    const reply = await session.request(xid, req.type, req.body);
    if (reply === 'closed' || reply === 'timeout') {
      lines[s].push(`${step} ${reply}`);
      slot.session = null;
      return;
    }
    lines[s].push(replyLine(step, req.type, reply, n));
    if (op.kind === 'closeSession') {
      await session.whenClosed();
      lines[s].push(`${step} connection closed after closeSession`);
      slot.session = null;
      slot.sessionId = null;
      slot.passwd = null;
    } else if (reply.err !== 0 && op.kind === 'addAuth') {
      await session.whenClosed();
      lines[s].push(`${step} connection closed after AUTHFAILED`);
      slot.session = null;
    }
  };

  try {
    for (let s = 0; s < SESSIONS; s++) await connectSlot(s, 'start');
    // The root, by session 0: its zxid is the base of every relative zxid.
    const first = await (slots[0].session as RawZkSession).request(1, ZkOpCode.create, (w) => {
      w.ustring(root)
        .buffer(null)
        .vector([0], () => w.int(31).ustring('world').ustring('anyone'))
        .int(0);
    });
    if (first === 'closed' || first === 'timeout' || first.err !== 0)
      throw new Error(`could not create the sequence root ${root}: ${first === 'closed' || first === 'timeout' ? first : first.err}`);
    n.base = first.zxid;
    for (let i = 0; i < ops.length; i++) await send(ops[i].s, `#${i}`, ops[i]);
    for (let s = 0; s < SESSIONS; s++) {
      if (slots[s].sessionId === null) continue;
      await send(s, 'end', { s, kind: 'closeSession' });
    }
  } finally {
    for (const slot of slots) slot.session?.close();
  }
  return lines;
}

/** The first difference between two runs, as text, or null when they agree. */
export function firstDifference(real: string[][], emulated: string[][]): string | null {
  for (let s = 0; s < real.length; s++) {
    const a = real[s];
    const b = emulated[s];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (a[i] !== b[i]) {
        return `session slot ${s}, line ${i}:\n  ZooKeeper 3.8: ${a[i] ?? '(nothing)'}\n  Kafka Dojo:    ${b[i] ?? '(nothing)'}\n  (before it: ${a.slice(Math.max(0, i - 3), i).join(' | ')})`;
      }
    }
  }
  return null;
}
