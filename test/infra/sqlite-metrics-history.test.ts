/**
 * The metrics history in `metadata.db`: each series a bounded ring, kept across a reopen, written
 * without an fsync of its own, read back downsampled; expired series dropped.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../src-main/infra/sqlite-database';
import { SqliteMetricsHistory } from '../../src-main/infra/sqlite-metrics-history';
import { makeTempDir } from '../support/temp-dir';

const tmp = makeTempDir('kafka-dojo-metrics-history-');
afterAll(() => tmp.cleanup());

const INTERVAL_MS = 15_000;
const T0 = 1_600_000_000_000 - (1_600_000_000_000 % INTERVAL_MS);
const all = (h: SqliteMetricsHistory, metric: string, scope: string) =>
  h.points({ metric, scope }, 0, Number.MAX_SAFE_INTEGER).map((p) => [p.timeMs, p.value]);

describe('SqliteMetricsHistory', () => {
  it('keeps at most `capacity` samples per series, the newest, and keeps them across a reopen', () => {
    const file = join(tmp.dir, 'ring.db');
    let db = openSqliteDatabase(file, { durable: true });
    const history = new SqliteMetricsHistory(db, INTERVAL_MS, 4);
    for (let i = 0; i < 10; i++) {
      history.append(T0 + i * INTERVAL_MS, [
        { metric: 'BytesInPerSec', scope: 'cluster', value: i },
        { metric: 'Lag', scope: 'group:billing', value: 10 * i },
      ]);
    }
    expect(history.sampleCount()).toBe(8);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    db.close();
    db = openSqliteDatabase(file, { durable: true });
    try {
      const reopened = new SqliteMetricsHistory(db, INTERVAL_MS, 4);
      expect(all(reopened, 'BytesInPerSec', 'cluster')).toEqual([6, 7, 8, 9].map((i) => [T0 + i * INTERVAL_MS, i]));
      expect(reopened.seriesKeys()).toEqual([
        { metric: 'BytesInPerSec', scope: 'cluster' },
        { metric: 'Lag', scope: 'group:billing' },
      ]);
      reopened.append(T0 + 10 * INTERVAL_MS, [{ metric: 'BytesInPerSec', scope: 'cluster', value: 10 }]);
      expect(all(reopened, 'BytesInPerSec', 'cluster').map(([, v]) => v)).toEqual([7, 8, 9, 10]);
    } finally {
      db.close();
    }
  });

  it('reads a range downsampled to at most maxPoints bucket averages', () => {
    const db = openSqliteDatabase(join(tmp.dir, 'downsample.db'), { durable: false });
    try {
      const history = new SqliteMetricsHistory(db, INTERVAL_MS, 100);
      for (let i = 0; i < 8; i++) history.append(T0 + i * INTERVAL_MS, [{ metric: 'Size', scope: 'topic:orders', value: i }]);
      const fromMs = T0;
      const toMs = T0 + 8 * INTERVAL_MS - 1;
      const points = history.points({ metric: 'Size', scope: 'topic:orders' }, fromMs, toMs, 4);
      expect(points.map((p) => p.value)).toEqual([0.5, 2.5, 4.5, 6.5]);
      expect(points.map((p) => p.timeMs)).toEqual([1, 3, 5, 7].map((i) => T0 + i * INTERVAL_MS));
      expect(history.points({ metric: 'Size', scope: 'topic:orders' }, T0 + 2 * INTERVAL_MS, T0 + 3 * INTERVAL_MS)).toHaveLength(2);
      expect(history.points({ metric: 'Size', scope: 'topic:gone' }, fromMs, toMs)).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('drops a series not sampled for a whole ring (a deleted topic’s)', () => {
    const db = openSqliteDatabase(join(tmp.dir, 'prune.db'), { durable: false });
    try {
      const history = new SqliteMetricsHistory(db, INTERVAL_MS, 10);
      history.append(T0, [{ metric: 'Size', scope: 'topic:deleted', value: 1 }]);
      for (let i = 1; i <= 240; i++) history.append(T0 + i * INTERVAL_MS, [{ metric: 'Size', scope: 'topic:kept', value: i }]);
      expect(history.seriesKeys()).toEqual([{ metric: 'Size', scope: 'topic:kept' }]);
      expect(history.sampleCount()).toBe(10);
      history.append(T0 + 241 * INTERVAL_MS, [{ metric: 'Size', scope: 'topic:deleted', value: 2 }]);
      expect(all(history, 'Size', 'topic:deleted')).toEqual([[T0 + 241 * INTERVAL_MS, 2]]);
    } finally {
      db.close();
    }
  });

  it('counts the slices of one round as one round towards the prune', () => {
    const db = openSqliteDatabase(join(tmp.dir, 'slices.db'), { durable: false });
    try {
      const history = new SqliteMetricsHistory(db, INTERVAL_MS, 10);
      history.append(T0, [{ metric: 'Size', scope: 'topic:deleted', value: 1 }]);
      const round = (i: number) => {
        history.append(T0 + i * INTERVAL_MS, [{ metric: 'Size', scope: 'topic:a', value: i }]);
        history.append(T0 + i * INTERVAL_MS, [{ metric: 'Size', scope: 'topic:b', value: i }]);
      };
      for (let i = 1; i < 239; i++) round(i);
      // 477 appends but 239 rounds: not pruned yet.
      expect(history.seriesKeys().map((k) => k.scope)).toEqual(['topic:a', 'topic:b', 'topic:deleted']);
      round(239);
      expect(history.seriesKeys().map((k) => k.scope)).toEqual(['topic:a', 'topic:b']);
      expect(all(history, 'Size', 'topic:b')).toHaveLength(10);
    } finally {
      db.close();
    }
  });
});
