import type { Logger } from '../../common/logging';
import type { ErrorName } from '../../common/kafka-errors';
import type { Random } from '../../platform/random';
import type { Time } from '../../platform/scheduler';
import type { GroupApiName, GroupConfig, GroupMetadata } from './group-metadata';
import { GROUP_METADATA_TOPIC_NAME, type GroupMetadataManager } from './group-metadata-manager';
import type { KeyedTimers } from './keyed-timers';
import type { StaticMembership } from './static-membership';

export interface GroupMembershipDeps {
  brokerId: number;
  time: Time;
  random: Random;
  config: GroupConfig;
  groupManager: GroupMetadataManager;
  /** The GroupCoordinator's logger: Kafka's joins, syncs and heartbeats are GroupCoordinator's own code. */
  logger: Logger;
  /** GroupMetadata's own logger (its static-member fencing line). */
  groupMetadataLogger: Logger;
  /** `validateGroupStatus`: INVALID_GROUP_ID, COORDINATOR_NOT_AVAILABLE, COORDINATOR_LOAD_IN_PROGRESS, NOT_COORDINATOR. */
  validateGroupStatus: (groupId: string, api: GroupApiName) => ErrorName | null;
}

/**
 * The parts of the membership half of the GroupCoordinator its jobs share (Kafka keeps them all in
 * `GroupCoordinator`; here JoinGroup, SyncGroup, heartbeats and LeaveGroup live in their own files).
 */
export interface MembershipCore {
  readonly deps: GroupMembershipDeps;
  readonly groupManager: GroupMetadataManager;
  readonly logger: Logger;
  /** Per member: its session deadline (or a pending member id's). */
  readonly heartbeats: KeyedTimers;
  /** Per group: the rebalance's wait, tagged `true` for an InitialDelayedJoin (which only completes when its time is up). */
  readonly joins: KeyedTimers<boolean>;
  readonly statics: StaticMembership;
  /** A rebalance starts if the group's state allows one (join-group.ts). */
  maybePrepareRebalance(group: GroupMetadata, reason: string): void;
  /** `joinPurgatory.checkAndComplete` (join-group.ts). */
  checkJoin(group: GroupMetadata): void;
}

/** A member's key among the heartbeat timers. */
export function memberKey(groupId: string, memberId: string): string {
  return `${groupId}\u0000${memberId}`;
}

/** The `__consumer_offsets` partition a group lives in, as the coordinator's log lines name it. */
export function partitionName(m: MembershipCore, groupId: string): string {
  return `${GROUP_METADATA_TOPIC_NAME}-${m.groupManager.partitionFor(groupId)}`;
}
