/**
 * EndTxn (key 26), valid versions 0–1, not flexible; this broker speaks 0–1 (v1 is v0).
 *
 *   Request:
 *     TransactionalId: string
 *     ProducerId: int64
 *     ProducerEpoch: int16
 *     Committed: bool                 (true COMMIT, false ABORT)
 *   Response:
 *     ThrottleTimeMs: int32
 *     ErrorCode: int16
 */
import { field } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const END_TXN = apiMessages({
  apiKey: 26,
  name: 'EndTxn',
  minVersion: 0,
  maxVersion: 1,
  request: [
    field('TransactionalId', 'string', '0+'),
    field('ProducerId', 'int64', '0+'),
    field('ProducerEpoch', 'int16', '0+'),
    field('Committed', 'bool', '0+'),
  ],
  response: [field('ThrottleTimeMs', 'int32', '0+'), field('ErrorCode', 'int16', '0+')],
});

export type EndTxnRequest = RequestOf<typeof END_TXN>;
export type EndTxnResponse = ResponseOf<typeof END_TXN>;
