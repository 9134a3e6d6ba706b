/**
 * InitProducerId (key 22), valid versions 0–3, flexible from 2; this broker speaks 0–3.
 *
 *   Request:
 *     TransactionalId: string (nullable: an idempotent producer without transactions)
 *     TransactionTimeoutMs: int32
 *     ProducerId: int64                v3+ (default −1: the producer's current id, KIP-360)
 *     ProducerEpoch: int16             v3+ (default −1)
 *   Response:
 *     ThrottleTimeMs: int32
 *     ErrorCode: int16
 *     ProducerId: int64                (default −1)
 *     ProducerEpoch: int16
 */
import { field } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const INIT_PRODUCER_ID = apiMessages({
  apiKey: 22,
  name: 'InitProducerId',
  minVersion: 0,
  maxVersion: 3,
  flexibleVersions: '2+',
  request: [
    field('TransactionalId', 'string', '0+', { nullableVersions: '0+' }),
    field('TransactionTimeoutMs', 'int32', '0+'),
    field('ProducerId', 'int64', '3+', { default: -1n }),
    field('ProducerEpoch', 'int16', '3+', { default: -1 }),
  ],
  response: [
    field('ThrottleTimeMs', 'int32', '0+'),
    field('ErrorCode', 'int16', '0+'),
    field('ProducerId', 'int64', '0+', { default: -1n }),
    field('ProducerEpoch', 'int16', '0+'),
  ],
});

export type InitProducerIdRequest = RequestOf<typeof INIT_PRODUCER_ID>;
export type InitProducerIdResponse = ResponseOf<typeof INIT_PRODUCER_ID>;
