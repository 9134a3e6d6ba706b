import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

export interface OpenSqliteOptions {
  /**
   * true: every commit is fsynced before it returns (WAL + synchronous=FULL), so an acknowledged
   * write survives a killed process and a power cut. false: for simulations that never crash.
   */
  durable?: boolean;
}

/** Opens (creating if needed) a workspace's SQLite file in WAL mode. */
export function openSqliteDatabase(file: string, options: OpenSqliteOptions = {}): SqliteDatabase {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.durable === false ? 'OFF' : 'FULL'}`);
  db.pragma('foreign_keys = ON');
  return db;
}
