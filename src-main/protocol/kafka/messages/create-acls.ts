/**
 * CreateAcls (key 30), valid versions 0–2, flexible from 2; this broker speaks 0–2.
 *
 *   Request:
 *     Creations: [ResourceType: int8, ResourceName: string, ResourcePatternType: int8 (v1+, default 3),
 *                 Principal: string, Host: string, Operation: int8, PermissionType: int8]
 *   Response:
 *     ThrottleTimeMs: int32
 *     Results: [ErrorCode: int16, ErrorMessage: string?]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { ACL_ENTRY_FIELDS } from './common-structs';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const CREATE_ACLS = apiMessages({
  apiKey: 30,
  name: 'CreateAcls',
  minVersion: 0,
  maxVersion: 2,
  flexibleVersions: '2+',
  request: [
    field(
      'Creations',
      arrayOf(
        struct(
          field('ResourceType', 'int8', '0+'),
          field('ResourceName', 'string', '0+'),
          field('ResourcePatternType', 'int8', '1+', { default: 3 }),
          ...ACL_ENTRY_FIELDS,
        ),
      ),
      '0+',
    ),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field(
      'Results',
      arrayOf(struct(field('ErrorCode', 'int16', '0+'), field('ErrorMessage', 'string', '0+', { nullableVersions: '0+' }))),
      '0+',
    ),
  ],
});

export type CreateAclsRequest = RequestOf<typeof CREATE_ACLS>;
export type CreateAclsResponse = ResponseOf<typeof CREATE_ACLS>;
