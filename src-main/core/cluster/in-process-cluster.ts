/**
 * The cluster facade over the emulated cluster of a workspace, read from its parts as an operator's
 * tools would: the active controller's context for topics, assignments and states (a cluster
 * without a controller falls back to a running broker's metadata cache), each broker's own
 * ReplicaManager and LogManager for what it hosts and its disks. Every answer is copied out.
 */
import { logCleaningSnapshot } from '../log/cleaner/log-cleaning-snapshot';
import type { KafkaServer } from '../broker/kafka-server';
import type { Log } from '../log/log';
import { batchesIn } from '../record';
import { compareTopicPartitions, type TopicPartition } from '../common/topic-partition';
import type { Time } from '../platform/scheduler';
import type { ZooKeeperClient } from '../zookeeper';
import { ZooKeeperClient as Client } from '../zookeeper';
import type { ReadOutcome } from './cluster-client';
import type { BrokerSpec, ClusterDefinition } from './cluster-definition';
import type {
  BrokerClientsSnapshot,
  BrokerSnapshot,
  ReplicationThrottleSnapshot,
  ClusterAdminCommands,
  ClusterFacade,
  ControllerSnapshot,
  ReplicaLogSnapshot,
  ReplicaCleaningSnapshot,
  LogDirReplicaSnapshot,
  LogDirReplicasSnapshot,
  LogDirSnapshot,
  OpenTransactionSnapshot,
  PartitionDetailSnapshot,
  PartitionSnapshot,
  PendingDeleteDirSnapshot,
  TopicDefaultsSnapshot,
  TopicDeletionSnapshot,
  TopicSnapshot,
  ZooKeeperSessionOptions,
  ZooKeeperSessionSnapshot,
} from './cluster-facade';
import { UNBOUNDED_REPLICATION_RATE } from '../server/quota/replication-quota-manager';
import type { Cluster } from './cluster';
import type { EventQuery, StoredEvent } from './event-log';
import { GroupAdmin } from './group-admin';
import { QuotaAdmin } from './quota-admin';
import { TransactionAdmin } from './transaction-admin';
import { RecordsAdmin } from './records-admin';
import { groupSnapshot, groupSnapshots, type GroupSnapshot } from './group-snapshots';
import type { Workspace } from './workspace';

/** The parts of a workspace the facade reads and drives (a `Workspace` has them all). */
export type InProcessClusterParts = Pick<
  Workspace,
  'cluster' | 'admin' | 'client' | 'zkServer' | 'definition' | 'recentEvents' | 'queryEvents' | 'eventFacts' | 'addBroker' | 'removeBroker'
>;

/** What the app around the cluster knows: its listeners on 127.0.0.1 (none in some tests). */
export interface InProcessClusterPorts {
  /** The clock ZooKeeper sessions of the UI run on. */
  readonly time: Time;
  readonly clientsOf?: (brokerId: number) => BrokerClientsSnapshot | null;
  readonly zookeeperConnect?: () => string | null;
  readonly zookeeperConnections?: () => ReadonlyArray<{
    readonly sessionId: bigint;
    readonly remoteSocketAddress: string;
    readonly sessionTimeoutMs: number;
  }>;
}

/** Every topic with its partitions, sorted by name and partition. */
export function topicSnapshots(cluster: Cluster): TopicSnapshot[] {
  const controller = cluster.servingController();
  const out: TopicSnapshot[] = [];
  if (controller) {
    const ctx = controller.context;
    for (const name of [...ctx.allTopics].sort()) {
      const partitions = ctx
        .partitionsForTopic(name)
        .sort((a, b) => a.partition - b.partition)
        .map((tp) => {
          const assignment = ctx.partitionFullReplicaAssignment(tp);
          const leadership = ctx.partitionLeadershipInfo.get(tp)?.leaderAndIsr;
          return {
            topicPartition: tp,
            replicas: [...assignment.replicas],
            addingReplicas: [...assignment.addingReplicas],
            removingReplicas: [...assignment.removingReplicas],
            leader: leadership?.leader ?? -1,
            leaderEpoch: leadership?.leaderEpoch ?? -1,
            isr: [...(leadership?.isr ?? [])],
          };
        });
      out.push({ name, partitions, beingDeleted: ctx.isTopicQueuedUpForDeletion(name) });
    }
    return out;
  }
  const broker = cluster.runningBrokers()[0];
  if (!broker) return [];
  const cache = broker.metadataCache;
  for (const name of cache.getAllTopics().sort()) {
    const partitions = cache
      .partitionsOf(name)
      .sort((a, b) => a.partitionIndex - b.partitionIndex)
      .map((p) => ({
        topicPartition: { topic: name, partition: p.partitionIndex },
        replicas: [...p.replicas],
        addingReplicas: [],
        removingReplicas: [],
        leader: p.leader,
        leaderEpoch: p.leaderEpoch,
        isr: [...p.isr],
      }));
    out.push({ name, partitions, beingDeleted: false });
  }
  return out;
}

// A broker still starting shows the parts it has built so far (its LogManager's dirs, the
// partitions its ReplicaManager hosts), as the overview always did: hence the nullable members here.
function logDirSnapshots(broker: KafkaServer): LogDirSnapshot[] {
  const lm = broker.logManager;
  const byDir = lm?.logsByDir() ?? new Map();
  return broker.definition.logDirs.map((path) => {
    const logs = byDir.get(path) ?? [];
    let sizeBytes = 0;
    for (const log of logs) sizeBytes += log.size;
    return { path, online: broker.isRunning && (lm ? lm.liveLogDirs.includes(path) : false), partitions: logs.length, sizeBytes };
  });
}

/** `describeLogDirs` of every defined dir: an offline dir (or a stopped broker's) holds nothing it can describe. */
function logDirReplicaSnapshots(broker: KafkaServer): LogDirReplicasSnapshot[] {
  const lm = broker.running?.logManager;
  const byDir = lm?.logsByDir() ?? new Map<string, Log[]>();
  return broker.definition.logDirs.map((path) => {
    const online = lm !== undefined && lm.liveLogDirs.includes(path);
    const replicas: LogDirReplicaSnapshot[] = online
      ? (byDir.get(path) ?? []).map((log) => {
          const current = lm.getLog(log.topicPartition);
          // ReplicaManager.getLogEndOffsetLag: the future log against the current one, the current against its high watermark.
          const offsetLag = !current
            ? -1
            : log.isFuture
              ? current.logEndOffset - log.logEndOffset
              : Math.max(current.highWatermark - log.logEndOffset, 0);
          return { topicPartition: { ...log.topicPartition }, sizeBytes: log.size, offsetLag, isFuture: log.isFuture };
        })
      : [];
    replicas.sort((a, b) => compareTopicPartitions(a.topicPartition, b.topicPartition) || Number(a.isFuture) - Number(b.isFuture));
    return { path, online, replicas };
  });
}

export class InProcessCluster implements ClusterFacade {
  readonly admin: ClusterAdminCommands;

  /** The last kill of each broker through the facade: when, and the ZooKeeper session it left behind. */
  private readonly kills = new Map<number, { readonly atMs: number; readonly sessionId: bigint | null }>();

  constructor(
    private readonly workspace: InProcessClusterParts,
    private readonly ports: InProcessClusterPorts,
  ) {
    const admin = workspace.admin;
    this.admin = {
      describeTopicConfig: (topic) => admin.describeTopicConfig(topic),
      prepareTopic: (topic, options) => admin.prepareTopic(topic, options),
      createTopics: (topics, options) => admin.createTopics(topics, options),
      prepareNewPartitions: (request) => admin.prepareNewPartitions(request),
      createPartitions: (topics, options) => admin.createPartitions(topics, options),
      alterTopicConfig: (topic, configs, validateOnly) => admin.alterTopicConfig(topic, configs, validateOnly),
      alterBrokerConfig: (resourceName, configs, validateOnly) => admin.alterBrokerConfig(resourceName, configs, validateOnly),
      alterPartitionReassignments: (reassignments) => admin.alterPartitionReassignments(reassignments),
      deleteTopics: (names, timeoutMs) => admin.deleteTopics(names, timeoutMs),
      electLeaders: (electionType, partitions) => admin.electLeaders(electionType, partitions),
      alterReplicaLogDirs: (moves) => admin.alterReplicaLogDirs(moves),
    };
  }

  private get cluster(): Cluster {
    return this.workspace.cluster;
  }

  private server(id: number): KafkaServer | null {
    return this.cluster.brokerIds().includes(id) ? this.cluster.broker(id) : null;
  }

  // ---- queries ----

  brokers(): BrokerSnapshot[] {
    return this.cluster.brokerIds().map((id) => this.snapshotOf(this.cluster.broker(id)));
  }

  broker(id: number): BrokerSnapshot | null {
    const server = this.server(id);
    return server ? this.snapshotOf(server) : null;
  }

  private snapshotOf(broker: KafkaServer): BrokerSnapshot {
    const hosted = broker.replicaManager?.hostedPartitions() ?? [];
    const definition = broker.definition;
    return {
      id: broker.id,
      rack: definition.rack,
      host: broker.registeredEndpoint?.host ?? definition.host,
      port: broker.registeredEndpoint?.port ?? definition.port,
      state: broker.state,
      isRunning: broker.isRunning,
      isController: broker.controller?.isActive() ?? false,
      sessionId: broker.sessionId,
      pendingSessionExpiry: this.pendingSessionExpiry(broker),
      hostedPartitions: hosted.length,
      leaderPartitions: hosted.filter((p) => p.isLeader).length,
      logDirs: logDirSnapshots(broker),
      offlineLogDirs: [...(broker.logManager?.offlineLogDirs ?? [])],
      logManagerRunning: broker.running?.logManager.state === 'running',
      config: broker.config,
      dynamicConfig: broker.dynamicConfig,
      clients: this.ports.clientsOf?.(broker.id) ?? null,
      replicationThrottle: replicationThrottleOf(broker),
    };
  }

  private pendingSessionExpiry(broker: KafkaServer): BrokerSnapshot['pendingSessionExpiry'] {
    const kill = this.kills.get(broker.id);
    if (kill === undefined || broker.state !== 'Killed' || kill.sessionId === null) return null;
    const expiresAtMs = this.workspace.zkServer.sessionExpiresAtMs(kill.sessionId);
    return expiresAtMs === undefined ? null : { killedAtMs: kill.atMs, expiresAtMs };
  }

  topics(): TopicSnapshot[] {
    return topicSnapshots(this.cluster);
  }

  partitionDetails(partitions: readonly PartitionSnapshot[]): PartitionDetailSnapshot[] {
    const context = this.cluster.servingController()?.context;
    const running = this.cluster.runningBrokers();
    return partitions.map((p) => {
      const hosted = running.find((b) => b.id === p.leader)?.running?.replicaManager.getPartition(p.topicPartition);
      const log = hosted && hosted !== 'offline' ? hosted.log : null;
      const replicaStates: Record<number, string> = {};
      if (context) for (const r of p.replicas) replicaStates[r] = context.replicaState({ ...p.topicPartition, replica: r });
      return {
        state: context ? context.partitionState(p.topicPartition) : null,
        replicaStates,
        logStartOffset: log?.logStartOffset ?? -1,
        highWatermark: log?.highWatermark ?? -1,
        logEndOffset: log?.logEndOffset ?? -1,
        sizeBytes: log?.size ?? 0,
        lastStableOffset: log?.lastStableOffset ?? -1,
        openTransactions: log ? openTransactions(log) : [],
      };
    });
  }

  logDirReplicas(brokerId: number): LogDirReplicasSnapshot[] | null {
    const server = this.server(brokerId);
    return server ? logDirReplicaSnapshots(server) : null;
  }

  replicaLogs(partitions: readonly TopicPartition[]): ReplicaLogSnapshot[][] {
    const running = this.cluster.runningBrokers();
    return partitions
      .map((tp) =>
        running.flatMap((b) => {
          const hosted = b.running?.replicaManager.getPartition(tp);
          const log = hosted && hosted !== 'offline' ? hosted.log : null;
          return log ? [{ brokerId: b.id, logEndOffset: log.logEndOffset, sizeBytes: log.size }] : [];
        }),
      )
      .map((logs) => logs.sort((a, b) => a.brokerId - b.brokerId));
  }

  replicaCleaning(partitions: readonly TopicPartition[]): ReplicaCleaningSnapshot[][] {
    const running = this.cluster.runningBrokers();
    const now = this.ports.time.nowMs();
    return partitions.map((tp) =>
      running
        .flatMap((b) => {
          const logManager = b.running?.logManager;
          const log = logManager?.getLog(tp);
          if (!logManager || !log) return [];
          const snapshot = logCleaningSnapshot(log, logManager.cleaner, now);
          return [{ brokerId: b.id, logStartOffset: log.logStartOffset, logEndOffset: log.logEndOffset, ...snapshot }];
        })
        .sort((a, b) => a.brokerId - b.brokerId),
    );
  }

  controller(): ControllerSnapshot | null {
    const controller = this.cluster.activeController();
    return controller
      ? { brokerId: controller.config.brokerId, epoch: controller.epoch, deleteTopicEnable: controller.config.deleteTopicEnable }
      : null;
  }

  clusterId(): string | null {
    return this.cluster.runningBrokers()[0]?.clusterId ?? null;
  }

  topicDefaults(): TopicDefaultsSnapshot | null {
    const running = this.cluster.runningBrokers();
    const broker = running.find((b) => b.running?.controller.isActive()) ?? running[0];
    if (!broker) return null;
    return {
      numPartitions: broker.config.numPartitions,
      defaultReplicationFactor: broker.config.defaultReplicationFactor,
      liveBrokers: broker.metadataCache
        .getAliveBrokers()
        .map((b) => ({ id: b.id, rack: b.rack }))
        .sort((a, b) => a.id - b.id),
    };
  }

  topicsQueuedForDeletion(): ReadonlySet<string> {
    return new Set(this.cluster.servingController()?.context.topicsToBeDeleted ?? []);
  }

  topicDeletion(topic: string): TopicDeletionSnapshot | null {
    const ctx = this.cluster.servingController()?.context;
    if (!ctx) return null;
    const known = ctx.allTopics.has(topic);
    return {
      topic,
      known,
      queued: ctx.topicsToBeDeleted.has(topic),
      started: ctx.topicsWithDeletionStarted.has(topic),
      ineligible: ctx.topicsIneligibleForDeletion.has(topic),
      replicas: known
        ? ctx.replicasForTopic(topic).map((r) => ({
            partition: r.partition,
            brokerId: r.replica,
            state: ctx.replicaState(r),
            online: ctx.isReplicaOnline(r.replica, r),
          }))
        : [],
      reassigning: known
        ? ctx
            .partitionsForTopic(topic)
            .filter((p) => ctx.partitionsBeingReassigned.has(p))
            .map((p) => {
              const a = ctx.partitionFullReplicaAssignment(p);
              return { partition: p.partition, adding: [...a.addingReplicas], removing: [...a.removingReplicas] };
            })
        : [],
      liveBrokerIds: [...ctx.liveBrokerIds],
    };
  }

  pendingDeleteDirs(): PendingDeleteDirSnapshot[] {
    const out: PendingDeleteDirSnapshot[] = [];
    for (const broker of this.cluster.runningBrokers()) {
      const logManager = broker.running?.logManager;
      if (!logManager || logManager.state !== 'running') continue;
      for (const p of logManager.pendingDeletions()) out.push({ ...p, brokerId: broker.id });
    }
    return out;
  }

  recentEvents(limit: number, beforeSeq?: number): StoredEvent[] {
    return this.workspace.recentEvents(limit, beforeSeq);
  }

  queryEvents(query: EventQuery): StoredEvent[] {
    return this.workspace.queryEvents(query);
  }

  eventFacts(fromMs: number, afterSeq?: number): StoredEvent[] {
    return this.workspace.eventFacts(fromMs, afterSeq);
  }

  definition(): ClusterDefinition {
    return this.workspace.definition;
  }

  zookeeperConnect(): string | null {
    return this.ports.zookeeperConnect?.() ?? null;
  }

  zookeeperSessions(): ZooKeeperSessionSnapshot[] {
    const connections = new Map<bigint, { address: string; timeoutMs: number }>();
    for (const c of this.ports.zookeeperConnections?.() ?? []) {
      if (c.sessionId !== 0n) connections.set(c.sessionId, { address: c.remoteSocketAddress, timeoutMs: c.sessionTimeoutMs });
    }
    const server = this.workspace.zkServer;
    return server
      .sessionIds()
      .map((sessionId) => ({ sessionId, watches: server.watchesOf(sessionId), connection: connections.get(sessionId) ?? null }));
  }

  zookeeperAuthOf(sessionId: bigint) {
    return this.workspace.zkServer.authInfoOf(sessionId);
  }

  groups(): GroupSnapshot[] {
    return groupSnapshots(this.cluster);
  }

  group(groupId: string): GroupSnapshot | null {
    return groupSnapshot(this.cluster, groupId);
  }

  get groupAdmin(): GroupAdmin {
    return new GroupAdmin(this.cluster, this.ports.time);
  }

  get quotaAdmin(): QuotaAdmin {
    return new QuotaAdmin(this.cluster);
  }

  get transactionAdmin(): TransactionAdmin {
    return new TransactionAdmin(this.cluster);
  }

  get recordsAdmin(): RecordsAdmin {
    return new RecordsAdmin(this.cluster);
  }

  // ---- commands ----

  startBroker(id: number): Promise<void> {
    return this.cluster.startBroker(id);
  }

  shutdownBroker(id: number, options: { controlled: boolean }): Promise<{ controlledShutdownSucceeded: boolean | null }> {
    return this.cluster.shutdownBroker(id, options);
  }

  killBroker(id: number): void {
    const sessionId = this.server(id)?.sessionId ?? null;
    this.cluster.killBroker(id);
    this.kills.set(id, { atMs: this.ports.time.nowMs(), sessionId });
  }

  restartBroker(id: number): Promise<void> {
    return this.cluster.restartBroker(id);
  }

  failLogDir(id: number, dir: string): Promise<void> {
    return this.cluster.failLogDir(id, dir);
  }

  addBroker(spec: BrokerSpec): void {
    this.workspace.addBroker(spec);
  }

  removeBroker(id: number): void {
    this.workspace.removeBroker(id);
  }

  produce(options: Parameters<ClusterFacade['produce']>[0]) {
    return this.workspace.client.produce(options);
  }

  async read(options: Parameters<ClusterFacade['read']>[0]): Promise<ReadOutcome> {
    return this.workspace.client.read(options);
  }

  connectZooKeeper(options: ZooKeeperSessionOptions): Promise<ZooKeeperClient> {
    return Client.connect(this.workspace.zkServer, this.ports.time, {
      sessionTimeoutMs: options.sessionTimeoutMs,
      name: options.name,
      ...(options.watcher ? { watcher: options.watcher } : {}),
      ...(options.authInfo ? { authInfo: options.authInfo } : {}),
    });
  }
}

/** The leader and follower ReplicationQuotaManagers' `byte-rate` and bounds (Long.MaxValue shown as none). */
function replicationThrottleOf(broker: KafkaServer): ReplicationThrottleSnapshot | null {
  const quotas = broker.running?.quotaManagers;
  if (!quotas) return null;
  const rate = (bound: number) => (bound >= UNBOUNDED_REPLICATION_RATE ? null : bound);
  return {
    leaderBytesPerSec: quotas.leader.byteRate(),
    followerBytesPerSec: quotas.follower.byteRate(),
    leaderRateBytesPerSec: rate(quotas.leader.upperBound()),
    followerRateBytesPerSec: rate(quotas.follower.upperBound()),
  };
}

/** The log's open transactions, oldest first, each with the timestamp of the batch that began it. */
function openTransactions(log: Log): OpenTransactionSnapshot[] {
  return log.producerStateManager.ongoingTransactions.map((t) => {
    let startedMs = -1;
    try {
      const [first] = batchesIn(log.read(t.firstOffset, 1, 'log-end', true).records);
      if (first) startedMs = first.firstTimestamp;
    } catch {
      // Below the log start (retention moved it): the start is unknown.
    }
    return {
      producerId: t.producerId,
      producerEpoch: log.producerStateManager.lastEntry(t.producerId)?.producerEpoch ?? -1,
      firstOffset: t.firstOffset,
      startedMs,
    };
  });
}
