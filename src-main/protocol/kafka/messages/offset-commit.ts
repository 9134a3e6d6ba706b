/**
 * OffsetCommit (key 8), valid versions 0–8, flexible 8+; this broker speaks 0–8.
 *
 *   Request:
 *     GroupId: string
 *     GenerationId: int32              v1+ (default −1)
 *     MemberId: string                 v1+
 *     GroupInstanceId: string?         v7+
 *     RetentionTimeMs: int64           v2–4 (default −1)
 *     Topics: [Name: string,
 *              Partitions: [PartitionIndex: int32, CommittedOffset: int64,
 *                           CommittedLeaderEpoch: int32 (v6+, default −1),
 *                           CommitTimestamp: int64 (v1 only, default −1),
 *                           CommittedMetadata: string?]]
 *   Response:
 *     ThrottleTimeMs: int32            v3+
 *     Topics: [Name: string, Partitions: [PartitionIndex: int32, ErrorCode: int16]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { PARTITION_ERRORS_BY_TOPIC } from './common-structs';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const OFFSET_COMMIT = apiMessages({
  apiKey: 8,
  name: 'OffsetCommit',
  minVersion: 0,
  maxVersion: 8,
  flexibleVersions: '8+',
  request: [
    field('GroupId', 'string', '0+'),
    field('GenerationId', 'int32', '1+', { default: -1 }),
    field('MemberId', 'string', '1+'),
    field('GroupInstanceId', 'string', '7+', { nullableVersions: '7+', default: null }),
    field('RetentionTimeMs', 'int64', '2-4', { default: -1n }),
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
                field('CommittedOffset', 'int64', '0+'),
                field('CommittedLeaderEpoch', 'int32', '6+', { default: -1 }),
                field('CommitTimestamp', 'int64', '1', { default: -1n }),
                field('CommittedMetadata', 'string', '0+', { nullableVersions: '0+' }),
              ),
            ),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
  ],
  response: [field('ThrottleTimeMs', 'int32', '3+'), PARTITION_ERRORS_BY_TOPIC],
});

export type OffsetCommitRequest = RequestOf<typeof OFFSET_COMMIT>;
export type OffsetCommitResponse = ResponseOf<typeof OFFSET_COMMIT>;
