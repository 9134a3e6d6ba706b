/**
 * The timeline's store with 100,000 events: the cost of writing them with the timeline's columns
 * and indexes (baseline: the event log's old table, without them), and of a filtered page (baseline:
 * the newest page, unfiltered, on the same file). Then `cluster.incidents` for the last hour on a log
 * whose hour holds 100,000 facts (a broker killed and restarted every 20 s with 20 partitions
 * each), called after each 200 new events as the dashboard polls: told incrementally (the service's
 * `IncidentCache`) against the old grouping from scratch of the hour's facts, in the same run.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ClusterEvent } from '../src-main/core/cluster/cluster-events';
import { eventJson, type IndexedEvent } from '../src-main/core/cluster/event-log';
import { timelineIndex, type TimelineFact } from '../src-main/core/cluster/timeline-index';
import { IncidentCache } from '../src-main/api/timeline/incident-cache';
import { groupIncidents } from '../src-main/api/timeline/incident-grouping';
import { openSqliteDatabase } from '../src-main/infra/sqlite-database';
import { SqliteEventLog } from '../src-main/infra/sqlite-event-log';
import { tempDir, type Figure } from './bench-support';

const EVENTS = 100_000;
const BATCH = 500;

function sampleEvent(i: number): ClusterEvent {
  const timeMs = 1_700_000_000_000 + i * 10;
  const brokerId = i % 3;
  switch (i % 5) {
    case 0:
      return {
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
      } as ClusterEvent;
    case 1:
      return {
        kind: 'zookeeper',
        timeMs,
        event: {
          kind: 'txn',
          zxid: i,
          timeMs,
          sessionId: 5n,
          op: 'setData',
          path: `/brokers/topics/t${i % 50}/partitions/0/state`,
          err: 0,
        },
      };
    default:
      return {
        kind: 'log',
        brokerId,
        timeMs,
        line: {
          file: 'state-change.log',
          level: i % 97 === 0 ? 'WARN' : 'TRACE',
          logger: 'state.change.logger',
          message: `[Controller id=0 epoch=1] Changed partition t${i % 50}-${i % 7} from OfflinePartition to OnlinePartition with state LeaderAndIsr(leader=${brokerId}, leaderEpoch=1, isr=List(0, 1, 2), zkVersion=1)`,
        },
      };
  }
}

const rows: IndexedEvent[] = Array.from({ length: EVENTS }, (_, i) => {
  const e = sampleEvent(i);
  const index = timelineIndex(e);
  return {
    timeMs: e.timeMs,
    kind: e.kind,
    brokerId: 'brokerId' in e ? e.brokerId : null,
    json: eventJson(e),
    category: index.category,
    level: index.level,
    topic: index.topic,
    significance: index.significance,
    fact: index.fact === null ? null : JSON.stringify(index.fact),
  };
});

function timed(fn: () => void, times = 1): number {
  const start = performance.now();
  for (let i = 0; i < times; i++) fn();
  return (performance.now() - start) / times;
}

/** One kill-and-restart story of broker `i % 3` (66 facts), as the event log stores them. */
function storyFacts(i: number, startMs: number): IndexedEvent[] {
  const broker = i % 3;
  const partitions = Array.from({ length: 20 }, (_, p) => `t${i % 50}-${p}`);
  const facts: Array<[number, TimelineFact]> = [
    [0, { f: 'broker-state', broker, state: 'Killed' }],
    [18_000, { f: 'session-expired', session: String(1000 + broker) }],
    [18_000, { f: 'broker-failure', controller: (broker + 1) % 3, brokers: [broker] }],
    ...partitions.map((partition): [number, TimelineFact] => [
      18_000,
      { f: 'leader-elected', partition, leader: (broker + 1) % 3, isr: [1, 2] },
    ]),
    ...partitions.map((partition): [number, TimelineFact] => [
      18_000,
      { f: 'isr-removed', partition, replica: broker, leader: (broker + 1) % 3, isr: [1, 2] },
    ]),
    [19_000, { f: 'broker-state', broker, state: 'Starting' }],
    [19_500, { f: 'brokers-added', controller: (broker + 1) % 3, brokers: [broker] }],
    [19_500, { f: 'broker-state', broker, state: 'RunningAsBroker' }],
    ...partitions.map((partition): [number, TimelineFact] => [19_800, { f: 'isr-expand', partition, from: [1, 2], to: [1, 2, broker] }]),
  ];
  return facts.map(([atMs, fact]) => ({
    timeMs: startMs + atMs,
    kind: 'log',
    brokerId: broker,
    json: '{}',
    category: 'controller',
    level: 'INFO',
    topic: null,
    significance: 2,
    fact: JSON.stringify(fact),
  }));
}

/** The facts of `stories` stories, 20 s apart. */
function incidentLog(stories: number, startMs: number): IndexedEvent[] {
  const out: IndexedEvent[] = [];
  for (let i = 0; i < stories; i++) out.push(...storyFacts(i, startMs + i * 20_000));
  return out;
}

function incidentsBench(dir: string, report: (f: Figure) => void): void {
  const db = openSqliteDatabase(join(dir, 'incidents.db'), { durable: false });
  const log = new SqliteEventLog(db);
  const startMs = 1_700_000_000_000;
  // 1,515 stories × 66 facts ≈ 100,000 facts within the hour (a story every 2.4 s of it).
  const stories = 1_515;
  const rows = incidentLog(stories, startMs).map((r, i) => ({ ...r, timeMs: startMs + Math.floor((i * 3_500_000) / (stories * 66)) }));
  for (let i = 0; i < rows.length; i += BATCH) log.append(rows.slice(i, i + BATCH));
  let nowMs = rows.at(-1)!.timeMs;
  const cluster = { eventFacts: (fromMs: number, afterSeq?: number) => log.facts(fromMs, afterSeq) };
  const cache = new IncidentCache();
  const hour = () => [nowMs - 60 * 60_000, nowMs] as const;
  const first = timed(() => cache.incidents(cluster, nowMs, ...hour()));
  const calls = 10;
  let incrementalMs = 0;
  let scratchMs = 0;
  let told = 0;
  for (let c = 0; c < calls; c++) {
    // 200 new events since the last call, three of them facts.
    const more = storyFacts(stories + c, nowMs + 1000).slice(0, 3);
    log.append([...more, ...rows.slice(0, 197).map((r) => ({ ...r, fact: null, significance: 0 as const, timeMs: nowMs + 1000 }))]);
    nowMs += 1000;
    incrementalMs += timed(() => (told = cache.incidents(cluster, nowMs, ...hour()).length));
  }
  // Apart, so that the garbage of a grouping from scratch is not collected inside an incremental call.
  for (let c = 0; c < calls; c++)
    scratchMs += timed(() => groupIncidents(log.facts(hour()[0] - 60 * 60_000), nowMs).filter((i) => i.startMs >= hour()[0]));
  report({
    name: `incidents of the last hour (${Math.round(rows.length / 1000)}k facts, ${told} incidents)`,
    value: incrementalMs / calls,
    unit: 'ms/call',
    baseline: scratchMs / calls,
    baselineName: 'grouped from scratch (the old call)',
  });
  report({ name: 'incidents: the first call (the cache reads the hour once)', value: first, unit: 'ms' });
  db.close();
}

export async function timelineBench(report: (f: Figure) => void): Promise<void> {
  const tmp = tempDir('dojo-timeline-bench-');
  try {
    const oldDb = openSqliteDatabase(join(tmp.dir, 'old.db'), { durable: false });
    oldDb.exec(
      'CREATE TABLE event_log (seq INTEGER PRIMARY KEY AUTOINCREMENT, time_ms INTEGER NOT NULL, kind TEXT NOT NULL, broker_id INTEGER, json TEXT NOT NULL)',
    );
    const insertOld = oldDb.prepare('INSERT INTO event_log (time_ms, kind, broker_id, json) VALUES (?, ?, ?, ?)');
    const appendOld = oldDb.transaction((batch: IndexedEvent[]) => {
      for (const e of batch) insertOld.run(e.timeMs, e.kind, e.brokerId, e.json);
    });
    const oldMs = timed(() => {
      for (let i = 0; i < EVENTS; i += BATCH) appendOld(rows.slice(i, i + BATCH));
    });
    const db = openSqliteDatabase(join(tmp.dir, 'new.db'), { durable: false });
    const log = new SqliteEventLog(db);
    const newMs = timed(() => {
      for (let i = 0; i < EVENTS; i += BATCH) log.append(rows.slice(i, i + BATCH));
    });
    report({ name: 'timeline: write 100,000 events', value: newMs, unit: 'ms', baseline: oldMs, baselineName: 'old table, no indexes' });
    const indexMs = timed(() => rows.forEach((_, i) => timelineIndex(sampleEvent(i))));
    report({ name: 'timeline: timelineIndex of 100,000 events', value: indexMs, unit: 'ms' });

    const page = timed(() => log.recent(200), 20);
    const q = (name: string, query: Parameters<SqliteEventLog['query']>[0]) =>
      report({
        name: `timeline: page of 200, ${name}`,
        value: timed(() => log.query(query), 20),
        unit: 'ms',
        baseline: page,
        baselineName: 'newest 200, unfiltered',
      });
    q('routine hidden', { limit: 201 });
    q('kind zookeeper', { limit: 201, categories: ['zookeeper'] });
    q('broker 2', { limit: 201, brokerId: 2 });
    q('topic t7', { limit: 201, topic: 't7' });
    q('level WARN', { limit: 201, levels: ['WARN'] });
    q('nothing matches (topic)', { limit: 201, topic: 'none' });
    q('nothing matches (WARN + log-manager)', { limit: 201, levels: ['ERROR'], categories: ['log-manager'] });
    report({
      name: 'timeline: facts of 100,000 events (incidents input)',
      value: timed(() => log.facts(0), 3),
      unit: 'ms',
      baseline: page,
      baselineName: 'newest 200, unfiltered',
    });
    oldDb.close();
    db.close();
    incidentsBench(tmp.dir, report);
  } finally {
    tmp.cleanup();
  }
}
