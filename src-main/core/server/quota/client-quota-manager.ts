/**
 * Kafka 2.5.1's `kafka.server.ClientQuotaManager` with its `DefaultQuotaCallback`, for one quota
 * type (Produce: bytes appended, Fetch: bytes fetched; Request — see ClientRequestQuotaManager).
 * Each client gets a quota sensor (a `Rate` over `quota.window.num` samples of
 * `quota.window.size.seconds`) and a throttle-time sensor (an `Avg`), kept under the tags that
 * `quotaMetricTags` gives for the levels in use; a recorded value that takes the rate over the
 * quota's bound is answered with the throttle time `(observed − quota) / quota × window`, and the
 * channel is muted for that long (`throttle`, Kafka's ThrottledChannel on its DelayQueue: here a
 * task on the broker's scheduler).
 */
import { javaDoubleToString } from '../../common/java-lang';
import type { LogSink } from '../../common/logging';
import type { Time } from '../../platform/scheduler';
import { Rate } from './rate';
import { Avg, DEFAULT_METRIC_CONFIG, type SampleConfig } from './sampled-stat';
import {
  clientIdEntity,
  entityKey,
  entityToString,
  multiLevelMetricTags,
  quotaLimitFor,
  userEntity,
  type QuotaEntity,
  type QuotaMetricTags,
} from './quota-entity';

/** `QuotaType` of the client quotas, as Kafka prints it in sensor names and log lines. */
export type ClientQuotaType = 'Produce' | 'Fetch' | 'Request';

/** `Long.MaxValue` as a double: no quota. */
export const UNLIMITED_QUOTA = Number(9223372036854775807n);

/** `ClientQuotaManagerConfig`. */
export interface ClientQuotaManagerConfig {
  /** `quota.producer.default` / `quota.consumer.default` (the deprecated static client-id quota); `Long.MaxValue` for none. */
  readonly quotaBytesPerSecondDefault: number;
  /** `quota.window.num` (11: 10 whole windows and the current one). */
  readonly numQuotaSamples: number;
  /** `quota.window.size.seconds` (1). */
  readonly quotaWindowSizeSeconds: number;
}

export const DEFAULT_CLIENT_QUOTA_MANAGER_CONFIG: ClientQuotaManagerConfig = Object.freeze({
  quotaBytesPerSecondDefault: UNLIMITED_QUOTA,
  numQuotaSamples: 11,
  quotaWindowSizeSeconds: 1,
});

/** `ClientQuotaManagerConfig.InactiveSensorExpirationTimeSeconds`: sensors unused for an hour are dropped. */
export const INACTIVE_SENSOR_EXPIRATION_MS = 3600 * 1000;

/** `QuotaTypes`: the levels quotas have ever been set at on this broker (they stay enabled until a restart). */
const QuotaTypes = Object.freeze({ NoQuotas: 0, ClientIdQuotaEnabled: 1, UserQuotaEnabled: 2, UserClientIdQuotaEnabled: 4 });

/** What the socket server does when a channel's throttling starts and ends (`StartThrottlingResponse` / `EndThrottlingResponse`). */
export interface ThrottledChannelCallback {
  startThrottling(): void;
  endThrottling(): void;
}

/** A client as its sensors see it. */
export interface ClientSession {
  readonly sanitizedUser: string;
  readonly clientId: string;
}

export interface ClientSensors {
  readonly tags: QuotaMetricTags;
  readonly rate: Rate;
  readonly throttleTime: Avg;
  /** The bound in the quota sensor's `MetricConfig`. */
  quotaBound: number;
  lastRecordMs: number;
  throttleLastRecordMs: number;
}

/** One client's sensors, for the UI. */
export interface ClientQuotaUsage {
  readonly user: string;
  readonly clientId: string;
  /** The bound enforced (bytes/s, or percent for Request); null when unlimited. */
  readonly quota: number | null;
  /** The rate measured now, over the quota window. */
  readonly observedRate: number;
  /** The throttle-time `Avg` (2 samples of 30 s); null before any throttling. */
  readonly throttleTimeAvgMs: number | null;
}

const LONG_MAX = 9223372036854775807n;
const LONG_MIN = -9223372036854775808n;

/** `Math.round(double)`, a `long`: NaN is 0, and the result saturates at the `long` range. */
function javaMathRound(x: number): bigint {
  if (Number.isNaN(x)) return 0n;
  const r = Math.floor(x + 0.5);
  if (r >= 2 ** 63) return LONG_MAX;
  if (r <= -(2 ** 63)) return LONG_MIN;
  return BigInt(r);
}

export class ClientQuotaManager {
  private quotaTypesEnabled: number;
  private readonly overriddenQuotas = new Map<string, number>();
  private readonly sensors = new Map<string, ClientSensors>();
  private readonly sampleConfig: SampleConfig;
  private readonly staticConfigClientIdQuota: number;
  private delayQueueSize = 0;

  constructor(
    protected readonly config: ClientQuotaManagerConfig,
    readonly quotaType: ClientQuotaType,
    protected readonly time: Time,
    private readonly log: LogSink,
  ) {
    this.staticConfigClientIdQuota = config.quotaBytesPerSecondDefault;
    this.quotaTypesEnabled = config.quotaBytesPerSecondDefault === UNLIMITED_QUOTA ? QuotaTypes.NoQuotas : QuotaTypes.ClientIdQuotaEnabled;
    this.sampleConfig = { samples: config.numQuotaSamples, timeWindowMs: config.quotaWindowSizeSeconds * 1000 };
  }

  /** Whether any quota was ever configured for this type since the broker started (only then are sensors kept). */
  get quotasEnabled(): boolean {
    return this.quotaTypesEnabled !== QuotaTypes.NoQuotas;
  }

  /** Channels muted and not yet released (Kafka's `queue-size` of the delay queue). */
  get throttledChannels(): number {
    return this.delayQueueSize;
  }

  maybeRecordAndGetThrottleTimeMs(session: ClientSession, value: number, timeMs: number): number {
    return this.quotasEnabled ? this.recordAndGetThrottleTimeMs(session, value, timeMs) : 0;
  }

  /** Records `value` at `timeMs`; when the rate is then over the quota, the throttle time in ms, else 0. */
  recordAndGetThrottleTimeMs(session: ClientSession, value: number, timeMs: number): number {
    const sensors = this.getOrCreateQuotaSensors(session);
    sensors.rate.record(this.sampleConfig, value, timeMs);
    sensors.lastRecordMs = timeMs;
    // `Sensor.checkQuotas`: the rate measured at the time of the record.
    if (sensors.rate.measure(this.sampleConfig, timeMs) <= sensors.quotaBound) return 0;
    return this.toInt(this.throttleTime(sensors));
  }

  /** Takes back a recorded value (a throttled fetch returns nothing, so its bytes do not count). */
  unrecordQuotaSensor(session: ClientSession, value: number, timeMs: number): void {
    const sensors = this.getOrCreateQuotaSensors(session);
    sensors.rate.record(this.sampleConfig, -value, timeMs);
    sensors.lastRecordMs = timeMs;
  }

  /** `getMaxValueInQuotaWindow`: the most that can be recorded in one go without a certain throttle. */
  getMaxValueInQuotaWindow(session: ClientSession): number {
    if (!this.quotasEnabled) return Number.MAX_VALUE;
    const sensors = this.getOrCreateQuotaSensors(session);
    const limit = this.quotaLimit(sensors.tags);
    return limit === null ? Number.MAX_VALUE : limit * (this.config.numQuotaSamples - 1) * this.config.quotaWindowSizeSeconds;
  }

  /** Mutes the channel for `throttleTimeMs` (nothing for 0) and records the time in the throttle-time sensor. */
  throttle(session: ClientSession, throttleTimeMs: number, channel: ThrottledChannelCallback): void {
    if (throttleTimeMs <= 0) return;
    const sensors = this.getOrCreateQuotaSensors(session);
    const now = this.time.nowMs();
    sensors.throttleTime.record(DEFAULT_METRIC_CONFIG, throttleTimeMs, now);
    sensors.throttleLastRecordMs = now;
    channel.startThrottling();
    this.delayQueueSize++;
    this.time.schedule(`${this.quotaType}ThrottledChannelReaper`, throttleTimeMs, () => {
      this.delayQueueSize--;
      channel.endThrottling();
    });
  }

  /** `quota(user, clientId)`: the bound that applies to a client now (`Long.MaxValue` for none). */
  quota(session: ClientSession): number {
    return this.quotaLimit(this.quotaMetricTags(session)) ?? UNLIMITED_QUOTA;
  }

  /**
   * `updateQuota`: sets (or with null removes) the quota of an entity, and applies the new bounds
   * to the sensors that exist. `sanitizedUser` / `sanitizedClientId` are the znode names (`<default>`
   * for the defaults); `clientId` is the desanitized client id.
   */
  updateQuota(sanitizedUser: string | null, clientId: string | null, sanitizedClientId: string | null, quota: number | null): void {
    const user = sanitizedUser === null ? null : userEntity(sanitizedUser);
    const client = sanitizedClientId === null ? null : clientIdEntity(sanitizedClientId, clientId ?? '');
    const entity: QuotaEntity = { user, clientId: client };
    if (user !== null) this.quotaTypesEnabled |= client !== null ? QuotaTypes.UserClientIdQuotaEnabled : QuotaTypes.UserQuotaEnabled;
    else if (client !== null) this.quotaTypesEnabled |= QuotaTypes.ClientIdQuotaEnabled;
    if (quota !== null) {
      this.info(`Changing ${this.quotaType} quota for ${entityToString(entity)} to ${javaDoubleToString(quota)}`);
      this.overriddenQuotas.set(entityKey(entity), quota);
    } else {
      this.info(`Removing ${this.quotaType} quota for ${entityToString(entity)}`);
      this.overriddenQuotas.delete(entityKey(entity));
    }
    this.updateQuotaMetricConfigs();
  }

  /** Every client's sensors that have not expired, for the UI. */
  usage(): ClientQuotaUsage[] {
    const now = this.time.nowMs();
    this.expireSensors(now);
    return [...this.sensors.values()].map((s) => {
      const avg = s.throttleTime.measure(DEFAULT_METRIC_CONFIG, now);
      return {
        user: s.tags.user,
        clientId: s.tags.clientId,
        quota: s.quotaBound >= UNLIMITED_QUOTA ? null : s.quotaBound,
        observedRate: s.rate.measure(this.sampleConfig, now),
        throttleTimeAvgMs: Number.isNaN(avg) ? null : avg,
      };
    });
  }

  /**
   * `throttleTime`: if O is the observed rate and T the quota over a window W, a delay X with
   * O × W / (W + X) = T brings the rate down to T, so X = (O − T) / T × W — W being the window the
   * rate was just measured over. Rounded as `Math.round`.
   */
  protected throttleTime(sensors: ClientSensors): bigint {
    const now = this.time.nowMs();
    const difference = sensors.rate.measure(this.sampleConfig, now) - sensors.quotaBound;
    return javaMathRound((difference / sensors.quotaBound) * sensors.rate.windowSizeMs(this.sampleConfig, now));
  }

  protected getOrCreateQuotaSensors(session: ClientSession): ClientSensors {
    const tags = this.quotaMetricTags(session);
    const key = `${tags.user}:${tags.clientId}`;
    const now = this.time.nowMs();
    const existing = this.sensors.get(key);
    if (existing !== undefined && !this.expired(existing, now)) return existing;
    const created: ClientSensors = {
      tags,
      rate: new Rate(),
      throttleTime: new Avg(),
      quotaBound: this.quotaLimit(tags) ?? UNLIMITED_QUOTA,
      lastRecordMs: now,
      throttleLastRecordMs: now,
    };
    this.sensors.set(key, created);
    return created;
  }

  /** `quotaMetricTags`: with one level in use, its tags; with several, the first level that has a quota. */
  private quotaMetricTags(session: ClientSession): QuotaMetricTags {
    const { sanitizedUser, clientId } = session;
    switch (this.quotaTypesEnabled) {
      case QuotaTypes.NoQuotas:
      case QuotaTypes.ClientIdQuotaEnabled:
        return { user: '', clientId };
      case QuotaTypes.UserQuotaEnabled:
        return { user: sanitizedUser, clientId: '' };
      case QuotaTypes.UserClientIdQuotaEnabled:
        return { user: sanitizedUser, clientId };
      default:
        return multiLevelMetricTags(sanitizedUser, clientId, (e) => this.overriddenQuotas.has(entityKey(e)));
    }
  }

  private quotaLimit(tags: QuotaMetricTags): number | null {
    return quotaLimitFor(tags, (e) => this.overriddenQuotas.get(entityKey(e)), this.staticConfigClientIdQuota);
  }

  /** `updateQuotaMetricConfigs` (the traversal of every sensor; Kafka's single-sensor shortcut gives the same bounds). */
  private updateQuotaMetricConfigs(): void {
    for (const sensors of this.sensors.values()) {
      const bound = this.quotaLimit(sensors.tags) ?? UNLIMITED_QUOTA;
      if (bound !== sensors.quotaBound) {
        this.info(
          `Sensor for quota-id ${this.tagsString(sensors.tags)} already exists. Setting quota to ${javaDoubleToString(bound)} in MetricConfig`,
        );
        sensors.quotaBound = bound;
      }
    }
  }

  /** Kafka's `ExpireSensorTask` drops a sensor an hour after its last record; here it happens when it is next looked at. */
  private expired(sensors: ClientSensors, now: number): boolean {
    return now - Math.max(sensors.lastRecordMs, sensors.throttleLastRecordMs) > INACTIVE_SENSOR_EXPIRATION_MS;
  }

  private expireSensors(now: number): void {
    for (const [key, s] of this.sensors) if (this.expired(s, now)) this.sensors.delete(key);
  }

  /** The tags as a Java `Map.toString` prints them. */
  private tagsString(tags: QuotaMetricTags): string {
    return `{user=${tags.user}, client-id=${tags.clientId}}`;
  }

  /** Scala's `Long.toInt` of the rounded throttle time (a quota of 0 gives `Long.MaxValue`, which wraps to −1, as in Kafka). */
  private toInt(ms: bigint): number {
    return Number(BigInt.asIntN(32, ms));
  }

  private info(message: string): void {
    this.log({ file: 'server.log', level: 'INFO', logger: 'kafka.server.ClientQuotaManager', message });
  }
}
