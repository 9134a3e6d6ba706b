import { join } from 'node:path';
import { ManualTime } from '../../src-main/core/platform/manual-time';
import type { ZooKeeperClientOptions, ZooKeeperServerConfig } from '../../src-main/core/zookeeper';
import { ZooKeeperClient, ZooKeeperServer } from '../../src-main/core/zookeeper';
import { SqliteZkPersistence } from '../../src-main/infra/sqlite-zk-persistence';
import { makeTempDir } from './temp-dir';

/**
 * An emulated ZooKeeper on a real SQLite file in a temp dir, on a manual clock.
 * `reopen()` closes the server and opens the same file again (a restart of the store).
 */
export class ZkFixture {
  readonly time: ManualTime;
  server: ZooKeeperServer;
  readonly dbFile: string;
  private readonly clients: ZooKeeperClient[] = [];
  private readonly tmp = makeTempDir('kafka-dojo-zk-');

  constructor(private readonly config: Partial<ZooKeeperServerConfig> = {}) {
    this.time = new ManualTime();
    this.dbFile = join(this.tmp.dir, 'metadata.db');
    this.server = ZooKeeperServer.open(this.time, SqliteZkPersistence.open(this.dbFile, { durable: false }), config);
  }

  async client(options: ZooKeeperClientOptions = {}): Promise<ZooKeeperClient> {
    const c = await ZooKeeperClient.connect(this.server, this.time, options);
    this.clients.push(c);
    return c;
  }

  /** Waits until every request is committed and every watch and reply delivered. */
  idle(): Promise<void> {
    return this.server.whenIdle();
  }

  /** Advances the manual clock, then lets the server deliver what that caused. */
  async advance(ms: number): Promise<void> {
    this.time.advance(ms);
    await this.server.whenIdle();
  }

  reopen(): ZooKeeperServer {
    this.server.close();
    this.server = ZooKeeperServer.open(this.time, SqliteZkPersistence.open(this.dbFile, { durable: false }), this.config);
    return this.server;
  }

  close(): void {
    for (const c of this.clients) c.disconnect();
    this.server.close();
    this.tmp.cleanup();
  }
}

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
export const text = (b: Uint8Array | null): string | null => (b === null ? null : new TextDecoder().decode(b));
