/**
 * SyncGroup of Kafka 2.5.1's GroupCoordinator (`handleSyncGroup`, `doSyncGroup`): the leader's
 * assignment is stored in `__consumer_offsets` and then handed to every member waiting on it.
 */
import type { ErrorName } from '../../common/kafka-errors';
import { syncError, type GroupMetadata, type SyncGroupResult } from './group-metadata';
import { completeAndScheduleNextHeartbeatExpiration } from './heartbeats';
import type { MembershipCore } from './membership-core';

/** SyncGroup v5+'s protocol type and name, which must be the group's (null: not checked). */
export interface SyncGroupProtocol {
  type: string | null;
  name: string | null;
}

export function syncGroup(
  m: MembershipCore,
  groupId: string,
  generationId: number,
  memberId: string,
  assignments: ReadonlyMap<string, Uint8Array>,
  protocol: SyncGroupProtocol,
  groupInstanceId: string | null,
  callback: (result: SyncGroupResult) => void,
): void {
  const empty = new Uint8Array(0);
  const error = m.deps.validateGroupStatus(groupId, 'SyncGroup');
  // A loading coordinator has lost the rebalance: the member rejoins without looking for a coordinator.
  if (error) return callback(syncError(error === 'COORDINATOR_LOAD_IN_PROGRESS' ? 'REBALANCE_IN_PROGRESS' : error));
  const group = m.groupManager.getGroup(groupId);
  if (!group) return callback(syncError('UNKNOWN_MEMBER_ID'));
  if (group.is('Dead')) return callback(syncError('COORDINATOR_NOT_AVAILABLE'));
  if (m.statics.isStaticMemberFenced(group, memberId, groupInstanceId, 'sync-group')) return callback(syncError('FENCED_INSTANCE_ID'));
  if (!group.has(memberId)) return callback(syncError('UNKNOWN_MEMBER_ID'));
  if (generationId !== group.generationId) return callback(syncError('ILLEGAL_GENERATION'));
  if (protocol.type !== null && group.protocolType !== protocol.type) return callback(syncError('INCONSISTENT_GROUP_PROTOCOL'));
  if (protocol.name !== null && group.protocolName !== protocol.name) return callback(syncError('INCONSISTENT_GROUP_PROTOCOL'));
  switch (group.state) {
    case 'Empty':
      return callback(syncError('UNKNOWN_MEMBER_ID'));
    case 'PreparingRebalance':
      return callback(syncError('REBALANCE_IN_PROGRESS'));
    case 'CompletingRebalance': {
      group.get(memberId).awaitingSyncCallback = callback;
      if (!group.isLeader(memberId)) return;
      m.logger.info(`Assignment received from leader for group ${group.groupId} for generation ${group.generationId}`);
      const assignment = new Map(assignments);
      const missing = [...group.members.keys()].filter((id) => !assignment.has(id));
      for (const id of missing) assignment.set(id, empty);
      if (missing.length > 0) {
        m.logger.warn(
          `Setting empty assignments for members Set(${missing.join(', ')}) of ${group.groupId} for generation ${group.generationId}`,
        );
      }
      void m.groupManager.storeGroup(group, assignment).then((storeError) => {
        // Another member may have joined meanwhile: only the same generation, still completing, goes on.
        if (!group.is('CompletingRebalance') || generationId !== group.generationId) return;
        if (storeError !== 'NONE') {
          resetAndPropagateAssignmentError(m, group, storeError);
          m.maybePrepareRebalance(group, `error when storing group assignment during SyncGroup (member: ${memberId})`);
        } else {
          for (const member of group.members.values()) member.assignment = assignment.get(member.memberId) ?? empty;
          propagateAssignment(m, group, 'NONE');
          group.transitionTo('Stable');
        }
      });
      return;
    }
    case 'Stable': {
      const member = group.get(memberId);
      callback({ protocolType: group.protocolType, protocolName: group.protocolName, assignment: member.assignment, error: 'NONE' });
      completeAndScheduleNextHeartbeatExpiration(m, group, member);
      return;
    }
  }
}

export function resetAndPropagateAssignmentError(m: MembershipCore, group: GroupMetadata, error: ErrorName): void {
  for (const member of group.members.values()) member.assignment = new Uint8Array(0);
  propagateAssignment(m, group, error);
}

function propagateAssignment(m: MembershipCore, group: GroupMetadata, error: ErrorName): void {
  const protocolType = error === 'NONE' ? group.protocolType : null;
  const protocolName = error === 'NONE' ? group.protocolName : null;
  for (const member of group.members.values()) {
    if (group.maybeInvokeSyncCallback(member, { protocolType, protocolName, assignment: member.assignment, error })) {
      // A session that ran out while waiting on the leader or the store is measured from now.
      completeAndScheduleNextHeartbeatExpiration(m, group, member);
    }
  }
}
