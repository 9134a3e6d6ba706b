/**
 * The ZooKeeper client port on the wire: the same client library (node-zookeeper-client, 64
 * requests in flight per session) against a Kafka Dojo cluster's ZooKeeper listener and, as the
 * baseline, Debian's ZooKeeper 3.8 (default forceSync=yes) on the same disk in the same run.
 * Every acknowledged write is fsynced on both sides. Each figure is the median of 3 trials.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openWorkspace } from '../src-main/infra/open-workspace';
import { ZooKeeperListener } from '../src-main/protocol/zookeeper/zookeeper-listener';
import { NzkClient } from '../test/support/node-zookeeper-client';
import { startRealZooKeeper } from '../test/support/real-zookeeper';
import type { Figure } from './bench-support';
import { percentile, tempDir } from './bench-support';

const PAYLOAD = Buffer.alloc(100, 42);
const IN_FLIGHT_PER_SESSION = 64;
const OPS_PER_SESSION = { 1: 6000, 16: 1000 } as const;
const WATCH_ROUNDS = { 1: 300, 16: 40 } as const;

type Kind = 'create' | 'setData' | 'getData';

interface Target {
  readonly connectString: string;
  readonly name: string;
}

/** Each session keeps `IN_FLIGHT_PER_SESSION` requests outstanding until it has made `ops`. */
async function pipelined(sessions: NzkClient[], kind: Kind, ops: number, tag: string): Promise<number> {
  const start = performance.now();
  await Promise.all(
    sessions.map(async (session, s) => {
      let next = 0;
      const lane = async (): Promise<void> => {
        while (next < ops) {
          const i = next++;
          if (kind === 'create') await session.create(`/bench/${tag}-${s}-${i}`, PAYLOAD);
          else if (kind === 'setData') await session.setData(`/bench/seed-${s}`, PAYLOAD);
          else await session.getData(`/bench/seed-${s}`);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT_PER_SESSION }, lane));
    }),
  );
  return (sessions.length * ops) / ((performance.now() - start) / 1000);
}

/** Pairs of sessions: one watches a znode, the other sets it; from the setData call to NodeDataChanged. */
async function watchLatencies(watchers: NzkClient[], writers: NzkClient[], rounds: number): Promise<number[]> {
  const out: number[] = [];
  for (let r = 0; r < rounds; r++) {
    await Promise.all(
      watchers.map(async (watcher, i) => {
        const path = `/bench/seed-${i}`;
        let fired!: () => void;
        const notified = new Promise<void>((resolve) => (fired = resolve));
        await watcher.getData(path, () => fired());
        const start = performance.now();
        void writers[i].setData(path, PAYLOAD);
        await notified;
        out.push(performance.now() - start);
      }),
    );
  }
  return out.sort((a, b) => a - b);
}

interface Measures {
  opsPerSec: Record<Kind, number>;
  watchP50Ms: number;
  watchP99Ms: number;
}

const TRIALS = 3;

/** Each measure's median over the trials. */
function medianOf(trials: Measures[]): Measures {
  const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
  const opsPerSec = {} as Record<Kind, number>;
  for (const kind of ['create', 'setData', 'getData'] as const) opsPerSec[kind] = median(trials.map((t) => t.opsPerSec[kind]));
  return { opsPerSec, watchP50Ms: median(trials.map((t) => t.watchP50Ms)), watchP99Ms: median(trials.map((t) => t.watchP99Ms)) };
}

async function measure(target: Target, sessionCount: 1 | 16, run: number): Promise<Measures> {
  const open = () => Promise.all(Array.from({ length: sessionCount }, () => NzkClient.connect(target.connectString)));
  const sessions = await open();
  const writers = await open();
  try {
    const root = sessions[0];
    if (!(await root.exists('/bench'))) await root.create('/bench');
    for (let s = 0; s < sessionCount; s++) if (!(await root.exists(`/bench/seed-${s}`))) await root.create(`/bench/seed-${s}`, PAYLOAD);
    const opsPerSec = {} as Record<Kind, number>;
    for (const kind of ['create', 'setData', 'getData'] as const) {
      opsPerSec[kind] = await pipelined(sessions, kind, OPS_PER_SESSION[sessionCount], `${kind}-${sessionCount}-${run}`);
    }
    const latencies = await watchLatencies(sessions, writers, WATCH_ROUNDS[sessionCount]);
    return { opsPerSec, watchP50Ms: percentile(latencies, 50), watchP99Ms: percentile(latencies, 99) };
  } finally {
    for (const c of [...sessions, ...writers]) c.close();
  }
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
        report({ name: `wire ${kind}, ${sessions} × ${IN_FLIGHT_PER_SESSION} in flight`, value: ours.opsPerSec[kind], unit: 'ops/s', baseline: theirs.opsPerSec[kind], baselineName });
      }
      report({ name: `wire watch latency p50, ${sessions}`, value: ours.watchP50Ms, unit: 'ms', baseline: theirs.watchP50Ms, baselineName });
      report({ name: `wire watch latency p99, ${sessions}`, value: ours.watchP99Ms, unit: 'ms', baseline: theirs.watchP99Ms, baselineName });
    }
  } finally {
    await listener.close();
    await workspace.close();
    await real.stop();
    tmp.cleanup();
  }
}
