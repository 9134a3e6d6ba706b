import { KafkaConfig, type BrokerConfig } from '../../config/kafka-config';
import { KafkaController } from '../../controller/kafka-controller';
import type { StateChangeLogger } from '../../controller/state-change-logger';
import {
  checkClusterId,
  resolveBrokerId,
  readBrokerMetadataFromLogDirs,
  BrokerMetadataCheckpoint,
} from '../../log/checkpoints/broker-metadata-checkpoint';
import type { TopicConfigValues } from '../../log/log-config';
import { copyKafkaConfigToLog } from '../../log/log-config';
import { LogManager } from '../../log/log-manager/log-manager';
import { randomUuidBytes, SeededRandom } from '../../platform/random';
import { KafkaZkClient } from '../../kafka-zk/kafka-zk-client';
import { KafkaZooKeeperClient } from '../../kafka-zk/kafka-zookeeper-client';
import { GroupCoordinator } from '../../coordinator/group/group-coordinator';
import { TransactionCoordinator } from '../../coordinator/transaction/transaction-coordinator';
import { Logger } from '../../common/logging';
import { DynamicConfigManager } from '../dynamic-config-manager';
import type { MetadataCache } from '../metadata-cache';
import { ProducerIdManager } from '../producer-id-manager';
import { ReplicaManager } from '../replica-manager';
import { QuotaManagers } from '../../server/quota/quota-managers';
import { loadQuotaConfigs, quotaConfigHandlers } from '../../server/quota/quota-config-handlers';
import type { DynamicBrokerConfig } from '../../server/dynamic-broker-config';
import { DynamicThreadPool } from '../../server/dynamic-thread-pool';
import { DynamicLogConfig } from '../../server/dynamic-log-config';
import { DynamicLogCleaner, cleanerConfigOf } from '../../server/dynamic-log-cleaner';
import type { KafkaServerDeps } from './kafka-server-deps';
import type { BrokerComponents } from './running-broker';
import { MetricsRegistry } from '../../metrics/metrics-registry';

/** Seeds each broker's metrics sampling (with its id): "metr". */
const METRICS_SEED = 0x6d657472;

/** What startup reads from its `KafkaServer` (the server hands it over, nobody else holds it). */
export interface StartingServer {
  readonly id: number;
  readonly config: BrokerConfig;
  /** The static config with the dynamic layers of `/config/brokers/*` (KafkaConfig.dynamicConfig). */
  readonly dynamicConfig: DynamicBrokerConfig;
  readonly metadataCache: MetadataCache;
  /** The server's deps, on this incarnation's clock. */
  readonly deps: KafkaServerDeps;
  readonly stateChangeLog: StateChangeLogger;
  readonly logger: Logger;
  serverLog(level: 'INFO' | 'WARN' | 'ERROR', logger: string, message: string): void;
}

/**
 * The steps of `KafkaServer.startup` in Kafka's order, each part put into `parts` as soon as it is
 * built (a kill or failure meanwhile abandons what is there). `alive` ends the start at the step
 * it was at when the process was killed.
 */
export async function startComponents(s: StartingServer, parts: BrokerComponents, alive: <T>(value: T) => T): Promise<void> {
  const d = s.deps;
  s.logger.info('starting');
  // The histograms' sampling draws from a stream of its own: metrics must not move the cluster's
  // seeded choices (assignments, ids), so a scenario replays the same with or without them.
  parts.metrics = new MetricsRegistry(d.time, new SeededRandom(METRICS_SEED ^ s.id));
  // A restarted broker knows only what the controller sends it from now on.
  s.metadataCache.clear();
  s.logger.info(`Connecting to zookeeper on ${String(s.config.get(KafkaConfig.ZkConnectProp))}`);
  // The client's state lines carry its logIdent; its session errors come from ZooKeeper's own code, without one.
  const zkClientLog = new Logger(d.log, 'kafka.zookeeper.ZooKeeperClient', { logIdent: '[ZooKeeperClient Kafka server] ' });
  const zkClientErrors = new Logger(d.log, 'kafka.zookeeper.ZooKeeperClient');
  parts.zkClient = new KafkaZooKeeperClient(
    d.zkServer,
    d.time,
    { sessionTimeoutMs: s.config.get('zookeeper.session.timeout.ms') as number, name: `broker-${s.id}` },
    (message) => zkClientErrors.error(message),
    (message) => zkClientLog.info(message),
  );
  alive(await parts.zkClient.connect());
  parts.kafkaZk = new KafkaZkClient(
    parts.zkClient,
    (e) => d.onZnodeProblem?.(s.id, e),
    () => s.dynamicConfig.currentConfig.uncleanLeaderElectionEnable,
  );
  alive(await parts.kafkaZk.createTopLevelPaths());
  parts.clusterId = alive(await parts.kafkaZk.getOrCreateClusterId(base64UrlNoPadding(randomUuidBytes(d.random))));
  s.logger.info(`Cluster ID = ${parts.clusterId}`);

  const { brokerMetadata, offlineDirs, logLines } = readBrokerMetadataFromLogDirs(d.fs, s.config.logDirs);
  const checkpointLog = new Logger(d.log, 'kafka.server.BrokerMetadataCheckpoint');
  for (const l of logLines) checkpointLog.log(l.level, l.message);
  checkClusterId(brokerMetadata, parts.clusterId);
  // A broker of Kafka Dojo always has its broker.id configured, so there is nothing to generate.
  resolveBrokerId(s.id, brokerMetadata, false);

  // `config.dynamicConfig.initialize(zkClient)`: the dynamic layers are read before the LogManager is built.
  alive(await s.dynamicConfig.initialize(parts.kafkaZk));
  const defaultLogConfig = Object.fromEntries(copyKafkaConfigToLog(s.dynamicConfig.currentConfig)) as TopicConfigValues;
  const topics = alive(await parts.kafkaZk.getAllTopicsInCluster(false));
  const topicConfigs = new Map<string, TopicConfigValues>();
  for (const topic of topics) {
    const overrides = alive(await parts.kafkaZk.getTopicConfig(topic).catch(() => ({})));
    if (Object.keys(overrides).length > 0) topicConfigs.set(topic, overrides);
  }
  parts.logManager = new LogManager({
    fs: d.fs,
    time: d.time,
    random: d.random,
    executor: d.executor,
    brokerId: s.id,
    logDirs: s.config.logDirs,
    config: {
      fileDeleteDelayMs: s.config.logDeleteDelayMs,
      flushRecoveryOffsetCheckpointMs: s.config.logFlushOffsetCheckpointIntervalMs,
      flushStartOffsetCheckpointMs: s.config.logFlushStartOffsetCheckpointIntervalMs,
      highWatermarkCheckpointIntervalMs: s.config.replicaHighWatermarkCheckpointIntervalMs,
      cleanerEnable: s.config.logCleanerEnable,
      retentionCheckMs: s.config.logCleanupIntervalMs,
      flushCheckMs: s.config.logFlushSchedulerIntervalMs,
      defaultLogConfig,
    },
    topicConfigs,
    initialOfflineDirs: offlineDirs,
    metrics: parts.metrics,
    cleanerConfig: cleanerConfigOf(s.config),
    log: d.log,
    onEvent: d.onLogManagerEvent,
    onLogDirFailure: (dir) => {
      // Kafka's LogDirFailureChannel queues what the LogManager reports while loading; the
      // ReplicaManager's LogDirFailureHandler takes it once it starts.
      if (parts.replicaManager) void parts.replicaManager.handleLogDirFailure(dir);
      else failedWhileLoading.push(dir);
    },
  });
  const failedWhileLoading: string[] = [];
  alive(await parts.logManager.startup());

  const zk = parts.kafkaZk;
  // Before the ReplicaManager, as `QuotaFactory.instantiate` in KafkaServer.startup: its fetches and fetchers use the replication quotas.
  const quotaManagers = (parts.quotaManagers = new QuotaManagers(s.config, d.time, d.log));
  parts.replicaManager = new ReplicaManager({
    replicationQuotas: { leader: quotaManagers.leader, follower: quotaManagers.follower, alterLogDirs: quotaManagers.alterLogDirs },
    brokerId: s.id,
    time: d.time,
    metrics: parts.metrics,
    logManager: parts.logManager,
    metadataCache: s.metadataCache,
    zk,
    stateChangeLog: s.stateChangeLog,
    log: d.log,
    config: {
      replicaLagTimeMaxMs: s.config.replicaLagTimeMaxMs,
      replicaFetchWaitMaxMs: s.config.replicaFetchWaitMaxMs,
      replicaFetchMaxBytes: s.config.replicaFetchMaxBytes,
      replicaFetchBackoffMs: s.config.replicaFetchBackoffMs,
      // The dynamic layers' value: `/config/brokers` is read before the ReplicaManager exists.
      numReplicaFetchers: s.dynamicConfig.currentConfig.value('num.replica.fetchers') as number,
      numReplicaAlterLogDirsThreads: s.config.value('num.replica.alter.log.dirs.threads') as number | null,
      requestTimeoutMs: s.config.value('request.timeout.ms') as number,
    },
    peer: (id) => {
      const p = d.peer(id);
      return p?.isRunning ? (p.replicaManager ?? undefined) : undefined;
    },
    // Only the topic's overrides: the LogManager puts them over its current defaults
    // (`LogConfig.fromProps(logManager.currentDefaultConfig.originals, topicConfigs)`), so a dynamic
    // `log.*` default later reaches the keys the topic does not set.
    topicConfig: async (topic) => zk.getTopicConfig(topic).catch(() => ({})),
    executor: d.executor,
    onLeadershipChange: (leaders, followers) => {
      parts.groupCoordinator?.onLeadershipChange(leaders, followers);
      parts.transactionCoordinator?.onLeadershipChange(leaders, followers);
    },
    // KafkaApis.handleUpdateMetadataRequest: the coordinator drops the deleted partitions' offsets.
    onDeletedPartitions: (partitions) => void parts.groupCoordinator?.handleDeletedPartitions(partitions),
  });
  parts.replicaManager.startup();
  // Before any LeaderAndIsr can arrive: the coordinator loads the offsets partitions this broker leads.
  parts.groupCoordinator = createGroupCoordinator(s, parts);
  parts.groupCoordinator.startup();
  // Also before any LeaderAndIsr: it loads the `__transaction_state` partitions this broker leads.
  parts.transactionCoordinator = createTransactionCoordinator(s, parts);
  parts.transactionCoordinator.startup();
  for (const dir of failedWhileLoading.splice(0)) alive(await parts.replicaManager.handleLogDirFailure(dir));
  if (parts.logManager.state === 'running') parts.logManager.startHighWatermarkCheckpointTask();

  // `new SocketServer(config, …)` with the config the dynamic layers made; `addReconfigurables` then keeps it told.
  if (d.listener?.configure) s.dynamicConfig.addReconfigurable(d.listener.configure(s.dynamicConfig.currentConfig));
  const bound = alive(d.listener ? await d.listener.bind() : null);
  if (bound) s.serverLog('INFO', 'kafka.network.Acceptor', `Awaiting socket connections on ${bound.host}:${bound.port}.`);
  const endpoint = {
    host: bound?.host ?? d.definition.host,
    port: bound?.port ?? d.definition.port,
    listenerName: 'PLAINTEXT',
    securityProtocol: 'PLAINTEXT' as const,
  };
  const register = () => zk.registerBroker({ id: s.id, endpoints: [endpoint], jmxPort: -1, rack: s.config.rack }, d.time.nowMs());
  parts.registeredEndpoint = { host: endpoint.host, port: endpoint.port };
  parts.brokerEpoch = alive(await register());
  // KafkaZkClient.registerBroker logs it, and KafkaZkClient has no logIdent.
  new Logger(d.log, 'kafka.zk.KafkaZkClient').info(
    `Registered broker ${s.id} at path /brokers/ids/${s.id} with addresses: ArrayBuffer(${endpoint.listenerName}://${endpoint.host}:${endpoint.port}), czxid (broker epoch): ${parts.brokerEpoch}`,
  );
  for (const dir of parts.logManager.liveLogDirs) {
    new BrokerMetadataCheckpoint(d.fs, dir, d.time).write({ brokerId: s.id, clusterId: parts.clusterId });
  }

  parts.controller = new KafkaController({
    config: {
      brokerId: s.id,
      deleteTopicEnable: s.config.deleteTopicEnable,
      autoLeaderRebalanceEnable: s.config.get('auto.leader.rebalance.enable') as boolean,
      leaderImbalanceCheckIntervalSeconds: Number(s.config.get('leader.imbalance.check.interval.seconds')),
      leaderImbalancePerBrokerPercentage: s.config.get('leader.imbalance.per.broker.percentage') as number,
      uncleanLeaderElectionEnable: s.dynamicConfig.currentConfig.uncleanLeaderElectionEnable,
    },
    time: d.time,
    zk,
    resolveBroker: (id) => {
      const p = d.peer(id);
      return p && p.state !== 'NotRunning' && p.state !== 'Killed' && p.state !== 'Failed' ? p : undefined;
    },
    faults: d.faults,
    log: d.log,
    onEventManagerNotice: (n) => d.onControllerNotice?.(s.id, n),
    onChannelEvent: (e) => d.onChannelEvent?.(s.id, e),
    registerBroker: async () => (parts.brokerEpoch = await register()),
    executor: d.executor,
    metrics: parts.metrics,
  });
  parts.controller.startup();
  // The transaction coordinator claims its producer-id block at startup.
  parts.producerIdManager = new ProducerIdManager(alive(await zk.claimProducerIdBlock(s.id)), () => zk.claimProducerIdBlock(s.id));

  // Last before the socket server accepts connections: watch /config/changes (in 2.5.1 `dynamicConfigManager.startup()` runs just before `socketServer.startDataPlaneProcessors`).
  // `KafkaServer.startup`: `config.dynamicConfig.addReconfigurables(this)` once the parts exist.
  const logManager = parts.logManager;
  s.dynamicConfig.addReconfigurable(
    new DynamicThreadPool(
      () => s.dynamicConfig.currentConfig,
      () => parts.replicaManager?.fetcherManager ?? null,
    ),
  );
  s.dynamicConfig.addReconfigurable(new DynamicLogConfig(logManager, () => parts.controller?.put({ type: 'UncleanLeaderElectionEnable' })));
  if (logManager.cleaner) s.dynamicConfig.addReconfigurable(new DynamicLogCleaner(logManager.cleaner));
  parts.dynamicConfigManager = new DynamicConfigManager({
    dynamicBrokerConfig: s.dynamicConfig,
    configHandlers: quotaConfigHandlers(quotaManagers, d.log),
    replicationQuotas: {
      updateLeaderRate: (bytesPerSec) => quotaManagers.leader.updateQuota(bytesPerSec),
      updateFollowerRate: (bytesPerSec) => quotaManagers.follower.updateQuota(bytesPerSec),
      updateAlterLogDirsRate: (bytesPerSec) => quotaManagers.alterLogDirs.updateQuota(bytesPerSec),
    },
    replicationQuotaManagers: quotaManagers,
    brokerId: s.id,
    time: d.time,
    zk,
    config: s.config,
    logManager: parts.logManager,
    enableTopicUncleanLeaderElection: (topic) => parts.controller?.enableTopicUncleanLeaderElection(topic),
    log: d.log,
    reportProblem: (e) => d.onZnodeProblem?.(s.id, e),
  });
  alive(await parts.dynamicConfigManager.startup());
  alive(await loadQuotaConfigs(zk, quotaManagers, d.log));
  const zkClient = parts.zkClient;
  parts.running = {
    zk: parts.kafkaZk,
    logManager: parts.logManager,
    replicaManager: parts.replicaManager,
    groupCoordinator: parts.groupCoordinator,
    transactionCoordinator: parts.transactionCoordinator,
    controller: parts.controller,
    producerIdManager: parts.producerIdManager,
    dynamicConfigManager: parts.dynamicConfigManager,
    quotaManagers,
    metrics: parts.metrics,
    clusterId: parts.clusterId,
    registeredEndpoint: parts.registeredEndpoint,
    // Read live: a new ZooKeeper session after an expiry, and the registration it makes again.
    get sessionId() {
      return zkClient.sessionId;
    },
    get brokerEpoch() {
      return parts.brokerEpoch;
    },
  };
}

function createGroupCoordinator(s: StartingServer, parts: BrokerComponents): GroupCoordinator {
  const d = s.deps;
  const c = s.config;
  const int = (name: string) => Number(c.get(name as Parameters<BrokerConfig['get']>[0]));
  return new GroupCoordinator({
    brokerId: s.id,
    time: d.time,
    random: d.random,
    config: {
      groupMinSessionTimeoutMs: int('group.min.session.timeout.ms'),
      groupMaxSessionTimeoutMs: int('group.max.session.timeout.ms'),
      groupInitialRebalanceDelayMs: int('group.initial.rebalance.delay.ms'),
      offsetsTopicNumPartitions: int('offsets.topic.num.partitions'),
      offsetCommitTimeoutMs: int('offsets.commit.timeout.ms'),
      offsetCommitRequiredAcks: int('offsets.commit.required.acks'),
      offsetsLoadBufferSize: int('offsets.load.buffer.size'),
      maxMetadataSize: int('offset.metadata.max.bytes'),
      compressionCodec: int('offsets.topic.compression.codec'),
      offsetsTopicReplicationFactor: int('offsets.topic.replication.factor'),
      offsetsTopicSegmentBytes: int('offsets.topic.segment.bytes'),
      offsetsRetentionMs: c.offsetsRetentionMinutes * 60_000,
      offsetsRetentionCheckIntervalMs: c.offsetsRetentionCheckIntervalMs,
    },
    replicaManager: () => parts.replicaManager,
    metadataCache: s.metadataCache,
    zk: () => parts.kafkaZk,
    log: d.log,
    executor: d.executor,
  });
}

function createTransactionCoordinator(s: StartingServer, parts: BrokerComponents): TransactionCoordinator {
  const d = s.deps;
  const c = s.config;
  const int = (name: string) => Number(c.get(name as Parameters<BrokerConfig['get']>[0]));
  return new TransactionCoordinator({
    brokerId: s.id,
    time: d.time,
    random: d.random,
    config: {
      transactionalIdExpirationMs: int('transactional.id.expiration.ms'),
      transactionMaxTimeoutMs: int('transaction.max.timeout.ms'),
      transactionLogNumPartitions: c.transactionTopicPartitions,
      transactionLogReplicationFactor: c.transactionTopicReplicationFactor,
      transactionLogSegmentBytes: c.transactionTopicSegmentBytes,
      transactionLogMinInsyncReplicas: c.transactionTopicMinISR,
      transactionLogLoadBufferSize: int('transaction.state.log.load.buffer.size'),
      abortTimedOutTransactionsIntervalMs: int('transaction.abort.timed.out.transaction.cleanup.interval.ms'),
      removeExpiredTransactionalIdsIntervalMs: int('transaction.remove.expired.transaction.cleanup.interval.ms'),
      requestTimeoutMs: int('request.timeout.ms'),
    },
    replicaManager: () => parts.replicaManager,
    producerIdManager: () => parts.producerIdManager,
    metadataCache: s.metadataCache,
    zk: () => parts.kafkaZk,
    markerDestination: (brokerId) => {
      const peer = d.peer(brokerId);
      const rm = peer?.isRunning ? peer.replicaManager : null;
      if (!peer || !rm) return undefined;
      return {
        writeTxnMarkers: (entries) =>
          rm.writeTxnMarkers(entries, (producerId, partitions, isCommit) =>
            peer.groupCoordinator?.scheduleHandleTxnCompletion(producerId, partitions, isCommit),
          ),
      };
    },
    log: d.log,
    executor: d.executor,
  });
}

/** A cluster id: 16 random bytes as Base64 URL-safe without padding (22 characters), as Kafka's `Uuid`. */
function base64UrlNoPadding(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let c = 0; c < chars; c++) out += alphabet[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}
