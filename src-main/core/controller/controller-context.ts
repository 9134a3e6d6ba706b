import type { TopicPartition } from '../common/topic-partition';
import { TopicPartitionMap, tpKey } from '../common/topic-partition';
import type { LiveBroker } from './broker-info';
import type { LeaderIsrAndControllerEpoch } from './leader-and-isr';
import type { PartitionState } from './partition-states';
import type { ReplicaAssignment } from './replica-assignment';
import type { PartitionAndReplica, ReplicaState } from './replica-states';
import { replicaKey } from './replica-states';

/**
 * The controller's cache of the cluster (Kafka's `ControllerContext`): live brokers, every topic's
 * assignment, leadership, the state machines' states and the deletion bookkeeping. Only the
 * controller's event thread touches it.
 */
export class ControllerContext {
  epoch = 0;
  epochZkVersion = 0;

  private readonly liveBrokers = new Map<number, LiveBroker>();
  readonly shuttingDownBrokerIds = new Set<number>();
  readonly allTopics = new Set<string>();
  private readonly assignments = new Map<string, Map<number, ReplicaAssignment>>();
  readonly partitionLeadershipInfo = new TopicPartitionMap<LeaderIsrAndControllerEpoch>();
  readonly partitionsBeingReassigned = new TopicPartitionMap<true>();
  readonly partitionStates = new TopicPartitionMap<PartitionState>();
  private readonly replicaStates = new Map<string, { replica: PartitionAndReplica; state: ReplicaState }>();
  /** broker id → partitions whose log dir failed on that broker */
  readonly replicasOnOfflineDirs = new Map<number, Set<string>>();

  readonly topicsToBeDeleted = new Set<string>();
  readonly topicsWithDeletionStarted = new Set<string>();
  readonly topicsIneligibleForDeletion = new Set<string>();

  // ---- brokers ----

  setLiveBrokers(brokers: Iterable<LiveBroker>): void {
    this.liveBrokers.clear();
    for (const b of brokers) this.liveBrokers.set(b.id, b);
  }

  addLiveBrokers(brokers: Iterable<LiveBroker>): void {
    for (const b of brokers) this.liveBrokers.set(b.id, b);
  }

  removeLiveBrokers(ids: Iterable<number>): void {
    for (const id of ids) this.liveBrokers.delete(id);
  }

  updateBrokerMetadata(broker: LiveBroker): void {
    this.liveBrokers.set(broker.id, broker);
  }

  /** Live brokers that are not shutting down. */
  get liveBrokerIds(): Set<number> {
    return new Set([...this.liveBrokers.keys()].filter((id) => !this.shuttingDownBrokerIds.has(id)));
  }

  get liveOrShuttingDownBrokerIds(): Set<number> {
    return new Set(this.liveBrokers.keys());
  }

  liveOrShuttingDownBroker(id: number): LiveBroker | undefined {
    return this.liveBrokers.get(id);
  }

  get liveOrShuttingDownBrokers(): LiveBroker[] {
    return [...this.liveBrokers.values()].sort((a, b) => a.id - b.id);
  }

  isLiveOrShuttingDown(id: number): boolean {
    return this.liveBrokers.has(id);
  }

  liveBrokerEpoch(id: number): number | undefined {
    return this.liveBrokers.get(id)?.epoch;
  }

  /** `isReplicaOnline`: broker live (shutting down counts only if asked) and its dir for the partition not offline. */
  isReplicaOnline(brokerId: number, p: TopicPartition, includeShuttingDown = false): boolean {
    const brokerOnline = includeShuttingDown
      ? this.liveBrokers.has(brokerId)
      : this.liveBrokers.has(brokerId) && !this.shuttingDownBrokerIds.has(brokerId);
    return brokerOnline && !(this.replicasOnOfflineDirs.get(brokerId)?.has(tpKey(p)) ?? false);
  }

  // ---- topics and assignments ----

  partitionReplicaAssignment(p: TopicPartition): readonly number[] {
    return this.assignments.get(p.topic)?.get(p.partition)?.replicas ?? [];
  }

  partitionFullReplicaAssignment(p: TopicPartition): ReplicaAssignment {
    return this.assignments.get(p.topic)?.get(p.partition) ?? { replicas: [], addingReplicas: [], removingReplicas: [] };
  }

  updatePartitionFullReplicaAssignment(p: TopicPartition, assignment: ReplicaAssignment): void {
    let byPartition = this.assignments.get(p.topic);
    if (!byPartition) this.assignments.set(p.topic, (byPartition = new Map()));
    byPartition.set(p.partition, assignment);
  }

  partitionAssignmentsForTopic(topic: string): Map<number, ReplicaAssignment> {
    return new Map([...(this.assignments.get(topic) ?? new Map<number, ReplicaAssignment>())].sort((a, b) => a[0] - b[0]));
  }

  partitionsForTopic(topic: string): TopicPartition[] {
    return [...(this.assignments.get(topic)?.keys() ?? [])].sort((a, b) => a - b).map((partition) => ({ topic, partition }));
  }

  allPartitions(): TopicPartition[] {
    const out: TopicPartition[] = [];
    for (const topic of [...this.assignments.keys()].sort()) out.push(...this.partitionsForTopic(topic));
    return out;
  }

  partitionsOnBroker(brokerId: number): TopicPartition[] {
    return this.allPartitions().filter((p) => this.partitionReplicaAssignment(p).includes(brokerId));
  }

  replicasOnBrokers(brokerIds: ReadonlySet<number>): PartitionAndReplica[] {
    const out: PartitionAndReplica[] = [];
    for (const p of this.allPartitions()) {
      for (const r of this.partitionReplicaAssignment(p)) if (brokerIds.has(r)) out.push({ ...p, replica: r });
    }
    return out;
  }

  replicasForTopic(topic: string): PartitionAndReplica[] {
    return this.partitionsForTopic(topic).flatMap((p) => this.partitionReplicaAssignment(p).map((replica) => ({ ...p, replica })));
  }

  replicasForPartitions(partitions: Iterable<TopicPartition>): PartitionAndReplica[] {
    return [...partitions].flatMap((p) =>
      this.partitionReplicaAssignment(p).map((replica) => ({ topic: p.topic, partition: p.partition, replica })),
    );
  }

  /** All replicas and whether each is online: Kafka's `onlineAndOfflineReplicas`. */
  onlineAndOfflineReplicas(): { online: PartitionAndReplica[]; offline: PartitionAndReplica[] } {
    const online: PartitionAndReplica[] = [];
    const offline: PartitionAndReplica[] = [];
    for (const p of this.allPartitions()) {
      for (const replica of this.partitionReplicaAssignment(p)) {
        (this.isReplicaOnline(replica, p) ? online : offline).push({ ...p, replica });
      }
    }
    return { online, offline };
  }

  /**
   * Kafka 2.5's `removeTopic` forgets the topic, its assignment and its leadership — but not its
   * partition and replica states nor a reassignment in progress. After a normal deletion those are
   * already gone; after a topic znode deleted by hand they stay, so re-creating the topic under the
   * same name fails its NonExistent→New transition until the next controller failover, as in 2.5.
   */
  removeTopic(topic: string): void {
    for (const p of this.partitionsForTopic(topic)) this.partitionLeadershipInfo.delete(p);
    this.assignments.delete(topic);
    this.allTopics.delete(topic);
  }

  // ---- states ----

  partitionState(p: TopicPartition): PartitionState {
    return this.partitionStates.get(p) ?? 'NonExistentPartition';
  }

  putPartitionState(p: TopicPartition, state: PartitionState): void {
    this.partitionStates.set(p, state);
  }

  partitionsInStates(states: ReadonlySet<PartitionState>, topic?: string): TopicPartition[] {
    const candidates = topic === undefined ? this.allPartitions() : this.partitionsForTopic(topic);
    return candidates.filter((p) => states.has(this.partitionState(p)));
  }

  replicaState(r: PartitionAndReplica): ReplicaState {
    return this.replicaStates.get(replicaKey(r))?.state ?? 'NonExistentReplica';
  }

  putReplicaState(r: PartitionAndReplica, state: ReplicaState): void {
    this.replicaStates.set(replicaKey(r), { replica: { topic: r.topic, partition: r.partition, replica: r.replica }, state });
  }

  removeReplicaState(r: PartitionAndReplica): void {
    this.replicaStates.delete(replicaKey(r));
  }

  replicasInState(topic: string, state: ReplicaState): PartitionAndReplica[] {
    return this.replicasForTopic(topic).filter((r) => this.replicaState(r) === state);
  }

  areAllReplicasInState(topic: string, state: ReplicaState): boolean {
    return this.replicasForTopic(topic).every((r) => this.replicaState(r) === state);
  }

  isAnyReplicaInState(topic: string, state: ReplicaState): boolean {
    return this.replicasForTopic(topic).some((r) => this.replicaState(r) === state);
  }

  // ---- deletion ----

  isTopicQueuedUpForDeletion(topic: string): boolean {
    return this.topicsToBeDeleted.has(topic);
  }

  isTopicDeletionInProgress(topic: string): boolean {
    return this.isAnyReplicaInState(topic, 'ReplicaDeletionStarted');
  }

  isTopicEligibleForDeletion(topic: string): boolean {
    return this.topicsToBeDeleted.has(topic) && !this.isTopicDeletionInProgress(topic) && !this.topicsIneligibleForDeletion.has(topic);
  }

  /** Forgets everything (controller resignation). */
  reset(): void {
    this.epoch = 0;
    this.epochZkVersion = 0;
    this.liveBrokers.clear();
    this.shuttingDownBrokerIds.clear();
    this.allTopics.clear();
    this.assignments.clear();
    this.partitionLeadershipInfo.clear();
    this.partitionsBeingReassigned.clear();
    this.partitionStates.clear();
    this.replicaStates.clear();
    this.replicasOnOfflineDirs.clear();
    this.topicsToBeDeleted.clear();
    this.topicsWithDeletionStarted.clear();
    this.topicsIneligibleForDeletion.clear();
  }

  /** Forgets partition and replica states (state machines shut down). */
  clearStates(): void {
    this.partitionStates.clear();
    this.replicaStates.clear();
  }
}
