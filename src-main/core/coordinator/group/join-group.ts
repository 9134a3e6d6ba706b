/**
 * JoinGroup and the rebalance of Kafka 2.5.1's GroupCoordinator (`handleJoinGroup`,
 * `doUnknownJoinGroup`/`doJoinGroup`, `addMemberAndRebalance`, `updateMemberAndRebalance`,
 * `prepareRebalance`, `onCompleteJoin`), and the delayed joins a rebalance waits in — here timers on
 * the broker's clock:
 *
 * - the first rebalance of an empty group waits `group.initial.rebalance.delay.ms`, again while new
 *   members keep arriving, at most the rebalance timeout in all (`InitialDelayedJoin`);
 * - a later rebalance completes when every known member has rejoined or after the largest
 *   rebalance timeout, dropping those that did not (`DelayedJoin`).
 */
import { randomUuidBytes } from '../../platform/random';
import {
  GroupMetadata,
  joinError,
  MemberMetadata,
  type JoinGroupProtocol,
  type JoinGroupRequestArgs,
  type JoinGroupResult,
} from './group-metadata';
import {
  completeAndScheduleNextHeartbeatExpiration,
  removeHeartbeatForLeavingMember,
  scheduleHeartbeatExpiration,
  schedulePendingMemberExpiration,
} from './heartbeats';
import { partitionName, type MembershipCore } from './membership-core';
import { resetAndPropagateAssignmentError } from './sync-group';

/** A JoinGroup that has not yet been answered keeps the new member this long (`NewMemberJoinTimeoutMs`). */
const NEW_MEMBER_JOIN_TIMEOUT_MS = 5 * 60 * 1000;

export function joinGroup(m: MembershipCore, args: JoinGroupRequestArgs, callback: (result: JoinGroupResult) => void): void {
  const error = m.deps.validateGroupStatus(args.groupId, 'JoinGroup');
  if (error) return callback(joinError(args.memberId, error));
  if (args.sessionTimeoutMs < m.deps.config.groupMinSessionTimeoutMs || args.sessionTimeoutMs > m.deps.config.groupMaxSessionTimeoutMs) {
    return callback(joinError(args.memberId, 'INVALID_SESSION_TIMEOUT'));
  }
  const isUnknownMember = args.memberId === '';
  let group = m.groupManager.getGroup(args.groupId);
  if (!group) {
    if (!isUnknownMember) return callback(joinError(args.memberId, 'UNKNOWN_MEMBER_ID'));
    group = m.groupManager.addGroup(new GroupMetadata(args.groupId, 'Empty', () => m.deps.time.nowMs()));
  }
  if (isUnknownMember) doUnknownJoinGroup(m, group, args, callback);
  else doJoinGroup(m, group, args, callback);
  if (group.is('PreparingRebalance')) checkJoin(m, group);
}

function generateMemberId(m: MembershipCore, clientId: string, groupInstanceId: string | null): string {
  const hex = [...randomUuidBytes(m.deps.random)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return `${groupInstanceId ?? clientId}-${uuid}`;
}

function doUnknownJoinGroup(
  m: MembershipCore,
  group: GroupMetadata,
  args: JoinGroupRequestArgs,
  callback: (result: JoinGroupResult) => void,
): void {
  if (group.is('Dead')) return callback(joinError('', 'COORDINATOR_NOT_AVAILABLE'));
  if (!group.supportsProtocols(args.protocolType, new Set(args.protocols.map((p) => p.name))))
    return callback(joinError('', 'INCONSISTENT_GROUP_PROTOCOL'));
  const newMemberId = generateMemberId(m, args.clientId, args.groupInstanceId);
  if (group.hasStaticMember(args.groupInstanceId))
    return m.statics.updateStaticMemberAndRebalance(group, newMemberId, args.groupInstanceId, args.protocols, callback);
  if (args.requireKnownMemberId) {
    group.addPendingMember(newMemberId);
    schedulePendingMemberExpiration(m, group, newMemberId, args.sessionTimeoutMs);
    return callback(joinError(newMemberId, 'MEMBER_ID_REQUIRED'));
  }
  m.logger.info(
    `${args.groupInstanceId !== null ? 'Static' : 'Dynamic'} Member with unknown member id joins group ${group.groupId} in ${group.state} state. Created a new member id ${newMemberId} for this member and add to the group.`,
  );
  addMemberAndRebalance(m, group, { ...args, memberId: newMemberId }, callback);
}

function doJoinGroup(
  m: MembershipCore,
  group: GroupMetadata,
  args: JoinGroupRequestArgs,
  callback: (result: JoinGroupResult) => void,
): void {
  const memberId = args.memberId;
  if (group.is('Dead')) return callback(joinError(memberId, 'COORDINATOR_NOT_AVAILABLE'));
  if (!group.supportsProtocols(args.protocolType, new Set(args.protocols.map((p) => p.name))))
    return callback(joinError(memberId, 'INCONSISTENT_GROUP_PROTOCOL'));
  if (group.isPendingMember(memberId)) {
    if (args.groupInstanceId !== null) {
      m.statics.unexpected(
        `the static member Some(${args.groupInstanceId}) was not expected to be assigned into pending member bucket with member id ${memberId}`,
      );
      return callback(joinError(memberId, 'UNKNOWN_SERVER_ERROR'));
    }
    return addMemberAndRebalance(m, group, args, callback);
  }
  if (m.statics.isStaticMemberFenced(group, memberId, args.groupInstanceId, 'join-group'))
    return callback(joinError(memberId, 'FENCED_INSTANCE_ID'));
  // A static member with an instance id the group does not know resets its member id and retries.
  if (!group.has(memberId) || (args.groupInstanceId !== null && !group.hasStaticMember(args.groupInstanceId)))
    return callback(joinError(memberId, 'UNKNOWN_MEMBER_ID'));
  const member = group.get(memberId);
  switch (group.state) {
    case 'PreparingRebalance':
      return updateMemberAndRebalance(m, group, member, args.protocols, callback);
    case 'CompletingRebalance':
      if (member.matches(args.protocols)) {
        // It missed the JoinGroup answer of this generation: it gets it again.
        return callback(joinResult(group, memberId, group.isLeader(memberId)));
      }
      return updateMemberAndRebalance(m, group, member, args.protocols, callback);
    case 'Stable':
      if (group.isLeader(memberId) || !member.matches(args.protocols))
        return updateMemberAndRebalance(m, group, member, args.protocols, callback);
      return callback(joinResult(group, memberId, false));
    case 'Empty':
    case 'Dead':
      m.logger.warn(`Attempt to add rejoining member ${memberId} of group ${group.groupId} in unexpected group state ${group.state}`);
      return callback(joinError(memberId, 'UNKNOWN_MEMBER_ID'));
  }
}

function joinResult(group: GroupMetadata, memberId: string, withMembers: boolean): JoinGroupResult {
  return {
    members: withMembers ? group.currentMemberMetadata() : [],
    memberId,
    generationId: group.generationId,
    protocolType: group.protocolType,
    protocolName: group.protocolName,
    leaderId: group.leaderId ?? '',
    error: 'NONE',
  };
}

function addMemberAndRebalance(
  m: MembershipCore,
  group: GroupMetadata,
  args: JoinGroupRequestArgs,
  callback: (result: JoinGroupResult) => void,
): void {
  const member = new MemberMetadata(
    args.memberId,
    group.groupId,
    args.groupInstanceId,
    args.clientId,
    args.clientHost,
    args.rebalanceTimeoutMs,
    args.sessionTimeoutMs,
    args.protocolType,
    args.protocols,
  );
  member.isNew = true;
  // Lets the initial delay wait once more for further members.
  if (group.is('PreparingRebalance') && group.generationId === 0) group.newMemberAdded = true;
  group.add(member, callback);
  // A new member cannot heartbeat before its JoinGroup is answered; it is dropped if that takes too long.
  scheduleHeartbeatExpiration(m, group, member, NEW_MEMBER_JOIN_TIMEOUT_MS);
  if (args.groupInstanceId !== null) {
    m.logger.info(`Adding new static member Some(${args.groupInstanceId}) to group ${group.groupId} with member id ${member.memberId}.`);
    group.addStaticMember(args.groupInstanceId, member.memberId);
  } else {
    group.removePendingMember(member.memberId);
  }
  maybePrepareRebalance(
    m,
    group,
    `Adding new member ${member.memberId} with group instance id ${args.groupInstanceId === null ? 'None' : `Some(${args.groupInstanceId})`}`,
  );
}

function updateMemberAndRebalance(
  m: MembershipCore,
  group: GroupMetadata,
  member: MemberMetadata,
  protocols: readonly JoinGroupProtocol[],
  callback: (result: JoinGroupResult) => void,
): void {
  group.updateMember(member, protocols, callback);
  maybePrepareRebalance(m, group, `Updating metadata for member ${member.memberId}`);
}

export function maybePrepareRebalance(m: MembershipCore, group: GroupMetadata, reason: string): void {
  if (group.canRebalance()) prepareRebalance(m, group, reason);
}

export function prepareRebalance(m: MembershipCore, group: GroupMetadata, reason: string): void {
  // Members waiting on SyncGroup must rejoin.
  if (group.is('CompletingRebalance')) resetAndPropagateAssignmentError(m, group, 'REBALANCE_IN_PROGRESS');
  const wasEmpty = group.is('Empty');
  group.transitionTo('PreparingRebalance');
  m.logger.info(
    `Preparing to rebalance group ${group.groupId} in state ${group.state} with old generation ${group.generationId} (${partitionName(m, group.groupId)}) (reason: ${reason})`,
  );
  if (wasEmpty) {
    const delay = m.deps.config.groupInitialRebalanceDelayMs;
    watchInitialJoin(m, group, delay, Math.max(group.rebalanceTimeoutMs - delay, 0));
  } else {
    watchJoin(m, group);
  }
}

function watchInitialJoin(m: MembershipCore, group: GroupMetadata, delayMs: number, remainingMs: number): void {
  const configured = m.deps.config.groupInitialRebalanceDelayMs;
  m.joins.schedule(group.groupId, delayMs, true, () => {
    if (group.newMemberAdded && remainingMs !== 0) {
      group.newMemberAdded = false;
      const delay = Math.min(configured, remainingMs);
      watchInitialJoin(m, group, delay, Math.max(remainingMs - delay, 0));
    } else {
      onCompleteJoin(m, group);
    }
  });
}

function watchJoin(m: MembershipCore, group: GroupMetadata): void {
  m.joins.schedule(group.groupId, group.rebalanceTimeoutMs, false, () => onCompleteJoin(m, group));
  checkJoin(m, group);
}

/** `joinPurgatory.checkAndComplete`: a DelayedJoin completes once everyone has rejoined. */
export function checkJoin(m: MembershipCore, group: GroupMetadata): void {
  if (m.joins.tagOf(group.groupId) !== false || !group.hasAllMembersJoined()) return;
  m.joins.cancel(group.groupId);
  onCompleteJoin(m, group);
}

function onCompleteJoin(m: MembershipCore, group: GroupMetadata): void {
  // Static members that have not rejoined stay until their session times out.
  for (const failed of group.notYetRejoinedMembers().filter((member) => member.groupInstanceId === null)) {
    removeHeartbeatForLeavingMember(m, group, failed);
    group.remove(failed.memberId);
    group.removeStaticMember(failed.groupInstanceId);
  }
  if (group.is('Dead')) {
    m.logger.info(`Group ${group.groupId} is dead, skipping rebalance stage`);
    return;
  }
  if (!group.maybeElectNewJoinedLeader() && group.size > 0) {
    m.logger.error(`Group ${group.groupId} could not complete rebalance because no members rejoined`);
    watchJoin(m, group);
    return;
  }
  group.initNextGeneration();
  if (group.is('Empty')) {
    m.logger.info(`Group ${group.groupId} with generation ${group.generationId} is now empty (${partitionName(m, group.groupId)})`);
    void m.groupManager.storeGroup(group, new Map());
    return;
  }
  m.logger.info(`Stabilized group ${group.groupId} generation ${group.generationId} (${partitionName(m, group.groupId)})`);
  for (const member of [...group.members.values()]) {
    group.maybeInvokeJoinCallback(member, joinResult(group, member.memberId, group.isLeader(member.memberId)));
    completeAndScheduleNextHeartbeatExpiration(m, group, member);
    member.isNew = false;
  }
}
