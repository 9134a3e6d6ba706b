/**
 * A replica move between log dirs as it runs (seeded, manual clock; the seed is printed when a test
 * fails): DescribeLogDirs reports the `-future` replica with its lag, then only the moved one; the
 * copy keeps to `replica.alter.log.dirs.io.max.bytes.per.second` (a dynamic broker config, changed
 * live); a broker restarted mid-move reloads the `-future` log and resumes the copy
 * (`maybeAddLogDirFetchers`), losing nothing.
 */
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import type { ClusterAdmin } from '../../src-main/core/cluster/cluster-admin';
import { fetcherIdOf } from '../../src-main/core/broker/replica-fetcher';
import { describeLogDirsHandler } from '../../src-main/protocol/kafka/handlers/broker-state-handlers';
import type { DescribeLogDirsResult } from '../../src-main/protocol/kafka/messages/describe-log-dirs';
import { RecordsAdmin } from '../../src-main/core/cluster/records-admin';
import { ClusterHarness } from '../support/cluster-harness';
import { CREATE, adminOf, dec, drive, enc, killAndExpire, linesSince, mark, topic, tp } from '../support/scenario';

const RATE = 50_000;
const RATE_KEY = 'replica.alter.log.dirs.io.max.bytes.per.second';

let h: ClusterHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function setup(seed: number, records: number): Promise<{ h: ClusterHarness; admin: ClusterAdmin }> {
  onTestFailed(() => console.error(`seed ${seed}`));
  h = await ClusterHarness.create({
    brokers: 1,
    seed,
    logDirsPerBroker: 2,
    brokerConfig: { 'replica.fetch.max.bytes': '5000' },
  });
  const admin = adminOf(h);
  await drive(h, admin.createTopics([topic('mv', { assignment: [[0]], configs: { 'segment.bytes': '100000' } })], CREATE));
  await h.settle();
  for (let i = 0; i < records; i += 10) {
    const batch = Array.from({ length: 10 }, (_, j) => ({ key: null, value: enc(`v${i + j}-`.padEnd(1000, '.')) }));
    expect((await drive(h, h.client.produce({ topic: 'mv', partition: 0, records: batch, acks: 1 }))).error).toBe('NONE');
  }
  return { h, admin };
}

function partitionOf(h: ClusterHarness) {
  const p = h.cluster.broker(0).replicaManager?.getPartition(tp('mv', 0));
  if (!p || p === 'offline') throw new Error(`broker 0 does not host mv-0 (seed ${h.seed})`);
  return p;
}

const otherDir = (h: ClusterHarness) => [h.logDir(0, 0), h.logDir(0, 1)].find((d) => d !== partitionOf(h).log!.parentDir)!;

async function describeLogDirs(h: ClusterHarness): Promise<DescribeLogDirsResult[]> {
  const handler = describeLogDirsHandler({ broker: h.cluster.broker(0), time: h.time, admin: adminOf(h) });
  const response = await handler({ topics: [{ topic: 'mv', partitionIndex: [0] }] }, {} as never);
  return response!.results as DescribeLogDirsResult[];
}

function partitionsIn(results: DescribeLogDirsResult[], dir: string) {
  return (results.find((r) => r.logDir === dir)?.topics ?? []).flatMap((t) =>
    t.partitions.map((p) => ({ isFuture: p.isFutureKey, offsetLag: Number(p.offsetLag) })),
  );
}

/** Advances until the move is over; returns how long it took. */
async function untilSwapped(h: ClusterHarness, maxMs: number): Promise<number> {
  const from = h.time.nowMs();
  while (partitionOf(h).futureLog && h.time.nowMs() - from < maxMs) await h.advance(100);
  expect(partitionOf(h).futureLog, `moved within ${maxMs} ms (seed ${h.seed})`).toBeNull();
  return h.time.nowMs() - from;
}

describe('AlterReplicaLogDirs under way', () => {
  it('is throttled to replica.alter.log.dirs.io.max.bytes.per.second (±10 %), with DescribeLogDirs showing the future replica lag', async () => {
    const { h, admin } = await setup(3501, 400);
    expect((await admin.alterBrokerConfig('0', { [RATE_KEY]: String(RATE) }, false)).errorCode).toBe(0);
    await h.settle();
    // Dynamic and live: the broker's quota took the rate without a restart.
    expect(h.cluster.broker(0).quotaManagers!.alterLogDirs.upperBound()).toBe(RATE);
    const source = partitionOf(h).log!.parentDir;
    const destination = otherDir(h);
    const size = partitionOf(h).log!.size;
    expect(size).toBeGreaterThan(400_000);

    const from = mark(h);
    expect(
      (await drive(h, admin.alterReplicaLogDirs([{ brokerId: 0, topic: 'mv', partition: 0, logDir: destination }])))[0].errorName,
    ).toBe('NONE');
    await h.advance(2000);
    const during = await describeLogDirs(h);
    expect(partitionsIn(during, source)).toEqual([{ isFuture: false, offsetLag: 0 }]);
    const [future] = partitionsIn(during, destination);
    expect(future.isFuture).toBe(true);
    expect(future.offsetLag).toBeGreaterThan(0);
    expect(future.offsetLag).toBeLessThan(400);

    const tookMs = 2000 + (await untilSwapped(h, 60_000));
    const expectedMs = (size / RATE) * 1000;
    expect(Math.abs(tookMs - expectedMs) / expectedMs, `took ${tookMs} ms for ${size} bytes at ${RATE} B/s`).toBeLessThan(0.1);
    const after = await describeLogDirs(h);
    expect(partitionsIn(after, destination)).toEqual([{ isFuture: false, offsetLag: 0 }]);
    expect(partitionsIn(after, source)).toEqual([]);
    expect(linesSince(h, from, 'server.log', 0)).toEqual(
      expect.arrayContaining([
        `[ReplicaAlterLogDirsManager on broker 0] Added log dir fetcher for partitions with initial offsets Map(mv-0 -> (offset=0, leaderEpoch=0))`,
        // num.replica.alter.log.dirs.threads defaults to the number of log dirs: 2 fetchers, placed by getFetcherId.
        `[ReplicaAlterLogDirsThread-${fetcherIdOf(tp('mv', 0), 2)}]: Beginning/resuming copy of partition mv-0 from offset 0. Including this partition, there are 1 remaining partitions to copy by this thread.`,
        'The current replica is successfully replaced with the future replica for mv-0',
      ]),
    );

    // Without the throttle the same move back is over at once.
    expect((await admin.alterBrokerConfig('0', {}, false)).errorCode).toBe(0);
    await h.settle();
    expect((await drive(h, admin.alterReplicaLogDirs([{ brokerId: 0, topic: 'mv', partition: 0, logDir: source }])))[0].errorName).toBe(
      'NONE',
    );
    expect(await untilSwapped(h, 1000)).toBeLessThanOrEqual(100);
    expect(partitionOf(h).log!.parentDir).toBe(source);
  });

  it.each([
    ['restarted', 3502],
    ['killed and started again', 3503],
  ] as const)('a broker %s mid-move reloads the -future log and resumes the copy; no record is lost', async (how, seed) => {
    const { h, admin } = await setup(seed, 200);
    expect((await admin.alterBrokerConfig('0', { [RATE_KEY]: String(RATE) }, false)).errorCode).toBe(0);
    await h.settle();
    const destination = otherDir(h);
    expect(
      (await drive(h, admin.alterReplicaLogDirs([{ brokerId: 0, topic: 'mv', partition: 0, logDir: destination }])))[0].errorName,
    ).toBe('NONE');
    await h.advance(1500);
    const copied = partitionOf(h).futureLog!.logEndOffset;
    expect(copied).toBeGreaterThan(0);
    expect(copied).toBeLessThan(200);

    const from = mark(h);
    if (how === 'restarted') await drive(h, h.cluster.restartBroker(0));
    else {
      await killAndExpire(h, 0);
      await drive(h, h.cluster.startBroker(0));
    }
    await h.settle();
    const lm = h.cluster.broker(0).logManager!;
    // Reloaded from its `-future` dir at startup, and taken up again after the LeaderAndIsr.
    const resumed = partitionOf(h).futureLog!;
    expect(resumed.parentDir).toBe(destination);
    expect(resumed.logEndOffset).toBeGreaterThanOrEqual(copied);
    expect(resumed.logEndOffset).toBeLessThan(200);
    expect(lm.getLog(tp('mv', 0), true)).toBe(resumed);
    await untilSwapped(h, 60_000);
    expect(partitionOf(h).log!.parentDir).toBe(destination);
    expect(
      linesSince(h, from, 'server.log', 0).some((l) => l.includes('Added log dir fetcher for partitions with initial offsets Map(mv-0 ->')),
    ).toBe(true);
    // Produce during the resumed move is not needed to see loss: every offset reads back with its value.
    const read = h.client.read({ topic: 'mv', partition: 0, fromOffset: 0, maxRecords: 1000 });
    expect(read.records.map((r) => r.offset)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(read.records.map((r) => dec(r.value)!.split('-')[0])).toEqual(Array.from({ length: 200 }, (_, i) => `v${i}`));
  });
});

describe('DeleteRecords during a move between log dirs', () => {
  it("waits for the -future copy: the low watermark is the future log's start until the copy passes the new log start", async () => {
    const { h, admin } = await setup(3507, 400);
    expect((await admin.alterBrokerConfig('0', { [RATE_KEY]: String(RATE) }, false)).errorCode).toBe(0);
    await h.settle();
    const destination = otherDir(h);
    expect(
      (await drive(h, admin.alterReplicaLogDirs([{ brokerId: 0, topic: 'mv', partition: 0, logDir: destination }])))[0].errorName,
    ).toBe('NONE');
    await h.advance(1000);
    // Held back: the copy has used far more than 1 B/s, so it stops where it is.
    expect((await admin.alterBrokerConfig('0', { [RATE_KEY]: '1' }, false)).errorCode).toBe(0);
    await h.advance(200);
    const future = partitionOf(h).futureLog!;
    expect(future.logEndOffset).toBeGreaterThan(0);
    expect(future.logEndOffset).toBeLessThan(300);

    let settled = false;
    const deleting = new RecordsAdmin(h.cluster).deleteRecords([{ topicPartition: tp('mv', 0), offset: 300 }], 30_000).then((r) => {
      settled = true;
      return r;
    });
    await h.advance(2000);
    expect(partitionOf(h).log!.logStartOffset).toBe(300);
    expect(partitionOf(h).futureLog!.logStartOffset).toBe(0);
    expect(settled, 'DeleteRecords answered before the -future log reached the new log start').toBe(false);

    expect((await admin.alterBrokerConfig('0', {}, false)).errorCode).toBe(0);
    const [deleted] = await drive(h, deleting);
    expect(deleted).toMatchObject({ lowWatermark: 300, error: 'NONE' });
    await untilSwapped(h, 60_000);
    expect(partitionOf(h).log!.parentDir).toBe(destination);
    expect(partitionOf(h).log!.logStartOffset).toBe(300);
    const read = h.client.read({ topic: 'mv', partition: 0, fromOffset: 300, maxRecords: 1000 });
    expect(read.records.map((r) => r.offset)).toEqual(Array.from({ length: 100 }, (_, i) => 300 + i));
  });
});
