import { BrokerConfig } from '../../config/kafka-config';
import { DynamicBrokerConfig } from '../../server/dynamic-broker-config';
import { Errors } from '../../common/kafka-errors';
import type { ControllerRequest, ControllerRequestHandler, ControllerResponse } from '../../controller/broker-requests';
import type { ProducerIdManager } from '../producer-id-manager';
import type { KafkaController } from '../../controller/kafka-controller';
import { StateChangeLogger } from '../../controller/state-change-logger';
import type { LogManager } from '../../log/log-manager/log-manager';
import { ProcessTime } from '../../platform/process-time';
import type { KafkaZkClient } from '../../kafka-zk/kafka-zk-client';
import type { DynamicConfigManager } from '../dynamic-config-manager';
import type { GroupCoordinator } from '../../coordinator/group/group-coordinator';
import type { TransactionCoordinator } from '../../coordinator/transaction/transaction-coordinator';
import { TRANSACTION_STATE_TOPIC_NAME } from '../../coordinator/transaction/transaction-log';
import { Logger } from '../../common/logging';
import { MetadataCache } from '../metadata-cache';
import { GROUP_METADATA_TOPIC_NAME } from '../../coordinator/group/group-metadata-manager';
import type { ReplicaManager } from '../replica-manager';
import type { QuotaManagers } from '../../server/quota/quota-managers';
import type { MetricsRegistry } from '../../metrics/metrics-registry';
import { controlledShutdown } from './controlled-shutdown';
import type { BrokerDefinition, BrokerStateName, KafkaServerDeps } from './kafka-server-deps';
import { BrokerComponents } from './running-broker';
import type { RunningBroker } from './running-broker';
import { shutdownComponents } from './shutdown';
import { startComponents } from './startup';

/**
 * Kafka 2.5's `KafkaServer` (ZooKeeper mode) for one emulated broker: its ZooKeeper session,
 * LogManager over real directories, ReplicaManager, MetadataCache and controller module, started
 * and stopped in Kafka's order (`KafkaServer.startup` and `KafkaServer.shutdown`). It answers the controller's requests in-process.
 */
export class KafkaServer implements ControllerRequestHandler {
  readonly config: BrokerConfig;
  /** `KafkaConfig.dynamicConfig`: the static config with `/config/brokers/<default>` and `/config/brokers/<id>` over it. */
  readonly dynamicConfig: DynamicBrokerConfig;
  readonly metadataCache: MetadataCache;
  /** This incarnation's parts, as startup builds them (startup.ts). */
  private readonly parts = new BrokerComponents();
  private stateValue: BrokerStateName = 'NotRunning';
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
  /** `KafkaApis`' own lines (`[KafkaApi-<id>] `). */
  private readonly kafkaApisLogger: Logger;

  constructor(private readonly deps: KafkaServerDeps) {
    const d = deps.definition;
    this.logger = new Logger(deps.log, 'kafka.server.KafkaServer', { logIdent: `[KafkaServer id=${d.id}] ` });
    this.kafkaApisLogger = new Logger(deps.log, 'kafka.server.KafkaApis', { logIdent: `[KafkaApi-${d.id}] ` });
    this.config = new BrokerConfig({
      ...d.config,
      'broker.id': String(d.id),
      'log.dirs': d.logDirs.join(','),
      ...(d.rack !== null ? { 'broker.rack': d.rack } : {}),
    });
    this.dynamicConfig = new DynamicBrokerConfig(this.config, deps.log);
    this.metadataCache = new MetadataCache(d.id);
    this.processTime = new ProcessTime(deps.time);
    this.stateChangeLog = new StateChangeLogger(
      d.id,
      false,
      () => 0,
      (l) => deps.log({ file: 'state-change.log', logger: 'state.change.logger', ...l }),
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
    return this.parts.brokerEpoch;
  }

  /** Every part of the started broker, from the end of startup until shutdown completes or a kill (else null). */
  get running(): RunningBroker | null {
    return this.parts.running;
  }

  /** The PLAINTEXT address of the last registration (kept while stopped: where clients will find it again). */
  get registeredEndpoint(): { readonly host: string; readonly port: number } | null {
    return this.parts.registeredEndpoint;
  }

  /** Producer ids for idempotent producers (InitProducerId), while running. */
  get producerIdManager(): ProducerIdManager | null {
    return this.parts.producerIdManager;
  }

  get clusterId(): string | null {
    return this.parts.clusterId;
  }

  get controller(): KafkaController | null {
    return this.parts.controller;
  }

  get logManager(): LogManager | null {
    return this.parts.logManager;
  }

  get dynamicConfigManager(): DynamicConfigManager | null {
    return this.parts.dynamicConfigManager;
  }

  /** The client quotas (`QuotaFactory.QuotaManagers`), from the start of the last startup. */
  get quotaManagers(): QuotaManagers | null {
    return this.parts.quotaManagers;
  }

  /** This incarnation's Yammer metrics, from the start of startup until shutdown or a kill (else null). */
  get metrics(): MetricsRegistry | null {
    return this.parts.metrics;
  }

  get replicaManager(): ReplicaManager | null {
    return this.parts.replicaManager;
  }

  /** The consumer-group coordinator (groups whose `__consumer_offsets` partition this broker leads), while running. */
  get groupCoordinator(): GroupCoordinator | null {
    return this.parts.groupCoordinator;
  }

  /** The transaction coordinator (transactional ids whose `__transaction_state` partition this broker leads), while running. */
  get transactionCoordinator(): TransactionCoordinator | null {
    return this.parts.transactionCoordinator;
  }

  get zk(): KafkaZkClient | null {
    return this.parts.kafkaZk;
  }

  get sessionId(): bigint | null {
    return this.parts.zkClient ? this.parts.zkClient.sessionId : null;
  }

  /** A line of this broker's server.log from one of its parts outside the core (KafkaApis, the Acceptor). */
  serverLog(level: 'INFO' | 'WARN' | 'ERROR', logger: string, message: string): void {
    new Logger(this.deps.log, logger).log(level, message);
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
      const starting = {
        id: this.id,
        config: this.config,
        dynamicConfig: this.dynamicConfig,
        metadataCache: this.metadataCache,
        deps: { ...this.deps, time: this.processTime },
        stateChangeLog: this.stateChangeLog,
        logger: this.logger,
        serverLog: (level: 'INFO' | 'WARN' | 'ERROR', logger: string, message: string) => this.serverLog(level, logger, message),
      };
      await startComponents(starting, this.parts, alive);
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

  /**
   * The controller's requests, as KafkaApis handles them. A request still being handled when the
   * socket server stops processing (shutdown) or the process dies (kill) gets no response: the
   * controller's RequestSendThread sees the connection go and sends it again once it can.
   */
  async handleControllerRequest(request: ControllerRequest): Promise<ControllerResponse> {
    const rm = this.parts.replicaManager;
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
    const stale = request.brokerEpoch !== -1 && request.brokerEpoch < this.parts.brokerEpoch;
    if (stale) {
      const what = { LeaderAndIsr: 'LeaderAndIsr request', UpdateMetadata: 'update metadata request', StopReplica: 'stop replica request' };
      this.kafkaApisLogger.info(
        `Received ${what[request.apiKey]} with broker epoch ${request.brokerEpoch} smaller than the current broker epoch ${this.parts.brokerEpoch}`,
      );
    }
    switch (request.apiKey) {
      case 'LeaderAndIsr':
        if (stale) return { apiKey: 'LeaderAndIsr', errorCode: Errors.STALE_BROKER_EPOCH.code, partitionErrors: [] };
        return rm.becomeLeaderOrFollower(correlationId, request);
      case 'UpdateMetadata':
        if (stale) return { apiKey: 'UpdateMetadata', errorCode: Errors.STALE_BROKER_EPOCH.code };
        return rm.maybeUpdateMetadataCache(correlationId, request);
      case 'StopReplica': {
        if (stale) return { apiKey: 'StopReplica', errorCode: Errors.STALE_BROKER_EPOCH.code, partitionErrors: [] };
        const response = await rm.stopReplicas(request);
        // A deleted replica of __consumer_offsets unloads its groups, of __transaction_state its transactions (a reassignment sends no LeaderAndIsr to it).
        if (request.deletePartitions)
          for (const p of response.partitionErrors)
            if (p.errorCode === Errors.NONE.code && p.topicName === GROUP_METADATA_TOPIC_NAME)
              this.parts.groupCoordinator?.onResignation(p.partitionIndex);
            else if (p.errorCode === Errors.NONE.code && p.topicName === TRANSACTION_STATE_TOPIC_NAME)
              this.parts.transactionCoordinator?.onResignation(p.partitionIndex);
        return response;
      }
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
      const succeeded = await controlledShutdown(
        {
          id: this.id,
          config: this.config,
          deps: this.deps,
          logger: this.logger,
          kafkaZk: this.parts.kafkaZk,
          brokerEpoch: this.parts.brokerEpoch,
        },
        killed,
      );
      if (killed()) return { controlledShutdownSucceeded };
      controlledShutdownSucceeded = succeeded;
      if (!controlledShutdownSucceeded) {
        this.logger.warn('Proceeding to do an unclean shutdown as all the controlled shutdown attempts failed');
      }
    }
    this.stateValue = 'BrokerShuttingDown';
    this.info('shutting down');
    const stopping = { stopProcessingRequests: () => this.stopProcessingRequests(), inFlightRequests: this.inFlightRequests };
    if (!(await shutdownComponents(stopping, this.parts, killed))) return { controlledShutdownSucceeded };
    this.processTime.close();
    this.parts.clear();
    this.stateValue = 'NotRunning';
    this.info('shut down completed');
    return { controlledShutdownSucceeded };
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
    if (!this.isRunning || !this.parts.replicaManager) throw new Error(`broker ${this.id} is not running`);
    if (!this.config.logDirs.includes(dir)) throw new Error(`${dir} is not one of broker ${this.id}'s log dirs`);
    await this.parts.replicaManager.handleLogDirFailure(dir);
  }

  /** `SocketServer.stopProcessingRequests`: no new connection or request, no response sent. */
  private stopProcessingRequests(): void {
    this.processingRequests = false;
    this.deps.listener?.close();
  }

  private abandonComponents(): void {
    this.stopProcessingRequests();
    this.processTime.close();
    this.parts.abandon();
  }
}

/** A start cut short by a kill: the caller learns the broker never came up. */
class KilledWhileStarting extends Error {
  constructor(brokerId: number) {
    super(`broker ${brokerId} was killed while starting`);
  }
}
