/**
 * A workspace on the manual clock with the services the UI calls for operator actions (brokers,
 * elections, reassignments, the cluster's incidents) over its facade: what the incident tests act
 * and read through. Three brokers; broker 2 has two log dirs (one can fail while it keeps running);
 * no auto rebalance (only the tests elect leaders).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ClusterHost } from '../../../src-main/api/cluster-host';
import { BrokerServiceImpl } from '../../../src-main/api/broker-service';
import { ClusterServiceImpl } from '../../../src-main/api/cluster-service';
import { ElectionServiceImpl } from '../../../src-main/api/elections/election-service';
import { ReassignmentServiceImpl } from '../../../src-main/api/reassignments/reassignment-service';
import type { WorkspaceStore } from '../../../src-main/api/workspaces/workspace-store';
import { defaultClusterDefinition } from '../../../src-main/core/cluster/cluster-definition';
import { InProcessCluster } from '../../../src-main/core/cluster/in-process-cluster';
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

export interface IncidentWorkspace {
  readonly time: ManualTime;
  readonly ws: Workspace;
  readonly facade: InProcessCluster;
  readonly brokers: BrokerServiceImpl;
  readonly elections: ElectionServiceImpl;
  readonly reassignments: ReassignmentServiceImpl;
  readonly cluster: ClusterServiceImpl;
  /** Runs the manual clock `ms` forward, every due task in order, with the turns its promises need. */
  advance(ms: number): Promise<void>;
  /** Runs the clock until `p` settles (an action's own retries and timeouts run on it). */
  settle<T>(p: Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openIncidentWorkspace(seed: number): Promise<IncidentWorkspace> {
  const tmp = makeTempDir('kafka-dojo-incident-stories-');
  const time = new ManualTime(1_700_000_000_000);
  const dir = join(tmp.dir, 'w');
  mkdirSync(dir, { recursive: true });
  const db = openSqliteDatabase(join(dir, 'metadata.db'), { durable: false });
  const definition = defaultClusterDefinition();
  const ws = await Workspace.open({
    dir,
    fs: new NodeFileSystem(),
    time,
    random: new SeededRandom(seed),
    executor: microtaskExecutor,
    zkPersistence: new SqliteZkPersistence(db, true),
    definitions: new SqliteClusterDefinitionStore(db),
    events: new SqliteEventLog(db),
    initialDefinition: {
      ...definition,
      brokers: definition.brokers.map((b) => (b.id === 2 ? { ...b, logDirs: ['kafka-logs', 'kafka-logs-2'] } : b)),
      brokerDefaults: { 'auto.leader.rebalance.enable': 'false' },
    },
  });
  const facade = new InProcessCluster(ws, { time });
  const clock = { nowMs: () => time.nowMs(), speed: 1, setSpeed: () => undefined };
  const host = { require: () => ({ entry: { id: 'w', name: 'w' }, cluster: facade, clock }) } as unknown as ClusterHost;
  const advance = async (ms: number): Promise<void> => {
    const target = time.nowMs() + ms;
    for (let next = time.nextDueMs(); next !== null && next <= target; next = time.nextDueMs()) {
      time.advanceTo(Math.max(next, time.nowMs()));
      for (let i = 0; i < 5; i++) await turn();
    }
    time.advanceTo(target);
    for (let i = 0; i < 5; i++) await turn();
  };
  const settle = async <T>(p: Promise<T>): Promise<T> => {
    let done = false;
    void p.finally(() => (done = true)).catch(() => undefined);
    for (let i = 0; i < 240 && !done; i++) await advance(500);
    return p;
  };
  await ws.startAll();
  await advance(1000);
  return {
    time,
    ws,
    facade,
    brokers: new BrokerServiceImpl(host, {} as WorkspaceStore),
    elections: new ElectionServiceImpl(host),
    reassignments: new ReassignmentServiceImpl(host, new SeededRandom(seed + 1)),
    cluster: new ClusterServiceImpl(host),
    advance,
    settle,
    close: async () => {
      await ws.close().catch(() => undefined);
      tmp.cleanup();
    },
  };
}
