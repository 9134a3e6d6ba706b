import type { Executor } from '../platform/executor';
import { microtaskExecutor } from '../platform/executor';
import type { Time } from '../platform/scheduler';
import type { AuthId } from './acl';
import { permits } from './acl';
import { ConnectionAuths, LOOPBACK_ADDRESS } from './connection-auth';
import type { ContainerManagerConfig } from './container-manager';
import { ContainerManager, DEFAULT_CONTAINER_MANAGER_CONFIG } from './container-manager';
import { DataTree, type EphemeralPaths } from './data-tree';
import type { ZooKeeperServerEndpoint } from './server-endpoint';
import { Code, KeeperException } from './errors';
import type { StoredSession, ZkCommit, ZkPersistence, ZkSnapshotHeader } from './persistence';
import type { ZkReply, ZkRequest, ZkResultMap } from './requests';
import { WRITE_OPS } from './requests';
import type { TxnContext } from './request-processor';
import { JUTE_MAX_BUFFER, MultiFailure, RequestProcessor } from './request-processor';
import { serializedRequestLength } from './jute-size';
import type { SessionLimits } from './session-tracker';
import { SessionTracker, sessionPassword } from './session-tracker';
import type { WatchedEvent } from './types';
import { KeeperState, Perms } from './types';
import { WatchManager } from './watch-manager';
import type { WatchNotification } from './watch-manager';

export interface ZooKeeperServerConfig extends SessionLimits, ContainerManagerConfig {
  /** `jute.maxbuffer`: the longest request packet accepted (header and serialized request). */
  juteMaxBufferBytes: number;
  /** Standalone server id (`myid`), the top byte of every session id. */
  serverId: number;
  /** Most requests taken into one group commit. */
  maxBatchSize: number;
  /**
   * `zookeeper.DigestAuthenticationProvider.superDigest` (`super:<base64 sha1>`): a connection that
   * authenticates with that digest passes every ACL check. Off (null) as on a default server.
   */
  superDigest: string | null;
}

/** Nodes read per page when opening the store (about 5 ms of work each). */
const LOAD_PAGE_SIZE = 1000;

/** The sample `zoo.cfg` Kafka ships: tickTime 2000, so sessions of 4 s to 40 s. */
export const DEFAULT_ZOOKEEPER_CONFIG: ZooKeeperServerConfig = {
  tickTimeMs: 2000,
  minSessionTimeoutMs: 4000,
  maxSessionTimeoutMs: 40000,
  juteMaxBufferBytes: JUTE_MAX_BUFFER,
  serverId: 0,
  maxBatchSize: 1000,
  superDigest: null,
  ...DEFAULT_CONTAINER_MANAGER_CONFIG,
};

/** The server's side of one client connection. */
export interface ServerConnection {
  /** A watch notification; called from a microtask, in zxid order, before replies that reflect it. */
  notify(event: WatchedEvent): void;
  /** The session is gone: closed by its owner or expired by the server. */
  sessionEnded(state: 'expired' | 'closed'): void;
  /**
   * The socket under the session closed (a remote endpoint's): the client goes into its
   * connection-lost handling at once, as ClientCnxn's SendThread does, without waiting for a call.
   */
  socketClosed?(): void;
  /**
   * The peer's address as `InetAddress.getHostAddress()` prints it: the connection's `ip` identity
   * and what the server's log names; 127.0.0.1 when absent (the in-process clients).
   */
  readonly remoteAddress?: string;
}

export interface SessionHandshake {
  sessionId: bigint;
  password: Uint8Array;
  negotiatedTimeoutMs: number;
}

/** What observers (the event log, the node editor) are told after each commit. */
export type ZkServerEvent =
  | { kind: 'txn'; zxid: number; timeMs: number; sessionId: bigint; op: ZkRequest['op'] | 'createSession'; path?: string; err: number }
  | { kind: 'watch-fired'; zxid: number; sessionId: bigint; type: number; path: string }
  | { kind: 'session-expired'; sessionId: bigint }
  /** The server dropped a client's connection (NIOServerCnxn's "Close of session" warning). */
  | { kind: 'connection-closed'; sessionId: bigint; message: string }
  | { kind: 'store-failed'; message: string };

type Pending =
  | { kind: 'request'; sessionId: bigint; conn: ServerConnection | undefined; req: ZkRequest; onReply: (reply: ZkReply<unknown>) => void }
  | { kind: 'createSession'; conn: ServerConnection; timeoutMs: number; onDone: (r: SessionHandshake | KeeperException) => void }
  | { kind: 'resumeSession'; conn: ServerConnection; sessionId: bigint; password: Uint8Array; onDone: (r: SessionHandshake | KeeperException) => void }
  | { kind: 'expire'; sessionId: bigint }
  | { kind: 'auth'; conn: ServerConnection; scheme: string; auth: Uint8Array | null; onDone: (err: typeof Code.OK | typeof Code.AUTHFAILED) => void };

/**
 * Whether one session sent the whole batch. Syncing off the event loop pays only when other
 * sessions' requests can be processed meanwhile: one session waits for its replies anyway, and the
 * hand-off to another thread only adds to its latency, so its batches sync inline (unless a sync
 * is running: commits must reach the disk in order).
 */
function fromOneSession(batch: readonly Pending[]): boolean {
  let first: bigint | undefined;
  for (const item of batch) {
    const sessionId = item.kind === 'request' || item.kind === 'expire' || item.kind === 'resumeSession' ? item.sessionId : undefined;
    if (sessionId === undefined) return false;
    if (first === undefined) first = sessionId;
    else if (sessionId !== first) return false;
  }
  return true;
}

/** A batch waiting for its commit, or one before it, to be on disk. */
interface Syncing {
  durable: boolean;
  release: () => void;
}

/**
 * The emulated ZooKeeper ensemble (a standalone server): one ordered request pipeline, group commit
 * to the persistence port, and delivery of watch notifications and replies once the commit is
 * durable. Every component of the emulated cluster is a client of it through `ZooKeeperClient`.
 *
 * Requests are processed in arrival order against the in-memory tree; the writes of one batch become
 * durable in a single transaction (as ZooKeeper's SyncRequestProcessor groups its log flushes), and
 * only then are watches delivered and replies released — nothing is acknowledged before it is durable.
 * A store that syncs off the event loop (`commitThenSync`) lets the next batches be processed while
 * the sync runs, as SyncRequestProcessor's thread does; their replies wait behind it, in order.
 */
export class ZooKeeperServer implements ZooKeeperServerEndpoint {
  private readonly watches = new WatchManager();
  private readonly processor: RequestProcessor;
  private readonly sessions: SessionTracker;
  private readonly containerManager: ContainerManager;
  private readonly connections = new Map<bigint, ServerConnection>();
  /** Each connection's identities (`ServerCnxn.authInfo`): they belong to the connection, not the session. */
  private readonly connectionAuth: ConnectionAuths<ServerConnection>;
  private readonly listeners = new Set<(event: ZkServerEvent) => void>();
  private queue: Pending[] = [];
  private flushScheduled = false;
  private idleWaiters: Array<() => void> = [];
  /** Batches whose commit is written but not yet on disk (`commitThenSync`), with those behind them. */
  private readonly syncing: Syncing[] = [];
  private inFlightDeliveries = 0;
  private zxid: number;
  private failure: string | null = null;
  private closed = false;

  private constructor(
    private readonly time: Time,
    private readonly persistence: ZkPersistence,
    readonly config: ZooKeeperServerConfig,
    private readonly executor: Executor,
    private readonly tree: DataTree,
    header: ZkSnapshotHeader,
  ) {
    this.zxid = header.lastZxid;
    this.connectionAuth = new ConnectionAuths(config.superDigest ?? null);
    this.processor = new RequestProcessor(this.tree, this.watches);
    this.sessions = new SessionTracker(time, config, (sid) => this.enqueue({ kind: 'expire', sessionId: sid }), config.serverId);
    // Sessions outlive a restart: their owners get one more timeout to come back (as after an ensemble restart).
    for (const s of header.sessions) {
      this.sessions.reserveIdsAbove(s.sessionId);
      this.sessions.add(s.sessionId, s.timeoutMs);
    }
    this.sessions.start();
    this.containerManager = new ContainerManager(tree, time, config, (path) => this.postDeleteContainer(path));
    this.containerManager.start();
  }

  /** The container manager's request: no session, and nobody to answer. */
  private postDeleteContainer(path: string): void {
    this.enqueue({ kind: 'request', sessionId: 0n, conn: undefined, req: { op: 'deleteContainer', path }, onReply: () => undefined });
  }

  /** Opens the store at once (tests, tools). The app uses `openSliced` to keep its event loop free. */
  static open(time: Time, persistence: ZkPersistence, config: Partial<ZooKeeperServerConfig> = {}, executor: Executor = microtaskExecutor): ZooKeeperServer {
    const tree = new DataTree();
    for (const page of persistence.loadNodePages(LOAD_PAGE_SIZE)) tree.insertStored(page);
    return ZooKeeperServer.create(time, persistence, config, executor, tree);
  }

  /** Opens the store a page at a time, yielding to the event loop between pages. */
  static async openSliced(time: Time, persistence: ZkPersistence, config: Partial<ZooKeeperServerConfig> = {}, executor: Executor = microtaskExecutor): Promise<ZooKeeperServer> {
    const tree = new DataTree();
    for (const page of persistence.loadNodePages(LOAD_PAGE_SIZE)) {
      tree.insertStored(page);
      await executor.yield();
    }
    return ZooKeeperServer.create(time, persistence, config, executor, tree);
  }

  private static create(time: Time, persistence: ZkPersistence, config: Partial<ZooKeeperServerConfig>, executor: Executor, loaded: DataTree): ZooKeeperServer {
    const header = persistence.loadHeader();
    const fresh = loaded.size === 0;
    const tree = fresh ? DataTree.initial() : loaded;
    if (!tree.get('/')) throw new Error('the stored ZooKeeper tree has no root node');
    if (fresh) {
      const paths = [...tree.paths()];
      persistence.commit({ lastZxid: header.lastZxid, upserts: paths.map((p) => tree.get(p)!.toStored(p)), deletes: [], sessionUpserts: [], sessionDeletes: [] });
    }
    return new ZooKeeperServer(time, persistence, { ...DEFAULT_ZOOKEEPER_CONFIG, ...config }, executor, tree, header);
  }

  /** The last committed zxid. */
  get lastZxid(): number {
    return this.zxid;
  }

  get nodeCount(): number {
    return this.tree.size;
  }

  /** Sessions owning ephemerals, with their paths (what `dump` and `mntr` read). */
  ephemerals(): ReadonlyMap<bigint, EphemeralPaths> {
    return this.tree.ephemerals();
  }

  /** Path plus data lengths over all znodes, as `mntr`'s zk_approximate_data_size. */
  get approximateDataSize(): number {
    return this.tree.approximateDataSize();
  }

  get failed(): string | null {
    return this.failure;
  }

  /** Live sessions with their negotiated timeouts, for the UI and tests. */
  sessionIds(): bigint[] {
    return this.sessions.ids();
  }

  sessionExpiresAtMs(sessionId: bigint): number | undefined {
    return this.sessions.expiresAtOf(sessionId);
  }

  watchesOf(sessionId: bigint) {
    return this.watches.watchesOf(sessionId);
  }

  /** checkWatches' test (see `WatchManager.anyWatchOn`). */
  anyWatchOn(path: string, table: 'data' | 'child'): boolean {
    return this.watches.anyWatchOn(path, table);
  }

  get watchCount(): number {
    return this.watches.watchCount;
  }

  subscribe(listener: (event: ZkServerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  createSession(conn: ServerConnection, requestedTimeoutMs: number): Promise<SessionHandshake> {
    return new Promise((resolve, reject) => {
      this.enqueue({
        kind: 'createSession',
        conn,
        timeoutMs: this.sessions.negotiateTimeout(requestedTimeoutMs),
        onDone: (r) => (r instanceof KeeperException ? reject(r) : resolve(r)),
      });
    });
  }

  /** Reattaches a connection to a live session (after a disconnect or a restart of the store). */
  resumeSession(conn: ServerConnection, sessionId: bigint, password: Uint8Array): Promise<SessionHandshake> {
    return new Promise((resolve, reject) => {
      this.enqueue({ kind: 'resumeSession', conn, sessionId, password, onDone: (r) => (r instanceof KeeperException ? reject(r) : resolve(r)) });
    });
  }

  /**
   * A request read from the session's connection. A packet longer than `jute.maxbuffer` is never
   * read: the server closes the connection instead (the session stays) and answers false; the
   * request is never answered, nor is anything else sent on that connection.
   */
  submit<R extends ZkRequest>(sessionId: bigint, req: R, onReply: (reply: ZkReply<ZkResultMap[R['op']]>) => void): boolean {
    // The Java client sends SetWatches in batches of at most 128 KB, so those never hit the limit.
    const length = req.op === 'setWatches' ? 0 : serializedRequestLength(req);
    if (length > this.config.juteMaxBufferBytes) {
      this.closeConnection(sessionId, length);
      return false;
    }
    // Like ZooKeeper's Request, it carries the connection it came on: a reconnect later does not change whose it is.
    const conn = this.connections.get(sessionId);
    this.enqueue({ kind: 'request', sessionId, conn, req, onReply: onReply as (reply: ZkReply<unknown>) => void });
    return true;
  }

  /** NIOServerCnxn.readLength's "Len error": the connection goes, with its watches; the session stays. */
  private closeConnection(sessionId: bigint, length: number): void {
    const conn = this.connections.get(sessionId);
    const from = `/${conn?.remoteAddress ?? LOOPBACK_ADDRESS}`;
    const message =
      `Close of session 0x${sessionId.toString(16)} java.io.IOException: Len error. A message from ${from} with advertised length of ${length} ` +
      `is either a malformed message or too large to process (length is greater than jute.maxbuffer=${this.config.juteMaxBufferBytes})`;
    this.emit({ kind: 'connection-closed', sessionId, message });
    if (conn) this.detach(sessionId, conn);
  }

  /**
   * An AuthPacket (`addauth scheme auth`) on `conn`, in order with the requests around it. `digest`
   * adds `user:base64(sha1(auth))` (and `super` for the super digest), `ip` the peer address. Any
   * other scheme, or digest without data, is AUTHFAILED, and the server drops the connection as
   * ZooKeeper closes it (the session lives on until it expires): a wire server closes its socket.
   */
  addAuthInfo(conn: ServerConnection, scheme: string, auth: Uint8Array | null, onDone: (err: typeof Code.OK | typeof Code.AUTHFAILED) => void): void {
    this.enqueue({ kind: 'auth', conn, scheme, auth, onDone });
  }

  /** The identities of the session's current connection (ZooKeeper's `whoami`); empty without one. */
  authInfoOf(sessionId: bigint): readonly AuthId[] {
    const conn = this.connections.get(sessionId);
    return conn ? this.connectionAuth.of(conn).ids() : [];
  }

  /** A ping: the session's owner is alive. False if the session is gone. */
  touch(sessionId: bigint): boolean {
    return this.sessions.touch(sessionId);
  }

  /** The connection dropped: the session lives on until it expires, its watches go with the connection. */
  detach(sessionId: bigint, conn: ServerConnection): void {
    if (this.connections.get(sessionId) === conn) {
      this.connections.delete(sessionId);
      this.watches.removeSession(sessionId);
    }
  }

  /** Resolves once every queued request is committed and every delivery made. */
  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops the server; sessions stay in the store and expire after a restart unless resumed. */
  close(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.sessions.stop();
    this.containerManager.stop();
    this.persistence.close();
  }

  // ---- pipeline ----

  private enqueue(item: Pending): void {
    if (this.closed) {
      this.rejectClosed(item);
      return;
    }
    this.queue.push(item);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      this.executor.execute(() => this.flush());
    }
  }

  private rejectClosed(item: Pending): void {
    const err = new KeeperException(Code.CONNECTIONLOSS, undefined, 'the ZooKeeper server is closed');
    if (item.kind === 'request') queueMicrotask(() => item.onReply({ err: Code.CONNECTIONLOSS, zxid: this.zxid, detail: err.detail }));
    else if (item.kind === 'auth') queueMicrotask(() => item.onDone(Code.AUTHFAILED));
    else if (item.kind !== 'expire') queueMicrotask(() => item.onDone(err));
  }

  private isIdle(): boolean {
    return this.queue.length === 0 && !this.flushScheduled && this.inFlightDeliveries === 0 && this.syncing.length === 0;
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.queue.length === 0) {
      this.checkIdle();
      return;
    }
    const batch = this.queue.splice(0, this.config.maxBatchSize);
    if (this.queue.length > 0) {
      this.flushScheduled = true;
      this.executor.execute(() => this.flush());
    }
    const deliveries: Array<() => void> = [];
    const commit: ZkCommit = { lastZxid: this.zxid, upserts: [], deletes: [], sessionUpserts: [], sessionDeletes: [] };
    const dirty = new Set<string>();
    const events: ZkServerEvent[] = [];
    for (const item of batch) this.processItem(item, deliveries, commit, dirty, events);

    const release = () => this.release(deliveries, events);
    if (this.failure === null && (dirty.size > 0 || commit.sessionUpserts.length > 0 || commit.sessionDeletes.length > 0 || commit.lastZxid !== this.zxid)) {
      for (const path of dirty) {
        const node = this.tree.get(path);
        if (node) commit.upserts.push(node.toStored(path));
        else commit.deletes.push(path);
      }
      commit.lastZxid = this.zxid;
      const entry: Syncing = { durable: false, release };
      try {
        if (this.persistence.commitThenSync && (this.syncing.length > 0 || !fromOneSession(batch))) {
          this.persistence.commitThenSync(commit, (error) => {
            entry.durable = true;
            // After a failed sync nothing later is acknowledged, even if its own sync succeeded.
            if (error || this.failure !== null) entry.release = () => this.storeFailed(error ?? this.failure, batch);
            this.releaseDurable();
          });
          this.syncing.push(entry);
          return;
        }
        this.persistence.commit(commit);
      } catch (e) {
        this.storeFailed(e, batch);
        return;
      }
    }
    // A batch that wrote nothing still answers only after the commits before it are durable: its
    // reads may show their changes, and a session's replies keep its order.
    if (this.syncing.length > 0) this.syncing.push({ durable: true, release });
    else release();
  }

  /** Releases, in commit order, every batch whose commit (and every one before it) is durable. */
  private releaseDurable(): void {
    while (this.syncing.length > 0 && this.syncing[0].durable) (this.syncing.shift() as Syncing).release();
    this.checkIdle();
  }

  private release(deliveries: Array<() => void>, events: ZkServerEvent[]): void {
    this.inFlightDeliveries += deliveries.length;
    for (const deliver of deliveries) {
      queueMicrotask(() => {
        try {
          deliver();
        } finally {
          this.inFlightDeliveries--;
          this.checkIdle();
        }
      });
    }
    for (const event of events) this.emit(event);
    this.checkIdle();
  }

  private checkIdle(): void {
    if (!this.isIdle() || this.idleWaiters.length === 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  private processItem(item: Pending, deliveries: Array<() => void>, commit: ZkCommit, dirty: Set<string>, events: ZkServerEvent[]): void {
    if (this.failure !== null) {
      const detail = `the metadata store failed: ${this.failure}`;
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
  private runCloseSession(sessionId: bigint, byOwner: boolean, deliveries: Array<() => void>, commit: ZkCommit, dirty: Set<string>, events: ZkServerEvent[]): void {
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

  private processRequest(item: Extract<Pending, { kind: 'request' }>, deliveries: Array<() => void>, commit: ZkCommit, dirty: Set<string>, events: ZkServerEvent[]): void {
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
        deliveries.push(() => onReply({ err: e.cause.code as Exclude<typeof e.cause.code, 0>, zxid, path: e.cause.path, detail: e.cause.detail, results: e.results }));
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

  private queueNotifications(notifications: WatchNotification[], zxid: number, deliveries: Array<() => void>, events: ZkServerEvent[]): void {
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

  private storeFailed(error: unknown, batch: Pending[]): void {
    // The in-memory tree is now ahead of the disk: stop acknowledging anything. Reopening the
    // workspace reloads the last durable state, which holds every acknowledged write.
    if (this.failure === null) {
      this.failure = error instanceof Error ? error.message : String(error);
      this.emit({ kind: 'store-failed', message: this.failure });
    }
    const detail = `the metadata store failed: ${this.failure}`;
    for (const item of batch) {
      if (item.kind === 'request') queueMicrotask(() => item.onReply({ err: Code.SYSTEMERROR, zxid: this.zxid, detail }));
      else if (item.kind === 'auth') queueMicrotask(() => item.onDone(Code.AUTHFAILED));
      else if (item.kind !== 'expire') queueMicrotask(() => item.onDone(new KeeperException(Code.SYSTEMERROR, undefined, detail)));
    }
    this.checkIdle();
  }

  private emit(event: ZkServerEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // An observer's bug must not stop the pipeline.
      }
    }
  }
}
