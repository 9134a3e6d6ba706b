/**
 * The membership half of Kafka 2.5's `GroupCoordinator`: JoinGroup and the rebalance
 * (join-group.ts), SyncGroup (sync-group.ts), Heartbeat and session expiry (heartbeats.ts) and
 * LeaveGroup (leave-group.ts), each receiving the state they share (membership-core.ts).
 *
 * Static members (`group.instance.id`, KIP-345) keep their place across restarts (static-membership.ts):
 * a rebalance does not drop one that has not rejoined (only its session timeout does).
 */
import type { ErrorName } from '../../common/kafka-errors';
import {
  joinError,
  syncError,
  type GroupMetadata,
  type JoinGroupRequestArgs,
  type JoinGroupResult,
  type MemberMetadata,
  type SyncGroupResult,
} from './group-metadata';
import { completeAndScheduleNextHeartbeatExpiration, handleHeartbeat } from './heartbeats';
import { checkJoin, joinGroup, maybePrepareRebalance, prepareRebalance } from './join-group';
import { KeyedTimers } from './keyed-timers';
import { handleLeaveGroup, type LeaveGroupResult, type LeavingMember } from './leave-group';
import { memberKey, type GroupMembershipDeps, type MembershipCore } from './membership-core';
import { StaticMembership } from './static-membership';
import { syncGroup, type SyncGroupProtocol } from './sync-group';

export type { GroupMembershipDeps } from './membership-core';

export class GroupMembership {
  private readonly core: MembershipCore;

  constructor(deps: GroupMembershipDeps) {
    const statics = new StaticMembership({
      coordinatorLogger: deps.logger,
      groupMetadataLogger: deps.groupMetadataLogger,
      replaceHeartbeat: (group, oldMemberId, member) => {
        // The old id's heartbeat finds no member and expires without effect.
        this.core.heartbeats.cancel(memberKey(group.groupId, oldMemberId));
        completeAndScheduleNextHeartbeatExpiration(this.core, group, member);
      },
      prepareRebalance: (group, reason) => prepareRebalance(this.core, group, reason),
    });
    this.core = {
      deps,
      groupManager: deps.groupManager,
      logger: deps.logger,
      heartbeats: new KeyedTimers(deps.time, 'heartbeat'),
      joins: new KeyedTimers<boolean>(deps.time, 'delayed-join'),
      statics,
      maybePrepareRebalance: (group, reason) => maybePrepareRebalance(this.core, group, reason),
      checkJoin: (group) => checkJoin(this.core, group),
    };
  }

  /** Every timer stops (the coordinator shuts down or its broker dies). */
  stop(): void {
    this.core.heartbeats.stop();
    this.core.joins.stop();
  }

  /** A group read from the log: its members must heartbeat within their session timeouts. */
  onGroupLoaded(group: GroupMetadata): void {
    for (const member of group.members.values()) this.completeAndScheduleNextHeartbeatExpiration(group, member);
  }

  handleJoinGroup(args: JoinGroupRequestArgs): Promise<JoinGroupResult> {
    return new Promise((resolve) => joinGroup(this.core, args, resolve));
  }

  /** `isStaticMemberFenced`, logged as Kafka logs it (static-membership.ts). */
  isStaticMemberFenced(group: GroupMetadata, memberId: string, groupInstanceId: string | null, operation: string): boolean {
    return this.core.statics.isStaticMemberFenced(group, memberId, groupInstanceId, operation);
  }

  /** `protocol`: SyncGroup v5+'s protocol type and name, which must be the group's (null: not checked). */
  handleSyncGroup(
    groupId: string,
    generationId: number,
    memberId: string,
    assignments: ReadonlyMap<string, Uint8Array>,
    protocol: SyncGroupProtocol = { type: null, name: null },
    groupInstanceId: string | null = null,
  ): Promise<SyncGroupResult> {
    return new Promise((resolve) => syncGroup(this.core, groupId, generationId, memberId, assignments, protocol, groupInstanceId, resolve));
  }

  handleHeartbeat(groupId: string, memberId: string, generationId: number, groupInstanceId: string | null = null): ErrorName {
    return handleHeartbeat(this.core, groupId, memberId, generationId, groupInstanceId);
  }

  completeAndScheduleNextHeartbeatExpiration(group: GroupMetadata, member: MemberMetadata): void {
    completeAndScheduleNextHeartbeatExpiration(this.core, group, member);
  }

  handleLeaveGroup(groupId: string, leaving: readonly LeavingMember[]): LeaveGroupResult {
    return handleLeaveGroup(this.core, groupId, leaving);
  }

  /** The group moves away: waiting members learn NOT_COORDINATOR and find the new coordinator. */
  onGroupUnloaded(group: GroupMetadata, log = true): void {
    const previous = group.state;
    group.transitionTo('Dead');
    if (log) this.core.logger.info(`Unloading group metadata for ${group.groupId} with generation ${group.generationId}`);
    this.core.joins.cancel(group.groupId);
    for (const member of group.members.values()) {
      if (previous === 'PreparingRebalance') group.maybeInvokeJoinCallback(member, joinError(member.memberId, 'NOT_COORDINATOR'));
      else group.maybeInvokeSyncCallback(member, syncError('NOT_COORDINATOR'));
      this.core.heartbeats.cancel(memberKey(group.groupId, member.memberId));
    }
  }
}
