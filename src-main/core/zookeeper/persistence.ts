import type { Acl, ZnodeData } from './types';

/** A znode as it is stored: its own Stat fields (numChildren and dataLength are derived on load). */
export interface StoredZnode {
  path: string;
  data: ZnodeData;
  acl: Acl[];
  czxid: number;
  mzxid: number;
  pzxid: number;
  ctime: number;
  mtime: number;
  version: number;
  cversion: number;
  aversion: number;
  ephemeralOwner: bigint;
}

export interface StoredSession {
  sessionId: bigint;
  timeoutMs: number;
}

/** What the store finds on open, besides the nodes: the zxid counter and the live sessions. */
export interface ZkSnapshotHeader {
  lastZxid: number;
  sessions: StoredSession[];
}

/** The changes of one group commit: everything in it becomes durable together, or nothing does. */
export interface ZkCommit {
  lastZxid: number;
  upserts: StoredZnode[];
  deletes: string[];
  sessionUpserts: StoredSession[];
  sessionDeletes: bigint[];
}

/**
 * The storage port of the emulated ZooKeeper (ZooKeeper's transaction log + snapshot in one).
 * `commit` must be durable when it returns: the server acknowledges nothing before that.
 * The SQLite implementation lives in `infra/sqlite-zk-persistence.ts`.
 */
export interface ZkPersistence {
  loadHeader(): ZkSnapshotHeader;
  /**
   * The stored nodes in pages of at most `pageSize`, parents always before their children. Each
   * page is read when the iterator is advanced, so the caller may yield to the event loop between.
   */
  loadNodePages(pageSize: number): Iterable<StoredZnode[]>;
  commit(commit: ZkCommit): void;
  /**
   * Group commit with the fsync off the event loop, as ZooKeeper's SyncRequestProcessor syncs its
   * log on a thread of its own: writes `commit` at once (throwing as `commit` does, nothing then
   * written) and calls `durable` once it is on disk, in commit order, with the error if the sync
   * failed. The server releases the commit's replies only then. A store without it (or whose
   * `commit` is durable at once) leaves it undefined.
   */
  commitThenSync?(commit: ZkCommit, durable: (error: Error | null) => void): void;
  /** Makes everything committed durable (waiting for it), calls the `durable` callbacks still due, closes. */
  close(): void;
}
