/**
 * DescribeGroups (key 15), valid versions 0–5, flexible 5+; this broker speaks 0–5.
 *
 *   Request:
 *     Groups: [string]
 *     IncludeAuthorizedOperations: bool   v3+
 *   Response:
 *     ThrottleTimeMs: int32            v1+
 *     Groups: [ErrorCode: int16, GroupId: string, GroupState: string, ProtocolType: string,
 *              ProtocolData: string,
 *              Members: [MemberId: string, GroupInstanceId: string? (v4+), ClientId: string,
 *                        ClientHost: string, MemberMetadata: bytes, MemberAssignment: bytes],
 *              AuthorizedOperations: int32 (v3+, default −2147483648)]
 */
import { arrayOf, field, struct } from '../wire/schema';
import type { ApiMessages } from './api-message';

export interface DescribeGroupsRequest {
  groups: string[];
  includeAuthorizedOperations: boolean;
}

export interface DescribedGroup {
  errorCode: number;
  groupId: string;
  groupState: string;
  protocolType: string;
  protocolData: string;
  members: Array<{ memberId: string; groupInstanceId: string | null; clientId: string; clientHost: string; memberMetadata: Uint8Array; memberAssignment: Uint8Array }>;
  authorizedOperations: number;
}

export interface DescribeGroupsResponse {
  throttleTimeMs: number;
  groups: DescribedGroup[];
}

export const DESCRIBE_GROUPS: ApiMessages = {
  apiKey: 15,
  name: 'DescribeGroups',
  minVersion: 0,
  maxVersion: 5,
  flexibleVersions: '5+',
  request: [field('Groups', arrayOf('string'), '0+'), field('IncludeAuthorizedOperations', 'bool', '3+')],
  response: [
    field('ThrottleTimeMs', 'int32', '1+'),
    field(
      'Groups',
      arrayOf(
        struct(
          field('ErrorCode', 'int16', '0+'),
          field('GroupId', 'string', '0+'),
          field('GroupState', 'string', '0+'),
          field('ProtocolType', 'string', '0+'),
          field('ProtocolData', 'string', '0+'),
          field(
            'Members',
            arrayOf(
              struct(
                field('MemberId', 'string', '0+'),
                field('GroupInstanceId', 'string', '4+', { nullableVersions: '4+', default: null }),
                field('ClientId', 'string', '0+'),
                field('ClientHost', 'string', '0+'),
                field('MemberMetadata', 'bytes', '0+'),
                field('MemberAssignment', 'bytes', '0+'),
              ),
            ),
            '0+',
          ),
          field('AuthorizedOperations', 'int32', '3+', { default: -2147483648 }),
        ),
      ),
      '0+',
    ),
  ],
};
