import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../src-main/infra/sqlite-database';
import { SqliteZkPersistence } from '../../src-main/infra/sqlite-zk-persistence';
import type { StoredZnode } from '../../src-main/core/zookeeper';
import { makeTempDir } from '../support/temp-dir';

function node(path: string, data: Uint8Array | null, extra: Partial<StoredZnode> = {}): StoredZnode {
  return {
    path,
    data,
    acl: [{ perms: 31, scheme: 'world', id: 'anyone' }],
    czxid: 1,
    mzxid: 2,
    pzxid: 3,
    ctime: 1_600_000_000_123,
    mtime: 1_600_000_000_456,
    version: 4,
    cversion: 5,
    aversion: 6,
    ephemeralOwner: 0n,
    ...extra,
  };
}

function loadAll(store: SqliteZkPersistence, pageSize = 1000) {
  const pages = [...store.loadNodePages(pageSize)];
  return { ...store.loadHeader(), pages, nodes: pages.flat() };
}

describe('SqliteZkPersistence', () => {
  const tmp = makeTempDir();
  afterAll(() => tmp.cleanup());

  it("keeps each node's own ACL when nodes with different ACLs alternate in a commit, and depths of deep paths", () => {
    const file = join(tmp.dir, 'acl.db');
    const store = SqliteZkPersistence.open(file);
    const world = { perms: 31, scheme: 'world', id: 'anyone' };
    const digest = { perms: 1, scheme: 'digest', id: 'bob:x1nq8J8QDqc5YXZWMFWsI6K0Q1c=' };
    const acls = [[world], [digest], [{ ...world }], [digest, { perms: 2, scheme: 'ip', id: '127.0.0.1' }], [{ ...world, perms: 1 }]];
    const paths = ['/x', '/x/y', '/x/y/z', '/x/y/z/w', '/v'];
    store.commit({
      lastZxid: 9,
      upserts: paths.map((p, i) => node(p, null, { acl: acls[i] })),
      deletes: [],
      sessionUpserts: [],
      sessionDeletes: [],
    });
    store.close();
    const reopened = SqliteZkPersistence.open(file);
    const { pages, nodes } = loadAll(reopened, 1);
    expect(new Map(nodes.map((n) => [n.path, n.acl]))).toEqual(new Map(paths.map((p, i) => [p, acls[i]])));
    // Keyset pages run in path order: parents first.
    expect(pages.map((p) => p[0].path)).toEqual(['/v', '/x', '/x/y', '/x/y/z', '/x/y/z/w']);
    reopened.close();
  });

  it('loads every parent before its children when sibling names sort between them, and drops the old (depth, path) index', () => {
    const file = join(tmp.dir, 'order.db');
    // A file as earlier versions wrote it, with the index the loader used to page by.
    const old = new Database(file);
    old.exec(
      'CREATE TABLE zk_node (path TEXT PRIMARY KEY, depth INTEGER NOT NULL, data BLOB, acl TEXT NOT NULL, czxid INTEGER NOT NULL, mzxid INTEGER NOT NULL, pzxid INTEGER NOT NULL, ctime INTEGER NOT NULL, mtime INTEGER NOT NULL, version INTEGER NOT NULL, cversion INTEGER NOT NULL, aversion INTEGER NOT NULL, ephemeral_owner INTEGER NOT NULL) WITHOUT ROWID; CREATE INDEX zk_node_depth_path ON zk_node(depth, path);',
    );
    old.close();
    const store = SqliteZkPersistence.open(file);
    // '-' (0x2d) and '.' sort before '/' (0x2f): '/a-b' and '/a.c' fall between '/a' and '/a/b'.
    const paths = ['/a/b/c', '/a.c/d', '/a-b/c', '/a/b', '/a-b', '/a.c', '/a', '/'];
    store.commit({ lastZxid: 3, upserts: paths.map((p) => node(p, null)), deletes: [], sessionUpserts: [], sessionDeletes: [] });
    store.close();
    const reopened = SqliteZkPersistence.open(file);
    const loaded = loadAll(reopened, 2).nodes.map((n) => n.path);
    expect([...loaded].sort()).toEqual([...paths].sort());
    for (const [i, path] of loaded.entries()) {
      if (path === '/') continue;
      const parent = path.slice(0, path.lastIndexOf('/')) || '/';
      expect(loaded.indexOf(parent), `${parent} before ${path} in ${loaded.join(' ')}`).toBeLessThan(i);
    }
    reopened.close();
    const check = new Database(file, { readonly: true });
    expect(check.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'zk_node'").all()).toEqual([]);
    check.close();
  });

  it('stores nodes, null versus empty data, 64-bit session ids and the zxid, and loads parents before children in pages', () => {
    const file = join(tmp.dir, 'a.db');
    const store = SqliteZkPersistence.open(file);
    const owner = 0x7fff_ffff_ffff_fff0n;
    store.commit({
      lastZxid: 0x1_0000_0005,
      upserts: [
        node('/a/b/c', new Uint8Array([1, 2, 3]), { ephemeralOwner: owner }),
        node('/a/b', new Uint8Array(0)),
        node('/a', null),
        node('/', new Uint8Array(0)),
      ],
      deletes: [],
      sessionUpserts: [{ sessionId: owner, timeoutMs: 18000 }],
      sessionDeletes: [],
    });
    store.close();

    const loaded = loadAll(SqliteZkPersistence.open(file), 3);
    expect(loaded.pages.map((p) => p.length)).toEqual([3, 1]);
    const nodes = loaded.nodes;
    expect(nodes.map((n) => n.path)).toEqual(['/', '/a', '/a/b', '/a/b/c']);
    expect(nodes[1].data).toBeNull();
    expect(nodes[2].data).toEqual(new Uint8Array(0));
    expect(nodes[3]).toEqual(node('/a/b/c', new Uint8Array([1, 2, 3]), { ephemeralOwner: owner }));
    expect(loaded.lastZxid).toBe(0x1_0000_0005);
    expect(loaded.sessions).toEqual([{ sessionId: owner, timeoutMs: 18000 }]);
  });

  it('applies deletes and session removals of a commit together, and a failing commit changes nothing', () => {
    const file = join(tmp.dir, 'b.db');
    const store = SqliteZkPersistence.open(file);
    store.commit({
      lastZxid: 1,
      upserts: [node('/', null), node('/x', null)],
      deletes: [],
      sessionUpserts: [{ sessionId: 9n, timeoutMs: 6000 }],
      sessionDeletes: [],
    });
    store.commit({ lastZxid: 2, upserts: [], deletes: ['/x'], sessionUpserts: [], sessionDeletes: [9n] });
    expect(loadAll(store).nodes.map((n) => n.path)).toEqual(['/']);
    expect(loadAll(store).sessions).toEqual([]);
    // A commit whose second half cannot be written must leave the first half out too.
    const bad = node('/y', null) as unknown as { version: unknown };
    bad.version = { not: 'a number' };
    expect(() =>
      store.commit({
        lastZxid: 3,
        upserts: [node('/z', null), bad as unknown as StoredZnode],
        deletes: [],
        sessionUpserts: [],
        sessionDeletes: [],
      }),
    ).toThrow();
    const after = loadAll(store);
    expect(after.nodes.map((n) => n.path)).toEqual(['/']);
    expect(after.lastZxid).toBe(2);
    store.close();
  });

  it('opens the file in WAL mode, fsyncing every commit (synchronous FULL = 2) when durable', () => {
    const file = join(tmp.dir, 'c.db');
    const durable = openSqliteDatabase(file, { durable: true });
    expect(durable.pragma('synchronous', { simple: true })).toBe(2);
    durable.close();
    const fast = openSqliteDatabase(file, { durable: false });
    expect(fast.pragma('synchronous', { simple: true })).toBe(0);
    fast.close();
    const db = new Database(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  describe('on a durable file, the group sync off the event loop (commitThenSync)', () => {
    const commitOf = (zxid: number, path: string) => ({
      lastZxid: zxid,
      upserts: [node(path, new Uint8Array([zxid]), { mzxid: zxid })],
      deletes: [],
      sessionUpserts: [],
      sessionDeletes: [],
    });

    it('writes the first commit at once, holds those made while its sync runs and writes them together; durable in commit order', async () => {
      const store = SqliteZkPersistence.open(join(tmp.dir, 'group.db'), { durable: true });
      expect(store.commitThenSync).toBeDefined();
      const durable: number[] = [];
      const synced = [1, 2, 3].map(
        (zxid) =>
          new Promise<void>((resolve, reject) =>
            store.commitThenSync!(commitOf(zxid, '/a'), (e) => (e ? reject(e) : (durable.push(zxid), resolve()))),
          ),
      );
      expect(store.loadHeader().lastZxid).toBe(1); // 2 and 3 wait for the first sync to end
      await Promise.all(synced);
      expect(durable).toEqual([1, 2, 3]);
      const { lastZxid, nodes } = loadAll(store);
      expect([lastZxid, nodes.map((n) => [n.path, n.mzxid, [...(n.data ?? [])]])]).toEqual([3, [['/a', 3, [3]]]]);
      store.close();
    });

    it('close writes and syncs what is held and answers it before it returns', () => {
      const file = join(tmp.dir, 'close.db');
      const store = SqliteZkPersistence.open(file, { durable: true });
      const answers: Array<Error | null> = [];
      store.commitThenSync!(commitOf(1, '/a'), (e) => answers.push(e));
      store.commitThenSync!(commitOf(2, '/b'), (e) => answers.push(e));
      store.close();
      expect(answers).toEqual([null, null]);
      const again = SqliteZkPersistence.open(file);
      expect(
        loadAll(again)
          .nodes.map((n) => n.path)
          .sort(),
      ).toEqual(['/a', '/b']);
      again.close();
    });

    it('is not offered when the file is not durable (its commit needs no sync)', () => {
      const store = SqliteZkPersistence.open(join(tmp.dir, 'fast.db'), { durable: false });
      expect(store.commitThenSync).toBeUndefined();
      store.close();
    });
  });
});
