/**
 * One raw ZooKeeper connection for the differential test: exact frames out, and every frame in —
 * replies and notifications — recorded in the order the socket delivered them (which a promise per
 * reply cannot keep: a notification behind a reply in the same chunk would overtake it).
 */
import { connect, type Socket } from 'node:net';
import { JuteReader } from '../../src-main/protocol/zookeeper/jute/jute-reader';
import { JuteWriter } from '../../src-main/protocol/zookeeper/jute/jute-writer';
import { Xid } from '../../src-main/protocol/zookeeper/op-codes';

export type Inbound =
  | { kind: 'reply'; xid: number; zxid: bigint; err: number; body: JuteReader }
  | { kind: 'event'; zxid: bigint; type: number; state: number; path: string | null };

export interface Handshake {
  timeOutMs: number;
  sessionId: bigint;
  passwd: Buffer;
}

/** How long a request may go unanswered before the test calls it a hang (neither reply nor close). */
const ANSWER_TIMEOUT_MS = 10_000;

export class RawZkSession {
  private pending = Buffer.alloc(0);
  private handshakeWaiter: ((h: Handshake) => void) | null = null;
  private replyWaiter: ((r: Extract<Inbound, { kind: 'reply' }> | 'closed') => void) | null = null;
  closed = false;
  private closedListeners: Array<() => void> = [];

  private constructor(
    private readonly socket: Socket,
    private readonly onEvent: (e: Extract<Inbound, { kind: 'event' }>) => void,
  ) {
    socket.on('data', (c: Buffer) => this.onData(c));
    socket.on('error', () => this.onClose());
    socket.on('close', () => this.onClose());
  }

  /** Connects (a new session, or the resume of `sessionId`); null when the server refuses or closes. */
  static async open(
    port: number,
    onEvent: (e: Extract<Inbound, { kind: 'event' }>) => void,
    resume?: { sessionId: bigint; passwd: Buffer },
  ): Promise<{ session: RawZkSession; handshake: Handshake } | null> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const session = new RawZkSession(socket, onEvent);
    const w = new JuteWriter()
      .int(0)
      .long(0n)
      .int(30000)
      .long(resume?.sessionId ?? 0n)
      .buffer(resume?.passwd ?? Buffer.alloc(16))
      .bool(false);
    const handshake = await new Promise<Handshake | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS);
      session.handshakeWaiter = (h) => {
        clearTimeout(timer);
        resolve(h);
      };
      session.closedListeners.push(() => {
        clearTimeout(timer);
        resolve(null);
      });
      socket.write(w.toFrame());
    });
    if (handshake === null || handshake.sessionId === 0n) {
      session.close();
      return null;
    }
    return { session, handshake };
  }

  /** Sends one request and waits for its reply, or for the connection to close ('closed'). */
  request(xid: number, type: number, body: (w: JuteWriter) => void): Promise<Extract<Inbound, { kind: 'reply' }> | 'closed' | 'timeout'> {
    if (this.closed) return Promise.resolve('closed');
    const w = new JuteWriter().int(xid).int(type);
    body(w);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.replyWaiter = null;
        resolve('timeout');
      }, ANSWER_TIMEOUT_MS);
      this.replyWaiter = (r) => {
        clearTimeout(timer);
        resolve(r);
      };
      this.socket.write(w.toFrame());
    });
  }

  whenClosed(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => this.closedListeners.push(resolve));
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    while (this.pending.length >= 4) {
      const length = this.pending.readInt32BE(0);
      if (this.pending.length < 4 + length) return;
      const frame = Buffer.from(this.pending.subarray(4, 4 + length));
      this.pending = this.pending.subarray(4 + length);
      this.onFrame(frame);
    }
  }

  private onFrame(frame: Buffer): void {
    const r = new JuteReader(frame);
    if (this.handshakeWaiter) {
      const done = this.handshakeWaiter;
      this.handshakeWaiter = null;
      r.int('protocolVersion');
      const timeOutMs = r.int('timeOut');
      const sessionId = r.long('sessionId');
      const passwd = r.buffer('passwd') ?? Buffer.alloc(0);
      done({ timeOutMs, sessionId, passwd });
      return;
    }
    const xid = r.int('xid');
    const zxid = r.long('zxid');
    const err = r.int('err');
    if (xid === Xid.NOTIFICATION) {
      this.onEvent({ kind: 'event', zxid, type: r.int('type'), state: r.int('state'), path: r.ustring('path') });
      return;
    }
    const waiter = this.replyWaiter;
    this.replyWaiter = null;
    waiter?.({ kind: 'reply', xid, zxid, err, body: r });
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    const waiter = this.replyWaiter;
    this.replyWaiter = null;
    waiter?.('closed');
    for (const l of this.closedListeners.splice(0)) l();
  }
}
