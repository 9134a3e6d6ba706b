/**
 * WriteTxnMarkers (key 27), valid versions 0, not flexible; this broker speaks 0. What a
 * transaction coordinator sends each partition leader to close a transaction: one COMMIT or ABORT
 * control batch per partition.
 *
 *   Request:
 *     Markers: [
 *       ProducerId: int64, ProducerEpoch: int16
 *       TransactionResult: bool              (false = ABORT, true = COMMIT)
 *       Topics: [Name: string, PartitionIndexes: [int32]]
 *       CoordinatorEpoch: int32 ]
 *   Response:
 *     Markers: [ProducerId: int64, Topics: [Name: string, Partitions: [PartitionIndex: int32, ErrorCode: int16]]]
 */
import { arrayOf, field, struct } from '../wire/schema';
import { PARTITION_ERRORS_BY_TOPIC } from './common-structs';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const WRITE_TXN_MARKERS = apiMessages({
  apiKey: 27,
  name: 'WriteTxnMarkers',
  minVersion: 0,
  maxVersion: 0,
  request: [
    field(
      'Markers',
      arrayOf(
        struct(
          field('ProducerId', 'int64', '0+'),
          field('ProducerEpoch', 'int16', '0+'),
          field('TransactionResult', 'bool', '0+'),
          field('Topics', arrayOf(struct(field('Name', 'string', '0+'), field('PartitionIndexes', arrayOf('int32'), '0+'))), '0+'),
          field('CoordinatorEpoch', 'int32', '0+'),
        ),
      ),
      '0+',
    ),
  ],
  response: [field('Markers', arrayOf(struct(field('ProducerId', 'int64', '0+'), PARTITION_ERRORS_BY_TOPIC)), '0+')],
});

export type WriteTxnMarkersWireRequest = RequestOf<typeof WRITE_TXN_MARKERS>;
export type WriteTxnMarkersWireResponse = ResponseOf<typeof WRITE_TXN_MARKERS>;
