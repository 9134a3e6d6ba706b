/**
 * The one open workspace of the app, wired: the infra ports (SQLite, the disk, the sped-up wall
 * clock), the protocol listeners on 127.0.0.1 (each broker's Kafka port, the ZooKeeper client
 * port) and the emulated cluster, handed to the services as `InProcessCluster` behind the facade.
 * Opening closes the previous one cleanly; the pushes the UI receives — new events of the timeline,
 * a quarter of a second at most after they happen, in one message — start here.
 */
import type { KafkaServer } from '../core/broker/kafka-server';
import type { BrokerClientsSnapshot } from '../core/cluster/cluster-facade';
import type { ClusterDefinition } from '../core/cluster/cluster-definition';
import { InProcessCluster } from '../core/cluster/in-process-cluster';
import type { Workspace } from '../core/cluster/workspace';
import type { ZooKeeperClient } from '../core/zookeeper';
import { MetricsSampler } from '../core/metrics-history/metrics-sampler';
import { summaryOf } from '../api/groups/group-service';
import { openWorkspace } from '../infra/open-workspace';
import { SystemTime } from '../infra/system-time';
import { API_KEY_NAMES } from '../protocol/kafka/api-keys';
import { BrokerSocketListener } from '../protocol/kafka/broker-socket-listener';
import type { ConnectionStats } from '../protocol/kafka/kafka-socket-server';
import { DEFAULT_4LW_WHITELIST } from '../protocol/zookeeper/four-letter-words';
import { DEFAULT_ZOOKEEPER_PORT, ZooKeeperListener } from '../protocol/zookeeper/zookeeper-listener';
import { ApiError } from '../api/backend';
import type { ClusterHost, OpenCluster } from '../api/cluster-host';
import type { PushDto } from '../api/contract';
import { eventDto } from '../api/event-summary';
import type { WorkspaceEntry } from '../api/workspaces/workspace-store';

const PUSH_INTERVAL_MS = 250;
const PUSH_MAX_EVENTS = 200;

export interface OpenedWorkspace extends OpenCluster {
  readonly cluster: InProcessCluster;
  readonly workspace: Workspace;
  readonly time: SystemTime;
  /** Each broker's wire-protocol listener on 127.0.0.1 (none when the host runs without them). */
  readonly listeners: ReadonlyMap<number, BrokerSocketListener>;
  /** The ZooKeeper client port on 127.0.0.1 (none when the host runs without listeners). */
  readonly zookeeper: ZooKeeperListener | null;
}

/** The first port tried for broker `id`'s listener (Kafka's 9092, then one up per broker). */
export const FIRST_BROKER_PORT = 9092;

function clientsOf(stats: ConnectionStats): BrokerClientsSnapshot {
  const requestsByApi: Record<string, number> = {};
  for (const [key, count] of stats.requestsByApiKey) requestsByApi[API_KEY_NAMES[key] ?? `ApiKey ${key}`] = count;
  return { connections: stats.open, requestsByApi, connectionsByClient: stats.connectionsByClient };
}

export class WorkspaceHost implements ClusterHost {
  private opened: OpenedWorkspace | null = null;
  private readonly listeners = new Set<(push: PushDto) => void>();
  private unsubscribe: (() => void) | null = null;
  private pushTimer: ReturnType<typeof setTimeout> | null = null;
  private lastPushedSeq = 0;
  private zkSession: Promise<ZooKeeperClient> | null = null;
  private sampler: MetricsSampler | null = null;

  /** `kafkaListeners`: give every broker a wire-protocol listener (the app does; some tests do not). */
  constructor(private readonly options: { readonly kafkaListeners?: boolean } = {}) {}
  private readonly closeHooks = new Set<() => Promise<void>>();

  /** The UI's own ZooKeeper session (reads of znodes for the topic and node views), opened on first use. */
  zk(): Promise<ZooKeeperClient> {
    const { cluster } = this.require();
    this.zkSession ??= cluster.connectZooKeeper({ sessionTimeoutMs: 30_000, name: 'kafka-dojo-ui' });
    return this.zkSession;
  }

  get current(): OpenedWorkspace | null {
    return this.opened;
  }

  /** The open workspace, or the error the UI shows when there is none. */
  require(): OpenedWorkspace {
    if (!this.opened)
      throw new ApiError('NO_WORKSPACE', {
        en: 'No cluster is open: create or open one on the Clusters page.',
        'zh-CN': '没有打开的集群：请在“集群”页面新建或打开一个。',
      });
    return this.opened;
  }

  /** Run before the open workspace closes (the node editor closes its own ZooKeeper session). */
  onClose(hook: () => Promise<void>): () => void {
    this.closeHooks.add(hook);
    return () => this.closeHooks.delete(hook);
  }

  onPush(listener: (push: PushDto) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  push(push: PushDto): void {
    for (const l of this.listeners) l(push);
  }

  async open(entry: WorkspaceEntry, dir: string, initialDefinition?: ClusterDefinition): Promise<OpenedWorkspace> {
    await this.close();
    const time = new SystemTime();
    const listeners = new Map<number, BrokerSocketListener>();
    const listenerFor =
      (this.options.kafkaListeners ?? true)
        ? (id: number, broker: () => KafkaServer) => {
            const listener = new BrokerSocketListener(broker, time, () => workspace.admin, FIRST_BROKER_PORT + id);
            listeners.set(id, listener);
            return listener;
          }
        : undefined;
    const workspace = await openWorkspace(dir, { time, initialDefinition, listenerFor });
    // Bound before the brokers start, as a real ZooKeeper is up before Kafka.
    const zookeeper = listenerFor
      ? await this.bindZooKeeper(workspace, dir).catch(async (e: unknown) => {
          await workspace.close();
          throw e;
        })
      : null;
    await workspace.startAll();
    const cluster = new InProcessCluster(workspace, {
      time,
      clientsOf: (id) => {
        const listener = listeners.get(id);
        return listener ? clientsOf(listener.stats()) : null;
      },
      zookeeperConnect: () => zookeeper?.connectString ?? null,
      zookeeperConnections: () => zookeeper?.connections() ?? [],
    });
    const metricsHistory = workspace.metricsHistory;
    this.opened = { entry, cluster, clock: time, workspace, time, listeners, zookeeper, metricsHistory };
    if (metricsHistory) {
      this.sampler = new MetricsSampler(
        time,
        {
          registries: () => workspace.cluster.runningBrokers().flatMap((b) => (b.metrics ? [{ brokerId: b.id, registry: b.metrics }] : [])),
          groupLags: () => cluster.groups().map((g) => ({ groupId: g.groupId, lag: summaryOf(g).totalLag })),
        },
        metricsHistory,
        metricsHistory.intervalMs,
        (e) => console.error('Metrics sample round failed:', e),
      );
      this.sampler.start();
    }
    this.lastPushedSeq = workspace.recentEvents(1)[0]?.seq ?? 0;
    this.unsubscribe = workspace.cluster.subscribe(() => this.schedulePush());
    return this.opened;
  }

  private async bindZooKeeper(workspace: Workspace, dir: string): Promise<ZooKeeperListener> {
    const listener = await ZooKeeperListener.bind(
      workspace.zkServer,
      workspace.definition.zookeeper?.clientPort ?? DEFAULT_ZOOKEEPER_PORT,
      {
        fourLetterWordWhitelist: () => workspace.definition.zookeeper?.fourLetterWordWhitelist ?? DEFAULT_4LW_WHITELIST,
        dataDir: dir,
      },
    );
    workspace.keepZooKeeperClientPort(listener.port);
    return listener;
  }

  /** Renames the open entry in place (the cluster keeps running). */
  updateEntry(entry: WorkspaceEntry): void {
    if (this.opened && this.opened.entry.id === entry.id) this.opened = { ...this.opened, entry };
  }

  private schedulePush(): void {
    if (this.pushTimer) return;
    this.pushTimer = setTimeout(() => {
      this.pushTimer = null;
      const opened = this.opened;
      if (!opened || this.listeners.size === 0) return;
      const fresh = opened.workspace.recentEvents(PUSH_MAX_EVENTS).filter((e) => e.seq > this.lastPushedSeq);
      if (fresh.length === 0) return;
      this.lastPushedSeq = fresh[0].seq;
      this.push({ type: 'events', events: fresh.reverse().map(eventDto) });
    }, PUSH_INTERVAL_MS);
  }

  async close(): Promise<void> {
    if (this.pushTimer) clearTimeout(this.pushTimer);
    this.pushTimer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.sampler?.stop();
    this.sampler = null;
    for (const hook of this.closeHooks) await hook().catch(() => undefined);
    const session = this.zkSession;
    this.zkSession = null;
    if (session) await (await session.catch(() => null))?.close().catch(() => undefined);
    const opened = this.opened;
    this.opened = null;
    if (!opened) return;
    // Wire clients see the connection drop (their sessions stay in the store until they expire).
    await opened.zookeeper?.close();
    await opened.workspace.close();
    for (const listener of opened.listeners.values()) listener.close();
    opened.time.shutdown();
  }
}
