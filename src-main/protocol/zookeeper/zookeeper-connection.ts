/**
 * One client connection (ZooKeeper's `NIOServerCnxn`): the int32-length framing, the handshake
 * (ConnectRequest → a new session or the resume of one, ConnectResponse), then requests answered in
 * order and watch notifications (xid −1) pushed as the core delivers them — a notification comes
 * before the reply of any later request, because the core releases both in zxid order and replies
 * only leave here in request order.
 *
 *   before the handshake: the first 4 bytes may be a four-letter word instead of a length
 *   a length < 0 or > jute.maxbuffer: the connection is closed (the session, if any, lives on)
 *   session expired (cluster clock): the connection is closed, as ZooKeeper's closeSession does
 *   connection lost without closeSession: the session stays until it expires; its watches go
 */
import type { Socket } from 'node:net';
import { errorMessage } from '../../core/common/throwable';
import type { WatchedEvent, ZooKeeperServer } from '../../core/zookeeper';
import type { ServerConnection } from '../../core/zookeeper/server-endpoint';
import { JuteReader } from './jute/jute-reader';
import { JuteWriter } from './jute/jute-writer';
import { Xid } from './op-codes';
import { readConnectRequest, writeConnectResponse, writeReplyHeader, writeWatcherEvent } from './records';
import { handleRequest, type Answer } from './zookeeper-requests';

/** What the connection needs of its server (the listener's shared state and its four-letter words). */
export interface ConnectionHost {
  readonly server: ZooKeeperServer;
  readonly maxBufferBytes: number;
  /** A known four-letter word read as the first 4 bytes: its whole output, or null when it is not one. */
  fourLetterWord(word: number, conn: ZooKeeperConnection): string | null;
  /** A session about to be resumed here: ZooKeeper closes the connection that held it (CLIENT_RECONNECT). */
  takeSession(sessionId: bigint, conn: ZooKeeperConnection): void;
  /** The connection's session, for `takeSession` (0 when it has none). */
  sessionAttached(sessionId: bigint, conn: ZooKeeperConnection): void;
  closed(conn: ZooKeeperConnection, reason: string | null): void;
  countReceived(): void;
  countSent(latencyMs: number | null): void;
}

/** Outstanding requests of one connection before it stops reading (TCP then holds the client back). */
const MAX_OUTSTANDING = 1000;

interface Slot {
  answer: Answer | null;
  xid: number;
  receivedAtMs: number;
}

export class ZooKeeperConnection implements ServerConnection {
  /** `getRemoteSocketAddress()` as ZooKeeper prints it (`/127.0.0.1:53422`), for logs and four-letter words. */
  readonly remoteSocketAddress: string;
  /** The peer's `getHostAddress()` (`127.0.0.1`): the core's `ServerConnection.remoteAddress`, the `ip` identity. */
  readonly remoteAddress: string;
  readonly establishedAtMs = Date.now();
  state: 'new' | 'connecting' | 'open' | 'closed' = 'new';
  sessionId = 0n;
  sessionTimeoutMs = 0;
  packetsReceived = 0;
  packetsSent = 0;
  lastOp = 'NA';
  lastCxid = -1;
  lastZxid = -1;
  lastResponseTimeMs = 0;
  lastLatencyMs = 0;
  minLatencyMs = Number.MAX_SAFE_INTEGER;
  maxLatencyMs = 0;
  private totalLatencyMs = 0;
  private latencyCount = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private readonly waiting: Buffer[] = [];
  private readonly slots: Slot[] = [];
  private corked = false;

  constructor(
    private readonly socket: Socket,
    private readonly host: ConnectionHost,
  ) {
    this.remoteAddress = socket.remoteAddress ?? '127.0.0.1';
    this.remoteSocketAddress = `/${this.remoteAddress}:${socket.remotePort}`;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => this.close(null));
    socket.on('close', () => this.close(null));
  }

  isClosed(): boolean {
    return this.state === 'closed';
  }

  get outstanding(): number {
    return this.slots.length;
  }

  /** 1 while it reads requests, 0 for a four-letter word's connection (`cons` prints it in brackets). */
  interestOps = 1;

  get avgLatencyMs(): number {
    return this.latencyCount === 0 ? 0 : this.totalLatencyMs / this.latencyCount;
  }

  resetStats(): void {
    this.packetsReceived = 0;
    this.packetsSent = 0;
    this.lastCxid = -1;
    this.lastZxid = -1;
    this.lastOp = 'NA';
    this.lastResponseTimeMs = 0;
    this.lastLatencyMs = 0;
    this.minLatencyMs = Number.MAX_SAFE_INTEGER;
    this.maxLatencyMs = 0;
    this.totalLatencyMs = 0;
    this.latencyCount = 0;
  }

  // ---- ServerConnection (called by the core, in zxid order) ----

  notify(event: WatchedEvent): void {
    if (this.state !== 'open') return;
    const w = new JuteWriter();
    writeReplyHeader(w, Xid.NOTIFICATION, -1, 0);
    writeWatcherEvent(w, event.type, event.state, event.path);
    this.send(w.toFrame(), null);
  }

  sessionEnded(): void {
    this.close(`Session 0x${this.sessionId.toString(16)} ended; closing its connection`);
  }

  // ---- framing ----

  private head(n: number): Buffer {
    if (this.pending[0].length >= n) return this.pending[0];
    const joined = Buffer.concat(this.pending);
    this.pending = [joined];
    return joined;
  }

  private onData(chunk: Buffer): void {
    if (this.state === 'closed') return;
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    while (this.pendingBytes >= 4 && !this.isClosed()) {
      const length = this.head(4).readInt32BE(0);
      if (this.state === 'new' && this.packetsReceived === 0) {
        const output = this.host.fourLetterWord(length, this);
        if (output !== null) {
          this.state = 'closed';
          this.socket.end(output);
          this.host.closed(this, null);
          return;
        }
      }
      if (length < 0 || length > this.host.maxBufferBytes) {
        this.close(
          `Len error. A message from ${this.remoteSocketAddress} with advertised length of ${length} is either a malformed message or too large to process (length is greater than jute.maxbuffer=${this.host.maxBufferBytes})`,
        );
        return;
      }
      if (this.pendingBytes < 4 + length) break;
      const all = this.head(4 + length);
      const payload = Buffer.from(all.subarray(4, 4 + length));
      const rest = all.subarray(4 + length);
      this.pending = rest.length > 0 ? [rest] : [];
      this.pendingBytes = rest.length;
      this.packetsReceived++;
      this.host.countReceived();
      this.onFrame(payload);
    }
    if (this.slots.length > MAX_OUTSTANDING) this.socket.pause();
  }

  private onFrame(payload: Buffer): void {
    if (this.state === 'new') this.connect(payload);
    else if (this.state === 'connecting') this.waiting.push(payload);
    else if (this.state === 'open') this.request(payload);
  }

  // ---- handshake ----

  private connect(payload: Buffer): void {
    let req;
    try {
      req = readConnectRequest(new JuteReader(payload));
    } catch (e) {
      this.close(`Unable to read the ConnectRequest from ${this.remoteSocketAddress}: ${errorMessage(e)}`);
      return;
    }
    const server = this.host.server;
    if (req.lastZxidSeen > BigInt(server.lastZxid)) {
      this.close(
        `Refusing session request for client ${this.remoteSocketAddress} as it has seen zxid 0x${req.lastZxidSeen.toString(16)} our last zxid is 0x${server.lastZxid.toString(16)} client must try another server`,
      );
      return;
    }
    this.state = 'connecting';
    const readOnly = req.readOnly;
    let handshake;
    if (req.sessionId === 0n) handshake = server.createSession(this, req.timeOutMs);
    else {
      this.host.takeSession(req.sessionId, this);
      handshake = server.resumeSession(this, req.sessionId, req.passwd);
    }
    handshake.then(
      (h) => {
        if (this.state === 'closed') {
          server.detach(h.sessionId, this);
          return;
        }
        this.sessionId = h.sessionId;
        this.sessionTimeoutMs = h.negotiatedTimeoutMs;
        this.host.sessionAttached(h.sessionId, this);
        const w = new JuteWriter();
        writeConnectResponse(w, h.negotiatedTimeoutMs, h.sessionId, h.password, readOnly);
        this.send(w.toFrame(), null);
        this.state = 'open';
        for (const frame of this.waiting.splice(0)) this.request(frame);
      },
      () => {
        if (this.state === 'closed') return;
        // finishSessionInit(valid = false): timeout 0, session 0, 16 zero bytes, then closeConn.
        const w = new JuteWriter();
        writeConnectResponse(w, 0, 0n, new Uint8Array(16), readOnly);
        this.send(w.toFrame(), null);
        this.close(`Invalid session 0x${req.sessionId.toString(16)} for client ${this.remoteSocketAddress}, probably expired`, true);
      },
    );
  }

  // ---- requests, answered in order ----

  private request(payload: Buffer): void {
    const slot: Slot = { answer: null, xid: payload.length >= 4 ? payload.readInt32BE(0) : 0, receivedAtMs: Date.now() };
    this.slots.push(slot);
    handleRequest({ server: this.host.server, sessionId: this.sessionId, connection: this }, payload, (answer) => {
      slot.answer = answer;
      this.drain();
    });
  }

  private drain(): void {
    while (this.slots.length > 0 && this.slots[0].answer !== null && this.state !== 'closed') {
      const slot = this.slots.shift() as Slot;
      const answer = slot.answer as Answer;
      if (!('frame' in answer)) {
        this.close(answer.reason);
        return;
      }
      this.lastOp = answer.lastOp;
      if (slot.xid >= 0) this.lastCxid = slot.xid;
      this.lastZxid = Number(answer.frame.readBigInt64BE(8));
      this.send(answer.frame, slot.receivedAtMs);
      if (answer.close) {
        this.close(null, true);
        return;
      }
    }
    if (this.slots.length <= MAX_OUTSTANDING && this.socket.isPaused() && this.state !== 'closed') this.socket.resume();
  }

  private send(frame: Buffer, receivedAtMs: number | null): void {
    if (this.state === 'closed' || this.socket.destroyed) return;
    // The replies a group commit releases go out in one write (one syscall, not one per reply;
    // with Nagle off each write would be its own packet).
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      process.nextTick(() => {
        this.corked = false;
        this.socket.uncork();
      });
    }
    this.socket.write(frame);
    this.packetsSent++;
    let latency: number | null = null;
    if (receivedAtMs !== null) {
      const now = Date.now();
      latency = now - receivedAtMs;
      this.lastResponseTimeMs = now;
      this.lastLatencyMs = latency;
      this.minLatencyMs = Math.min(this.minLatencyMs, latency);
      this.maxLatencyMs = Math.max(this.maxLatencyMs, latency);
      this.totalLatencyMs += latency;
      this.latencyCount++;
    }
    this.host.countSent(latency);
  }

  /** `afterWrite`: let what was written reach the client first (ZooKeeper's closeConn after a reply). */
  close(reason: string | null, afterWrite = false): void {
    if (this.state === 'closed') return;
    const wasOpen = this.state === 'open';
    this.state = 'closed';
    if (afterWrite) this.socket.end();
    else this.socket.destroy();
    if (wasOpen && this.sessionId !== 0n) this.host.server.detach(this.sessionId, this);
    this.host.closed(this, reason);
  }
}
