/**
 * AddOffsetsToTxn (key 25), valid versions 0–1, not flexible; this broker speaks 0–1 (v1 is v0).
 *
 *   Request:
 *     TransactionalId: string
 *     ProducerId: int64
 *     ProducerEpoch: int16
 *     GroupId: string
 *   Response:
 *     ThrottleTimeMs: int32
 *     ErrorCode: int16
 */
import { field } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const ADD_OFFSETS_TO_TXN = apiMessages({
  apiKey: 25,
  name: 'AddOffsetsToTxn',
  minVersion: 0,
  maxVersion: 1,
  request: [
    field('TransactionalId', 'string', '0+'),
    field('ProducerId', 'int64', '0+'),
    field('ProducerEpoch', 'int16', '0+'),
    field('GroupId', 'string', '0+'),
  ],
  response: [field('ThrottleTimeMs', 'int32', '0+'), field('ErrorCode', 'int16', '0+')],
});

export type AddOffsetsToTxnRequest = RequestOf<typeof ADD_OFFSETS_TO_TXN>;
export type AddOffsetsToTxnResponse = ResponseOf<typeof ADD_OFFSETS_TO_TXN>;
