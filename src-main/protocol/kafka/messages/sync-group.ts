/**
 * SyncGroup (key 14), valid versions 0–5, flexible 4+; this broker speaks 0–5.
 *
 *   Request:
 *     GroupId: string
 *     GenerationId: int32
 *     MemberId: string
 *     GroupInstanceId: string?         v3+
 *     ProtocolType: string?            v5+ (mandatory from v5)
 *     ProtocolName: string?            v5+ (mandatory from v5)
 *     Assignments: [MemberId: string, Assignment: bytes]
 *   Response:
 *     ThrottleTimeMs: int32            v1+
 *     ErrorCode: int16
 *     ProtocolType: string?            v5+ (the group's)
 *     ProtocolName: string?            v5+
 *     Assignment: bytes
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const SYNC_GROUP = apiMessages({
  apiKey: 14,
  name: 'SyncGroup',
  minVersion: 0,
  maxVersion: 5,
  flexibleVersions: '4+',
  request: [
    field('GroupId', 'string', '0+'),
    field('GenerationId', 'int32', '0+'),
    field('MemberId', 'string', '0+'),
    field('GroupInstanceId', 'string', '3+', { nullableVersions: '3+', default: null }),
    field('ProtocolType', 'string', '5+', { nullableVersions: '5+', default: null }),
    field('ProtocolName', 'string', '5+', { nullableVersions: '5+', default: null }),
    field('Assignments', arrayOf(struct(field('MemberId', 'string', '0+'), field('Assignment', 'bytes', '0+'))), '0+'),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '1+'),
    field('ErrorCode', 'int16', '0+'),
    field('ProtocolType', 'string', '5+', { nullableVersions: '5+', default: null }),
    field('ProtocolName', 'string', '5+', { nullableVersions: '5+', default: null }),
    field('Assignment', 'bytes', '0+'),
  ],
});

export type SyncGroupRequest = RequestOf<typeof SYNC_GROUP>;
export type SyncGroupResponse = ResponseOf<typeof SYNC_GROUP>;
