import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Workspace } from '../../../src-main/core/cluster/workspace';
import { microtaskExecutor } from '../../../src-main/core/platform/executor';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { NodeFileSystem } from '../../../src-main/infra/node-file-system';
import { SqliteClusterDefinitionStore } from '../../../src-main/infra/sqlite-cluster-definition';
import { openSqliteDatabase } from '../../../src-main/infra/sqlite-database';
import { SqliteEventLog } from '../../../src-main/infra/sqlite-event-log';
import { SqliteZkPersistence } from '../../../src-main/infra/sqlite-zk-persistence';
import { makeTempDir } from '../../support/temp-dir';

const turn = () => new Promise<void>((r) => setImmediate(r));

async function open(dir: string, time: ManualTime): Promise<Workspace> {
  mkdirSync(dir, { recursive: true });
  const db = openSqliteDatabase(join(dir, 'metadata.db'), { durable: false });
  return Workspace.open({
    dir,
    fs: new NodeFileSystem(),
    time,
    random: new SeededRandom(5),
    executor: microtaskExecutor,
    zkPersistence: new SqliteZkPersistence(db, true),
    definitions: new SqliteClusterDefinitionStore(db),
    events: new SqliteEventLog(db),
  });
}

/** Steps the manual clock task by task, letting the cluster work after each. */
async function advance(time: ManualTime, ms: number): Promise<void> {
  const target = time.nowMs() + ms;
  for (let next = time.nextDueMs(); next !== null && next <= target; next = time.nextDueMs()) {
    time.advanceTo(Math.max(next, time.nowMs()));
    for (let i = 0; i < 3; i++) await turn();
  }
  time.advanceTo(target);
  for (let i = 0; i < 3; i++) await turn();
}

describe('Workspace', () => {
  const tmp = makeTempDir('kafka-dojo-ws-');
  const opened: Workspace[] = [];
  afterEach(async () => {
    for (const w of opened.splice(0)) await w.close().catch(() => undefined);
  });

  it('starts a new workspace with brokers 0, 1, 2, keeps the topic, the definition and the events across a clean close', async () => {
    const dir = join(tmp.dir, 'a');
    const time = new ManualTime(1_700_000_000_000);
    const ws = await open(dir, time);
    expect(ws.definition.brokers.map((b) => b.id)).toEqual([0, 1, 2]);
    await ws.startAll();
    await turn();
    expect(ws.cluster.activeController()).not.toBeNull();
    const created = ws.admin.createTopics([{ name: 'kept', numPartitions: 2, replicationFactor: 3, assignments: [], configs: {} }], {
      timeoutMs: 5000,
      validateOnly: false,
    });
    for (let i = 0; i < 5; i++) await turn();
    expect((await created)[0].errorName).toBe('NONE');
    await ws.close();

    expect(existsSync(join(dir, 'brokers', 'broker-1', 'kafka-logs', 'kept-0', '00000000000000000000.log'))).toBe(true);
    const serverLog = readFileSync(join(dir, 'brokers', 'broker-0', 'logs', 'server.log'), 'utf8');
    expect(serverLog).toMatch(/^\[2023-11-14 22:13:20,000\] INFO \[KafkaServer id=0\] starting \(kafka\.server\.KafkaServer\)$/m);
    const stateChange = readFileSync(join(dir, 'brokers', 'broker-0', 'logs', 'state-change.log'), 'utf8');
    expect(stateChange).toContain('Changed partition kept-0 state from NonExistentPartition to NewPartition with assigned replicas');

    const again = await open(dir, time);
    opened.push(again);
    await again.startAll();
    await turn();
    expect(again.cluster.runningBrokers().map((b) => b.id)).toEqual([0, 1, 2]);
    const events = again.recentEvents(100_000);
    expect(events.some((e) => e.kind === 'log' && e.json.includes('[KafkaServer id=2] shut down completed'))).toBe(true);
    const zk = again.cluster.broker(0).zk!;
    expect((await zk.getFullReplicaAssignmentForTopics(['kept'])).get('kept')?.size).toBe(2);
  });

  it('after an abrupt close, brokers fail to register while their old sessions live, then start once those expire', async () => {
    const dir = join(tmp.dir, 'b');
    const time = new ManualTime(1_700_000_000_000);
    const first = await open(dir, time);
    await first.startAll();
    await turn();
    // The app dies: nothing is shut down, the ZooKeeper sessions stay in the store.
    first.cluster.halt();

    const second = await open(dir, time);
    opened.push(second);
    await second.startAll();
    await turn();
    expect(second.cluster.broker(0).state).toBe('Failed');
    expect(second.cluster.runningBrokers()).toEqual([]);
    await advance(time, 45_000);
    expect(second.cluster.runningBrokers().map((b) => b.id)).toEqual([0, 1, 2]);
    expect(second.cluster.activeController()).not.toBeNull();
  });
});
