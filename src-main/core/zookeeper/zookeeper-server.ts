import { errorMessage } from '../common/throwable';
import type { Executor } from '../platform/executor';
import { microtaskExecutor } from '../platform/executor';
import type { Time } from '../platform/scheduler';
import type { AuthId } from './acl';
import type { Pending } from './batch-processor';
import { BatchProcessor } from './batch-processor';
import { ConnectionAuths, LOOPBACK_ADDRESS } from './connection-auth';
import type { ContainerManagerConfig } from './container-manager';
import { ContainerManager, DEFAULT_CONTAINER_MANAGER_CONFIG } from './container-manager';
import { DataTree, type EphemeralPaths } from './data-tree';
import type { ServerConnection, SessionHandshake, ZooKeeperServerEndpoint } from './server-endpoint';
import { Code, KeeperException } from './errors';
import type { ZkPersistence, ZkSnapshotHeader } from './persistence';
import type { ZkReply, ZkRequest, ZkResultMap } from './requests';
import { JUTE_MAX_BUFFER } from './request-processor';
import { serializedRequestLength } from './jute-size';
import type { ZkServerEvent } from './server-events';
import type { SessionLimits } from './session-tracker';
import { SessionTracker } from './session-tracker';
import { WatchManager } from './watch-manager';

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
  private readonly batches: BatchProcessor;
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
    this.connectionAuth = new ConnectionAuths(config.superDigest ?? null);
    this.sessions = new SessionTracker(time, config, (sid) => this.enqueue({ kind: 'expire', sessionId: sid }), config.serverId);
    this.batches = new BatchProcessor(time, tree, this.watches, this.sessions, this.connections, this.connectionAuth, header.lastZxid);
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
  static open(
    time: Time,
    persistence: ZkPersistence,
    config: Partial<ZooKeeperServerConfig> = {},
    executor: Executor = microtaskExecutor,
  ): ZooKeeperServer {
    const tree = new DataTree();
    for (const page of persistence.loadNodePages(LOAD_PAGE_SIZE)) tree.insertStored(page);
    return ZooKeeperServer.create(time, persistence, config, executor, tree);
  }

  /** Opens the store a page at a time, yielding to the event loop between pages. */
  static async openSliced(
    time: Time,
    persistence: ZkPersistence,
    config: Partial<ZooKeeperServerConfig> = {},
    executor: Executor = microtaskExecutor,
  ): Promise<ZooKeeperServer> {
    const tree = new DataTree();
    for (const page of persistence.loadNodePages(LOAD_PAGE_SIZE)) {
      tree.insertStored(page);
      await executor.yield();
    }
    return ZooKeeperServer.create(time, persistence, config, executor, tree);
  }

  private static create(
    time: Time,
    persistence: ZkPersistence,
    config: Partial<ZooKeeperServerConfig>,
    executor: Executor,
    loaded: DataTree,
  ): ZooKeeperServer {
    const header = persistence.loadHeader();
    const fresh = loaded.size === 0;
    const tree = fresh ? DataTree.initial() : loaded;
    if (!tree.get('/')) throw new Error('the stored ZooKeeper tree has no root node');
    if (fresh) {
      const paths = [...tree.paths()];
      persistence.commit({
        lastZxid: header.lastZxid,
        upserts: paths.map((p) => tree.get(p)!.toStored(p)),
        deletes: [],
        sessionUpserts: [],
        sessionDeletes: [],
      });
    }
    return new ZooKeeperServer(time, persistence, { ...DEFAULT_ZOOKEEPER_CONFIG, ...config }, executor, tree, header);
  }

  /** The last committed zxid. */
  get lastZxid(): number {
    return this.batches.zxid;
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
      this.enqueue({
        kind: 'resumeSession',
        conn,
        sessionId,
        password,
        onDone: (r) => (r instanceof KeeperException ? reject(r) : resolve(r)),
      });
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
  addAuthInfo(
    conn: ServerConnection,
    scheme: string,
    auth: Uint8Array | null,
    onDone: (err: typeof Code.OK | typeof Code.AUTHFAILED) => void,
  ): void {
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
    this.batches.detach(sessionId, conn);
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
    if (item.kind === 'request')
      queueMicrotask(() => item.onReply({ err: Code.CONNECTIONLOSS, zxid: this.batches.zxid, detail: err.detail }));
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
    const zxidBefore = this.batches.zxid;
    const { deliveries, commit, dirty, events } = this.batches.apply(batch, this.failure);

    const release = () => this.release(deliveries, events);
    if (
      this.failure === null &&
      (dirty.size > 0 || commit.sessionUpserts.length > 0 || commit.sessionDeletes.length > 0 || zxidBefore !== this.batches.zxid)
    ) {
      for (const path of dirty) {
        const node = this.tree.get(path);
        if (node) commit.upserts.push(node.toStored(path));
        else commit.deletes.push(path);
      }
      commit.lastZxid = this.batches.zxid;
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

  private storeFailed(error: unknown, batch: Pending[]): void {
    // The in-memory tree is now ahead of the disk: stop acknowledging anything. Reopening the
    // workspace reloads the last durable state, which holds every acknowledged write.
    if (this.failure === null) {
      this.failure = errorMessage(error);
      this.emit({ kind: 'store-failed', message: this.failure });
    }
    const detail = `the metadata store failed: ${this.failure}`;
    for (const item of batch) {
      if (item.kind === 'request') queueMicrotask(() => item.onReply({ err: Code.SYSTEMERROR, zxid: this.batches.zxid, detail }));
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
