/**
 * ApiVersions (key 18), valid versions 0–3, flexible from 3; this broker speaks 0–3.
 *
 *   Request:
 *     ClientSoftwareName: string       v3+
 *     ClientSoftwareVersion: string    v3+
 *   Response (after response header v0 in every version, v3's too):
 *     ErrorCode: int16
 *     ApiKeys: [ApiKey: int16, MinVersion: int16, MaxVersion: int16]
 *     ThrottleTimeMs: int32 [v1+]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const API_VERSIONS = apiMessages({
  apiKey: 18,
  name: 'ApiVersions',
  minVersion: 0,
  maxVersion: 3,
  flexibleVersions: '3+',
  request: [field('ClientSoftwareName', 'string', '3+'), field('ClientSoftwareVersion', 'string', '3+')],
  response: [
    field('ErrorCode', 'int16', '0+'),
    field(
      'ApiKeys',
      arrayOf(struct(field('ApiKey', 'int16', '0+'), field('MinVersion', 'int16', '0+'), field('MaxVersion', 'int16', '0+'))),
      '0+',
    ),
    field('ThrottleTimeMs', 'int32', '1+'),
  ],
});

export type ApiVersionsRequest = RequestOf<typeof API_VERSIONS>;
export type ApiVersionsResponse = ResponseOf<typeof API_VERSIONS>;

/** `ApiVersionsRequest.SOFTWARE_NAME_VERSION_PATTERN`: what a v3 request's name and version must match. */
const SOFTWARE_NAME_VERSION = /^[a-zA-Z0-9](?:[a-zA-Z0-9\-.]*[a-zA-Z0-9])?$/;

/** `ApiVersionsRequest.isValid`: v3 names the client's software in Kafka's allowed characters. */
export function isValidApiVersionsRequest(request: ApiVersionsRequest, version: number): boolean {
  return (
    version < 3 || (SOFTWARE_NAME_VERSION.test(request.clientSoftwareName) && SOFTWARE_NAME_VERSION.test(request.clientSoftwareVersion))
  );
}
