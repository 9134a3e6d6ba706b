/**
 * The lag the live consumer groups page polls (every 2 s, and on every push): `groups.list` of the
 * first page, which computes every group's snapshot (`groupSnapshots`: members, committed offsets,
 * each partition's end at its leader) to sort and filter them by lag.
 *
 * GROUPS_LAG_BENCH_GROUPS groups (default 1,000) each with committed offsets for
 * GROUPS_LAG_BENCH_PARTITIONS_PER_GROUP partitions (default 10) of their own, over topics of 100
 * partitions, RF 1: 10,000 partitions in all, each with a few records, committed a little behind
 * the end. The offsets are committed in-process as simple groups (`GroupAdmin.commit`: OffsetCommit
 * with generation −1 and no member, `GroupCoordinator.handleCommitOffsets`), on the harness's
 * manual clock so that nothing else runs while it is measured.
 *
 * Baseline: the log end offsets alone of the same 10,000 partitions, read as the snapshot reads
 * them (the running leader's high watermark).
 */
import { performance } from 'node:perf_hooks';
import { GroupServiceImpl } from '../src-main/api/groups/group-service';
import type { ClusterHost } from '../src-main/api/cluster-host';
import type { TopicPartition } from '../src-main/core/common/topic-partition';
import { GroupAdmin, GroupAdminError } from '../src-main/core/cluster/group-admin';
import { groupSnapshots } from '../src-main/core/cluster/group-snapshots';
import { InProcessCluster, type InProcessClusterParts } from '../src-main/core/cluster/in-process-cluster';
import type { Cluster } from '../src-main/core/cluster/cluster';
import { ClusterHarness } from '../test/support/cluster-harness';
import { adminOf, CREATE, drive, enc, topic } from '../test/support/scenario';
import type { Figure } from './bench-support';

const GROUPS = Number(process.env.GROUPS_LAG_BENCH_GROUPS ?? 1000);
const PER_GROUP = Number(process.env.GROUPS_LAG_BENCH_PARTITIONS_PER_GROUP ?? 10);
const TOPIC_PARTITIONS = 100;
const RECORDS = 5;
/** How long each measure repeats its call. */
const MEASURE_MS = Number(process.env.GROUPS_LAG_BENCH_MS ?? 3000);
const LISTENER = { name: 'PLAINTEXT', host: 'localhost' };

const groupId = (g: number) => `group-${String(g).padStart(4, '0')}`;

/** Group g's partitions: PER_GROUP consecutive partitions of one topic, no two groups sharing one. */
function partitionsOf(g: number): TopicPartition[] {
  const first = g * PER_GROUP;
  return Array.from({ length: PER_GROUP }, (_, i) => {
    const n = first + i;
    return { topic: `events-${Math.floor(n / TOPIC_PARTITIONS)}`, partition: n % TOPIC_PARTITIONS };
  });
}

/** The baseline: each partition's end as `groupSnapshots` reads it, without the groups. */
function logEndOffsets(cluster: Cluster, tps: readonly TopicPartition[]): number {
  const running = cluster.runningBrokers();
  let sum = 0;
  for (const tp of tps) {
    for (const broker of running) {
      const p = broker.running?.replicaManager.getPartition(tp);
      if (p && p !== 'offline' && p.isLeader && p.log) {
        sum += p.log.highWatermark;
        break;
      }
    }
  }
  return sum;
}

/** Calls `fn` for about MEASURE_MS (after one warm-up call): the mean time per call. */
async function perCall(fn: () => unknown): Promise<{ msPerCall: number; calls: number }> {
  await fn();
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < MEASURE_MS) {
    await fn();
    calls++;
    elapsed = performance.now() - start;
  }
  return { msPerCall: elapsed / calls, calls };
}

async function fill(h: ClusterHarness): Promise<TopicPartition[]> {
  const partitions = GROUPS * PER_GROUP;
  const topics = Math.ceil(partitions / TOPIC_PARTITIONS);
  const assignment = (t: number) => Array.from({ length: TOPIC_PARTITIONS }, (_, p) => [(t + p) % 3]);
  const created = await drive(
    h,
    adminOf(h).createTopics(
      Array.from({ length: topics }, (_, t) => topic(`events-${t}`, { assignment: assignment(t) })),
      CREATE,
    ),
  );
  const failed = created.find((c) => c.errorCode !== 0);
  if (failed) throw new Error(`create ${failed.name}: ${failed.errorName} ${failed.errorMessage}`);
  await drive(h, h.settle());
  const all = Array.from({ length: GROUPS }, (_, g) => partitionsOf(g)).flat();
  // A few records in each partition, so that every lag is a difference of two real offsets.
  const records = Array.from({ length: RECORDS }, (_, i) => ({ key: null, value: enc(`r${i}`) }));
  for (const tp of all) {
    const produced = await h.client.produce({ topic: tp.topic, partition: tp.partition, acks: 1, records });
    if (produced.error !== 'NONE') throw new Error(`produce to ${tp.topic}-${tp.partition}: ${produced.error}`);
  }
  // FindCoordinator creates __consumer_offsets; then each group commits as a simple group.
  const asked = h.cluster.broker(0).groupCoordinator!;
  const groupAdmin = new GroupAdmin(h.cluster, h.time);
  for (let g = 0; g < GROUPS; g++) {
    const offsets = partitionsOf(g).map((tp, i) => ({ tp, offset: (g + i) % (RECORDS + 1) }));
    for (let attempt = 0; ; attempt++) {
      if (attempt > 200) throw new Error(`no coordinator for ${groupId(g)}`);
      if ((await asked.findCoordinator(groupId(g), LISTENER)).error === 'NONE') {
        try {
          const errors = (await groupAdmin.commit(groupId(g), offsets)).filter((e) => e.error !== 'NONE');
          if (errors.length === 0) break;
        } catch (e) {
          if (!(e instanceof GroupAdminError)) throw e;
        }
      }
      await h.advance(100);
    }
  }
  return all;
}

export async function groupsLagBench(report: (f: Figure) => void): Promise<void> {
  const h = await ClusterHarness.create({
    seed: 7,
    brokerConfig: { 'offsets.commit.required.acks': '1', 'group.initial.rebalance.delay.ms': '0' },
  });
  try {
    const fillStart = performance.now();
    const all = await fill(h);
    console.log(
      `(${all.length} partitions, ${GROUPS} groups × ${PER_GROUP} committed offsets, made in ${((performance.now() - fillStart) / 1000).toFixed(1)} s)`,
    );
    const facade = new InProcessCluster({ cluster: h.cluster } as InProcessClusterParts, { time: h.time });
    const host = { require: () => ({ cluster: facade }) } as unknown as ClusterHost;
    const groups = new GroupServiceImpl(host);
    const query = { sort: 'group', offset: 0, limit: 50 } as const;

    const snapshots = groupSnapshots(h.cluster);
    const rows = snapshots.reduce((n, s) => n + s.partitions.length, 0);
    const totalLag = snapshots.reduce((n, s) => n + s.partitions.reduce((m, p) => m + (p.lag ?? 0), 0), 0);
    const expectedLag = Array.from({ length: GROUPS }, (_, g) =>
      partitionsOf(g).reduce((n, _tp, i) => n + RECORDS - ((g + i) % (RECORDS + 1)), 0),
    ).reduce((a, b) => a + b, 0);
    if (snapshots.length !== GROUPS || rows !== all.length || totalLag !== expectedLag)
      throw new Error(`expected ${GROUPS} groups, ${all.length} rows, lag ${expectedLag}; got ${snapshots.length}, ${rows}, ${totalLag}`);

    const baseline = await perCall(() => logEndOffsets(h.cluster, all));
    const snapshot = await perCall(() => groupSnapshots(h.cluster));
    const list = await perCall(() => groups.list(query));
    const byLag = await perCall(() => groups.list({ ...query, sort: 'lag' }));
    // With a group open the page's poll also asks for its detail (and its history, which reads the event log, not the lag).
    const opened = groupId(GROUPS - 1);
    const withDetail = await perCall(() => Promise.all([groups.list(query), groups.detail(opened)]));
    const what = `${GROUPS} groups × ${PER_GROUP} partitions`;
    const base = { baseline: baseline.msPerCall, baselineName: `log end offsets of the ${all.length} partitions` };
    report({ name: `groups.list (the page's poll), ${what}`, value: list.msPerCall, unit: 'ms/call', ...base });
    report({ name: `groups.list sorted by lag, ${what}`, value: byLag.msPerCall, unit: 'ms/call', ...base });
    report({ name: `groups.list + groups.detail (a group open), ${what}`, value: withDetail.msPerCall, unit: 'ms/call', ...base });
    report({ name: `groupSnapshots (every group's lag), ${what}`, value: snapshot.msPerCall, unit: 'ms/call', ...base });
    report({
      name: `groups.list calls per second, ${what}`,
      value: 1000 / list.msPerCall,
      unit: 'calls/s',
      baseline: 1000 / baseline.msPerCall,
      baselineName: 'log end offset reads of all partitions per second',
    });
  } finally {
    await h.close();
  }
}
