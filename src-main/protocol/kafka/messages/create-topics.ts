/**
 * CreateTopics (key 19), valid versions 0–5, flexible from 5; this broker speaks 0–5. Version 5
 * (KIP-525) answers each created topic with its partition count, replication factor and configs.
 *
 *   Request:
 *     Topics: [Name: string, NumPartitions: int32, ReplicationFactor: int16,
 *              Assignments: [PartitionIndex: int32, BrokerIds: [int32]],
 *              Configs: [Name: string, Value: string (nullable)]]
 *     timeoutMs: int32                 (default 60000)
 *     validateOnly: bool               v1+
 *   Response:
 *     ThrottleTimeMs: int32            v2+
 *     Topics: [Name: string, ErrorCode: int16, ErrorMessage: string (v1+, nullable),
 *              TopicConfigErrorCode: int16 (v5+, tagged field 0),
 *              NumPartitions: int32 (v5+, default -1), ReplicationFactor: int16 (v5+, default -1),
 *              Configs: [Name: string, Value: string (nullable), ReadOnly: bool,
 *                        ConfigSource: int8 (default -1), IsSensitive: bool] (v5+, nullable)]
 *
 * The response's tagged field TopicConfigErrorCode (tag 0) is set by a 2.5.1 broker only when an
 * authorizer denies DescribeConfigs on the topic; this cluster has no authorizer, so the handlers
 * leave it at 0 and it is not on the wire. A client reading another broker's answer gets it.
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const CREATE_TOPICS = apiMessages({
  apiKey: 19,
  name: 'CreateTopics',
  minVersion: 0,
  maxVersion: 5,
  flexibleVersions: '5+',
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
          field('TopicConfigErrorCode', 'int16', '5+', { tag: 0, taggedVersions: '5+' }),
          field('NumPartitions', 'int32', '5+', { default: -1 }),
          field('ReplicationFactor', 'int16', '5+', { default: -1 }),
          field(
            'Configs',
            arrayOf(
              struct(
                field('Name', 'string', '5+'),
                field('Value', 'string', '5+', { nullableVersions: '5+' }),
                field('ReadOnly', 'bool', '5+'),
                field('ConfigSource', 'int8', '5+', { default: -1 }),
                field('IsSensitive', 'bool', '5+'),
              ),
            ),
            '5+',
            { nullableVersions: '5+', default: [] },
          ),
        ),
      ),
      '0+',
    ),
  ],
});

export type CreateTopicsRequest = RequestOf<typeof CREATE_TOPICS>;
export type CreateTopicsResponse = ResponseOf<typeof CREATE_TOPICS>;
