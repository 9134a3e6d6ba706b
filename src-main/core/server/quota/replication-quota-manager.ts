/**
 * Kafka 2.5.1's `kafka.server.ReplicationQuotaManager`: one per direction on each broker (the
 * leader's, for what it serves to followers, and the follower's, for what its fetchers take).
 * A partition is throttled when its topic's `leader.replication.throttled.replicas` /
 * `follower.replication.throttled.replicas` name it for this broker (or `*`); the bytes of
 * throttled partitions go into one `SimpleRate` over `replication.quota.window.num` samples of
 * `replication.quota.window.size.seconds`, and the quota is exceeded while that rate is above
 * the broker's `leader.replication.throttled.rate` / `follower.replication.throttled.rate`.
 * Which fetches are then held back is the callers' rule (ReplicaManager.shouldLeaderThrottle,
 * ReplicaFetcherThread.shouldFollowerThrottle: only replicas out of sync).
 */
import type { TopicPartition } from '../../common/topic-partition';
import type { Time } from '../../platform/scheduler';
import { SimpleRate } from './rate';
import type { SampleConfig } from './sampled-stat';

/** `QuotaType.LeaderReplication` / `FollowerReplication`, as Kafka names the sensors. */
export type ReplicationQuotaType = 'LeaderReplication' | 'FollowerReplication' | 'AlterLogDirsReplication';

/** `ReplicationQuotaManagerConfig`. */
export interface ReplicationQuotaManagerConfig {
  /** `replication.quota.window.num` (11: 10 whole windows and the current one). */
  readonly numQuotaSamples: number;
  /** `replication.quota.window.size.seconds` (1). */
  readonly quotaWindowSizeSeconds: number;
}

export const DEFAULT_REPLICATION_QUOTA_MANAGER_CONFIG: ReplicationQuotaManagerConfig = Object.freeze({
  numQuotaSamples: 11,
  quotaWindowSizeSeconds: 1,
});

/** `ReplicaQuota`: what the leader's fetch path and the replica fetchers ask of a quota. */
export interface ReplicaQuota {
  record(bytes: number): void;
  isThrottled(tp: TopicPartition): boolean;
  isQuotaExceeded(): boolean;
}

/** `ReplicationQuotaManagerConfig.QuotaBytesPerSecondDefault`: Long.MaxValue, no bound. */
export const UNBOUNDED_REPLICATION_RATE = Number(9223372036854775807n);

/** `Constants.AllReplicas`: the value of `*`. */
export const ALL_REPLICAS = 'all';

/** `UnboundedQuota` (KafkaApis gives it to consumers' fetches): nothing is ever throttled. */
export const UNBOUNDED_QUOTA: ReplicaQuota = Object.freeze({
  record: () => {},
  isThrottled: () => false,
  isQuotaExceeded: () => false,
});

export class ReplicationQuotaManager implements ReplicaQuota {
  /** By topic: the throttled partitions on this broker, or all of them. */
  private readonly throttledPartitions = new Map<string, readonly number[] | typeof ALL_REPLICAS>();
  /** `quota`: null until the broker config handler sets one (then never exceeded at Long.MaxValue). */
  private bound: number | null = null;
  private readonly rate = new SimpleRate();
  private readonly sample: SampleConfig;

  constructor(
    readonly replicationType: ReplicationQuotaType,
    config: ReplicationQuotaManagerConfig,
    private readonly time: Time,
  ) {
    this.sample = { samples: config.numQuotaSamples, timeWindowMs: config.quotaWindowSizeSeconds * 1000 };
  }

  /** `updateQuota(Quota.upperBound(bytesPerSec))`. */
  updateQuota(bytesPerSec: number): void {
    this.bound = bytesPerSec;
  }

  /** `isQuotaExceeded`: the sensor's `checkQuotas` — the rate now above the bound. */
  isQuotaExceeded(): boolean {
    if (this.bound === null) return false;
    return this.rate.measure(this.sample, this.time.nowMs()) > this.bound;
  }

  isThrottled(tp: TopicPartition): boolean {
    const partitions = this.throttledPartitions.get(tp.topic);
    if (partitions === undefined) return false;
    return partitions === ALL_REPLICAS || partitions.includes(tp.partition);
  }

  /** `record`: added to the rate even when that takes it over the quota. */
  record(bytes: number): void {
    this.rate.record(this.sample, bytes, this.time.nowMs());
  }

  /** `markThrottled`: the partitions given replace the topic's previous ones. */
  markThrottled(topic: string, partitions: readonly number[] | typeof ALL_REPLICAS = ALL_REPLICAS): void {
    this.throttledPartitions.set(topic, partitions === ALL_REPLICAS ? ALL_REPLICAS : [...partitions]);
  }

  removeThrottle(topic: string): void {
    this.throttledPartitions.delete(topic);
  }

  /** `upperBound`: the configured bound, Long.MaxValue when none was ever set. */
  upperBound(): number {
    return this.bound ?? UNBOUNDED_REPLICATION_RATE;
  }

  /** The `byte-rate` metric: throttled bytes per second now. */
  byteRate(): number {
    return this.rate.measure(this.sample, this.time.nowMs());
  }

  /** The throttled topics and their partitions (`all` for `*`), for the UI and tests. */
  throttled(): ReadonlyMap<string, readonly number[] | typeof ALL_REPLICAS> {
    return this.throttledPartitions;
  }
}
