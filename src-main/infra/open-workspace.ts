import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ClusterDefinition } from '../core/cluster/cluster-definition';
import { Workspace, type WorkspacePorts } from '../core/cluster/workspace';
import type { Random } from '../core/platform/random';
import type { Time } from '../core/platform/scheduler';
import { createAppRandom } from './crypto-random';
import { immediateExecutor } from './immediate-executor';
import { NodeFileSystem } from './node-file-system';
import { SqliteClusterDefinitionStore } from './sqlite-cluster-definition';
import { openSqliteDatabase } from './sqlite-database';
import { SqliteEventLog } from './sqlite-event-log';
import { SqliteMetricsHistory } from './sqlite-metrics-history';
import { METRICS_SAMPLE_INTERVAL_MS } from '../core/metrics-history/metrics-sampler';
import { SqliteZkPersistence } from './sqlite-zk-persistence';
import { SystemTime } from './system-time';

export interface OpenWorkspaceOptions {
  time?: Time;
  random?: Random;
  initialDefinition?: ClusterDefinition;
  /** Each broker's wire-protocol listener (the app's composition root supplies it). */
  listenerFor?: WorkspacePorts['listenerFor'];
}

/** Opens (creating if needed) the workspace in `dir` on the real clock, disk and SQLite (`metadata.db`, durable). */
export async function openWorkspace(dir: string, options: OpenWorkspaceOptions = {}): Promise<Workspace> {
  mkdirSync(dir, { recursive: true });
  const db = openSqliteDatabase(join(dir, 'metadata.db'), { durable: true });
  return Workspace.open({
    dir,
    fs: new NodeFileSystem(),
    time: options.time ?? new SystemTime(),
    random: options.random ?? createAppRandom(),
    executor: immediateExecutor,
    zkPersistence: new SqliteZkPersistence(db, true),
    definitions: new SqliteClusterDefinitionStore(db),
    events: new SqliteEventLog(db),
    metricsHistory: new SqliteMetricsHistory(db, METRICS_SAMPLE_INTERVAL_MS),
    initialDefinition: options.initialDefinition,
    listenerFor: options.listenerFor,
  });
}
