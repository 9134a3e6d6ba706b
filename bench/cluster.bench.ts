import { mkdirSync, openSync, closeSync, ftruncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openWorkspace } from '../src-main/infra/open-workspace';
import type { Workspace } from '../src-main/core/cluster/workspace';
import type { Figure } from './bench-support';
import { measured, tempDir } from './bench-support';

const PARTITIONS = Number(process.env.BENCH_PARTITIONS ?? 10_000);
const REPLICATION_FACTOR = 3;

const turn = () => new Promise<void>((r) => setImmediate(r));

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise<void>((r) => setTimeout(r, 5));
  }
}

function logCount(ws: Workspace): number {
  return ws.cluster.runningBrokers().reduce((n, b) => n + (b.logManager?.allLogs().length ?? 0), 0);
}

/** The baseline: the same partition directories and files, made directly on the same disk. */
function createDirsDirectly(root: string): number {
  const start = performance.now();
  for (let b = 0; b < 3; b++) {
    for (let p = 0; p < PARTITIONS; p++) {
      const dir = join(root, `broker-${b}`, `big-${p}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, '00000000000000000000.log'), '');
      for (const [name, size] of [
        ['00000000000000000000.index', 10485760],
        ['00000000000000000000.timeindex', 10485756],
      ] as const) {
        const fd = openSync(join(dir, name), 'w');
        ftruncateSync(fd, size);
        closeSync(fd);
      }
      writeFileSync(join(dir, 'leader-epoch-checkpoint'), '');
    }
  }
  return performance.now() - start;
}

export async function clusterBench(report: (f: Figure) => void): Promise<void> {
  const tmp = tempDir('kafka-dojo-bench-cluster-');
  try {
    // The baseline runs first, on its own: it blocks the event loop, and a running cluster would
    // miss its ZooKeeper pings meanwhile.
    const baselineMs = createDirsDirectly(join(tmp.dir, 'baseline'));
    const ws = await openWorkspace(join(tmp.dir, 'ws'));
    await ws.startAll();
    await until(() => ws.cluster.activeController() !== null, 10_000, 'a controller');
    const heapBefore = process.memoryUsage().heapUsed;

    const create = await measured(async () => {
      const [result] = await ws.admin.createTopics(
        [{ name: 'big', numPartitions: PARTITIONS, replicationFactor: REPLICATION_FACTOR, assignments: [], configs: {} }],
        {
          timeoutMs: 600_000,
          validateOnly: false,
        },
      );
      if (result.errorCode !== 0) throw new Error(`create failed: ${result.errorName} ${result.errorMessage}`);
      await until(() => logCount(ws) === PARTITIONS * REPLICATION_FACTOR, 600_000, 'every log dir');
    });
    report({
      name: `create a topic of ${PARTITIONS} partitions, RF ${REPLICATION_FACTOR}, until all online with logs`,
      value: create.ms,
      unit: 'ms',
      baseline: baselineMs,
      baselineName: 'same dirs and files made directly',
    });
    report({ name: 'longest event-loop block during the creation', value: create.maxBlockMs, unit: 'ms' });

    // Failover: deleting /controller makes every broker run for it; the winner rebuilds its context.
    const admin = ws.cluster.broker(0).zk!;
    const oldController = ws.cluster.activeController()!;
    const oldEpoch = oldController.epoch;
    const failover = await measured(async () => {
      await admin.deleteController(-1);
      await until(
        () => {
          const c = ws.cluster.activeController();
          return c !== null && c.epoch > oldEpoch && c.isIdle;
        },
        600_000,
        'the new controller',
      );
    });
    report({
      name: `controller failover with ${PARTITIONS} partitions (until the new controller is idle)`,
      value: failover.ms,
      unit: 'ms',
    });
    report({ name: 'longest event-loop block during the failover', value: failover.maxBlockMs, unit: 'ms' });
    await turn();
    report({
      name: `heap used by the cluster with ${PARTITIONS * REPLICATION_FACTOR} replicas`,
      value: (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024,
      unit: 'MiB',
    });
    await ws.close();
  } finally {
    tmp.cleanup();
  }
}
