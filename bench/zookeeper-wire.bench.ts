/**
 * The ZooKeeper client port on the wire: the same client library (node-zookeeper-client, 64
 * requests in flight per session) against a Kafka Dojo cluster's ZooKeeper listener and, as the
 * baseline, Debian's ZooKeeper 3.8 (default forceSync=yes) on the same disk in the same run.
 * The client runs in a process of its own (bench/zookeeper-wire-load.ts) for both servers. Every
 * acknowledged write is fsynced on both sides. Each figure is the median of 3 trials.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { openWorkspace } from '../src-main/infra/open-workspace';
import { ZooKeeperListener } from '../src-main/protocol/zookeeper/zookeeper-listener';
import { startRealZooKeeper } from '../test/support/real-zookeeper';
import type { Figure } from './bench-support';
import { percentile, tempDir } from './bench-support';
import { IN_FLIGHT_PER_SESSION, type Kind, type Measures } from './zookeeper-wire-load';

interface Target {
  readonly connectString: string;
  readonly name: string;
}

const TRIALS = 3;
const LOAD_SCRIPT = join(import.meta.dirname, 'zookeeper-wire-load.ts');

/** Each measure's median over the trials. */
function medianOf(trials: Measures[]): Measures {
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const opsPerSec = {} as Record<Kind, number>;
  for (const kind of ['create', 'setData', 'getData'] as const) opsPerSec[kind] = median(trials.map((t) => t.opsPerSec[kind]));
  return { opsPerSec, watchP50Ms: median(trials.map((t) => t.watchP50Ms)), watchP99Ms: median(trials.map((t) => t.watchP99Ms)) };
}

/** One trial: the load process against `target`; its measures are the last line it prints. */
function measure(target: Target, sessionCount: 1 | 16, run: number): Promise<Measures> {
  return new Promise((resolve, reject) => {
    const job = JSON.stringify({ connectString: target.connectString, sessionCount, run });
    const child = spawn(process.execPath, ['--import', 'tsx', LOAD_SCRIPT, job], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '') as Measures)
        : reject(new Error(`the load process exited with ${code}`)),
    );
  });
}

export async function zookeeperWireBench(report: (f: Figure) => void): Promise<void> {
  const tmp = tempDir('kafka-dojo-bench-zk-wire-');
  const real = await startRealZooKeeper();
  const workspace = await openWorkspace(join(tmp.dir, 'ws'));
  const listener = await ZooKeeperListener.bind(workspace.zkServer, 0);
  try {
    const dojo: Target = { name: 'Kafka Dojo', connectString: listener.connectString };
    const zookeeper: Target = { name: 'ZooKeeper 3.8', connectString: `127.0.0.1:${real.port}` };
    // A warm-up on each side (the JVM's JIT, V8's), not reported.
    await measure(zookeeper, 1, 0);
    await measure(dojo, 1, 0);
    for (const sessionCount of [1, 16] as const) {
      // Trials alternate between the two servers so that other load on the machine falls on both.
      const oursTrials: Measures[] = [];
      const theirsTrials: Measures[] = [];
      for (let trial = 1; trial <= TRIALS; trial++) {
        oursTrials.push(await measure(dojo, sessionCount, trial));
        theirsTrials.push(await measure(zookeeper, sessionCount, trial));
      }
      const ours = medianOf(oursTrials);
      const theirs = medianOf(theirsTrials);
      const sessions = `${sessionCount} session${sessionCount > 1 ? 's' : ''}`;
      const baselineName = `ZooKeeper 3.8, forceSync=yes`;
      for (const kind of ['create', 'setData', 'getData'] as const) {
        report({
          name: `wire ${kind}, ${sessions} × ${IN_FLIGHT_PER_SESSION} in flight`,
          value: ours.opsPerSec[kind],
          unit: 'ops/s',
          baseline: theirs.opsPerSec[kind],
          baselineName,
        });
      }
      report({
        name: `wire watch latency p50, ${sessions}`,
        value: ours.watchP50Ms,
        unit: 'ms',
        baseline: theirs.watchP50Ms,
        baselineName,
      });
      report({
        name: `wire watch latency p99, ${sessions}`,
        value: ours.watchP99Ms,
        unit: 'ms',
        baseline: theirs.watchP99Ms,
        baselineName,
      });
    }
  } finally {
    await listener.close();
    await workspace.close();
    await real.stop();
    tmp.cleanup();
  }
}
