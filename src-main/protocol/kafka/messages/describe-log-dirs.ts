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
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const DESCRIBE_LOG_DIRS = apiMessages({
  apiKey: 35,
  name: 'DescribeLogDirs',
  minVersion: 0,
  maxVersion: 1,
  request: [
    field('Topics', arrayOf(struct(field('Topic', 'string', '0+'), field('PartitionIndex', arrayOf('int32'), '0+'))), '0+', {
      nullableVersions: '0+',
    }),
  ],
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
            arrayOf(
              struct(
                field('Name', 'string', '0+'),
                field(
                  'Partitions',
                  arrayOf(
                    struct(
                      field('PartitionIndex', 'int32', '0+'),
                      field('PartitionSize', 'int64', '0+'),
                      field('OffsetLag', 'int64', '0+'),
                      field('IsFutureKey', 'bool', '0+'),
                    ),
                  ),
                  '0+',
                ),
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

export type DescribeLogDirsRequest = RequestOf<typeof DESCRIBE_LOG_DIRS>;
export type DescribeLogDirsResult = ResponseOf<typeof DESCRIBE_LOG_DIRS>['results'][number];
export type DescribeLogDirsResponse = ResponseOf<typeof DESCRIBE_LOG_DIRS>;
