import type { ControllerCore } from './controller-core';
import { KAFKA_ERRORS_PACKAGE, throwableToString } from '../common/throwable';
import { ControllerMovedError } from './controller-errors';
import type { ControllerEvent } from './controller-events';
import type { ZNodeChangeHandler } from '../kafka-zk/kafka-zookeeper-client';
import type { LeaderElections } from './leader-elections';
import { PREFERRED_REPLICA_ELECTION_PATH } from './leader-elections';
import type { ModificationHandlers } from './modification-handlers';
import type { PartitionReassignments } from './partition-reassignments';
import { REASSIGN_PARTITIONS_PATH } from './partition-reassignments';

const CONTROLLER_PATH = '/controller';

export interface ControllerFailoverParts {
  readonly elections: LeaderElections;
  readonly reassignments: PartitionReassignments;
  readonly modificationHandlers: ModificationHandlers;
  /** The channel to every broker goes with the controllership. */
  closeChannel(): void;
  /** Re-registers this broker's znode after its ZooKeeper session was re-established. */
  registerBroker?: () => Promise<number>;
}

/**
 * Who is the controller (KafkaController's `elect`, `maybeResign`, `triggerControllerMove` and the
 * events that call them), and becoming or ceasing to be it (`onControllerFailover`, in Kafka's
 * order, and `onControllerResignation`).
 */
export class ControllerFailover {
  /** The broker `/controller` names, −1 when none is known. */
  activeControllerId = -1;
  /** Set once `onControllerFailover` has started the state machines; cleared on resignation. */
  readyToServe = false;
  private readonly controllerChangeHandler: ZNodeChangeHandler;

  constructor(
    private readonly controller: ControllerCore,
    private readonly parts: ControllerFailoverParts,
  ) {
    this.controllerChangeHandler = {
      path: CONTROLLER_PATH,
      handleCreation: () => controller.put({ type: 'ControllerChange' }),
      handleDeletion: () => controller.put({ type: 'Reelect' }),
      handleDataChange: () => controller.put({ type: 'ControllerChange' }),
    };
  }

  async processStartup(): Promise<void> {
    await this.controller.zk.registerZNodeChangeHandlerAndCheckExistence(this.controllerChangeHandler);
    await this.elect();
  }

  async processReelect(): Promise<void> {
    await this.maybeResign();
    await this.elect();
  }

  processExpire(): void {
    this.activeControllerId = -1;
    this.onControllerResignation();
  }

  async processRegisterBrokerAndReelect(): Promise<void> {
    await this.parts.registerBroker?.();
    await this.maybeResign();
    await this.elect();
  }

  private async elect(): Promise<void> {
    const c = this.controller;
    this.activeControllerId = (await c.zk.getControllerId()) ?? -1;
    if (this.activeControllerId !== -1) {
      c.log.debug(`Broker ${this.activeControllerId} has been elected as the controller, so stopping the election process.`);
      return;
    }
    try {
      const { epoch, epochZkVersion } = await c.zk.registerControllerAndIncrementControllerEpoch(c.config.brokerId, c.time.nowMs());
      c.context.epoch = epoch;
      c.context.epochZkVersion = epochZkVersion;
      this.activeControllerId = c.config.brokerId;
      c.log.info(
        `${c.config.brokerId} successfully elected as the controller. Epoch incremented to ${epoch} and epoch zk version is now ${epochZkVersion}`,
      );
      await this.onControllerFailover();
    } catch (e) {
      if (e instanceof ControllerMovedError) {
        await this.maybeResign();
        if (this.activeControllerId !== -1)
          c.log.debug(`Broker ${this.activeControllerId} was elected as controller instead of broker ${c.config.brokerId}: ${e.message}`);
        else c.log.warn('A controller has been elected but just resigned, this will result in another round of election');
      } else {
        c.log.error(
          `Error while electing or becoming controller on broker ${c.config.brokerId}. Trigger controller movement immediately: ${throwableToString(e, KAFKA_ERRORS_PACKAGE)}`,
        );
        await this.triggerControllerMove();
      }
    }
  }

  async maybeResign(): Promise<void> {
    const wasActive = this.controller.isActive();
    await this.controller.zk.registerZNodeChangeHandlerAndCheckExistence(this.controllerChangeHandler);
    this.activeControllerId = (await this.controller.zk.getControllerId()) ?? -1;
    if (wasActive && !this.controller.isActive()) this.onControllerResignation();
  }

  private async triggerControllerMove(): Promise<void> {
    const c = this.controller;
    this.activeControllerId = (await c.zk.getControllerId()) ?? -1;
    if (!c.isActive()) {
      c.log.warn('Controller has already moved when trying to trigger controller movement');
      return;
    }
    const expected = c.context.epochZkVersion;
    this.activeControllerId = -1;
    this.onControllerResignation();
    await c.zk.deleteController(expected);
  }

  /** `onControllerFailover`, in Kafka's order. */
  private async onControllerFailover(): Promise<void> {
    const c = this.controller;
    this.readyToServe = false;
    const { elections, reassignments } = this.parts;
    const ctx = c.context;
    c.log.info('Registering handlers');
    const child = (path: string, event: ControllerEvent) =>
      c.zk.registerZNodeChildChangeHandler({ path, handleChildChange: () => c.put(event) });
    child('/brokers/ids', { type: 'BrokerChange' });
    child('/brokers/topics', { type: 'TopicChange' });
    child('/admin/delete_topics', { type: 'TopicDeletion' });
    child('/log_dir_event_notification', { type: 'LogDirEventNotification' });
    child('/isr_change_notification', { type: 'IsrChangeNotification' });
    await c.zk.registerZNodeChangeHandlerAndCheckExistence(elections.zkHandler);
    await c.zk.registerZNodeChangeHandlerAndCheckExistence(reassignments.zkHandler);

    c.log.info('Deleting log dir event notifications');
    await c.zk.deleteLogDirEventNotifications(null, ctx.epochZkVersion);
    c.log.info('Deleting isr change notifications');
    await c.zk.deleteIsrChangeNotifications(null, ctx.epochZkVersion);
    c.log.info('Initializing controller context');
    await this.initializeControllerContext();
    c.log.info('Fetching topic deletions in progress');
    const topicsToBeDeleted = new Set(await c.zk.getTopicDeletions());
    const withOfflineReplicas = [...ctx.allTopics].filter((t) => ctx.replicasForTopic(t).some((r) => !ctx.isReplicaOnline(r.replica, r)));
    const reassigning = [...ctx.partitionsBeingReassigned.keys()].map((p) => p.topic);
    const ineligible = new Set([...withOfflineReplicas, ...reassigning]);
    c.log.info(`List of topics to be deleted: ${[...topicsToBeDeleted].join(',')}`);
    c.log.info(`List of topics ineligible for deletion: ${[...ineligible].join(',')}`);
    c.log.info('Initializing topic deletion manager');
    await c.topicDeletionManager.init(topicsToBeDeleted, ineligible);

    c.log.info('Sending update metadata request');
    c.sendUpdateMetadataRequest(ctx.liveOrShuttingDownBrokerIds, []);
    await c.replicaStateMachine.startup();
    await c.partitionStateMachine.startup();
    c.log.info(`Ready to serve as the new controller with epoch ${ctx.epoch}`);
    this.readyToServe = true;

    await reassignments.initializePartitionReassignments();
    await c.topicDeletionManager.tryTopicDeletion();
    const pending = await elections.fetchPendingPreferredReplicaElections();
    await elections.onReplicaElection(pending, 'PREFERRED', 'ZkTriggered');
    c.log.info('Starting the controller scheduler');
    if (c.config.autoLeaderRebalanceEnable) elections.scheduleAutoLeaderRebalanceTask(5000);
  }

  private async initializeControllerContext(): Promise<void> {
    const c = this.controller;
    const ctx = c.context;
    ctx.setLiveBrokers(await c.zk.getAllBrokersInCluster());
    c.log.info(`Initialized broker epochs cache: Map(${ctx.liveOrShuttingDownBrokers.map((b) => `${b.id} -> ${b.epoch}`).join(', ')})`);
    const topics = await c.zk.getAllTopicsInCluster(true);
    ctx.allTopics.clear();
    for (const t of topics) ctx.allTopics.add(t);
    c.registerPartitionModificationsHandlers(topics);
    for (const [topic, partitions] of await c.zk.getFullReplicaAssignmentForTopics(topics)) {
      for (const [partition, assignment] of partitions) {
        ctx.updatePartitionFullReplicaAssignment({ topic, partition }, assignment);
        if (assignment.addingReplicas.length > 0 || assignment.removingReplicas.length > 0)
          ctx.partitionsBeingReassigned.set({ topic, partition }, true);
      }
    }
    ctx.partitionLeadershipInfo.clear();
    ctx.shuttingDownBrokerIds.clear();
    c.registerBrokerModificationsHandlers(ctx.liveOrShuttingDownBrokerIds);
    for (const { partition, read } of await c.zk.getTopicPartitionStates(ctx.allPartitions())) {
      if (read.kind === 'ok') ctx.partitionLeadershipInfo.set(partition, read.value);
    }
    c.channel().startup(ctx.liveOrShuttingDownBrokerIds);
    c.log.info(`Currently active brokers in the cluster: Set(${[...ctx.liveBrokerIds].join(', ')})`);
    c.log.info(`Currently shutting brokers in the cluster: Set(${[...ctx.shuttingDownBrokerIds].join(', ')})`);
    c.log.info(`Current list of topics in the cluster: Set(${[...ctx.allTopics].join(', ')})`);
  }

  onControllerResignation(): void {
    const c = this.controller;
    this.readyToServe = false;
    const { elections, reassignments, modificationHandlers } = this.parts;
    c.log.debug('Resigning');
    c.zk.unregisterZNodeChildChangeHandler('/isr_change_notification');
    c.zk.unregisterZNodeChangeHandler(REASSIGN_PARTITIONS_PATH);
    c.zk.unregisterZNodeChangeHandler(PREFERRED_REPLICA_ELECTION_PATH);
    c.zk.unregisterZNodeChildChangeHandler('/log_dir_event_notification');
    modificationHandlers.unregisterAllBrokerModificationsHandlers();
    elections.cancelAutoLeaderRebalanceTask();
    reassignments.unregisterIsrChangeHandlers();
    c.partitionStateMachine.shutdown();
    c.zk.unregisterZNodeChildChangeHandler('/brokers/topics');
    modificationHandlers.unregisterAllPartitionModificationsHandlers();
    c.zk.unregisterZNodeChildChangeHandler('/admin/delete_topics');
    c.replicaStateMachine.shutdown();
    c.zk.unregisterZNodeChildChangeHandler('/brokers/ids');
    this.parts.closeChannel();
    c.context.reset();
    c.log.info('Resigned');
  }
}
