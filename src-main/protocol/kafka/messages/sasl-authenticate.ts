/**
 * SaslAuthenticate (key 36), valid versions 0–2, flexible from 2; this broker speaks 0–2.
 *
 *   Request:  AuthBytes: bytes
 *   Response: ErrorCode: int16, ErrorMessage: string (nullable), AuthBytes: bytes,
 *             SessionLifetimeMs: int64 (v1+, default 0)
 */
import { field } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

export const SASL_AUTHENTICATE = apiMessages({
  apiKey: 36,
  name: 'SaslAuthenticate',
  minVersion: 0,
  maxVersion: 2,
  flexibleVersions: '2+',
  request: [field('AuthBytes', 'bytes', '0+')],
  response: [
    field('ErrorCode', 'int16', '0+'),
    field('ErrorMessage', 'string', '0+', { nullableVersions: '0+' }),
    field('AuthBytes', 'bytes', '0+'),
    field('SessionLifetimeMs', 'int64', '1+', { default: 0n }),
  ],
});

export type SaslAuthenticateRequest = RequestOf<typeof SASL_AUTHENTICATE>;
export type SaslAuthenticateResponse = ResponseOf<typeof SASL_AUTHENTICATE>;
