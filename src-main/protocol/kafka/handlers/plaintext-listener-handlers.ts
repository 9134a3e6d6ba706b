/**
 * What a PLAINTEXT listener answers to the SASL and delegation-token APIs, as Kafka 2.5.1's
 * KafkaApis does: a SaslHandshake or SaslAuthenticate reaching KafkaApis means the connection is
 * not in a SASL exchange (ILLEGAL_SASL_STATE, with 2.5.1's message for SaslAuthenticate), and
 * `allowTokenRequests` refuses every token request on PLAINTEXT (DELEGATION_TOKEN_REQUEST_NOT_ALLOWED,
 * timestamps −1, the caller named as `User:ANONYMOUS`).
 */
import { Errors } from '../../../core/common/kafka-errors';
import type { ApiHandler } from '../kafka-apis';
import type {
  CreateDelegationTokenRequest,
  CreateDelegationTokenResponse,
  DescribeDelegationTokenRequest,
  DescribeDelegationTokenResponse,
  ExpireDelegationTokenRequest,
  ExpireDelegationTokenResponse,
  RenewDelegationTokenRequest,
  RenewDelegationTokenResponse,
} from '../messages/delegation-tokens';
import type { SaslAuthenticateRequest, SaslAuthenticateResponse } from '../messages/sasl-authenticate';
import type { SaslHandshakeRequest, SaslHandshakeResponse } from '../messages/sasl-handshake';

const NOT_ALLOWED = Errors.DELEGATION_TOKEN_REQUEST_NOT_ALLOWED.code;
/** `DelegationTokenManager.ErrorTimestamp`. */
const ERROR_TIMESTAMP = -1n;
/** `KafkaPrincipal.ANONYMOUS`: every caller of a PLAINTEXT listener. */
const ANONYMOUS = { principalType: 'User', principalName: 'ANONYMOUS' };

export function saslHandshakeHandler(): ApiHandler<SaslHandshakeRequest, SaslHandshakeResponse> {
  return async () => ({ errorCode: Errors.ILLEGAL_SASL_STATE.code, mechanisms: [] });
}

export function saslAuthenticateHandler(): ApiHandler<SaslAuthenticateRequest, SaslAuthenticateResponse> {
  return async () => ({
    errorCode: Errors.ILLEGAL_SASL_STATE.code,
    errorMessage: 'SaslAuthenticate request received after successful authentication',
    authBytes: new Uint8Array(0),
    sessionLifetimeMs: 0n,
  });
}

export function createDelegationTokenHandler(): ApiHandler<CreateDelegationTokenRequest, CreateDelegationTokenResponse> {
  return async () => ({
    errorCode: NOT_ALLOWED,
    ...ANONYMOUS,
    issueTimestampMs: ERROR_TIMESTAMP,
    expiryTimestampMs: ERROR_TIMESTAMP,
    maxTimestampMs: ERROR_TIMESTAMP,
    tokenId: '',
    hmac: new Uint8Array(0),
    throttleTimeMs: 0,
  });
}

export function renewDelegationTokenHandler(): ApiHandler<RenewDelegationTokenRequest, RenewDelegationTokenResponse> {
  return async () => ({ errorCode: NOT_ALLOWED, expiryTimestampMs: ERROR_TIMESTAMP, throttleTimeMs: 0 });
}

export function expireDelegationTokenHandler(): ApiHandler<ExpireDelegationTokenRequest, ExpireDelegationTokenResponse> {
  return async () => ({ errorCode: NOT_ALLOWED, expiryTimestampMs: ERROR_TIMESTAMP, throttleTimeMs: 0 });
}

export function describeDelegationTokenHandler(): ApiHandler<DescribeDelegationTokenRequest, DescribeDelegationTokenResponse> {
  return async () => ({ errorCode: NOT_ALLOWED, tokens: [], throttleTimeMs: 0 });
}
