/**
 * Kafka 2.5.1's `kafka.server.ClientRequestQuotaManager`: the Request quota, in percent of one
 * request handler thread's time per second (`request_percentage`), recorded for every request not
 * exempt; its throttle time is capped at one quota window (`quota.window.size.seconds`).
 *
 * The time recorded is the request's handling time on the cluster's clock (Kafka's
 * `requestThreadTimeNanos`, from dequeue to local completion).
 */
import type { LogSink } from '../../common/logging';
import type { Time } from '../../platform/scheduler';
import { ClientQuotaManager, type ClientQuotaManagerConfig, type ClientSensors, type ClientSession } from './client-quota-manager';

/** `ClientQuotaManagerConfig.NanosToPercentagePerSecond`. */
const NANOS_TO_PERCENTAGE_PER_SECOND = 100 / 1e9;

export class ClientRequestQuotaManager extends ClientQuotaManager {
  /** `maxThrottleTimeMs`: one quota window. */
  readonly maxThrottleTimeMs: number;

  constructor(config: ClientQuotaManagerConfig, time: Time, log: LogSink) {
    super(config, 'Request', time, log);
    this.maxThrottleTimeMs = config.quotaWindowSizeSeconds * 1000;
  }

  /** Records a request's handling time; the throttle time when that takes the client over its `request_percentage`. */
  maybeRecordRequestAndGetThrottleTimeMs(session: ClientSession, requestThreadTimeNanos: number): number {
    if (!this.quotasEnabled) return 0;
    return this.recordAndGetThrottleTimeMs(session, requestThreadTimeNanos * NANOS_TO_PERCENTAGE_PER_SECOND, this.time.nowMs());
  }

  protected override throttleTime(sensors: ClientSensors): bigint {
    const t = super.throttleTime(sensors);
    const max = BigInt(this.maxThrottleTimeMs);
    return t < max ? t : max;
  }
}
