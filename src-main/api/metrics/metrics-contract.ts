/**
 * The dashboard's metrics over time (`MetricsService`): the series the workspace's sampler keeps
 * every 15 s of cluster time — Kafka 2.5's broker metrics by their MBean names' `name` (meters as
 * rates per second, gauges as values), for the cluster, each broker, each topic, and each consumer
 * group's `Lag`.
 */

export interface MetricsCatalogDto {
  /** The cluster's clock now: the end of every range the dashboard asks for. */
  readonly nowMs: number;
  readonly intervalMs: number;
  /** Brokers, topics and groups with a series kept. */
  readonly brokers: readonly number[];
  readonly topics: readonly string[];
  readonly groups: readonly string[];
}

export interface MetricSeriesQueryDto {
  /** `BytesInPerSec`, `UnderReplicatedPartitions`, `Size` (topics), `Lag` (groups) … */
  readonly metric: string;
  /** `cluster`, `broker:<id>`, `topic:<name>` or `group:<groupId>`. */
  readonly scope: string;
  readonly fromMs: number;
  readonly toMs: number;
  /** At most this many points (averaged over equal buckets of the range), 1–2000. */
  readonly maxPoints: number;
}

export interface MetricSeriesDto {
  readonly metric: string;
  readonly scope: string;
  /** `[timeMs, value]`, oldest first. */
  readonly points: ReadonlyArray<readonly [number, number]>;
}

export interface MetricsService {
  catalog(): Promise<MetricsCatalogDto>;
  series(query: MetricSeriesQueryDto): Promise<MetricSeriesDto>;
}
