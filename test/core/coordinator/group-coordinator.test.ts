/**
 * The group state machine of Kafka 2.5's GroupCoordinator on a running cluster with a manual
 * clock: join with MEMBER_ID_REQUIRED, the initial rebalance delay, sync and heartbeats, session
 * expiry and leaving causing rebalances, and the errors for illegal generations and unknown members.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { tpKey } from '../../../src-main/core/common/topic-partition';
import type { ClusterHarness } from '../../support/cluster-harness';
import { coordinatorOf, enc, harness, joinArgs, pendingJoin } from './group-support';

describe('GroupCoordinator', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('v4+ join: MEMBER_ID_REQUIRED with a generated id, then the initial delay, then sync to Stable', async () => {
    h = await harness({ seed: 51 });
    const { gc } = await coordinatorOf(h, 'g1');
    const first = await gc.handleJoinGroup(joinArgs('g1', { requireKnownMemberId: true, clientId: 'app' }));
    expect(first.error).toBe('MEMBER_ID_REQUIRED');
    expect(first.memberId).toMatch(/^app-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(gc.groupManager.getGroup('g1')?.state).toBe('Empty');

    const join = pendingJoin(gc, joinArgs('g1', { requireKnownMemberId: true, clientId: 'app', memberId: first.memberId }));
    expect(gc.groupManager.getGroup('g1')?.state).toBe('PreparingRebalance');
    await h.advance(2999);
    expect(join.result).toBeNull();
    await h.advance(1);
    const joined = await join.promise;
    expect(joined).toMatchObject({
      error: 'NONE',
      generationId: 1,
      protocolName: 'range',
      leaderId: first.memberId,
      memberId: first.memberId,
    });
    expect(joined.members).toEqual([{ memberId: first.memberId, groupInstanceId: null, metadata: enc('sub') }]);
    expect(gc.groupManager.getGroup('g1')?.state).toBe('CompletingRebalance');

    const synced = await gc.handleSyncGroup('g1', 1, first.memberId, new Map([[first.memberId, enc('p0,p1')]]));
    expect(synced).toEqual({ error: 'NONE', protocolType: 'consumer', protocolName: 'range', assignment: enc('p0,p1') });
    expect(gc.groupManager.getGroup('g1')?.state).toBe('Stable');
    expect(gc.handleHeartbeat('g1', first.memberId, 1)).toBe('NONE');
    expect(gc.handleDescribeGroup('g1').summary).toMatchObject({
      state: 'Stable',
      protocolType: 'consumer',
      protocol: 'range',
      members: [{ memberId: first.memberId, clientId: 'app', assignment: enc('p0,p1') }],
    });
  });

  it('the initial delay waits again while new members keep joining, then answers them all', async () => {
    h = await harness({ seed: 52 });
    const { gc } = await coordinatorOf(h, 'g2');
    const a = pendingJoin(gc, joinArgs('g2', { clientId: 'a' }));
    await h.advance(2000);
    const b = pendingJoin(gc, joinArgs('g2', { clientId: 'b' }));
    await h.advance(1000); // t = 3000: a member came during the delay, so it waits min(3000, 10000 − 3000) more
    expect(a.result).toBeNull();
    await h.advance(2999);
    expect(a.result).toBeNull();
    await h.advance(1);
    const [ra, rb] = await Promise.all([a.promise, b.promise]);
    expect(ra.generationId).toBe(1);
    expect(rb.generationId).toBe(1);
    expect(ra.leaderId).toBe(ra.memberId);
    expect(ra.members.map((m) => m.memberId)).toEqual([ra.memberId, rb.memberId]);
    expect(rb.members).toEqual([]);
  });

  it('a member whose session expires is removed and the group rebalances without it', async () => {
    h = await harness({ seed: 53, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    const { gc } = await coordinatorOf(h, 'g3');
    const a = pendingJoin(gc, joinArgs('g3', { clientId: 'a' }));
    const b = pendingJoin(gc, joinArgs('g3', { clientId: 'b' }));
    await h.advance(0);
    const [ra, rb] = await Promise.all([a.promise, b.promise]);
    const syncB = gc.handleSyncGroup('g3', 1, rb.memberId, new Map());
    await gc.handleSyncGroup(
      'g3',
      1,
      ra.memberId,
      new Map([
        [ra.memberId, enc('A')],
        [rb.memberId, enc('B')],
      ]),
    );
    expect((await syncB).assignment).toEqual(enc('B'));

    // Only a heartbeats; b's session (10 s) runs out.
    await h.advance(6000);
    expect(gc.handleHeartbeat('g3', ra.memberId, 1)).toBe('NONE');
    await h.advance(3999);
    expect(gc.groupManager.getGroup('g3')?.has(rb.memberId)).toBe(true);
    await h.advance(1);
    const group = gc.groupManager.getGroup('g3')!;
    expect(group.has(rb.memberId)).toBe(false);
    expect(group.state).toBe('PreparingRebalance');
    expect(
      h.logLines('server.log').some((l) => l.includes(`Member ${rb.memberId} in group g3 has failed, removing it from the group`)),
    ).toBe(true);

    expect(gc.handleHeartbeat('g3', ra.memberId, 1)).toBe('REBALANCE_IN_PROGRESS');
    expect(gc.handleHeartbeat('g3', rb.memberId, 1)).toBe('UNKNOWN_MEMBER_ID');
    // a rejoins: everyone left has joined, so the rebalance completes at once.
    const again = await gc.handleJoinGroup(joinArgs('g3', { clientId: 'a', memberId: ra.memberId }));
    expect(again).toMatchObject({ error: 'NONE', generationId: 2, leaderId: ra.memberId });
    expect(again.members.map((m) => m.memberId)).toEqual([ra.memberId]);
  });

  it('a member that leaves makes the others rejoin; when the last leaves the group is Empty', async () => {
    h = await harness({ seed: 54, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    const { gc } = await coordinatorOf(h, 'g4');
    const a = pendingJoin(gc, joinArgs('g4', { clientId: 'a' }));
    const b = pendingJoin(gc, joinArgs('g4', { clientId: 'b' }));
    await h.advance(0);
    const [ra, rb] = await Promise.all([a.promise, b.promise]);
    void gc.handleSyncGroup('g4', 1, rb.memberId, new Map());
    await gc.handleSyncGroup('g4', 1, ra.memberId, new Map());

    expect(
      gc.handleLeaveGroup('g4', [
        { memberId: rb.memberId, groupInstanceId: null },
        { memberId: 'nobody', groupInstanceId: null },
      ]),
    ).toEqual({
      error: 'NONE',
      members: [
        { memberId: rb.memberId, groupInstanceId: null, error: 'NONE' },
        { memberId: 'nobody', groupInstanceId: null, error: 'UNKNOWN_MEMBER_ID' },
      ],
    });
    expect(gc.groupManager.getGroup('g4')?.state).toBe('PreparingRebalance');
    expect(gc.handleLeaveGroup('g4', [{ memberId: ra.memberId, groupInstanceId: null }]).error).toBe('NONE');
    const group = gc.groupManager.getGroup('g4')!;
    expect(group.state).toBe('Empty');
    expect(group.generationId).toBe(2);
    expect(gc.handleDescribeGroup('g4').summary).toEqual({ state: 'Empty', protocolType: 'consumer', protocol: '', members: [] });
  });

  it('answers illegal generations, unknown members and bad joins with Kafka’s errors', async () => {
    h = await harness({ seed: 55, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    const { broker, gc } = await coordinatorOf(h, 'g5');
    const join = pendingJoin(gc, joinArgs('g5'));
    await h.advance(0);
    const joined = await join.promise;
    expect(gc.handleHeartbeat('g5', joined.memberId, 0)).toBe('ILLEGAL_GENERATION');
    expect((await gc.handleSyncGroup('g5', 7, joined.memberId, new Map())).error).toBe('ILLEGAL_GENERATION');
    expect(gc.handleHeartbeat('g5', 'stranger', 1)).toBe('UNKNOWN_MEMBER_ID');
    expect((await gc.handleSyncGroup('g5', 1, 'stranger', new Map())).error).toBe('UNKNOWN_MEMBER_ID');
    // SyncGroup v5 names the protocol: another type or name than the group's is refused.
    expect(await gc.handleSyncGroup('g5', 1, joined.memberId, new Map(), { type: 'connect', name: null })).toEqual({
      protocolType: null,
      protocolName: null,
      assignment: new Uint8Array(0),
      error: 'INCONSISTENT_GROUP_PROTOCOL',
    });
    expect((await gc.handleSyncGroup('g5', 1, joined.memberId, new Map(), { type: 'consumer', name: 'roundrobin' })).error).toBe(
      'INCONSISTENT_GROUP_PROTOCOL',
    );
    expect((await gc.handleJoinGroup(joinArgs('g5', { memberId: 'stranger' }))).error).toBe('UNKNOWN_MEMBER_ID');
    expect((await gc.handleJoinGroup(joinArgs('fresh', { memberId: 'stranger' }))).error).toMatch(/UNKNOWN_MEMBER_ID|NOT_COORDINATOR/);
    expect((await gc.handleJoinGroup(joinArgs('g5', { sessionTimeoutMs: 5999 }))).error).toBe('INVALID_SESSION_TIMEOUT');
    expect((await gc.handleJoinGroup(joinArgs('g5', { sessionTimeoutMs: 1_800_001 }))).error).toBe('INVALID_SESSION_TIMEOUT');
    expect((await gc.handleJoinGroup(joinArgs('g5', { protocolType: 'connect' }))).error).toBe('INCONSISTENT_GROUP_PROTOCOL');
    expect((await gc.handleJoinGroup(joinArgs('g5', { protocols: [{ name: 'roundrobin', metadata: enc('') }] }))).error).toBe(
      'INCONSISTENT_GROUP_PROTOCOL',
    );
    expect((await gc.handleJoinGroup(joinArgs(''))).error).toBe('INVALID_GROUP_ID');
    // A commit in CompletingRebalance waits for the assignment.
    const committed = await gc.handleCommitOffsets('g5', joined.memberId, 1, [
      { topic: 't', partition: 0, value: { offset: 1, leaderEpoch: null, metadata: '', commitTimestamp: 0, expireTimestamp: null } },
    ]);
    expect(committed.get(tpKey({ topic: 't', partition: 0 }))).toBe('REBALANCE_IN_PROGRESS');

    // Another broker is not the coordinator of g5.
    const other = h.cluster.broker((broker.id + 1) % 3).groupCoordinator!;
    expect(other.handleHeartbeat('g5', joined.memberId, 1)).toBe('NOT_COORDINATOR');
    expect(other.handleFetchOffsets('g5', null).error).toBe('NOT_COORDINATOR');
  });

  it('commits offsets as a member and as a "simple" consumer (generation −1), and fetches them', async () => {
    h = await harness({ seed: 56, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    const { gc } = await coordinatorOf(h, 'g6');
    const offset = (o: number, metadata = '') => ({
      offset: o,
      leaderEpoch: 3,
      metadata,
      commitTimestamp: h!.time.nowMs(),
      expireTimestamp: null,
    });
    const simple = await gc.handleCommitOffsets('g6', '', -1, [
      { topic: 't', partition: 0, value: offset(10, 'x') },
      { topic: 't', partition: 1, value: offset(20) },
    ]);
    expect([...simple.values()]).toEqual(['NONE', 'NONE']);
    expect(
      gc.handleFetchOffsets('g6', [
        { topic: 't', partition: 0 },
        { topic: 't', partition: 9 },
      ]),
    ).toEqual({
      error: 'NONE',
      partitions: [
        { topic: 't', partition: 0, offset: 10, leaderEpoch: 3, metadata: 'x', error: 'NONE' },
        { topic: 't', partition: 9, offset: -1, leaderEpoch: null, metadata: '', error: 'NONE' },
      ],
    });
    // Metadata over offset.metadata.max.bytes (4096) is refused alone.
    const tooLarge = await gc.handleCommitOffsets('g6', '', -1, [
      { topic: 't', partition: 0, value: offset(11, 'm'.repeat(4097)) },
      { topic: 't', partition: 2, value: offset(30) },
    ]);
    expect(Object.fromEntries(tooLarge)).toEqual({ 't-0': 'OFFSET_METADATA_TOO_LARGE', 't-2': 'NONE' });

    // The same group then managed by the coordinator: a member of generation 1 commits.
    const join = pendingJoin(gc, joinArgs('g6'));
    await h.advance(0);
    const joined = await join.promise;
    await gc.handleSyncGroup('g6', 1, joined.memberId, new Map());
    expect(
      Object.fromEntries(await gc.handleCommitOffsets('g6', joined.memberId, 1, [{ topic: 't', partition: 1, value: offset(21) }])),
    ).toEqual({ 't-1': 'NONE' });
    expect(Object.fromEntries(await gc.handleCommitOffsets('g6', '', -1, [{ topic: 't', partition: 1, value: offset(99) }]))).toEqual({
      't-1': 'UNKNOWN_MEMBER_ID',
    });
    expect(gc.handleFetchOffsets('g6', null).partitions.map((p) => [p.partition, p.offset])).toEqual([
      [0, 10],
      [1, 21],
      [2, 30],
    ]);
    expect(gc.handleListGroups()).toEqual({ error: 'NONE', groups: [{ groupId: 'g6', protocolType: 'consumer' }] });
  });
});
