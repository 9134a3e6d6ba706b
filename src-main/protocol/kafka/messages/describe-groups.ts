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
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const DESCRIBE_GROUPS = apiMessages({
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
});

export type DescribeGroupsRequest = RequestOf<typeof DESCRIBE_GROUPS>;
export type DescribedGroup = DescribeGroupsResponse['groups'][number];
export type DescribeGroupsResponse = ResponseOf<typeof DESCRIBE_GROUPS>;
