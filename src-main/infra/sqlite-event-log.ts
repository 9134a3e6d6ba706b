import type { EventLogStore, StoredEvent } from '../core/cluster/event-log';
import type Database from 'better-sqlite3';
import type { SqliteDatabase } from './sqlite-database';

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
    this.insert = db.prepare('INSERT INTO event_log (time_ms, kind, broker_id, json) VALUES (?, ?, ?, ?)');
    this.synchronous = db.pragma('synchronous', { simple: true }) as number;
    if (this.synchronous >= 2) {
      this.unsynced = db.prepare<[]>('PRAGMA synchronous = NORMAL');
      this.synced = db.prepare<[]>('PRAGMA synchronous = FULL');
    }
    this.appendTxn = db.transaction((events: Array<Omit<StoredEvent, 'seq'>>) => {
      for (const e of events) this.insert.run(e.timeMs, e.kind, e.brokerId, e.json);
    });
  }

  /**
   * The timeline is not an acknowledged write: its transaction commits without an fsync of its own
   * (`synchronous = NORMAL` in WAL mode) and becomes durable with the next fsynced commit of the
   * same WAL — ZooKeeper's group commit — instead of costing a second fsync per turn beside it.
   */
  append(events: Array<Omit<StoredEvent, 'seq'>>): void {
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
        ? this.db.prepare('SELECT seq, time_ms, kind, broker_id, json FROM event_log ORDER BY seq DESC LIMIT ?').all(limit)
        : this.db
            .prepare('SELECT seq, time_ms, kind, broker_id, json FROM event_log WHERE seq < ? ORDER BY seq DESC LIMIT ?')
            .all(beforeSeq, limit)
    ) as Array<{ seq: number; time_ms: number; kind: StoredEvent['kind']; broker_id: number | null; json: string }>;
    return rows.map((r) => ({ seq: r.seq, timeMs: r.time_ms, kind: r.kind, brokerId: r.broker_id, json: r.json }));
  }

  trim(maxEvents: number): void {
    this.db.prepare('DELETE FROM event_log WHERE seq <= (SELECT MAX(seq) FROM event_log) - ?').run(maxEvents);
  }

  count(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM event_log').get() as { n: number }).n;
  }
}
