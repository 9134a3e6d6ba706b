/**
 * ListGroups and DescribeGroups, as `KafkaApis` answers them from this broker's GroupCoordinator:
 * only the groups it coordinates; an unknown group is described as Dead with no members; member
 * metadata and assignments only for a Stable group. With no authorizer, a group's authorized
 * operations (v3+, when asked) are all it supports: READ, DELETE, DESCRIBE.
 */
import type { KafkaServer } from '../../../core/broker/kafka-server';
import { Errors } from '../../../core/common/kafka-errors';
import { AclOperation, AUTHORIZED_OPERATIONS_OMITTED, authorizedOperationsField } from '../authorized-operations';
import type { ApiHandler } from '../kafka-apis';
import type { DescribedGroup, DescribeGroupsRequest, DescribeGroupsResponse } from '../messages/describe-groups';
import type { ListGroupsRequest, ListGroupsResponse } from '../messages/list-groups';

/** Every operation a group supports. */
const GROUP_OPERATIONS = authorizedOperationsField([AclOperation.READ, AclOperation.DELETE, AclOperation.DESCRIBE]);

export function listGroupsHandler(broker: KafkaServer): ApiHandler<ListGroupsRequest, ListGroupsResponse> {
  return async () => {
    const result = broker.groupCoordinator?.handleListGroups() ?? { error: 'COORDINATOR_NOT_AVAILABLE' as const, groups: [] };
    const response: ListGroupsResponse = { throttleTimeMs: 0, errorCode: Errors[result.error].code, groups: result.groups };
    return response;
  };
}

export function describeGroupsHandler(broker: KafkaServer): ApiHandler<DescribeGroupsRequest, DescribeGroupsResponse> {
  return async (request) => {
    const groups = request.groups.map((groupId): DescribedGroup => {
      const result = broker.groupCoordinator?.handleDescribeGroup(groupId) ?? {
        error: 'COORDINATOR_NOT_AVAILABLE' as const,
        summary: { state: '', protocolType: '', protocol: '', members: [] },
      };
      return {
        errorCode: Errors[result.error].code,
        groupId,
        groupState: result.summary.state,
        protocolType: result.summary.protocolType,
        protocolData: result.summary.protocol,
        members: result.summary.members.map((m) => ({
          memberId: m.memberId,
          groupInstanceId: m.groupInstanceId,
          clientId: m.clientId,
          clientHost: m.clientHost,
          memberMetadata: m.metadata,
          memberAssignment: m.assignment,
        })),
        authorizedOperations: request.includeAuthorizedOperations ? GROUP_OPERATIONS : AUTHORIZED_OPERATIONS_OMITTED,
      };
    });
    const response: DescribeGroupsResponse = { throttleTimeMs: 0, groups };
    return response;
  };
}
