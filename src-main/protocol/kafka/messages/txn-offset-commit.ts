/**
 * TxnOffsetCommit (key 28), valid versions 0–3, flexible from 3; this broker speaks 0–3.
 *
 *   Request:
 *     TransactionalId: string
 *     GroupId: string
 *     ProducerId: int64
 *     ProducerEpoch: int16
 *     GenerationId: int32              v3+ (default −1)
 *     MemberId: string                 v3+ (default "")
 *     GroupInstanceId: string          v3+ (nullable, default null)
 *     Topics: [Name: string,
 *              Partitions: [PartitionIndex: int32, CommittedOffset: int64,
 *                           CommittedLeaderEpoch: int32 v2+ (default −1), CommittedMetadata: string (nullable)]]
 *   Response:
 *     ThrottleTimeMs: int32
 *     Topics: [Name: string, Partitions: [PartitionIndex: int32, ErrorCode: int16]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { PARTITION_ERRORS_BY_TOPIC } from './common-structs';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const TXN_OFFSET_COMMIT = apiMessages({
  apiKey: 28,
  name: 'TxnOffsetCommit',
  minVersion: 0,
  maxVersion: 3,
  flexibleVersions: '3+',
  request: [
    field('TransactionalId', 'string', '0+'),
    field('GroupId', 'string', '0+'),
    field('ProducerId', 'int64', '0+'),
    field('ProducerEpoch', 'int16', '0+'),
    field('GenerationId', 'int32', '3+', { default: -1 }),
    field('MemberId', 'string', '3+', { default: '' }),
    field('GroupInstanceId', 'string', '3+', { nullableVersions: '3+', default: null }),
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
                field('CommittedLeaderEpoch', 'int32', '2+', { default: -1, ignorable: true }),
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
  response: [field('ThrottleTimeMs', 'int32', '0+'), PARTITION_ERRORS_BY_TOPIC],
});

export type TxnOffsetCommitRequest = RequestOf<typeof TXN_OFFSET_COMMIT>;
export type TxnOffsetCommitResponse = ResponseOf<typeof TXN_OFFSET_COMMIT>;
