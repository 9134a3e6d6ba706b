/**
 * Replication throttles as `kafka-reassign-partitions --throttle` sets them (seeded cluster on the
 * manual clock; the seed is printed when a test fails): a ~10 MB partition moved from broker 0 to
 * broker 1 with `leader/follower.replication.throttled.rate` = 1 MB/s and the moving replicas
 * listed in the topic's throttled-replica configs catches up at the set rate; removing those
 * configs (what `--verify` does once done) lets it finish at full speed; a cancelled reassignment
 * leaves the original replicas.
 */
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import type { ClusterAdmin } from '../../src-main/core/cluster/cluster-admin';
import { InProcessCluster, type InProcessClusterParts } from '../../src-main/core/cluster/in-process-cluster';
import { brokerDto } from '../../src-main/api/cluster-view';
import { ClusterHarness } from '../support/cluster-harness';
import { adminOf, CREATE, drive, tp } from '../support/scenario';
import { topic } from '../support/scenario';

const RATE = 1024 * 1024;
const BATCHES = 100;
/** 10 records of 10 KB a batch: 100 batches ≈ 10 MB. */
const RECORD_BYTES = 10 * 1024;

let h: ClusterHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function setup(seed: number): Promise<{ h: ClusterHarness; admin: ClusterAdmin }> {
  onTestFailed(() => console.error(`seed ${seed}`));
  h = await ClusterHarness.create({ brokers: 3, seed, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
  const admin = adminOf(h);
  await drive(h, admin.createTopics([topic('big', { assignment: [[0]] })], CREATE));
  const value = new Uint8Array(RECORD_BYTES).fill(7);
  for (let i = 0; i < BATCHES; i++) {
    const records = Array.from({ length: 10 }, () => ({ key: null, value }));
    expect((await drive(h, h.client.produce({ topic: 'big', partition: 0, acks: 1, records }))).error).toBe('NONE');
  }
  return { h, admin };
}

type Side = 'leader' | 'follower';

/** What `--execute --throttle` writes: both rates on the brokers involved, the moving replicas listed (or one side only). */
async function throttle(h: ClusterHarness, admin: ClusterAdmin, sides: readonly Side[] = ['leader', 'follower']): Promise<void> {
  for (const id of [0, 1]) {
    const rates = Object.fromEntries(sides.map((side) => [`${side}.replication.throttled.rate`, String(RATE)]));
    expect((await admin.alterBrokerConfig(String(id), rates, false)).errorCode).toBe(0);
  }
  const lists = { leader: '0:0', follower: '0:1' };
  const replicas = Object.fromEntries(sides.map((side) => [`${side}.replication.throttled.replicas`, lists[side]]));
  expect((await admin.alterTopicConfig('big', replicas, false)).errorCode).toBe(0);
  await h.settle();
}

/** Bytes/s the new replica on broker 1 takes over 5 s of steady state (past the rate's first window). */
async function steadyRate(h: ClusterHarness): Promise<number> {
  await h.advance(2000);
  const from = bytesOn(h, 1);
  await h.advance(5000);
  return (bytesOn(h, 1) - from) / 5;
}

/** What `--verify` removes once the move is done. */
async function removeThrottle(h: ClusterHarness, admin: ClusterAdmin): Promise<void> {
  for (const id of [0, 1]) expect((await admin.alterBrokerConfig(String(id), {}, false)).errorCode).toBe(0);
  expect((await admin.alterTopicConfig('big', {}, false)).errorCode).toBe(0);
  await h.settle();
}

const bytesOn = (h: ClusterHarness, broker: number) => h.cluster.broker(broker).logManager?.getLog(tp('big', 0))?.size ?? 0;

describe('replication throttles', () => {
  it('a throttled move catches up at the set rate (±10 %), then at full speed once the throttle is removed', async () => {
    const { h, admin } = await setup(1401);
    const total = bytesOn(h, 0);
    expect(total).toBeGreaterThan(10_000_000);
    await throttle(h, admin);
    const quotas = h.cluster.broker(0).quotaManagers!;
    expect(quotas.leader.upperBound()).toBe(RATE);
    expect(quotas.leader.isThrottled(tp('big', 0))).toBe(true);
    expect(h.cluster.broker(1).quotaManagers!.follower.isThrottled(tp('big', 0))).toBe(true);

    expect(await admin.alterPartitionReassignments([{ partition: tp('big', 0), replicas: [1] }])).toEqual([
      { partition: tp('big', 0), errorCode: 0, message: null },
    ]);
    await h.settle();
    const achieved = await steadyRate(h);
    expect(achieved / RATE).toBeGreaterThan(0.9);
    expect(achieved / RATE).toBeLessThan(1.1);
    expect(bytesOn(h, 1)).toBeLessThan(total);
    // The leader's and the follower's throttled bytes/s, as the brokers view shows them.
    const facade = new InProcessCluster({ cluster: h.cluster } as InProcessClusterParts, { time: h.time });
    const leader = brokerDto(facade.broker(0)!).replicationThrottle!;
    expect(leader.leaderRateBytesPerSec).toBe(RATE);
    expect(leader.leaderBytesPerSec / RATE).toBeGreaterThan(0.8);
    expect(leader.leaderBytesPerSec / RATE).toBeLessThan(1.2);
    const follower = brokerDto(facade.broker(1)!).replicationThrottle!;
    expect(follower.followerBytesPerSec / RATE).toBeGreaterThan(0.8);
    expect(brokerDto(facade.broker(2)!).replicationThrottle).toEqual({
      leaderBytesPerSec: 0,
      followerBytesPerSec: 0,
      leaderRateBytesPerSec: null,
      followerRateBytesPerSec: null,
    });

    await removeThrottle(h, admin);
    expect(quotas.leader.isThrottled(tp('big', 0))).toBe(false);
    expect(quotas.leader.upperBound()).toBe(Number(9223372036854775807n));
    // Unthrottled, the rest (several MB) is one fetch round per 1 MB at once.
    await h.advance(1000);
    expect(bytesOn(h, 1)).toBe(total);
    await h.advance(1000);
    expect(await admin.listPartitionReassignments(null)).toEqual([]);
    const info = h.cluster.broker(1).metadataCache.getPartitionInfo('big', 0);
    expect(info?.replicas).toEqual([1]);
  });

  it.each([['leader'], ['follower']] as const)('the %s side alone holds the move to the rate', async (side) => {
    const { h, admin } = await setup(side === 'leader' ? 1404 : 1405);
    await throttle(h, admin, [side]);
    const other = side === 'leader' ? 'follower' : 'leader';
    expect(h.cluster.broker(1).quotaManagers![other].isThrottled(tp('big', 0))).toBe(false);
    await admin.alterPartitionReassignments([{ partition: tp('big', 0), replicas: [1] }]);
    await h.settle();
    const achieved = await steadyRate(h);
    expect(achieved / RATE).toBeGreaterThan(0.9);
    expect(achieved / RATE).toBeLessThan(1.1);
  });

  it('configs already in ZooKeeper when a broker starts throttle it from the start', async () => {
    const { h, admin } = await setup(1406);
    await throttle(h, admin);
    await drive(h, h.cluster.broker(1).shutdown({ controlled: true }));
    await drive(h, h.cluster.startBroker(1));
    const quotas = h.cluster.broker(1).quotaManagers!;
    expect(quotas.follower.upperBound()).toBe(RATE);
    expect(quotas.follower.isThrottled(tp('big', 0))).toBe(true);
    expect(quotas.leader.isThrottled(tp('big', 0))).toBe(false);
  });

  it('an in-sync follower is never throttled: existing replicas keep up whatever the rate', async () => {
    const { h, admin } = await setup(1402);
    expect(await admin.alterPartitionReassignments([{ partition: tp('big', 0), replicas: [0, 1] }])).toEqual([
      { partition: tp('big', 0), errorCode: 0, message: null },
    ]);
    await h.advance(1000);
    expect(bytesOn(h, 1)).toBe(bytesOn(h, 0));
    await throttle(h, admin);
    const value = new Uint8Array(RECORD_BYTES).fill(1);
    const before = bytesOn(h, 0);
    for (let i = 0; i < 30; i++) {
      const records = Array.from({ length: 10 }, () => ({ key: null, value }));
      expect((await drive(h, h.client.produce({ topic: 'big', partition: 0, acks: 1, records }))).error).toBe('NONE');
    }
    // 3 MB appended in no time, far over 1 MB/s: the follower in the ISR still takes all of it.
    expect(bytesOn(h, 0) - before).toBeGreaterThan(3_000_000);
    await h.advance(1000);
    expect(bytesOn(h, 1)).toBe(bytesOn(h, 0));
    expect(h.cluster.broker(0).quotaManagers!.leader.isQuotaExceeded()).toBe(true);
  });

  it('a cancelled throttled move leaves the original replicas', async () => {
    const { h, admin } = await setup(1403);
    await throttle(h, admin);
    await admin.alterPartitionReassignments([{ partition: tp('big', 0), replicas: [1] }]);
    await h.advance(3000);
    expect(bytesOn(h, 1)).toBeLessThan(bytesOn(h, 0));
    expect(await admin.alterPartitionReassignments([{ partition: tp('big', 0), replicas: null }])).toEqual([
      { partition: tp('big', 0), errorCode: 0, message: null },
    ]);
    await h.advance(1000);
    expect(await admin.listPartitionReassignments(null)).toEqual([]);
    expect(h.cluster.broker(0).metadataCache.getPartitionInfo('big', 0)?.replicas).toEqual([0]);
    expect(h.cluster.broker(0).metadataCache.getPartitionInfo('big', 0)?.isr).toEqual([0]);
  });
});
