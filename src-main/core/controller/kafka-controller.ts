import type { LogSink } from '../common/logging';
import { Logger } from '../common/logging';
import { KAFKA_ERRORS_PACKAGE } from '../common/throwable';
import type { TopicPartition } from '../common/topic-partition';
import type { Executor } from '../platform/executor';
import { Slicer, microtaskExecutor } from '../platform/executor';
import type { Time } from '../platform/scheduler';
import { BrokerMembership } from './broker-membership';
import type { ChannelFaults } from './channel-faults';
import type { BrokerResolver, ChannelEvent } from './controller-channel-manager';
import { ControllerChannelManager } from './controller-channel-manager';
import type { ControllerConfig } from './controller-config';
import { ControllerContext } from './controller-context';
import type { ControllerCore } from './controller-core';
import { ControllerMovedError } from './controller-errors';
import { ControllerEventManager } from './controller-event-manager';
import type { EventManagerNotice } from './controller-event-manager';
import type { ControllerEvent, ElectionType, ListReassignmentsResult, PartitionOutcome } from './controller-events';
import { ControllerRequestBatch } from './controller-request-batch';
import type { ControllerZkClient } from './controller-zk-client';
import { ControllerFailover } from './controller-failover';
import { Errors } from '../common/kafka-errors';
import { LeaderElections, PREFERRED_REPLICA_ELECTION_PATH } from './leader-elections';
import { ModificationHandlers } from './modification-handlers';
import { PartitionReassignments, REASSIGN_PARTITIONS_PATH } from './partition-reassignments';
import { PARTITION_STATE_MACHINE_LOGGER, PartitionStateMachine } from './partition-state-machine';
import { REPLICA_STATE_MACHINE_LOGGER, ReplicaStateMachine } from './replica-state-machine';
import { StateChangeLogger } from './state-change-logger';
import { TopicChanges } from './topic-changes';
import { TopicDeletionManager } from './topic-deletion-manager';
import { ControllerMetrics } from './controller-metrics';
import type { MetricsRegistry } from '../metrics/metrics-registry';

export interface KafkaControllerDeps {
  config: ControllerConfig;
  time: Time;
  zk: ControllerZkClient;
  resolveBroker: BrokerResolver;
  faults: ChannelFaults;
  /** Lines for controller.log and state-change.log. */
  log: LogSink;
  /** Events taken and finished, requests sent and answered. */
  onEventManagerNotice?: (notice: EventManagerNotice) => void;
  onChannelEvent?: (event: ChannelEvent) => void;
  /** Re-registers this broker's znode after its ZooKeeper session was re-established (returns the new broker epoch). */
  registerBroker?: () => Promise<number>;
  /** Where long loops pause and requests are handed over (default: the microtask queue). */
  executor?: Executor;
  /** The broker JVM's Yammer registry, where the controller's metrics go (every broker has them). */
  metrics: MetricsRegistry;
}

/** Partitions or replicas handled by a state machine between two pauses. */
const STATE_CHANGES_PER_SLICE = 500;

/** Kafka's `StateChangeHandlers.ControllerHandler`. */
const CONTROLLER_STATE_CHANGE_HANDLER = 'controller-state-change-handler';

/**
 * Kafka 2.5's `KafkaController` (ZooKeeper mode): the controller module every broker runs.
 * One broker wins the `/controller` election and then drives the cluster from its event queue;
 * the others only watch `/controller`. Reference §2; handlers are split by subject into
 * broker-membership.ts, topic-changes.ts, partition-reassignments.ts and leader-elections.ts,
 * the election, failover and resignation into controller-failover.ts, the per-topic and
 * per-broker watches into modification-handlers.ts.
 */
export class KafkaController implements ControllerCore {
  readonly context = new ControllerContext();
  readonly config: ControllerConfig;
  readonly time: Time;
  readonly zk: ControllerZkClient;
  readonly log: Logger;
  readonly stateChangeLog: StateChangeLogger;
  readonly batch: ControllerRequestBatch;
  readonly partitionStateMachine: PartitionStateMachine;
  readonly replicaStateMachine: ReplicaStateMachine;
  readonly topicDeletionManager: TopicDeletionManager;
  private readonly eventManager: ControllerEventManager;
  private readonly brokers: BrokerMembership;
  private readonly topics: TopicChanges;
  private readonly reassignments: PartitionReassignments;
  private readonly elections: LeaderElections;
  private readonly modificationHandlers: ModificationHandlers;
  private readonly failover: ControllerFailover;
  private channelManager: ControllerChannelManager | null = null;
  readonly metrics: ControllerMetrics;

  constructor(private readonly deps: KafkaControllerDeps) {
    this.config = deps.config;
    this.time = deps.time;
    this.zk = deps.zk;
    const id = deps.config.brokerId;
    // log4j.properties routes every kafka.controller logger to controller.log.
    const controllerLogger = (loggerName: string, logIdent: string) =>
      new Logger(deps.log, loggerName, { logIdent, file: 'controller.log', unknownThrowableClass: KAFKA_ERRORS_PACKAGE });
    this.log = controllerLogger('kafka.controller.KafkaController', `[Controller id=${id}] `);
    this.stateChangeLog = new StateChangeLogger(
      id,
      true,
      () => this.context.epoch,
      (l) => deps.log({ file: 'state-change.log', logger: 'state.change.logger', ...l }),
    );
    this.batch = new ControllerRequestBatch(id, this.context, () => this.channel(), this.stateChangeLog, {
      leaderAndIsrResponse: (brokerId, response) => this.put({ type: 'LeaderAndIsrResponseReceived', brokerId, response }),
      stopReplicaDeleteResponse: (replicaId, response) =>
        this.put({ type: 'TopicDeletionStopReplicaResponseReceived', replicaId, response }),
      updateMetadataResponse: (brokerId, response) =>
        this.put({ type: 'UpdateMetadataResponseReceived', brokerId, errorCode: 'errorCode' in response ? response.errorCode : 0 }),
    });
    this.partitionStateMachine = new PartitionStateMachine(
      id,
      this.context,
      this.zk,
      this.batch,
      this.stateChangeLog,
      // Kafka only marks its UncleanLeaderElectionsPerSec meter here; nothing is logged.
      () => this.metrics.uncleanLeaderElectionRate.mark(),
      controllerLogger(PARTITION_STATE_MACHINE_LOGGER, `[PartitionStateMachine controllerId=${id}] `),
      new Slicer(deps.executor ?? microtaskExecutor, STATE_CHANGES_PER_SLICE),
    );
    this.replicaStateMachine = new ReplicaStateMachine(
      id,
      this.context,
      this.zk,
      this.batch,
      this.stateChangeLog,
      controllerLogger(REPLICA_STATE_MACHINE_LOGGER, `[ReplicaStateMachine controllerId=${id}] `),
      new Slicer(deps.executor ?? microtaskExecutor, STATE_CHANGES_PER_SLICE),
    );
    const deletionLog = controllerLogger('kafka.controller.TopicDeletionManager', `[Topic Deletion Manager ${id}] `);
    this.topicDeletionManager = new TopicDeletionManager(
      this.config.deleteTopicEnable,
      this.context,
      this.replicaStateMachine,
      this.partitionStateMachine,
      {
        deleteTopic: async (topic) => {
          await this.zk.deleteTopicZNode(topic, this.context.epochZkVersion);
          await this.zk.deleteTopicConfigs([topic], this.context.epochZkVersion);
          await this.zk.deleteTopicDeletions([topic], this.context.epochZkVersion);
        },
        deleteTopicDeletions: (topics) => this.zk.deleteTopicDeletions(topics, this.context.epochZkVersion),
        mutePartitionModifications: (topic) => this.unregisterPartitionModificationsHandlers([topic]),
        sendMetadataUpdate: (partitions) => this.sendUpdateMetadataRequest(this.context.liveOrShuttingDownBrokerIds, partitions),
        log: (level, message) => (level === 'INFO' ? deletionLog.info(message) : deletionLog.debug(message)),
      },
    );
    this.reassignments = new PartitionReassignments(this, {
      path: REASSIGN_PARTITIONS_PATH,
      handleCreation: () => this.put({ type: 'ZkPartitionReassignment' }),
    });
    this.elections = new LeaderElections(this, {
      path: PREFERRED_REPLICA_ELECTION_PATH,
      handleCreation: () =>
        this.put({ type: 'ReplicaLeaderElection', partitions: null, electionType: 'PREFERRED', trigger: 'ZkTriggered' }),
    });
    this.brokers = new BrokerMembership(this, this.reassignments);
    this.topics = new TopicChanges(this);
    this.modificationHandlers = new ModificationHandlers(this.zk, (event) => this.put(event));
    this.failover = new ControllerFailover(this, {
      elections: this.elections,
      reassignments: this.reassignments,
      modificationHandlers: this.modificationHandlers,
      closeChannel: () => {
        this.channelManager?.shutdown();
        this.channelManager = null;
      },
      registerBroker: deps.registerBroker,
    });
    this.metrics = new ControllerMetrics(deps.metrics, {
      context: this.context,
      isActive: () => this.isActive(),
      get state() {
        return eventManager.state;
      },
      get eventQueueSize() {
        return eventManager.queueSize;
      },
    });
    const eventManager = new ControllerEventManager(
      (event) => this.process(event),
      (event) => this.preempt(event),
      (notice) => deps.onEventManagerNotice?.(notice),
      {
        clock: deps.time,
        eventDequeued: (queueTimeMs) => this.metrics.eventDequeued(queueTimeMs),
        eventProcessed: (state, durationMs) => this.metrics.eventProcessed(state, durationMs),
      },
    );
    this.eventManager = eventManager;
  }

  // ---- lifecycle ----

  startup(): void {
    // The session expired: resign before the new session exists (every queued event is dropped and
    // the new session waits until Expire is processed), then re-register the broker and re-run the
    // election on the new session, which also re-arms the /controller watch. The old session's
    // watches and its ephemeral /controller and /brokers/ids/<id> died with it.
    this.zk.registerStateChangeHandler({
      name: CONTROLLER_STATE_CHANGE_HANDLER,
      beforeInitializingSession: () => this.eventManager.clearAndPut({ type: 'Expire' }),
      afterInitializingSession: () => this.put({ type: 'RegisterBrokerAndReelect' }),
    });
    this.put({ type: 'Startup' });
  }

  /** Clean shutdown of the broker: stop the event thread and resign if active (Kafka's `shutdown`). */
  async shutdown(): Promise<void> {
    this.zk.unregisterStateChangeHandler(CONTROLLER_STATE_CHANGE_HANDLER);
    this.eventManager.close();
    await this.eventManager.whenIdle();
    this.failover.onControllerResignation();
  }

  /** The broker's process died: nothing more happens, nothing is written. */
  kill(): void {
    this.zk.unregisterStateChangeHandler(CONTROLLER_STATE_CHANGE_HANDLER);
    this.eventManager.close();
    this.elections.cancelAutoLeaderRebalanceTask();
    this.channelManager?.shutdown();
    this.channelManager = null;
  }

  isActive(): boolean {
    return this.failover.activeControllerId === this.config.brokerId;
  }

  /**
   * Active, and its failover has loaded the context and started the state machines: until then the
   * context holds topics without their leadership (readers outside the event thread must wait).
   */
  isReadyToServe(): boolean {
    return this.isActive() && this.failover.readyToServe;
  }

  get activeController(): number {
    return this.failover.activeControllerId;
  }

  get epoch(): number {
    return this.context.epoch;
  }

  get state(): string {
    return this.eventManager.state;
  }

  /** Nothing to process and no request that would be answered without the clock or a link fault changing. */
  get isIdle(): boolean {
    return this.eventManager.isIdle && (this.channelManager?.progressingRequestCount ?? 0) === 0;
  }

  whenIdle(): Promise<void> {
    return this.eventManager.whenIdle();
  }

  put(event: ControllerEvent): void {
    this.eventManager.put(event);
  }

  channel(): ControllerChannelManager {
    if (!this.channelManager) {
      this.channelManager = new ControllerChannelManager(
        this.time,
        this.deps.resolveBroker,
        this.deps.faults,
        (e) => this.deps.onChannelEvent?.(e),
        this.deps.executor,
      );
    }
    return this.channelManager;
  }

  // ---- API entry points (KafkaApis calls these on the controller's broker) ----

  electLeaders(
    partitions: TopicPartition[],
    electionType: ElectionType,
  ): Promise<PartitionOutcome[] | { errorCode: number; message: string }> {
    return new Promise((resolve) =>
      this.put({ type: 'ReplicaLeaderElection', partitions, electionType, trigger: 'AdminClientTriggered', callback: resolve }),
    );
  }

  alterPartitionReassignments(
    reassignments: Array<{ partition: TopicPartition; replicas: number[] | null }>,
  ): Promise<PartitionOutcome[] | { errorCode: number; message: string }> {
    return new Promise((resolve) => this.put({ type: 'ApiPartitionReassignment', reassignments, callback: resolve }));
  }

  listPartitionReassignments(partitions: TopicPartition[] | null): Promise<ListReassignmentsResult> {
    return new Promise((resolve) => this.put({ type: 'ListPartitionReassignments', partitions, callback: resolve }));
  }

  /** `enableTopicUncleanLeaderElection`: the topic config handler's call, queued only while this controller is active. */
  enableTopicUncleanLeaderElection(topic: string): void {
    if (this.isActive()) this.put({ type: 'TopicUncleanLeaderElectionEnable', topic });
  }

  controlledShutdown(brokerId: number, brokerEpoch: number): Promise<{ errorCode: number; partitionsRemaining: TopicPartition[] }> {
    return new Promise((resolve) => this.put({ type: 'ControlledShutdown', brokerId, brokerEpoch, callback: resolve }));
  }

  // ---- shared with the handlers ----

  sendUpdateMetadataRequest(brokers: Iterable<number>, partitions: Iterable<TopicPartition>): void {
    this.batch.newBatch();
    this.batch.addUpdateMetadataRequestForBrokers(brokers, partitions);
    this.batch.sendRequestsToBrokers(this.context.epoch);
  }

  registerPartitionModificationsHandlers(topics: Iterable<string>): void {
    this.modificationHandlers.registerPartitionModificationsHandlers(topics);
  }

  unregisterPartitionModificationsHandlers(topics: Iterable<string>): void {
    this.modificationHandlers.unregisterPartitionModificationsHandlers(topics);
  }

  registerBrokerModificationsHandlers(brokerIds: Iterable<number>): void {
    this.modificationHandlers.registerBrokerModificationsHandlers(brokerIds);
  }

  unregisterBrokerModificationsHandlers(brokerIds: Iterable<number>): void {
    this.modificationHandlers.unregisterBrokerModificationsHandlers(brokerIds);
  }

  // ---- event processing ----

  private preempt(event: ControllerEvent): void {
    const notController = { errorCode: Errors.NOT_CONTROLLER.code, message: 'This is not the correct controller for this cluster.' };
    if (event.type === 'ReplicaLeaderElection')
      event.callback?.(
        event.partitions?.map((partition) => ({ partition, errorCode: Errors.NOT_CONTROLLER.code, message: null })) ?? notController,
      );
    else if (event.type === 'ControlledShutdown') event.callback({ errorCode: Errors.NOT_CONTROLLER.code, partitionsRemaining: [] });
    else if (event.type === 'ApiPartitionReassignment') event.callback(notController);
    else if (event.type === 'ListPartitionReassignments') event.callback(notController);
  }

  private async process(event: ControllerEvent): Promise<void> {
    try {
      await this.dispatch(event);
    } catch (e) {
      if (e instanceof ControllerMovedError) {
        this.log.info(`Controller moved to another broker when processing ${event.type}.`);
        await this.failover.maybeResign();
      } else {
        this.log.error(`Error processing event ${event.type}`, e);
      }
      this.preempt(event);
    } finally {
      this.metrics.update();
    }
  }

  private async dispatch(event: ControllerEvent): Promise<void> {
    switch (event.type) {
      case 'Startup':
        await this.failover.processStartup();
        return;
      case 'ControllerChange':
        await this.failover.maybeResign();
        return;
      case 'Reelect':
        await this.failover.processReelect();
        return;
      case 'Expire':
        this.failover.processExpire();
        return;
      case 'RegisterBrokerAndReelect':
        await this.failover.processRegisterBrokerAndReelect();
        return;
      case 'ShutdownEventThread':
        return;
      case 'BrokerChange':
        await this.brokers.processBrokerChange();
        return;
      case 'BrokerModifications':
        await this.brokers.processBrokerModification(event.brokerId);
        return;
      case 'TopicChange':
        await this.topics.processTopicChange();
        return;
      case 'PartitionModifications':
        await this.topics.processPartitionModifications(event.topic);
        return;
      case 'TopicDeletion':
        await this.topics.processTopicDeletion();
        return;
      case 'TopicDeletionStopReplicaResponseReceived':
        await this.topics.processTopicDeletionStopReplicaResponseReceived(event.replicaId, event.response);
        return;
      case 'ZkPartitionReassignment':
        await this.reassignments.processZkPartitionReassignment();
        return;
      case 'ApiPartitionReassignment':
        event.callback(await this.reassignments.processApiPartitionReassignment(event.reassignments));
        return;
      case 'PartitionReassignmentIsrChange':
        await this.reassignments.processPartitionReassignmentIsrChange(event.partition);
        return;
      case 'ListPartitionReassignments':
        event.callback(this.reassignments.processListPartitionReassignments(event.partitions));
        return;
      case 'AutoPreferredReplicaLeaderElection':
        await this.elections.processAutoPreferredReplicaLeaderElection();
        return;
      case 'ReplicaLeaderElection': {
        const result = await this.elections.processReplicaLeaderElection(event.partitions, event.electionType, event.trigger);
        if (result !== null) event.callback?.(result);
        return;
      }
      case 'ControlledShutdown':
        event.callback(await this.brokers.processControlledShutdown(event.brokerId, event.brokerEpoch));
        return;
      case 'IsrChangeNotification':
        await this.topics.processIsrChangeNotification();
        return;
      case 'LeaderAndIsrResponseReceived':
        await this.brokers.processLeaderAndIsrResponseReceived(event.brokerId, event.response);
        return;
      case 'LogDirEventNotification':
        await this.brokers.processLogDirEventNotification();
        return;
      case 'UpdateMetadataResponseReceived':
        if (event.errorCode !== 0)
          this.stateChangeLog.error(`Received error ${event.errorCode} in UpdateMetadata response from broker ${event.brokerId}`);
        return;
      case 'TopicUncleanLeaderElectionEnable':
        if (!this.isActive()) return;
        this.log.info(`Unclean leader election has been enabled for topic ${event.topic}`);
        await this.partitionStateMachine.triggerOnlinePartitionStateChange(event.topic);
        return;
      case 'UncleanLeaderElectionEnable':
        if (!this.isActive()) return;
        this.log.info('Unclean leader election has been enabled by default');
        await this.partitionStateMachine.triggerOnlinePartitionStateChange();
        return;
    }
  }
}
