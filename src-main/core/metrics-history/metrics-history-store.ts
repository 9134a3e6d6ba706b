/**
 * Where the sampled series of a workspace are kept (`infra/sqlite-metrics-history.ts` keeps them in
 * `metadata.db`): one bounded ring per series, a series named by its metric and its scope.
 */

/** `cluster`, `broker:<id>`, `topic:<name>` or `group:<groupId>`. */
export type SeriesScope = string;

export interface SeriesSample {
  readonly metric: string;
  readonly scope: SeriesScope;
  readonly value: number;
}

export interface SeriesPoint {
  readonly timeMs: number;
  readonly value: number;
}

export interface SeriesKey {
  readonly metric: string;
  readonly scope: SeriesScope;
}

export interface MetricsHistoryReader {
  /** The sample interval the rings are sized for. */
  readonly intervalMs: number;
  /** Every series that has a sample kept. */
  seriesKeys(): SeriesKey[];
  /**
   * The series' samples in [fromMs, toMs], oldest first; with `maxPoints`, averaged over that many
   * equal buckets of the range at most (each point at its bucket's last sample).
   */
  points(key: SeriesKey, fromMs: number, toMs: number, maxPoints?: number): SeriesPoint[];
}

export interface MetricsHistoryStore extends MetricsHistoryReader {
  /** Samples of the round at `timeMs` (all of them, or a slice: a round may come in several calls), written together. */
  append(timeMs: number, samples: readonly SeriesSample[]): void;
}

export const CLUSTER_SCOPE: SeriesScope = 'cluster';
export const brokerScope = (id: number): SeriesScope => `broker:${id}`;
export const topicScope = (topic: string): SeriesScope => `topic:${topic}`;
export const groupScope = (groupId: string): SeriesScope => `group:${groupId}`;
