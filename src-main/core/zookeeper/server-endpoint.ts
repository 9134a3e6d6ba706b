/**
 * The server side a `ZooKeeperClient` talks to: what a session needs from "the ensemble". The
 * emulated `ZooKeeperServer` implements it in-process; a client of a real (or Kafka Dojo's)
 * ZooKeeper over the wire implements it on a socket — handshake = ConnectRequest/ConnectResponse,
 * `submit` = a request packet and its reply (matched by xid), `touch` = a ping, `notify` on the
 * `ServerConnection` = a WatcherEvent (xid −1), `sessionEnded` = the session expired or closed.
 * The client does its own path checks first, so an endpoint only carries requests; the packet
 * size limit (`jute.maxbuffer`) is the server's, as in ZooKeeper.
 */
import type { Code } from './errors';
import type { ZkReply, ZkRequest, ZkResultMap } from './requests';
import type { WatchedEvent } from './types';

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

export interface ZooKeeperServerEndpoint {
  createSession(conn: ServerConnection, requestedTimeoutMs: number): Promise<SessionHandshake>;
  resumeSession(conn: ServerConnection, sessionId: bigint, password: Uint8Array): Promise<SessionHandshake>;
  /**
   * A request on the session's connection; false when the server closed the connection instead
   * (a packet over `jute.maxbuffer`): the request is never answered, the session stays.
   */
  submit<R extends ZkRequest>(sessionId: bigint, req: R, onReply: (reply: ZkReply<ZkResultMap[R['op']]>) => void): boolean;
  /**
   * An AuthPacket (xid −4), in order with the requests around it. AUTHFAILED closes the connection
   * (not the session), as ZooKeeper does.
   */
  addAuthInfo(
    conn: ServerConnection,
    scheme: string,
    auth: Uint8Array | null,
    onDone: (err: typeof Code.OK | typeof Code.AUTHFAILED) => void,
  ): void;
  /** A ping; false if the session is gone. */
  touch(sessionId: bigint): boolean;
  /** The connection is dropped (the session lives on until it expires). */
  detach(sessionId: bigint, conn: ServerConnection): void;
}
