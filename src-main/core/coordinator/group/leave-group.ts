/**
 * LeaveGroup of Kafka 2.5.1's GroupCoordinator (`handleLeaveGroup`, KIP-345's batch of members): each
 * member leaves on its own, a pending member without a rebalance.
 */
import type { ErrorName } from '../../common/kafka-errors';
import { removeHeartbeatForLeavingMember, removeMemberAndUpdateGroup, removePendingMemberAndUpdateGroup } from './heartbeats';
import { memberKey, type MembershipCore } from './membership-core';

export interface LeavingMember {
  memberId: string;
  groupInstanceId: string | null;
}

export interface LeaveGroupResult {
  error: ErrorName;
  members: Array<LeavingMember & { error: ErrorName }>;
}

export function handleLeaveGroup(m: MembershipCore, groupId: string, leaving: readonly LeavingMember[]): LeaveGroupResult {
  const error = m.deps.validateGroupStatus(groupId, 'LeaveGroup');
  if (error) return { error, members: [] };
  const group = m.groupManager.getGroup(groupId);
  if (!group) return { error: 'NONE', members: leaving.map((l) => ({ ...l, error: 'UNKNOWN_MEMBER_ID' })) };
  if (group.is('Dead')) return { error: 'COORDINATOR_NOT_AVAILABLE', members: [] };
  const pendingStatic = leaving.find(
    (l) => group.isPendingMember(l.memberId) && l.groupInstanceId !== null && !group.isStaticMemberFenced(l.memberId, l.groupInstanceId),
  );
  const members = leaving.slice(0, pendingStatic ? leaving.indexOf(pendingStatic) : leaving.length).map((l) => {
    if (l.memberId !== '' && m.statics.isStaticMemberFenced(group, l.memberId, l.groupInstanceId, 'leave-group'))
      return { ...l, error: 'FENCED_INSTANCE_ID' as ErrorName };
    if (group.isPendingMember(l.memberId)) {
      m.logger.info(`Pending member ${l.memberId} is leaving group ${group.groupId}.`);
      removePendingMemberAndUpdateGroup(m, group, l.memberId);
      m.heartbeats.cancel(memberKey(group.groupId, l.memberId));
      return { ...l, error: 'NONE' as ErrorName };
    }
    const isStatic = group.hasStaticMember(l.groupInstanceId);
    if (!group.has(l.memberId) && !isStatic) return { ...l, error: 'UNKNOWN_MEMBER_ID' as ErrorName };
    // A static member may leave by its instance id alone (an admin's LeaveGroup v3+).
    const member = group.get(isStatic ? group.getStaticMemberId(l.groupInstanceId ?? '') : l.memberId);
    removeHeartbeatForLeavingMember(m, group, member);
    m.logger.info(
      `Member[group.instance.id ${member.groupInstanceId === null ? 'None' : `Some(${member.groupInstanceId})`}, member.id ${member.memberId}] in group ${group.groupId} has left, removing it from the group`,
    );
    removeMemberAndUpdateGroup(m, group, member, `removing member ${l.memberId} on LeaveGroup`);
    return { ...l, error: 'NONE' as ErrorName };
  });
  if (pendingStatic) {
    // The members before it have left; the request fails as a whole.
    m.statics.unexpected(
      `the static member Some(${pendingStatic.groupInstanceId}) was not expected to be leaving from pending member bucket with member id ${pendingStatic.memberId}`,
    );
    return { error: 'UNKNOWN_SERVER_ERROR', members: [] };
  }
  return { error: 'NONE', members };
}
