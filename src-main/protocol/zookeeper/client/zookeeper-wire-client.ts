/**
 * A small ZooKeeper client over the wire (the jute codecs of this folder, a real socket): the
 * handshake, requests answered in order by xid, and notifications. `kafka-dojo zookeeper-shell` and
 * the wire tests use it; it does no retries or reconnects of its own.
 */
import { connect, type Socket } from 'node:net';
import { JuteReader } from '../jute/jute-reader';
import { JuteWriter } from '../jute/jute-writer';
import { Xid } from '../op-codes';
import { readConnectResponse, type ConnectResponse } from '../records';

export type Handshake = ConnectResponse;

export interface Reply {
  xid: number;
  zxid: bigint;
  err: number;
  /** The response record after the header (read it only when err is 0). */
  body: JuteReader;
}

export interface ConnectOptions {
  sessionTimeoutMs?: number;
  sessionId?: bigint;
  passwd?: Uint8Array;
  lastZxidSeen?: bigint;
  /** The handshake is abandoned (the socket destroyed) when it takes longer than this. */
  connectTimeoutMs?: number;
  /** Watch notifications (xid −1): the WatcherEvent's reader. */
  onNotification?: (event: { type: number; state: number; path: string | null }) => void;
}

export class ZooKeeperWireClient {
  private nextXid = 1;
  private readonly waiting: Array<{ xid: number; resolve: (r: Reply) => void; reject: (e: Error) => void }> = [];
  private pending = Buffer.alloc(0);
  private handshakeDone: ((h: Handshake) => void) | null = null;
  private closedError: Error | null = null;
  private closeListeners: Array<() => void> = [];
  handshake: Handshake | null = null;

  private constructor(
    readonly socket: Socket,
    private readonly options: ConnectOptions,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (e) => this.fail(e));
    socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  /** Connects and completes the handshake; rejects when the server closes the connection instead. */
  static async connect(host: string, port: number, options: ConnectOptions = {}): Promise<ZooKeeperWireClient> {
    const socket = connect({ host, port });
    const timer =
      options.connectTimeoutMs === undefined
        ? null
        : setTimeout(
            () => socket.destroy(new Error(`no answer from ${host}:${port} within ${options.connectTimeoutMs} ms`)),
            options.connectTimeoutMs,
          );
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('error', reject);
        socket.once('close', () => reject(new Error('the server closed the connection')));
      });
      const client = new ZooKeeperWireClient(socket, options);
      await client.handshakeWith(options);
      return client;
    } catch (e) {
      socket.destroy();
      throw e;
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  private async handshakeWith(options: ConnectOptions): Promise<void> {
    const w = new JuteWriter();
    w.int(0)
      .long(options.lastZxidSeen ?? 0n)
      .int(options.sessionTimeoutMs ?? 30000)
      .long(options.sessionId ?? 0n)
      .buffer(options.passwd ?? new Uint8Array(16))
      .bool(false);
    const answered = new Promise<Handshake>((resolve, reject) => {
      this.handshakeDone = resolve;
      this.closeListeners.push(() => reject(this.closedError));
    });
    this.socket.write(w.toFrame());
    this.handshake = await answered;
  }

  get closed(): boolean {
    return this.closedError !== null;
  }

  /** Resolves when the connection is gone. */
  whenClosed(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => this.closeListeners.push(resolve));
  }

  /** Sends a request (xid assigned unless given) and resolves with its reply. */
  request(type: number, body?: (w: JuteWriter) => void, xid?: number): Promise<Reply> {
    const w = new JuteWriter();
    const id = xid ?? this.nextXid++;
    w.int(id).int(type);
    body?.(w);
    return this.send(w.toFrame(), id);
  }

  /** Sends bytes as they are (a malformed frame), expecting a reply with `xid` if any. */
  send(frame: Buffer, xid: number): Promise<Reply> {
    return new Promise((resolve, reject) => {
      if (this.closedError) return reject(this.closedError);
      this.waiting.push({ xid, resolve, reject });
      this.socket.write(frame);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    while (this.pending.length >= 4) {
      const length = this.pending.readInt32BE(0);
      if (this.pending.length < 4 + length) return;
      const frame = this.pending.subarray(4, 4 + length);
      this.pending = this.pending.subarray(4 + length);
      this.onFrame(Buffer.from(frame));
    }
  }

  private onFrame(frame: Buffer): void {
    const r = new JuteReader(frame);
    if (this.handshakeDone) {
      const done = this.handshakeDone;
      this.handshakeDone = null;
      done(readConnectResponse(r));
      return;
    }
    const xid = r.int('xid');
    const zxid = r.long('zxid');
    const err = r.int('err');
    if (xid === Xid.NOTIFICATION) {
      this.options.onNotification?.({ type: r.int('type'), state: r.int('state'), path: r.ustring('path') });
      return;
    }
    const index = this.waiting.findIndex((w) => w.xid === xid);
    if (index === -1) return;
    const [waiter] = this.waiting.splice(index, 1);
    waiter.resolve({ xid, zxid, err, body: r });
  }

  private fail(e: Error): void {
    if (this.closedError) return;
    this.closedError = e;
    for (const w of this.waiting.splice(0)) w.reject(e);
    for (const l of this.closeListeners.splice(0)) l();
  }
}
