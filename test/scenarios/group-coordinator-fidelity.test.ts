/**
 * Kafka 2.5.1's GroupCoordinator on the manual clock (seeded; the seed is printed when a test
 * fails): a Heartbeat while the group is CompletingRebalance answers REBALANCE_IN_PROGRESS without
 * extending the session; a deleted topic's committed offsets leave every group
 * (`handleDeletedPartitions` on UpdateMetadata); `offsets.retention.minutes` expires offsets from
 * the commit for a standalone group and from the moment an Empty group became Empty, with the
 * tombstones in `__consumer_offsets`.
 */
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import type { GroupCoordinator } from '../../src-main/core/coordinator/group/group-coordinator';
import { groupMetadataKey, offsetCommitKey } from '../../src-main/core/coordinator/group/group-records';
import { batchesIn } from '../../src-main/core/record';
import { assignment, subscription } from '../core/coordinator/consumer-subscription';
import { coordinatorOf, joinArgs, pendingJoin } from '../core/coordinator/group-support';
import { ClusterHarness } from '../support/cluster-harness';
import { adminOf, CREATE, drive, linesSince, topic } from '../support/scenario';

async function cluster(seed: number, brokerConfig: Record<string, string> = {}): Promise<ClusterHarness> {
  onTestFailed(() => console.error(`seed ${seed}`));
  const h = await ClusterHarness.create({
    seed,
    brokerConfig: {
      'offsets.topic.num.partitions': '5',
      'offsets.commit.required.acks': '1',
      'group.initial.rebalance.delay.ms': '0',
      ...brokerConfig,
    },
  });
  await drive(h, adminOf(h).createTopics([topic('orders', { assignment: [[0], [1]] }), topic('audit', { assignment: [[2]] })], CREATE));
  return h;
}

function commit(
  h: ClusterHarness,
  gc: GroupCoordinator,
  groupId: string,
  memberId: string,
  generation: number,
  offsets: Array<[string, number, number]>,
) {
  return gc.handleCommitOffsets(
    groupId,
    memberId,
    generation,
    offsets.map(([t, partition, offset]) => ({
      topic: t,
      partition,
      value: { offset, leaderEpoch: null, metadata: '', commitTimestamp: h.time.nowMs(), expireTimestamp: null },
    })),
  );
}

/** One member joined and synced: Stable at generation 1, owning `orders`. */
async function stableMember(h: ClusterHarness, gc: GroupCoordinator, groupId: string): Promise<string> {
  const join = pendingJoin(gc, joinArgs(groupId, { protocols: [{ name: 'range', metadata: subscription('orders') }] }));
  await h.advance(0);
  const joined = await join.promise;
  const synced = await gc.handleSyncGroup(
    groupId,
    joined.generationId,
    joined.memberId,
    new Map([[joined.memberId, assignment({ orders: [0, 1] })]]),
  );
  expect(synced.error).toBe('NONE');
  return joined.memberId;
}

const hex = (b: Uint8Array | null) => (b === null ? null : Buffer.from(b).toString('hex'));

const committed = (gc: GroupCoordinator, groupId: string) =>
  gc.handleFetchOffsets(groupId, null).partitions.map((p) => `${p.topic}-${p.partition}@${p.offset}`);

describe('GroupCoordinator fidelity (manual clock)', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('a Heartbeat in CompletingRebalance answers REBALANCE_IN_PROGRESS and does not extend the session', async () => {
    h = await cluster(301);
    const { gc } = await coordinatorOf(h, 'sync-late');
    const join = pendingJoin(gc, joinArgs('sync-late', { sessionTimeoutMs: 10_000 }));
    await h.advance(0);
    const joined = await join.promise;
    const group = gc.groupManager.getGroup('sync-late')!;
    expect(group.state).toBe('CompletingRebalance');
    await h.advance(9000);
    expect(gc.handleHeartbeat('sync-late', joined.memberId, joined.generationId)).toBe('REBALANCE_IN_PROGRESS');
    // The deadline set when the JoinGroup completed still stands: the member never synced.
    await h.advance(1000);
    await h.advance(0);
    expect(group.has(joined.memberId)).toBe(false);
    expect(group.state).toBe('Empty');
  });

  it("a deleted topic's committed offsets are removed from every group, the others stay", async () => {
    h = await cluster(302);
    const mark = h.events.length;
    const groups = ['etl', 'billing'];
    for (const g of groups) {
      const { gc } = await coordinatorOf(h, g);
      const errors = await commit(h, gc, g, '', -1, [
        ['orders', 0, 3],
        ['orders', 1, 4],
        ['audit', 0, 5],
      ]);
      expect([...errors.values()]).toEqual(['NONE', 'NONE', 'NONE']);
    }
    await drive(h, adminOf(h).deleteTopics(['orders'], 30_000));
    await h.advance(100);
    for (const g of groups) expect(committed((await coordinatorOf(h, g)).gc, g)).toEqual(['audit-0@5']);
    const removed = linesSince(h, mark, 'server.log').filter((l) => l.includes('offsets associated with deleted partitions'));
    // Each broker's coordinator answers its own UpdateMetadata; the two holding a group remove its two offsets.
    expect(removed).toEqual(
      [0, 1, 2].map(
        (b) => `[GroupCoordinator ${b}]: Removed ${b === 0 ? 0 : 2} offsets associated with deleted partitions: orders-0, orders-1.`,
      ),
    );
  });

  it('offsets.retention expires a standalone commit from its timestamp and an Empty group from when it became Empty, with tombstones', async () => {
    h = await cluster(303, { 'offsets.retention.minutes': '1', 'offsets.retention.check.interval.ms': '5000' });
    const simple = await coordinatorOf(h, 'simple');
    const t0 = h.time.nowMs();
    await commit(h, simple.gc, 'simple', '', -1, [['audit', 0, 7]]);

    const consumer = await coordinatorOf(h, 'app');
    const memberId = await stableMember(h, consumer.gc, 'app');
    await commit(h, consumer.gc, 'app', memberId, 1, [['orders', 0, 2]]);
    // The member stays 40 s (heartbeating), then leaves: the group is Empty from then on.
    for (let i = 0; i < 8; i++) {
      await h.advance(5000);
      expect(consumer.gc.handleHeartbeat('app', memberId, 1)).toBe('NONE');
    }
    consumer.gc.handleLeaveGroup('app', [{ memberId, groupInstanceId: null }]);
    await h.settle();
    const emptySince = h.time.nowMs();
    const app = consumer.gc.groupManager.getGroup('app')!;
    expect(app.state).toBe('Empty');

    await h.advance(t0 + 55_000 - h.time.nowMs());
    expect(committed(simple.gc, 'simple')).toEqual(['audit-0@7']);
    // 60 s after the commit, by the next check (every 5 s), the standalone offset is gone.
    await h.advance(t0 + 65_000 - h.time.nowMs());
    expect(committed(simple.gc, 'simple')).toEqual([]);
    expect(simple.gc.groupManager.getGroup('simple')).toBeUndefined();
    // The consumer group's offset was committed 65 s ago, but the group is Empty only since 25 s.
    expect(committed(consumer.gc, 'app')).toEqual(['orders-0@2']);
    const mark = h.events.length;
    await h.advance(emptySince + 65_000 - h.time.nowMs());
    expect(committed(consumer.gc, 'app')).toEqual([]);
    expect(app.state).toBe('Dead');
    const lines = linesSince(h, mark, 'server.log', consumer.broker.id);
    expect(lines.some((l) => l.includes('Group app transitioned to Dead in generation 2'))).toBe(true);
    expect(
      lines.some((l) => l.includes(`[GroupMetadataManager brokerId=${consumer.broker.id}] Removed 1 expired offsets in 0 milliseconds.`)),
    ).toBe(true);

    // The tombstones: the offset key, then the group key, with null values in the group's partition.
    const log = consumer.broker.logManager!.getLog({ topic: '__consumer_offsets', partition: consumer.gc.partitionFor('app') })!;
    const records = [...batchesIn(log.read(0, 1 << 20, 'log-end', true).records)]
      .flatMap((b) => b.records())
      .map((r) => [hex(r.key), hex(r.value)]);
    expect(records.slice(-2)).toEqual([
      [hex(offsetCommitKey('app', 'orders', 0)), null],
      [hex(groupMetadataKey('app')), null],
    ]);
  });
});
