import type { Random } from '../platform/random';
import type { Time } from '../platform/scheduler';
import { ClientConnection, type AuthData, type ClientConnectionOptions, type ClientState } from './client-connection';
import { Code, KeeperException } from './errors';
import { createPathValidationError, pathValidationError } from './path-utils';
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

export { MultiException } from './client-connection';
export type { AuthData, ClientState } from './client-connection';

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

type WatchArg = boolean | Watcher | undefined;

/**
 * One ZooKeeper session, as a broker, the controller or the node editor holds it — the in-process
 * counterpart of `org.apache.zookeeper.ZooKeeper`. It validates paths before sending (as the Java
 * client does) and registers watches; its connection (client-connection.ts, `ClientCnxn`) keeps the
 * session alive with pings every third of its timeout, and calls watchers from the server's ordered
 * delivery.
 */
export class ZooKeeperClient implements ServerConnection {
  private readonly cnxn: ClientConnection;

  private constructor(
    server: ZooKeeperServerEndpoint,
    time: Time,
    readonly sessionId: bigint,
    readonly sessionPassword: Uint8Array,
    readonly negotiatedSessionTimeoutMs: number,
    private readonly defaultWatcher: Watcher | undefined,
    readonly name: string,
    options: ClientConnectionOptions,
  ) {
    this.cnxn = new ClientConnection(server, time, sessionId, sessionPassword, negotiatedSessionTimeoutMs, defaultWatcher, name, options);
  }

  /** Opens a new session. */
  static async connect(server: ZooKeeperServerEndpoint, time: Time, options: ZooKeeperClientOptions = {}): Promise<ZooKeeperClient> {
    // The server needs a connection before the client object can exist; this one forwards to it.
    let client: ZooKeeperClient | undefined;
    const proxy: ServerConnection = {
      notify: (e) => client?.notify(e),
      sessionEnded: (s) => client?.sessionEnded(s),
      socketClosed: () => client?.cnxn.connectionLost(),
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
    client.cnxn.connection = proxy;
    client.cnxn.startPings();
    await client.cnxn.sendInitialAuth(options.authInfo);
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
      socketClosed: () => client?.cnxn.connectionLost(),
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
    client.cnxn.connection = proxy;
    client.cnxn.startPings();
    // A new connection has only its ip identity: what the session's owner had added is sent again.
    await client.cnxn.sendInitialAuth(options.authInfo);
    return client;
  }

  get state(): ClientState {
    return this.cnxn.state;
  }

  get sessionIdHex(): string {
    return `0x${this.sessionId.toString(16)}`;
  }

  /** The auth this client sends on every (re)connect, in the order it was added. */
  get addedAuthInfo(): readonly AuthData[] {
    return this.cnxn.addedAuthInfo;
  }

  // ---- operations ----

  /**
   * `ZooKeeper.addAuthInfo`: adds an identity to this connection (`digest` with `user:password`,
   * `ip`), kept and sent again after a reconnect. Resolves once the server took it; an unknown
   * scheme is AUTHFAILED, after which the client is dead (state AUTH_FAILED, the AuthFailed event,
   * every call AUTHFAILED) and the session is left to expire, as the Java client's is.
   */
  async addAuthInfo(scheme: string, auth: Uint8Array | string | null): Promise<void> {
    await this.cnxn.addAuthInfo({ scheme, auth });
  }

  async create(path: string, data: ZnodeData, options: { mode?: CreateModeFlag; acl?: readonly Acl[] } = {}): Promise<CreateResult> {
    const mode = options.mode ?? CreateMode.PERSISTENT;
    this.validate(createPathValidationError(path, isSequentialMode(mode)), path);
    return this.cnxn.call({ op: 'create', path, data, acl: options.acl ?? OPEN_ACL_UNSAFE, mode });
  }

  async delete(path: string, version = -1): Promise<void> {
    this.validate(pathValidationError(path), path);
    await this.cnxn.call({ op: 'delete', path, version });
  }

  async exists(path: string, watch?: WatchArg): Promise<Stat | null> {
    this.validate(pathValidationError(path), path);
    const watcher = this.watcherFor(watch);
    const stat = await this.cnxn.call({ op: 'exists', path, watch: watcher !== undefined }, (value) => {
      if (!watcher) return;
      if (value) this.cnxn.watchRegistry.addData(path, watcher);
      else this.cnxn.watchRegistry.addExist(path, watcher);
    });
    return stat;
  }

  async getData(path: string, watch?: WatchArg): Promise<DataResult> {
    this.validate(pathValidationError(path), path);
    const watcher = this.watcherFor(watch);
    return this.cnxn.call(
      { op: 'getData', path, watch: watcher !== undefined },
      () => watcher && this.cnxn.watchRegistry.addData(path, watcher),
    );
  }

  async setData(path: string, data: ZnodeData, version = -1): Promise<Stat> {
    this.validate(pathValidationError(path), path);
    return this.cnxn.call({ op: 'setData', path, data, version });
  }

  /** getChildren2: the children's names (sorted) and the parent's Stat. */
  async getChildren(path: string, watch?: WatchArg): Promise<ChildrenResult> {
    this.validate(pathValidationError(path), path);
    const watcher = this.watcherFor(watch);
    return this.cnxn.call(
      { op: 'getChildren', path, watch: watcher !== undefined },
      () => watcher && this.cnxn.watchRegistry.addChild(path, watcher),
    );
  }

  async getACL(path: string): Promise<AclResult> {
    this.validate(pathValidationError(path), path);
    return this.cnxn.call({ op: 'getACL', path });
  }

  async setACL(path: string, acl: readonly Acl[], version = -1): Promise<Stat> {
    this.validate(pathValidationError(path), path);
    return this.cnxn.call({ op: 'setACL', path, acl, version });
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
    return this.cnxn.call({ op: 'multi', ops });
  }

  async sync(path: string): Promise<string> {
    this.validate(pathValidationError(path), path);
    return this.cnxn.call({ op: 'sync', path });
  }

  /** A persistent (or persistent-recursive) watch, which stays until removed (ZooKeeper 3.6+). */
  async addWatch(path: string, mode: AddWatchModeValue, watcher?: Watcher): Promise<void> {
    this.validate(pathValidationError(path), path);
    const w = watcher ?? this.defaultWatcher;
    if (!w) throw new KeeperException(Code.BADARGUMENTS, path, 'addWatch needs a watcher and the session has no default watcher');
    await this.cnxn.call({ op: 'addWatch', path, mode }, () =>
      this.cnxn.watchRegistry.addPersistent(path, w, mode === AddWatchMode.PERSISTENT_RECURSIVE),
    );
  }

  /**
   * Removes watchers of a type at a path (one watcher, or all with `watcher` undefined); NOWATCHER if
   * none. Each removed watcher is then told DataWatchRemoved, ChildWatchRemoved or
   * PersistentWatchRemoved, as the Java client's ZKWatchManager.removeWatcher does.
   */
  async removeWatches(path: string, type: WatcherTypeValue, watcher?: Watcher): Promise<void> {
    this.validate(pathValidationError(path), path);
    const r = this.cnxn.watchRegistry;
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
    if (type === WatcherType.Data && !stillData) await this.cnxn.call({ op: 'removeWatches', path, type });
    else if (type === WatcherType.Children && !stillChild) await this.cnxn.call({ op: 'removeWatches', path, type });
    else if (type === WatcherType.Any && !stillData && !stillChild && !stillPersistent)
      await this.cnxn.call({ op: 'removeWatches', path, type });
    for (const { eventType, watchers } of removed) {
      for (const w of watchers) this.cnxn.callWatcher(w, { type: eventType, state: KeeperState.SyncConnected, path, zxid: -1 });
    }
  }

  async getEphemerals(prefix = '/'): Promise<string[]> {
    // The Java client validates the prefix as a path (ZooKeeper.getEphemerals).
    this.validate(pathValidationError(prefix), prefix);
    return this.cnxn.call({ op: 'getEphemerals', prefix });
  }

  async getAllChildrenNumber(path: string): Promise<number> {
    this.validate(pathValidationError(path), path);
    return this.cnxn.call({ op: 'getAllChildrenNumber', path });
  }

  /** Ends the session: its ephemeral nodes are deleted now. */
  async close(): Promise<void> {
    await this.cnxn.close();
  }

  /**
   * The connection drops without closing the session — what a killed process or a network cut
   * looks like to ZooKeeper. The session and its ephemerals stay until the session times out.
   */
  disconnect(): void {
    this.cnxn.disconnect();
  }

  /** Reconnects a disconnected client to its session and re-arms its watches (SetWatches). */
  async reconnect(): Promise<void> {
    await this.cnxn.reconnect();
  }

  // ---- ServerConnection ----

  notify(event: WatchedEvent): void {
    this.cnxn.notify(event);
  }

  sessionEnded(state: 'expired' | 'closed'): void {
    this.cnxn.sessionEnded(state);
  }

  // ---- internals ----

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
}
