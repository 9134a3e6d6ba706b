/**
 * DeleteAcls (key 31), valid versions 0–2, flexible from 2; this broker speaks 0–2.
 *
 *   Request:
 *     Filters: [ResourceTypeFilter: int8, ResourceNameFilter: string?, PatternTypeFilter: int8 (v1+, default 3),
 *               PrincipalFilter: string?, HostFilter: string?, Operation: int8, PermissionType: int8]
 *   Response:
 *     ThrottleTimeMs: int32
 *     FilterResults: [ErrorCode: int16, ErrorMessage: string?,
 *                     MatchingAcls: [ErrorCode: int16, ErrorMessage: string?, ResourceType: int8,
 *                                    ResourceName: string, PatternType: int8 (v1+, default 3),
 *                                    Principal: string, Host: string, Operation: int8, PermissionType: int8]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { ACL_ENTRY_FIELDS, ACL_FILTER_FIELDS } from './common-structs';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const DELETE_ACLS = apiMessages({
  apiKey: 31,
  name: 'DeleteAcls',
  minVersion: 0,
  maxVersion: 2,
  flexibleVersions: '2+',
  request: [field('Filters', arrayOf(struct(...ACL_FILTER_FIELDS)), '0+')],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field(
      'FilterResults',
      arrayOf(
        struct(
          field('ErrorCode', 'int16', '0+'),
          field('ErrorMessage', 'string', '0+', { nullableVersions: '0+' }),
          field(
            'MatchingAcls',
            arrayOf(
              struct(
                field('ErrorCode', 'int16', '0+'),
                field('ErrorMessage', 'string', '0+', { nullableVersions: '0+' }),
                field('ResourceType', 'int8', '0+'),
                field('ResourceName', 'string', '0+'),
                field('PatternType', 'int8', '1+', { default: 3 }),
                ...ACL_ENTRY_FIELDS,
              ),
            ),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
  ],
});

export type DeleteAclsRequest = RequestOf<typeof DELETE_ACLS>;
export type DeleteAclsResponse = ResponseOf<typeof DELETE_ACLS>;
