/**
 * The delegation-token APIs, each valid 0–2, flexible from 2; this broker speaks 0–2:
 *
 *   CreateDelegationToken (38)
 *     Request:  Renewers: [PrincipalType: string, PrincipalName: string], MaxLifetimeMs: int64
 *     Response: ErrorCode: int16, PrincipalType: string, PrincipalName: string, IssueTimestampMs: int64,
 *               ExpiryTimestampMs: int64, MaxTimestampMs: int64, TokenId: string, Hmac: bytes, ThrottleTimeMs: int32
 *   RenewDelegationToken (39)
 *     Request:  Hmac: bytes, RenewPeriodMs: int64
 *     Response: ErrorCode: int16, ExpiryTimestampMs: int64, ThrottleTimeMs: int32
 *   ExpireDelegationToken (40)
 *     Request:  Hmac: bytes, ExpiryTimePeriodMs: int64
 *     Response: ErrorCode: int16, ExpiryTimestampMs: int64, ThrottleTimeMs: int32
 *   DescribeDelegationToken (41)
 *     Request:  Owners: [PrincipalType: string, PrincipalName: string] (nullable: every owner)
 *     Response: ErrorCode: int16, Tokens: [PrincipalType, PrincipalName, IssueTimestamp: int64,
 *               ExpiryTimestamp: int64, MaxTimestamp: int64, TokenId: string, Hmac: bytes,
 *               Renewers: [PrincipalType, PrincipalName]], ThrottleTimeMs: int32
 *
 * Kept in one file: four faces of one feature, which a PLAINTEXT listener refuses alike.
 */
import { arrayOf, field, struct } from '../wire/schema';
import { apiMessages, type RequestOf, type ResponseOf } from './api-message';

const principal = () => [field('PrincipalType', 'string', '0+'), field('PrincipalName', 'string', '0+')] as const;

export const CREATE_DELEGATION_TOKEN = apiMessages({
  apiKey: 38,
  name: 'CreateDelegationToken',
  minVersion: 0,
  maxVersion: 2,
  flexibleVersions: '2+',
  request: [field('Renewers', arrayOf(struct(...principal())), '0+'), field('MaxLifetimeMs', 'int64', '0+')],
  response: [
    field('ErrorCode', 'int16', '0+'),
    ...principal(),
    field('IssueTimestampMs', 'int64', '0+'),
    field('ExpiryTimestampMs', 'int64', '0+'),
    field('MaxTimestampMs', 'int64', '0+'),
    field('TokenId', 'string', '0+'),
    field('Hmac', 'bytes', '0+'),
    field('ThrottleTimeMs', 'int32', '0+'),
  ],
});

const expiryResponse = () =>
  [field('ErrorCode', 'int16', '0+'), field('ExpiryTimestampMs', 'int64', '0+'), field('ThrottleTimeMs', 'int32', '0+')] as const;

export const RENEW_DELEGATION_TOKEN = apiMessages({
  apiKey: 39,
  name: 'RenewDelegationToken',
  minVersion: 0,
  maxVersion: 2,
  flexibleVersions: '2+',
  request: [field('Hmac', 'bytes', '0+'), field('RenewPeriodMs', 'int64', '0+')],
  response: expiryResponse(),
});

export const EXPIRE_DELEGATION_TOKEN = apiMessages({
  apiKey: 40,
  name: 'ExpireDelegationToken',
  minVersion: 0,
  maxVersion: 2,
  flexibleVersions: '2+',
  request: [field('Hmac', 'bytes', '0+'), field('ExpiryTimePeriodMs', 'int64', '0+')],
  response: expiryResponse(),
});

export const DESCRIBE_DELEGATION_TOKEN = apiMessages({
  apiKey: 41,
  name: 'DescribeDelegationToken',
  minVersion: 0,
  maxVersion: 2,
  flexibleVersions: '2+',
  request: [field('Owners', arrayOf(struct(...principal())), '0+', { nullableVersions: '0+' })],
  response: [
    field('ErrorCode', 'int16', '0+'),
    field(
      'Tokens',
      arrayOf(
        struct(
          ...principal(),
          field('IssueTimestamp', 'int64', '0+'),
          field('ExpiryTimestamp', 'int64', '0+'),
          field('MaxTimestamp', 'int64', '0+'),
          field('TokenId', 'string', '0+'),
          field('Hmac', 'bytes', '0+'),
          field('Renewers', arrayOf(struct(...principal())), '0+'),
        ),
      ),
      '0+',
    ),
    field('ThrottleTimeMs', 'int32', '0+'),
  ],
});

export type CreateDelegationTokenRequest = RequestOf<typeof CREATE_DELEGATION_TOKEN>;
export type CreateDelegationTokenResponse = ResponseOf<typeof CREATE_DELEGATION_TOKEN>;
export type RenewDelegationTokenRequest = RequestOf<typeof RENEW_DELEGATION_TOKEN>;
export type RenewDelegationTokenResponse = ResponseOf<typeof RENEW_DELEGATION_TOKEN>;
export type ExpireDelegationTokenRequest = RequestOf<typeof EXPIRE_DELEGATION_TOKEN>;
export type ExpireDelegationTokenResponse = ResponseOf<typeof EXPIRE_DELEGATION_TOKEN>;
export type DescribeDelegationTokenRequest = RequestOf<typeof DESCRIBE_DELEGATION_TOKEN>;
export type DescribeDelegationTokenResponse = ResponseOf<typeof DESCRIBE_DELEGATION_TOKEN>;
