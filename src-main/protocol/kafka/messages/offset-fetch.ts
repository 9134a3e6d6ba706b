/**
 * OffsetFetch (key 9), valid versions 0–7, flexible 6+; this broker speaks 0–7.
 *
 *   Request:
 *     GroupId: string
 *     Topics: [Name: string, PartitionIndexes: [int32]]?   (null from v2: all the group's partitions)
 *     RequireStable: bool              v7+ (default false; nothing is pending without transactions)
 *   Response:
 *     ThrottleTimeMs: int32            v3+
 *     Topics: [Name: string,
 *              Partitions: [PartitionIndex: int32, CommittedOffset: int64,
 *                           CommittedLeaderEpoch: int32 (v5+, default −1), Metadata: string?, ErrorCode: int16]]
 *     ErrorCode: int16                 v2+
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const OFFSET_FETCH = apiMessages({
  apiKey: 9,
  name: 'OffsetFetch',
  minVersion: 0,
  maxVersion: 7,
  flexibleVersions: '6+',
  request: [
    field('GroupId', 'string', '0+'),
    field('Topics', arrayOf(struct(field('Name', 'string', '0+'), field('PartitionIndexes', arrayOf('int32'), '0+'))), '0+', {
      nullableVersions: '2+',
    }),
    field('RequireStable', 'bool', '7+'),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '3+'),
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
                field('CommittedLeaderEpoch', 'int32', '5+', { default: -1 }),
                field('Metadata', 'string', '0+', { nullableVersions: '0+' }),
                field('ErrorCode', 'int16', '0+'),
              ),
            ),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
    field('ErrorCode', 'int16', '2+'),
  ],
});

export type OffsetFetchRequest = RequestOf<typeof OFFSET_FETCH>;
export type OffsetFetchResponsePartition = OffsetFetchResponse['topics'][number]['partitions'][number];
export type OffsetFetchResponse = ResponseOf<typeof OFFSET_FETCH>;
