/**
 * ListGroups (key 16), valid versions 0–3, flexible 3+; this broker speaks 0–3.
 *
 *   Request: (empty)
 *   Response:
 *     ThrottleTimeMs: int32            v1+
 *     ErrorCode: int16
 *     Groups: [GroupId: string, ProtocolType: string]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const LIST_GROUPS = apiMessages({
  apiKey: 16,
  name: 'ListGroups',
  minVersion: 0,
  maxVersion: 3,
  flexibleVersions: '3+',
  request: [],
  response: [
    field('ThrottleTimeMs', 'int32', '1+'),
    field('ErrorCode', 'int16', '0+'),
    field('Groups', arrayOf(struct(field('GroupId', 'string', '0+'), field('ProtocolType', 'string', '0+'))), '0+'),
  ],
});

export type ListGroupsResponse = ResponseOf<typeof LIST_GROUPS>;
export type ListGroupsRequest = RequestOf<typeof LIST_GROUPS>;
