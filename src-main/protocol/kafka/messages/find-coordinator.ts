/**
 * FindCoordinator (key 10), valid versions 0–3, flexible 3+; this broker speaks 0–3.
 *
 *   Request:
 *     Key: string
 *     KeyType: int8                    v1+ (0 group, 1 transaction)
 *   Response:
 *     ThrottleTimeMs: int32            v1+
 *     ErrorCode: int16
 *     ErrorMessage: string?            v1+
 *     NodeId: int32
 *     Host: string
 *     Port: int32
 */
import { field } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const FIND_COORDINATOR = apiMessages({
  apiKey: 10,
  name: 'FindCoordinator',
  minVersion: 0,
  maxVersion: 3,
  flexibleVersions: '3+',
  request: [field('Key', 'string', '0+'), field('KeyType', 'int8', '1+')],
  response: [
    field('ThrottleTimeMs', 'int32', '1+'),
    field('ErrorCode', 'int16', '0+'),
    field('ErrorMessage', 'string', '1+', { nullableVersions: '1+', default: null }),
    field('NodeId', 'int32', '0+'),
    field('Host', 'string', '0+'),
    field('Port', 'int32', '0+'),
  ],
});

export type FindCoordinatorRequest = RequestOf<typeof FIND_COORDINATOR>;
export type FindCoordinatorResponse = ResponseOf<typeof FIND_COORDINATOR>;
