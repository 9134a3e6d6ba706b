import type { StoredSession, StoredZnode, ZkCommit, ZkPersistence, ZkSnapshotHeader } from '../core/zookeeper/persistence';
import type { Acl } from '../core/zookeeper/types';
import type { OpenSqliteOptions, SqliteDatabase } from './sqlite-database';
import { openSqliteDatabase } from './sqlite-database';
import { WalGroupSync } from './wal-group-sync';

// `depth` is no longer read (loading pages in path order) but stays, written as before, so that a
// file and the versions that wrote it keep reading each other.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS zk_node (
  path TEXT PRIMARY KEY,
  depth INTEGER NOT NULL,
  data BLOB,
  acl TEXT NOT NULL,
  czxid INTEGER NOT NULL,
  mzxid INTEGER NOT NULL,
  pzxid INTEGER NOT NULL,
  ctime INTEGER NOT NULL,
  mtime INTEGER NOT NULL,
  version INTEGER NOT NULL,
  cversion INTEGER NOT NULL,
  aversion INTEGER NOT NULL,
  ephemeral_owner INTEGER NOT NULL
) WITHOUT ROWID;
DROP INDEX IF EXISTS zk_node_depth_path;
CREATE TABLE IF NOT EXISTS zk_session (
  session_id INTEGER PRIMARY KEY,
  timeout_ms INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS zk_meta (
  key TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
`;

/** Columns of `zk_node` in the order `load()` selects them (raw rows are much cheaper than objects). */
type NodeRow = [
  path: string,
  data: Buffer | null,
  acl: string,
  czxid: number,
  mzxid: number,
  pzxid: number,
  ctime: number,
  mtime: number,
  version: number,
  cversion: number,
  aversion: number,
  /** Decimal text of the 64-bit owner, or null for persistent nodes: BigInt only where needed. */
  ephemeralOwner: string | null,
];

// Keyset paging on the primary key: a parent's path is a prefix of its children's, so in path
// order (BINARY collation) parents come first — no index of their own to keep up on every write
// (a `(depth, path)` index cost ~40% of a node's write). No statement stays open between pages.
const LOAD_NODE_PAGE = `SELECT path, data, acl, czxid, mzxid, pzxid, ctime, mtime, version, cversion, aversion,
  CASE WHEN ephemeral_owner = 0 THEN NULL ELSE CAST(ephemeral_owner AS TEXT) END
  FROM zk_node WHERE path > ? ORDER BY path LIMIT ?`;

function depthOf(path: string): number {
  if (path === '/') return 0;
  let depth = 0;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) depth++;
  return depth;
}

/**
 * The stored text of an ACL, remembered for the last one seen: nearly every node of a tree carries
 * the same single entry (each in an array of its own), and stringifying it per node costs more.
 */
let lastAcl: Acl | null = null;
let lastAclText = '';

function aclText(acl: Acl[]): string {
  if (acl.length !== 1) return JSON.stringify(acl);
  const a = acl[0];
  if (lastAcl === null || a.perms !== lastAcl.perms || a.scheme !== lastAcl.scheme || a.id !== lastAcl.id) {
    lastAclText = JSON.stringify(acl);
    lastAcl = { perms: a.perms, scheme: a.scheme, id: a.id };
  }
  return lastAclText;
}

/** Commits one after another as one: each path's and session's last state, the last zxid. */
function mergeCommits(commits: ZkCommit[]): ZkCommit {
  if (commits.length === 1) return commits[0];
  const nodes = new Map<string, StoredZnode | null>();
  const sessions = new Map<bigint, StoredSession | null>();
  for (const c of commits) {
    for (const path of c.deletes) nodes.set(path, null);
    for (const n of c.upserts) nodes.set(n.path, n);
    for (const id of c.sessionDeletes) sessions.set(id, null);
    for (const s of c.sessionUpserts) sessions.set(s.sessionId, s);
  }
  const merged: ZkCommit = {
    lastZxid: commits[commits.length - 1].lastZxid,
    upserts: [],
    deletes: [],
    sessionUpserts: [],
    sessionDeletes: [],
  };
  for (const [path, n] of nodes) {
    if (n) merged.upserts.push(n);
    else merged.deletes.push(path);
  }
  for (const [id, s] of sessions) {
    if (s) merged.sessionUpserts.push(s);
    else merged.sessionDeletes.push(id);
  }
  return merged;
}

/** The emulated ZooKeeper's log and snapshot in one SQLite file (tables `zk_*` of `metadata.db`). */
export class SqliteZkPersistence implements ZkPersistence {
  private readonly upsertNode;
  private readonly deleteNode;
  private readonly upsertSession;
  private readonly deleteSession;
  private readonly setMeta;
  private readonly commitTxn;
  private readonly walSync: WalGroupSync | null = null;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly ownsDatabase = false,
  ) {
    db.exec(SCHEMA);
    this.upsertNode = db.prepare(
      `INSERT OR REPLACE INTO zk_node (path, depth, data, acl, czxid, mzxid, pzxid, ctime, mtime, version, cversion, aversion, ephemeral_owner)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.deleteNode = db.prepare('DELETE FROM zk_node WHERE path = ?');
    this.upsertSession = db.prepare('INSERT OR REPLACE INTO zk_session (session_id, timeout_ms) VALUES (?, ?)');
    this.deleteSession = db.prepare('DELETE FROM zk_session WHERE session_id = ?');
    this.setMeta = db.prepare('INSERT OR REPLACE INTO zk_meta (key, value) VALUES (?, ?)');
    this.commitTxn = db.transaction((c: ZkCommit) => {
      for (const path of c.deletes) this.deleteNode.run(path);
      for (const n of c.upserts) {
        // Positional parameters: binding from an object looks every name up on each run.
        this.upsertNode.run(
          n.path,
          depthOf(n.path),
          n.data === null ? null : Buffer.from(n.data.buffer, n.data.byteOffset, n.data.byteLength),
          aclText(n.acl),
          n.czxid,
          n.mzxid,
          n.pzxid,
          n.ctime,
          n.mtime,
          n.version,
          n.cversion,
          n.aversion,
          n.ephemeralOwner,
        );
      }
      for (const id of c.sessionDeletes) this.deleteSession.run(id);
      for (const s of c.sessionUpserts) this.upsertSession.run(s.sessionId, s.timeoutMs);
      this.setMeta.run('last_zxid', c.lastZxid);
    });
    const durable =
      (db.pragma('synchronous', { simple: true }) as number) >= 2 && db.pragma('journal_mode', { simple: true }) === 'wal' && !db.memory;
    if (durable) {
      let held: ZkCommit[] = [];
      // Prepared once: db.pragma() prepares its statement on every call.
      const unsynced = db.prepare('PRAGMA synchronous = NORMAL');
      const synced = db.prepare('PRAGMA synchronous = FULL');
      const writeHeld = () => {
        if (held.length === 0) return;
        const commits = held;
        held = [];
        unsynced.run();
        try {
          this.commitTxn(mergeCommits(commits));
        } finally {
          synced.run();
        }
      };
      const walSync = (this.walSync = new WalGroupSync(`${db.name}-wal`, writeHeld));
      this.commitThenSync = (commit, done) => {
        held.push(commit);
        walSync.afterCommit(done);
      };
    }
  }

  static open(file: string, options: OpenSqliteOptions = {}): SqliteZkPersistence {
    return new SqliteZkPersistence(openSqliteDatabase(file, options), true);
  }

  loadHeader(): ZkSnapshotHeader {
    const meta = this.db.prepare("SELECT value FROM zk_meta WHERE key = 'last_zxid'").get() as { value: number } | undefined;
    const sessions = (
      this.db.prepare('SELECT session_id, timeout_ms FROM zk_session').safeIntegers(true).all() as Array<{
        session_id: bigint;
        timeout_ms: bigint;
      }>
    ).map((r): StoredSession => ({ sessionId: r.session_id, timeoutMs: Number(r.timeout_ms) }));
    return { lastZxid: meta ? meta.value : 0, sessions };
  }

  *loadNodePages(pageSize: number): Generator<StoredZnode[]> {
    const page = this.db.prepare(LOAD_NODE_PAGE).raw(true);
    // Nearly every node carries the same ACL; parse each distinct text once.
    const acls = new Map<string, Acl[]>();
    let after = '';
    for (;;) {
      const rows = page.all(after, pageSize) as NodeRow[];
      if (rows.length === 0) return;
      after = rows[rows.length - 1][0];
      yield rows.map((r) => {
        let acl = acls.get(r[2]);
        if (!acl) acls.set(r[2], (acl = JSON.parse(r[2]) as Acl[]));
        return {
          path: r[0],
          data: r[1] === null ? null : new Uint8Array(r[1]),
          acl,
          czxid: r[3],
          mzxid: r[4],
          pzxid: r[5],
          ctime: r[6],
          mtime: r[7],
          version: r[8],
          cversion: r[9],
          aversion: r[10],
          ephemeralOwner: r[11] === null ? 0n : BigInt(r[11]),
        };
      });
      if (rows.length < pageSize) return;
    }
  }

  commit(commit: ZkCommit): void {
    this.commitTxn(commit);
  }

  /**
   * On a durable file (WAL, `synchronous = FULL`): the commit is written without an fsync of its
   * own — at once, or while a sync runs held and written with the others before the next — and
   * `WalGroupSync` makes each group durable off the event loop.
   */
  readonly commitThenSync?: (commit: ZkCommit, durable: (error: Error | null) => void) => void;

  close(): void {
    this.walSync?.close();
    if (this.ownsDatabase && this.db.open) this.db.close();
  }
}
