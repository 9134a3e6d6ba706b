import { Errors } from '../common/kafka-errors';
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import type { LeaderAndIsrResponse } from './broker-requests';
import type { ControllerCore } from './controller-core';
import { CONTROLLED_SHUTDOWN } from './partition-leader-election';
import type { PartitionAndReplica } from './replica-states';
import type { PartitionReassignments } from './partition-reassignments';
import { targetReplicas } from './replica-assignment';

/**
 * Brokers joining, leaving and changing (KafkaController's processBrokerChange, onBrokerStartup,
 * onBrokerFailure, onReplicasBecomeOffline, controlled shutdown, log dir failures).
 */
export class BrokerMembership {
  constructor(
    private readonly controller: ControllerCore,
    private readonly reassignments: PartitionReassignments,
  ) {}

  async processBrokerChange(): Promise<void> {
    if (!this.controller.isActive()) return;
    const ctx = this.controller.context;
    const current = await this.controller.zk.getAllBrokersInCluster();
    const currentIds = new Set(current.map((b) => b.id));
    const known = ctx.liveOrShuttingDownBrokerIds;
    const newBrokers = current.filter((b) => !known.has(b.id));
    const deadIds = [...known].filter((id) => !currentIds.has(id)).sort((a, b) => a - b);
    const bounced = current.filter((b) => known.has(b.id) && b.epoch > (ctx.liveBrokerEpoch(b.id) ?? -1));
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    const newIds = sorted(newBrokers.map((b) => b.id));
    const bouncedIds = sorted(bounced.map((b) => b.id));
    this.controller.log.info(
      `Newly added brokers: ${newIds.join(',')}, deleted brokers: ${deadIds.join(',')}, bounced brokers: ${bouncedIds.join(',')}, all live brokers: ${sorted([...currentIds]).join(',')}`,
    );
    const channel = this.controller.channel();
    for (const id of newIds) channel.addBroker(id);
    for (const id of bouncedIds) channel.removeBroker(id);
    for (const id of bouncedIds) channel.addBroker(id);
    for (const id of deadIds) channel.removeBroker(id);
    if (newIds.length > 0) {
      ctx.addLiveBrokers(newBrokers);
      await this.onBrokerStartup(newIds);
    }
    if (bouncedIds.length > 0) {
      ctx.removeLiveBrokers(bouncedIds);
      await this.onBrokerFailure(bouncedIds);
      ctx.addLiveBrokers(bounced);
      await this.onBrokerStartup(bouncedIds);
    }
    if (deadIds.length > 0) {
      ctx.removeLiveBrokers(deadIds);
      await this.onBrokerFailure(deadIds);
    }
    if (newIds.length > 0 || deadIds.length > 0 || bouncedIds.length > 0) {
      this.controller.log.info(`Updated broker epochs cache: ${brokerEpochsText(ctx.liveOrShuttingDownBrokers)}`);
    }
  }

  async processBrokerModification(brokerId: number): Promise<void> {
    if (!this.controller.isActive()) return;
    const fresh = await this.controller.zk.getBroker(brokerId);
    const old = this.controller.context.liveOrShuttingDownBroker(brokerId);
    if (!fresh || !old) return;
    if (JSON.stringify(fresh.endpoints) !== JSON.stringify(old.endpoints)) {
      this.controller.log.info(`Updated broker metadata: ${JSON.stringify(old.endpoints)} -> ${JSON.stringify(fresh.endpoints)}`);
      this.controller.context.updateBrokerMetadata({ ...fresh, epoch: old.epoch });
      this.controller.log.info(`Broker info update callback for ${brokerId}`);
      this.controller.sendUpdateMetadataRequest(this.controller.context.liveOrShuttingDownBrokerIds, []);
    }
  }

  async onBrokerStartup(newBrokers: number[]): Promise<void> {
    const ctx = this.controller.context;
    this.controller.log.info(`New broker startup callback for ${newBrokers.join(',')}`);
    for (const id of newBrokers) ctx.replicasOnOfflineDirs.delete(id);
    const newSet = new Set(newBrokers);
    const existing = [...ctx.liveOrShuttingDownBrokerIds].filter((id) => !newSet.has(id));
    // Existing brokers learn about the new ones; the new ones get every partition's state.
    this.controller.sendUpdateMetadataRequest(existing, []);
    this.controller.sendUpdateMetadataRequest(newBrokers, [...ctx.partitionLeadershipInfo.keys()]);
    const replicasOnNewBrokers = ctx.replicasOnBrokers(newSet);
    await this.controller.replicaStateMachine.handleStateChanges(replicasOnNewBrokers, 'OnlineReplica');
    await this.controller.partitionStateMachine.triggerOnlinePartitionStateChange();
    await this.reassignments.maybeResumeReassignments((_, assignment) => targetReplicas(assignment).some((r) => newSet.has(r)));
    const forDeletion = replicasOnNewBrokers.filter((r) => this.controller.topicDeletionManager.isTopicQueuedUpForDeletion(r.topic));
    if (forDeletion.length > 0) {
      this.controller.log.info(
        `Some replicas ${forDeletion.map(formatReplica).join(',')} for topics scheduled for deletion ${[...ctx.topicsToBeDeleted].join(',')} are on the newly restarted brokers ${newBrokers.join(',')}. Signaling restart of topic deletion for these topics`,
      );
      await this.controller.topicDeletionManager.resumeDeletionForTopics(new Set(forDeletion.map((r) => r.topic)));
    }
    this.controller.registerBrokerModificationsHandlers(newBrokers);
  }

  async onBrokerFailure(deadBrokers: number[]): Promise<void> {
    const ctx = this.controller.context;
    this.controller.log.info(`Broker failure callback for ${deadBrokers.join(',')}`);
    for (const id of deadBrokers) ctx.replicasOnOfflineDirs.delete(id);
    const wereShuttingDown = deadBrokers.filter((id) => ctx.shuttingDownBrokerIds.delete(id));
    if (wereShuttingDown.length > 0) this.controller.log.info(`Removed ${wereShuttingDown.join(',')} from list of shutting down brokers.`);
    await this.onReplicasBecomeOffline(ctx.replicasOnBrokers(new Set(deadBrokers)));
    this.controller.unregisterBrokerModificationsHandlers(deadBrokers);
  }

  async onReplicasBecomeOffline(newOfflineReplicas: PartitionAndReplica[]): Promise<void> {
    const ctx = this.controller.context;
    const tdm = this.controller.topicDeletionManager;
    const forDeletion = newOfflineReplicas.filter((r) => tdm.isTopicQueuedUpForDeletion(r.topic));
    const notForDeletion = newOfflineReplicas.filter((r) => !tdm.isTopicQueuedUpForDeletion(r.topic));
    const withoutLeader = [...ctx.partitionLeadershipInfo]
      .filter(([p, l]) => !ctx.isReplicaOnline(l.leaderAndIsr.leader, p) && !tdm.isTopicQueuedUpForDeletion(p.topic))
      .map(([p]) => p);
    await this.controller.partitionStateMachine.handleStateChanges(withoutLeader, 'OfflinePartition');
    await this.controller.partitionStateMachine.triggerOnlinePartitionStateChange();
    await this.controller.replicaStateMachine.handleStateChanges(notForDeletion, 'OfflineReplica');
    if (forDeletion.length > 0) await tdm.failReplicaDeletion(forDeletion);
    // Without a leader change the brokers would not hear of the offline replicas otherwise.
    if (withoutLeader.length === 0) this.controller.sendUpdateMetadataRequest(ctx.liveOrShuttingDownBrokerIds, []);
  }

  /** Returns the partitions (RF > 1) the broker still leads, or an error code (Kafka's `KafkaController.processControlledShutdown` / `doControlledShutdown`). */
  async processControlledShutdown(id: number, brokerEpoch: number): Promise<{ errorCode: number; partitionsRemaining: TopicPartition[] }> {
    const ctx = this.controller.context;
    if (!this.controller.isActive()) return { errorCode: Errors.NOT_CONTROLLER.code, partitionsRemaining: [] };
    if (brokerEpoch !== -1) {
      const cached = ctx.liveBrokerEpoch(id);
      if (cached !== undefined && brokerEpoch < cached) {
        this.controller.log.info(
          `Received controlled shutdown request from an old broker epoch ${brokerEpoch} for broker ${id}. Current broker epoch is ${cached}.`,
        );
        return { errorCode: Errors.STALE_BROKER_EPOCH.code, partitionsRemaining: [] };
      }
    }
    this.controller.log.info(`Shutting down broker ${id}`);
    if (!ctx.isLiveOrShuttingDown(id)) return { errorCode: Errors.BROKER_NOT_AVAILABLE.code, partitionsRemaining: [] };
    ctx.shuttingDownBrokerIds.add(id);
    this.controller.log.debug(`All shutting down brokers: ${[...ctx.shuttingDownBrokerIds].join(',')}`);
    this.controller.log.debug(`Live brokers: ${[...ctx.liveBrokerIds].join(',')}`);
    const tdm = this.controller.topicDeletionManager;
    const toActOn = ctx
      .partitionsOnBroker(id)
      .filter(
        (p) =>
          ctx.partitionReplicaAssignment(p).length > 1 && ctx.partitionLeadershipInfo.has(p) && !tdm.isTopicQueuedUpForDeletion(p.topic),
      );
    const led = toActOn.filter((p) => ctx.partitionLeadershipInfo.get(p)?.leaderAndIsr.leader === id);
    const followed = toActOn.filter((p) => ctx.partitionLeadershipInfo.get(p)?.leaderAndIsr.leader !== id);
    await this.controller.partitionStateMachine.handleStateChanges(led, 'OnlinePartition', CONTROLLED_SHUTDOWN);
    this.controller.batch.newBatch();
    for (const p of followed) this.controller.batch.addStopReplicaRequestForBrokers([id], p, false);
    this.controller.batch.sendRequestsToBrokers(ctx.epoch);
    await this.controller.replicaStateMachine.handleStateChanges(
      followed.map((p) => ({ ...p, replica: id })),
      'OfflineReplica',
    );
    const remaining = [...ctx.partitionLeadershipInfo]
      .filter(
        ([p, l]) =>
          !tdm.isTopicQueuedUpForDeletion(p.topic) && l.leaderAndIsr.leader === id && ctx.partitionReplicaAssignment(p).length > 1,
      )
      .map(([p]) => p);
    return { errorCode: Errors.NONE.code, partitionsRemaining: remaining };
  }

  async processLeaderAndIsrResponseReceived(brokerId: number, response: LeaderAndIsrResponse): Promise<void> {
    if (!this.controller.isActive()) return;
    const ctx = this.controller.context;
    if (response.errorCode !== Errors.NONE.code) {
      this.controller.stateChangeLog.error(`Received error ${response.errorCode} in LeaderAndIsr response from broker ${brokerId}`);
      return;
    }
    const previous = ctx.replicasOnOfflineDirs.get(brokerId) ?? new Set<string>();
    const current = new Set(previous);
    const byKey = new Map<string, TopicPartition>();
    for (const e of response.partitionErrors) {
      const p = { topic: e.topicName, partition: e.partitionIndex };
      byKey.set(tpKey(p), p);
      if (e.errorCode === Errors.KAFKA_STORAGE_ERROR.code) current.add(tpKey(p));
      else if (e.errorCode === Errors.NONE.code) current.delete(tpKey(p));
    }
    ctx.replicasOnOfflineDirs.set(brokerId, current);
    const newOffline = [...current].filter((k) => !previous.has(k));
    if (newOffline.length > 0) {
      this.controller.stateChangeLog.info(`Mark replicas ${newOffline.join(',')} on broker ${brokerId} as offline`);
      await this.onReplicasBecomeOffline(newOffline.map((k) => ({ ...(byKey.get(k) as TopicPartition), replica: brokerId })));
    }
  }

  async processLogDirEventNotification(): Promise<void> {
    if (!this.controller.isActive()) return;
    const sequenceNumbers = await this.controller.zk.getAllLogDirEventNotifications();
    try {
      const brokerIds = await this.controller.zk.getBrokerIdsFromLogDirEvents(sequenceNumbers);
      this.controller.log.info(`Handling log directory failure for brokers ${brokerIds.join(',')}`);
      // LeaderAndIsr to every replica on those brokers; their answers say which replicas are offline.
      await this.controller.replicaStateMachine.handleStateChanges(
        this.controller.context.replicasOnBrokers(new Set(brokerIds)),
        'OnlineReplica',
      );
    } finally {
      await this.controller.zk.deleteLogDirEventNotifications(sequenceNumbers, this.controller.context.epochZkVersion);
    }
  }
}

function brokerEpochsText(brokers: Array<{ id: number; epoch: number }>): string {
  return `Map(${brokers.map((b) => `${b.id} -> ${b.epoch}`).join(', ')})`;
}

export function formatReplica(r: PartitionAndReplica): string {
  return `[Topic=${r.topic},Partition=${r.partition},Replica=${r.replica}]`;
}
