/**
 * Heartbeat and the session deadlines of Kafka 2.5.1's GroupCoordinator (`DelayedHeartbeat`): a
 * member that neither heartbeats nor waits on a JoinGroup/SyncGroup within its session timeout is
 * removed, as is a member id handed out with MEMBER_ID_REQUIRED and never used.
 */
import type { ErrorName } from '../../common/kafka-errors';
import { joinError, type GroupMetadata, type MemberMetadata } from './group-metadata';
import { memberKey, type MembershipCore } from './membership-core';

export function handleHeartbeat(
  m: MembershipCore,
  groupId: string,
  memberId: string,
  generationId: number,
  groupInstanceId: string | null,
): ErrorName {
  const error = m.deps.validateGroupStatus(groupId, 'Heartbeat');
  // The group is still loading: answer blindly.
  if (error) return error === 'COORDINATOR_LOAD_IN_PROGRESS' ? 'NONE' : error;
  const group = m.groupManager.getGroup(groupId);
  if (!group) return 'UNKNOWN_MEMBER_ID';
  if (group.is('Dead')) return 'COORDINATOR_NOT_AVAILABLE';
  if (m.statics.isStaticMemberFenced(group, memberId, groupInstanceId, 'heartbeat')) return 'FENCED_INSTANCE_ID';
  if (!group.has(memberId)) return 'UNKNOWN_MEMBER_ID';
  if (generationId !== group.generationId) return 'ILLEGAL_GENERATION';
  switch (group.state) {
    case 'Empty':
      return 'UNKNOWN_MEMBER_ID';
    case 'CompletingRebalance':
      // 2.5.1 answers without completing the member's heartbeat: it waits on its SyncGroup.
      return 'REBALANCE_IN_PROGRESS';
    case 'PreparingRebalance':
      completeAndScheduleNextHeartbeatExpiration(m, group, group.get(memberId));
      return 'REBALANCE_IN_PROGRESS';
    default:
      completeAndScheduleNextHeartbeatExpiration(m, group, group.get(memberId));
      return 'NONE';
  }
}

export function completeAndScheduleNextHeartbeatExpiration(m: MembershipCore, group: GroupMetadata, member: MemberMetadata): void {
  scheduleHeartbeatExpiration(m, group, member, member.sessionTimeoutMs);
}

/** `completeAndScheduleNextExpiration`: the previous deadline is met; a new one starts now. */
export function scheduleHeartbeatExpiration(m: MembershipCore, group: GroupMetadata, member: MemberMetadata, timeoutMs: number): void {
  const key = memberKey(group.groupId, member.memberId);
  m.heartbeats.cancel(key);
  member.heartbeatSatisfied = false;
  // DelayedHeartbeat.tryComplete on watch: nothing to expire for a member already satisfied.
  if (!group.has(member.memberId) || member.hasSatisfiedHeartbeat || member.isLeaving) return;
  m.heartbeats.schedule(key, timeoutMs, undefined, () => onExpireHeartbeat(m, group, member.memberId));
}

function onExpireHeartbeat(m: MembershipCore, group: GroupMetadata, memberId: string): void {
  if (group.is('Dead') || !group.has(memberId)) return;
  const member = group.get(memberId);
  if (member.hasSatisfiedHeartbeat) return;
  m.logger.info(`Member ${memberId} in group ${group.groupId} has failed, removing it from the group`);
  removeMemberAndUpdateGroup(m, group, member, `removing member ${memberId} on heartbeat expiration`);
}

export function schedulePendingMemberExpiration(m: MembershipCore, group: GroupMetadata, memberId: string, timeoutMs: number): void {
  m.heartbeats.schedule(memberKey(group.groupId, memberId), timeoutMs, undefined, () => {
    if (group.is('Dead') || !group.isPendingMember(memberId)) return;
    m.logger.info(`Pending member ${memberId} in group ${group.groupId} has been removed after session timeout expiration.`);
    removePendingMemberAndUpdateGroup(m, group, memberId);
  });
}

export function removePendingMemberAndUpdateGroup(m: MembershipCore, group: GroupMetadata, memberId: string): void {
  group.removePendingMember(memberId);
  if (group.is('PreparingRebalance')) m.checkJoin(group);
}

export function removeHeartbeatForLeavingMember(m: MembershipCore, group: GroupMetadata, member: MemberMetadata): void {
  member.isLeaving = true;
  m.heartbeats.cancel(memberKey(group.groupId, member.memberId));
}

export function removeMemberAndUpdateGroup(m: MembershipCore, group: GroupMetadata, member: MemberMetadata, reason: string): void {
  // A new member may time out while its JoinGroup is still waiting.
  group.maybeInvokeJoinCallback(member, joinError(member.memberId, 'UNKNOWN_MEMBER_ID'));
  group.remove(member.memberId);
  group.removeStaticMember(member.groupInstanceId);
  switch (group.state) {
    case 'Stable':
    case 'CompletingRebalance':
      m.maybePrepareRebalance(group, reason);
      break;
    case 'PreparingRebalance':
      m.checkJoin(group);
      break;
    default:
      break;
  }
}
