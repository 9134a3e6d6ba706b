/**
 * One request of an established session, from its jute frame to its reply frame — ZooKeeper's
 * `FinalRequestProcessor` answers, over the core's request pipeline (no semantics of its own):
 * every op becomes the core's `ZkRequest`, and the reply is `ReplyHeader{xid, zxid, err}` plus the
 * op's response record only when err is 0. Requests the core has no op for (ping, whoAmI,
 * checkWatches, refusals) are answered after a no-op read through the same pipeline, so that their
 * reply comes in order behind the replies and notifications before it, with the zxid of that moment.
 *
 * A request body that does not parse is answered MARSHALLINGERROR, as ZooKeeper answers it (the
 * connection stays); a header that does not parse or an unknown opcode closes the connection.
 */
import type { ZooKeeperServer } from '../../core/zookeeper';
import type { ZkReply, ZkRequest } from '../../core/zookeeper/requests';
import type { ServerConnection } from '../../core/zookeeper/server-endpoint';
import { Code, CreateMode, WatcherType } from '../../core/zookeeper';
import type { Acl, AuthId, CreateModeFlag, Op, OpResult, Stat } from '../../core/zookeeper';
import { javaTrim } from '../../core/common/java-lang';
import { errorMessage } from '../../core/common/throwable';
import { JuteParseError, JuteReader } from './jute/jute-reader';
import { JuteWriter } from './jute/jute-writer';
import { readMultiOps, writeMultiResponse, type MultiOp, type MultiResult } from './multi-records';
import { Xid, ZkOpCode } from './op-codes';
import {
  readAuthPacket,
  readCreateRequest,
  readPathAndType,
  readPathAndVersion,
  readPathAndWatch,
  readReconfigRequest,
  readSetAclRequest,
  readSetDataRequest,
  readSetWatches,
  writeAcls,
  writeClientInfos,
  writeReplyHeader,
  writeStat,
  type ClientInfo,
} from './records';

/** AuthUtil.getClientInfos: the digest provider names the user only. */
function clientInfosOf(ids: readonly AuthId[]): ClientInfo[] {
  return ids.map((x) => ({ authScheme: x.scheme, user: x.scheme === 'digest' ? x.id.split(':')[0] : x.id }));
}

export interface SessionContext {
  readonly server: ZooKeeperServer;
  readonly sessionId: bigint;
  /** The connection the request came on (the core's ServerConnection of the session). */
  readonly connection: ServerConnection;
}

/** What the connection does with the answer: send it (then maybe close), or close at once. */
export type Answer = { frame: Buffer; close?: boolean; lastOp: string } | { close: true; reason: string };

type Body = (w: JuteWriter) => void;

function frame(xid: number, zxid: number | bigint, err: number, body?: Body): Buffer {
  const w = new JuteWriter();
  writeReplyHeader(w, xid, zxid, err);
  if (err === 0 && body) body(w);
  return w.toFrame();
}

/** A no-op read through the pipeline: its reply comes after everything submitted before it. */
function barrier(ctx: SessionContext, then: (zxid: number, err: number) => void): void {
  ctx.server.submit(ctx.sessionId, { op: 'sync', path: '/' }, (reply) => then(reply.zxid, reply.err));
}

const WRITE_MULTI_OPS = new Set<number>([
  ZkOpCode.create,
  ZkOpCode.createContainer,
  ZkOpCode.createTTL,
  ZkOpCode.delete,
  ZkOpCode.setData,
  ZkOpCode.check,
]);

/**
 * The node a create makes depends on its opcode as much as on its flags: createContainer always
 * makes a container (a CreateContainerTxn), while a plain create carrying the container flag is
 * applied as a CreateTxn, i.e. a persistent node (DataTree.processTxn).
 */
function createModeOf(type: number, flags: number): CreateModeFlag {
  if (type === ZkOpCode.createContainer) return CreateMode.CONTAINER;
  return (flags === CreateMode.CONTAINER ? CreateMode.PERSISTENT : flags) as CreateModeFlag;
}

function coreOp(op: MultiOp): Op {
  switch (op.type) {
    case ZkOpCode.create:
    case ZkOpCode.createContainer:
    case ZkOpCode.createTTL:
      // SEAM (zk-semantics): TTL nodes need `ttl` in the core's create; on a server without
      // extendedTypesEnabled the core refuses the TTL modes (UNIMPLEMENTED) before it would matter.
      return { type: 'create', path: op.path, data: op.data, acl: op.acl ?? [], mode: createModeOf(op.type, op.flags) };
    case ZkOpCode.delete:
      return { type: 'delete', path: op.path, version: op.version };
    case ZkOpCode.setData:
      return { type: 'setData', path: op.path, data: op.data, version: op.version };
    case ZkOpCode.check:
      return { type: 'check', path: op.path, version: op.version };
    default:
      throw new JuteParseError('Invalid type of op');
  }
}

function multiResult(op: MultiOp, res: OpResult): MultiResult {
  if (res.type === 'error') return { type: ZkOpCode.error, err: res.err };
  if (res.type === 'create')
    return op.type === ZkOpCode.create || res.stat === null
      ? { type: ZkOpCode.create, path: res.path }
      : { type: op.type as typeof ZkOpCode.createContainer, path: res.path, stat: res.stat };
  if (res.type === 'setData') return { type: ZkOpCode.setData, stat: res.stat };
  return { type: res.type === 'delete' ? ZkOpCode.delete : ZkOpCode.check };
}

/** The 4lw `cons` abbreviation of each op (ZooKeeper's `lastOp`). */
const LAST_OP: Record<number, string> = {
  [ZkOpCode.create]: 'CREA',
  [ZkOpCode.create2]: 'CREA',
  [ZkOpCode.createContainer]: 'CREA',
  [ZkOpCode.createTTL]: 'CREA',
  [ZkOpCode.delete]: 'DELE',
  [ZkOpCode.deleteContainer]: 'DELE',
  [ZkOpCode.exists]: 'EXIS',
  [ZkOpCode.getData]: 'GETD',
  [ZkOpCode.setData]: 'SETD',
  [ZkOpCode.getACL]: 'GETA',
  [ZkOpCode.setACL]: 'SETA',
  [ZkOpCode.getChildren]: 'GETC',
  [ZkOpCode.getChildren2]: 'GETC',
  [ZkOpCode.sync]: 'SYNC',
  [ZkOpCode.ping]: 'PING',
  [ZkOpCode.check]: 'CHEC',
  [ZkOpCode.multi]: 'MULT',
  [ZkOpCode.multiRead]: 'MLTR',
  [ZkOpCode.reconfig]: 'RECO',
  [ZkOpCode.checkWatches]: 'CHKW',
  [ZkOpCode.removeWatches]: 'REMW',
  [ZkOpCode.setWatches]: 'SETW',
  [ZkOpCode.setWatches2]: 'STW2',
  [ZkOpCode.addWatch]: 'ADDW',
  [ZkOpCode.getEphemerals]: 'GETE',
  [ZkOpCode.getAllChildrenNumber]: 'GETACN',
  [ZkOpCode.whoAmI]: 'HOMI',
  [ZkOpCode.closeSession]: 'CLOS',
};

/**
 * How one request is answered: its reply frame, through the core or after a barrier. One object
 * per request rather than three closures (the hot path of every pipelined create).
 */
class RequestReply {
  constructor(
    private readonly ctx: SessionContext,
    private readonly xid: number,
    private readonly lastOp: string,
    private readonly answer: (a: Answer) => void,
  ) {}

  reply(zxid: number | bigint, err: number, body?: Body, close?: boolean): void {
    this.answer({ frame: frame(this.xid, zxid, err, body), close, lastOp: this.lastOp });
  }

  viaCore<T>(req: ZkRequest, body: (value: T) => Body | undefined, close?: boolean): void {
    this.ctx.server.submit(this.ctx.sessionId, req, (rep: ZkReply<unknown>) => {
      if (rep.err !== 0) this.reply(rep.zxid, rep.err, undefined, close);
      else this.reply(rep.zxid, 0, body(rep.value as T), close);
    });
  }

  afterBarrier(err: number, body?: Body): void {
    barrier(this.ctx, (zxid, barrierErr) => this.reply(zxid, barrierErr !== 0 ? barrierErr : err, body));
  }
}

/**
 * Handles one frame after the handshake. `answer` is called exactly once, in the order the core
 * releases replies; the auth reply and the refusal of an unknown opcode are immediate, as in ZooKeeper.
 */
export function handleRequest(ctx: SessionContext, payload: Buffer, answer: (a: Answer) => void): void {
  const r = new JuteReader(payload);
  let xid: number;
  let type: number;
  try {
    xid = r.int('xid');
    type = r.int('type');
  } catch (e) {
    answer({ close: true, reason: `Unable to read the request header: ${errorMessage(e)}` });
    return;
  }
  const lastOp = LAST_OP[type] ?? 'NA';
  const q = new RequestReply(ctx, xid, lastOp, answer);

  try {
    switch (type) {
      case ZkOpCode.ping:
        barrier(ctx, (zxid, err) => answer({ frame: frame(Xid.PING, zxid, err), lastOp }));
        return;
      case ZkOpCode.auth: {
        // The core keeps the connection's identities and checks ACLs with them; AUTHFAILED closes
        // the connection (the core has detached it already), not the session.
        const packet = readAuthPacket(r);
        ctx.server.addAuthInfo(ctx.connection, packet.scheme, packet.auth, (err) =>
          answer({ frame: frame(xid, 0, err), close: err !== 0, lastOp }),
        );
        return;
      }
      case ZkOpCode.create:
      case ZkOpCode.create2:
      case ZkOpCode.createContainer:
      case ZkOpCode.createTTL: {
        const c = readCreateRequest(r, type === ZkOpCode.createTTL);
        const isTtlMode = c.flags === CreateMode.PERSISTENT_WITH_TTL || c.flags === CreateMode.PERSISTENT_SEQUENTIAL_WITH_TTL;
        if (type === ZkOpCode.createTTL && !isTtlMode && c.ttl >= 0n) {
          // EphemeralType.validateTTL: a ttl for a mode without one.
          q.afterBarrier(Code.BADARGUMENTS);
          return;
        }
        const mode = createModeOf(type, c.flags);
        q.viaCore<{ path: string; stat: Stat }>(
          { op: 'create', path: c.path, data: c.data, acl: c.acl ?? [], mode: mode as CreateModeFlag },
          (v) => (w) => {
            w.ustring(v.path);
            if (type !== ZkOpCode.create) writeStat(w, v.stat);
          },
        );
        return;
      }
      case ZkOpCode.delete: {
        const d = readPathAndVersion(r);
        q.viaCore({ op: 'delete', ...d }, () => undefined);
        return;
      }
      case ZkOpCode.deleteContainer: {
        // The body is the path's bytes, not a record (PrepRequestProcessor reads request.array()).
        q.viaCore({ op: 'deleteContainer', path: payload.subarray(8).toString('utf8') }, () => undefined);
        return;
      }
      case ZkOpCode.exists: {
        const e = readPathAndWatch(r);
        ctx.server.submit(ctx.sessionId, { op: 'exists', ...e }, (rep) => {
          if (rep.err !== 0) q.reply(rep.zxid, rep.err);
          else if (rep.value === null) q.reply(rep.zxid, Code.NONODE);
          else {
            const stat = rep.value;
            q.reply(rep.zxid, 0, (w) => writeStat(w, stat));
          }
        });
        return;
      }
      case ZkOpCode.getData:
        q.viaCore<{ data: Uint8Array | null; stat: Stat }>({ op: 'getData', ...readPathAndWatch(r) }, (v) => (w) => {
          w.buffer(v.data);
          writeStat(w, v.stat);
        });
        return;
      case ZkOpCode.setData:
        q.viaCore<Stat>({ op: 'setData', ...readSetDataRequest(r) }, (stat) => (w) => writeStat(w, stat));
        return;
      case ZkOpCode.check:
        q.viaCore<Stat>({ op: 'check', ...readPathAndVersion(r) }, (stat) => (w) => writeStat(w, stat));
        return;
      case ZkOpCode.getACL:
        q.viaCore<{ acl: Acl[]; stat: Stat }>({ op: 'getACL', path: r.path('path') }, (v) => (w) => {
          writeAcls(w, v.acl);
          writeStat(w, v.stat);
        });
        return;
      case ZkOpCode.setACL: {
        const s = readSetAclRequest(r);
        q.viaCore<Stat>({ op: 'setACL', path: s.path, acl: s.acl ?? [], version: s.version }, (stat) => (w) => writeStat(w, stat));
        return;
      }
      case ZkOpCode.getChildren:
      case ZkOpCode.getChildren2:
        q.viaCore<{ children: string[]; stat: Stat }>({ op: 'getChildren', ...readPathAndWatch(r) }, (v) => (w) => {
          w.strings(v.children);
          if (type === ZkOpCode.getChildren2) writeStat(w, v.stat);
        });
        return;
      case ZkOpCode.sync:
        q.viaCore<string>({ op: 'sync', path: r.path('path') }, (path) => (w) => w.ustring(path));
        return;
      case ZkOpCode.multi:
        handleMulti(ctx, r, q);
        return;
      case ZkOpCode.multiRead:
        handleMultiRead(ctx, r, q);
        return;
      case ZkOpCode.reconfig:
        readReconfigRequest(r);
        // A standalone server has reconfigEnabled=false: PrepRequestProcessor refuses at once.
        q.afterBarrier(Code.RECONFIGDISABLED);
        return;
      case ZkOpCode.setWatches:
      case ZkOpCode.setWatches2: {
        const s = readSetWatches(r, type === ZkOpCode.setWatches2);
        q.viaCore({ op: 'setWatches', ...s, relativeZxid: Number(s.relativeZxid) }, () => undefined);
        return;
      }
      case ZkOpCode.checkWatches: {
        const c = readPathAndType(r, 'type');
        if (c.type !== WatcherType.Children && c.type !== WatcherType.Data && c.type !== WatcherType.Any)
          throw new JuteParseError(`Invalid WatcherType ${c.type}`);
        barrier(ctx, (zxid, err) => {
          if (err !== 0) return q.reply(zxid, err);
          // As 3.8's containsWatcher: a watch of any session on the path counts.
          const children = ctx.server.anyWatchOn(c.path, 'child');
          const data = ctx.server.anyWatchOn(c.path, 'data');
          const found = c.type === WatcherType.Children ? children : c.type === WatcherType.Data ? data : children || data;
          q.reply(zxid, found ? 0 : Code.NOWATCHER);
        });
        return;
      }
      case ZkOpCode.removeWatches: {
        const c = readPathAndType(r, 'type');
        if (c.type !== WatcherType.Children && c.type !== WatcherType.Data && c.type !== WatcherType.Any)
          throw new JuteParseError(`Invalid WatcherType ${c.type}`);
        q.viaCore({ op: 'removeWatches', path: c.path, type: c.type }, () => undefined);
        return;
      }
      case ZkOpCode.addWatch: {
        const a = readPathAndType(r, 'mode');
        // WatcherMode.fromZooKeeperMode's IllegalArgumentException: FinalRequestProcessor answers MARSHALLINGERROR.
        if (a.type !== 0 && a.type !== 1) throw new JuteParseError(`Unsupported mode: ${a.type}`);
        q.viaCore({ op: 'addWatch', path: a.path, mode: a.type as 0 | 1 }, () => (w) => w.int(0));
        return;
      }
      case ZkOpCode.getEphemerals: {
        const prefix = r.ustring('prefixPath') ?? '';
        // FinalRequestProcessor: a blank prefix or "/" (after String.trim) lists them all.
        const trimmed = javaTrim(prefix);
        q.viaCore<string[]>(
          { op: 'getEphemerals', prefix: trimmed === '' || trimmed === '/' ? '' : prefix },
          (paths) => (w) => w.strings(paths),
        );
        return;
      }
      case ZkOpCode.getAllChildrenNumber:
        q.viaCore<number>({ op: 'getAllChildrenNumber', path: r.path('path') }, (n) => (w) => w.int(n));
        return;
      case ZkOpCode.whoAmI:
        q.afterBarrier(0, (w) => writeClientInfos(w, clientInfosOf(ctx.server.authInfoOf(ctx.sessionId))));
        return;
      case ZkOpCode.sasl:
        // processSasl without a JAAS configuration has no SaslServer: the connection fails, unanswered.
        answer({
          close: true,
          reason: `SASL authentication is not configured; closing the connection of session 0x${ctx.sessionId.toString(16)}`,
        });
        return;
      case ZkOpCode.closeSession:
        q.viaCore({ op: 'closeSession' }, () => undefined, true);
        return;
      default:
        // UnimplementedRequestProcessor: UNIMPLEMENTED with the request's zxid (−1), then the connection is closed.
        answer({ frame: frame(xid, -1, Code.UNIMPLEMENTED), close: true, lastOp });
    }
  } catch (e) {
    if (!(e instanceof JuteParseError)) throw e;
    q.afterBarrier(Code.MARSHALLINGERROR);
  }
}

function handleMulti(ctx: SessionContext, r: JuteReader, q: RequestReply): void {
  const ops = readMultiOps(r);
  // MultiOperationRecord: "Mixing read and write operations (transaction) is not allowed in a multi request."
  if (ops.some((op) => !WRITE_MULTI_OPS.has(op.type))) throw new JuteParseError('read operation in a multi');
  ctx.server.submit(ctx.sessionId, { op: 'multi', ops: ops.map(coreOp) }, (rep) => {
    const results = rep.err === 0 ? rep.value : rep.results;
    // A failed multi still answers err 0 in its header; the errors are in the results.
    if (!results) return q.reply(rep.zxid, rep.err);
    const wire = results.map((res, i) => multiResult(ops[i], res));
    q.reply(rep.zxid, 0, (w) => writeMultiResponse(w, wire));
  });
}

function handleMultiRead(ctx: SessionContext, r: JuteReader, q: RequestReply): void {
  const ops = readMultiOps(r);
  if (ops.some((op) => op.type !== ZkOpCode.getChildren && op.type !== ZkOpCode.getData))
    throw new JuteParseError('write operation in a multiRead');
  // Reads are independent: each goes through the pipeline, all submitted together and answered in order.
  const results: MultiResult[] = [];
  if (ops.length === 0) {
    barrier(ctx, (zxid, err) => q.reply(zxid, err, (w) => writeMultiResponse(w, results)));
    return;
  }
  ops.forEach((op, i) => {
    const done = (rep: ZkReply<unknown>, result: (v: unknown) => MultiResult) => {
      results.push(rep.err === 0 ? result(rep.value) : { type: ZkOpCode.error, err: rep.err });
      if (i === ops.length - 1) q.reply(rep.zxid, 0, (w) => writeMultiResponse(w, results));
    };
    if (op.type === ZkOpCode.getChildren) {
      ctx.server.submit(ctx.sessionId, { op: 'getChildren', path: op.path, watch: false }, (rep) =>
        done(rep, (v) => ({ type: ZkOpCode.getChildren, children: (v as { children: string[] }).children })),
      );
    } else {
      ctx.server.submit(ctx.sessionId, { op: 'getData', path: op.path, watch: false }, (rep) =>
        done(rep, (v) => ({ type: ZkOpCode.getData, ...(v as { data: Uint8Array | null; stat: Stat }) })),
      );
    }
  });
}
