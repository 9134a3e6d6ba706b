/**
 * DescribeAcls (key 29), valid versions 0–2, flexible from 2; this broker speaks 0–2.
 *
 *   Request:
 *     ResourceTypeFilter: int8
 *     ResourceNameFilter: string?
 *     PatternTypeFilter: int8          v1+ (default 3, LITERAL)
 *     PrincipalFilter: string?
 *     HostFilter: string?
 *     Operation: int8
 *     PermissionType: int8
 *   Response:
 *     ThrottleTimeMs: int32
 *     ErrorCode: int16
 *     ErrorMessage: string?
 *     Resources: [ResourceType: int8, ResourceName: string, PatternType: int8 (v1+, default 3),
 *                 Acls: [Principal: string, Host: string, Operation: int8, PermissionType: int8]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { ACL_ENTRY_FIELDS, ACL_FILTER_FIELDS } from './common-structs';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const DESCRIBE_ACLS = apiMessages({
  apiKey: 29,
  name: 'DescribeAcls',
  minVersion: 0,
  maxVersion: 2,
  flexibleVersions: '2+',
  request: [...ACL_FILTER_FIELDS],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field('ErrorCode', 'int16', '0+'),
    field('ErrorMessage', 'string', '0+', { nullableVersions: '0+' }),
    field(
      'Resources',
      arrayOf(
        struct(
          field('ResourceType', 'int8', '0+'),
          field('ResourceName', 'string', '0+'),
          field('PatternType', 'int8', '1+', { default: 3 }),
          field('Acls', arrayOf(struct(...ACL_ENTRY_FIELDS)), '0+'),
        ),
      ),
      '0+',
    ),
  ],
});

export type DescribeAclsRequest = RequestOf<typeof DESCRIBE_ACLS>;
export type DescribeAclsResponse = ResponseOf<typeof DESCRIBE_ACLS>;
