/**
 * A broker's listener on 127.0.0.1 for the core (`BrokerListener`): binds the broker's preferred
 * port (9092 + id by default) or, when that is taken, a free one — kept for the broker's later
 * restarts, so clients find it where they last did — and answers with the broker's APIs only while
 * it runs.
 */
import type { BrokerListener } from '../../core/broker/broker-listener';
import type { KafkaServer } from '../../core/broker/kafka-server';
import type { ClusterAdmin } from '../../core/cluster/cluster-admin';
import type { Time } from '../../core/platform/scheduler';
import { brokerApis } from './broker-apis';
import type { KafkaApis } from './kafka-apis';
import { KafkaSocketServer, type ConnectionStats } from './kafka-socket-server';

export const LISTENER_HOST = '127.0.0.1';

export class BrokerSocketListener implements BrokerListener {
  private server: KafkaSocketServer | null = null;
  private port: number | null = null;
  private apis: KafkaApis | null = null;

  constructor(
    private readonly broker: () => KafkaServer,
    private readonly time: Time,
    private readonly admin: () => ClusterAdmin,
    private readonly preferredPort: number,
    private readonly onConnectionError?: (clientAddress: string, message: string) => void,
  ) {}

  /** The bound port, or null before the first bind. */
  get boundPort(): number | null {
    return this.port;
  }

  stats(): ConnectionStats {
    return this.server?.stats() ?? { open: 0, requestsByApiKey: new Map() };
  }

  async bind(): Promise<{ host: string; port: number }> {
    this.close();
    const wanted = this.port ?? this.preferredPort;
    const provider = () => {
      const b = this.broker();
      if (!b.isRunning) return null;
      this.apis ??= brokerApis({ broker: b, time: this.time, admin: this.admin() });
      return this.apis;
    };
    let server = new KafkaSocketServer(provider, { host: LISTENER_HOST, port: wanted, onConnectionError: this.onConnectionError });
    try {
      await server.start();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' && (e as NodeJS.ErrnoException).code !== 'EACCES') throw e;
      server = new KafkaSocketServer(provider, { host: LISTENER_HOST, port: 0, onConnectionError: this.onConnectionError });
      await server.start();
    }
    this.server = server;
    this.port = server.port;
    return { host: LISTENER_HOST, port: server.port };
  }

  close(): void {
    const server = this.server;
    this.server = null;
    void server?.stop();
  }
}
