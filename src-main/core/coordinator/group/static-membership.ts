/**
 * The static-membership parts (KIP-345) of Kafka 2.5.1's GroupCoordinator: fencing a request that
 * names a known `group.instance.id` with another member id (FENCED_INSTANCE_ID, logged as
 * `GroupMetadata.isStaticMemberFenced` logs it), and `updateStaticMemberAndRebalance` — a static
 * member rejoining with an unknown member id takes over its old entry under a new id: no
 * rebalance while Stable (it is answered at once with the old leader id, so the current leader does
 * not assign again), a new rebalance while CompletingRebalance (the leader may be assigning to the
 * old id), nothing more while PreparingRebalance.
 */
import type { Logger } from '../../common/logging';
import { IllegalStateException } from '../../common/java-lang';
import type { GroupMetadata, JoinGroupProtocol, JoinGroupResult, MemberMetadata } from './group-metadata';

export interface StaticMembershipDeps {
  /** The GroupCoordinator's logger (`[GroupCoordinator N]: `). */
  coordinatorLogger: Logger;
  groupMetadataLogger: Logger;
  /** The old member id's heartbeat ends; the member's starts under its new id. */
  replaceHeartbeat: (group: GroupMetadata, oldMemberId: string, member: MemberMetadata) => void;
  prepareRebalance: (group: GroupMetadata, reason: string) => void;
}

export class StaticMembership {
  constructor(private readonly deps: StaticMembershipDeps) {}

  private coordinatorLog(level: 'INFO' | 'ERROR', message: string): void {
    this.deps.coordinatorLogger.log(level, message);
  }

  /**
   * An IllegalStateException 2.5.1 throws for a request it never expects (a pending member id with a
   * group instance id): KafkaApis answers it with UNKNOWN_SERVER_ERROR.
   */
  unexpected(message: string): void {
    this.coordinatorLog('ERROR', message);
  }

  isStaticMemberFenced(group: GroupMetadata, memberId: string, groupInstanceId: string | null, operation: string): boolean {
    if (!group.isStaticMemberFenced(memberId, groupInstanceId)) return false;
    this.deps.groupMetadataLogger.error(
      `given member.id ${memberId} is identified as a known static member ${groupInstanceId ?? ''}, but not matching the expected member.id ${group.getStaticMemberId(groupInstanceId ?? '')} during ${operation}, will respond with instance fenced error`,
    );
    return true;
  }

  updateStaticMemberAndRebalance(
    group: GroupMetadata,
    newMemberId: string,
    groupInstanceId: string,
    protocols: readonly JoinGroupProtocol[],
    callback: (result: JoinGroupResult) => void,
  ): void {
    const oldMemberId = group.getStaticMemberId(groupInstanceId);
    this.coordinatorLog(
      'INFO',
      `Static member Some(${groupInstanceId}) of group ${group.groupId} with unknown member id rejoins, assigning new member id ${newMemberId}, while old member id ${oldMemberId} will be removed.`,
    );
    const currentLeader = group.leaderId ?? '';
    const member = group.replaceGroupInstance(oldMemberId, newMemberId, groupInstanceId);
    this.deps.replaceHeartbeat(group, oldMemberId, member);
    group.updateMember(member, protocols, callback);
    switch (group.state) {
      case 'Stable':
        this.coordinatorLog('INFO', 'Static member joins during Stable stage will not trigger rebalance.');
        group.maybeInvokeJoinCallback(member, {
          members: [],
          memberId: newMemberId,
          generationId: group.generationId,
          protocolType: group.protocolType,
          protocolName: group.protocolName,
          leaderId: currentLeader,
          error: 'NONE',
        });
        return;
      case 'CompletingRebalance':
        return this.deps.prepareRebalance(
          group,
          `Updating metadata for static member ${member.memberId} with instance id Some(${groupInstanceId})`,
        );
      case 'PreparingRebalance':
        return;
      default:
        throw new IllegalStateException(
          `Group ${group.groupId} was not supposed to be in the state ${group.state} when the unknown static member Some(${groupInstanceId}) rejoins.`,
        );
    }
  }
}
