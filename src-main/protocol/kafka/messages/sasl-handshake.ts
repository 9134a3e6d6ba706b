/**
 * SaslHandshake (key 17), valid versions 0–1, no flexible version; this broker speaks 0–1.
 *
 *   Request:  Mechanism: string
 *   Response: ErrorCode: int16, Mechanisms: [string]
 */
import { arrayOf, field } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const SASL_HANDSHAKE = apiMessages({
  apiKey: 17,
  name: 'SaslHandshake',
  minVersion: 0,
  maxVersion: 1,
  request: [field('Mechanism', 'string', '0+')],
  response: [field('ErrorCode', 'int16', '0+'), field('Mechanisms', arrayOf('string'), '0+')],
});

export type SaslHandshakeRequest = RequestOf<typeof SASL_HANDSHAKE>;
export type SaslHandshakeResponse = ResponseOf<typeof SASL_HANDSHAKE>;
