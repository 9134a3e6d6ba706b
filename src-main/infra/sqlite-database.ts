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
  // Electron's main process names its own build of better-sqlite3 (build/electron/better_sqlite3.node,
  // made by `npm run rebuild:electron`); under Node the variable is unset and npm's build serves.
  const nativeBinding = process.env['KAFKA_DOJO_SQLITE_BINDING'];
  const db = new Database(file, nativeBinding ? { nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${options.durable === false ? 'OFF' : 'FULL'}`);
  db.pragma('foreign_keys = ON');
  return db;
}
