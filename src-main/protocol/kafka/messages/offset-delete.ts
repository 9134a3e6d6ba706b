/**
 * OffsetDelete (key 47), valid version 0 (not flexible); this broker speaks 0.
 *
 *   Request:
 *     GroupId: string
 *     Topics: [Name: string, Partitions: [PartitionIndex: int32]]
 *   Response:
 *     ErrorCode: int16
 *     ThrottleTimeMs: int32
 *     Topics: [Name: string, Partitions: [PartitionIndex: int32, ErrorCode: int16]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { PARTITION_ERRORS_BY_TOPIC } from './common-structs';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const OFFSET_DELETE = apiMessages({
  apiKey: 47,
  name: 'OffsetDelete',
  minVersion: 0,
  maxVersion: 0,
  request: [
    field('GroupId', 'string', '0+'),
    field(
      'Topics',
      arrayOf(struct(field('Name', 'string', '0+'), field('Partitions', arrayOf(struct(field('PartitionIndex', 'int32', '0+'))), '0+'))),
      '0+',
    ),
  ],
  response: [field('ErrorCode', 'int16', '0+'), field('ThrottleTimeMs', 'int32', '0+'), PARTITION_ERRORS_BY_TOPIC],
});

export type OffsetDeleteRequest = RequestOf<typeof OFFSET_DELETE>;
export type OffsetDeleteResponse = ResponseOf<typeof OFFSET_DELETE>;
