/**
 * CreatePartitions (key 37), valid versions 0–2, flexible from 2; this broker speaks 0–2.
 *
 *   Request:
 *     Topics: [Name: string, Count: int32, Assignments: [BrokerIds: [int32]] (nullable)]
 *     TimeoutMs: int32
 *     ValidateOnly: bool
 *   Response:
 *     ThrottleTimeMs: int32
 *     Results: [Name: string, ErrorCode: int16, ErrorMessage: string (nullable)]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const CREATE_PARTITIONS = apiMessages({
  apiKey: 37,
  name: 'CreatePartitions',
  minVersion: 0,
  maxVersion: 2,
  flexibleVersions: '2+',
  request: [
    field(
      'Topics',
      arrayOf(
        struct(
          field('Name', 'string', '0+'),
          field('Count', 'int32', '0+'),
          field('Assignments', arrayOf(struct(field('BrokerIds', arrayOf('int32'), '0+'))), '0+', { nullableVersions: '0+' }),
        ),
      ),
      '0+',
    ),
    field('TimeoutMs', 'int32', '0+'),
    field('ValidateOnly', 'bool', '0+'),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field(
      'Results',
      arrayOf(
        struct(
          field('Name', 'string', '0+'),
          field('ErrorCode', 'int16', '0+'),
          field('ErrorMessage', 'string', '0+', { nullableVersions: '0+', default: null }),
        ),
      ),
      '0+',
    ),
  ],
});

export type CreatePartitionsRequest = RequestOf<typeof CREATE_PARTITIONS>;
export type CreatePartitionsResponse = ResponseOf<typeof CREATE_PARTITIONS>;
