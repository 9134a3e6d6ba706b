/**
 * Fetch (key 1), valid versions 0–11, no flexible version; this broker speaks 0–11.
 *
 *   Request:
 *     ReplicaId: int32                 (−1: a consumer)
 *     MaxWait: int32
 *     MinBytes: int32
 *     MaxBytes: int32                  v3+ (default 0x7fffffff)
 *     IsolationLevel: int8             v4+ (0 read_uncommitted, 1 read_committed)
 *     SessionId: int32                 v7+
 *     Epoch: int32                     v7+ (default −1)
 *     Topics: [Name: string,
 *              FetchPartitions: [PartitionIndex: int32, CurrentLeaderEpoch: int32 (v9+, default −1),
 *                                FetchOffset: int64, LogStartOffset: int64 (v5+, default −1), MaxBytes: int32]]
 *     Forgotten: [Name: string, ForgottenPartitionIndexes: [int32]]   v7+
 *     RackId: string                   v11+
 *   Response:
 *     ThrottleTimeMs: int32            v1+
 *     ErrorCode: int16                 v7+
 *     SessionId: int32                 v7+
 *     Topics: [Name: string,
 *              Partitions: [PartitionIndex: int32, ErrorCode: int16, HighWatermark: int64,
 *                           LastStableOffset: int64 (v4+, default −1), LogStartOffset: int64 (v5+, default −1),
 *                           Aborted: [ProducerId: int64, FirstOffset: int64] (v4+, nullable),
 *                           PreferredReadReplica: int32 (v11+), Records: bytes (nullable)]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const FETCH = apiMessages({
  apiKey: 1,
  name: 'Fetch',
  minVersion: 0,
  maxVersion: 11,
  request: [
    field('ReplicaId', 'int32', '0+'),
    field('MaxWait', 'int32', '0+'),
    field('MinBytes', 'int32', '0+'),
    field('MaxBytes', 'int32', '3+', { default: 0x7fffffff }),
    field('IsolationLevel', 'int8', '4+'),
    field('SessionId', 'int32', '7+'),
    field('Epoch', 'int32', '7+', { default: -1 }),
    field(
      'Topics',
      arrayOf(
        struct(
          field('Name', 'string', '0+'),
          field(
            'FetchPartitions',
            arrayOf(
              struct(
                field('PartitionIndex', 'int32', '0+'),
                field('CurrentLeaderEpoch', 'int32', '9+', { default: -1 }),
                field('FetchOffset', 'int64', '0+'),
                field('LogStartOffset', 'int64', '5+', { default: -1n }),
                field('MaxBytes', 'int32', '0+'),
              ),
            ),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
    field('Forgotten', arrayOf(struct(field('Name', 'string', '7+'), field('ForgottenPartitionIndexes', arrayOf('int32'), '7+'))), '7+'),
    field('RackId', 'string', '11+'),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '1+'),
    field('ErrorCode', 'int16', '7+'),
    field('SessionId', 'int32', '7+'),
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
                field('HighWatermark', 'int64', '0+'),
                field('LastStableOffset', 'int64', '4+', { default: -1n }),
                field('LogStartOffset', 'int64', '5+', { default: -1n }),
                field('Aborted', arrayOf(struct(field('ProducerId', 'int64', '4+'), field('FirstOffset', 'int64', '4+'))), '4+', {
                  nullableVersions: '4+',
                  default: null,
                }),
                field('PreferredReadReplica', 'int32', '11+', { default: -1 }),
                field('Records', 'records', '0+', { nullableVersions: '0+' }),
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

export type FetchRequest = RequestOf<typeof FETCH>;
export type FetchPartitionResponse = FetchResponse['topics'][number]['partitions'][number];
export type FetchResponse = ResponseOf<typeof FETCH>;
