/**
 * Heartbeat (key 12), valid versions 0–4, flexible 4+; this broker speaks 0–4.
 *
 *   Request:
 *     GroupId: string
 *     GenerationId: int32
 *     MemberId: string
 *     GroupInstanceId: string?         v3+
 *   Response:
 *     ThrottleTimeMs: int32            v1+
 *     ErrorCode: int16
 */
import { field } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const HEARTBEAT = apiMessages({
  apiKey: 12,
  name: 'Heartbeat',
  minVersion: 0,
  maxVersion: 4,
  flexibleVersions: '4+',
  request: [
    field('GroupId', 'string', '0+'),
    field('GenerationId', 'int32', '0+'),
    field('MemberId', 'string', '0+'),
    field('GroupInstanceId', 'string', '3+', { nullableVersions: '3+', default: null }),
  ],
  response: [field('ThrottleTimeMs', 'int32', '1+'), field('ErrorCode', 'int16', '0+')],
});

export type HeartbeatRequest = RequestOf<typeof HEARTBEAT>;
export type HeartbeatResponse = ResponseOf<typeof HEARTBEAT>;
