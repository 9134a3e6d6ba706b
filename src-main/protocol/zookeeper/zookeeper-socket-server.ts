/**
 * The emulated ZooKeeper's client port (ZooKeeper's `NIOServerCnxnFactory` for one standalone
 * server): accepts connections, keeps the server-wide counters the four-letter words print, and
 * makes sure one session is held by one connection at a time. A connection that misbehaves is
 * closed alone; nothing it sent reaches the store.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { ZooKeeperServer } from '../../core/zookeeper';
import { answerFourLetterWord, DEFAULT_4LW_WHITELIST, fourLetterWordOf } from './four-letter-words';
import type { ServerStatsView } from './server-stats-view';
import { ZooKeeperConnection, type ConnectionHost } from './zookeeper-connection';

export interface ZooKeeperSocketServerOptions {
  readonly host: string;
  /** 0: any free port. */
  readonly port: number;
  /** `4lw.commands.whitelist`, read at each word (so a change applies at once). */
  readonly fourLetterWordWhitelist?: () => string;
  /** What `conf` prints as dataDir. */
  readonly dataDir?: string;
  /** A connection closed for a reason ZooKeeper logs. */
  readonly onConnectionError?: (clientAddress: string, message: string) => void;
}

export class ZooKeeperSocketServer implements ConnectionHost, ServerStatsView {
  private listener: Server | null = null;
  private readonly open = new Set<ZooKeeperConnection>();
  private readonly sockets = new Set<Socket>();
  private readonly bySession = new Map<bigint, ZooKeeperConnection>();
  private boundPort = -1;
  readonly startedAtMs = Date.now();
  packetsReceived = 0;
  packetsSent = 0;
  minLatencyMs = 0;
  maxLatencyMs = 0;
  private totalLatencyMs = 0;
  private latencyCount = 0;

  constructor(
    readonly server: ZooKeeperServer,
    private readonly options: ZooKeeperSocketServerOptions,
  ) {}

  get port(): number {
    return this.boundPort;
  }

  get clientPort(): number {
    return this.boundPort;
  }

  get dataDir(): string {
    return this.options.dataDir ?? '';
  }

  /** `jute.maxbuffer`: the largest frame a connection may send. */
  get maxBufferBytes(): number {
    return this.server.config.juteMaxBufferBytes;
  }

  get avgLatencyMs(): number {
    return this.latencyCount === 0 ? 0 : this.totalLatencyMs / this.latencyCount;
  }

  connections(): readonly ZooKeeperConnection[] {
    return [...this.open];
  }

  async start(): Promise<number> {
    const listener = createServer((socket) => this.accept(socket));
    this.listener = listener;
    await new Promise<void>((resolve, reject) => {
      listener.once('error', reject);
      listener.listen(this.options.port, this.options.host, () => {
        listener.off('error', reject);
        resolve();
      });
    });
    const address = listener.address();
    this.boundPort = typeof address === 'object' && address ? address.port : -1;
    return this.boundPort;
  }

  /** Stops listening and drops every connection; their sessions stay in the store until they expire. */
  async stop(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    for (const conn of [...this.open]) conn.close(null);
    for (const socket of this.sockets) socket.destroy();
    if (listener) await new Promise<void>((resolve) => listener.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    this.open.add(new ZooKeeperConnection(socket, this));
  }

  // ---- ConnectionHost ----

  fourLetterWord(firstInt: number, conn: ZooKeeperConnection): string | null {
    const word = fourLetterWordOf(firstInt);
    if (word === null) return null;
    // As NIOServerCnxn: the word counts as a packet received, and the connection stops reading.
    conn.interestOps = 0;
    conn.packetsReceived++;
    this.packetsReceived++;
    return answerFourLetterWord(word, this.options.fourLetterWordWhitelist?.() ?? DEFAULT_4LW_WHITELIST, this);
  }

  takeSession(sessionId: bigint, conn: ZooKeeperConnection): void {
    const holder = this.bySession.get(sessionId);
    if (holder && holder !== conn) holder.close(`Closing the connection of session 0x${sessionId.toString(16)}: the client reconnected`);
  }

  sessionAttached(sessionId: bigint, conn: ZooKeeperConnection): void {
    this.bySession.set(sessionId, conn);
  }

  closed(conn: ZooKeeperConnection, reason: string | null): void {
    this.open.delete(conn);
    if (this.bySession.get(conn.sessionId) === conn) this.bySession.delete(conn.sessionId);
    if (reason !== null) this.options.onConnectionError?.(conn.remoteSocketAddress, reason);
  }

  countReceived(): void {
    this.packetsReceived++;
  }

  countSent(latencyMs: number | null): void {
    this.packetsSent++;
    if (latencyMs === null) return;
    this.minLatencyMs = this.latencyCount === 0 ? latencyMs : Math.min(this.minLatencyMs, latencyMs);
    this.maxLatencyMs = Math.max(this.maxLatencyMs, latencyMs);
    this.totalLatencyMs += latencyMs;
    this.latencyCount++;
  }

  resetStats(): void {
    this.packetsReceived = 0;
    this.packetsSent = 0;
    this.minLatencyMs = 0;
    this.maxLatencyMs = 0;
    this.totalLatencyMs = 0;
    this.latencyCount = 0;
  }
}
