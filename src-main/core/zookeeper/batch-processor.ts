import type { AuthId } from './acl';
import { permits } from './acl';
import type { ConnectionAuths } from './connection-auth';
import type { DataTree } from './data-tree';
import { Code, KeeperException } from './errors';
import type { StoredSession, ZkCommit } from './persistence';
import type { ZkReply, ZkRequest } from './requests';
import { WRITE_OPS } from './requests';
import type { TxnContext } from './request-processor';
import { MultiFailure, RequestProcessor } from './request-processor';
import type { ServerConnection, SessionHandshake } from './server-endpoint';
import type { SessionTracker } from './session-tracker';
import { sessionPassword } from './session-tracker';
import type { ZkServerEvent } from './server-events';
import type { WatchedEvent } from './types';
import { KeeperState, Perms } from './types';
import type { WatchManager, WatchNotification } from './watch-manager';
import type { Time } from '../platform/scheduler';

/** An item of the server's queue: a request, a session's start, resumption or expiry, an AuthPacket. */
export type Pending =
  | { kind: 'request'; sessionId: bigint; conn: ServerConnection | undefined; req: ZkRequest; onReply: (reply: ZkReply<unknown>) => void }
  | { kind: 'createSession'; conn: ServerConnection; timeoutMs: number; onDone: (r: SessionHandshake | KeeperException) => void }
  | {
      kind: 'resumeSession';
      conn: ServerConnection;
      sessionId: bigint;
      password: Uint8Array;
      onDone: (r: SessionHandshake | KeeperException) => void;
    }
  | { kind: 'expire'; sessionId: bigint }
  | {
      kind: 'auth';
      conn: ServerConnection;
      scheme: string;
      auth: Uint8Array | null;
      onDone: (err: typeof Code.OK | typeof Code.AUTHFAILED) => void;
    };

/** What applying a batch gives the group commit: its writes, and what waits for them to be durable. */
export interface AppliedBatch {
  /** Replies and notifications, made once the commit (and every one before it) is on disk. */
  deliveries: Array<() => void>;
  commit: ZkCommit;
  /** Paths whose node changed: the commit's upserts and deletes. */
  dirty: Set<string>;
  /** What observers are told once the batch is durable. */
  events: ZkServerEvent[];
}

/**
 * ZooKeeper's request pipeline before the log (PrepRequestProcessor and FinalRequestProcessor in
 * one): applies each queued item in arrival order to the sessions, the connections' identities and
 * the in-memory tree, takes the zxids, and collects the batch's writes, replies and notifications.
 * Nothing it collects leaves before the server has made the commit durable.
 */
export class BatchProcessor {
  private readonly processor: RequestProcessor;

  constructor(
    private readonly time: Time,
    tree: DataTree,
    private readonly watches: WatchManager,
    private readonly sessions: SessionTracker,
    /** Each session's current connection (shared with the server, which reads and drops them). */
    private readonly connections: Map<bigint, ServerConnection>,
    private readonly connectionAuth: ConnectionAuths<ServerConnection>,
    /** The last zxid taken. */
    public zxid: number,
  ) {
    this.processor = new RequestProcessor(tree, watches);
  }

  /** Applies `batch`; after a store failure (`failure`) every item is answered with it instead. */
  apply(batch: readonly Pending[], failure: string | null): AppliedBatch {
    const applied: AppliedBatch = {
      deliveries: [],
      commit: { lastZxid: this.zxid, upserts: [], deletes: [], sessionUpserts: [], sessionDeletes: [] },
      dirty: new Set<string>(),
      events: [],
    };
    for (const item of batch) this.processItem(item, failure, applied.deliveries, applied.commit, applied.dirty, applied.events);
    return applied;
  }

  /** The connection dropped: the session lives on until it expires, its watches go with the connection. */
  detach(sessionId: bigint, conn: ServerConnection): void {
    if (this.connections.get(sessionId) === conn) {
      this.connections.delete(sessionId);
      this.watches.removeSession(sessionId);
    }
  }

  private processItem(
    item: Pending,
    failure: string | null,
    deliveries: Array<() => void>,
    commit: ZkCommit,
    dirty: Set<string>,
    events: ZkServerEvent[],
  ): void {
    if (failure !== null) {
      const detail = `the metadata store failed: ${failure}`;
      if (item.kind === 'request') deliveries.push(() => item.onReply({ err: Code.SYSTEMERROR, zxid: this.zxid, detail }));
      else if (item.kind === 'auth') deliveries.push(() => item.onDone(Code.AUTHFAILED));
      else if (item.kind !== 'expire') deliveries.push(() => item.onDone(new KeeperException(Code.SYSTEMERROR, undefined, detail)));
      return;
    }
    switch (item.kind) {
      case 'createSession': {
        const sessionId = this.sessions.allocateSessionId();
        const zxid = ++this.zxid;
        this.sessions.add(sessionId, item.timeoutMs);
        this.attach(sessionId, item.conn);
        commit.sessionUpserts.push({ sessionId, timeoutMs: item.timeoutMs } satisfies StoredSession);
        events.push({ kind: 'txn', zxid, timeMs: this.time.nowMs(), sessionId, op: 'createSession', err: 0 });
        const handshake = { sessionId, password: sessionPassword(sessionId), negotiatedTimeoutMs: item.timeoutMs };
        deliveries.push(() => item.onDone(handshake));
        return;
      }
      case 'resumeSession': {
        const expected = sessionPassword(item.sessionId);
        const valid = this.sessions.has(item.sessionId) && expected.every((b, i) => b === item.password[i]) && item.password.length === 16;
        if (!valid) {
          deliveries.push(() => item.onDone(new KeeperException(Code.SESSIONEXPIRED)));
          return;
        }
        const previous = this.connections.get(item.sessionId);
        if (previous && previous !== item.conn) this.watches.removeSession(item.sessionId);
        this.attach(item.sessionId, item.conn);
        this.sessions.touch(item.sessionId);
        const timeoutMs = this.sessions.timeoutOf(item.sessionId) as number;
        deliveries.push(() => item.onDone({ sessionId: item.sessionId, password: expected, negotiatedTimeoutMs: timeoutMs }));
        return;
      }
      case 'expire': {
        events.push({ kind: 'session-expired', sessionId: item.sessionId });
        const conn = this.connections.get(item.sessionId);
        this.runCloseSession(item.sessionId, false, deliveries, commit, dirty, events);
        if (conn) deliveries.push(() => conn.sessionEnded('expired'));
        return;
      }
      case 'auth':
        this.processAuth(item, deliveries);
        return;
      case 'request':
        this.processRequest(item, deliveries, commit, dirty, events);
    }
  }

  /**
   * A connection (re)established: it starts with its `ip` identity only, as a new ServerCnxn does;
   * a reconnecting client sends its auth again (ClientCnxn.primeConnection).
   */
  private attach(sessionId: bigint, conn: ServerConnection): void {
    this.connections.set(sessionId, conn);
    this.connectionAuth.reset(conn);
  }

  private processAuth(item: Extract<Pending, { kind: 'auth' }>, deliveries: Array<() => void>): void {
    if (!this.connectionAuth.add(item.conn, item.scheme, item.auth)) {
      // ZooKeeperServer.processPacket: answer AUTHFAILED, then close the connection (not the session).
      for (const [sessionId, conn] of this.connections) if (conn === item.conn) this.detach(sessionId, conn);
      deliveries.push(() => item.onDone(Code.AUTHFAILED));
      return;
    }
    deliveries.push(() => item.onDone(Code.OK));
  }

  /**
   * The closeSession transaction: the session's ephemerals go under one zxid. A session closed by
   * its owner is still connected while the transaction applies, so it is told of its own
   * ephemerals' deletion before the close is answered (the notifications are queued on its
   * connection first; NIOServerCnxn.sendCloseSession comes after the reply). An expired session's
   * connection is closed by the server instead, and what was queued on it is lost.
   */
  private runCloseSession(
    sessionId: bigint,
    byOwner: boolean,
    deliveries: Array<() => void>,
    commit: ZkCommit,
    dirty: Set<string>,
    events: ZkServerEvent[],
  ): void {
    const ctx = this.newContext(sessionId, ++this.zxid);
    this.processor.process({ op: 'closeSession' }, ctx);
    this.sessions.remove(sessionId);
    if (!byOwner) this.connections.delete(sessionId);
    commit.sessionDeletes.push(sessionId);
    for (const p of ctx.dirtyPaths) dirty.add(p);
    events.push({ kind: 'txn', zxid: ctx.zxid, timeMs: ctx.timeMs, sessionId, op: 'closeSession', err: 0 });
    this.queueNotifications(this.watches.trigger(ctx.triggers), ctx.zxid, deliveries, events);
    this.watches.removeSession(sessionId);
    this.connections.delete(sessionId);
  }

  private processRequest(
    item: Extract<Pending, { kind: 'request' }>,
    deliveries: Array<() => void>,
    commit: ZkCommit,
    dirty: Set<string>,
    events: ZkServerEvent[],
  ): void {
    const { sessionId, req, onReply } = item;
    if (item.conn && this.connectionAuth.isClosed(item.conn)) {
      deliveries.push(() => onReply({ err: Code.CONNECTIONLOSS, zxid: this.zxid }));
      return;
    }
    if (req.op !== 'deleteContainer' && !this.sessions.has(sessionId)) {
      deliveries.push(() => onReply({ err: Code.SESSIONEXPIRED, zxid: this.zxid }));
      return;
    }
    this.sessions.touch(sessionId);
    if (req.op === 'closeSession') {
      const zxidBefore = this.zxid;
      this.runCloseSession(sessionId, true, deliveries, commit, dirty, events);
      deliveries.push(() => onReply({ err: 0, zxid: zxidBefore + 1, value: null }));
      return;
    }
    const isWrite = WRITE_OPS.has(req.op);
    const ctx = this.newContext(sessionId, isWrite ? ++this.zxid : -1, item.conn ? this.connectionAuth.of(item.conn).ids() : []);
    const path = 'path' in req ? req.path : undefined;
    try {
      const value = this.processor.process(req, ctx);
      for (const p of ctx.dirtyPaths) dirty.add(p);
      if (isWrite) events.push({ kind: 'txn', zxid: ctx.zxid, timeMs: ctx.timeMs, sessionId, op: req.op, path, err: 0 });
      this.queueNotifications(this.watches.trigger(ctx.triggers), ctx.zxid, deliveries, events);
      this.queueNotifications(ctx.immediate, this.zxid, deliveries, events);
      const zxid = this.zxid;
      deliveries.push(() => onReply({ err: 0, zxid, value }));
    } catch (e) {
      // A failed write still took a zxid (ZooKeeper logs an ErrorTxn for it), so the counter stays moved.
      const zxid = this.zxid;
      if (e instanceof MultiFailure) {
        events.push({ kind: 'txn', zxid: ctx.zxid, timeMs: ctx.timeMs, sessionId, op: req.op, path: e.cause.path, err: e.cause.code });
        deliveries.push(() =>
          onReply({
            err: e.cause.code as Exclude<typeof e.cause.code, 0>,
            zxid,
            path: e.cause.path,
            detail: e.cause.detail,
            results: e.results,
          }),
        );
      } else if (e instanceof KeeperException) {
        if (isWrite) events.push({ kind: 'txn', zxid: ctx.zxid, timeMs: ctx.timeMs, sessionId, op: req.op, path, err: e.code });
        deliveries.push(() => onReply({ err: e.code as Exclude<typeof e.code, 0>, zxid, path: e.path, detail: e.detail }));
      } else {
        throw e;
      }
    }
  }

  private newContext(sessionId: bigint, zxid: number, authInfo: readonly AuthId[] = []): TxnContext {
    return { sessionId, authInfo, zxid, timeMs: this.time.nowMs(), undo: [], triggers: [], dirtyPaths: new Set(), immediate: [] };
  }

  private queueNotifications(
    notifications: WatchNotification[],
    zxid: number,
    deliveries: Array<() => void>,
    events: ZkServerEvent[],
  ): void {
    for (const n of notifications) {
      const conn = this.connections.get(n.sessionId);
      if (!conn) continue;
      // CVE-2024-23944's fix (in Debian's 3.8.0, upstream 3.8.4): ServerCnxn.process(event, acl)
      // drops an event on a node the watcher's connection may not READ; a one-shot watch is spent.
      if (n.acl && !permits(n.acl, Perms.READ, this.connectionAuth.of(conn).ids())) continue;
      const event: WatchedEvent = { type: n.type, state: KeeperState.SyncConnected, path: n.path, zxid };
      events.push({ kind: 'watch-fired', zxid, sessionId: n.sessionId, type: n.type, path: n.path });
      deliveries.push(() => conn.notify(event));
    }
  }
}
