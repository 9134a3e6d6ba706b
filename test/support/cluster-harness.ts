import { join } from 'node:path';
import type { BrokerDefinition, KafkaServer } from '../../src-main/core/broker/kafka-server';
import { Cluster } from '../../src-main/core/cluster/cluster';
import { ClusterAdmin } from '../../src-main/core/cluster/cluster-admin';
import { ClusterClient } from '../../src-main/core/cluster/cluster-client';
import type { ClusterEvent } from '../../src-main/core/cluster/cluster-events';
import { logLineOf } from '../../src-main/core/cluster/cluster-events';
import { microtaskExecutor } from '../../src-main/core/platform/executor';
import { ManualTime } from '../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../src-main/core/platform/random';
import type { ZooKeeperClient } from '../../src-main/core/zookeeper';
import { ZooKeeperClient as Client, ZooKeeperServer } from '../../src-main/core/zookeeper';
import { NodeFileSystem } from '../../src-main/infra/node-file-system';
import { SqliteZkPersistence } from '../../src-main/infra/sqlite-zk-persistence';
import { BrokerSocketListener } from '../../src-main/protocol/kafka/broker-socket-listener';
import { makeTempDir } from './temp-dir';

export interface HarnessOptions {
  brokers?: number;
  seed?: number;
  /** Extra `server.properties` entries for every broker. */
  brokerConfig?: Record<string, string>;
  /** Rack per broker id. */
  racks?: Record<number, string>;
  logDirsPerBroker?: number;
  /** Start every broker and wait for a controller (default true). */
  start?: boolean;
  /** Give every broker a wire-protocol listener on 127.0.0.1 (a free port each). */
  kafkaListeners?: boolean;
}

/**
 * A whole emulated cluster for scenario tests: real SQLite file, real log dirs in a temp dir, a
 * manual clock and a seeded random source. All core work runs on the microtask queue, so
 * `settle()` (one turn of the event loop) lets everything in flight finish; `advance(ms)` moves
 * the clock task by task, settling after each, so that work caused at time t happens at t.
 */
export class ClusterHarness {
  readonly time = new ManualTime(1_700_000_000_000);
  readonly random: SeededRandom;
  readonly fs = new NodeFileSystem();
  readonly events: ClusterEvent[] = [];
  /** Each broker's wire-protocol listener (with `kafkaListeners`). */
  readonly listeners = new Map<number, BrokerSocketListener>();
  readonly dir: string;
  zkServer!: ZooKeeperServer;
  cluster!: Cluster;
  private readonly tmp = makeTempDir('kafka-dojo-cluster-');
  private sessions: ZooKeeperClient[] = [];
  private readonly starvedSessions = new Set<bigint>();
  private clientValue: ClusterClient | null = null;

  private constructor(readonly seed: number) {
    this.random = new SeededRandom(seed);
    this.dir = this.tmp.dir;
  }

  static async create(options: HarnessOptions = {}): Promise<ClusterHarness> {
    const h = new ClusterHarness(options.seed ?? 1);
    h.zkServer = ZooKeeperServer.open(h.time, SqliteZkPersistence.open(join(h.dir, 'metadata.db'), { durable: false }));
    const listenerFor = options.kafkaListeners
      ? (id: number, broker: () => KafkaServer) => {
          const listener = new BrokerSocketListener(broker, h.time, () => new ClusterAdmin(h.cluster, h.time, h.random), 0);
          h.listeners.set(id, listener);
          return listener;
        }
      : undefined;
    h.cluster = new Cluster({
      time: h.time,
      random: h.random,
      executor: microtaskExecutor,
      fs: h.fs,
      zkServer: h.zkServer,
      onEvent: (e) => h.events.push(e),
      listenerFor,
    });
    const count = options.brokers ?? 3;
    for (let id = 0; id < count; id++) h.cluster.addBroker(h.definition(id, options));
    if (options.start ?? true) {
      for (let id = 0; id < count; id++) await h.cluster.startBroker(id);
      await h.settle();
    }
    return h;
  }

  definition(id: number, options: HarnessOptions = {}): BrokerDefinition {
    const dirs = Array.from({ length: options.logDirsPerBroker ?? 1 }, (_, i) =>
      join(this.dir, 'brokers', `broker-${id}`, `kafka-logs-${i}`),
    );
    return {
      id,
      rack: options.racks?.[id] ?? null,
      logDirs: dirs,
      host: 'localhost',
      port: 9092 + id,
      config: { ...options.brokerConfig },
    };
  }

  /** A producer/consumer of the cluster (what the message tester uses). */
  get client(): ClusterClient {
    this.clientValue ??= new ClusterClient(this.cluster, this.time, this.random);
    return this.clientValue;
  }

  logDir(brokerId: number, index = 0): string {
    return join(this.dir, 'brokers', `broker-${brokerId}`, `kafka-logs-${index}`);
  }

  /** A ZooKeeper session of the test's own, as the node editor or zkCli would have. */
  async session(): Promise<ZooKeeperClient> {
    const s = await Client.connect(this.zkServer, this.time, { sessionTimeoutMs: 30000, name: 'test' });
    this.sessions.push(s);
    return s;
  }

  /** Lets everything in flight finish (no clock movement). */
  async settle(): Promise<void> {
    for (let i = 0; i < 10_000; i++) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.cluster.isQuiescent()) {
        await this.zkServer.whenIdle();
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (this.cluster.isQuiescent()) return;
      }
    }
    throw new Error(`cluster did not settle (seed ${this.seed})`);
  }

  /** Moves the clock `ms` forward, one due task at a time, settling after each. */
  async advance(ms: number): Promise<void> {
    const target = this.time.nowMs() + ms;
    for (;;) {
      const next = this.time.nextDueMs();
      if (next === null || next > target) break;
      this.time.advanceTo(Math.max(next, this.time.nowMs()));
      await this.settle();
    }
    this.time.advanceTo(target);
    await this.settle();
  }

  /**
   * From now on ZooKeeper no longer hears the pings of these brokers' current sessions, as when a
   * fast clock runs on an event loop too busy to run the ping tasks: each session expires on the
   * first tick after its timeout (other requests still count as heartbeats, as in ZooKeeper).
   * Sessions made later ping normally. Returns the expiring session ids.
   */
  starvePings(brokerIds: readonly number[]): bigint[] {
    const ids = brokerIds.map((id) => {
      const sid = this.cluster.broker(id).sessionId;
      if (sid === null) throw new Error(`broker ${id} has no session (seed ${this.seed})`);
      return sid;
    });
    for (const sid of ids) this.starvedSessions.add(sid);
    if (!Object.prototype.hasOwnProperty.call(this.zkServer, 'touch')) {
      const server = this.zkServer;
      const touch = server.touch.bind(server);
      server.touch = (sid: bigint) => (this.starvedSessions.has(sid) ? server.sessionIds().includes(sid) : touch(sid));
    }
    return ids;
  }

  /** Drops the events recorded so far: a long simulation reads what it needs as they come. */
  forgetEvents(): void {
    this.events.length = 0;
  }

  eventsOf<K extends ClusterEvent['kind']>(kind: K): Array<Extract<ClusterEvent, { kind: K }>> {
    return this.events.filter((e): e is Extract<ClusterEvent, { kind: K }> => e.kind === kind);
  }

  /** Lines written to one of Kafka's log files (by any broker unless given). */
  logLines(file: 'server.log' | 'controller.log' | 'state-change.log', brokerId?: number): string[] {
    return this.events
      .map(logLineOf)
      .filter((e): e is NonNullable<typeof e> => e !== null && e.line.file === file && (brokerId === undefined || e.brokerId === brokerId))
      .map((e) => e.line.message);
  }

  async close(): Promise<void> {
    for (const s of this.sessions) s.disconnect();
    this.cluster.halt();
    for (const listener of this.listeners.values()) listener.close();
    this.zkServer.close();
    this.tmp.cleanup();
  }
}
