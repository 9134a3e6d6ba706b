/**
 * DeleteTopics (key 20), valid versions 0–4, flexible from 4; this broker speaks 0–4.
 *
 *   Request:
 *     TopicNames: [string]
 *     TimeoutMs: int32
 *   Response:
 *     ThrottleTimeMs: int32            v1+
 *     Responses: [Name: string, ErrorCode: int16]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const DELETE_TOPICS = apiMessages({
  apiKey: 20,
  name: 'DeleteTopics',
  minVersion: 0,
  maxVersion: 4,
  flexibleVersions: '4+',
  request: [field('TopicNames', arrayOf('string'), '0+'), field('TimeoutMs', 'int32', '0+')],
  response: [
    field('ThrottleTimeMs', 'int32', '1+'),
    field('Responses', arrayOf(struct(field('Name', 'string', '0+'), field('ErrorCode', 'int16', '0+'))), '0+'),
  ],
});

export type DeleteTopicsRequest = RequestOf<typeof DELETE_TOPICS>;
export type DeleteTopicsResponse = ResponseOf<typeof DELETE_TOPICS>;
