/**
 * ListPartitionReassignments (key 46, KIP-455), valid version 0, flexible from 0.
 *
 *   Request:
 *     TimeoutMs: int32                 (default 60000)
 *     Topics: [Name: string, PartitionIndexes: [int32]] (nullable: every ongoing reassignment)
 *   Response:
 *     ThrottleTimeMs: int32, ErrorCode: int16, ErrorMessage: string (nullable)
 *     Topics: [Name: string, Partitions: [PartitionIndex: int32, Replicas, AddingReplicas, RemovingReplicas: [int32]]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const LIST_PARTITION_REASSIGNMENTS = apiMessages({
  apiKey: 46,
  name: 'ListPartitionReassignments',
  minVersion: 0,
  maxVersion: 0,
  flexibleVersions: '0+',
  request: [
    field('TimeoutMs', 'int32', '0+', { default: 60000 }),
    field('Topics', arrayOf(struct(field('Name', 'string', '0+'), field('PartitionIndexes', arrayOf('int32'), '0+'))), '0+', {
      nullableVersions: '0+',
      default: null,
    }),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field('ErrorCode', 'int16', '0+'),
    field('ErrorMessage', 'string', '0+', { nullableVersions: '0+' }),
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
                field('Replicas', arrayOf('int32'), '0+'),
                field('AddingReplicas', arrayOf('int32'), '0+'),
                field('RemovingReplicas', arrayOf('int32'), '0+'),
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

export type ListPartitionReassignmentsRequest = RequestOf<typeof LIST_PARTITION_REASSIGNMENTS>;
export type ListPartitionReassignmentsResponse = ResponseOf<typeof LIST_PARTITION_REASSIGNMENTS>;
