/**
 * DeleteGroups (key 42), valid versions 0–2, flexible 2+; this broker speaks 0–2.
 *
 *   Request:
 *     GroupsNames: [string]
 *   Response:
 *     ThrottleTimeMs: int32
 *     Results: [GroupId: string, ErrorCode: int16]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const DELETE_GROUPS = apiMessages({
  apiKey: 42,
  name: 'DeleteGroups',
  minVersion: 0,
  maxVersion: 2,
  flexibleVersions: '2+',
  request: [field('GroupsNames', arrayOf('string'), '0+')],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field('Results', arrayOf(struct(field('GroupId', 'string', '0+'), field('ErrorCode', 'int16', '0+'))), '0+'),
  ],
});

export type DeleteGroupsRequest = RequestOf<typeof DELETE_GROUPS>;
export type DeleteGroupsResponse = ResponseOf<typeof DELETE_GROUPS>;
