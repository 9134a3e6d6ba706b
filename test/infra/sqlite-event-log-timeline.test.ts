/**
 * The timeline's store on a real SQLite file: per-significance retention (checkpoint noise never
 * pushes out what incidents are told from) and the server-side filters.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClusterEvent } from '../../src-main/core/cluster/cluster-events';
import { EventRecorder } from '../../src-main/core/cluster/event-log';
import { microtaskExecutor } from '../../src-main/core/platform/executor';
import { openSqliteDatabase } from '../../src-main/infra/sqlite-database';
import { SqliteEventLog } from '../../src-main/infra/sqlite-event-log';
import { makeTempDir } from '../support/temp-dir';

const tmp = makeTempDir('kafka-dojo-timeline-');
afterAll(() => tmp.cleanup());

const killed = (timeMs: number): ClusterEvent => ({ kind: 'broker-state', brokerId: 1, state: 'Killed', timeMs });
const expired = (timeMs: number): ClusterEvent => ({ kind: 'zookeeper', event: { kind: 'session-expired', sessionId: 7n }, timeMs });
const stateChange = (timeMs: number, message: string): ClusterEvent => ({
  kind: 'log',
  brokerId: 0,
  timeMs,
  line: { file: 'state-change.log', level: 'TRACE', logger: 'state.change.logger', message },
});
const checkpoint = (timeMs: number, brokerId: number): ClusterEvent =>
  ({
    kind: 'log-manager',
    brokerId,
    timeMs,
    event: {
      timeMs,
      brokerId,
      level: 'DEBUG',
      logger: 'kafka.log.LogManager',
      message: 'Wrote 8 entries to /d/replication-offset-checkpoint',
      type: 'checkpoint-written',
      dir: '/d',
      path: '/d/replication-offset-checkpoint',
      file: 'replication-offset-checkpoint',
      entries: 8,
    },
  }) as ClusterEvent;
const warn = (timeMs: number, brokerId: number, message: string): ClusterEvent => ({
  kind: 'log',
  brokerId,
  timeMs,
  line: { file: 'server.log', level: 'WARN', logger: 'kafka.server.ReplicaFetcherThread', message },
});

function open(name: string) {
  const db = openSqliteDatabase(join(tmp.dir, name), { durable: false });
  return { db, log: new SqliteEventLog(db) };
}

describe('SqliteEventLog timeline', () => {
  it('keeps an incident in full after 50 times the noise budget of checkpoint writes', () => {
    const { db, log } = open('retention.db');
    try {
      const recorder = new EventRecorder(log, microtaskExecutor, 1000);
      const story = [
        killed(1000),
        expired(19_000),
        stateChange(19_000, '[Controller id=0 epoch=1] Changed partition orders-2 state from OnlinePartition to OfflinePartition'),
        stateChange(
          19_000,
          '[Controller id=0 epoch=1] Changed partition orders-2 from OfflinePartition to OnlinePartition with state LeaderAndIsr(leader=0, leaderEpoch=1, isr=List(0, 2), zkVersion=1)',
        ),
      ];
      for (const e of story) recorder.record(e);
      // A fifth of 1000 is routine noise's budget: write 10,000 checkpoints (50 budgets).
      for (let i = 0; i < 10_000; i++) recorder.record(checkpoint(20_000 + i * 5000, i % 3));
      recorder.flush();
      const facts = log.facts(0).map((e) => JSON.parse(e.fact ?? 'null') as { f: string });
      expect(facts.map((f) => f.f)).toEqual(['broker-state', 'session-expired', 'partition-offline', 'leader-elected']);
      const routine = (db.prepare('SELECT COUNT(*) AS n FROM event_log WHERE significance = 0').get() as { n: number }).n;
      expect(routine).toBeGreaterThanOrEqual(200);
      expect(routine).toBeLessThanOrEqual(250);
      expect(log.count()).toBe(routine + story.length);
    } finally {
      db.close();
    }
  });

  it('filters by category, broker, topic and level on the server, hides routine noise unless asked, pages by seq', () => {
    const { db, log } = open('filters.db');
    try {
      const recorder = new EventRecorder(log, microtaskExecutor);
      recorder.record(killed(1));
      recorder.record(checkpoint(2, 0));
      recorder.record(
        warn(3, 2, '[ReplicaFetcher replicaId=2, leaderId=1, fetcherId=0] Error in response for fetch request for partition payments-1'),
      );
      recorder.record(
        stateChange(4, '[Controller id=0 epoch=1] Changed partition orders-2 state from OnlinePartition to OfflinePartition'),
      );
      recorder.record(expired(5));
      recorder.flush();
      const seqs = (q: Parameters<SqliteEventLog['query']>[0]) => log.query(q).map((e) => e.timeMs);
      expect(seqs({ limit: 10 })).toEqual([5, 4, 3, 1]);
      expect(seqs({ limit: 10, includeRoutine: true })).toEqual([5, 4, 3, 2, 1]);
      expect(seqs({ limit: 10, categories: ['zookeeper', 'broker'] })).toEqual([5, 3, 1]);
      expect(seqs({ limit: 10, categories: ['state-change'] })).toEqual([4]);
      expect(seqs({ limit: 10, brokerId: 2 })).toEqual([3]);
      expect(seqs({ limit: 10, topic: 'orders' })).toEqual([4]);
      expect(seqs({ limit: 10, topic: 'payments' })).toEqual([3]);
      expect(seqs({ limit: 10, levels: ['WARN'] })).toEqual([5, 3]);
      expect(seqs({ limit: 10, topic: 'nothing-here' })).toEqual([]);
      const first = log.query({ limit: 2 });
      expect(first.map((e) => e.timeMs)).toEqual([5, 4]);
      expect(seqs({ limit: 2, beforeSeq: first[1].seq })).toEqual([3, 1]);
    } finally {
      db.close();
    }
  });
});
