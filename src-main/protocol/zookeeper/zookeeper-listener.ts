/**
 * The open cluster's ZooKeeper client port on 127.0.0.1: the preferred port (2181, or the one the
 * workspace kept) or, when that is taken, a free one — which the caller keeps in the workspace so
 * that clients find it there after a restart.
 */
import type { ZooKeeperServer } from '../../core/zookeeper';
import type { ServerStatsView } from './server-stats-view';
import type { ZooKeeperConnection } from './zookeeper-connection';
import { ZooKeeperSocketServer, type ZooKeeperSocketServerOptions } from './zookeeper-socket-server';

export const ZOOKEEPER_HOST = '127.0.0.1';
/** ZooKeeper's `clientPort` default. */
export const DEFAULT_ZOOKEEPER_PORT = 2181;

export type ZooKeeperListenerOptions = Omit<ZooKeeperSocketServerOptions, 'host' | 'port'>;

export class ZooKeeperListener {
  private constructor(private readonly socketServer: ZooKeeperSocketServer) {}

  /** Binds `preferredPort`, or any free port when it is in use (or not allowed). */
  static async bind(server: ZooKeeperServer, preferredPort: number, options: ZooKeeperListenerOptions = {}): Promise<ZooKeeperListener> {
    let socketServer = new ZooKeeperSocketServer(server, { ...options, host: ZOOKEEPER_HOST, port: preferredPort });
    try {
      await socketServer.start();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' && code !== 'EACCES') throw e;
      socketServer = new ZooKeeperSocketServer(server, { ...options, host: ZOOKEEPER_HOST, port: 0 });
      await socketServer.start();
    }
    return new ZooKeeperListener(socketServer);
  }

  /** What the four-letter words and the Prometheus gauges read of the server. */
  get statsView(): ServerStatsView {
    return this.socketServer;
  }

  get port(): number {
    return this.socketServer.port;
  }

  /** The connect string clients take (`zkCli.sh -server`, kazoo's `hosts`). */
  get connectString(): string {
    return `${ZOOKEEPER_HOST}:${this.port}`;
  }

  /** The connections open now (what `cons` lists). */
  connections(): readonly ZooKeeperConnection[] {
    return this.socketServer.connections();
  }

  get openConnections(): number {
    return this.socketServer.connections().length;
  }

  close(): Promise<void> {
    return this.socketServer.stop();
  }
}
