/**
 * Static membership (KIP-345) as Kafka 2.5.1's GroupCoordinator enforces it, on a manual clock: a
 * static member restarting within its session timeout gets a new member id without a rebalance,
 * its old id is fenced (FENCED_INSTANCE_ID) on every API, a rebalance waits for it rather than
 * dropping it, its session timeout removes it, and LeaveGroup v3 answers per member.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ClusterHarness } from '../../support/cluster-harness';
import { subscription } from './consumer-subscription';
import { coordinatorOf, enc, harness, joinArgs, pendingJoin } from './group-support';

const commit = {
  topic: 'orders',
  partition: 0,
  value: { offset: 1, leaderEpoch: null, metadata: '', commitTimestamp: 0, expireTimestamp: null },
};

describe('static membership', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('a static member restarting within its session timeout gets a new member id without a rebalance; the old id is fenced', async () => {
    h = await harness({ seed: 151 });
    const { gc } = await coordinatorOf(h, 'shop');
    const a = pendingJoin(gc, joinArgs('shop', { groupInstanceId: 'shop-1', clientId: 'a' }));
    const b = pendingJoin(gc, joinArgs('shop', { groupInstanceId: 'shop-2', clientId: 'b' }));
    await h.advance(6000); // the initial delay, once more for the second member
    const [ja, jb] = await Promise.all([a.promise, b.promise]);
    expect(ja.memberId).toMatch(/^shop-1-/);
    expect(ja.leaderId).toBe(ja.memberId);
    await Promise.all([
      gc.handleSyncGroup(
        'shop',
        1,
        ja.memberId,
        new Map([
          [ja.memberId, enc('A')],
          [jb.memberId, enc('B')],
        ]),
        undefined,
        'shop-1',
      ),
      gc.handleSyncGroup('shop', 1, jb.memberId, new Map(), undefined, 'shop-2'),
    ]);
    const group = gc.groupManager.getGroup('shop')!;
    expect(group.state).toBe('Stable');

    // shop-2 restarts: it has lost its member id and joins with its instance id only.
    await h.advance(4000);
    const rejoined = await gc.handleJoinGroup(joinArgs('shop', { groupInstanceId: 'shop-2', clientId: 'b' }));
    expect(rejoined).toMatchObject({ error: 'NONE', generationId: 1, leaderId: ja.memberId, members: [] });
    expect(rejoined.memberId).not.toBe(jb.memberId);
    expect(rejoined.memberId).toMatch(/^shop-2-/);
    expect(group.state).toBe('Stable');
    expect(group.generationId).toBe(1);
    expect(await gc.handleSyncGroup('shop', 1, rejoined.memberId, new Map(), undefined, 'shop-2')).toMatchObject({
      error: 'NONE',
      assignment: enc('B'),
    });

    // The old instance (a zombie with the old id) is fenced everywhere.
    expect(gc.handleHeartbeat('shop', jb.memberId, 1, 'shop-2')).toBe('FENCED_INSTANCE_ID');
    expect((await gc.handleSyncGroup('shop', 1, jb.memberId, new Map(), undefined, 'shop-2')).error).toBe('FENCED_INSTANCE_ID');
    expect((await gc.handleJoinGroup(joinArgs('shop', { groupInstanceId: 'shop-2', memberId: jb.memberId }))).error).toBe(
      'FENCED_INSTANCE_ID',
    );
    expect(await gc.handleCommitOffsets('shop', jb.memberId, 1, [commit], 'shop-2')).toEqual(new Map([['orders-0', 'FENCED_INSTANCE_ID']]));
    expect(gc.handleLeaveGroup('shop', [{ memberId: jb.memberId, groupInstanceId: 'shop-2' }]).members).toEqual([
      { memberId: jb.memberId, groupInstanceId: 'shop-2', error: 'FENCED_INSTANCE_ID' },
    ]);
    // The new id works; an unknown instance id with a member id must reset.
    expect(gc.handleHeartbeat('shop', rejoined.memberId, 1, 'shop-2')).toBe('NONE');
    expect((await gc.handleJoinGroup(joinArgs('shop', { groupInstanceId: 'shop-9', memberId: rejoined.memberId }))).error).toBe(
      'UNKNOWN_MEMBER_ID',
    );
    expect(group.state).toBe('Stable');
  });

  it('a rebalance keeps a static member that has not rejoined; its session timeout removes it', async () => {
    h = await harness({ seed: 152 });
    const { gc } = await coordinatorOf(h, 'ops');
    const a = pendingJoin(
      gc,
      joinArgs('ops', { groupInstanceId: 'ops-1', clientId: 'a', sessionTimeoutMs: 10000, rebalanceTimeoutMs: 5000 }),
    );
    await h.advance(3000);
    const ja = await a.promise;
    await gc.handleSyncGroup('ops', 1, ja.memberId, new Map(), undefined, 'ops-1');
    // A dynamic member joins; the static one does not rejoin within the rebalance timeout.
    const dyn = pendingJoin(gc, joinArgs('ops', { clientId: 'd', rebalanceTimeoutMs: 5000 }));
    await h.advance(5000);
    const jd = await dyn.promise;
    expect(jd).toMatchObject({ error: 'NONE', generationId: 2 });
    const group = gc.groupManager.getGroup('ops')!;
    expect([...group.members.keys()].sort()).toEqual([ja.memberId, jd.memberId].sort());
    await gc.handleSyncGroup('ops', 2, jd.memberId, new Map(), undefined, null);
    // Only its session timeout removes it: 10 s from the end of the rebalance, which counted as its heartbeat.
    for (let i = 0; i < 3; i++) {
      await h.advance(3333);
      expect(gc.handleHeartbeat('ops', jd.memberId, 2)).toBe('NONE');
    }
    await h.advance(0);
    expect(group.has(ja.memberId)).toBe(true);
    await h.advance(1);
    expect(group.has(ja.memberId)).toBe(false);
    expect(group.state).toBe('PreparingRebalance');
  });

  it('a group read back from __consumer_offsets keeps its static members and subscribed topics', async () => {
    h = await harness({ seed: 154 });
    const { gc } = await coordinatorOf(h, 'reload');
    const a = pendingJoin(
      gc,
      joinArgs('reload', { groupInstanceId: 'reload-1', protocols: [{ name: 'range', metadata: subscription('orders', 'audit') }] }),
    );
    await h.advance(3000);
    const ja = await a.promise;
    expect((await gc.handleSyncGroup('reload', 1, ja.memberId, new Map([[ja.memberId, enc('A')]]), undefined, 'reload-1')).error).toBe(
      'NONE',
    );
    // The broker gives up the offsets partition and takes it again: the group is read from the log.
    const partition = gc.partitionFor('reload');
    gc.onResignation(partition);
    expect(gc.groupManager.getGroup('reload')).toBeUndefined();
    gc.onElection(partition);
    await h.settle();
    const loaded = gc.groupManager.getGroup('reload')!;
    expect(loaded.state).toBe('Stable');
    expect(loaded.getStaticMemberId('reload-1')).toBe(ja.memberId);
    expect([...(loaded.subscribedTopics ?? [])].sort()).toEqual(['audit', 'orders']);
    expect(await gc.handleDeleteOffsets('reload', [{ topic: 'orders', partition: 0 }])).toEqual({
      error: 'NONE',
      partitions: new Map([['orders-0', 'GROUP_SUBSCRIBED_TO_TOPIC']]),
    });
    // The static member restarts: it takes its old place without a rebalance.
    const rejoined = await gc.handleJoinGroup(
      joinArgs('reload', { groupInstanceId: 'reload-1', protocols: [{ name: 'range', metadata: subscription('orders', 'audit') }] }),
    );
    expect(rejoined).toMatchObject({ error: 'NONE', generationId: 1, leaderId: ja.memberId });
    expect(loaded.state).toBe('Stable');
    expect(gc.handleHeartbeat('reload', ja.memberId, 1, 'reload-1')).toBe('FENCED_INSTANCE_ID');
  });

  it('a pending (dynamic) member id sent with a group instance id is UNKNOWN_SERVER_ERROR, as KafkaApis answers the IllegalStateException', async () => {
    h = await harness({ seed: 155 });
    const { broker, gc } = await coordinatorOf(h, 'odd');
    const required = await gc.handleJoinGroup(joinArgs('odd', { requireKnownMemberId: true }));
    expect(required.error).toBe('MEMBER_ID_REQUIRED');
    expect(await gc.handleJoinGroup(joinArgs('odd', { memberId: required.memberId, groupInstanceId: 'odd-1' }))).toMatchObject({
      error: 'UNKNOWN_SERVER_ERROR',
      memberId: required.memberId,
    });
    expect(gc.handleLeaveGroup('odd', [{ memberId: required.memberId, groupInstanceId: 'odd-1' }])).toEqual({
      error: 'UNKNOWN_SERVER_ERROR',
      members: [],
    });
    expect(h.logLines('server.log', broker.id).filter((l) => l.includes('was not expected to be'))).toEqual([
      `[GroupCoordinator ${broker.id}]: the static member Some(odd-1) was not expected to be assigned into pending member bucket with member id ${required.memberId}`,
      `[GroupCoordinator ${broker.id}]: the static member Some(odd-1) was not expected to be leaving from pending member bucket with member id ${required.memberId}`,
    ]);
  });

  it('LeaveGroup v3 removes members by instance id and answers each member', async () => {
    h = await harness({ seed: 153 });
    const { gc } = await coordinatorOf(h, 'batch');
    const a = pendingJoin(gc, joinArgs('batch', { groupInstanceId: 'batch-1' }));
    const b = pendingJoin(gc, joinArgs('batch', { groupInstanceId: 'batch-2' }));
    await h.advance(6000);
    const [ja] = await Promise.all([a.promise, b.promise]);
    const result = gc.handleLeaveGroup('batch', [
      { memberId: '', groupInstanceId: 'batch-1' },
      { memberId: 'stale-id', groupInstanceId: 'batch-2' },
      { memberId: 'nobody', groupInstanceId: null },
    ]);
    expect(result).toEqual({
      error: 'NONE',
      members: [
        { memberId: '', groupInstanceId: 'batch-1', error: 'NONE' },
        { memberId: 'stale-id', groupInstanceId: 'batch-2', error: 'FENCED_INSTANCE_ID' },
        { memberId: 'nobody', groupInstanceId: null, error: 'UNKNOWN_MEMBER_ID' },
      ],
    });
    const group = gc.groupManager.getGroup('batch')!;
    expect(group.has(ja.memberId)).toBe(false);
    expect(group.hasStaticMember('batch-1')).toBe(false);
    expect(group.hasStaticMember('batch-2')).toBe(true);
  });
});
