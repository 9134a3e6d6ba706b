/**
 * Produce (key 0), valid versions 0–8, no flexible version; this broker speaks 0–8.
 *
 *   Request:
 *     TransactionalId: string          v3+, nullable
 *     Acks: int16
 *     TimeoutMs: int32
 *     Topics: [Name: string, Partitions: [PartitionIndex: int32, Records: bytes (nullable)]]
 *   Response:
 *     Responses: [Name: string,
 *                 Partitions: [PartitionIndex: int32, ErrorCode: int16, BaseOffset: int64,
 *                              LogAppendTimeMs: int64 (v2+, default −1), LogStartOffset: int64 (v5+, default −1),
 *                              RecordErrors: [BatchIndex: int32, BatchIndexErrorMessage: string (nullable)] (v8+),
 *                              ErrorMessage: string (v8+, nullable)]]
 *     ThrottleTimeMs: int32            v1+
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const PRODUCE = apiMessages({
  apiKey: 0,
  name: 'Produce',
  minVersion: 0,
  maxVersion: 8,
  request: [
    field('TransactionalId', 'string', '3+', { nullableVersions: '3+', default: null }),
    field('Acks', 'int16', '0+'),
    field('TimeoutMs', 'int32', '0+'),
    field(
      'Topics',
      arrayOf(
        struct(
          field('Name', 'string', '0+'),
          field(
            'Partitions',
            arrayOf(struct(field('PartitionIndex', 'int32', '0+'), field('Records', 'records', '0+', { nullableVersions: '0+' }))),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
  ],
  response: [
    field(
      'Responses',
      arrayOf(
        struct(
          field('Name', 'string', '0+'),
          field(
            'Partitions',
            arrayOf(
              struct(
                field('PartitionIndex', 'int32', '0+'),
                field('ErrorCode', 'int16', '0+'),
                field('BaseOffset', 'int64', '0+'),
                field('LogAppendTimeMs', 'int64', '2+', { default: -1n }),
                field('LogStartOffset', 'int64', '5+', { default: -1n }),
                field(
                  'RecordErrors',
                  arrayOf(
                    struct(
                      field('BatchIndex', 'int32', '8+'),
                      field('BatchIndexErrorMessage', 'string', '8+', { nullableVersions: '8+', default: null }),
                    ),
                  ),
                  '8+',
                ),
                field('ErrorMessage', 'string', '8+', { nullableVersions: '8+', default: null }),
              ),
            ),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
    field('ThrottleTimeMs', 'int32', '1+'),
  ],
});

export type ProduceRequest = RequestOf<typeof PRODUCE>;
export type ProducePartitionResponse = ProduceResponse['responses'][number]['partitions'][number];
export type ProduceResponse = ResponseOf<typeof PRODUCE>;
