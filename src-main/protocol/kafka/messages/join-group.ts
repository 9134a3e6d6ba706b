/**
 * JoinGroup (key 11), valid versions 0–7, flexible 6+; this broker speaks 0–7.
 *
 *   Request:
 *     GroupId: string
 *     SessionTimeoutMs: int32
 *     RebalanceTimeoutMs: int32        v1+ (v0: the session timeout)
 *     MemberId: string
 *     GroupInstanceId: string?         v5+
 *     ProtocolType: string
 *     Protocols: [Name: string, Metadata: bytes]
 *   Response:
 *     ThrottleTimeMs: int32            v2+
 *     ErrorCode: int16
 *     GenerationId: int32
 *     ProtocolType: string?            v7+ (the group's)
 *     ProtocolName: string             nullable from v7 (before: "" for none)
 *     Leader: string
 *     MemberId: string
 *     Members: [MemberId: string, GroupInstanceId: string? (v5+), Metadata: bytes]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const JOIN_GROUP = apiMessages({
  apiKey: 11,
  name: 'JoinGroup',
  minVersion: 0,
  maxVersion: 7,
  flexibleVersions: '6+',
  request: [
    field('GroupId', 'string', '0+'),
    field('SessionTimeoutMs', 'int32', '0+'),
    field('RebalanceTimeoutMs', 'int32', '1+', { default: -1 }),
    field('MemberId', 'string', '0+'),
    field('GroupInstanceId', 'string', '5+', { nullableVersions: '5+', default: null }),
    field('ProtocolType', 'string', '0+'),
    field('Protocols', arrayOf(struct(field('Name', 'string', '0+'), field('Metadata', 'bytes', '0+'))), '0+'),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '2+'),
    field('ErrorCode', 'int16', '0+'),
    field('GenerationId', 'int32', '0+', { default: -1 }),
    field('ProtocolType', 'string', '7+', { nullableVersions: '7+', default: null }),
    field('ProtocolName', 'string', '0+', { nullableVersions: '7+' }),
    field('Leader', 'string', '0+'),
    field('MemberId', 'string', '0+'),
    field(
      'Members',
      arrayOf(
        struct(
          field('MemberId', 'string', '0+'),
          field('GroupInstanceId', 'string', '5+', { nullableVersions: '5+', default: null }),
          field('Metadata', 'bytes', '0+'),
        ),
      ),
      '0+',
    ),
  ],
});

export type JoinGroupRequest = RequestOf<typeof JOIN_GROUP>;
export type JoinGroupResponse = ResponseOf<typeof JOIN_GROUP>;
