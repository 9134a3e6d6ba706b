import type { TopicPartition } from '../common/topic-partition';
import type { ControllerContext } from './controller-context';
import type { PartitionStateMachine } from './partition-state-machine';
import type { PartitionAndReplica } from './replica-states';
import { replicaKey } from './replica-states';
import type { ReplicaStateMachine } from './replica-state-machine';

/** What deletion needs from the controller (Kafka's `DeletionClient`). */
export interface DeletionClient {
  deleteTopic(topic: string): Promise<void>;
  deleteTopicDeletions(topics: string[]): Promise<void>;
  mutePartitionModifications(topic: string): void;
  sendMetadataUpdate(partitions: TopicPartition[]): void;
  log(level: 'INFO' | 'DEBUG', message: string): void;
}

/**
 * Kafka 2.5's `TopicDeletionManager`. A topic queued for deletion goes: partitions Offline →
 * NonExistent, UpdateMetadata with leader −2, replicas OfflineReplica → ReplicaDeletionStarted
 * (StopReplica delete=true) → ReplicaDeletionSuccessful on each response → NonExistentReplica, then
 * its znodes are deleted. A replica on a dead broker makes the topic ineligible until the broker
 * returns; with `delete.topic.enable=false` nothing is deleted and the markers are removed.
 */
export class TopicDeletionManager {
  constructor(
    private readonly deleteTopicEnable: boolean,
    private readonly context: ControllerContext,
    private readonly replicaStateMachine: ReplicaStateMachine,
    private readonly partitionStateMachine: PartitionStateMachine,
    private readonly client: DeletionClient,
  ) {}

  async init(initialTopicsToBeDeleted: Set<string>, initialTopicsIneligibleForDeletion: Set<string>): Promise<void> {
    this.client.log(
      'INFO',
      `Initializing manager with initial deletions: ${setText(initialTopicsToBeDeleted)}, initial ineligible deletions: ${setText(initialTopicsIneligibleForDeletion)}`,
    );
    if (this.deleteTopicEnable) {
      for (const t of initialTopicsToBeDeleted) this.context.topicsToBeDeleted.add(t);
      for (const t of initialTopicsIneligibleForDeletion)
        if (this.context.topicsToBeDeleted.has(t)) this.context.topicsIneligibleForDeletion.add(t);
    } else {
      this.client.log('INFO', `Removing ${setText(initialTopicsToBeDeleted)} since delete topic is disabled`);
      await this.client.deleteTopicDeletions([...initialTopicsToBeDeleted]);
    }
  }

  async tryTopicDeletion(): Promise<void> {
    if (this.deleteTopicEnable) await this.resumeDeletions();
  }

  async enqueueTopicsForDeletion(topics: Set<string>): Promise<void> {
    if (!this.deleteTopicEnable) return;
    for (const t of topics) this.context.topicsToBeDeleted.add(t);
    await this.resumeDeletions();
  }

  async resumeDeletionForTopics(topics: Iterable<string>): Promise<void> {
    if (!this.deleteTopicEnable) return;
    const toResume = [...topics].filter((t) => this.context.topicsToBeDeleted.has(t));
    if (toResume.length === 0) return;
    for (const t of toResume) this.context.topicsIneligibleForDeletion.delete(t);
    await this.resumeDeletions();
  }

  async failReplicaDeletion(replicas: PartitionAndReplica[]): Promise<void> {
    if (!this.deleteTopicEnable) return;
    const failed = replicas.filter((r) => this.isTopicQueuedUpForDeletion(r.topic));
    if (failed.length === 0) return;
    const topics = new Set(failed.map((r) => r.topic));
    this.client.log(
      'DEBUG',
      `Deletion failed for replicas ${failed.map(formatReplica).join(',')}. Halting deletion for topics ${setText(topics)}`,
    );
    await this.replicaStateMachine.handleStateChanges(failed, 'ReplicaDeletionIneligible');
    this.markTopicIneligibleForDeletion(topics, 'replica deletion failure');
    await this.resumeDeletions();
  }

  markTopicIneligibleForDeletion(topics: Set<string>, reason: string): void {
    if (!this.deleteTopicEnable) return;
    const halted = [...topics].filter((t) => this.context.topicsToBeDeleted.has(t));
    for (const t of halted) this.context.topicsIneligibleForDeletion.add(t);
    if (halted.length > 0) this.client.log('INFO', `Halted deletion of topics ${halted.join(',')} due to ${reason}`);
  }

  isTopicQueuedUpForDeletion(topic: string): boolean {
    return this.deleteTopicEnable && this.context.isTopicQueuedUpForDeletion(topic);
  }

  async completeReplicaDeletion(replicas: PartitionAndReplica[]): Promise<void> {
    const deleted = replicas.filter((r) => this.isTopicQueuedUpForDeletion(r.topic));
    this.client.log('DEBUG', `Deletion successfully completed for replicas ${deleted.map(formatReplica).join(',')}`);
    await this.replicaStateMachine.handleStateChanges(deleted, 'ReplicaDeletionSuccessful');
    await this.resumeDeletions();
  }

  private isTopicEligibleForDeletion(topic: string): boolean {
    return (
      this.isTopicQueuedUpForDeletion(topic) &&
      !this.context.isTopicDeletionInProgress(topic) &&
      !this.context.topicsIneligibleForDeletion.has(topic)
    );
  }

  private async markTopicForDeletionRetry(topics: Set<string>): Promise<void> {
    const failed = [...topics].flatMap((t) => this.context.replicasInState(t, 'ReplicaDeletionIneligible'));
    this.client.log(
      'DEBUG',
      `Retrying deletion of topics ${[...topics].join(',')} since replicas ${failed.map(formatReplica).join(',')} were not successfully deleted`,
    );
    await this.replicaStateMachine.handleStateChanges(failed, 'OfflineReplica');
  }

  private async completeDeleteTopic(topic: string): Promise<void> {
    // Mute the topic's data watch first, so a re-created topic of the same name is seen as new.
    this.client.mutePartitionModifications(topic);
    await this.replicaStateMachine.handleStateChanges(
      this.context.replicasInState(topic, 'ReplicaDeletionSuccessful'),
      'NonExistentReplica',
    );
    this.context.topicsToBeDeleted.delete(topic);
    this.context.topicsWithDeletionStarted.delete(topic);
    await this.client.deleteTopic(topic);
    this.context.removeTopic(topic);
  }

  private async onTopicDeletion(topics: Set<string>): Promise<void> {
    const unseen = [...topics].filter((t) => !this.context.topicsWithDeletionStarted.has(t));
    if (unseen.length > 0) {
      const partitions = unseen.flatMap((t) => this.context.partitionsForTopic(t));
      await this.partitionStateMachine.handleStateChanges(partitions, 'OfflinePartition');
      await this.partitionStateMachine.handleStateChanges(partitions, 'NonExistentPartition');
      for (const t of unseen) this.context.topicsWithDeletionStarted.add(t);
    }
    // Brokers stop serving the topic when UpdateMetadata names it with leader −2.
    this.client.sendMetadataUpdate([...topics].flatMap((t) => this.context.partitionsForTopic(t)));
    await this.onPartitionDeletion(topics);
  }

  private async onPartitionDeletion(topics: Set<string>): Promise<void> {
    const allDead: PartitionAndReplica[] = [];
    const allRetry: PartitionAndReplica[] = [];
    const ineligible = new Set<string>();
    for (const topic of topics) {
      const replicas = this.context.replicasForTopic(topic);
      const alive = replicas.filter((r) => this.context.isReplicaOnline(r.replica, r));
      const dead = replicas.filter((r) => !this.context.isReplicaOnline(r.replica, r));
      const successful = new Set(this.context.replicasInState(topic, 'ReplicaDeletionSuccessful').map(replicaKey));
      allDead.push(...dead);
      allRetry.push(...alive.filter((r) => !successful.has(replicaKey(r))));
      if (dead.length > 0) {
        this.client.log('DEBUG', `Dead Replicas (${dead.map(formatReplica).join(',')}) found for topic ${topic}`);
        ineligible.add(topic);
      }
    }
    await this.replicaStateMachine.handleStateChanges(allDead, 'ReplicaDeletionIneligible');
    // StopReplica (delete=false) first, so followers stop fetching, then delete=true.
    await this.replicaStateMachine.handleStateChanges(allRetry, 'OfflineReplica');
    await this.replicaStateMachine.handleStateChanges(allRetry, 'ReplicaDeletionStarted');
    if (ineligible.size > 0) this.markTopicIneligibleForDeletion(ineligible, 'offline replicas');
  }

  async resumeDeletions(): Promise<void> {
    const queued = [...this.context.topicsToBeDeleted];
    const retry = new Set<string>();
    const eligible = new Set<string>();
    if (queued.length > 0) this.client.log('INFO', `Handling deletion for topics ${queued.join(',')}`);
    for (const topic of queued) {
      if (this.context.areAllReplicasInState(topic, 'ReplicaDeletionSuccessful')) {
        await this.completeDeleteTopic(topic);
        this.client.log('INFO', `Deletion of topic ${topic} successfully completed`);
      } else if (
        !this.context.isAnyReplicaInState(topic, 'ReplicaDeletionStarted') &&
        this.context.isAnyReplicaInState(topic, 'ReplicaDeletionIneligible')
      ) {
        retry.add(topic);
      }
      if (this.isTopicEligibleForDeletion(topic)) {
        this.client.log('INFO', `Deletion of topic ${topic} (re)started`);
        eligible.add(topic);
      }
    }
    if (retry.size > 0) await this.markTopicForDeletionRetry(retry);
    if (eligible.size > 0) await this.onTopicDeletion(eligible);
  }
}

function setText(s: Set<string>): string {
  return `Set(${[...s].join(', ')})`;
}

function formatReplica(r: PartitionAndReplica): string {
  return `[Topic=${r.topic},Partition=${r.partition},Replica=${r.replica}]`;
}
