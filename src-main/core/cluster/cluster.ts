import type { BrokerListener } from '../broker/broker-listener';
import type { BrokerDefinition } from '../broker/kafka-server';
import { KafkaServer } from '../broker/kafka-server';
import { ChannelFaults } from '../controller/channel-faults';
import type { KafkaController } from '../controller/kafka-controller';
import type { Executor } from '../platform/executor';
import type { FileSystem } from '../platform/file-system';
import type { Random } from '../platform/random';
import type { Time } from '../platform/scheduler';
import type { ZooKeeperServer } from '../zookeeper';
import type { ClusterEvent } from './cluster-events';

export interface ClusterDeps {
  time: Time;
  random: Random;
  executor: Executor;
  fs: FileSystem;
  zkServer: ZooKeeperServer;
  onEvent?: (event: ClusterEvent) => void;
  /** Each broker's client listener (the wire protocol), when the app runs one. */
  listenerFor?: (brokerId: number, broker: () => KafkaServer) => BrokerListener;
}

/**
 * The emulated cluster: its brokers (each a `KafkaServer` with its own ZooKeeper session) over one
 * emulated ZooKeeper, and the fault injection on the controller's links. Brokers are started, shut
 * down cleanly (controlled shutdown), killed (their session then expires after
 * `zookeeper.session.timeout.ms`), restarted, added, removed and given a failed log dir.
 */
export class Cluster {
  readonly faults = new ChannelFaults();
  private readonly servers = new Map<number, KafkaServer>();
  private readonly listeners = new Set<(event: ClusterEvent) => void>();
  private readonly unsubscribeZk: () => void;

  constructor(private readonly deps: ClusterDeps) {
    if (deps.onEvent) this.listeners.add(deps.onEvent);
    this.unsubscribeZk = deps.zkServer.subscribe((event) => this.emit({ kind: 'zookeeper', event }));
  }

  get zkServer(): ZooKeeperServer {
    return this.deps.zkServer;
  }

  subscribe(listener: (event: ClusterEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  brokerIds(): number[] {
    return [...this.servers.keys()].sort((a, b) => a - b);
  }

  broker(id: number): KafkaServer {
    const server = this.servers.get(id);
    if (!server) throw new Error(`Broker ${id} does not exist in this cluster`);
    return server;
  }

  runningBrokers(): KafkaServer[] {
    return this.brokerIds()
      .map((id) => this.broker(id))
      .filter((b) => b.isRunning);
  }

  /** The broker whose controller module is the active controller, if any. */
  activeController(): KafkaController | null {
    for (const b of this.runningBrokers()) if (b.controller?.isActive()) return b.controller;
    return null;
  }

  /** The active controller once its failover is done (its context complete), if any. */
  servingController(): KafkaController | null {
    const controller = this.activeController();
    return controller?.isReadyToServe() ? controller : null;
  }

  addBroker(definition: BrokerDefinition): KafkaServer {
    if (this.servers.has(definition.id)) throw new Error(`Broker ${definition.id} already exists`);
    const d = this.deps;
    const id = definition.id;
    const server: KafkaServer = new KafkaServer({
      definition,
      time: d.time,
      random: d.random,
      executor: d.executor,
      fs: d.fs,
      zkServer: () => this.deps.zkServer,
      faults: this.faults,
      peer: (peerId) => this.servers.get(peerId),
      log: (line) => this.emit({ kind: 'log', brokerId: id, line }),
      onLogManagerEvent: (event) => this.emit({ kind: 'log-manager', brokerId: id, event }),
      onControllerNotice: (brokerId, notice) => this.emit({ kind: 'controller', brokerId, notice }),
      onChannelEvent: (brokerId, event) => this.emit({ kind: 'channel', brokerId, event }),
      onZnodeProblem: (brokerId, e) =>
        this.emit({ kind: 'znode-problem', brokerId, path: e.path, message: e.message, kafkaReading: e.kafkaReading }),
      listener: d.listenerFor?.(id, (): KafkaServer => server),
    });
    this.servers.set(id, server);
    return server;
  }

  /** Removes a stopped broker from the cluster definition (its log dirs stay on disk). */
  removeBroker(id: number): void {
    const server = this.broker(id);
    if (server.isRunning || server.state === 'Starting') throw new Error(`Broker ${id} is running; shut it down or kill it first`);
    this.servers.delete(id);
  }

  async startBroker(id: number): Promise<void> {
    const server = this.broker(id);
    server.resetAfterKill();
    this.emit({ kind: 'broker-state', brokerId: id, state: 'Starting' });
    try {
      await server.startup();
    } finally {
      this.emit({ kind: 'broker-state', brokerId: id, state: server.state });
    }
  }

  /** Clean shutdown: controlled shutdown first (leadership moves away), then the broker stops. */
  async shutdownBroker(id: number, options: { controlled?: boolean } = {}): Promise<{ controlledShutdownSucceeded: boolean | null }> {
    const server = this.broker(id);
    this.emit({
      kind: 'broker-state',
      brokerId: id,
      state: options.controlled === false ? 'BrokerShuttingDown' : 'PendingControlledShutdown',
    });
    const result = await server.shutdown(options);
    this.emit({ kind: 'broker-state', brokerId: id, state: server.state });
    return result;
  }

  /** `kill -9`: the broker stops at once; its ZooKeeper session expires after its timeout. */
  killBroker(id: number): void {
    this.broker(id).kill();
    this.emit({ kind: 'broker-state', brokerId: id, state: 'Killed' });
  }

  async restartBroker(id: number): Promise<void> {
    const server = this.broker(id);
    if (server.isRunning) await this.shutdownBroker(id);
    await this.startBroker(id);
  }

  async failLogDir(id: number, dir: string): Promise<void> {
    await this.broker(id).failLogDir(dir);
  }

  /** Nothing queued anywhere: ZooKeeper idle, every controller's queue empty, no request in flight. */
  isQuiescent(): boolean {
    for (const b of this.servers.values()) {
      const c = b.controller;
      if (c && !c.isIdle) return false;
      if (b.dynamicConfigManager && !b.dynamicConfigManager.isIdle) return false;
    }
    return true;
  }

  /** Kills every broker without touching anything (closing the app keeps the cluster as it is). */
  halt(): void {
    for (const b of this.servers.values()) b.kill();
    this.unsubscribeZk();
  }

  private emit(event: ClusterEvent | Omit<ClusterEvent, 'timeMs'>): void {
    const stamped = { ...event, timeMs: this.deps.time.nowMs() } as ClusterEvent;
    for (const l of this.listeners) {
      try {
        l(stamped);
      } catch {
        // A listener's failure must not disturb the cluster.
      }
    }
  }
}
