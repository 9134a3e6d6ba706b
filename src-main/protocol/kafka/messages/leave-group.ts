/**
 * LeaveGroup (key 13), valid versions 0–4, flexible 4+; this broker speaks 0–4.
 *
 *   Request:
 *     GroupId: string
 *     MemberId: string                 v0–2
 *     Members: [MemberId: string, GroupInstanceId: string?]   v3+
 *   Response:
 *     ThrottleTimeMs: int32            v1+
 *     ErrorCode: int16
 *     Members: [MemberId: string, GroupInstanceId: string?, ErrorCode: int16]   v3+
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const LEAVE_GROUP = apiMessages({
  apiKey: 13,
  name: 'LeaveGroup',
  minVersion: 0,
  maxVersion: 4,
  flexibleVersions: '4+',
  request: [
    field('GroupId', 'string', '0+'),
    field('MemberId', 'string', '0-2'),
    field(
      'Members',
      arrayOf(
        struct(field('MemberId', 'string', '3+'), field('GroupInstanceId', 'string', '3+', { nullableVersions: '3+', default: null })),
      ),
      '3+',
    ),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '1+'),
    field('ErrorCode', 'int16', '0+'),
    field(
      'Members',
      arrayOf(
        struct(
          field('MemberId', 'string', '3+'),
          field('GroupInstanceId', 'string', '3+', { nullableVersions: '3+', default: null }),
          field('ErrorCode', 'int16', '3+'),
        ),
      ),
      '3+',
    ),
  ],
});

export type LeaveGroupRequest = RequestOf<typeof LEAVE_GROUP>;
export type LeaveGroupResponse = ResponseOf<typeof LEAVE_GROUP>;
