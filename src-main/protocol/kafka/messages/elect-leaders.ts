/**
 * ElectLeaders (key 43), valid versions 0–2, flexible from 2; this broker speaks 0–2.
 *
 *   Request:
 *     ElectionType: int8               v1+ (0 PREFERRED, 1 UNCLEAN; v0 means PREFERRED)
 *     TopicPartitions: [Topic: string, PartitionId: [int32]] (nullable: every partition)
 *     TimeoutMs: int32                 (default 60000)
 *   Response:
 *     ThrottleTimeMs: int32
 *     ErrorCode: int16                 v1+
 *     ReplicaElectionResults: [Topic: string, PartitionResult: [PartitionId: int32, ErrorCode: int16, ErrorMessage: string (nullable)]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const ELECT_LEADERS = apiMessages({
  apiKey: 43,
  name: 'ElectLeaders',
  minVersion: 0,
  maxVersion: 2,
  flexibleVersions: '2+',
  request: [
    field('ElectionType', 'int8', '1+'),
    field('TopicPartitions', arrayOf(struct(field('Topic', 'string', '0+'), field('PartitionId', arrayOf('int32'), '0+'))), '0+', {
      nullableVersions: '0+',
    }),
    field('TimeoutMs', 'int32', '0+', { default: 60000 }),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field('ErrorCode', 'int16', '1+'),
    field(
      'ReplicaElectionResults',
      arrayOf(
        struct(
          field('Topic', 'string', '0+'),
          field(
            'PartitionResult',
            arrayOf(
              struct(
                field('PartitionId', 'int32', '0+'),
                field('ErrorCode', 'int16', '0+'),
                field('ErrorMessage', 'string', '0+', { nullableVersions: '0+', default: null }),
              ),
            ),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
  ],
});

export type ElectLeadersRequest = RequestOf<typeof ELECT_LEADERS>;
export type ElectLeadersResponse = ResponseOf<typeof ELECT_LEADERS>;
