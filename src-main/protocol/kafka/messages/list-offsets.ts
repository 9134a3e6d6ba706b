/**
 * ListOffsets (key 2), valid versions 0–5, no flexible version; this broker speaks 0–5.
 *
 *   Request:
 *     ReplicaId: int32
 *     IsolationLevel: int8             v2+
 *     Topics: [Name: string,
 *              Partitions: [PartitionIndex: int32, CurrentLeaderEpoch: int32 (v4+, default −1),
 *                           Timestamp: int64, MaxNumOffsets: int32 (v0 only)]]
 *   Response:
 *     ThrottleTimeMs: int32            v2+
 *     Topics: [Name: string,
 *              Partitions: [PartitionIndex: int32, ErrorCode: int16, OldStyleOffsets: [int64] (v0 only),
 *                           Timestamp: int64 (v1+, default −1), Offset: int64 (v1+, default −1),
 *                           LeaderEpoch: int32 (v4+, default −1)]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const LIST_OFFSETS = apiMessages({
  apiKey: 2,
  name: 'ListOffsets',
  minVersion: 0,
  maxVersion: 5,
  request: [
    field('ReplicaId', 'int32', '0+'),
    field('IsolationLevel', 'int8', '2+'),
    field(
      'Topics',
      arrayOf(
        struct(
          field('Name', 'string', '0+'),
          field(
            'Partitions',
            arrayOf(
              struct(
                field('PartitionIndex', 'int32', '0+'),
                field('CurrentLeaderEpoch', 'int32', '4+', { default: -1 }),
                field('Timestamp', 'int64', '0+'),
                field('MaxNumOffsets', 'int32', '0', { default: 1 }),
              ),
            ),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '2+'),
    field(
      'Topics',
      arrayOf(
        struct(
          field('Name', 'string', '0+'),
          field(
            'Partitions',
            arrayOf(
              struct(
                field('PartitionIndex', 'int32', '0+'),
                field('ErrorCode', 'int16', '0+'),
                field('OldStyleOffsets', arrayOf('int64'), '0'),
                field('Timestamp', 'int64', '1+', { default: -1n }),
                field('Offset', 'int64', '1+', { default: -1n }),
                field('LeaderEpoch', 'int32', '4+', { default: -1 }),
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

export type ListOffsetsRequest = RequestOf<typeof LIST_OFFSETS>;
export type ListOffsetsPartitionResponse = ListOffsetsResponse['topics'][number]['partitions'][number];
export type ListOffsetsResponse = ResponseOf<typeof LIST_OFFSETS>;
