/**
 * AlterReplicaLogDirs on a running cluster (seeded, manual clock; the seed is printed when a test
 * fails), as 2.5.1's `ReplicaManager.alterReplicaLogDirs` and `ReplicaAlterLogDirsThread` do it: a
 * `-future` log in the destination dir copied from the current log while producers keep writing,
 * then the swap (the old dir renamed `-delete`, removed `file.delete.delay.ms` later); the
 * per-partition errors; a move resumed after a restart.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import type { ClusterAdmin } from '../../src-main/core/cluster/cluster-admin';
import type { Log } from '../../src-main/core/log/log';
import { ClusterHarness, type HarnessOptions } from '../support/cluster-harness';
import { CREATE, adminOf, dec, drive, enc, killAndExpire, linesSince, mark, topic, tp } from '../support/scenario';

let h: ClusterHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function setup(seed: number, options: HarnessOptions = {}): Promise<{ h: ClusterHarness; admin: ClusterAdmin }> {
  onTestFailed(() => console.error(`seed ${seed}`));
  h = await ClusterHarness.create({
    brokers: 2,
    seed,
    logDirsPerBroker: 2,
    ...options,
    // Small fetches: the alter-log-dirs throttle acts between rounds, so a round must be a small part of a second's bytes.
    brokerConfig: { 'auto.leader.rebalance.enable': 'false', 'replica.fetch.max.bytes': '5000', ...options.brokerConfig },
  });
  return { h, admin: adminOf(h) };
}

function partitionOf(h: ClusterHarness, brokerId: number, name: string, p: number) {
  const partition = h.cluster.broker(brokerId).replicaManager?.getPartition(tp(name, p));
  if (!partition || partition === 'offline') throw new Error(`broker ${brokerId} does not host ${name}-${p} (seed ${h.seed})`);
  return partition;
}

const currentLog = (h: ClusterHarness, brokerId: number, name: string, p = 0): Log => partitionOf(h, brokerId, name, p).log!;

const value = (n: number) => enc(`record-${n}-`.padEnd(1000, '.'));

async function produce(h: ClusterHarness, name: string, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i++) {
    const result = await drive(h, h.client.produce({ topic: name, partition: 0, records: [{ key: null, value: value(i) }], acks: -1 }));
    expect(result.error, `produce ${i}`).toBe('NONE');
  }
}

describe('AlterReplicaLogDirs', () => {
  it('moves a replica to the other log dir while producing: -future during the copy, then the swap and -delete', async () => {
    const { h, admin } = await setup(3401);
    // A dynamic broker config only (not read from server.properties): slows the copy so the move is seen under way.
    expect((await admin.alterBrokerConfig('0', { 'replica.alter.log.dirs.io.max.bytes.per.second': '20000' }, false)).errorCode).toBe(0);
    await drive(
      h,
      admin.createTopics(
        [topic('moving', { assignment: [[0, 1]], configs: { 'file.delete.delay.ms': '5000', 'segment.bytes': '20000' } })],
        CREATE,
      ),
    );
    await h.settle();
    await produce(h, 'moving', 0, 100);
    const before = currentLog(h, 0, 'moving');
    const source = before.parentDir;
    const destination = [h.logDir(0, 0), h.logDir(0, 1)].find((d) => d !== source)!;

    const epochsBefore = before.leaderEpochEntries.map((e) => ({ ...e }));
    const results = await drive(h, admin.alterReplicaLogDirs([{ brokerId: 0, topic: 'moving', partition: 0, logDir: destination }]));
    expect(results).toEqual([{ brokerId: 0, topic: 'moving', partition: 0, errorCode: 0, errorName: 'NONE' }]);
    const future = partitionOf(h, 0, 'moving', 0).futureLog!;
    expect(future.parentDir).toBe(destination);
    expect(readdirSync(destination).filter((n) => /^moving-0\.[0-9a-f]{32}-future$/.test(n))).toHaveLength(1);

    await produce(h, 'moving', 100, 20);
    await h.advance(1000);
    expect(partitionOf(h, 0, 'moving', 0).futureLog).not.toBeNull();
    for (let waited = 0; waited < 60_000 && partitionOf(h, 0, 'moving', 0).futureLog; waited += 500) {
      await produce(h, 'moving', 120 + waited / 500, 1);
      await h.advance(500);
    }
    const after = currentLog(h, 0, 'moving');
    expect(after.parentDir).toBe(destination);
    expect(after.dir).toBe(join(destination, 'moving-0'));
    expect(existsSync(join(source, 'moving-0'))).toBe(false);
    const deleted = readdirSync(source).filter((n) => /^moving-0\.[0-9a-f]{32}-delete$/.test(n));
    expect(deleted).toHaveLength(1);
    expect(readFileSync(join(destination, 'recovery-point-offset-checkpoint'), 'utf8')).toContain('moving 0 ');
    expect(readFileSync(join(source, 'recovery-point-offset-checkpoint'), 'utf8')).not.toContain('moving 0 ');

    const end = after.logEndOffset;
    const read = h.client.read({ topic: 'moving', partition: 0, fromOffset: 0, maxRecords: 100_000 });
    expect(read.records.map((r) => r.offset)).toEqual(Array.from({ length: end }, (_, i) => i));
    expect(read.records.map((r) => dec(r.value)!.split('-')[1])).toEqual(Array.from({ length: end }, (_, i) => String(i)));
    // The batches were copied as they were: the leader epochs with them.
    expect(after.leaderEpochEntries).toEqual(epochsBefore);
    await h.advance(70_000);
    expect(readdirSync(source).filter((n) => n.startsWith('moving-0'))).toEqual([]);
  });

  it("answers each partition with 2.5.1's error; a replica not yet here is created in the dir asked for on LeaderAndIsr", async () => {
    const { h, admin } = await setup(3402, { logDirsPerBroker: 3 });
    await drive(h, admin.createTopics([topic('here', { assignment: [[0]] }), topic('later', { assignment: [[1]] })], CREATE));
    await h.settle();
    const current = currentLog(h, 0, 'here').parentDir;
    const dirs = [0, 1, 2].map((i) => h.logDir(0, i));
    const [a, b] = dirs.filter((d) => d !== current);
    const results = await drive(
      h,
      admin.alterReplicaLogDirs([
        { brokerId: 0, topic: 'here', partition: 0, logDir: '/no/such/dir' },
        { brokerId: 0, topic: 'later', partition: 0, logDir: a },
        { brokerId: 0, topic: 'missing', partition: 0, logDir: a },
        { brokerId: 0, topic: 'x'.repeat(249), partition: 0, logDir: a },
        { brokerId: 7, topic: 'here', partition: 0, logDir: a },
      ]),
    );
    expect(results.map((r) => [r.brokerId, r.topic.slice(0, 8), r.errorCode, r.errorName])).toEqual([
      [0, 'here', 57, 'LOG_DIR_NOT_FOUND'],
      [0, 'later', 9, 'REPLICA_NOT_AVAILABLE'],
      [0, 'missing', 3, 'UNKNOWN_TOPIC_OR_PARTITION'],
      [0, 'xxxxxxxx', 17, 'INVALID_TOPIC_EXCEPTION'],
      [7, 'here', 8, 'BROKER_NOT_AVAILABLE'],
    ]);
    // The dir is remembered: the replica LeaderAndIsr creates on broker 0 goes there, not where placement would put it.
    expect(h.cluster.broker(0).logManager!.preferredLogDir(tp('later', 0))).toBe(a);
    await drive(h, admin.alterPartitionReassignments([{ partition: tp('later', 0), replicas: [1, 0] }]));
    for (let waited = 0; waited < 10_000 && !h.cluster.broker(0).logManager!.getLog(tp('later', 0)); waited += 100) await h.advance(100);
    expect(currentLog(h, 0, 'later').dir).toBe(join(a, 'later-0'));
    expect(h.cluster.broker(0).logManager!.preferredLogDir(tp('later', 0))).toBeUndefined();

    // Already there: NONE, and nothing moves.
    const same = await drive(h, admin.alterReplicaLogDirs([{ brokerId: 0, topic: 'here', partition: 0, logDir: current }]));
    expect(same.map((r) => r.errorName)).toEqual(['NONE']);
    expect(partitionOf(h, 0, 'here', 0).futureLog).toBeNull();
    expect(readdirSync(a).filter((n) => n.endsWith('-future'))).toEqual([]);

    // An offline dir: KAFKA_STORAGE_ERROR; and while any dir is offline no future log is created
    // anywhere (2.5.1: it could exist in the offline dir), so a move between live dirs is refused too.
    await h.cluster.failLogDir(0, b);
    await h.settle();
    const offline = await drive(
      h,
      admin.alterReplicaLogDirs([
        { brokerId: 0, topic: 'here', partition: 0, logDir: b },
        { brokerId: 0, topic: 'later', partition: 0, logDir: current },
      ]),
    );
    expect(offline.map((r) => [r.errorCode, r.errorName])).toEqual([
      [56, 'KAFKA_STORAGE_ERROR'],
      [56, 'KAFKA_STORAGE_ERROR'],
    ]);
    expect(partitionOf(h, 0, 'later', 0).futureLog).toBeNull();
  });

  it('a new destination while a move is under way abandons the first -future log (renamed -delete)', async () => {
    const { h, admin } = await setup(3403, { logDirsPerBroker: 3 });
    await drive(h, admin.createTopics([topic('twice', { assignment: [[0]] })], CREATE));
    await h.settle();
    await produce(h, 'twice', 0, 100);
    expect((await admin.alterBrokerConfig('0', { 'replica.alter.log.dirs.io.max.bytes.per.second': '10000' }, false)).errorCode).toBe(0);
    await h.settle();
    const current = currentLog(h, 0, 'twice').parentDir;
    const [a, b] = [0, 1, 2].map((i) => h.logDir(0, i)).filter((d) => d !== current);
    expect((await drive(h, admin.alterReplicaLogDirs([{ brokerId: 0, topic: 'twice', partition: 0, logDir: a }])))[0].errorName).toBe(
      'NONE',
    );
    await h.advance(2000);
    const first = partitionOf(h, 0, 'twice', 0).futureLog!;
    expect(first.parentDir).toBe(a);
    expect(first.logEndOffset).toBeGreaterThan(0);
    expect(first.logEndOffset).toBeLessThan(100);
    expect((await drive(h, admin.alterReplicaLogDirs([{ brokerId: 0, topic: 'twice', partition: 0, logDir: b }])))[0].errorName).toBe(
      'NONE',
    );
    expect(partitionOf(h, 0, 'twice', 0).futureLog!.parentDir).toBe(b);
    expect(readdirSync(a).filter((n) => n.startsWith('twice-0.'))).toEqual([expect.stringMatching(/^twice-0\.[0-9a-f]{32}-delete$/)]);
    expect(readdirSync(b).filter((n) => n.startsWith('twice-0.'))).toEqual([expect.stringMatching(/^twice-0\.[0-9a-f]{32}-future$/)]);
  });

  it('a topic deleted mid-move loses both logs to -delete; a failed destination dir abandons the move and the replica stays online', async () => {
    const { h, admin } = await setup(3404, { brokers: 1 });
    await drive(h, admin.createTopics([topic('gone', { assignment: [[0]] }), topic('kept', { assignment: [[0]] })], CREATE));
    await h.settle();
    await produce(h, 'gone', 0, 50);
    await produce(h, 'kept', 0, 50);
    expect((await admin.alterBrokerConfig('0', { 'replica.alter.log.dirs.io.max.bytes.per.second': '10000' }, false)).errorCode).toBe(0);
    await h.settle();
    const dirs = [h.logDir(0, 0), h.logDir(0, 1)];
    const other = (name: string) => dirs.find((d) => d !== currentLog(h, 0, name).parentDir)!;
    const goneTo = other('gone');
    const keptFrom = currentLog(h, 0, 'kept').parentDir;
    const keptTo = other('kept');
    const moved = await drive(
      h,
      admin.alterReplicaLogDirs([
        { brokerId: 0, topic: 'gone', partition: 0, logDir: goneTo },
        { brokerId: 0, topic: 'kept', partition: 0, logDir: keptTo },
      ]),
    );
    expect(moved.map((r) => r.errorName)).toEqual(['NONE', 'NONE']);
    await h.advance(1000);
    const rm = h.cluster.broker(0).replicaManager!;
    expect(rm.alterLogDirsManager.states().map((s) => s.topicPartition.topic)).toEqual(['gone', 'kept']);

    await drive(h, admin.deleteTopics(['gone'], 30_000));
    for (let waited = 0; waited < 10_000 && rm.getPartition(tp('gone', 0)); waited += 100) await h.advance(100);
    expect(rm.getPartition(tp('gone', 0))).toBeUndefined();
    expect(h.cluster.broker(0).logManager!.getLog(tp('gone', 0), true)).toBeUndefined();
    const goneDirs = dirs.flatMap((d) => readdirSync(d).filter((n) => n.startsWith('gone-0')));
    expect(goneDirs.every((n) => /^gone-0\.[0-9a-f]{32}-delete$/.test(n)) && goneDirs.length === 2).toBe(true);

    // The destination of kept-0 fails: its future log goes, its current log (in the other dir) serves on.
    await h.cluster.failLogDir(0, keptTo);
    await h.settle();
    const kept = partitionOf(h, 0, 'kept', 0);
    expect(kept.futureLog).toBeNull();
    expect(kept.log!.parentDir).toBe(keptFrom);
    expect(rm.alterLogDirsManager.states()).toEqual([]);
    expect(
      (await drive(h, h.client.produce({ topic: 'kept', partition: 0, records: [{ key: null, value: value(50) }], acks: -1 }))).error,
    ).toBe('NONE');
  });

  it('a follower replica moves while it replicates; a new leader epoch mid-move fences the copy until the LeaderAndIsr re-adds it', async () => {
    const { h, admin } = await setup(3405);
    await drive(h, admin.createTopics([topic('follow', { assignment: [[0, 1]] })], CREATE));
    await h.settle();
    await produce(h, 'follow', 0, 60);
    // Slow enough (≈ 37 s for 75 KB) that the move outlives broker 0's session expiry (18 s).
    expect((await admin.alterBrokerConfig('1', { 'replica.alter.log.dirs.io.max.bytes.per.second': '2000' }, false)).errorCode).toBe(0);
    await h.settle();
    const destination = [h.logDir(1, 0), h.logDir(1, 1)].find((d) => d !== currentLog(h, 1, 'follow').parentDir)!;
    const from = mark(h);
    expect(
      (await drive(h, admin.alterReplicaLogDirs([{ brokerId: 1, topic: 'follow', partition: 0, logDir: destination }])))[0].errorName,
    ).toBe('NONE');
    await produce(h, 'follow', 60, 10);
    await h.advance(1000);
    const epochBefore = partitionOf(h, 1, 'follow', 0).leaderEpoch;
    expect(partitionOf(h, 1, 'follow', 0).futureLog).not.toBeNull();

    // Broker 0 goes: broker 1 leads at a new epoch; its copy was fenced and starts again under the new epoch.
    await killAndExpire(h, 0);
    await h.settle();
    expect(partitionOf(h, 1, 'follow', 0).leaderEpoch).toBeGreaterThan(epochBefore);
    expect(partitionOf(h, 1, 'follow', 0).futureLog).not.toBeNull();
    for (let waited = 0; waited < 60_000 && partitionOf(h, 1, 'follow', 0).futureLog; waited += 500) await h.advance(500);
    expect(partitionOf(h, 1, 'follow', 0).futureLog).toBeNull();
    expect(currentLog(h, 1, 'follow').parentDir).toBe(destination);
    const lines = linesSince(h, from, 'server.log', 1);
    const added = lines.filter((l) => l.includes('Added log dir fetcher for partitions with initial offsets Map(follow-0 ->'));
    expect(added[0]).toContain('(offset=0, leaderEpoch=0)');
    expect(added.length).toBeGreaterThanOrEqual(2);
    expect(added.at(-1)).toContain(`leaderEpoch=${partitionOf(h, 1, 'follow', 0).leaderEpoch})`);
    const read = h.client.read({ topic: 'follow', partition: 0, fromOffset: 0, maxRecords: 1000 });
    expect(read.records.map((r) => dec(r.value)!.split('-')[1])).toEqual(Array.from({ length: 70 }, (_, i) => String(i)));
  });
});
