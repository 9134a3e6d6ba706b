import { BrokerConfig } from '../config/kafka-config';
import { Errors } from '../common/kafka-errors';
import type { ControllerRequest, ControllerRequestHandler, ControllerResponse } from '../controller/broker-requests';
import type { ChannelFaults } from '../controller/channel-faults';
import type { BrokerListener } from './broker-listener';
import { ProducerIdManager } from './producer-id-manager';
import type { ChannelEvent } from '../controller/controller-channel-manager';
import type { EventManagerNotice } from '../controller/controller-event-manager';
import { KafkaController } from '../controller/kafka-controller';
import { StateChangeLogger } from '../controller/state-change-logger';
import { checkClusterId, resolveBrokerId, readBrokerMetadataFromLogDirs, BrokerMetadataCheckpoint } from '../log/checkpoints/broker-metadata-checkpoint';
import type { TopicConfigValues } from '../log/log-config';
import { copyKafkaConfigToLog } from '../log/log-config';
import type { LogManagerEvent } from '../log/log-manager/log-manager-event';
import { LogManager } from '../log/log-manager/log-manager';
import type { Executor } from '../platform/executor';
import { ProcessTime } from '../platform/process-time';
import type { FileSystem } from '../platform/file-system';
import type { Random } from '../platform/random';
import { randomUuidBytes } from '../platform/random';
import type { Time } from '../platform/scheduler';
import type { ZooKeeperServer } from '../zookeeper';
import { KafkaZkClient } from '../kafka-zk/kafka-zk-client';
import { KafkaZooKeeperClient } from '../kafka-zk/kafka-zookeeper-client';
import type { ZnodeFormatError } from '../kafka-zk/znode-format-error';
import { DynamicConfigManager } from './dynamic-config-manager';
import { GroupCoordinator } from '../coordinator/group/group-coordinator';
import { Logger, type LogSink } from '../common/logging';
import { MetadataCache } from './metadata-cache';
import { ReplicaManager } from './replica-manager';

/** One broker of the emulated cluster, as its `server.properties` would describe it. */
export interface BrokerDefinition {
  id: number;
  rack: string | null;
  /** Absolute paths of `log.dirs`. */
  logDirs: string[];
  host: string;
  port: number;
  /** Other `server.properties` entries (Kafka's names and string values). */
  config: Record<string, string>;
}

/**
 * The parts of a broker that has started, none of them null: what readers of a running broker
 * (the cluster facade, the UI) take instead of the nullable fields, which exist part by part only
 * while `startup` builds them. Made once startup has built every part; gone at shutdown or kill.
 */
export interface RunningBroker {
  readonly zk: KafkaZkClient;
  readonly sessionId: bigint;
  readonly logManager: LogManager;
  readonly replicaManager: ReplicaManager;
  readonly groupCoordinator: GroupCoordinator;
  readonly controller: KafkaController;
  readonly producerIdManager: ProducerIdManager;
  readonly dynamicConfigManager: DynamicConfigManager;
  readonly clusterId: string;
  readonly brokerEpoch: number;
  readonly registeredEndpoint: { readonly host: string; readonly port: number };
}

/** Kafka's `BrokerState`, as the UI shows it. */
export type BrokerStateName = 'NotRunning' | 'Starting' | 'RunningAsBroker' | 'PendingControlledShutdown' | 'BrokerShuttingDown' | 'Killed' | 'Failed';

export interface KafkaServerDeps {
  definition: BrokerDefinition;
  time: Time;
  random: Random;
  executor: Executor;
  fs: FileSystem;
  zkServer: () => ZooKeeperServer;
  faults: ChannelFaults;
  /** A running broker by id (the "network" between brokers). */
  peer: (brokerId: number) => KafkaServer | undefined;
  log: LogSink;
  onLogManagerEvent?: (event: LogManagerEvent) => void;
  onControllerNotice?: (brokerId: number, notice: EventManagerNotice) => void;
  onChannelEvent?: (brokerId: number, event: ChannelEvent) => void;
  onZnodeProblem?: (brokerId: number, error: ZnodeFormatError) => void;
  /** The client listener (the wire protocol), if the app runs one. */
  listener?: BrokerListener;
}

/**
 * Kafka 2.5's `KafkaServer` (ZooKeeper mode) for one emulated broker: its ZooKeeper session,
 * LogManager over real directories, ReplicaManager, MetadataCache and controller module, started
 * and stopped in Kafka's order (reference §2.14). It answers the controller's requests in-process.
 */
export class KafkaServer implements ControllerRequestHandler {
  readonly config: BrokerConfig;
  readonly metadataCache: MetadataCache;
  private zkClient: KafkaZooKeeperClient | null = null;
  private kafkaZk: KafkaZkClient | null = null;
  private logManagerValue: LogManager | null = null;
  private replicaManagerValue: ReplicaManager | null = null;
  private controllerValue: KafkaController | null = null;
  private dynamicConfigManagerValue: DynamicConfigManager | null = null;
  private groupCoordinatorValue: GroupCoordinator | null = null;
  private stateValue: BrokerStateName = 'NotRunning';
  private brokerEpochValue = -1;
  private clusterIdValue: string | null = null;
  private registeredEndpointValue: { host: string; port: number } | null = null;
  private producerIdManagerValue: ProducerIdManager | null = null;
  private runningValue: RunningBroker | null = null;
  private correlationId = 0;
  private readonly stateChangeLog: StateChangeLogger;
  /** This incarnation's timers: they all end with it (shutdown or kill). */
  private processTime: ProcessTime;
  /** The socket server reads requests and sends responses (from startup until `stopProcessingRequests` or a kill). */
  private processingRequests = false;
  /** Bumped at every start: a request handled by an earlier incarnation is not answered by this one. */
  private incarnation = 0;
  /** Controller requests being handled (Kafka's request handler threads at work). */
  private readonly inFlightRequests = new Set<Promise<unknown>>();
  private readonly logger: Logger;

  constructor(private readonly deps: KafkaServerDeps) {
    const d = deps.definition;
    this.logger = new Logger(deps.log, 'kafka.server.KafkaServer', { logIdent: `[KafkaServer id=${d.id}] ` });
    this.config = new BrokerConfig({
      ...d.config,
      'broker.id': String(d.id),
      'log.dirs': d.logDirs.join(','),
      ...(d.rack !== null ? { 'broker.rack': d.rack } : {}),
    });
    this.metadataCache = new MetadataCache(d.id);
    this.processTime = new ProcessTime(deps.time);
    this.stateChangeLog = new StateChangeLogger(d.id, false, () => 0, (l) =>
      deps.log({ file: 'state-change.log', logger: 'state.change.logger', ...l }),
    );
  }

  get id(): number {
    return this.deps.definition.id;
  }

  /** Where the broker runs: id, rack, log dirs, endpoint and its `server.properties`. */
  get definition(): BrokerDefinition {
    return this.deps.definition;
  }

  get state(): BrokerStateName {
    return this.stateValue;
  }

  get isRunning(): boolean {
    return this.stateValue === 'RunningAsBroker' || this.stateValue === 'PendingControlledShutdown';
  }

  get brokerEpoch(): number {
    return this.brokerEpochValue;
  }

  /** Every part of the started broker, from the end of startup until shutdown completes or a kill (else null). */
  get running(): RunningBroker | null {
    return this.runningValue;
  }

  /** The PLAINTEXT address of the last registration (kept while stopped: where clients will find it again). */
  get registeredEndpoint(): { readonly host: string; readonly port: number } | null {
    return this.registeredEndpointValue;
  }

  /** Producer ids for idempotent producers (InitProducerId), while running. */
  get producerIdManager(): ProducerIdManager | null {
    return this.producerIdManagerValue;
  }

  get clusterId(): string | null {
    return this.clusterIdValue;
  }

  get controller(): KafkaController | null {
    return this.controllerValue;
  }

  get logManager(): LogManager | null {
    return this.logManagerValue;
  }

  get dynamicConfigManager(): DynamicConfigManager | null {
    return this.dynamicConfigManagerValue;
  }

  get replicaManager(): ReplicaManager | null {
    return this.replicaManagerValue;
  }

  /** The consumer-group coordinator (groups whose `__consumer_offsets` partition this broker leads), while running. */
  get groupCoordinator(): GroupCoordinator | null {
    return this.groupCoordinatorValue;
  }

  get zk(): KafkaZkClient | null {
    return this.kafkaZk;
  }

  get sessionId(): bigint | null {
    return this.zkClient ? this.zkClient.sessionId : null;
  }

  /** A line of this broker's server.log from one of its parts outside the core (KafkaApis, the Acceptor). */
  serverLog(level: 'INFO' | 'WARN' | 'ERROR', logger: string, message: string): void {
    const log = new Logger(this.deps.log, logger);
    if (level === 'INFO') log.info(message);
    else if (level === 'WARN') log.warn(message);
    else log.error(message);
  }

  private info(message: string): void {
    this.logger.info(message);
  }

  /** `KafkaServer.startup`, in Kafka's order. Throws (and ends in state Failed) on a fatal error. */
  async startup(): Promise<void> {
    if (this.stateValue !== 'NotRunning') throw new Error(`broker ${this.id} is ${this.stateValue}, not stopped`);
    this.stateValue = 'Starting';
    this.processTime = new ProcessTime(this.deps.time);
    const incarnation = ++this.incarnation;
    this.processingRequests = true;
    // A kill while starting ends the process: the start goes no further than the step it was at.
    const alive = <T>(value: T): T => {
      if (this.killedSince(incarnation)) throw new KilledWhileStarting(this.id);
      return value;
    };
    try {
      await this.doStartup(alive);
      alive(null);
      this.stateValue = 'RunningAsBroker';
      this.info('started');
    } catch (e) {
      if (this.killedSince(incarnation)) throw e instanceof KilledWhileStarting ? e : new KilledWhileStarting(this.id);
      this.stateValue = 'Failed';
      this.logger.fatal('Fatal error during KafkaServer startup. Prepare to shutdown', e);
      this.abandonComponents();
      throw e;
    }
  }

  private async doStartup(alive: <T>(value: T) => T): Promise<void> {
    const d = { ...this.deps, time: this.processTime };
    this.info('starting');
    // A restarted broker knows only what the controller sends it from now on.
    this.metadataCache.clear();
    this.info(`Connecting to zookeeper on 127.0.0.1:2181`);
    // The client's state lines carry its logIdent; its session errors come from ZooKeeper's own code, without one.
    const zkClientLog = new Logger(this.deps.log, 'kafka.zookeeper.ZooKeeperClient', { logIdent: '[ZooKeeperClient Kafka server] ' });
    const zkClientErrors = new Logger(this.deps.log, 'kafka.zookeeper.ZooKeeperClient');
    this.zkClient = new KafkaZooKeeperClient(
      d.zkServer,
      d.time,
      { sessionTimeoutMs: this.config.get('zookeeper.session.timeout.ms') as number, name: `broker-${this.id}` },
      (message) => zkClientErrors.error(message),
      (message) => zkClientLog.info(message),
    );
    alive(await this.zkClient.connect());
    this.kafkaZk = new KafkaZkClient(this.zkClient, (e) => d.onZnodeProblem?.(this.id, e), () => this.config.uncleanLeaderElectionEnable);
    alive(await this.kafkaZk.createTopLevelPaths());
    this.clusterIdValue = alive(await this.kafkaZk.getOrCreateClusterId(base64UrlNoPadding(randomUuidBytes(d.random))));
    this.info(`Cluster ID = ${this.clusterIdValue}`);

    const { brokerMetadata, offlineDirs, logLines } = readBrokerMetadataFromLogDirs(d.fs, this.config.logDirs);
    const checkpointLog = new Logger(d.log, 'kafka.server.BrokerMetadataCheckpoint');
    for (const l of logLines) checkpointLog[l.level === 'WARN' ? 'warn' : 'error'](l.message);
    checkClusterId(brokerMetadata, this.clusterIdValue);
    // A broker of Kafka Dojo always has its broker.id configured, so there is nothing to generate.
    resolveBrokerId(this.id, brokerMetadata, false);

    const defaultLogConfig = Object.fromEntries(copyKafkaConfigToLog(this.config)) as TopicConfigValues;
    const topics = alive(await this.kafkaZk.getAllTopicsInCluster(false));
    const topicConfigs = new Map<string, TopicConfigValues>();
    for (const topic of topics) {
      const overrides = alive(await this.kafkaZk.getTopicConfig(topic).catch(() => ({})));
      if (Object.keys(overrides).length > 0) topicConfigs.set(topic, overrides);
    }
    this.logManagerValue = new LogManager({
      fs: d.fs,
      time: d.time,
      random: d.random,
      executor: d.executor,
      brokerId: this.id,
      logDirs: this.config.logDirs,
      config: {
        fileDeleteDelayMs: this.config.logDeleteDelayMs,
        flushRecoveryOffsetCheckpointMs: this.config.logFlushOffsetCheckpointIntervalMs,
        flushStartOffsetCheckpointMs: this.config.logFlushStartOffsetCheckpointIntervalMs,
        highWatermarkCheckpointIntervalMs: this.config.replicaHighWatermarkCheckpointIntervalMs,
        cleanerEnable: this.config.logCleanerEnable,
        retentionCheckMs: this.config.logCleanupIntervalMs,
        flushCheckMs: this.config.logFlushSchedulerIntervalMs,
        defaultLogConfig,
      },
      topicConfigs,
      initialOfflineDirs: offlineDirs,
      onEvent: d.onLogManagerEvent,
      onLogDirFailure: (dir) => {
        // Kafka's LogDirFailureChannel queues what the LogManager reports while loading; the
        // ReplicaManager's LogDirFailureHandler takes it once it starts.
        if (this.replicaManagerValue) void this.replicaManagerValue.handleLogDirFailure(dir);
        else failedWhileLoading.push(dir);
      },
    });
    const failedWhileLoading: string[] = [];
    alive(await this.logManagerValue.startup());

    const zk = this.kafkaZk;
    this.replicaManagerValue = new ReplicaManager({
      brokerId: this.id,
      time: d.time,
      logManager: this.logManagerValue,
      metadataCache: this.metadataCache,
      zk,
      stateChangeLog: this.stateChangeLog,
      log: d.log,
      config: {
        replicaLagTimeMaxMs: this.config.replicaLagTimeMaxMs,
        replicaFetchWaitMaxMs: this.config.replicaFetchWaitMaxMs,
        replicaFetchMaxBytes: this.config.replicaFetchMaxBytes,
        replicaFetchBackoffMs: this.config.replicaFetchBackoffMs,
      },
      peer: (id) => {
        const p = d.peer(id);
        return p?.isRunning ? (p.replicaManager ?? undefined) : undefined;
      },
      topicConfig: async (topic) => ({ ...defaultLogConfig, ...(await zk.getTopicConfig(topic).catch(() => ({}))) }),
      executor: d.executor,
      onLeadershipChange: (leaders, followers) => this.groupCoordinatorValue?.onLeadershipChange(leaders, followers),
    });
    this.replicaManagerValue.startup();
    // Before any LeaderAndIsr can arrive: the coordinator loads the offsets partitions this broker leads.
    this.groupCoordinatorValue = this.createGroupCoordinator();
    this.groupCoordinatorValue.startup();
    for (const dir of failedWhileLoading.splice(0)) alive(await this.replicaManagerValue.handleLogDirFailure(dir));
    if (this.logManagerValue.state === 'running') this.logManagerValue.startHighWatermarkCheckpointTask();

    const bound = alive(d.listener ? await d.listener.bind() : null);
    if (bound) this.serverLog('INFO', 'kafka.network.Acceptor', `Awaiting socket connections on ${bound.host}:${bound.port}.`);
    const endpoint = { host: bound?.host ?? d.definition.host, port: bound?.port ?? d.definition.port, listenerName: 'PLAINTEXT', securityProtocol: 'PLAINTEXT' as const };
    const register = () => zk.registerBroker({ id: this.id, endpoints: [endpoint], jmxPort: -1, rack: this.config.rack }, d.time.nowMs());
    this.registeredEndpointValue = { host: endpoint.host, port: endpoint.port };
    this.brokerEpochValue = alive(await register());
    // KafkaZkClient.registerBroker logs it, and KafkaZkClient has no logIdent.
    new Logger(this.deps.log, 'kafka.zk.KafkaZkClient').info(
      `Registered broker ${this.id} at path /brokers/ids/${this.id} with addresses: ArrayBuffer(${endpoint.listenerName}://${endpoint.host}:${endpoint.port}), czxid (broker epoch): ${this.brokerEpochValue}`,
    );
    for (const dir of this.logManagerValue.liveLogDirs) {
      new BrokerMetadataCheckpoint(d.fs, dir, d.time).write({ brokerId: this.id, clusterId: this.clusterIdValue });
    }

    this.controllerValue = new KafkaController({
      config: {
        brokerId: this.id,
        deleteTopicEnable: this.config.deleteTopicEnable,
        autoLeaderRebalanceEnable: this.config.get('auto.leader.rebalance.enable') as boolean,
        leaderImbalanceCheckIntervalSeconds: Number(this.config.get('leader.imbalance.check.interval.seconds')),
        leaderImbalancePerBrokerPercentage: this.config.get('leader.imbalance.per.broker.percentage') as number,
        uncleanLeaderElectionEnable: this.config.uncleanLeaderElectionEnable,
      },
      time: d.time,
      zk,
      resolveBroker: (id) => {
        const p = d.peer(id);
        return p && p.state !== 'NotRunning' && p.state !== 'Killed' && p.state !== 'Failed' ? p : undefined;
      },
      faults: d.faults,
      log: d.log,
      onEventManagerNotice: (n) => d.onControllerNotice?.(this.id, n),
      onChannelEvent: (e) => d.onChannelEvent?.(this.id, e),
      registerBroker: async () => (this.brokerEpochValue = await register()),
      executor: d.executor,
    });
    this.controllerValue.startup();
    // The transaction coordinator claims its producer-id block at startup.
    this.producerIdManagerValue = new ProducerIdManager(alive(await zk.claimProducerIdBlock(this.id)), () => zk.claimProducerIdBlock(this.id));

    // Last before the socket server accepts connections: watch /config/changes (reference §2.14).
    this.dynamicConfigManagerValue = new DynamicConfigManager({
      brokerId: this.id,
      time: d.time,
      zk,
      config: this.config,
      logManager: this.logManagerValue,
      enableTopicUncleanLeaderElection: (topic) => this.controllerValue?.enableTopicUncleanLeaderElection(topic),
      log: d.log,
      reportProblem: (e) => d.onZnodeProblem?.(this.id, e),
    });
    alive(await this.dynamicConfigManagerValue.startup());
    const zkClient = this.zkClient;
    const brokerEpoch = () => this.brokerEpochValue;
    this.runningValue = {
      zk: this.kafkaZk,
      logManager: this.logManagerValue,
      replicaManager: this.replicaManagerValue,
      groupCoordinator: this.groupCoordinatorValue,
      controller: this.controllerValue,
      producerIdManager: this.producerIdManagerValue,
      dynamicConfigManager: this.dynamicConfigManagerValue,
      clusterId: this.clusterIdValue,
      registeredEndpoint: this.registeredEndpointValue,
      // Read live: a new ZooKeeper session after an expiry, and the registration it makes again.
      get sessionId() {
        return zkClient.sessionId;
      },
      get brokerEpoch() {
        return brokerEpoch();
      },
    };
  }

  private createGroupCoordinator(): GroupCoordinator {
    const c = this.config;
    const int = (name: string) => Number(c.get(name as Parameters<BrokerConfig['get']>[0]));
    return new GroupCoordinator({
      brokerId: this.id,
      time: this.processTime,
      random: this.deps.random,
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
      },
      replicaManager: () => this.replicaManagerValue,
      metadataCache: this.metadataCache,
      zk: () => this.kafkaZk,
      log: this.deps.log,
      executor: this.deps.executor,
    });
  }

  /**
   * The controller's requests, as KafkaApis handles them. A request still being handled when the
   * socket server stops processing (shutdown) or the process dies (kill) gets no response: the
   * controller's RequestSendThread sees the connection go and sends it again once it can.
   */
  async handleControllerRequest(request: ControllerRequest): Promise<ControllerResponse> {
    const rm = this.replicaManagerValue;
    if (!rm || !this.processingRequests) throw new Error(`broker ${this.id} is not reachable`);
    const incarnation = this.incarnation;
    const handling = this.dispatchControllerRequest(rm, request);
    const tracked = handling.then(
      () => undefined,
      () => undefined,
    );
    this.inFlightRequests.add(tracked);
    void tracked.then(() => this.inFlightRequests.delete(tracked));
    const response = await handling;
    if (!this.processingRequests || incarnation !== this.incarnation) throw new Error(`broker ${this.id} is not reachable`);
    return response;
  }

  private async dispatchControllerRequest(rm: ReplicaManager, request: ControllerRequest): Promise<ControllerResponse> {
    const correlationId = this.correlationId++;
    // A request meant for this broker's previous incarnation (KIP-380).
    const stale = request.brokerEpoch !== -1 && request.brokerEpoch < this.brokerEpochValue;
    switch (request.apiKey) {
      case 'LeaderAndIsr':
        if (stale) return { apiKey: 'LeaderAndIsr', errorCode: Errors.STALE_BROKER_EPOCH.code, partitionErrors: [] };
        return rm.becomeLeaderOrFollower(correlationId, request);
      case 'UpdateMetadata':
        if (stale) return { apiKey: 'UpdateMetadata', errorCode: Errors.STALE_BROKER_EPOCH.code };
        return rm.maybeUpdateMetadataCache(correlationId, request);
      case 'StopReplica':
        if (stale) return { apiKey: 'StopReplica', errorCode: Errors.STALE_BROKER_EPOCH.code, partitionErrors: [] };
        return rm.stopReplicas(request);
    }
  }

  /**
   * `KafkaServer.shutdown`: controlled shutdown first (when `controlled.shutdown.enable`, unless the
   * caller skips it — closing the app stops brokers without moving leadership), then the components
   * in Kafka's order.
   */
  async shutdown(options: { controlled?: boolean } = {}): Promise<{ controlledShutdownSucceeded: boolean | null }> {
    if (!this.isRunning) throw new Error(`broker ${this.id} is ${this.stateValue}, not running`);
    // A kill while this runs ends the process, this shutdown with it: nothing after the kill runs.
    const incarnation = this.incarnation;
    const killed = () => this.killedSince(incarnation);
    let controlledShutdownSucceeded: boolean | null = null;
    if ((options.controlled ?? true) && (this.config.get('controlled.shutdown.enable') as boolean)) {
      this.info('Starting controlled shutdown');
      this.stateValue = 'PendingControlledShutdown';
      const succeeded = await this.controlledShutdown(killed);
      if (killed()) return { controlledShutdownSucceeded };
      controlledShutdownSucceeded = succeeded;
      if (!controlledShutdownSucceeded) {
        this.logger.warn('Proceeding to do an unclean shutdown as all the controlled shutdown attempts failed');
      }
    }
    this.stateValue = 'BrokerShuttingDown';
    this.info('shutting down');
    await this.dynamicConfigManagerValue?.shutdown();
    if (killed()) return { controlledShutdownSucceeded };
    this.stopProcessingRequests();
    // The request handler pool's shutdown: what the handlers are doing completes (a LeaderAndIsr
    // may still add fetchers), before the ReplicaManager stops them all.
    while (this.inFlightRequests.size > 0) await Promise.all([...this.inFlightRequests]);
    if (killed()) return { controlledShutdownSucceeded };
    this.groupCoordinatorValue?.shutdown();
    this.replicaManagerValue?.shutdown();
    await this.logManagerValue?.shutdown({ checkpointHighWatermarks: true });
    if (killed()) return { controlledShutdownSucceeded };
    await this.controllerValue?.shutdown();
    if (killed()) return { controlledShutdownSucceeded };
    await this.zkClient?.close();
    if (killed()) return { controlledShutdownSucceeded };
    this.processTime.close();
    this.clearComponents();
    this.stateValue = 'NotRunning';
    this.info('shut down completed');
    return { controlledShutdownSucceeded };
  }

  private async controlledShutdown(killed: () => boolean): Promise<boolean> {
    const retries = this.config.get('controlled.shutdown.max.retries') as number;
    const backoffMs = Number(this.config.get('controlled.shutdown.retry.backoff.ms'));
    for (let remaining = retries; remaining > 0; remaining--) {
      let controllerId: number | null | undefined;
      try {
        controllerId = await this.kafkaZk?.getControllerId();
      } catch (e) {
        // A kill meanwhile dropped the session under the read.
        if (killed()) return false;
        throw e;
      }
      if (killed()) return false;
      const controller = controllerId === null || controllerId === undefined ? undefined : this.deps.peer(controllerId)?.controller;
      if (controllerId === null || controllerId === undefined) this.info('No controller registered in ZooKeeper');
      if (controller) {
        const result = await controller.controlledShutdown(this.id, this.brokerEpochValue);
        if (killed()) return false;
        if (result.errorCode === Errors.NONE.code && result.partitionsRemaining.length === 0) {
          this.info('Controlled shutdown succeeded');
          return true;
        }
        this.info(`Remaining partitions to move: ${result.partitionsRemaining.map((p) => `${p.topic}-${p.partition}`).join(',')}`);
        this.info(`Error from controller: ${result.errorCode}`);
      }
      // On the shared clock: the wait ends even if the process dies meanwhile (its own timers would not run).
      await new Promise<void>((resolve) => this.deps.time.schedule(`controlled-shutdown-backoff-${this.id}`, backoffMs, resolve));
      if (killed()) return false;
      this.logger.warn('Retrying controlled shutdown after the previous attempt failed...');
    }
    return false;
  }

  /** The process dies (`kill -9`): nothing is flushed or checkpointed, the ZooKeeper session is left to expire. */
  kill(): void {
    if (this.stateValue === 'NotRunning' || this.stateValue === 'Killed') return;
    this.abandonComponents();
    this.stateValue = 'Killed';
  }

  /** This incarnation was killed, or another one started since. */
  private killedSince(incarnation: number): boolean {
    return this.incarnation !== incarnation || this.stateValue === 'Killed';
  }

  /** After a kill or a failed start: the broker can be started again. */
  resetAfterKill(): void {
    if (this.stateValue === 'Killed' || this.stateValue === 'Failed') this.stateValue = 'NotRunning';
  }

  /** A log dir fails under this running broker. */
  async failLogDir(dir: string): Promise<void> {
    if (!this.isRunning || !this.replicaManagerValue) throw new Error(`broker ${this.id} is not running`);
    if (!this.config.logDirs.includes(dir)) throw new Error(`${dir} is not one of broker ${this.id}'s log dirs`);
    await this.replicaManagerValue.handleLogDirFailure(dir);
  }

  /** `SocketServer.stopProcessingRequests`: no new connection or request, no response sent. */
  private stopProcessingRequests(): void {
    this.processingRequests = false;
    this.deps.listener?.close();
  }

  private abandonComponents(): void {
    this.stopProcessingRequests();
    this.processTime.close();
    this.dynamicConfigManagerValue?.kill();
    this.controllerValue?.kill();
    this.groupCoordinatorValue?.kill();
    this.replicaManagerValue?.shutdown();
    this.logManagerValue?.kill();
    this.zkClient?.abandon();
    this.clearComponents();
  }

  private clearComponents(): void {
    this.runningValue = null;
    this.dynamicConfigManagerValue = null;
    this.groupCoordinatorValue = null;
    this.controllerValue = null;
    this.replicaManagerValue = null;
    this.logManagerValue = null;
    this.zkClient = null;
    this.kafkaZk = null;
    this.producerIdManagerValue = null;
    this.brokerEpochValue = -1;
  }
}

/** A start cut short by a kill: the caller learns the broker never came up. */
class KilledWhileStarting extends Error {
  constructor(brokerId: number) {
    super(`broker ${brokerId} was killed while starting`);
  }
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
