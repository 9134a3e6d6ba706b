/**
 * OffsetForLeaderEpoch (key 23), valid versions 0–3, no flexible version; this broker speaks 0–3.
 *
 *   Request:
 *     ReplicaId: int32                 v3+ (default −2; −1 a consumer, else the follower's broker id)
 *     Topics: [Name: string,
 *              Partitions: [PartitionIndex: int32, CurrentLeaderEpoch: int32 (v2+, default −1),
 *                           LeaderEpoch: int32]]
 *   Response:
 *     ThrottleTimeMs: int32            v2+
 *     Topics: [Name: string,
 *              Partitions: [ErrorCode: int16, PartitionIndex: int32, LeaderEpoch: int32 (v1+, default −1),
 *                           EndOffset: int64]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const OFFSET_FOR_LEADER_EPOCH = apiMessages({
  apiKey: 23,
  name: 'OffsetForLeaderEpoch',
  minVersion: 0,
  maxVersion: 3,
  request: [
    field('ReplicaId', 'int32', '3+', { default: -2 }),
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
                field('CurrentLeaderEpoch', 'int32', '2+', { default: -1 }),
                field('LeaderEpoch', 'int32', '0+'),
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
                field('ErrorCode', 'int16', '0+'),
                field('PartitionIndex', 'int32', '0+'),
                field('LeaderEpoch', 'int32', '1+', { default: -1 }),
                field('EndOffset', 'int64', '0+'),
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

export type OffsetForLeaderEpochRequest = RequestOf<typeof OFFSET_FOR_LEADER_EPOCH>;
export type OffsetForLeaderEpochResponse = ResponseOf<typeof OFFSET_FOR_LEADER_EPOCH>;
