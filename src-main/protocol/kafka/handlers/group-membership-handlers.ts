/**
 * JoinGroup, SyncGroup, Heartbeat and LeaveGroup, as `KafkaApis` hands them to the broker's
 * GroupCoordinator. The member's host is the client address as Kafka prints it (`/127.0.0.1`);
 * v0 JoinGroup has no rebalance timeout, so the session timeout serves as one; v4+ JoinGroup
 * without a group instance id requires a known member id (MEMBER_ID_REQUIRED with one to use);
 * JoinGroup v7 and SyncGroup v5 carry the group's protocol type and name, which a v5 SyncGroup
 * must name (INCONSISTENT_GROUP_PROTOCOL otherwise). SyncGroup v3+, Heartbeat v3+ and LeaveGroup v3+
 * carry the static member's group instance id, which fencing checks.
 */
import type { KafkaServer } from '../../../core/broker/kafka-server';
import { Errors, type ErrorName } from '../../../core/common/kafka-errors';
import { syncError, type SyncGroupResult } from '../../../core/coordinator/group/group-metadata';
import type { ApiHandler, RequestContext } from '../kafka-apis';
import type { HeartbeatRequest, HeartbeatResponse } from '../messages/heartbeat';
import type { JoinGroupRequest, JoinGroupResponse } from '../messages/join-group';
import type { LeaveGroupRequest, LeaveGroupResponse } from '../messages/leave-group';
import type { SyncGroupRequest, SyncGroupResponse } from '../messages/sync-group';

/** `request.session.clientAddress.toString`: an InetAddress prints as `/host`. */
export function clientHost(context: RequestContext): string {
  const at = context.clientAddress.lastIndexOf(':');
  return `/${at >= 0 ? context.clientAddress.slice(0, at) : context.clientAddress}`;
}

export function joinGroupHandler(broker: KafkaServer): ApiHandler<JoinGroupRequest, JoinGroupResponse> {
  return async (request, context) => {
    const version = context.header.apiVersion;
    const respond = (r: Omit<JoinGroupResponse, 'throttleTimeMs'>): JoinGroupResponse => ({ throttleTimeMs: 0, ...r });
    const coordinator = broker.groupCoordinator;
    // v7+ carries "no protocol" as null, older versions as "" (GroupCoordinator.NoProtocol).
    const noProtocol = version >= 7 ? null : '';
    if (!coordinator)
      return respond({
        errorCode: Errors.COORDINATOR_NOT_AVAILABLE.code,
        generationId: -1,
        protocolType: null,
        protocolName: noProtocol,
        leader: '',
        memberId: request.memberId,
        members: [],
      });
    const result = await coordinator.handleJoinGroup({
      groupId: request.groupId,
      memberId: request.memberId,
      groupInstanceId: request.groupInstanceId,
      // Only a dynamic member (no group.instance.id) is asked to rejoin with an id.
      requireKnownMemberId: version >= 4 && request.groupInstanceId === null,
      clientId: context.header.clientId ?? '',
      clientHost: clientHost(context),
      rebalanceTimeoutMs: version === 0 ? request.sessionTimeoutMs : request.rebalanceTimeoutMs,
      sessionTimeoutMs: request.sessionTimeoutMs,
      protocolType: request.protocolType,
      protocols: request.protocols,
    });
    return respond({
      errorCode: Errors[result.error].code,
      generationId: result.generationId,
      protocolType: result.protocolType,
      protocolName: result.protocolName ?? noProtocol,
      leader: result.leaderId,
      memberId: result.memberId,
      members: result.members.map((m) => ({ memberId: m.memberId, groupInstanceId: m.groupInstanceId, metadata: m.metadata })),
    });
  };
}

export function syncGroupHandler(broker: KafkaServer): ApiHandler<SyncGroupRequest, SyncGroupResponse> {
  return async (request, context) => {
    const coordinator = broker.groupCoordinator;
    const assignments = new Map(request.assignments.map((a) => [a.memberId, a.assignment]));
    const protocol = { type: request.protocolType, name: request.protocolName };
    // `areMandatoryProtocolTypeAndNamePresent`: from v5 both are required.
    const mandatoryMissing = context.header.apiVersion >= 5 && (protocol.type === null || protocol.name === null);
    let result: SyncGroupResult;
    if (mandatoryMissing) result = syncError('INCONSISTENT_GROUP_PROTOCOL');
    else if (!coordinator) result = syncError('COORDINATOR_NOT_AVAILABLE');
    else
      result = await coordinator.handleSyncGroup(
        request.groupId,
        request.generationId,
        request.memberId,
        assignments,
        protocol,
        request.groupInstanceId,
      );
    const response: SyncGroupResponse = {
      throttleTimeMs: 0,
      errorCode: Errors[result.error].code,
      protocolType: result.protocolType,
      protocolName: result.protocolName,
      assignment: result.assignment,
    };
    return response;
  };
}

export function heartbeatHandler(broker: KafkaServer): ApiHandler<HeartbeatRequest, HeartbeatResponse> {
  return async (request) => {
    const error =
      broker.groupCoordinator?.handleHeartbeat(request.groupId, request.memberId, request.generationId, request.groupInstanceId) ??
      'COORDINATOR_NOT_AVAILABLE';
    return { throttleTimeMs: 0, errorCode: Errors[error].code };
  };
}

export function leaveGroupHandler(broker: KafkaServer): ApiHandler<LeaveGroupRequest, LeaveGroupResponse> {
  return async (request, context) => {
    const version = context.header.apiVersion;
    const leaving = version <= 2 ? [{ memberId: request.memberId, groupInstanceId: null }] : request.members;
    const result = broker.groupCoordinator?.handleLeaveGroup(request.groupId, leaving) ?? {
      error: 'COORDINATOR_NOT_AVAILABLE' as ErrorName,
      members: [],
    };
    // v0–2 carry one error: the top-level one, else the member's.
    const single = result.error !== 'NONE' ? result.error : (result.members.find((m) => m.error !== 'NONE')?.error ?? 'NONE');
    const response: LeaveGroupResponse = {
      throttleTimeMs: 0,
      errorCode: Errors[version <= 2 ? single : result.error].code,
      members: result.members.map((m) => ({ memberId: m.memberId, groupInstanceId: m.groupInstanceId, errorCode: Errors[m.error].code })),
    };
    return response;
  };
}
