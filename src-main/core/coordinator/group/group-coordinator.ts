/**
 * Kafka 2.5's `GroupCoordinator` for one broker: the groups whose `__consumer_offsets` partition
 * this broker leads — their membership (group-membership.ts: JoinGroup, SyncGroup, Heartbeat,
 * LeaveGroup), offset commits and fetches, ListGroups and DescribeGroups — and the load or unload
 * of those partitions' groups as leadership moves.
 */
import { Logger, type LogSink } from '../../common/logging';
import type { MetadataCache } from '../../broker/metadata-cache';
import type { ReplicaManager } from '../../broker/replica-manager';
import type { ErrorName } from '../../common/kafka-errors';
import { tpKey, type TopicPartition } from '../../common/topic-partition';
import type { Executor } from '../../platform/executor';
import type { Random } from '../../platform/random';
import type { ScheduledTask, Time } from '../../platform/scheduler';
import {
  GroupMetadata,
  type GroupApiName,
  type GroupConfig,
  type GroupMemberSummary,
  type GroupState,
  type JoinGroupRequestArgs,
  type JoinGroupResult,
  type OffsetAndMetadata,
  type SyncGroupResult,
} from './group-metadata';
import { GroupDeletion } from './group-deletion';
import { TransactionalOffsets } from './transactional-offsets';
import { GroupMembership } from './group-membership';
import { GROUP_METADATA_TOPIC_NAME, GroupMetadataManager, type OffsetConfig, type OffsetFetchPartition } from './group-metadata-manager';
import { createOffsetsTopic, findGroupCoordinator, type CoordinatorNode, type OffsetsTopicDeps } from './offsets-topic';
import type { KafkaZkClient } from '../../kafka-zk/kafka-zk-client';

export type { GroupConfig, JoinGroupRequestArgs } from './group-metadata';

export interface GroupCoordinatorDeps {
  brokerId: number;
  time: Time;
  random: Random;
  config: GroupConfig &
    OffsetConfig & {
      offsetsTopicReplicationFactor: number;
      offsetsTopicSegmentBytes: number;
      /** `offsets.retention.minutes` in ms, and how often expired offsets are looked for. */
      offsetsRetentionMs: number;
      offsetsRetentionCheckIntervalMs: number;
    };
  replicaManager: () => ReplicaManager | null;
  /** For FindCoordinator: where partition leaders are known, and the ZooKeeper client that creates `__consumer_offsets`. */
  metadataCache: MetadataCache;
  zk: () => KafkaZkClient | null;
  log: LogSink;
  executor?: Executor;
}

export interface GroupSummary {
  state: GroupState | '';
  protocolType: string;
  protocol: string;
  members: GroupMemberSummary[];
}

export class GroupCoordinator {
  readonly groupManager: GroupMetadataManager;
  private readonly membership: GroupMembership;
  private readonly deletion: GroupDeletion;
  readonly transactionalOffsets: TransactionalOffsets;
  private active = false;
  private expiryTask: ScheduledTask | null = null;
  private readonly logger: Logger;

  constructor(private readonly deps: GroupCoordinatorDeps) {
    this.logger = new Logger(deps.log, 'kafka.coordinator.group.GroupCoordinator', { logIdent: `[GroupCoordinator ${deps.brokerId}]: ` });
    this.groupManager = new GroupMetadataManager({
      brokerId: deps.brokerId,
      time: deps.time,
      config: deps.config,
      replicaManager: deps.replicaManager,
      log: deps.log,
      executor: deps.executor,
    });
    this.membership = new GroupMembership({
      brokerId: deps.brokerId,
      time: deps.time,
      random: deps.random,
      config: deps.config,
      groupManager: this.groupManager,
      logger: this.logger,
      groupMetadataLogger: new Logger(deps.log, 'kafka.coordinator.group.GroupMetadata'),
      validateGroupStatus: (groupId, api) => this.validateGroupStatus(groupId, api),
    });
    this.transactionalOffsets = new TransactionalOffsets(
      deps.brokerId,
      this.groupManager,
      deps.config.maxMetadataSize,
      deps.log,
      deps.executor,
    );
    this.groupManager.onPendingTxnOffsets = (producerId, groupId) => this.transactionalOffsets.addProducerGroup(producerId, groupId);
    this.deletion = new GroupDeletion({
      brokerId: deps.brokerId,
      groupManager: this.groupManager,
      log: deps.log,
      validateGroupStatus: (groupId, api) => this.validateGroupStatus(groupId, api),
    });
  }

  private get now(): number {
    return this.deps.time.nowMs();
  }

  startup(): void {
    this.logger.info('Starting up.');
    this.active = true;
    // GroupMetadataManager.startup: `delete-expired-group-metadata`, first at once, then every check interval.
    const c = this.deps.config;
    this.expiryTask = this.deps.time.schedulePeriodic('delete-expired-group-metadata', 0, c.offsetsRetentionCheckIntervalMs, () => {
      void this.deletion.cleanupExpiredOffsets(this.deps.time, c.offsetsRetentionMs);
    });
    this.logger.info('Startup complete.');
  }

  shutdown(): void {
    this.logger.info('Shutting down.');
    this.stop();
    this.logger.info('Shutdown complete.');
  }

  /** The broker process dies: timers stop and waiting requests end, with nothing logged. */
  kill(): void {
    this.stop();
  }

  private stop(): void {
    this.active = false;
    if (this.expiryTask) this.deps.time.cancel(this.expiryTask);
    this.expiryTask = null;
    for (const group of this.groupManager.currentGroups()) this.membership.onGroupUnloaded(group, false);
    this.membership.stop();
    this.groupManager.shutdown();
  }

  get isActive(): boolean {
    return this.active;
  }

  partitionFor(groupId: string): number {
    return this.groupManager.partitionFor(groupId);
  }

  private offsetsTopicDeps(): OffsetsTopicDeps {
    const c = this.deps.config;
    return {
      brokerId: this.deps.brokerId,
      metadataCache: this.deps.metadataCache,
      zk: this.deps.zk(),
      random: this.deps.random,
      config: {
        offsetsTopicNumPartitions: c.offsetsTopicNumPartitions,
        offsetsTopicReplicationFactor: c.offsetsTopicReplicationFactor,
        offsetsTopicSegmentBytes: c.offsetsTopicSegmentBytes,
      },
      log: this.deps.log,
    };
  }

  /** FindCoordinator for a group: its offsets partition's leader, creating `__consumer_offsets` on first use. */
  findCoordinator(groupId: string, listener: { name: string; host: string }): Promise<{ error: ErrorName; node: CoordinatorNode }> {
    return findGroupCoordinator(this.offsetsTopicDeps(), this.partitionFor(groupId), listener);
  }

  /** Creates `__consumer_offsets` with Kafka's settings (what Metadata does when a client names it); see offsets-topic.ts. */
  createOffsetsTopic(): Promise<ErrorName> {
    return createOffsetsTopic(this.offsetsTopicDeps());
  }

  private validateGroupStatus(groupId: string, api: GroupApiName): ErrorName | null {
    const emptyAllowed = api === 'OffsetCommit' || api === 'OffsetFetch' || api === 'DescribeGroups' || api === 'DeleteGroups';
    if (!emptyAllowed && groupId === '') return 'INVALID_GROUP_ID';
    if (!this.active) return 'COORDINATOR_NOT_AVAILABLE';
    if (this.groupManager.isGroupLoading(groupId)) return 'COORDINATOR_LOAD_IN_PROGRESS';
    if (!this.groupManager.isGroupLocal(groupId)) return 'NOT_COORDINATOR';
    return null;
  }

  // ---- membership ----

  handleJoinGroup(args: JoinGroupRequestArgs): Promise<JoinGroupResult> {
    return this.membership.handleJoinGroup(args);
  }

  handleSyncGroup(
    groupId: string,
    generationId: number,
    memberId: string,
    assignments: ReadonlyMap<string, Uint8Array>,
    protocol?: { type: string | null; name: string | null },
    groupInstanceId: string | null = null,
  ): Promise<SyncGroupResult> {
    return this.membership.handleSyncGroup(groupId, generationId, memberId, assignments, protocol, groupInstanceId);
  }

  handleHeartbeat(groupId: string, memberId: string, generationId: number, groupInstanceId: string | null = null): ErrorName {
    return this.membership.handleHeartbeat(groupId, memberId, generationId, groupInstanceId);
  }

  handleLeaveGroup(
    groupId: string,
    leaving: ReadonlyArray<{ memberId: string; groupInstanceId: string | null }>,
  ): ReturnType<GroupMembership['handleLeaveGroup']> {
    return this.membership.handleLeaveGroup(groupId, leaving);
  }

  // ---- offsets ----

  /** Errors per `topic-partition`. Generation −1 with an unknown group is a "simple" commit. */
  async handleCommitOffsets(
    groupId: string,
    memberId: string,
    generationId: number,
    offsets: ReadonlyArray<{ topic: string; partition: number; value: OffsetAndMetadata }>,
    groupInstanceId: string | null = null,
  ): Promise<Map<string, ErrorName>> {
    const all = (error: ErrorName) => new Map(offsets.map((o) => [tpKey(o), error]));
    const error = this.validateGroupStatus(groupId, 'OffsetCommit');
    if (error) return all(error);
    let group = this.groupManager.getGroup(groupId);
    if (!group) {
      // Not using Kafka's group management (generation −1): the commit is allowed; else an old generation.
      if (generationId >= 0) return all('ILLEGAL_GENERATION');
      group = this.groupManager.addGroup(new GroupMetadata(groupId, 'Empty', () => this.now));
    }
    if (group.is('Dead')) return all('COORDINATOR_NOT_AVAILABLE');
    if (this.membership.isStaticMemberFenced(group, memberId, groupInstanceId, 'commit-offsets')) return all('FENCED_INSTANCE_ID');
    if (generationId < 0 && group.is('Empty')) return this.groupManager.storeOffsets(group, offsets);
    if (!group.has(memberId)) return all('UNKNOWN_MEMBER_ID');
    if (generationId !== group.generationId) return all('ILLEGAL_GENERATION');
    if (group.is('CompletingRebalance')) return all('REBALANCE_IN_PROGRESS');
    // Stable or PreparingRebalance: the heartbeat answer tells the member of a rebalance.
    this.membership.completeAndScheduleNextHeartbeatExpiration(group, group.get(memberId));
    return this.groupManager.storeOffsets(group, offsets);
  }

  /** TxnOffsetCommit: member id and generation are checked only when given (v3, KIP-447); a group unknown here is created Empty. */
  async handleTxnCommitOffsets(
    groupId: string,
    producerId: number,
    producerEpoch: number,
    memberId: string,
    groupInstanceId: string | null,
    generationId: number,
    offsets: ReadonlyArray<{ topic: string; partition: number; value: OffsetAndMetadata }>,
  ): Promise<Map<string, ErrorName>> {
    const all = (error: ErrorName) => new Map(offsets.map((o) => [tpKey(o), error]));
    const error = this.validateGroupStatus(groupId, 'TxnOffsetCommit');
    if (error) return all(error);
    const group = this.groupManager.getGroup(groupId) ?? this.groupManager.addGroup(new GroupMetadata(groupId, 'Empty', () => this.now));
    if (group.is('Dead')) return all('COORDINATOR_NOT_AVAILABLE');
    if (this.membership.isStaticMemberFenced(group, memberId, groupInstanceId, 'txn-commit-offsets')) return all('FENCED_INSTANCE_ID');
    if (memberId !== '' && !group.has(memberId)) return all('UNKNOWN_MEMBER_ID');
    if (generationId >= 0 && generationId !== group.generationId) return all('ILLEGAL_GENERATION');
    return this.transactionalOffsets.storeTxnOffsets(group, producerId, producerEpoch, offsets);
  }

  /** A COMMIT or ABORT marker was written to these `__consumer_offsets` partitions led here (WriteTxnMarkers). */
  scheduleHandleTxnCompletion(producerId: number, offsetsPartitions: readonly number[], isCommit: boolean): void {
    this.transactionalOffsets.scheduleHandleTxnCompletion(producerId, offsetsPartitions, isCommit);
  }

  handleFetchOffsets(
    groupId: string,
    partitions: readonly TopicPartition[] | null,
  ): { error: ErrorName; partitions: OffsetFetchPartition[] } {
    const error = this.validateGroupStatus(groupId, 'OffsetFetch');
    if (error) return { error, partitions: [] };
    return { error: 'NONE', partitions: this.groupManager.getOffsets(groupId, partitions) };
  }

  // ---- DeleteGroups / OffsetDelete (group-deletion.ts) ----

  handleDeleteGroups(groupIds: readonly string[]): Promise<Map<string, ErrorName>> {
    return this.deletion.handleDeleteGroups(groupIds);
  }

  handleDeleteOffsets(
    groupId: string,
    partitions: readonly TopicPartition[],
  ): Promise<{ error: ErrorName; partitions: Map<string, ErrorName> }> {
    return this.deletion.handleDeleteOffsets(groupId, partitions);
  }

  /** UpdateMetadata named deleted partitions: their committed offsets go. */
  handleDeletedPartitions(partitions: readonly TopicPartition[]): Promise<number> {
    return this.deletion.handleDeletedPartitions(partitions);
  }

  // ---- ListGroups / DescribeGroups ----

  handleListGroups(): { error: ErrorName; groups: Array<{ groupId: string; protocolType: string }> } {
    if (!this.active) return { error: 'COORDINATOR_NOT_AVAILABLE', groups: [] };
    return {
      error: this.groupManager.isLoading() ? 'COORDINATOR_LOAD_IN_PROGRESS' : 'NONE',
      groups: this.groupManager.currentGroups().map((g) => ({ groupId: g.groupId, protocolType: g.protocolType ?? '' })),
    };
  }

  handleDescribeGroup(groupId: string): { error: ErrorName; summary: GroupSummary } {
    const error = this.validateGroupStatus(groupId, 'DescribeGroups');
    if (error) return { error, summary: { state: '', protocolType: '', protocol: '', members: [] } };
    const group = this.groupManager.getGroup(groupId);
    if (!group) return { error: 'NONE', summary: { state: 'Dead', protocolType: '', protocol: '', members: [] } };
    return { error: 'NONE', summary: group.summary() };
  }

  // ---- leadership of __consumer_offsets ----

  onElection(partition: number): void {
    this.groupManager.scheduleLoadGroupAndOffsets(partition, (group) => this.membership.onGroupLoaded(group));
  }

  onResignation(partition: number): void {
    this.groupManager.removeGroupsForPartition(partition, (group) => this.membership.onGroupUnloaded(group));
  }

  /** For ReplicaManager's LeaderAndIsr: the offsets partitions this broker now leads or follows. */
  onLeadershipChange(leaders: readonly TopicPartition[], followers: readonly TopicPartition[]): void {
    for (const tp of leaders) if (tp.topic === GROUP_METADATA_TOPIC_NAME) this.onElection(tp.partition);
    for (const tp of followers) if (tp.topic === GROUP_METADATA_TOPIC_NAME) this.onResignation(tp.partition);
  }
}
