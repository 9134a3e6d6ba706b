/**
 * A broker's listener on 127.0.0.1 for the core (`BrokerListener`): binds the broker's preferred
 * port (9092 + id by default) or, when that is taken, a free one — kept for the broker's later
 * restarts, so clients find it where they last did — and answers with the broker's APIs only while
 * it runs.
 */
import type { BrokerListener } from '../../core/broker/broker-listener';
import type { KafkaServer } from '../../core/broker/kafka-server';
import type { ClusterAdmin } from '../../core/cluster/cluster-admin';
import type { BrokerConfig } from '../../core/config/kafka-config';
import type { BrokerReconfigurable } from '../../core/server/broker-reconfigurable';
import type { Time } from '../../core/platform/scheduler';
import { brokerApis } from './broker-apis';
import { ConnectionQuotas, SOCKET_SERVER_LOGGER } from './connection-quotas';
import type { KafkaApis } from './kafka-apis';
import { KafkaSocketServer, type ConnectionStats } from './kafka-socket-server';
import { requestChannelMetrics } from './request-metrics';

export const LISTENER_HOST = '127.0.0.1';
/** The one listener a broker has (`listeners=PLAINTEXT://…`). */
export const LISTENER_NAME = 'PLAINTEXT';

export class BrokerSocketListener implements BrokerListener {
  private server: KafkaSocketServer | null = null;
  private port: number | null = null;
  private apis: KafkaApis | null = null;
  private connectionQuotas: ConnectionQuotas | undefined;

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
    return this.server?.stats() ?? { open: 0, requestsByApiKey: new Map(), connectionsByClient: [] };
  }

  /** A new SocketServer's `ConnectionQuotas`, from the config the broker starts with. */
  configure(config: BrokerConfig): BrokerReconfigurable {
    const logIdent = `[SocketServer brokerId=${config.brokerId}] `;
    this.connectionQuotas = new ConnectionQuotas(
      config,
      LISTENER_NAME,
      (message) => this.broker().serverLog('INFO', SOCKET_SERVER_LOGGER, logIdent + message),
      () => this.server?.connectionLimitsChanged(),
    );
    return this.connectionQuotas;
  }

  async bind(): Promise<{ host: string; port: number }> {
    this.close();
    // The SocketServer's RequestChannel registers its metrics as the broker starts.
    const metrics = this.broker().metrics;
    if (metrics !== null) requestChannelMetrics(metrics);
    const wanted = this.port ?? this.preferredPort;
    const provider = () => {
      const b = this.broker();
      if (!b.isRunning) return null;
      this.apis ??= brokerApis({ broker: b, time: this.time, admin: this.admin() });
      return this.apis;
    };
    const options = {
      host: LISTENER_HOST,
      onConnectionError: this.onConnectionError,
      connectionQuotas: this.connectionQuotas,
      serverLog: (level: 'INFO' | 'WARN', logger: string, message: string) => this.broker().serverLog(level, logger, message),
    };
    let server = new KafkaSocketServer(provider, { ...options, port: wanted });
    try {
      await server.start();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' && (e as NodeJS.ErrnoException).code !== 'EACCES') throw e;
      server = new KafkaSocketServer(provider, { ...options, port: 0 });
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
