/**
 * AddPartitionsToTxn (key 24), valid versions 0–1, not flexible; this broker speaks 0–1 (v1 is v0;
 * a throttled v1 response is sent before the throttle).
 *
 *   Request:
 *     TransactionalId: string
 *     ProducerId: int64
 *     ProducerEpoch: int16
 *     Topics: [Name: string, Partitions: [int32]]
 *   Response:
 *     ThrottleTimeMs: int32
 *     Results: [Name: string, Results: [PartitionIndex: int32, ErrorCode: int16]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const ADD_PARTITIONS_TO_TXN = apiMessages({
  apiKey: 24,
  name: 'AddPartitionsToTxn',
  minVersion: 0,
  maxVersion: 1,
  request: [
    field('TransactionalId', 'string', '0+'),
    field('ProducerId', 'int64', '0+'),
    field('ProducerEpoch', 'int16', '0+'),
    field('Topics', arrayOf(struct(field('Name', 'string', '0+'), field('Partitions', arrayOf('int32'), '0+'))), '0+'),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field(
      'Results',
      arrayOf(
        struct(
          field('Name', 'string', '0+'),
          field('Results', arrayOf(struct(field('PartitionIndex', 'int32', '0+'), field('ErrorCode', 'int16', '0+'))), '0+'),
        ),
      ),
      '0+',
    ),
  ],
});

export type AddPartitionsToTxnRequest = RequestOf<typeof ADD_PARTITIONS_TO_TXN>;
export type AddPartitionsToTxnResponse = ResponseOf<typeof ADD_PARTITIONS_TO_TXN>;
