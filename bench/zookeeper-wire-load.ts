/**
 * The load of the ZooKeeper wire benchmark, a process of its own (`node --import tsx
 * bench/zookeeper-wire-load.ts '{"connectString":…,"sessionCount":16,"run":1}'`): the client's
 * work runs beside either server alike — the real one in its JVM, Kafka Dojo's listener in the
 * bench's process. Prints its measures as one JSON line.
 */
import { performance } from 'node:perf_hooks';
import { NzkClient } from '../test/support/node-zookeeper-client';
import { percentile, watchLatencies } from './bench-support';

const PAYLOAD = Buffer.alloc(100, 42);
export const IN_FLIGHT_PER_SESSION = 64;
const OPS_PER_SESSION = { 1: 6000, 16: 1000 } as const;
const WATCH_ROUNDS = { 1: 300, 16: 40 } as const;

export type Kind = 'create' | 'setData' | 'getData';

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

export interface Measures {
  opsPerSec: Record<Kind, number>;
  watchP50Ms: number;
  watchP99Ms: number;
}

async function measure(connectString: string, sessionCount: 1 | 16, run: number): Promise<Measures> {
  const open = () => Promise.all(Array.from({ length: sessionCount }, () => NzkClient.connect(connectString)));
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
    const latencies = await watchLatencies(sessions, writers, WATCH_ROUNDS[sessionCount], PAYLOAD);
    return { opsPerSec, watchP50Ms: percentile(latencies, 50), watchP99Ms: percentile(latencies, 99) };
  } finally {
    for (const c of [...sessions, ...writers]) c.close();
  }
}

if (process.argv[1] === import.meta.filename) {
  const job = JSON.parse(process.argv[2] ?? '') as { connectString: string; sessionCount: 1 | 16; run: number };
  console.log(JSON.stringify(await measure(job.connectString, job.sessionCount, job.run)));
}
