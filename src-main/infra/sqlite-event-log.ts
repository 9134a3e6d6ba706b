import type { EventLogStore, EventQuery, IndexedEvent, RetentionBudgets, StoredEvent } from '../core/cluster/event-log';
import type { ClusterEvent } from '../core/cluster/cluster-events';
import { Significance, timelineIndex } from '../core/cluster/timeline-index';
import type Database from 'better-sqlite3';
import type { SqliteDatabase } from './sqlite-database';

const COLUMNS = 'seq, time_ms, kind, broker_id, json, category, significance, fact';

type Row = {
  seq: number;
  time_ms: number;
  kind: StoredEvent['kind'];
  broker_id: number | null;
  json: string;
  category: StoredEvent['category'];
  significance: Significance;
  fact: string | null;
};

const toStored = (r: Row): StoredEvent => ({
  seq: r.seq,
  timeMs: r.time_ms,
  kind: r.kind,
  brokerId: r.broker_id,
  json: r.json,
  category: r.category,
  significance: r.significance,
  fact: r.fact,
});

/**
 * The timeline's indexes. Each filter walks its own index newest first (`seq` last), so a page of a
 * filtered timeline reads about as many rows as it returns; partial indexes keep the write cost to
 * the rows they hold (facts and topics are a minority of events).
 */
const INDEXES = [
  'CREATE INDEX IF NOT EXISTS event_log_significance ON event_log (significance, seq)',
  'CREATE INDEX IF NOT EXISTS event_log_category ON event_log (category, seq)',
  'CREATE INDEX IF NOT EXISTS event_log_broker ON event_log (broker_id, seq) WHERE broker_id IS NOT NULL',
  'CREATE INDEX IF NOT EXISTS event_log_topic ON event_log (topic, seq) WHERE topic IS NOT NULL',
  'CREATE INDEX IF NOT EXISTS event_log_fact ON event_log (time_ms) WHERE fact IS NOT NULL',
];

/** The workspace's event log: table `event_log` of `metadata.db`. */
export class SqliteEventLog implements EventLogStore {
  private readonly insert;
  private readonly appendTxn;
  /** The connection's `synchronous` level (2 = FULL when the workspace is durable). */
  private readonly synchronous: number;
  /**
   * Prepared once (db.pragma() prepares its statement on every call), and only on a durable
   * connection: preparing a PRAGMA already applies it, so FULL is prepared last.
   */
  private readonly unsynced: Database.Statement<[]> | null = null;
  private readonly synced: Database.Statement<[]> | null = null;

  constructor(private readonly db: SqliteDatabase) {
    db.exec(`CREATE TABLE IF NOT EXISTS event_log (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      time_ms INTEGER NOT NULL,
      kind TEXT NOT NULL,
      broker_id INTEGER,
      json TEXT NOT NULL
    )`);
    this.addTimelineColumns();
    for (const index of INDEXES) db.exec(index);
    this.insert = db.prepare(
      'INSERT INTO event_log (time_ms, kind, broker_id, json, category, level, topic, significance, fact) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.synchronous = db.pragma('synchronous', { simple: true }) as number;
    if (this.synchronous >= 2) {
      this.unsynced = db.prepare<[]>('PRAGMA synchronous = NORMAL');
      this.synced = db.prepare<[]>('PRAGMA synchronous = FULL');
    }
    this.appendTxn = db.transaction((events: IndexedEvent[]) => {
      for (const e of events)
        this.insert.run(
          e.timeMs,
          e.kind,
          e.brokerId,
          e.json,
          e.category ?? null,
          e.level ?? null,
          e.topic ?? null,
          e.significance ?? Significance.detail,
          e.fact ?? null,
        );
    });
  }

  /** A workspace of an older version: its rows get the timeline's columns, worked out from their JSON once. */
  private addTimelineColumns(): void {
    const columns = new Set((this.db.prepare('PRAGMA table_info(event_log)').all() as Array<{ name: string }>).map((c) => c.name));
    if (columns.has('significance')) return;
    this.db.transaction(() => {
      this.db.exec(`ALTER TABLE event_log ADD COLUMN category TEXT;
        ALTER TABLE event_log ADD COLUMN level TEXT;
        ALTER TABLE event_log ADD COLUMN topic TEXT;
        ALTER TABLE event_log ADD COLUMN significance INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE event_log ADD COLUMN fact TEXT`);
      const update = this.db.prepare('UPDATE event_log SET category = ?, level = ?, topic = ?, significance = ?, fact = ? WHERE seq = ?');
      for (const row of this.db.prepare('SELECT seq, json FROM event_log').iterate() as IterableIterator<{ seq: number; json: string }>) {
        let index;
        try {
          index = timelineIndex(JSON.parse(row.json) as ClusterEvent);
        } catch {
          continue;
        }
        update.run(
          index.category,
          index.level,
          index.topic,
          index.significance,
          index.fact === null ? null : JSON.stringify(index.fact),
          row.seq,
        );
      }
    })();
  }

  /**
   * The timeline is not an acknowledged write: its transaction commits without an fsync of its own
   * (`synchronous = NORMAL` in WAL mode) and becomes durable with the next fsynced commit of the
   * same WAL — ZooKeeper's group commit — instead of costing a second fsync per turn beside it.
   */
  append(events: IndexedEvent[]): void {
    if (this.unsynced === null || this.synced === null) {
      this.appendTxn(events);
      return;
    }
    this.unsynced.run();
    try {
      this.appendTxn(events);
    } finally {
      this.synced.run();
    }
  }

  recent(limit: number, beforeSeq?: number): StoredEvent[] {
    const rows = (
      beforeSeq === undefined
        ? this.db.prepare(`SELECT ${COLUMNS} FROM event_log ORDER BY seq DESC LIMIT ?`).all(limit)
        : this.db.prepare(`SELECT ${COLUMNS} FROM event_log WHERE seq < ? ORDER BY seq DESC LIMIT ?`).all(beforeSeq, limit)
    ) as Row[];
    return rows.map(toStored);
  }

  query(q: EventQuery): StoredEvent[] {
    const where: string[] = [];
    const params: Array<string | number> = [];
    if (q.beforeSeq !== undefined) {
      where.push('seq < ?');
      params.push(q.beforeSeq);
    }
    if (!q.includeRoutine) where.push(`significance > ${Significance.routine}`);
    if (q.categories !== undefined) {
      where.push(`category IN (${q.categories.map(() => '?').join(',') || 'NULL'})`);
      params.push(...q.categories);
    }
    if (q.brokerId !== undefined) {
      where.push('broker_id = ?');
      params.push(q.brokerId);
    }
    if (q.topic !== undefined) {
      where.push('topic = ?');
      params.push(q.topic);
    }
    if (q.levels !== undefined) {
      where.push(`level IN (${q.levels.map(() => '?').join(',') || 'NULL'})`);
      params.push(...q.levels);
    }
    const sql = `SELECT ${COLUMNS} FROM event_log ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq DESC LIMIT ?`;
    return (this.db.prepare(sql).all(...params, q.limit) as Row[]).map(toStored);
  }

  /**
   * From a time: the fact index's range. After a seq (what came since the last read): the table's own
   * seq range, which holds only the new rows however old `fromMs` is.
   */
  facts(fromMs: number, afterSeq?: number): StoredEvent[] {
    const rows =
      afterSeq === undefined
        ? this.db.prepare(`SELECT ${COLUMNS} FROM event_log WHERE fact IS NOT NULL AND time_ms >= ? ORDER BY seq`).all(fromMs)
        : this.db
            .prepare(`SELECT ${COLUMNS} FROM event_log NOT INDEXED WHERE seq > ? AND fact IS NOT NULL AND time_ms >= ? ORDER BY seq`)
            .all(afterSeq, fromMs);
    return (rows as Row[]).map(toStored);
  }

  /** Per significance, everything older than its budget's newest rows goes (one index range each). */
  trim(budgets: RetentionBudgets): void {
    const remove = this.db.prepare(
      `DELETE FROM event_log WHERE significance = ? AND seq <= (
         SELECT seq FROM event_log WHERE significance = ? ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
    );
    this.db.transaction(() => {
      for (const s of [Significance.routine, Significance.detail, Significance.significant]) remove.run(s, s, budgets[s]);
    })();
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM event_log').get() as { n: number }).n;
  }
}
