/**
 * AlterPartitionReassignments (key 45, KIP-455), valid version 0, flexible from 0.
 *
 *   Request:
 *     TimeoutMs: int32                 (default 60000)
 *     Topics: [Name: string, Partitions: [PartitionIndex: int32, Replicas: [int32] (nullable: cancel)]]
 *   Response:
 *     ThrottleTimeMs: int32, ErrorCode: int16, ErrorMessage: string (nullable)
 *     Responses: [Name: string, Partitions: [PartitionIndex: int32, ErrorCode: int16, ErrorMessage: string (nullable)]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const ALTER_PARTITION_REASSIGNMENTS = apiMessages({
  apiKey: 45,
  name: 'AlterPartitionReassignments',
  minVersion: 0,
  maxVersion: 0,
  flexibleVersions: '0+',
  request: [
    field('TimeoutMs', 'int32', '0+', { default: 60000 }),
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
                field('Replicas', arrayOf('int32'), '0+', { nullableVersions: '0+', default: null }),
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
    field('ThrottleTimeMs', 'int32', '0+'),
    field('ErrorCode', 'int16', '0+'),
    field('ErrorMessage', 'string', '0+', { nullableVersions: '0+' }),
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
                field('ErrorMessage', 'string', '0+', { nullableVersions: '0+' }),
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

export type AlterPartitionReassignmentsRequest = RequestOf<typeof ALTER_PARTITION_REASSIGNMENTS>;
export type AlterPartitionReassignmentsResponse = ResponseOf<typeof ALTER_PARTITION_REASSIGNMENTS>;
