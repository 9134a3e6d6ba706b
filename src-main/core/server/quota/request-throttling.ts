/**
 * How Kafka 2.5.1's `KafkaApis` applies the client quotas to a request (KIP-219: the response
 * goes out at once with `throttle_time_ms`, and the channel is muted for that long):
 *
 * - Produce (`handleProduceRequest`'s callback): the request's size against the Produce quota, then
 *   (unless acks=0) its handling time against the Request quota; the larger throttle time wins and
 *   mutes the channel through its own manager.
 * - Fetch from a consumer (`processResponseCallback`): the handling time against the Request quota,
 *   then the response's size against the Fetch quota; when either throttles, the bytes are taken
 *   back from the Fetch sensor and the client gets an empty response.
 * - Every other request (`sendResponseMaybeThrottle`): the handling time against the Request quota.
 */
import type { Clock } from '../../platform/clock';
import type { ClientSession, ThrottledChannelCallback } from './client-quota-manager';
import type { QuotaManagers } from './quota-managers';

/** The channel of a request that has none to mute (an in-process caller). */
export const UNMUTABLE_CHANNEL: ThrottledChannelCallback = Object.freeze({ startThrottling: () => {}, endThrottling: () => {} });

const NANOS_PER_MS = 1_000_000;

export function throttleProduce(
  quotas: QuotaManagers,
  session: ClientSession,
  numBytesAppended: number,
  requestThreadTimeMs: number,
  acks: number,
  channel: ThrottledChannelCallback,
  clock: Clock,
): number {
  const bandwidthThrottleTimeMs = quotas.produce.maybeRecordAndGetThrottleTimeMs(session, numBytesAppended, clock.nowMs());
  const requestThrottleTimeMs =
    acks === 0 ? 0 : quotas.request.maybeRecordRequestAndGetThrottleTimeMs(session, requestThreadTimeMs * NANOS_PER_MS);
  const maxThrottleTimeMs = Math.max(bandwidthThrottleTimeMs, requestThrottleTimeMs);
  if (maxThrottleTimeMs > 0) {
    if (bandwidthThrottleTimeMs > requestThrottleTimeMs) quotas.produce.throttle(session, bandwidthThrottleTimeMs, channel);
    else quotas.request.throttle(session, requestThrottleTimeMs, channel);
  }
  return maxThrottleTimeMs;
}

/** A consumer's fetch: the throttle time; when it is above 0 the caller answers with no partitions. */
export function throttleFetch(
  quotas: QuotaManagers,
  session: ClientSession,
  responseSize: number,
  requestThreadTimeMs: number,
  channel: ThrottledChannelCallback,
  clock: Clock,
): number {
  const timeMs = clock.nowMs();
  const requestThrottleTimeMs = quotas.request.maybeRecordRequestAndGetThrottleTimeMs(session, requestThreadTimeMs * NANOS_PER_MS);
  const bandwidthThrottleTimeMs = quotas.fetch.maybeRecordAndGetThrottleTimeMs(session, responseSize, timeMs);
  const maxThrottleTimeMs = Math.max(bandwidthThrottleTimeMs, requestThrottleTimeMs);
  if (maxThrottleTimeMs > 0) {
    quotas.fetch.unrecordQuotaSensor(session, responseSize, timeMs);
    if (bandwidthThrottleTimeMs > requestThrottleTimeMs) quotas.fetch.throttle(session, bandwidthThrottleTimeMs, channel);
    else quotas.request.throttle(session, requestThrottleTimeMs, channel);
  }
  return maxThrottleTimeMs;
}

/**
 * `fetchMaxBytes` capped at what the Fetch quota lets through in one window without a certain
 * throttle (`getMaxValueInQuotaWindow`, as an int), so a consumer is never stuck on a too large fetch.
 */
export function maxQuotaWindowBytes(quotas: QuotaManagers, session: ClientSession): number {
  const max = quotas.fetch.getMaxValueInQuotaWindow(session);
  // Scala's `Double.toInt` saturates.
  return max >= 2147483647 ? 2147483647 : Math.trunc(max);
}

/** `sendResponseMaybeThrottle`: the Request quota's throttle time (0 when not throttled). */
export function throttleRequest(
  quotas: QuotaManagers,
  session: ClientSession,
  requestThreadTimeMs: number,
  channel: ThrottledChannelCallback,
): number {
  const throttleTimeMs = quotas.request.maybeRecordRequestAndGetThrottleTimeMs(session, requestThreadTimeMs * NANOS_PER_MS);
  quotas.request.throttle(session, throttleTimeMs, channel);
  return throttleTimeMs;
}
