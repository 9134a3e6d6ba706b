/**
 * The timeline's SQLite table: appends commit without an fsync of their own and leave the
 * connection's durability as it was, so ZooKeeper's commits on it stay fsynced.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../src-main/infra/sqlite-database';
import { SqliteEventLog } from '../../src-main/infra/sqlite-event-log';
import { makeTempDir } from '../support/temp-dir';

const tmp = makeTempDir('kafka-dojo-event-log-');
afterAll(() => tmp.cleanup());

describe('SqliteEventLog', () => {
  it.each([
    [true, 2],
    [false, 0],
  ])('appends and reads back events; a connection opened durable=%s keeps synchronous=%i afterwards', (durable, level) => {
    const db = openSqliteDatabase(join(tmp.dir, `events-${durable}.db`), { durable });
    try {
      const log = new SqliteEventLog(db);
      log.append([{ timeMs: 1, kind: 'log', brokerId: 0, json: '{"a":1}' }]);
      log.append([{ timeMs: 2, kind: 'log', brokerId: null, json: '{"b":2}' }]);
      expect(db.pragma('synchronous', { simple: true })).toBe(level);
      expect(log.recent(10).map((e) => [e.seq, e.timeMs, e.json])).toEqual([
        [2, 2, '{"b":2}'],
        [1, 1, '{"a":1}'],
      ]);
    } finally {
      db.close();
    }
  });
});
