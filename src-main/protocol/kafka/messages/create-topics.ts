/**
 * CreateTopics (key 19), valid versions 0–5, flexible from 5; this broker speaks 0–4 (v5 answers each created topic with its configs, which is not done yet).
 *
 *   Request:
 *     Topics: [Name: string, NumPartitions: int32, ReplicationFactor: int16,
 *              Assignments: [PartitionIndex: int32, BrokerIds: [int32]],
 *              Configs: [Name: string, Value: string (nullable)]]
 *     timeoutMs: int32                 (default 60000)
 *     validateOnly: bool               v1+
 *   Response:
 *     ThrottleTimeMs: int32            v2+
 *     Topics: [Name: string, ErrorCode: int16, ErrorMessage: string (v1+, nullable)]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const CREATE_TOPICS = apiMessages({
  apiKey: 19,
  name: 'CreateTopics',
  minVersion: 0,
  maxVersion: 4,
  request: [
    field(
      'Topics',
      arrayOf(
        struct(
          field('Name', 'string', '0+'),
          field('NumPartitions', 'int32', '0+'),
          field('ReplicationFactor', 'int16', '0+'),
          field('Assignments', arrayOf(struct(field('PartitionIndex', 'int32', '0+'), field('BrokerIds', arrayOf('int32'), '0+'))), '0+'),
          field(
            'Configs',
            arrayOf(struct(field('Name', 'string', '0+'), field('Value', 'string', '0+', { nullableVersions: '0+' }))),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
    field('timeoutMs', 'int32', '0+', { default: 60000 }),
    field('validateOnly', 'bool', '1+'),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '2+'),
    field(
      'Topics',
      arrayOf(
        struct(
          field('Name', 'string', '0+'),
          field('ErrorCode', 'int16', '0+'),
          field('ErrorMessage', 'string', '1+', { nullableVersions: '0+', default: null }),
        ),
      ),
      '0+',
    ),
  ],
});

export type CreateTopicsRequest = RequestOf<typeof CREATE_TOPICS>;
export type CreateTopicsResponse = ResponseOf<typeof CREATE_TOPICS>;
