import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { Op, ZooKeeperClient as Client } from '../src-main/core/zookeeper';
import { CreateMode, ZooKeeperClient, ZooKeeperServer } from '../src-main/core/zookeeper';
import { openSqliteDatabase } from '../src-main/infra/sqlite-database';
import { SqliteZkPersistence } from '../src-main/infra/sqlite-zk-persistence';
import { immediateExecutor } from '../src-main/infra/immediate-executor';
import { SystemTime } from '../src-main/infra/system-time';
import type { Figure, LoopDelay } from './bench-support';
import { measured, percentile, reportLoopDelay, tempDir, watchLatencies, worstLoopDelay } from './bench-support';

const PAYLOAD = new Uint8Array(100).fill(42);
const OPS_PER_CLIENT = { 1: 1500, 16: 250 } as const;
const MULTI_SIZE = 4;

type Kind = 'create' | 'setData' | 'getData' | 'multi';

/** The same operations on a bare better-sqlite3 table, each client op its own durable transaction. */
class BareTable {
  private readonly db: Database.Database;
  private readonly insert;
  private readonly update;
  private readonly select;
  private readonly insertMany;

  constructor(file: string) {
    this.db = openSqliteDatabase(file, { durable: true });
    this.db.exec('CREATE TABLE kv (k TEXT PRIMARY KEY, v BLOB, version INTEGER NOT NULL) WITHOUT ROWID');
    this.insert = this.db.prepare('INSERT INTO kv (k, v, version) VALUES (?, ?, 0)');
    this.update = this.db.prepare('UPDATE kv SET v = ?, version = version + 1 WHERE k = ?');
    this.select = this.db.prepare('SELECT v, version FROM kv WHERE k = ?');
    this.insertMany = this.db.transaction((keys: string[]) => {
      for (const k of keys) this.insert.run(k, Buffer.from(PAYLOAD));
    });
  }

  /** Clients take turns op by op, as concurrent callers of a synchronous library would. */
  run(kind: Kind, clients: number, opsPerClient: number, tag: string): number {
    const start = performance.now();
    for (let i = 0; i < opsPerClient; i++) {
      for (let c = 0; c < clients; c++) {
        const key = `/bench/${tag}-${c}-${i}`;
        if (kind === 'create') this.insert.run(key, Buffer.from(PAYLOAD));
        else if (kind === 'setData') this.update.run(Buffer.from(PAYLOAD), `/bench/seed-${c}`);
        else if (kind === 'getData') this.select.get(`/bench/seed-${c}`);
        else this.insertMany(Array.from({ length: MULTI_SIZE }, (_, j) => `${key}-${j}`));
      }
    }
    return (clients * opsPerClient) / ((performance.now() - start) / 1000);
  }

  seed(clients: number): void {
    for (let c = 0; c < clients; c++) this.insert.run(`/bench/seed-${c}`, Buffer.from(PAYLOAD));
  }

  /** A durable write followed by a callback: the least a watch notification can cost. */
  watchLatencies(rounds: number): number[] {
    const out: number[] = [];
    let notified = 0;
    const callback = (): void => {
      notified++;
    };
    for (let i = 0; i < rounds; i++) {
      const start = performance.now();
      this.update.run(Buffer.from(PAYLOAD), '/bench/seed-0');
      callback();
      out.push(performance.now() - start);
    }
    if (notified !== rounds) throw new Error('baseline callback count mismatch');
    return out;
  }

  close(): void {
    this.db.close();
  }
}

async function storeOps(clients: Client[], kind: Kind, opsPerClient: number, tag: string): Promise<number> {
  const start = performance.now();
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = 0; i < opsPerClient; i++) {
        const path = `/bench/${tag}-${c}-${i}`;
        if (kind === 'create') await client.create(path, PAYLOAD);
        else if (kind === 'setData') await client.setData(`/bench/seed-${c}`, PAYLOAD);
        else if (kind === 'getData') await client.getData(`/bench/seed-${c}`);
        else {
          const ops: Op[] = Array.from({ length: MULTI_SIZE }, (_, j) => ({
            type: 'create',
            path: `${path}-${j}`,
            data: PAYLOAD,
            mode: CreateMode.PERSISTENT,
          }));
          await client.multi(ops);
        }
      }
    }),
  );
  return (clients.length * opsPerClient) / ((performance.now() - start) / 1000);
}

export async function zookeeperStoreBench(report: (f: Figure) => void): Promise<void> {
  const tmp = tempDir('kafka-dojo-bench-zk-');
  try {
    for (const clientCount of [1, 16] as const) {
      const opsPerClient = OPS_PER_CLIENT[clientCount];
      const time = new SystemTime();
      const server = ZooKeeperServer.open(
        time,
        SqliteZkPersistence.open(join(tmp.dir, `zk-${clientCount}.db`), { durable: true }),
        {},
        immediateExecutor,
      );
      const clients = await Promise.all(Array.from({ length: clientCount }, () => ZooKeeperClient.connect(server, time)));
      const writers = await Promise.all(Array.from({ length: clientCount }, () => ZooKeeperClient.connect(server, time)));
      await clients[0].create('/bench', null);
      for (let c = 0; c < clientCount; c++) await clients[0].create(`/bench/seed-${c}`, PAYLOAD);
      const bare = new BareTable(join(tmp.dir, `bare-${clientCount}.db`));
      bare.seed(clientCount);

      const delays: LoopDelay[] = [];
      for (const kind of ['create', 'setData', 'getData', 'multi'] as const) {
        const run = await measured(() => storeOps(clients, kind, opsPerClient, `${kind}`));
        const opsPerSec = run.result;
        delays.push(run);
        const baseline = bare.run(kind, clientCount, opsPerClient, kind);
        const unit = kind === 'multi' ? `multi/s (${MULTI_SIZE} creates each)` : 'ops/s';
        report({
          name: `${kind}, ${clientCount} client${clientCount > 1 ? 's' : ''}, durable`,
          value: opsPerSec,
          unit,
          baseline,
          baselineName: 'bare better-sqlite3 table',
        });
      }
      const rounds = clientCount === 1 ? 300 : 40;
      const latencies = await watchLatencies(clients, writers, rounds, PAYLOAD);
      const baseLatencies = bare.watchLatencies(rounds * clientCount).sort((a, b) => a - b);
      report({
        name: `watch delivery p50, ${clientCount} watcher/writer pair${clientCount > 1 ? 's' : ''}`,
        value: percentile(latencies, 50),
        unit: 'ms',
        baseline: percentile(baseLatencies, 50),
        baselineName: 'durable UPDATE + callback',
      });
      report({
        name: `watch delivery p99, ${clientCount} watcher/writer pair${clientCount > 1 ? 's' : ''}`,
        value: percentile(latencies, 99),
        unit: 'ms',
        baseline: percentile(baseLatencies, 99),
        baselineName: 'durable UPDATE + callback',
      });
      reportLoopDelay(report, `the store operations, ${clientCount} client(s)`, worstLoopDelay(delays));
      for (const c of [...clients, ...writers]) await c.close();
      server.close();
      bare.close();
      time.shutdown();
    }
    await largeTreeBench(tmp.dir, report);
  } finally {
    tmp.cleanup();
  }
}

/** Watch bookkeeping and reopening with 100,000 znodes, against the same with 1,000. */
async function largeTreeBench(dir: string, report: (f: Figure) => void): Promise<void> {
  const results: Record<number, { setDataMs: number; openMs: number; open: LoopDelay }> = {};
  for (const nodeCount of [1000, 100_000]) {
    const file = join(dir, `large-${nodeCount}.db`);
    const time = new SystemTime();
    let server = ZooKeeperServer.open(time, SqliteZkPersistence.open(file, { durable: true }), {}, immediateExecutor);
    const client = await ZooKeeperClient.connect(server, time);
    await client.create('/large', null);
    for (let start = 0; start < nodeCount; start += 1000) {
      await client.multi(
        Array.from({ length: 1000 }, (_, i) => ({ type: 'create' as const, path: `/large/n-${start + i}`, data: PAYLOAD })),
      );
    }
    const watcher = await ZooKeeperClient.connect(server, time);
    for (let start = 0; start < nodeCount; start += 1000) {
      await Promise.all(Array.from({ length: 1000 }, (_, i) => watcher.getData(`/large/n-${start + i}`, () => undefined)));
    }
    const rounds = 200;
    const t0 = performance.now();
    for (let r = 0; r < rounds; r++) await client.setData(`/large/n-${r}`, PAYLOAD);
    const setDataMs = (performance.now() - t0) / rounds;
    await watcher.close();
    client.disconnect();
    server.close();
    const open = await measured(async () => {
      server = await ZooKeeperServer.openSliced(time, SqliteZkPersistence.open(file, { durable: true }), {}, immediateExecutor);
    });
    server.close();
    time.shutdown();
    results[nodeCount] = { setDataMs, openMs: open.ms, open };
  }
  report({
    name: 'setData that fires a watch, 100,000 watched znodes',
    value: results[100_000].setDataMs,
    unit: 'ms/op',
    baseline: results[1000].setDataMs,
    baselineName: '1,000 watched znodes',
  });
  report({
    name: 'open the store (load tree), 100,000 znodes',
    value: results[100_000].openMs,
    unit: 'ms',
    baseline: results[1000].openMs,
    baselineName: '1,000 znodes',
  });
  reportLoopDelay(report, 'the opening of 100,000 znodes', results[100_000].open, { delay: results[1000].open, name: '1,000 znodes' });
}
