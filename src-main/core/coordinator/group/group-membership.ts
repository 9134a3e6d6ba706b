/**
 * The membership half of Kafka 2.5's `GroupCoordinator`: JoinGroup, SyncGroup, Heartbeat and
 * LeaveGroup, and the delayed operations a rebalance waits in — here timers on the broker's clock:
 *
 * - the first rebalance of an empty group waits `group.initial.rebalance.delay.ms`, again while new
 *   members keep arriving, at most the rebalance timeout in all (`InitialDelayedJoin`);
 * - a later rebalance completes when every known member has rejoined or after the largest
 *   rebalance timeout, dropping those that did not (`DelayedJoin`);
 * - a member that neither heartbeats nor waits on a JoinGroup/SyncGroup within its session timeout
 *   is removed (`DelayedHeartbeat`), as is a member id handed out with MEMBER_ID_REQUIRED and
 *   never used.
 *
 * Static members (`group.instance.id`, KIP-345) keep their place across restarts (static-membership.ts):
 * a rebalance does not drop one that has not rejoined (only its session timeout does).
 */
import type { Logger } from '../../common/logging';
import type { ErrorName } from '../../common/kafka-errors';
import { randomUuidBytes, type Random } from '../../platform/random';
import type { Time } from '../../platform/scheduler';
import {
  GroupMetadata,
  joinError,
  MemberMetadata,
  syncError,
  type GroupApiName,
  type GroupConfig,
  type JoinGroupProtocol,
  type JoinGroupRequestArgs,
  type JoinGroupResult,
  type SyncGroupResult,
} from './group-metadata';
import { GROUP_METADATA_TOPIC_NAME, type GroupMetadataManager } from './group-metadata-manager';
import { KeyedTimers } from './keyed-timers';
import { StaticMembership } from './static-membership';

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

/** A JoinGroup that has not yet been answered keeps the new member this long (`NewMemberJoinTimeoutMs`). */
const NEW_MEMBER_JOIN_TIMEOUT_MS = 5 * 60 * 1000;

export class GroupMembership {
  /** Per member: its session deadline (or a pending member id's). */
  private readonly heartbeats: KeyedTimers;
  /** Per group: the rebalance's wait, tagged `true` for an InitialDelayedJoin (which only completes when its time is up). */
  private readonly joins: KeyedTimers<boolean>;

  private readonly statics: StaticMembership;

  constructor(private readonly deps: GroupMembershipDeps) {
    this.heartbeats = new KeyedTimers(deps.time, 'heartbeat');
    this.joins = new KeyedTimers(deps.time, 'delayed-join');
    this.statics = new StaticMembership({
      coordinatorLogger: deps.logger,
      groupMetadataLogger: deps.groupMetadataLogger,
      replaceHeartbeat: (group, oldMemberId, member) => {
        // The old id's heartbeat finds no member and expires without effect.
        this.heartbeats.cancel(this.memberKey(group.groupId, oldMemberId));
        this.completeAndScheduleNextHeartbeatExpiration(group, member);
      },
      prepareRebalance: (group, reason) => this.prepareRebalance(group, reason),
    });
  }

  private get groupManager(): GroupMetadataManager {
    return this.deps.groupManager;
  }

  private get logger(): Logger {
    return this.deps.logger;
  }

  private get now(): number {
    return this.deps.time.nowMs();
  }

  private validateGroupStatus(groupId: string, api: GroupApiName): ErrorName | null {
    return this.deps.validateGroupStatus(groupId, api);
  }

  private partitionName(groupId: string): string {
    return `${GROUP_METADATA_TOPIC_NAME}-${this.groupManager.partitionFor(groupId)}`;
  }

  /** Every timer stops (the coordinator shuts down or its broker dies). */
  stop(): void {
    this.heartbeats.stop();
    this.joins.stop();
  }

  /** A group read from the log: its members must heartbeat within their session timeouts. */
  onGroupLoaded(group: GroupMetadata): void {
    for (const member of group.members.values()) this.completeAndScheduleNextHeartbeatExpiration(group, member);
  }

  // ---- JoinGroup ----

  handleJoinGroup(args: JoinGroupRequestArgs): Promise<JoinGroupResult> {
    return new Promise((resolve) => this.joinGroup(args, resolve));
  }

  private joinGroup(args: JoinGroupRequestArgs, callback: (result: JoinGroupResult) => void): void {
    const error = this.validateGroupStatus(args.groupId, 'JoinGroup');
    if (error) return callback(joinError(args.memberId, error));
    if (
      args.sessionTimeoutMs < this.deps.config.groupMinSessionTimeoutMs ||
      args.sessionTimeoutMs > this.deps.config.groupMaxSessionTimeoutMs
    ) {
      return callback(joinError(args.memberId, 'INVALID_SESSION_TIMEOUT'));
    }
    const isUnknownMember = args.memberId === '';
    let group = this.groupManager.getGroup(args.groupId);
    if (!group) {
      if (!isUnknownMember) return callback(joinError(args.memberId, 'UNKNOWN_MEMBER_ID'));
      group = this.groupManager.addGroup(new GroupMetadata(args.groupId, 'Empty', () => this.now));
    }
    if (isUnknownMember) this.doUnknownJoinGroup(group, args, callback);
    else this.doJoinGroup(group, args, callback);
    if (group.is('PreparingRebalance')) this.checkJoin(group);
  }

  private generateMemberId(clientId: string, groupInstanceId: string | null): string {
    const hex = [...randomUuidBytes(this.deps.random)].map((b) => b.toString(16).padStart(2, '0')).join('');
    const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return `${groupInstanceId ?? clientId}-${uuid}`;
  }

  private doUnknownJoinGroup(group: GroupMetadata, args: JoinGroupRequestArgs, callback: (result: JoinGroupResult) => void): void {
    if (group.is('Dead')) return callback(joinError('', 'COORDINATOR_NOT_AVAILABLE'));
    if (!group.supportsProtocols(args.protocolType, new Set(args.protocols.map((p) => p.name))))
      return callback(joinError('', 'INCONSISTENT_GROUP_PROTOCOL'));
    const newMemberId = this.generateMemberId(args.clientId, args.groupInstanceId);
    if (group.hasStaticMember(args.groupInstanceId))
      return this.statics.updateStaticMemberAndRebalance(group, newMemberId, args.groupInstanceId, args.protocols, callback);
    if (args.requireKnownMemberId) {
      group.addPendingMember(newMemberId);
      this.schedulePendingMemberExpiration(group, newMemberId, args.sessionTimeoutMs);
      return callback(joinError(newMemberId, 'MEMBER_ID_REQUIRED'));
    }
    this.logger.info(
      `${args.groupInstanceId !== null ? 'Static' : 'Dynamic'} Member with unknown member id joins group ${group.groupId} in ${group.state} state. Created a new member id ${newMemberId} for this member and add to the group.`,
    );
    this.addMemberAndRebalance(group, { ...args, memberId: newMemberId }, callback);
  }

  /** `isStaticMemberFenced`, logged as Kafka logs it (static-membership.ts). */
  isStaticMemberFenced(group: GroupMetadata, memberId: string, groupInstanceId: string | null, operation: string): boolean {
    return this.statics.isStaticMemberFenced(group, memberId, groupInstanceId, operation);
  }

  private doJoinGroup(group: GroupMetadata, args: JoinGroupRequestArgs, callback: (result: JoinGroupResult) => void): void {
    const memberId = args.memberId;
    if (group.is('Dead')) return callback(joinError(memberId, 'COORDINATOR_NOT_AVAILABLE'));
    if (!group.supportsProtocols(args.protocolType, new Set(args.protocols.map((p) => p.name))))
      return callback(joinError(memberId, 'INCONSISTENT_GROUP_PROTOCOL'));
    if (group.isPendingMember(memberId)) {
      if (args.groupInstanceId !== null) {
        this.statics.unexpected(
          `the static member Some(${args.groupInstanceId}) was not expected to be assigned into pending member bucket with member id ${memberId}`,
        );
        return callback(joinError(memberId, 'UNKNOWN_SERVER_ERROR'));
      }
      return this.addMemberAndRebalance(group, args, callback);
    }
    if (this.isStaticMemberFenced(group, memberId, args.groupInstanceId, 'join-group'))
      return callback(joinError(memberId, 'FENCED_INSTANCE_ID'));
    // A static member with an instance id the group does not know resets its member id and retries.
    if (!group.has(memberId) || (args.groupInstanceId !== null && !group.hasStaticMember(args.groupInstanceId)))
      return callback(joinError(memberId, 'UNKNOWN_MEMBER_ID'));
    const member = group.get(memberId);
    switch (group.state) {
      case 'PreparingRebalance':
        return this.updateMemberAndRebalance(group, member, args.protocols, callback);
      case 'CompletingRebalance':
        if (member.matches(args.protocols)) {
          // It missed the JoinGroup answer of this generation: it gets it again.
          return callback(this.joinResult(group, memberId, group.isLeader(memberId)));
        }
        return this.updateMemberAndRebalance(group, member, args.protocols, callback);
      case 'Stable':
        if (group.isLeader(memberId) || !member.matches(args.protocols))
          return this.updateMemberAndRebalance(group, member, args.protocols, callback);
        return callback(this.joinResult(group, memberId, false));
      case 'Empty':
      case 'Dead':
        this.logger.warn(`Attempt to add rejoining member ${memberId} of group ${group.groupId} in unexpected group state ${group.state}`);
        return callback(joinError(memberId, 'UNKNOWN_MEMBER_ID'));
    }
  }

  private joinResult(group: GroupMetadata, memberId: string, withMembers: boolean): JoinGroupResult {
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

  private addMemberAndRebalance(group: GroupMetadata, args: JoinGroupRequestArgs, callback: (result: JoinGroupResult) => void): void {
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
    this.scheduleHeartbeatExpiration(group, member, NEW_MEMBER_JOIN_TIMEOUT_MS);
    if (args.groupInstanceId !== null) {
      this.logger.info(
        `Adding new static member Some(${args.groupInstanceId}) to group ${group.groupId} with member id ${member.memberId}.`,
      );
      group.addStaticMember(args.groupInstanceId, member.memberId);
    } else {
      group.removePendingMember(member.memberId);
    }
    this.maybePrepareRebalance(
      group,
      `Adding new member ${member.memberId} with group instance id ${args.groupInstanceId === null ? 'None' : `Some(${args.groupInstanceId})`}`,
    );
  }

  private updateMemberAndRebalance(
    group: GroupMetadata,
    member: MemberMetadata,
    protocols: readonly JoinGroupProtocol[],
    callback: (result: JoinGroupResult) => void,
  ): void {
    group.updateMember(member, protocols, callback);
    this.maybePrepareRebalance(group, `Updating metadata for member ${member.memberId}`);
  }

  private maybePrepareRebalance(group: GroupMetadata, reason: string): void {
    if (group.canRebalance()) this.prepareRebalance(group, reason);
  }

  private prepareRebalance(group: GroupMetadata, reason: string): void {
    // Members waiting on SyncGroup must rejoin.
    if (group.is('CompletingRebalance')) this.resetAndPropagateAssignmentError(group, 'REBALANCE_IN_PROGRESS');
    const wasEmpty = group.is('Empty');
    group.transitionTo('PreparingRebalance');
    this.logger.info(
      `Preparing to rebalance group ${group.groupId} in state ${group.state} with old generation ${group.generationId} (${this.partitionName(group.groupId)}) (reason: ${reason})`,
    );
    if (wasEmpty) {
      const delay = this.deps.config.groupInitialRebalanceDelayMs;
      this.watchInitialJoin(group, delay, Math.max(group.rebalanceTimeoutMs - delay, 0));
    } else {
      this.watchJoin(group);
    }
  }

  private watchInitialJoin(group: GroupMetadata, delayMs: number, remainingMs: number): void {
    const configured = this.deps.config.groupInitialRebalanceDelayMs;
    this.joins.schedule(group.groupId, delayMs, true, () => {
      if (group.newMemberAdded && remainingMs !== 0) {
        group.newMemberAdded = false;
        const delay = Math.min(configured, remainingMs);
        this.watchInitialJoin(group, delay, Math.max(remainingMs - delay, 0));
      } else {
        this.onCompleteJoin(group);
      }
    });
  }

  private watchJoin(group: GroupMetadata): void {
    this.joins.schedule(group.groupId, group.rebalanceTimeoutMs, false, () => this.onCompleteJoin(group));
    this.checkJoin(group);
  }

  /** `joinPurgatory.checkAndComplete`: a DelayedJoin completes once everyone has rejoined. */
  private checkJoin(group: GroupMetadata): void {
    if (this.joins.tagOf(group.groupId) !== false || !group.hasAllMembersJoined()) return;
    this.joins.cancel(group.groupId);
    this.onCompleteJoin(group);
  }

  private onCompleteJoin(group: GroupMetadata): void {
    // Static members that have not rejoined stay until their session times out.
    for (const failed of group.notYetRejoinedMembers().filter((m) => m.groupInstanceId === null)) {
      this.removeHeartbeatForLeavingMember(group, failed);
      group.remove(failed.memberId);
      group.removeStaticMember(failed.groupInstanceId);
    }
    if (group.is('Dead')) {
      this.logger.info(`Group ${group.groupId} is dead, skipping rebalance stage`);
      return;
    }
    if (!group.maybeElectNewJoinedLeader() && group.size > 0) {
      this.logger.error(`Group ${group.groupId} could not complete rebalance because no members rejoined`);
      this.watchJoin(group);
      return;
    }
    group.initNextGeneration();
    if (group.is('Empty')) {
      this.logger.info(`Group ${group.groupId} with generation ${group.generationId} is now empty (${this.partitionName(group.groupId)})`);
      void this.groupManager.storeGroup(group, new Map());
      return;
    }
    this.logger.info(`Stabilized group ${group.groupId} generation ${group.generationId} (${this.partitionName(group.groupId)})`);
    for (const member of [...group.members.values()]) {
      group.maybeInvokeJoinCallback(member, this.joinResult(group, member.memberId, group.isLeader(member.memberId)));
      this.completeAndScheduleNextHeartbeatExpiration(group, member);
      member.isNew = false;
    }
  }

  // ---- SyncGroup ----

  /** `protocol`: SyncGroup v5+'s protocol type and name, which must be the group's (null: not checked). */
  handleSyncGroup(
    groupId: string,
    generationId: number,
    memberId: string,
    assignments: ReadonlyMap<string, Uint8Array>,
    protocol: { type: string | null; name: string | null } = { type: null, name: null },
    groupInstanceId: string | null = null,
  ): Promise<SyncGroupResult> {
    return new Promise((resolve) => this.syncGroup(groupId, generationId, memberId, assignments, protocol, groupInstanceId, resolve));
  }

  private syncGroup(
    groupId: string,
    generationId: number,
    memberId: string,
    assignments: ReadonlyMap<string, Uint8Array>,
    protocol: { type: string | null; name: string | null },
    groupInstanceId: string | null,
    callback: (result: SyncGroupResult) => void,
  ): void {
    const empty = new Uint8Array(0);
    const error = this.validateGroupStatus(groupId, 'SyncGroup');
    // A loading coordinator has lost the rebalance: the member rejoins without looking for a coordinator.
    if (error) return callback(syncError(error === 'COORDINATOR_LOAD_IN_PROGRESS' ? 'REBALANCE_IN_PROGRESS' : error));
    const group = this.groupManager.getGroup(groupId);
    if (!group) return callback(syncError('UNKNOWN_MEMBER_ID'));
    if (group.is('Dead')) return callback(syncError('COORDINATOR_NOT_AVAILABLE'));
    if (this.isStaticMemberFenced(group, memberId, groupInstanceId, 'sync-group')) return callback(syncError('FENCED_INSTANCE_ID'));
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
        this.logger.info(`Assignment received from leader for group ${group.groupId} for generation ${group.generationId}`);
        const assignment = new Map(assignments);
        const missing = [...group.members.keys()].filter((id) => !assignment.has(id));
        for (const id of missing) assignment.set(id, empty);
        if (missing.length > 0) {
          this.logger.warn(
            `Setting empty assignments for members Set(${missing.join(', ')}) of ${group.groupId} for generation ${group.generationId}`,
          );
        }
        void this.groupManager.storeGroup(group, assignment).then((storeError) => {
          // Another member may have joined meanwhile: only the same generation, still completing, goes on.
          if (!group.is('CompletingRebalance') || generationId !== group.generationId) return;
          if (storeError !== 'NONE') {
            this.resetAndPropagateAssignmentError(group, storeError);
            this.maybePrepareRebalance(group, `error when storing group assignment during SyncGroup (member: ${memberId})`);
          } else {
            for (const m of group.members.values()) m.assignment = assignment.get(m.memberId) ?? empty;
            this.propagateAssignment(group, 'NONE');
            group.transitionTo('Stable');
          }
        });
        return;
      }
      case 'Stable': {
        const member = group.get(memberId);
        callback({ protocolType: group.protocolType, protocolName: group.protocolName, assignment: member.assignment, error: 'NONE' });
        this.completeAndScheduleNextHeartbeatExpiration(group, member);
        return;
      }
    }
  }

  private resetAndPropagateAssignmentError(group: GroupMetadata, error: ErrorName): void {
    for (const m of group.members.values()) m.assignment = new Uint8Array(0);
    this.propagateAssignment(group, error);
  }

  private propagateAssignment(group: GroupMetadata, error: ErrorName): void {
    const protocolType = error === 'NONE' ? group.protocolType : null;
    const protocolName = error === 'NONE' ? group.protocolName : null;
    for (const member of group.members.values()) {
      if (group.maybeInvokeSyncCallback(member, { protocolType, protocolName, assignment: member.assignment, error })) {
        // A session that ran out while waiting on the leader or the store is measured from now.
        this.completeAndScheduleNextHeartbeatExpiration(group, member);
      }
    }
  }

  // ---- Heartbeat ----

  handleHeartbeat(groupId: string, memberId: string, generationId: number, groupInstanceId: string | null = null): ErrorName {
    const error = this.validateGroupStatus(groupId, 'Heartbeat');
    // The group is still loading: answer blindly.
    if (error) return error === 'COORDINATOR_LOAD_IN_PROGRESS' ? 'NONE' : error;
    const group = this.groupManager.getGroup(groupId);
    if (!group) return 'UNKNOWN_MEMBER_ID';
    if (group.is('Dead')) return 'COORDINATOR_NOT_AVAILABLE';
    if (this.isStaticMemberFenced(group, memberId, groupInstanceId, 'heartbeat')) return 'FENCED_INSTANCE_ID';
    if (!group.has(memberId)) return 'UNKNOWN_MEMBER_ID';
    if (generationId !== group.generationId) return 'ILLEGAL_GENERATION';
    switch (group.state) {
      case 'Empty':
        return 'UNKNOWN_MEMBER_ID';
      case 'CompletingRebalance':
        // A member may heartbeat between its JoinGroup answer and its SyncGroup.
        this.completeAndScheduleNextHeartbeatExpiration(group, group.get(memberId));
        return 'NONE';
      case 'PreparingRebalance':
        this.completeAndScheduleNextHeartbeatExpiration(group, group.get(memberId));
        return 'REBALANCE_IN_PROGRESS';
      default:
        this.completeAndScheduleNextHeartbeatExpiration(group, group.get(memberId));
        return 'NONE';
    }
  }

  private memberKey(groupId: string, memberId: string): string {
    return `${groupId}\u0000${memberId}`;
  }

  completeAndScheduleNextHeartbeatExpiration(group: GroupMetadata, member: MemberMetadata): void {
    this.scheduleHeartbeatExpiration(group, member, member.sessionTimeoutMs);
  }

  /** `completeAndScheduleNextExpiration`: the previous deadline is met; a new one starts now. */
  private scheduleHeartbeatExpiration(group: GroupMetadata, member: MemberMetadata, timeoutMs: number): void {
    const key = this.memberKey(group.groupId, member.memberId);
    this.heartbeats.cancel(key);
    member.heartbeatSatisfied = false;
    // DelayedHeartbeat.tryComplete on watch: nothing to expire for a member already satisfied.
    if (!group.has(member.memberId) || member.hasSatisfiedHeartbeat || member.isLeaving) return;
    this.heartbeats.schedule(key, timeoutMs, undefined, () => this.onExpireHeartbeat(group, member.memberId));
  }

  private onExpireHeartbeat(group: GroupMetadata, memberId: string): void {
    if (group.is('Dead') || !group.has(memberId)) return;
    const member = group.get(memberId);
    if (member.hasSatisfiedHeartbeat) return;
    this.logger.info(`Member ${memberId} in group ${group.groupId} has failed, removing it from the group`);
    this.removeMemberAndUpdateGroup(group, member, `removing member ${memberId} on heartbeat expiration`);
  }

  private schedulePendingMemberExpiration(group: GroupMetadata, memberId: string, timeoutMs: number): void {
    this.heartbeats.schedule(this.memberKey(group.groupId, memberId), timeoutMs, undefined, () => {
      if (group.is('Dead') || !group.isPendingMember(memberId)) return;
      this.logger.info(`Pending member ${memberId} in group ${group.groupId} has been removed after session timeout expiration.`);
      this.removePendingMemberAndUpdateGroup(group, memberId);
    });
  }

  private removePendingMemberAndUpdateGroup(group: GroupMetadata, memberId: string): void {
    group.removePendingMember(memberId);
    if (group.is('PreparingRebalance')) this.checkJoin(group);
  }

  private removeHeartbeatForLeavingMember(group: GroupMetadata, member: MemberMetadata): void {
    member.isLeaving = true;
    this.heartbeats.cancel(this.memberKey(group.groupId, member.memberId));
  }

  private removeMemberAndUpdateGroup(group: GroupMetadata, member: MemberMetadata, reason: string): void {
    // A new member may time out while its JoinGroup is still waiting.
    group.maybeInvokeJoinCallback(member, joinError(member.memberId, 'UNKNOWN_MEMBER_ID'));
    group.remove(member.memberId);
    group.removeStaticMember(member.groupInstanceId);
    switch (group.state) {
      case 'Stable':
      case 'CompletingRebalance':
        this.maybePrepareRebalance(group, reason);
        break;
      case 'PreparingRebalance':
        this.checkJoin(group);
        break;
      default:
        break;
    }
  }

  // ---- LeaveGroup ----

  handleLeaveGroup(
    groupId: string,
    leaving: ReadonlyArray<{ memberId: string; groupInstanceId: string | null }>,
  ): { error: ErrorName; members: Array<{ memberId: string; groupInstanceId: string | null; error: ErrorName }> } {
    const error = this.validateGroupStatus(groupId, 'LeaveGroup');
    if (error) return { error, members: [] };
    const group = this.groupManager.getGroup(groupId);
    if (!group) return { error: 'NONE', members: leaving.map((m) => ({ ...m, error: 'UNKNOWN_MEMBER_ID' })) };
    if (group.is('Dead')) return { error: 'COORDINATOR_NOT_AVAILABLE', members: [] };
    const pendingStatic = leaving.find(
      (m) => group.isPendingMember(m.memberId) && m.groupInstanceId !== null && !group.isStaticMemberFenced(m.memberId, m.groupInstanceId),
    );
    const members = leaving.slice(0, pendingStatic ? leaving.indexOf(pendingStatic) : leaving.length).map((m) => {
      if (m.memberId !== '' && this.isStaticMemberFenced(group, m.memberId, m.groupInstanceId, 'leave-group'))
        return { ...m, error: 'FENCED_INSTANCE_ID' as ErrorName };
      if (group.isPendingMember(m.memberId)) {
        this.logger.info(`Pending member ${m.memberId} is leaving group ${group.groupId}.`);
        this.removePendingMemberAndUpdateGroup(group, m.memberId);
        this.heartbeats.cancel(this.memberKey(group.groupId, m.memberId));
        return { ...m, error: 'NONE' as ErrorName };
      }
      const isStatic = group.hasStaticMember(m.groupInstanceId);
      if (!group.has(m.memberId) && !isStatic) return { ...m, error: 'UNKNOWN_MEMBER_ID' as ErrorName };
      // A static member may leave by its instance id alone (an admin's LeaveGroup v3+).
      const member = group.get(isStatic ? group.getStaticMemberId(m.groupInstanceId ?? '') : m.memberId);
      this.removeHeartbeatForLeavingMember(group, member);
      this.logger.info(
        `Member[group.instance.id ${member.groupInstanceId === null ? 'None' : `Some(${member.groupInstanceId})`}, member.id ${member.memberId}] in group ${group.groupId} has left, removing it from the group`,
      );
      this.removeMemberAndUpdateGroup(group, member, `removing member ${m.memberId} on LeaveGroup`);
      return { ...m, error: 'NONE' as ErrorName };
    });
    if (pendingStatic) {
      // The members before it have left; the request fails as a whole.
      this.statics.unexpected(
        `the static member Some(${pendingStatic.groupInstanceId}) was not expected to be leaving from pending member bucket with member id ${pendingStatic.memberId}`,
      );
      return { error: 'UNKNOWN_SERVER_ERROR', members: [] };
    }
    return { error: 'NONE', members };
  }

  /** The group moves away: waiting members learn NOT_COORDINATOR and find the new coordinator. */
  onGroupUnloaded(group: GroupMetadata, log = true): void {
    const previous = group.state;
    group.transitionTo('Dead');
    if (log) this.logger.info(`Unloading group metadata for ${group.groupId} with generation ${group.generationId}`);
    this.joins.cancel(group.groupId);
    for (const member of group.members.values()) {
      if (previous === 'PreparingRebalance') group.maybeInvokeJoinCallback(member, joinError(member.memberId, 'NOT_COORDINATOR'));
      else group.maybeInvokeSyncCallback(member, syncError('NOT_COORDINATOR'));
      this.heartbeats.cancel(this.memberKey(group.groupId, member.memberId));
    }
  }
}
