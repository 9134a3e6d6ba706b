/**
 * The metrics history in `metadata.db`: table `metrics_series` names each series, table
 * `metrics_sample` holds its ring — `capacity` slots, the slot of a sample its time divided by the
 * interval modulo the capacity, so a new sample overwrites the one a whole ring older and a series
 * never holds more than `capacity` rows (24 h of 15 s samples: 5,760). Series not sampled for a
 * whole ring are dropped now and then (a deleted topic's, a removed group's).
 *
 * Each append (a round, or a slice of one) goes in one transaction that, as the event log's, commits without an fsync of
 * its own (`synchronous = NORMAL` in WAL mode): the history is not an acknowledged write and
 * becomes durable with ZooKeeper's next fsynced commit of the same WAL.
 */
import type Database from 'better-sqlite3';
import { downsample } from '../core/metrics-history/downsample';
import type { MetricsHistoryStore, SeriesKey, SeriesPoint, SeriesSample } from '../core/metrics-history/metrics-history-store';
import type { SqliteDatabase } from './sqlite-database';

/** A day of 15 s samples. */
export const DEFAULT_RING_CAPACITY = 5_760;
/** Rounds between two prunes of expired series. */
const PRUNE_EVERY_ROUNDS = 240;

export class SqliteMetricsHistory implements MetricsHistoryStore {
  private readonly seriesIds = new Map<string, number>();
  private readonly insertSeries: Database.Statement<[string, string]>;
  private readonly upsertSample: Database.Statement<[number, number, number, number]>;
  private readonly selectRange: Database.Statement<[number, number, number]>;
  private readonly appendTxn: (timeMs: number, samples: readonly SeriesSample[]) => void;
  private readonly pruneTxn: (beforeMs: number) => void;
  private readonly unsynced: Database.Statement<[]> | null = null;
  private readonly synced: Database.Statement<[]> | null = null;
  private rounds = 0;
  /** The round the last append belonged to (a round's slices come as several appends). */
  private lastRoundMs: number | null = null;

  constructor(
    private readonly db: SqliteDatabase,
    readonly intervalMs: number,
    readonly capacity: number = DEFAULT_RING_CAPACITY,
  ) {
    db.exec(`CREATE TABLE IF NOT EXISTS metrics_series (
      id INTEGER PRIMARY KEY,
      metric TEXT NOT NULL,
      scope TEXT NOT NULL,
      UNIQUE (metric, scope)
    );
    CREATE TABLE IF NOT EXISTS metrics_sample (
      series_id INTEGER NOT NULL,
      slot INTEGER NOT NULL,
      time_ms INTEGER NOT NULL,
      value REAL NOT NULL,
      PRIMARY KEY (series_id, slot)
    ) WITHOUT ROWID`);
    this.reloadSeriesIds();
    this.insertSeries = db.prepare('INSERT INTO metrics_series (metric, scope) VALUES (?, ?)');
    this.upsertSample = db.prepare(
      'INSERT INTO metrics_sample (series_id, slot, time_ms, value) VALUES (?, ?, ?, ?) ' +
        'ON CONFLICT (series_id, slot) DO UPDATE SET time_ms = excluded.time_ms, value = excluded.value',
    );
    this.selectRange = db.prepare(
      'SELECT time_ms AS timeMs, value FROM metrics_sample WHERE series_id = ? AND time_ms >= ? AND time_ms <= ? ORDER BY time_ms',
    );
    const deleteOld = db.prepare<[number]>('DELETE FROM metrics_sample WHERE time_ms < ?');
    const deleteEmpty = db.prepare('DELETE FROM metrics_series WHERE id NOT IN (SELECT DISTINCT series_id FROM metrics_sample)');
    this.appendTxn = db.transaction((timeMs: number, samples: readonly SeriesSample[]) => {
      const slot = Math.floor(timeMs / intervalMs) % capacity;
      for (const s of samples) this.upsertSample.run(this.seriesId(s), slot, timeMs, s.value);
    });
    this.pruneTxn = db.transaction((beforeMs: number) => {
      deleteOld.run(beforeMs);
      if (deleteEmpty.run().changes > 0) this.reloadSeriesIds();
    });
    if ((db.pragma('synchronous', { simple: true }) as number) >= 2) {
      this.unsynced = db.prepare<[]>('PRAGMA synchronous = NORMAL');
      this.synced = db.prepare<[]>('PRAGMA synchronous = FULL');
    }
  }

  append(timeMs: number, samples: readonly SeriesSample[]): void {
    this.withoutOwnFsync(() => {
      this.appendTxn(timeMs, samples);
      if (timeMs === this.lastRoundMs) return;
      this.lastRoundMs = timeMs;
      this.rounds += 1;
      if (this.rounds % PRUNE_EVERY_ROUNDS === 0) this.pruneTxn(timeMs - this.capacity * this.intervalMs);
    });
  }

  seriesKeys(): SeriesKey[] {
    // A series is made with its first sample and dropped with its last (prune), so every row has samples.
    return this.db.prepare('SELECT metric, scope FROM metrics_series ORDER BY scope, metric').all() as SeriesKey[];
  }

  points(key: SeriesKey, fromMs: number, toMs: number, maxPoints?: number): SeriesPoint[] {
    const id = this.seriesIds.get(keyOf(key));
    if (id === undefined) return [];
    const rows = this.selectRange.all(id, fromMs, toMs) as SeriesPoint[];
    return maxPoints === undefined ? rows : downsample(rows, fromMs, toMs, maxPoints);
  }

  /** Samples kept, all series together (what bounds the table). */
  sampleCount(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM metrics_sample').get() as { n: number }).n;
  }

  private seriesId(key: SeriesKey): number {
    const k = keyOf(key);
    let id = this.seriesIds.get(k);
    if (id === undefined) {
      id = Number(this.insertSeries.run(key.metric, key.scope).lastInsertRowid);
      this.seriesIds.set(k, id);
    }
    return id;
  }

  private reloadSeriesIds(): void {
    this.seriesIds.clear();
    for (const row of this.db.prepare('SELECT id, metric, scope FROM metrics_series').all() as Array<SeriesKey & { id: number }>) {
      this.seriesIds.set(keyOf(row), row.id);
    }
  }

  private withoutOwnFsync(write: () => void): void {
    if (this.unsynced === null || this.synced === null) {
      write();
      return;
    }
    this.unsynced.run();
    try {
      write();
    } finally {
      this.synced.run();
    }
  }
}

function keyOf(key: SeriesKey): string {
  return `${key.metric}\u0000${key.scope}`;
}
