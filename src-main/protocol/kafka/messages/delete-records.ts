/**
 * DeleteRecords (key 21), valid versions 0–1 (not flexible; 1 is 0 with the throttle sent before throttling);
 * this broker speaks 0–1.
 *
 *   Request:
 *     Topics: [Name: string, Partitions: [PartitionIndex: int32, Offset: int64]]   (Offset -1: the high watermark)
 *     TimeoutMs: int32
 *   Response:
 *     ThrottleTimeMs: int32
 *     Topics: [Name: string, Partitions: [PartitionIndex: int32, LowWatermark: int64, ErrorCode: int16]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const DELETE_RECORDS = apiMessages({
  apiKey: 21,
  name: 'DeleteRecords',
  minVersion: 0,
  maxVersion: 1,
  request: [
    field(
      'Topics',
      arrayOf(
        struct(
          field('Name', 'string', '0+'),
          field('Partitions', arrayOf(struct(field('PartitionIndex', 'int32', '0+'), field('Offset', 'int64', '0+'))), '0+'),
        ),
      ),
      '0+',
    ),
    field('TimeoutMs', 'int32', '0+'),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field(
      'Topics',
      arrayOf(
        struct(
          field('Name', 'string', '0+'),
          field(
            'Partitions',
            arrayOf(
              struct(field('PartitionIndex', 'int32', '0+'), field('LowWatermark', 'int64', '0+'), field('ErrorCode', 'int16', '0+')),
            ),
            '0+',
          ),
        ),
      ),
      '0+',
    ),
  ],
});

export type DeleteRecordsRequest = RequestOf<typeof DELETE_RECORDS>;
export type DeleteRecordsResponse = ResponseOf<typeof DELETE_RECORDS>;
