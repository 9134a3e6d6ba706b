/**
 * The client side of the jute records: each core `ZkRequest` as the request a 3.8 Java client
 * sends (its opcode, its xid when ClientCnxn reserves one, its record), and the reply read back
 * into the core's `ZkReply` shape — the reply header's error, the op's response record, a multi's
 * results. Paths go through the connect string's chroot on the way out and back, as ClientCnxn
 * does. The remote endpoint and `zookeeper-shell` both encode and decode through here.
 *
 * Opcodes chosen where the core asks for more than the plain call returns: a create is create2
 * (path and Stat), getChildren is getChildren2 (children and the parent's Stat). A multi's creates
 * go as `Op.create` sends them (create, or createContainer): a plain create's result carries no
 * Stat on the wire, so the core's result has none either.
 */
import type { Op, OpResult } from '../../../core/zookeeper';
import { Code, CreateMode, OPEN_ACL_UNSAFE } from '../../../core/zookeeper';
import type { ErrorCode } from '../../../core/zookeeper/errors';
import type { ZkReply, ZkRequest } from '../../../core/zookeeper/requests';
import type { JuteReader } from '../jute/jute-reader';
import type { JuteWriter } from '../jute/jute-writer';
import { Xid, ZkOpCode } from '../op-codes';
import { readAcls, readStat, writeAcls } from '../records';
import type { Reply } from './zookeeper-wire-client';

export interface EncodedRequest {
  type: number;
  /** A reserved xid (SetWatches), or undefined for the next one. */
  xid?: number;
  body?: (w: JuteWriter) => void;
}

/** ClientCnxn.prependChroot / the reverse: `null` chroot is none. */
export function serverPath(path: string, chroot: string | null): string {
  if (chroot === null) return path;
  return path === '/' ? chroot : `${chroot}${path}`;
}

export function clientPath(path: string, chroot: string | null): string {
  if (chroot === null) return path;
  if (path === chroot) return '/';
  return path.length > chroot.length && path.startsWith(chroot) ? path.slice(chroot.length) : path;
}

function createOpCode(mode: number): number {
  return mode === CreateMode.CONTAINER ? ZkOpCode.createContainer : ZkOpCode.create2;
}

function writeMultiOp(w: JuteWriter, op: Op, chroot: string | null): void {
  const path = serverPath(op.path, chroot);
  switch (op.type) {
    case 'create': {
      const mode = op.mode ?? CreateMode.PERSISTENT;
      w.int(mode === CreateMode.CONTAINER ? ZkOpCode.createContainer : ZkOpCode.create)
        .bool(false)
        .int(-1);
      w.ustring(path).buffer(op.data);
      // As the core applies it: an op without an ACL is open (OPEN_ACL_UNSAFE).
      writeAcls(w, op.acl ?? OPEN_ACL_UNSAFE);
      w.int(mode);
      return;
    }
    case 'delete':
      w.int(ZkOpCode.delete)
        .bool(false)
        .int(-1)
        .ustring(path)
        .int(op.version ?? -1);
      return;
    case 'setData':
      w.int(ZkOpCode.setData)
        .bool(false)
        .int(-1)
        .ustring(path)
        .buffer(op.data)
        .int(op.version ?? -1);
      return;
    case 'check':
      w.int(ZkOpCode.check).bool(false).int(-1).ustring(path).int(op.version);
  }
}

/** The request a Java client sends for `req`; null for what no client can send (deleteContainer). */
export function encodeRequest(req: ZkRequest, chroot: string | null): EncodedRequest | null {
  const p = (path: string) => serverPath(path, chroot);
  switch (req.op) {
    case 'create':
      return {
        type: createOpCode(req.mode),
        body: (w) => {
          w.ustring(p(req.path)).buffer(req.data);
          writeAcls(w, req.acl);
          w.int(req.mode);
        },
      };
    case 'delete':
      return { type: ZkOpCode.delete, body: (w) => w.ustring(p(req.path)).int(req.version) };
    case 'setData':
      return { type: ZkOpCode.setData, body: (w) => w.ustring(p(req.path)).buffer(req.data).int(req.version) };
    case 'check':
      return { type: ZkOpCode.check, body: (w) => w.ustring(p(req.path)).int(req.version) };
    case 'setACL':
      return {
        type: ZkOpCode.setACL,
        body: (w) => {
          w.ustring(p(req.path));
          writeAcls(w, req.acl);
          w.int(req.version);
        },
      };
    case 'multi':
      return {
        type: ZkOpCode.multi,
        body: (w) => {
          for (const op of req.ops) writeMultiOp(w, op, chroot);
          w.int(-1).bool(true).int(-1);
        },
      };
    case 'exists':
      return { type: ZkOpCode.exists, body: (w) => w.ustring(p(req.path)).bool(req.watch) };
    case 'getData':
      return { type: ZkOpCode.getData, body: (w) => w.ustring(p(req.path)).bool(req.watch) };
    case 'getChildren':
      return { type: ZkOpCode.getChildren2, body: (w) => w.ustring(p(req.path)).bool(req.watch) };
    case 'getACL':
      return { type: ZkOpCode.getACL, body: (w) => w.ustring(p(req.path)) };
    case 'sync':
      return { type: ZkOpCode.sync, body: (w) => w.ustring(p(req.path)) };
    case 'addWatch':
      return { type: ZkOpCode.addWatch, body: (w) => w.ustring(p(req.path)).int(req.mode) };
    case 'removeWatches':
      return { type: ZkOpCode.removeWatches, body: (w) => w.ustring(p(req.path)).int(req.type) };
    case 'getEphemerals':
      return { type: ZkOpCode.getEphemerals, body: (w) => w.ustring(p(req.prefix)) };
    case 'getAllChildrenNumber':
      return { type: ZkOpCode.getAllChildrenNumber, body: (w) => w.ustring(p(req.path)) };
    case 'setWatches': {
      // ClientCnxn.primeConnection: SetWatches unless there are persistent watches to re-arm.
      const v2 = req.persistentWatches.length > 0 || req.persistentRecursiveWatches.length > 0;
      const paths = (list: readonly string[]) => list.map(p);
      return {
        type: v2 ? ZkOpCode.setWatches2 : ZkOpCode.setWatches,
        xid: Xid.SET_WATCHES,
        body: (w) => {
          w.long(req.relativeZxid).strings(paths(req.dataWatches)).strings(paths(req.existWatches)).strings(paths(req.childWatches));
          if (v2) w.strings(paths(req.persistentWatches)).strings(paths(req.persistentRecursiveWatches));
        },
      };
    }
    case 'closeSession':
      return { type: ZkOpCode.closeSession };
    case 'deleteContainer':
      return null;
  }
}

function readMultiResults(r: JuteReader, chroot: string | null): OpResult[] {
  const results: OpResult[] = [];
  for (;;) {
    const type = r.int('type');
    const done = r.bool('done');
    const err = r.int('err');
    if (done) return results;
    switch (type) {
      case ZkOpCode.create:
        results.push({ type: 'create', path: clientPath(r.path('path'), chroot), stat: null });
        break;
      case ZkOpCode.create2:
      case ZkOpCode.createContainer:
      case ZkOpCode.createTTL:
        results.push({ type: 'create', path: clientPath(r.path('path'), chroot), stat: readStat(r) });
        break;
      case ZkOpCode.setData:
        results.push({ type: 'setData', stat: readStat(r) });
        break;
      case ZkOpCode.delete:
        results.push({ type: 'delete' });
        break;
      case ZkOpCode.check:
        results.push({ type: 'check' });
        break;
      default:
        results.push({ type: 'error', err: (type === ZkOpCode.error ? r.int('err') : err) as ErrorCode });
    }
  }
}

/** The reply to `req` in the core's shape; a failed multi names its first failing op. */
export function decodeReply(req: ZkRequest, reply: Reply, chroot: string | null): ZkReply<unknown> {
  const zxid = Number(reply.zxid);
  if (reply.err !== 0) {
    // exists of a missing node is answered NONODE: the core's null.
    if (req.op === 'exists' && reply.err === Code.NONODE) return { err: 0, zxid, value: null };
    return { err: reply.err as Exclude<ErrorCode, 0>, zxid };
  }
  const r = reply.body;
  const value = (v: unknown): ZkReply<unknown> => ({ err: 0, zxid, value: v });
  switch (req.op) {
    case 'create':
      return value({ path: clientPath(r.path('path'), chroot), stat: readStat(r) });
    case 'setData':
    case 'check':
    case 'setACL':
    case 'exists':
      return value(readStat(r));
    case 'getData':
      return value({ data: r.buffer('data'), stat: readStat(r) });
    case 'getChildren':
      return value({ children: r.strings('children') ?? [], stat: readStat(r) });
    case 'getACL':
      return value({ acl: readAcls(r) ?? [], stat: readStat(r) });
    case 'sync':
      return value(clientPath(r.path('path'), chroot));
    case 'getEphemerals':
      return value((r.strings('ephemerals') ?? []).map((e) => clientPath(e, chroot)));
    case 'getAllChildrenNumber':
      return value(r.int('totalNumber'));
    case 'multi': {
      const results = readMultiResults(r, chroot);
      const failed = results.findIndex((res) => res.type === 'error' && res.err !== Code.OK);
      if (failed === -1) return value(results);
      const err = (results[failed] as { err: Exclude<ErrorCode, 0> }).err;
      return { err, zxid, path: req.ops[failed]?.path, results };
    }
    default:
      return value(null);
  }
}
