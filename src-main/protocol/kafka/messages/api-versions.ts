/**
 * ApiVersions (key 18), valid versions 0–3, flexible from 3; this broker speaks 0–2.
 *
 *   Request v0–v2: (empty body)
 *   Response v0–v2:
 *     ErrorCode: int16
 *     ApiKeys: [ApiKey: int16, MinVersion: int16, MaxVersion: int16]
 *     ThrottleTimeMs: int32 [v1+]
 */
import { arrayOf, field, struct } from '../wire/schema';
import type { ApiMessages } from './api-message';

export interface ApiVersionsResponse {
  errorCode: number;
  apiKeys: Array<{ apiKey: number; minVersion: number; maxVersion: number }>;
  throttleTimeMs?: number;
}

export const API_VERSIONS: ApiMessages = {
  apiKey: 18,
  name: 'ApiVersions',
  minVersion: 0,
  maxVersion: 2,
  request: [],
  response: [
    field('ErrorCode', 'int16', '0+'),
    field('ApiKeys', arrayOf(struct(field('ApiKey', 'int16', '0+'), field('MinVersion', 'int16', '0+'), field('MaxVersion', 'int16', '0+'))), '0+'),
    field('ThrottleTimeMs', 'int32', '1+'),
  ],
};
