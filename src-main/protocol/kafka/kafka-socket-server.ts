/**
 * One broker's listener on 127.0.0.1 (Kafka's `SocketServer` with one PLAINTEXT listener): size
 * framed requests, several in flight per connection but handled one at a time and answered in
 * order (Kafka mutes a channel while its request is processed), `socket.request.max.bytes`, and a
 * connection closed — never the server — on a frame it cannot take. A channel a quota throttles
 * stays muted after its response is sent until the throttling ends (KafkaChannel's
 * MUTED_AND_THROTTLED): its next request waits.
 */
import { createServer, type Server, type Socket } from 'node:net';
import {
  connectionsByClient,
  EMPTY_CLIENT_INFORMATION,
  type ClientInformation,
  type ClientSoftwareConnections,
} from './client-information';
import { TooManyConnectionsException, type ConnectionQuotas } from './connection-quotas';
import { CloseConnection, type KafkaApis } from './kafka-apis';

/** Kafka's default `socket.request.max.bytes`. */
export const DEFAULT_SOCKET_REQUEST_MAX_BYTES = 104_857_600;

export interface SocketServerOptions {
  readonly host?: string;
  /** 0: any free port. */
  readonly port: number;
  /** The address put in Metadata (defaults to the bound one). */
  readonly advertisedHost?: string;
  readonly socketRequestMaxBytes?: number;
  /** A connection closed for a reason Kafka logs (bad frame, unsupported version …). */
  readonly onConnectionError?: (clientAddress: string, message: string) => void;
  /** The broker's connection limits; none: unlimited. */
  readonly connectionQuotas?: ConnectionQuotas;
  /** A line of the broker's server.log (the Acceptor's refusals). */
  readonly serverLog?: (level: 'INFO' | 'WARN', logger: string, message: string) => void;
}

export interface ConnectionStats {
  readonly open: number;
  readonly requestsByApiKey: ReadonlyMap<number, number>;
  /** Open connections by the client software their ApiVersions named (KIP-511), most first. */
  readonly connectionsByClient: readonly ClientSoftwareConnections[];
}

export class KafkaSocketServer {
  private server: Server | null = null;
  /** Open connections, least recently used first (`Selector.lowestPriorityChannel`). */
  private readonly sockets = new Set<Socket>();
  /** Connections the Acceptor has not taken yet: they wait for a slot under `max.connections`. */
  private readonly waiting: Socket[] = [];
  private readonly requestCounts = new Map<number, number>();
  /** What each open connection's client announced (`ChannelMetadataRegistry.clientInformation`). */
  private readonly clients = new Map<Socket, ClientInformation>();
  private boundPort = -1;

  /** `apis` gives the running broker's request handling, or null while it is not running (connections are then closed at once, as a stopped broker's would be refused). */
  constructor(
    private readonly apis: () => KafkaApis | null,
    private readonly options: SocketServerOptions,
  ) {}

  get port(): number {
    return this.boundPort;
  }

  get host(): string {
    return this.options.host ?? '127.0.0.1';
  }

  stats(): ConnectionStats {
    const open = [...this.sockets].map((s) => this.clients.get(s) ?? EMPTY_CLIENT_INFORMATION);
    return { open: this.sockets.size, requestsByApiKey: new Map(this.requestCounts), connectionsByClient: connectionsByClient(open) };
  }

  async start(): Promise<number> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    this.boundPort = typeof address === 'object' && address ? address.port : -1;
    return this.boundPort;
  }

  /** Stops listening and closes every connection (a broker shutting down or killed). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    for (const socket of this.waiting.splice(0)) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * The limits changed (`counts.notifyAll()`): waiting connections take the free slots, and
   * connections above a lowered `max.connections` are closed, least recently used first.
   */
  connectionLimitsChanged(): void {
    const quotas = this.options.connectionQuotas;
    if (!quotas) return;
    for (let excess = quotas.excess(); excess > 0; excess--) {
      const lru = this.sockets.values().next().value;
      if (lru === undefined) break;
      this.sockets.delete(lru);
      lru.destroy();
    }
    this.acceptWaiting();
  }

  private acceptWaiting(): void {
    const quotas = this.options.connectionQuotas;
    while (this.waiting.length > 0 && (!quotas || quotas.slotAvailable())) this.accept(this.waiting.shift() as Socket);
  }

  private accept(socket: Socket): void {
    if (this.apis() === null) {
      socket.destroy();
      return;
    }
    const quotas = this.options.connectionQuotas;
    if (quotas) {
      // `waitForConnectionSlot`: not read until a slot frees; a client giving up meanwhile is dropped.
      if (!quotas.slotAvailable()) {
        if (!this.waiting.includes(socket)) {
          this.waiting.push(socket);
          socket.once('close', () => {
            const i = this.waiting.indexOf(socket);
            if (i >= 0) this.waiting.splice(i, 1);
          });
          socket.on('error', () => {});
        }
        return;
      }
      const remoteAddress = socket.remoteAddress ?? '';
      try {
        quotas.inc(remoteAddress);
      } catch (e) {
        if (!(e instanceof TooManyConnectionsException)) throw e;
        this.options.serverLog?.(
          'INFO',
          'kafka.network.Acceptor',
          `Rejected connection from ${e.ip}, address already has the configured maximum of ${e.count} connections.`,
        );
        quotas.dec(remoteAddress);
        socket.destroy();
        return;
      }
      socket.once('close', () => {
        quotas.dec(remoteAddress);
        this.acceptWaiting();
      });
    }
    this.sockets.add(socket);
    socket.once('close', () => this.clients.delete(socket));
    const channelMetadata = { registerClientInformation: (info: ClientInformation) => this.clients.set(socket, info) };
    socket.setNoDelay(true);
    const clientAddress = `${socket.remoteAddress}:${socket.remotePort}`;
    const listener = { host: this.options.advertisedHost ?? this.host, port: this.boundPort };
    const maxBytes = this.options.socketRequestMaxBytes ?? DEFAULT_SOCKET_REQUEST_MAX_BYTES;
    const queue: Buffer[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let processing = false;
    let closed = false;
    // `ChannelMuteEvent.THROTTLE_STARTED` … `THROTTLE_ENDED`: resolved when the throttling ends (or the connection closes).
    let throttled: { ended: Promise<void>; end: () => void } | null = null;
    const channel = {
      startThrottling: () => {
        if (throttled !== null) return;
        let end = () => {};
        const ended = new Promise<void>((r) => (end = r));
        throttled = { ended, end };
      },
      endThrottling: () => {
        throttled?.end();
        throttled = null;
      },
    };

    const close = (message: string | null) => {
      if (closed) return;
      closed = true;
      channel.endThrottling();
      if (message !== null) this.options.onConnectionError?.(clientAddress, message);
      socket.destroy();
    };

    const processQueue = async () => {
      if (processing) return;
      processing = true;
      while (queue.length > 0 && !closed) {
        const frame = queue.shift() as Buffer;
        if (frame.length >= 2) {
          const key = frame.readInt16BE(0);
          this.requestCounts.set(key, (this.requestCounts.get(key) ?? 0) + 1);
        }
        const apis = this.apis();
        if (apis === null) {
          close(null);
          break;
        }
        try {
          const handled = await apis.handleRequest(frame, listener, clientAddress, channel, channelMetadata);
          const { response } = handled;
          handled.responseDequeued();
          if (response !== null && !closed) {
            const size = Buffer.allocUnsafe(4);
            size.writeInt32BE(response.length);
            socket.write(size);
            // Written (or the connection gone: Kafka counts a response in flight at a disconnect as done).
            socket.write(response, () => handled.sendCompleted());
          } else {
            handled.sendCompleted();
          }
          // The response (or none, acks=0) is out; a throttled channel reads its next request only when the throttling ends.
          const muted: { ended: Promise<void> } | null = throttled;
          if (muted !== null) await muted.ended;
        } catch (error) {
          close(
            error instanceof CloseConnection
              ? error.message
              : `Unexpected error from ${clientAddress}; closing connection: ${(error as Error).stack ?? String(error)}`,
          );
        }
      }
      processing = false;
      if (!closed && socket.isPaused()) socket.resume();
    };

    /** What has arrived, as one buffer of at least `n` bytes (the chunks are joined only when the first is shorter). */
    const head = (n: number): Buffer => {
      if (pending[0].length >= n) return pending[0];
      const joined = Buffer.concat(pending);
      pending = [joined];
      return joined;
    };

    socket.on('data', (chunk: Buffer) => {
      if (quotas) {
        // Most recently used last: `connectionLimitsChanged` closes from the front.
        this.sockets.delete(socket);
        if (!closed) this.sockets.add(socket);
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      // A frame's chunks are joined once, when the whole frame is there: a large request arriving
      // in many chunks is not copied again at every chunk.
      while (pendingBytes >= 4 && !closed) {
        const size = head(4).readInt32BE(0);
        if (size < 0 || size > maxBytes) {
          close(`Invalid receive (size = ${size} larger than ${maxBytes})`);
          return;
        }
        if (pendingBytes < 4 + size) break;
        const all = head(4 + size);
        queue.push(Buffer.from(all.subarray(4, 4 + size)));
        const rest = all.subarray(4 + size);
        pending = rest.length > 0 ? [rest] : [];
        pendingBytes = rest.length;
      }
      // Back-pressure: a client pipelining faster than the broker answers waits in TCP.
      if (queue.length > 64) socket.pause();
      void processQueue();
    });
    socket.on('error', () => close(null));
    socket.on('close', () => {
      closed = true;
      channel.endThrottling();
      this.sockets.delete(socket);
    });
  }
}
