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
import type { ControllerCore, ControllerLogger } from './controller-core';
import { ControllerMovedError, describeError } from './controller-errors';
import { ControllerEventManager } from './controller-event-manager';
import type { EventManagerNotice } from './controller-event-manager';
import type { ControllerEvent, ElectionType, ListReassignmentsResult, PartitionOutcome } from './controller-events';
import { ControllerRequestBatch } from './controller-request-batch';
import type { ControllerZkClient, ZNodeChangeHandler } from './controller-zk-client';
import { Errors } from '../common/kafka-errors';
import { LeaderElections, PREFERRED_REPLICA_ELECTION_PATH } from './leader-elections';
import { PartitionReassignments, REASSIGN_PARTITIONS_PATH } from './partition-reassignments';
import { PartitionStateMachine } from './partition-state-machine';
import { ReplicaStateMachine } from './replica-state-machine';
import type { StateChangeLine } from './state-change-logger';
import { StateChangeLogger } from './state-change-logger';
import { TopicChanges } from './topic-changes';
import { TopicDeletionManager } from './topic-deletion-manager';

export type ControllerLogLine = { file: 'controller.log' | 'state-change.log'; level: 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR'; message: string };

export interface KafkaControllerDeps {
  config: ControllerConfig;
  time: Time;
  zk: ControllerZkClient;
  resolveBroker: BrokerResolver;
  faults: ChannelFaults;
  /** Lines for controller.log and state-change.log. */
  log: (line: ControllerLogLine) => void;
  /** Events taken and finished, requests sent and answered. */
  onEventManagerNotice?: (notice: EventManagerNotice) => void;
  onChannelEvent?: (event: ChannelEvent) => void;
  /** Re-registers this broker's znode after its ZooKeeper session was re-established (returns the new broker epoch). */
  registerBroker?: () => Promise<number>;
  /** Where long loops pause and requests are handed over (default: the microtask queue). */
  executor?: Executor;
}

/** Partitions or replicas handled by a state machine between two pauses. */
const STATE_CHANGES_PER_SLICE = 500;

const CONTROLLER_PATH = '/controller';

/** Kafka's `StateChangeHandlers.ControllerHandler`. */
const CONTROLLER_STATE_CHANGE_HANDLER = 'controller-state-change-handler';

/**
 * Kafka 2.5's `KafkaController` (ZooKeeper mode): the controller module every broker runs.
 * One broker wins the `/controller` election and then drives the cluster from its event queue;
 * the others only watch `/controller`. Reference §2; handlers are split by subject into
 * broker-membership.ts, topic-changes.ts, partition-reassignments.ts and leader-elections.ts.
 */
export class KafkaController implements ControllerCore {
  readonly context = new ControllerContext();
  readonly config: ControllerConfig;
  readonly time: Time;
  readonly zk: ControllerZkClient;
  readonly log: ControllerLogger;
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
  private channelManager: ControllerChannelManager | null = null;
  private activeControllerId = -1;
  private readonly partitionModificationsPaths = new Set<string>();
  private readonly brokerModificationsPaths = new Map<number, string>();
  private readonly controllerChangeHandler: ZNodeChangeHandler;

  constructor(private readonly deps: KafkaControllerDeps) {
    this.config = deps.config;
    this.time = deps.time;
    this.zk = deps.zk;
    const id = deps.config.brokerId;
    const line = (file: ControllerLogLine['file'], level: ControllerLogLine['level']) => (message: string) => deps.log({ file, level, message });
    this.log = {
      debug: (m) => line('controller.log', 'DEBUG')(`[Controller id=${id}] ${m}`),
      info: (m) => line('controller.log', 'INFO')(`[Controller id=${id}] ${m}`),
      warn: (m) => line('controller.log', 'WARN')(`[Controller id=${id}] ${m}`),
      error: (m) => line('controller.log', 'ERROR')(`[Controller id=${id}] ${m}`),
    };
    this.stateChangeLog = new StateChangeLogger(id, true, () => this.context.epoch, (l: StateChangeLine) => deps.log({ file: 'state-change.log', level: l.level, message: l.message }));
    this.batch = new ControllerRequestBatch(id, this.context, () => this.channel(), this.stateChangeLog, {
      leaderAndIsrResponse: (brokerId, response) => this.put({ type: 'LeaderAndIsrResponseReceived', brokerId, response }),
      stopReplicaDeleteResponse: (replicaId, response) => this.put({ type: 'TopicDeletionStopReplicaResponseReceived', replicaId, response }),
      updateMetadataResponse: (brokerId, response) => this.put({ type: 'UpdateMetadataResponseReceived', brokerId, errorCode: 'errorCode' in response ? response.errorCode : 0 }),
    });
    this.partitionStateMachine = new PartitionStateMachine(
      id,
      this.context,
      this.zk,
      this.batch,
      this.stateChangeLog,
      // Kafka only marks its UncleanLeaderElectionsPerSec meter here; nothing is logged.
      () => undefined,
      (m) => line('controller.log', 'INFO')(`[PartitionStateMachine controllerId=${id}] ${m}`),
      new Slicer(deps.executor ?? microtaskExecutor, STATE_CHANGES_PER_SLICE),
    );
    this.replicaStateMachine = new ReplicaStateMachine(
      id,
      this.context,
      this.zk,
      this.batch,
      this.stateChangeLog,
      (m) => line('controller.log', 'INFO')(`[ReplicaStateMachine controllerId=${id}] ${m}`),
      new Slicer(deps.executor ?? microtaskExecutor, STATE_CHANGES_PER_SLICE),
    );
    this.topicDeletionManager = new TopicDeletionManager(this.config.deleteTopicEnable, this.context, this.replicaStateMachine, this.partitionStateMachine, {
      deleteTopic: async (topic) => {
        await this.zk.deleteTopicZNode(topic, this.context.epochZkVersion);
        await this.zk.deleteTopicConfigs([topic], this.context.epochZkVersion);
        await this.zk.deleteTopicDeletions([topic], this.context.epochZkVersion);
      },
      deleteTopicDeletions: (topics) => this.zk.deleteTopicDeletions(topics, this.context.epochZkVersion),
      mutePartitionModifications: (topic) => this.unregisterPartitionModificationsHandlers([topic]),
      sendMetadataUpdate: (partitions) => this.sendUpdateMetadataRequest(this.context.liveOrShuttingDownBrokerIds, partitions),
      log: (level, message) => (level === 'INFO' ? line('controller.log', 'INFO')(`[Topic Deletion Manager ${id}] ${message}`) : line('controller.log', 'DEBUG')(`[Topic Deletion Manager ${id}] ${message}`)),
    });
    this.reassignments = new PartitionReassignments(this, { path: REASSIGN_PARTITIONS_PATH, handleCreation: () => this.put({ type: 'ZkPartitionReassignment' }) });
    this.elections = new LeaderElections(this, {
      path: PREFERRED_REPLICA_ELECTION_PATH,
      handleCreation: () => this.put({ type: 'ReplicaLeaderElection', partitions: null, electionType: 'PREFERRED', trigger: 'ZkTriggered' }),
    });
    this.brokers = new BrokerMembership(this, this.reassignments);
    this.topics = new TopicChanges(this);
    this.controllerChangeHandler = {
      path: CONTROLLER_PATH,
      handleCreation: () => this.put({ type: 'ControllerChange' }),
      handleDeletion: () => this.put({ type: 'Reelect' }),
      handleDataChange: () => this.put({ type: 'ControllerChange' }),
    };
    this.eventManager = new ControllerEventManager(
      (event) => this.process(event),
      (event) => this.preempt(event),
      (notice) => deps.onEventManagerNotice?.(notice),
    );
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
    this.onControllerResignation();
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
    return this.activeControllerId === this.config.brokerId;
  }

  get activeController(): number {
    return this.activeControllerId;
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
      this.channelManager = new ControllerChannelManager(this.time, this.deps.resolveBroker, this.deps.faults, (e) => this.deps.onChannelEvent?.(e), this.deps.executor);
    }
    return this.channelManager;
  }

  // ---- API entry points (KafkaApis calls these on the controller's broker) ----

  electLeaders(partitions: TopicPartition[], electionType: ElectionType): Promise<PartitionOutcome[] | { errorCode: number; message: string }> {
    return new Promise((resolve) => this.put({ type: 'ReplicaLeaderElection', partitions, electionType, trigger: 'AdminClientTriggered', callback: resolve }));
  }

  alterPartitionReassignments(reassignments: Array<{ partition: TopicPartition; replicas: number[] | null }>): Promise<PartitionOutcome[] | { errorCode: number; message: string }> {
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
    for (const topic of topics) {
      const path = `/brokers/topics/${topic}`;
      this.zk.registerZNodeChangeHandler({ path, handleDataChange: () => this.put({ type: 'PartitionModifications', topic }) });
      this.partitionModificationsPaths.add(path);
    }
  }

  unregisterPartitionModificationsHandlers(topics: Iterable<string>): void {
    for (const topic of topics) {
      const path = `/brokers/topics/${topic}`;
      this.zk.unregisterZNodeChangeHandler(path);
      this.partitionModificationsPaths.delete(path);
    }
  }

  registerBrokerModificationsHandlers(brokerIds: Iterable<number>): void {
    for (const brokerId of brokerIds) {
      const path = `/brokers/ids/${brokerId}`;
      this.zk.registerZNodeChangeHandler({ path, handleDataChange: () => this.put({ type: 'BrokerModifications', brokerId }) });
      this.brokerModificationsPaths.set(brokerId, path);
      // The watch is armed by reading the node, as Kafka's getBroker does with a handler registered.
      void this.zk.getBroker(brokerId).catch(() => undefined);
    }
  }

  unregisterBrokerModificationsHandlers(brokerIds: Iterable<number>): void {
    for (const brokerId of brokerIds) {
      const path = this.brokerModificationsPaths.get(brokerId);
      if (path) this.zk.unregisterZNodeChangeHandler(path);
      this.brokerModificationsPaths.delete(brokerId);
    }
  }

  // ---- event processing ----

  private preempt(event: ControllerEvent): void {
    const notController = { errorCode: Errors.NOT_CONTROLLER.code, message: 'This is not the correct controller for this cluster.' };
    if (event.type === 'ReplicaLeaderElection') event.callback?.(event.partitions?.map((partition) => ({ partition, errorCode: Errors.NOT_CONTROLLER.code, message: null })) ?? notController);
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
        await this.maybeResign();
      } else {
        this.log.error(`Error processing event ${event.type}: ${describeError(e)}`);
      }
      this.preempt(event);
    }
  }

  private async dispatch(event: ControllerEvent): Promise<void> {
    switch (event.type) {
      case 'Startup':
        await this.zk.registerZNodeChangeHandlerAndCheckExistence(this.controllerChangeHandler);
        await this.elect();
        return;
      case 'ControllerChange':
        await this.maybeResign();
        return;
      case 'Reelect':
        await this.maybeResign();
        await this.elect();
        return;
      case 'Expire':
        this.activeControllerId = -1;
        this.onControllerResignation();
        return;
      case 'RegisterBrokerAndReelect':
        await this.deps.registerBroker?.();
        await this.maybeResign();
        await this.elect();
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
        if (event.errorCode !== 0) this.stateChangeLog.error(`Received error ${event.errorCode} in UpdateMetadata response from broker ${event.brokerId}`);
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

  // ---- election (reference §2.2) ----

  private async elect(): Promise<void> {
    this.activeControllerId = (await this.zk.getControllerId()) ?? -1;
    if (this.activeControllerId !== -1) {
      this.log.debug(`Broker ${this.activeControllerId} has been elected as the controller, so stopping the election process.`);
      return;
    }
    try {
      const { epoch, epochZkVersion } = await this.zk.registerControllerAndIncrementControllerEpoch(this.config.brokerId, this.time.nowMs());
      this.context.epoch = epoch;
      this.context.epochZkVersion = epochZkVersion;
      this.activeControllerId = this.config.brokerId;
      this.log.info(`${this.config.brokerId} successfully elected as the controller. Epoch incremented to ${epoch} and epoch zk version is now ${epochZkVersion}`);
      await this.onControllerFailover();
    } catch (e) {
      if (e instanceof ControllerMovedError) {
        await this.maybeResign();
        if (this.activeControllerId !== -1) this.log.debug(`Broker ${this.activeControllerId} was elected as controller instead of broker ${this.config.brokerId}: ${e.message}`);
        else this.log.warn('A controller has been elected but just resigned, this will result in another round of election');
      } else {
        this.log.error(`Error while electing or becoming controller on broker ${this.config.brokerId}. Trigger controller movement immediately: ${describeError(e)}`);
        await this.triggerControllerMove();
      }
    }
  }

  private async maybeResign(): Promise<void> {
    const wasActive = this.isActive();
    await this.zk.registerZNodeChangeHandlerAndCheckExistence(this.controllerChangeHandler);
    this.activeControllerId = (await this.zk.getControllerId()) ?? -1;
    if (wasActive && !this.isActive()) this.onControllerResignation();
  }

  private async triggerControllerMove(): Promise<void> {
    this.activeControllerId = (await this.zk.getControllerId()) ?? -1;
    if (!this.isActive()) {
      this.log.warn('Controller has already moved when trying to trigger controller movement');
      return;
    }
    const expected = this.context.epochZkVersion;
    this.activeControllerId = -1;
    this.onControllerResignation();
    await this.zk.deleteController(expected);
  }

  /** `onControllerFailover`, in Kafka's order (reference §2.3). */
  private async onControllerFailover(): Promise<void> {
    const ctx = this.context;
    this.log.info('Registering handlers');
    const child = (path: string, event: ControllerEvent) => this.zk.registerZNodeChildChangeHandler({ path, handleChildChange: () => this.put(event) });
    child('/brokers/ids', { type: 'BrokerChange' });
    child('/brokers/topics', { type: 'TopicChange' });
    child('/admin/delete_topics', { type: 'TopicDeletion' });
    child('/log_dir_event_notification', { type: 'LogDirEventNotification' });
    child('/isr_change_notification', { type: 'IsrChangeNotification' });
    await this.zk.registerZNodeChangeHandlerAndCheckExistence(this.elections.zkHandler);
    await this.zk.registerZNodeChangeHandlerAndCheckExistence(this.reassignments.zkHandler);

    this.log.info('Deleting log dir event notifications');
    await this.zk.deleteLogDirEventNotifications(null, ctx.epochZkVersion);
    this.log.info('Deleting isr change notifications');
    await this.zk.deleteIsrChangeNotifications(null, ctx.epochZkVersion);
    this.log.info('Initializing controller context');
    await this.initializeControllerContext();
    this.log.info('Fetching topic deletions in progress');
    const topicsToBeDeleted = new Set(await this.zk.getTopicDeletions());
    const withOfflineReplicas = [...ctx.allTopics].filter((t) => ctx.replicasForTopic(t).some((r) => !ctx.isReplicaOnline(r.replica, r)));
    const reassigning = [...ctx.partitionsBeingReassigned.keys()].map((p) => p.topic);
    const ineligible = new Set([...withOfflineReplicas, ...reassigning]);
    this.log.info(`List of topics to be deleted: ${[...topicsToBeDeleted].join(',')}`);
    this.log.info(`List of topics ineligible for deletion: ${[...ineligible].join(',')}`);
    this.log.info('Initializing topic deletion manager');
    await this.topicDeletionManager.init(topicsToBeDeleted, ineligible);

    this.log.info('Sending update metadata request');
    this.sendUpdateMetadataRequest(ctx.liveOrShuttingDownBrokerIds, []);
    await this.replicaStateMachine.startup();
    await this.partitionStateMachine.startup();
    this.log.info(`Ready to serve as the new controller with epoch ${ctx.epoch}`);

    await this.reassignments.initializePartitionReassignments();
    await this.topicDeletionManager.tryTopicDeletion();
    const pending = await this.elections.fetchPendingPreferredReplicaElections();
    await this.elections.onReplicaElection(pending, 'PREFERRED', 'ZkTriggered');
    this.log.info('Starting the controller scheduler');
    if (this.config.autoLeaderRebalanceEnable) this.elections.scheduleAutoLeaderRebalanceTask(5000);
  }

  private async initializeControllerContext(): Promise<void> {
    const ctx = this.context;
    ctx.setLiveBrokers(await this.zk.getAllBrokersInCluster());
    this.log.info(`Initialized broker epochs cache: Map(${ctx.liveOrShuttingDownBrokers.map((b) => `${b.id} -> ${b.epoch}`).join(', ')})`);
    const topics = await this.zk.getAllTopicsInCluster(true);
    ctx.allTopics.clear();
    for (const t of topics) ctx.allTopics.add(t);
    this.registerPartitionModificationsHandlers(topics);
    for (const [topic, partitions] of await this.zk.getFullReplicaAssignmentForTopics(topics)) {
      for (const [partition, assignment] of partitions) {
        ctx.updatePartitionFullReplicaAssignment({ topic, partition }, assignment);
        if (assignment.addingReplicas.length > 0 || assignment.removingReplicas.length > 0) ctx.partitionsBeingReassigned.set({ topic, partition }, true);
      }
    }
    ctx.partitionLeadershipInfo.clear();
    ctx.shuttingDownBrokerIds.clear();
    this.registerBrokerModificationsHandlers(ctx.liveOrShuttingDownBrokerIds);
    for (const { partition, read } of await this.zk.getTopicPartitionStates(ctx.allPartitions())) {
      if (read.kind === 'ok') ctx.partitionLeadershipInfo.set(partition, read.value);
    }
    this.channel().startup(ctx.liveOrShuttingDownBrokerIds);
    this.log.info(`Currently active brokers in the cluster: Set(${[...ctx.liveBrokerIds].join(', ')})`);
    this.log.info(`Currently shutting brokers in the cluster: Set(${[...ctx.shuttingDownBrokerIds].join(', ')})`);
    this.log.info(`Current list of topics in the cluster: Set(${[...ctx.allTopics].join(', ')})`);
  }

  private onControllerResignation(): void {
    this.log.debug('Resigning');
    this.zk.unregisterZNodeChildChangeHandler('/isr_change_notification');
    this.zk.unregisterZNodeChangeHandler(REASSIGN_PARTITIONS_PATH);
    this.zk.unregisterZNodeChangeHandler(PREFERRED_REPLICA_ELECTION_PATH);
    this.zk.unregisterZNodeChildChangeHandler('/log_dir_event_notification');
    this.unregisterBrokerModificationsHandlers([...this.brokerModificationsPaths.keys()]);
    this.elections.cancelAutoLeaderRebalanceTask();
    this.reassignments.unregisterIsrChangeHandlers();
    this.partitionStateMachine.shutdown();
    this.zk.unregisterZNodeChildChangeHandler('/brokers/topics');
    for (const path of [...this.partitionModificationsPaths]) this.zk.unregisterZNodeChangeHandler(path);
    this.partitionModificationsPaths.clear();
    this.zk.unregisterZNodeChildChangeHandler('/admin/delete_topics');
    this.replicaStateMachine.shutdown();
    this.zk.unregisterZNodeChildChangeHandler('/brokers/ids');
    this.channelManager?.shutdown();
    this.channelManager = null;
    this.context.reset();
    this.log.info('Resigned');
  }
}
