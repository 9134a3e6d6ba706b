/**
 * A `ZooKeeperServerEndpoint` on a socket: the core's `ZooKeeperClient` talking to a ZooKeeper
 * (Kafka Dojo's listener, or any 3.5+ server) over the client protocol, as the Java client's
 * ClientCnxn does. The handshake is a ConnectRequest (session 0 for a new session, id and password
 * to resume one), `submit` a request with its xid and the reply matched (this folder's codec),
 * `touch` a ping, notifications (xid −1) go to the session's `ServerConnection`.
 *
 * Connecting retries as ClientCnxn does: the servers of the connect string in turn, each attempt
 * bounded by sessionTimeout / servers, 1 s between rounds plus a random 0–999 ms; it stops only when
 * it gets an answer or `close()` is called (the caller owns the overall timeout, as Kafka's
 * ZooKeeperClient owns `connectionTimeoutMs`). A resume the server refuses (timeout 0: the session
 * expired) is SESSIONEXPIRED. A socket that closes under the session answers what is in flight
 * CONNECTIONLOSS and tells the client (`socketClosed`: reconnect to the same session); no data
 * for two thirds of the session timeout drops the connection, as ClientCnxn's read timeout does.
 */
import type { Random } from '../../../core/platform/random';
import type { ScheduledTask, Time } from '../../../core/platform/scheduler';
import type { ServerConnection, SessionHandshake, ZooKeeperServerEndpoint } from '../../../core/zookeeper';
import { Code, KeeperException } from '../../../core/zookeeper';
import type { ZkReply, ZkRequest, ZkResultMap } from '../../../core/zookeeper/requests';
import type { KeeperStateValue, EventTypeValue } from '../../../core/zookeeper/types';
import { Xid, ZkOpCode } from '../op-codes';
import type { ZkConnectString } from './zk-connect-string';
import { clientPath, decodeReply, encodeRequest } from './zk-request-codec';
import { ZooKeeperWireClient } from './zookeeper-wire-client';

const SPIN_DELAY_MS = 1000;
const JITTER_MS = 1000;

export interface RemoteEndpointOptions {
  readonly time: Time;
  /** For the random part of the delay between connection attempts. */
  readonly random?: Random;
}

export class RemoteZooKeeperEndpoint implements ZooKeeperServerEndpoint {
  private wire: ZooKeeperWireClient | null = null;
  private conn: ServerConnection | null = null;
  private sessionTimeoutMs = 30000;
  private lastZxidSeen = 0n;
  private lastHeardMs = 0;
  private nextServer = 0;
  private closed = false;
  private retry: { task: ScheduledTask; abort: (e: Error) => void } | null = null;
  /** Set once closeSession is sent: the server closes the socket after its reply, which is no loss. */
  private closing = false;

  constructor(
    private readonly target: ZkConnectString,
    private readonly options: RemoteEndpointOptions,
  ) {}

  createSession(conn: ServerConnection, requestedTimeoutMs: number): Promise<SessionHandshake> {
    this.sessionTimeoutMs = requestedTimeoutMs;
    return this.handshake(conn, 0n, new Uint8Array(16));
  }

  resumeSession(conn: ServerConnection, sessionId: bigint, password: Uint8Array): Promise<SessionHandshake> {
    return this.handshake(conn, sessionId, password);
  }

  submit<R extends ZkRequest>(_sessionId: bigint, req: R, onReply: (reply: ZkReply<ZkResultMap[R['op']]>) => void): boolean {
    const wire = this.wire;
    if (!wire || wire.closed) return false;
    const encoded = encodeRequest(req, this.target.chroot);
    if (encoded === null) {
      // No client sends deleteContainer: the server would refuse it.
      queueMicrotask(() => onReply({ err: Code.UNIMPLEMENTED, zxid: -1 }));
      return true;
    }
    if (req.op === 'closeSession') this.closing = true;
    wire.request(encoded.type, encoded.body, encoded.xid).then(
      (reply) => {
        this.heard(reply.zxid);
        onReply(decodeReply(req, reply, this.target.chroot) as ZkReply<ZkResultMap[R['op']]>);
      },
      () => onReply({ err: Code.CONNECTIONLOSS, zxid: Number(this.lastZxidSeen) }),
    );
    return true;
  }

  addAuthInfo(
    _conn: ServerConnection,
    scheme: string,
    auth: Uint8Array | null,
    onDone: (err: typeof Code.OK | typeof Code.AUTHFAILED) => void,
  ): void {
    const wire = this.wire;
    if (!wire || wire.closed) {
      onDone(Code.AUTHFAILED);
      return;
    }
    wire
      .request(ZkOpCode.auth, (w) => w.int(0).ustring(scheme).buffer(auth), Xid.AUTH)
      .then(
        (reply) => onDone(reply.err === 0 ? Code.OK : Code.AUTHFAILED),
        () => onDone(Code.AUTHFAILED),
      );
  }

  touch(): boolean {
    const wire = this.wire;
    if (!wire || wire.closed) return false;
    // ClientCnxn: nothing heard for readTimeout (2/3 of the session timeout) drops the connection.
    if (this.options.time.nowMs() - this.lastHeardMs > (this.sessionTimeoutMs * 2) / 3) {
      wire.close();
      return false;
    }
    wire.request(ZkOpCode.ping, undefined, Xid.PING).then(
      (reply) => this.heard(reply.zxid),
      () => undefined,
    );
    return true;
  }

  detach(): void {
    this.dropWire();
  }

  /** Stops connecting and drops the connection: a pending handshake fails with CONNECTIONLOSS. */
  close(): void {
    this.closed = true;
    if (this.retry) {
      this.options.time.cancel(this.retry.task);
      this.retry.abort(new KeeperException(Code.CONNECTIONLOSS));
      this.retry = null;
    }
    this.dropWire();
  }

  private dropWire(): void {
    const wire = this.wire;
    this.wire = null;
    this.conn = null;
    wire?.close();
  }

  private heard(zxid: bigint): void {
    this.lastHeardMs = this.options.time.nowMs();
    if (zxid > this.lastZxidSeen) this.lastZxidSeen = zxid;
  }

  private async handshake(conn: ServerConnection, sessionId: bigint, password: Uint8Array): Promise<SessionHandshake> {
    for (let attempt = 0; ; attempt++) {
      if (this.closed) throw new KeeperException(Code.CONNECTIONLOSS);
      const servers = this.target.servers;
      if (attempt > 0 && this.nextServer % servers.length === 0) await this.delay();
      const server = servers[this.nextServer++ % servers.length];
      let wire: ZooKeeperWireClient;
      try {
        wire = await ZooKeeperWireClient.connect(server.host, server.port, {
          sessionTimeoutMs: this.sessionTimeoutMs,
          sessionId,
          passwd: password,
          lastZxidSeen: this.lastZxidSeen,
          connectTimeoutMs: Math.max(1, Math.floor(this.sessionTimeoutMs / servers.length)),
          onNotification: (e) => this.notify(e),
        });
      } catch {
        continue;
      }
      if (this.closed) {
        wire.close();
        throw new KeeperException(Code.CONNECTIONLOSS);
      }
      const h = wire.handshake!;
      if (h.timeOutMs <= 0) {
        // ZooKeeperServer.finishSessionInit(valid = false): the session is gone.
        wire.close();
        throw new KeeperException(Code.SESSIONEXPIRED);
      }
      this.wire = wire;
      this.conn = conn;
      this.closing = false;
      this.sessionTimeoutMs = h.timeOutMs;
      this.lastHeardMs = this.options.time.nowMs();
      void wire.whenClosed().then(() => this.lost(wire));
      return { sessionId: h.sessionId, password: h.passwd, negotiatedTimeoutMs: h.timeOutMs };
    }
  }

  /** The socket closed under the session: unless it was closing, the client reconnects to it. */
  private lost(wire: ZooKeeperWireClient): void {
    if (this.wire !== wire) return;
    this.wire = null;
    const conn = this.conn;
    this.conn = null;
    if (!this.closing) conn?.socketClosed?.();
  }

  private notify(e: { type: number; state: number; path: string | null }): void {
    this.lastHeardMs = this.options.time.nowMs();
    this.conn?.notify({
      type: e.type as EventTypeValue,
      state: e.state as KeeperStateValue,
      path: e.path === null ? null : clientPath(e.path, this.target.chroot),
      zxid: -1,
    });
  }

  private delay(): Promise<void> {
    const ms = SPIN_DELAY_MS + (this.options.random?.nextInt(JITTER_MS) ?? 0);
    return new Promise((resolve, reject) => {
      const task = this.options.time.schedule('zookeeper-connect-retry', ms, () => {
        this.retry = null;
        resolve();
      });
      this.retry = { task, abort: reject };
    });
  }
}
