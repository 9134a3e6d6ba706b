import type { BrokerDefinition } from '../broker/kafka-server';
import type { Executor } from '../platform/executor';
import type { FileSystem } from '../platform/file-system';
import { joinPath } from '../platform/file-system';
import type { Random } from '../platform/random';
import type { Time } from '../platform/scheduler';
import type { ZkPersistence } from '../zookeeper';
import { ZooKeeperServer } from '../zookeeper';
import { Cluster, type ClusterDeps } from './cluster';
import { ClusterAdmin } from './cluster-admin';
import { ClusterClient } from './cluster-client';
import type { BrokerSpec, ClusterDefinition } from './cluster-definition';
import { defaultClusterDefinition, definitionProblems } from './cluster-definition';
import type { ClusterEvent } from './cluster-events';
import type { EventLogStore, EventQuery, StoredEvent } from './event-log';
import type { MetricsHistoryStore } from '../metrics-history/metrics-history-store';
import { EventRecorder } from './event-log';
import { Log4jWriter } from './log4j-writer';
import { logLineOf } from './cluster-events';

/** Requests per ZooKeeper group commit in the app. */
const WORKSPACE_ZK_BATCH = 250;

/** Where the workspace keeps its cluster definition (the SQLite one is `infra/sqlite-cluster-definition.ts`). */
export interface ClusterDefinitionStore {
  load(): ClusterDefinition | null;
  save(definition: ClusterDefinition): void;
}

export interface WorkspacePorts {
  /** The workspace folder: `metadata.db` lives here and `brokers/broker-<id>/…` under it. */
  dir: string;
  fs: FileSystem;
  time: Time;
  random: Random;
  executor: Executor;
  zkPersistence: ZkPersistence;
  definitions: ClusterDefinitionStore;
  events: EventLogStore;
  /** Where the sampled metrics are kept (the app's sampler writes it; none in most tests). */
  metricsHistory?: MetricsHistoryStore;
  /** For a new workspace: the definition to start with (default: three brokers 0, 1, 2). */
  initialDefinition?: ClusterDefinition;
  /** Each broker's wire-protocol listener, when the app runs them. */
  listenerFor?: ClusterDeps['listenerFor'];
}

/**
 * One workspace: the emulated ZooKeeper, the cluster definition, the brokers' directories
 * (`brokers/broker-<id>/<log dir>` and `brokers/broker-<id>/logs/*.log`) and the event log.
 * Opening it starts every broker; closing it shuts them down cleanly.
 */
export class Workspace {
  readonly cluster: Cluster;
  readonly admin: ClusterAdmin;
  /** Producer and consumer of the message tester and the log browser. */
  readonly client: ClusterClient;
  private definitionValue: ClusterDefinition;
  private readonly log4j: Log4jWriter;
  private readonly recorder: EventRecorder;
  private readonly unsubscribe: () => void;

  private constructor(
    private readonly ports: WorkspacePorts,
    readonly zkServer: ZooKeeperServer,
    definition: ClusterDefinition,
  ) {
    this.definitionValue = definition;
    this.log4j = new Log4jWriter(ports.fs, ports.executor, (id) => joinPath(this.brokerDir(id), 'logs'));
    this.recorder = new EventRecorder(ports.events, ports.executor);
    this.cluster = new Cluster({
      time: ports.time,
      random: ports.random,
      executor: ports.executor,
      fs: ports.fs,
      zkServer,
      listenerFor: ports.listenerFor,
    });
    this.unsubscribe = this.cluster.subscribe((e) => this.onEvent(e));
    this.admin = new ClusterAdmin(this.cluster, ports.time, ports.random);
    this.client = new ClusterClient(this.cluster, ports.time, ports.random);
    for (const spec of definition.brokers) this.cluster.addBroker(this.brokerDefinition(spec));
  }

  static async open(ports: WorkspacePorts): Promise<Workspace> {
    let definition = ports.definitions.load();
    if (!definition) {
      definition = ports.initialDefinition ?? defaultClusterDefinition();
      const problems = definitionProblems(definition);
      if (problems.length > 0) throw new Error(`Invalid cluster definition: ${problems.join('; ')}`);
      ports.definitions.save(definition);
    }
    // Smaller group commits than the store's default keep each turn of the app's event loop short
    // when the controller writes 10,000 state znodes at once.
    const zkServer = await ZooKeeperServer.openSliced(
      ports.time,
      ports.zkPersistence,
      { maxBatchSize: WORKSPACE_ZK_BATCH },
      ports.executor,
    );
    return new Workspace(ports, zkServer, definition);
  }

  get definition(): ClusterDefinition {
    return this.definitionValue;
  }

  get metricsHistory(): MetricsHistoryStore | null {
    return this.ports.metricsHistory ?? null;
  }

  brokerDir(id: number): string {
    return joinPath(this.ports.dir, 'brokers', `broker-${id}`);
  }

  private brokerDefinition(spec: BrokerSpec): BrokerDefinition {
    return {
      id: spec.id,
      rack: spec.rack,
      logDirs: spec.logDirs.map((d) => joinPath(this.brokerDir(spec.id), d)),
      host: 'localhost',
      port: 9092 + spec.id,
      // Kafka requires zookeeper.connect: the cluster's own ZooKeeper port, as kept from its last bind.
      config: {
        'zookeeper.connect': `127.0.0.1:${this.definitionValue.zookeeper?.clientPort ?? 2181}`,
        ...this.definitionValue.brokerDefaults,
        ...spec.config,
      },
    };
  }

  /**
   * Starts every stopped broker. A broker whose previous process left its registration behind
   * (the app was closed abruptly) fails as Kafka does — the znode is owned by another session —
   * and is started again once that session has expired, as a service manager would.
   */
  async startAll(): Promise<void> {
    for (const id of this.cluster.brokerIds()) {
      const broker = this.cluster.broker(id);
      if (broker.isRunning) continue;
      try {
        await this.cluster.startBroker(id);
      } catch {
        this.retryAfterStaleSession(id);
      }
    }
  }

  private retryAfterStaleSession(id: number): void {
    const waitMs =
      Math.max(...this.zkServer.sessionIds().map((s) => (this.zkServer.sessionExpiresAtMs(s) ?? 0) - this.ports.time.nowMs()), 0) + 1;
    this.ports.time.schedule(`restart-broker-${id}`, waitMs, () => {
      void this.cluster.startBroker(id).catch(() => undefined);
    });
  }

  addBroker(spec: BrokerSpec): void {
    const next: ClusterDefinition = { ...this.definitionValue, brokers: [...this.definitionValue.brokers, spec] };
    const problems = definitionProblems(next);
    if (problems.length > 0) throw new Error(problems.join('; '));
    this.cluster.addBroker(this.brokerDefinition(spec));
    this.definitionValue = next;
    this.ports.definitions.save(next);
  }

  /** Keeps the port the ZooKeeper listener bound, for the next opening of the workspace. */
  keepZooKeeperClientPort(port: number): void {
    if (this.definitionValue.zookeeper?.clientPort === port) return;
    this.definitionValue = { ...this.definitionValue, zookeeper: { ...this.definitionValue.zookeeper, clientPort: port } };
    this.ports.definitions.save(this.definitionValue);
  }

  removeBroker(id: number): void {
    this.cluster.removeBroker(id);
    this.definitionValue = { ...this.definitionValue, brokers: this.definitionValue.brokers.filter((b) => b.id !== id) };
    this.ports.definitions.save(this.definitionValue);
  }

  recentEvents(limit: number, beforeSeq?: number) {
    this.recorder.flush();
    return this.ports.events.recent(limit, beforeSeq);
  }

  /** The timeline filtered (newest first). */
  queryEvents(query: EventQuery): StoredEvent[] {
    this.recorder.flush();
    return this.ports.events.query(query);
  }

  /** The events that state a fact, oldest first, from `fromMs` on (after seq `afterSeq`): what incidents are told from. */
  eventFacts(fromMs: number, afterSeq?: number): StoredEvent[] {
    this.recorder.flush();
    return this.ports.events.facts(fromMs, afterSeq);
  }

  /**
   * Closing the app stops every running broker cleanly (logs closed, checkpoints and clean-shutdown
   * markers written, sessions closed) without a controlled shutdown: the cluster is put away as it
   * is, not drained. Then the store closes.
   */
  async close(): Promise<void> {
    for (const b of this.cluster.runningBrokers())
      await this.cluster.shutdownBroker(b.id, { controlled: false }).catch(() => this.cluster.killBroker(b.id));
    this.cluster.halt();
    this.unsubscribe();
    this.recorder.flush();
    this.log4j.close();
    this.zkServer.close();
  }

  private onEvent(event: ClusterEvent): void {
    const log = logLineOf(event);
    if (log) this.log4j.write(log.brokerId, event.timeMs, log.line);
    this.recorder.record(event);
  }
}
