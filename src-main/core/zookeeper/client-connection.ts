/**
 * The connection half of the in-process ZooKeeper client (the counterpart of the Java client's
 * `ClientCnxn`): the requests in flight and their replies, the session's state and its events,
 * pings, the auth sent on every (re)connect, and reconnecting after a lost socket with SetWatches.
 */
import type { Random } from '../platform/random';
import type { ScheduledTask, Time } from '../platform/scheduler';
import { ClientWatchRegistry } from './client-watch-registry';
import { Code, KeeperException } from './errors';
import { serializedResponseLength } from './jute-size';
import { JUTE_MAX_BUFFER } from './request-processor';
import type { ZkReply, ZkRequest, ZkResultMap } from './requests';
import type { OpResult, WatchedEvent, Watcher } from './types';
import { EventType, KeeperState } from './types';
import type { ServerConnection, ZooKeeperServerEndpoint } from './server-endpoint';

/** AUTH_FAILED: the server refused an `addAuthInfo` and closed the connection; the client is dead (ClientCnxn's AUTH_FAILED). */
export type ClientState = 'CONNECTED' | 'DISCONNECTED' | 'EXPIRED' | 'CLOSED' | 'AUTH_FAILED';

/** One `addAuthInfo` the client keeps and sends again on every reconnect (ClientCnxn.authInfo). */
export interface AuthData {
  scheme: string;
  /** Bytes, or a string sent as UTF-8 (zkCli's `addauth digest user:password`); null sends no data. */
  auth: Uint8Array | string | null;
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

export interface ClientConnectionOptions {
  /** The client's `jute.maxbuffer`: a longer response packet drops the connection. */
  juteMaxBufferBytes?: number;
  /** For the random part of the reconnect delay; without it the delay is its fixed part. */
  random?: Random;
}

/** One session's connection to the server, as ZooKeeperClient holds it. */
export class ClientConnection implements ServerConnection {
  readonly watchRegistry = new ClientWatchRegistry();
  private readonly pending = new Set<(reply: ZkReply<unknown> | null) => void>();
  private pinger: ScheduledTask | null = null;
  private currentState: ClientState = 'CONNECTED';
  private lastZxidSeen = 0;
  private readonly authInfo: AuthData[] = [];
  private reconnectTask: ScheduledTask | null = null;
  /** What the server knows this connection as: the client's forwarding proxy. */
  connection: ServerConnection = this;

  constructor(
    private readonly server: ZooKeeperServerEndpoint,
    private readonly time: Time,
    readonly sessionId: bigint,
    readonly sessionPassword: Uint8Array,
    readonly negotiatedSessionTimeoutMs: number,
    private readonly defaultWatcher: Watcher | undefined,
    readonly name: string,
    private readonly options: ClientConnectionOptions,
  ) {}

  get state(): ClientState {
    return this.currentState;
  }

  /** The auth this client sends on every (re)connect, in the order it was added. */
  get addedAuthInfo(): readonly AuthData[] {
    return this.authInfo.map((a) => ({ ...a }));
  }

  /** `addAuthInfo`: kept, and sent now unless the connection is down. */
  async addAuthInfo(entry: AuthData): Promise<void> {
    const dead = this.deadError();
    if (dead) throw dead;
    this.authInfo.push(entry);
    // Sent when the connection comes back (ClientCnxn queues it for primeConnection).
    if (this.currentState === 'DISCONNECTED') return;
    await this.sendAuth(entry);
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
  connectionLost(): void {
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

  async sendInitialAuth(authInfo: readonly AuthData[] | undefined): Promise<void> {
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

  call<R extends ZkRequest>(req: R, onSuccess?: (value: ZkResultMap[R['op']]) => void): Promise<ZkResultMap[R['op']]> {
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

  startPings(): void {
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

  callWatcher(watcher: Watcher, event: WatchedEvent): void {
    try {
      watcher(event);
    } catch {
      // A watcher that throws must not stop delivery to the others (the Java EventThread logs and goes on).
    }
  }
}
