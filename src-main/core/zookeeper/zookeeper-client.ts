import type { Random } from '../platform/random';
import type { ScheduledTask, Time } from '../platform/scheduler';
import { ClientWatchRegistry } from './client-watch-registry';
import { Code, KeeperException } from './errors';
import { createPathValidationError, pathValidationError } from './path-utils';
import { serializedResponseLength } from './jute-size';
import { JUTE_MAX_BUFFER } from './request-processor';
import type { ZkReply, ZkRequest, ZkResultMap } from './requests';
import type {
  Acl,
  AclResult,
  AddWatchModeValue,
  ChildrenResult,
  CreateModeFlag,
  CreateResult,
  DataResult,
  Op,
  OpResult,
  Stat,
  WatchedEvent,
  Watcher,
  WatcherTypeValue,
  ZnodeData,
} from './types';
import { AddWatchMode, CreateMode, EventType, KeeperState, OPEN_ACL_UNSAFE, WatcherType, isSequentialMode } from './types';
import type { ZooKeeperServerEndpoint } from './server-endpoint';
import type { ServerConnection } from './server-endpoint';

/** AUTH_FAILED: the server refused an `addAuthInfo` and closed the connection; the client is dead (ClientCnxn's AUTH_FAILED). */
export type ClientState = 'CONNECTED' | 'DISCONNECTED' | 'EXPIRED' | 'CLOSED' | 'AUTH_FAILED';

/** One `addAuthInfo` the client keeps and sends again on every reconnect (ClientCnxn.authInfo). */
export interface AuthData {
  scheme: string;
  /** Bytes, or a string sent as UTF-8 (zkCli's `addauth digest user:password`); null sends no data. */
  auth: Uint8Array | string | null;
}

export interface ZooKeeperClientOptions {
  /** Requested session timeout; the server clamps it to its min/max. Kafka's default is 18000. */
  sessionTimeoutMs?: number;
  /** The session's default watcher: session state events and watches set with `watch: true`. */
  watcher?: Watcher;
  /** A label for the event log (e.g. `broker-1`). */
  name?: string;
  /** Sent right after the handshake, before any request, as if `addAuthInfo` was called first. */
  authInfo?: readonly AuthData[];
  /** The client's `jute.maxbuffer`: a longer response packet drops the connection. */
  juteMaxBufferBytes?: number;
  /** For the random part of the reconnect delay; without it the delay is its fixed part. */
  random?: Random;
}

/**
 * After a lost connection the Java client waits StaticHostProvider's spin delay (1 s, as there is
 * one server) and a random 0–999 ms (ClientCnxn.startConnect) before it connects again.
 */
const RECONNECT_SPIN_DELAY_MS = 1000;
const RECONNECT_JITTER_MS = 1000;

/** A failed multi: `code`/`path` of the first failing op, and every op's result. */
export class MultiException extends KeeperException {
  constructor(
    code: KeeperException['code'],
    path: string | undefined,
    detail: string | undefined,
    readonly results: OpResult[],
  ) {
    super(code, path, detail);
  }
}

type WatchArg = boolean | Watcher | undefined;

/**
 * One ZooKeeper session, as a broker, the controller or the node editor holds it — the in-process
 * counterpart of `org.apache.zookeeper.ZooKeeper`. It validates paths before sending (as the Java
 * client does), keeps the session alive with pings every third of its timeout, and calls watchers
 * from the server's ordered delivery.
 */
export class ZooKeeperClient implements ServerConnection {
  private readonly watchRegistry = new ClientWatchRegistry();
  private readonly pending = new Set<(reply: ZkReply<unknown> | null) => void>();
  private pinger: ScheduledTask | null = null;
  private currentState: ClientState = 'CONNECTED';
  private lastZxidSeen = 0;
  private readonly authInfo: AuthData[] = [];
  private reconnectTask: ScheduledTask | null = null;

  private constructor(
    private readonly server: ZooKeeperServerEndpoint,
    private readonly time: Time,
    readonly sessionId: bigint,
    readonly sessionPassword: Uint8Array,
    readonly negotiatedSessionTimeoutMs: number,
    private readonly defaultWatcher: Watcher | undefined,
    readonly name: string,
    private readonly options: Pick<ZooKeeperClientOptions, 'juteMaxBufferBytes' | 'random'>,
  ) {}

  /** Opens a new session. */
  static async connect(server: ZooKeeperServerEndpoint, time: Time, options: ZooKeeperClientOptions = {}): Promise<ZooKeeperClient> {
    // The server needs a connection before the client object can exist; this one forwards to it.
    let client: ZooKeeperClient | undefined;
    const proxy: ServerConnection = {
      notify: (e) => client?.notify(e),
      sessionEnded: (s) => client?.sessionEnded(s),
      socketClosed: () => client?.connectionLost(),
    };
    const handshake = await server.createSession(proxy, options.sessionTimeoutMs ?? 18000);
    client = new ZooKeeperClient(
      server,
      time,
      handshake.sessionId,
      handshake.password,
      handshake.negotiatedTimeoutMs,
      options.watcher,
      options.name ?? `session-0x${handshake.sessionId.toString(16)}`,
      options,
    );
    client.connection = proxy;
    client.startPings();
    await client.sendInitialAuth(options.authInfo);
    return client;
  }

  /** Reattaches to an existing session (after `disconnect()` or a restart of the store). */
  static async resume(
    server: ZooKeeperServerEndpoint,
    time: Time,
    sessionId: bigint,
    password: Uint8Array,
    options: Omit<ZooKeeperClientOptions, 'sessionTimeoutMs'> = {},
  ): Promise<ZooKeeperClient> {
    let client: ZooKeeperClient | undefined;
    const proxy: ServerConnection = {
      notify: (e) => client?.notify(e),
      sessionEnded: (s) => client?.sessionEnded(s),
      socketClosed: () => client?.connectionLost(),
    };
    const handshake = await server.resumeSession(proxy, sessionId, password);
    client = new ZooKeeperClient(
      server,
      time,
      sessionId,
      handshake.password,
      handshake.negotiatedTimeoutMs,
      options.watcher,
      options.name ?? `session-0x${sessionId.toString(16)}`,
      options,
    );
    client.connection = proxy;
    client.startPings();
    // A new connection has only its ip identity: what the session's owner had added is sent again.
    await client.sendInitialAuth(options.authInfo);
    return client;
  }

  private connection: ServerConnection = this;

  get state(): ClientState {
    return this.currentState;
  }

  get sessionIdHex(): string {
    return `0x${this.sessionId.toString(16)}`;
  }

  /** The auth this client sends on every (re)connect, in the order it was added. */
  get addedAuthInfo(): readonly AuthData[] {
    return this.authInfo.map((a) => ({ ...a }));
  }

  // ---- operations ----

  /**
   * `ZooKeeper.addAuthInfo`: adds an identity to this connection (`digest` with `user:password`,
   * `ip`), kept and sent again after a reconnect. Resolves once the server took it; an unknown
   * scheme is AUTHFAILED, after which the client is dead (state AUTH_FAILED, the AuthFailed event,
   * every call AUTHFAILED) and the session is left to expire, as the Java client's is.
   */
  async addAuthInfo(scheme: string, auth: Uint8Array | string | null): Promise<void> {
    const dead = this.deadError();
    if (dead) throw dead;
    const entry: AuthData = { scheme, auth };
    this.authInfo.push(entry);
    // Sent when the connection comes back (ClientCnxn queues it for primeConnection).
    if (this.currentState === 'DISCONNECTED') return;
    await this.sendAuth(entry);
  }

  async create(path: string, data: ZnodeData, options: { mode?: CreateModeFlag; acl?: readonly Acl[] } = {}): Promise<CreateResult> {
    const mode = options.mode ?? CreateMode.PERSISTENT;
    this.validate(createPathValidationError(path, isSequentialMode(mode)), path);
    return this.call({ op: 'create', path, data, acl: options.acl ?? OPEN_ACL_UNSAFE, mode });
  }

  async delete(path: string, version = -1): Promise<void> {
    this.validate(pathValidationError(path), path);
    await this.call({ op: 'delete', path, version });
  }

  async exists(path: string, watch?: WatchArg): Promise<Stat | null> {
    this.validate(pathValidationError(path), path);
    const watcher = this.watcherFor(watch);
    const stat = await this.call({ op: 'exists', path, watch: watcher !== undefined }, (value) => {
      if (!watcher) return;
      if (value) this.watchRegistry.addData(path, watcher);
      else this.watchRegistry.addExist(path, watcher);
    });
    return stat;
  }

  async getData(path: string, watch?: WatchArg): Promise<DataResult> {
    this.validate(pathValidationError(path), path);
    const watcher = this.watcherFor(watch);
    return this.call({ op: 'getData', path, watch: watcher !== undefined }, () => watcher && this.watchRegistry.addData(path, watcher));
  }

  async setData(path: string, data: ZnodeData, version = -1): Promise<Stat> {
    this.validate(pathValidationError(path), path);
    return this.call({ op: 'setData', path, data, version });
  }

  /** getChildren2: the children's names (sorted) and the parent's Stat. */
  async getChildren(path: string, watch?: WatchArg): Promise<ChildrenResult> {
    this.validate(pathValidationError(path), path);
    const watcher = this.watcherFor(watch);
    return this.call(
      { op: 'getChildren', path, watch: watcher !== undefined },
      () => watcher && this.watchRegistry.addChild(path, watcher),
    );
  }

  async getACL(path: string): Promise<AclResult> {
    this.validate(pathValidationError(path), path);
    return this.call({ op: 'getACL', path });
  }

  async setACL(path: string, acl: readonly Acl[], version = -1): Promise<Stat> {
    this.validate(pathValidationError(path), path);
    return this.call({ op: 'setACL', path, acl, version });
  }

  /**
   * Atomic: every op applies under one zxid, or none does and a `MultiException` carries the
   * results. No ops is no request: the Java client answers [] itself (ZooKeeper.multiInternal).
   */
  async multi(ops: readonly Op[]): Promise<OpResult[]> {
    for (const op of ops) {
      const sequential = op.type === 'create' && isSequentialMode(op.mode ?? CreateMode.PERSISTENT);
      this.validate(op.type === 'create' ? createPathValidationError(op.path, sequential) : pathValidationError(op.path), op.path);
    }
    if (ops.length === 0) return [];
    return this.call({ op: 'multi', ops });
  }

  async sync(path: string): Promise<string> {
    this.validate(pathValidationError(path), path);
    return this.call({ op: 'sync', path });
  }

  /** A persistent (or persistent-recursive) watch, which stays until removed (ZooKeeper 3.6+). */
  async addWatch(path: string, mode: AddWatchModeValue, watcher?: Watcher): Promise<void> {
    this.validate(pathValidationError(path), path);
    const w = watcher ?? this.defaultWatcher;
    if (!w) throw new KeeperException(Code.BADARGUMENTS, path, 'addWatch needs a watcher and the session has no default watcher');
    await this.call({ op: 'addWatch', path, mode }, () =>
      this.watchRegistry.addPersistent(path, w, mode === AddWatchMode.PERSISTENT_RECURSIVE),
    );
  }

  /**
   * Removes watchers of a type at a path (one watcher, or all with `watcher` undefined); NOWATCHER if
   * none. Each removed watcher is then told DataWatchRemoved, ChildWatchRemoved or
   * PersistentWatchRemoved, as the Java client's ZKWatchManager.removeWatcher does.
   */
  async removeWatches(path: string, type: WatcherTypeValue, watcher?: Watcher): Promise<void> {
    this.validate(pathValidationError(path), path);
    const r = this.watchRegistry;
    const child = [EventType.ChildWatchRemoved, [r.child]] as const;
    const data = [EventType.DataWatchRemoved, [r.data, r.exist]] as const;
    const persistent = [EventType.PersistentWatchRemoved, [r.persistent, r.recursive]] as const;
    const kinds = type === WatcherType.Children ? [child] : type === WatcherType.Data ? [data] : [child, data, persistent];
    const removed = kinds
      .map(([eventType, tables]) => ({ eventType, watchers: r.remove(path, [...tables], watcher) }))
      .filter((k) => k.watchers.size > 0);
    if (removed.length === 0) throw new KeeperException(Code.NOWATCHER, path);
    const stillData = r.data.has(path) || r.exist.has(path);
    const stillChild = r.child.has(path);
    const stillPersistent = r.persistent.has(path) || r.recursive.has(path);
    // Only tell the server once no local watcher of that kind is left, as the Java client does.
    if (type === WatcherType.Data && !stillData) await this.call({ op: 'removeWatches', path, type });
    else if (type === WatcherType.Children && !stillChild) await this.call({ op: 'removeWatches', path, type });
    else if (type === WatcherType.Any && !stillData && !stillChild && !stillPersistent)
      await this.call({ op: 'removeWatches', path, type });
    for (const { eventType, watchers } of removed) {
      for (const w of watchers) this.callWatcher(w, { type: eventType, state: KeeperState.SyncConnected, path, zxid: -1 });
    }
  }

  async getEphemerals(prefix = '/'): Promise<string[]> {
    // The Java client validates the prefix as a path (ZooKeeper.getEphemerals).
    this.validate(pathValidationError(prefix), prefix);
    return this.call({ op: 'getEphemerals', prefix });
  }

  async getAllChildrenNumber(path: string): Promise<number> {
    this.validate(pathValidationError(path), path);
    return this.call({ op: 'getAllChildrenNumber', path });
  }

  /** Ends the session: its ephemeral nodes are deleted now. */
  async close(): Promise<void> {
    // An AUTH_FAILED Java client is no longer alive: close() sends nothing and the session expires.
    if (this.currentState === 'CLOSED' || this.currentState === 'EXPIRED' || this.currentState === 'AUTH_FAILED') return;
    if (this.currentState === 'CONNECTED') {
      try {
        await this.call({ op: 'closeSession' });
      } catch (e) {
        if (!(e instanceof KeeperException)) throw e;
      }
    }
    this.stopPings();
    this.cancelReconnect();
    this.server.detach(this.sessionId, this.connection);
    this.currentState = 'CLOSED';
    this.emitState(KeeperState.Closed);
  }

  /**
   * The connection drops without closing the session — what a killed process or a network cut
   * looks like to ZooKeeper. The session and its ephemerals stay until the session times out.
   */
  disconnect(): void {
    this.cancelReconnect();
    this.dropConnection();
  }

  private dropConnection(): void {
    if (this.currentState !== 'CONNECTED') return;
    this.stopPings();
    this.server.detach(this.sessionId, this.connection);
    this.currentState = 'DISCONNECTED';
    for (const settle of [...this.pending]) settle(null);
    this.emitState(KeeperState.Disconnected);
  }

  /**
   * The socket closed under the client (the server refused a packet, or a response was longer
   * than the client's jute.maxbuffer): every request in flight fails with CONNECTIONLOSS, and the
   * client connects again to the same session, as ClientCnxn's SendThread does.
   */
  private connectionLost(): void {
    if (this.currentState !== 'CONNECTED') return;
    this.dropConnection();
    const delayMs = RECONNECT_SPIN_DELAY_MS + (this.options.random?.nextInt(RECONNECT_JITTER_MS) ?? 0);
    this.reconnectTask = this.time.schedule(`zookeeper-reconnect-${this.name}`, delayMs, () => {
      this.reconnectTask = null;
      // An expired session is reported by reconnect() itself (state EXPIRED, the Expired event).
      if (this.currentState === 'DISCONNECTED') this.reconnect().catch(() => undefined);
    });
  }

  private cancelReconnect(): void {
    if (this.reconnectTask) this.time.cancel(this.reconnectTask);
    this.reconnectTask = null;
  }

  /** Reconnects a disconnected client to its session and re-arms its watches (SetWatches). */
  async reconnect(): Promise<void> {
    if (this.currentState !== 'DISCONNECTED') throw new Error(`cannot reconnect a ${this.currentState} session`);
    this.cancelReconnect();
    try {
      await this.server.resumeSession(this.connection, this.sessionId, this.sessionPassword);
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.SESSIONEXPIRED) {
        this.currentState = 'EXPIRED';
        this.emitState(KeeperState.Expired);
      }
      throw e;
    }
    this.currentState = 'CONNECTED';
    this.startPings();
    // ClientCnxn.primeConnection: the auth packets go first, then SetWatches.
    for (const entry of this.authInfo) await this.sendAuth(entry);
    const r = this.watchRegistry;
    await this.call({
      op: 'setWatches',
      relativeZxid: this.lastZxidSeen,
      dataWatches: r.paths(r.data),
      existWatches: r.paths(r.exist),
      childWatches: r.paths(r.child),
      persistentWatches: r.paths(r.persistent),
      persistentRecursiveWatches: r.paths(r.recursive),
    });
    this.emitState(KeeperState.SyncConnected);
  }

  // ---- ServerConnection ----

  notify(event: WatchedEvent): void {
    if (this.currentState !== 'CONNECTED') return;
    for (const watcher of this.watchRegistry.materialize(event)) this.callWatcher(watcher, event);
  }

  sessionEnded(state: 'expired' | 'closed'): void {
    if (this.currentState === 'CLOSED' || this.currentState === 'EXPIRED') return;
    this.stopPings();
    this.currentState = state === 'expired' ? 'EXPIRED' : 'CLOSED';
    this.emitState(state === 'expired' ? KeeperState.Expired : KeeperState.Closed);
  }

  // ---- internals ----

  /** What a call on a dead client fails with (ClientCnxn.conLossPacket), or null while it lives. */
  private deadError(): KeeperException | null {
    // A closed Java client answers SESSIONEXPIRED too (conLossPacket in state CLOSED).
    if (this.currentState === 'EXPIRED' || this.currentState === 'CLOSED') return new KeeperException(Code.SESSIONEXPIRED);
    if (this.currentState === 'AUTH_FAILED') return new KeeperException(Code.AUTHFAILED);
    return null;
  }

  private async sendInitialAuth(authInfo: readonly AuthData[] | undefined): Promise<void> {
    for (const entry of authInfo ?? []) {
      this.authInfo.push({ ...entry });
      await this.sendAuth(entry);
    }
  }

  private sendAuth(entry: AuthData): Promise<void> {
    const bytes = typeof entry.auth === 'string' ? new TextEncoder().encode(entry.auth) : entry.auth;
    return new Promise((resolve, reject) => {
      this.server.addAuthInfo(this.connection, entry.scheme, bytes, (err) => {
        if (err === Code.OK) {
          resolve();
          return;
        }
        this.authFailed();
        reject(new KeeperException(Code.AUTHFAILED));
      });
    });
  }

  /** The server refused the auth and closed the connection: every outstanding call fails with AUTHFAILED. */
  private authFailed(): void {
    if (this.currentState === 'AUTH_FAILED' || this.currentState === 'CLOSED' || this.currentState === 'EXPIRED') return;
    this.stopPings();
    this.currentState = 'AUTH_FAILED';
    for (const settle of [...this.pending]) settle(null);
    this.emitState(KeeperState.AuthFailed);
  }

  private call<R extends ZkRequest>(req: R, onSuccess?: (value: ZkResultMap[R['op']]) => void): Promise<ZkResultMap[R['op']]> {
    const dead = this.deadError();
    if (dead) return Promise.reject(dead);
    if (this.currentState !== 'CONNECTED')
      return Promise.reject(new KeeperException(Code.CONNECTIONLOSS, 'path' in req ? req.path : undefined));
    return new Promise((resolve, reject) => {
      const settle = (answer: ZkReply<unknown> | null): void => {
        if (!this.pending.has(settle)) return;
        let reply = answer;
        // ClientCnxnSocket.readLength: "Packet len N is out of range!", and the socket is closed;
        // a server that was shut down closes the socket too.
        if (reply !== null && (reply.err === Code.CONNECTIONLOSS || this.responseTooLong(req, reply))) {
          this.connectionLost();
          if (!this.pending.has(settle)) return;
          reply = null;
        }
        this.pending.delete(settle);
        if (reply === null) {
          const code = this.currentState === 'AUTH_FAILED' ? Code.AUTHFAILED : Code.CONNECTIONLOSS;
          reject(new KeeperException(code, 'path' in req ? req.path : undefined));
          return;
        }
        if (reply.zxid > this.lastZxidSeen) this.lastZxidSeen = reply.zxid;
        if (reply.err === 0) {
          const value = reply.value as ZkResultMap[R['op']];
          // Registered synchronously, before any notification delivered after this reply.
          onSuccess?.(value);
          resolve(value);
        } else if (reply.results) {
          reject(new MultiException(reply.err, reply.path, reply.detail, reply.results));
        } else {
          // The Java client names the path it was asked about (a sequential create's prefix, not
          // the suffixed path the server tried).
          reject(new KeeperException(reply.err, 'path' in req ? req.path : reply.path, reply.detail));
        }
      };
      this.pending.add(settle);
      if (!this.server.submit(this.sessionId, req, settle)) this.connectionLost();
    });
  }

  private responseTooLong(req: ZkRequest, reply: ZkReply<unknown>): boolean {
    // Only a successful reply carries a record big enough to matter.
    if (reply.err !== 0) return false;
    const length = serializedResponseLength(req.op, reply.value as never);
    return length > (this.options.juteMaxBufferBytes ?? JUTE_MAX_BUFFER);
  }

  private validate(reason: string | null, path: string): void {
    if (reason !== null) throw new KeeperException(Code.BADARGUMENTS, path, reason);
  }

  private watcherFor(watch: WatchArg): Watcher | undefined {
    if (typeof watch === 'function') return watch;
    if (watch === true) {
      if (!this.defaultWatcher) throw new KeeperException(Code.BADARGUMENTS, undefined, 'watch=true needs a default watcher');
      return this.defaultWatcher;
    }
    return undefined;
  }

  private startPings(): void {
    const periodMs = Math.max(1, Math.floor(this.negotiatedSessionTimeoutMs / 3));
    this.pinger = this.time.schedulePeriodic(`zookeeper-ping-${this.name}`, periodMs, periodMs, () => this.server.touch(this.sessionId));
  }

  private stopPings(): void {
    if (this.pinger) this.time.cancel(this.pinger);
    this.pinger = null;
  }

  private emitState(state: (typeof KeeperState)[keyof typeof KeeperState]): void {
    if (this.defaultWatcher) this.callWatcher(this.defaultWatcher, { type: EventType.None, state, path: null, zxid: -1 });
  }

  private callWatcher(watcher: Watcher, event: WatchedEvent): void {
    try {
      watcher(event);
    } catch {
      // A watcher that throws must not stop delivery to the others (the Java EventThread logs and goes on).
    }
  }
}
