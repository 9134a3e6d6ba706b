import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import type { StopReplicaResponse } from './broker-requests';
import type { ControllerCore } from './controller-core';
import { Errors, errorForCode } from '../common/kafka-errors';
import { OFFLINE_CLEAN } from './partition-leader-election';
import type { ReplicaAssignment } from './replica-assignment';
import { formatAssignment } from './replica-assignment';

/** Topics appearing, growing and being deleted (TopicChange, PartitionModifications, TopicDeletion). */
export class TopicChanges {
  constructor(private readonly controller: ControllerCore) {}

  async processTopicChange(): Promise<void> {
    if (!this.controller.isActive()) return;
    const ctx = this.controller.context;
    const topics = new Set(await this.controller.zk.getAllTopicsInCluster(true));
    const newTopics = [...topics].filter((t) => !ctx.allTopics.has(t)).sort();
    const deletedTopics = [...ctx.allTopics].filter((t) => !topics.has(t)).sort();
    ctx.allTopics.clear();
    for (const t of topics) ctx.allTopics.add(t);
    this.controller.registerPartitionModificationsHandlers(newTopics);
    const added = await this.controller.zk.getFullReplicaAssignmentForTopics(newTopics);
    // A topic znode deleted by hand: the controller forgets it and tells no broker (their logs stay).
    for (const t of deletedTopics) ctx.removeTopic(t);
    const newPartitions: TopicPartition[] = [];
    for (const [topic, partitions] of added) {
      for (const [partition, assignment] of partitions) {
        ctx.updatePartitionFullReplicaAssignment({ topic, partition }, assignment);
        newPartitions.push({ topic, partition });
      }
    }
    this.controller.log.info(
      `New topics: [Set(${newTopics.join(', ')})], deleted topics: [Set(${deletedTopics.join(', ')})], new partition replica assignment [${assignmentText(added)}]`,
    );
    if (newPartitions.length > 0) await this.onNewPartitionCreation(newPartitions);
  }

  async processPartitionModifications(topic: string): Promise<void> {
    if (!this.controller.isActive()) return;
    const ctx = this.controller.context;
    const fromZk = (await this.controller.zk.getFullReplicaAssignmentForTopics([topic])).get(topic) ?? new Map<number, ReplicaAssignment>();
    const toBeAdded = [...fromZk].filter(([partition]) => ctx.partitionReplicaAssignment({ topic, partition }).length === 0);
    if (this.controller.topicDeletionManager.isTopicQueuedUpForDeletion(topic)) {
      if (toBeAdded.length > 0) {
        this.controller.log.warn(
          `Skipping adding partitions ${toBeAdded.map(([p]) => p).join(',')} for topic ${topic} since it is currently being deleted`,
        );
        await this.restorePartitionReplicaAssignment(topic, fromZk);
      } else {
        this.controller.log.info('Ignoring partition change during topic deletion as no new partitions are added');
      }
      return;
    }
    if (toBeAdded.length > 0) {
      this.controller.log.info(
        `New partitions to be added Map(${toBeAdded.map(([p, a]) => `${topic}-${p} -> ${formatAssignment(a)}`).join(', ')})`,
      );
      for (const [partition, assignment] of toBeAdded) ctx.updatePartitionFullReplicaAssignment({ topic, partition }, assignment);
      await this.onNewPartitionCreation(toBeAdded.map(([partition]) => ({ topic, partition })));
    }
  }

  /** Writes the topic znode back to the partitions that really exist (those with a `partitions/<p>` znode). */
  private async restorePartitionReplicaAssignment(topic: string, fromZk: Map<number, ReplicaAssignment>): Promise<void> {
    this.controller.log.info(`Restoring the partition replica assignment for topic ${topic}`);
    const existing = new Set(await this.controller.zk.getTopicPartitionIds(topic));
    const restored = new Map<number, ReplicaAssignment>();
    for (const partition of fromZk.keys()) {
      if (existing.has(partition)) restored.set(partition, this.controller.context.partitionFullReplicaAssignment({ topic, partition }));
    }
    await this.controller.zk.setTopicAssignment(topic, restored, this.controller.context.epochZkVersion);
  }

  async onNewPartitionCreation(newPartitions: TopicPartition[]): Promise<void> {
    this.controller.log.info(`New partition creation callback for ${newPartitions.map(tpKey).join(',')}`);
    const ctx = this.controller.context;
    await this.controller.partitionStateMachine.handleStateChanges(newPartitions, 'NewPartition');
    await this.controller.replicaStateMachine.handleStateChanges(ctx.replicasForPartitions(newPartitions), 'NewReplica');
    await this.controller.partitionStateMachine.handleStateChanges(newPartitions, 'OnlinePartition', OFFLINE_CLEAN);
    await this.controller.replicaStateMachine.handleStateChanges(ctx.replicasForPartitions(newPartitions), 'OnlineReplica');
  }

  async processTopicDeletion(): Promise<void> {
    if (!this.controller.isActive()) return;
    const ctx = this.controller.context;
    const requested = await this.controller.zk.getTopicDeletions();
    this.controller.log.debug(`Delete topics listener fired for topics ${requested.join(',')} to be deleted`);
    const nonExistent = requested.filter((t) => !ctx.allTopics.has(t));
    if (nonExistent.length > 0) {
      this.controller.log.warn(`Ignoring request to delete non-existing topics ${nonExistent.join(',')}`);
      await this.controller.zk.deleteTopicDeletions(nonExistent, ctx.epochZkVersion);
    }
    const toDelete = requested.filter((t) => ctx.allTopics.has(t));
    if (this.controller.config.deleteTopicEnable) {
      if (toDelete.length === 0) return;
      this.controller.log.info(`Starting topic deletion for topics ${toDelete.join(',')}`);
      const reassigning = new Set([...ctx.partitionsBeingReassigned.keys()].map((p) => p.topic));
      for (const t of toDelete) {
        // As in Kafka 2.5 this only marks topics that were already queued for deletion.
        if (reassigning.has(t))
          this.controller.topicDeletionManager.markTopicIneligibleForDeletion(new Set([t]), 'topic reassignment in progress');
      }
      await this.controller.topicDeletionManager.enqueueTopicsForDeletion(new Set(toDelete));
    } else {
      this.controller.log.info(`Removing Set(${toDelete.join(', ')}) since delete topic is disabled`);
      await this.controller.zk.deleteTopicDeletions(toDelete, ctx.epochZkVersion);
    }
  }

  async processTopicDeletionStopReplicaResponseReceived(replicaId: number, response: StopReplicaResponse): Promise<void> {
    if (!this.controller.isActive()) return;
    const partitionErrors = response.partitionErrors
      .map((e) => `${e.topicName}-${e.partitionIndex} -> ${errorForCode(e.errorCode).name}`)
      .join(', ');
    this.controller.log.debug(
      `Delete topic callback invoked on StopReplica response received from broker ${replicaId}: request error = ${errorForCode(response.errorCode).name}, partition errors = Map(${partitionErrors})`,
    );
    const all = response.partitionErrors.map((e) => ({
      topic: e.topicName,
      partition: e.partitionIndex,
      replica: replicaId,
      errorCode: e.errorCode,
    }));
    const inError = response.errorCode !== Errors.NONE.code ? all : all.filter((r) => r.errorCode !== Errors.NONE.code);
    await this.controller.topicDeletionManager.failReplicaDeletion(
      inError.map(({ topic, partition, replica }) => ({ topic, partition, replica })),
    );
    if (inError.length !== all.length) {
      const failed = new Set(inError.map((r) => `${r.topic}-${r.partition}`));
      await this.controller.topicDeletionManager.completeReplicaDeletion(
        all.filter((r) => !failed.has(`${r.topic}-${r.partition}`)).map(({ topic, partition, replica }) => ({ topic, partition, replica })),
      );
    }
  }

  async processIsrChangeNotification(): Promise<void> {
    if (!this.controller.isActive()) return;
    const ctx = this.controller.context;
    const sequenceNumbers = await this.controller.zk.getAllIsrChangeNotifications();
    try {
      const partitions = await this.controller.zk.getPartitionsFromIsrChangeNotifications(sequenceNumbers);
      if (partitions.length > 0) {
        for (const { partition, read } of await this.controller.zk.getTopicPartitionStates(partitions)) {
          if (read.kind === 'ok') ctx.partitionLeadershipInfo.set(partition, read.value);
        }
        this.controller.log.debug(
          `Sending MetadataRequest to Brokers: ${[...ctx.liveOrShuttingDownBrokerIds].join(',')} for TopicPartitions: ${partitions.map(tpKey).join(',')}`,
        );
        this.controller.sendUpdateMetadataRequest(ctx.liveOrShuttingDownBrokerIds, partitions);
      }
    } finally {
      await this.controller.zk.deleteIsrChangeNotifications(sequenceNumbers, ctx.epochZkVersion);
    }
  }
}

function assignmentText(added: Map<string, Map<number, ReplicaAssignment>>): string {
  const parts: string[] = [];
  for (const [topic, partitions] of added) for (const [p, a] of partitions) parts.push(`${topic}-${p} -> ${formatAssignment(a)}`);
  return `Map(${parts.join(', ')})`;
}
