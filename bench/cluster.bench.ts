/**
 * The cluster at scale (`npm run bench -- cluster`), for each size of BENCH_PARTITIONS (a list,
 * default 1000,3000,10000; e.g. `BENCH_PARTITIONS=300,900,3000` for a quick run), in a workspace of
 * its own (3 brokers, `log.segment.delete.delay.ms` = 0, so a deleted log goes as soon as the
 * kafka-delete-logs task runs):
 * - creating a topic of N partitions, RF 3, until all online with logs, against the floor of making
 *   the same dirs and files directly; the cost per partition and its spread between the sizes;
 * - controller failover (until the new controller is idle);
 * - controlled shutdown of a broker that is not the controller, leading about a third of the
 *   partitions (until the broker is stopped and the controller idle), and its restart;
 * - deleting the topic until gone (no znode, no log, no dir), against the floor of renaming and
 *   removing the same dirs directly.
 * Each phase with the event loop's delay (p99 and max) in this process, which hosts the cluster.
 */
import { closeSync, existsSync, ftruncateSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openWorkspace } from '../src-main/infra/open-workspace';
import { defaultClusterDefinition } from '../src-main/core/cluster/cluster-definition';
import type { Workspace } from '../src-main/core/cluster/workspace';
import { INITIAL_TASK_DELAY_MS } from '../src-main/core/log/log-manager/log-manager-config';
import type { Figure } from './bench-support';
import { measured, reportLoopDelay, tempDir } from './bench-support';

const SIZES = (process.env.BENCH_PARTITIONS ?? '1000,3000,10000').split(',').map((s) => Number(s.trim()));
const REPLICATION_FACTOR = 3;
const BROKERS = 3;
const TOPIC = 'big';

const turn = () => new Promise<void>((r) => setImmediate(r));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

function logCount(ws: Workspace): number {
  return ws.cluster.runningBrokers().reduce((n, b) => n + (b.logManager?.allLogs().length ?? 0), 0);
}

function controllerIdle(ws: Workspace): boolean {
  return ws.cluster.activeController()?.isIdle ?? false;
}

function partitionDirName(p: number): string {
  return `${TOPIC}-${p}`;
}

/** The creation floor: the same partition directories and files, made directly on the same disk. */
function createDirsDirectly(root: string, partitions: number): number {
  const start = performance.now();
  for (let b = 0; b < BROKERS; b++) {
    for (let p = 0; p < partitions; p++) {
      const dir = join(root, `broker-${b}`, partitionDirName(p));
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

/** The deletion floor: the same dirs renamed `<t>-<p>.<id>-delete` (as `asyncDelete` does), then removed. */
function deleteDirsDirectly(root: string, partitions: number): number {
  const start = performance.now();
  for (let b = 0; b < BROKERS; b++) {
    const parent = join(root, `broker-${b}`);
    for (let p = 0; p < partitions; p++) {
      const renamed = join(parent, `${partitionDirName(p)}.${p.toString(16).padStart(32, '0')}-delete`);
      renameSync(join(parent, partitionDirName(p)), renamed);
      rmSync(renamed, { recursive: true });
    }
  }
  return performance.now() - start;
}

/** The topic's dirs (live or renamed for deletion) still in the brokers' log dirs. */
function topicDirsOnDisk(ws: Workspace): number {
  let n = 0;
  for (let b = 0; b < BROKERS; b++) {
    const logDir = join(ws.brokerDir(b), 'kafka-logs');
    if (!existsSync(logDir)) continue;
    for (const name of readdirSync(logDir)) if (name.startsWith(`${TOPIC}-`)) n++;
  }
  return n;
}

interface SizeResult {
  readonly partitions: number;
  readonly createMs: number;
  readonly floorMs: number;
}

async function runSize(root: string, partitions: number, report: (f: Figure) => void): Promise<SizeResult> {
  const timeoutMs = 600_000 + partitions * 100;
  const replicas = partitions * REPLICATION_FACTOR;
  // The floors run while no cluster does: they block the event loop, and a running cluster would
  // miss its ZooKeeper pings meanwhile.
  const floorDir = join(root, `floor-${partitions}`);
  const floorMs = createDirsDirectly(floorDir, partitions);
  const definition = defaultClusterDefinition('bench', BROKERS);
  definition.brokerDefaults['log.segment.delete.delay.ms'] = '0';
  const ws = await openWorkspace(join(root, `ws-${partitions}`), { initialDefinition: definition });
  let closed = false;
  let createMs: number;
  try {
    await ws.startAll();
    await until(() => ws.cluster.activeController() !== null, 10_000, 'a controller');
    const heapBefore = process.memoryUsage().heapUsed;

    const create = await measured(async () => {
      const [result] = await ws.admin.createTopics(
        [{ name: TOPIC, numPartitions: partitions, replicationFactor: REPLICATION_FACTOR, assignments: [], configs: {} }],
        { timeoutMs, validateOnly: false },
      );
      if (result.errorCode !== 0) throw new Error(`create failed: ${result.errorName} ${result.errorMessage}`);
      await until(() => logCount(ws) === replicas, timeoutMs, 'every log dir');
    });
    createMs = create.ms;
    report({
      name: `create a topic of ${partitions} partitions, RF ${REPLICATION_FACTOR}, until all online with logs`,
      value: create.ms,
      unit: 'ms',
      baseline: floorMs,
      baselineName: 'same dirs and files made directly',
    });
    reportLoopDelay(report, `the creation of ${partitions} partitions`, create);
    await until(() => controllerIdle(ws), timeoutMs, 'the controller idle after the creation');

    // Failover: deleting /controller makes every broker run for it; the winner rebuilds its context.
    const zk = ws.cluster.broker(0).zk!;
    const oldEpoch = ws.cluster.activeController()!.epoch;
    const failover = await measured(async () => {
      await zk.deleteController(-1);
      await until(
        () => {
          const c = ws.cluster.activeController();
          return c !== null && c.epoch > oldEpoch && c.isIdle;
        },
        timeoutMs,
        'the new controller',
      );
    });
    report({
      name: `controller failover with ${partitions} partitions (until the new controller is idle)`,
      value: failover.ms,
      unit: 'ms',
    });
    reportLoopDelay(report, `the failover with ${partitions} partitions`, failover);
    await turn();
    report({
      name: `heap used by the cluster with ${replicas} replicas`,
      value: (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024,
      unit: 'MiB',
    });

    // Controlled shutdown of a broker that is not the controller: its leaderships move away first.
    const victim = ws.cluster.runningBrokers().find((b) => !b.controller?.isActive())!;
    let led = 0;
    for (const p of victim.replicaManager!.partitions.values()) if (p !== 'offline' && p.isLeader) led++;
    const shutdown = await measured(async () => {
      const { controlledShutdownSucceeded } = await ws.cluster.shutdownBroker(victim.id, { controlled: true });
      if (controlledShutdownSucceeded !== true) throw new Error(`controlled shutdown of broker ${victim.id} did not succeed`);
      await until(() => !victim.isRunning && controllerIdle(ws), timeoutMs, 'the broker stopped and the controller idle');
    });
    report({
      name: `controlled shutdown of broker ${victim.id} leading ${led} of ${partitions} partitions (until stopped, controller idle)`,
      value: shutdown.ms,
      unit: 'ms',
    });
    reportLoopDelay(report, `the controlled shutdown of a broker leading ${led}`, shutdown);

    const restart = await measured(async () => {
      await ws.cluster.startBroker(victim.id);
      await until(() => logCount(ws) === replicas && controllerIdle(ws), timeoutMs, 'the broker back with its logs');
    });
    report({
      name: `restart of broker ${victim.id} with ${partitions} logs (until loaded, controller idle)`,
      value: restart.ms,
      unit: 'ms',
    });
    reportLoopDelay(report, `the restart of a broker with ${partitions} logs`, restart);

    // kafka-delete-logs first runs INITIAL_TASK_DELAY_MS after a broker's start (Kafka's 30 s); the
    // deletion is timed from when every broker's task runs, so that it measures the work, not the delay.
    const startedAt = performance.now();
    while (performance.now() - startedAt < INITIAL_TASK_DELAY_MS + 1000 - restart.ms) await sleep(100);
    const deletion = await measured(async () => {
      const [result] = await ws.admin.deleteTopics([TOPIC], timeoutMs);
      if (result.errorCode !== 0) throw new Error(`delete failed: ${result.errorName} ${result.errorMessage}`);
      await until(
        async () => {
          const brokers = ws.cluster.runningBrokers();
          if (brokers.some((b) => (b.logManager?.allLogs().length ?? 0) > 0 || (b.logManager?.pendingDeletions().length ?? 0) > 0))
            return false;
          // Through the controller's session: a broker's session may have expired meanwhile.
          const controllerZk = brokers.find((b) => b.controller?.isActive())?.zk;
          if (!controllerZk) return false;
          try {
            return !(await controllerZk.topicExists(TOPIC)) && (await controllerZk.getTopicDeletions()).length === 0;
          } catch {
            return false;
          }
        },
        timeoutMs,
        'the topic gone',
      );
    });
    const left = topicDirsOnDisk(ws);
    if (left !== 0) throw new Error(`${left} dirs of ${TOPIC} still on disk after its deletion`);
    closed = true;
    await ws.close();
    const deleteFloorMs = deleteDirsDirectly(floorDir, partitions);
    report({
      name: `delete the topic of ${partitions} partitions until gone (file.delete.delay.ms 0)`,
      value: deletion.ms,
      unit: 'ms',
      baseline: deleteFloorMs,
      baselineName: 'same dirs renamed and removed directly',
    });
    reportLoopDelay(report, `the deletion of ${partitions} partitions`, deletion);
  } finally {
    if (!closed) await ws.close();
  }
  return { partitions, createMs, floorMs };
}

export async function clusterBench(report: (f: Figure) => void): Promise<void> {
  console.log(`  sizes: ${SIZES.join(', ')} partitions, RF ${REPLICATION_FACTOR}, ${BROKERS} brokers (BENCH_PARTITIONS)`);
  const tmp = tempDir('kafka-dojo-bench-cluster-');
  try {
    const results: SizeResult[] = [];
    for (const partitions of SIZES) results.push(await runSize(tmp.dir, partitions, report));
    // Issue 18: the cost per partition stays flat (±20%) from the smallest size to the largest.
    const smallest = results[0];
    const perPartition = (r: SizeResult) => r.createMs / r.partitions;
    for (const r of results) {
      report({
        name: `creation cost per partition at ${r.partitions} partitions`,
        value: perPartition(r),
        unit: 'ms',
        baseline: perPartition(smallest),
        baselineName: `at ${smallest.partitions}`,
      });
      report({ name: `  floor per partition at ${r.partitions} partitions`, value: r.floorMs / r.partitions, unit: 'ms' });
    }
    const costs = results.map(perPartition);
    const mean = costs.reduce((a, b) => a + b, 0) / costs.length;
    report({
      name: `spread of the cost per partition over ${SIZES.join('/')}: largest deviation from the mean (goal ±20%)`,
      value: (Math.max(...costs.map((c) => Math.abs(c - mean))) / mean) * 100,
      unit: '%',
    });
  } finally {
    tmp.cleanup();
  }
}
