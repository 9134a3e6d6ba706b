/**
 * DescribeLogDirs (key 35), valid versions 0–1, no flexible version; this broker speaks 0–1.
 *
 *   Request:
 *     Topics: [Topic: string, PartitionIndex: [int32]] (nullable: every partition)
 *   Response:
 *     ThrottleTimeMs: int32
 *     Results: [ErrorCode: int16, LogDir: string,
 *               Topics: [Name: string, Partitions: [PartitionIndex: int32, PartitionSize: int64, OffsetLag: int64, IsFutureKey: bool]]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import type { ApiMessages } from './api-message';

export interface DescribeLogDirsRequest {
  topics: Array<{ topic: string; partitionIndex: number[] }> | null;
}

export interface DescribeLogDirsResult {
  errorCode: number;
  logDir: string;
  topics: Array<{ name: string; partitions: Array<{ partitionIndex: number; partitionSize: bigint; offsetLag: bigint; isFutureKey: boolean }> }>;
}

export const DESCRIBE_LOG_DIRS: ApiMessages = {
  apiKey: 35,
  name: 'DescribeLogDirs',
  minVersion: 0,
  maxVersion: 1,
  request: [field('Topics', arrayOf(struct(field('Topic', 'string', '0+'), field('PartitionIndex', arrayOf('int32'), '0+'))), '0+', { nullableVersions: '0+' })],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field(
      'Results',
      arrayOf(
        struct(
          field('ErrorCode', 'int16', '0+'),
          field('LogDir', 'string', '0+'),
          field(
            'Topics',
            arrayOf(struct(field('Name', 'string', '0+'), field('Partitions', arrayOf(struct(field('PartitionIndex', 'int32', '0+'), field('PartitionSize', 'int64', '0+'), field('OffsetLag', 'int64', '0+'), field('IsFutureKey', 'bool', '0+'))), '0+'))),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
  ],
};
