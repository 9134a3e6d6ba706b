/**
 * The groups page's API (GroupService) over a cluster on the manual clock (seeded; the seed is
 * printed when a test fails): a group's lag as it consumes, sorted and filtered by lag;
 * `--reset-offsets` from the UI refused with Kafka's message while the group is active, then every
 * reset spec as a dry run (the GROUP/TOPIC/PARTITION/NEW-OFFSET table) and executed; DeleteGroups
 * and OffsetDelete with Kafka 2.5's errors in its words.
 */
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import type { ClusterHost } from '../../src-main/api/cluster-host';
import type { GroupResetSpecDto } from '../../src-main/api/groups/group-contract';
import { GroupServiceImpl } from '../../src-main/api/groups/group-service';
import type { GroupCoordinator } from '../../src-main/core/coordinator/group/group-coordinator';
import { InProcessCluster, type InProcessClusterParts } from '../../src-main/core/cluster/in-process-cluster';
import { assignment, subscription } from '../core/coordinator/consumer-subscription';
import { coordinatorOf, joinArgs, pendingJoin } from '../core/coordinator/group-support';
import { ClusterHarness } from '../support/cluster-harness';
import { adminOf, CREATE, drive, enc, topic } from '../support/scenario';

async function setup(seed: number): Promise<{ h: ClusterHarness; groups: GroupServiceImpl }> {
  onTestFailed(() => console.error(`seed ${seed}`));
  const h = await ClusterHarness.create({
    seed,
    brokerConfig: { 'offsets.topic.num.partitions': '5', 'offsets.commit.required.acks': '1', 'group.initial.rebalance.delay.ms': '0' },
  });
  await drive(h, adminOf(h).createTopics([topic('orders', { assignment: [[0], [1]] }), topic('audit', { assignment: [[2]] })], CREATE));
  // The facade reads only the cluster for groups; the service only asks the host for it.
  const facade = new InProcessCluster({ cluster: h.cluster } as InProcessClusterParts, { time: h.time });
  const host = { require: () => ({ cluster: facade }) } as unknown as ClusterHost;
  return { h, groups: new GroupServiceImpl(host) };
}

async function produce(h: ClusterHarness, t: string, partition: number, count: number): Promise<void> {
  const records = Array.from({ length: count }, (_, i) => ({ key: null, value: enc(`r${i}`) }));
  expect((await h.client.produce({ topic: t, partition, acks: 1, records })).error).toBe('NONE');
}

async function oneMember(h: ClusterHarness, gc: GroupCoordinator, groupId: string): Promise<string> {
  const join = pendingJoin(gc, joinArgs(groupId, { clientId: 'app', protocols: [{ name: 'range', metadata: subscription('orders') }] }));
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

const pad = (cols: Array<string | number>) =>
  `${String(cols[0]).padEnd(30)} ${String(cols[1]).padEnd(30)} ${String(cols[2]).padEnd(10)} ${String(cols[3]).padEnd(15)}`;
const table = (groupId: string, rows: Array<[string, number, number]>) => [
  '',
  pad(['GROUP', 'TOPIC', 'PARTITION', 'NEW-OFFSET']),
  ...rows.map(([t, p, o]) => pad([groupId, t, p, o])),
];

describe('GroupService (manual clock)', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it("a group's lag as it consumes; the list sorted and filtered by lag", async () => {
    const s = await setup(401);
    h = s.h;
    const { gc, broker } = await coordinatorOf(h, 'billing');
    const memberId = await oneMember(h, gc, 'billing');
    await produce(h, 'orders', 0, 5);
    await produce(h, 'orders', 1, 3);
    const lagOf = async () =>
      (await s.groups.detail('billing')).partitionList.map((p) => [p.partition, p.committedOffset, p.logEndOffset, p.lag]);
    expect(await lagOf()).toEqual([
      [0, null, 5, null],
      [1, null, 3, null],
    ]);
    await commit(h, gc, 'billing', memberId, 1, [
      ['orders', 0, 2],
      ['orders', 1, 3],
    ]);
    expect(await lagOf()).toEqual([
      [0, 2, 5, 3],
      [1, 3, 3, 0],
    ]);
    await produce(h, 'orders', 1, 4);
    const detail = await s.groups.detail('billing');
    expect(detail).toMatchObject({
      state: 'Stable',
      protocolType: 'consumer',
      protocol: 'range',
      coordinator: broker.id,
      totalLag: 7,
      maxLag: 4,
    });
    expect(detail.memberList.map((m) => [m.clientId, m.host, m.assignment.map((a) => a.partition)])).toEqual([
      ['app', '/127.0.0.1', [0, 1]],
    ]);
    // A second group with less lag: sorted by lag, largest first; filtered by a minimum.
    const audit = await coordinatorOf(h, 'audit-readers');
    await commit(h, audit.gc, 'audit-readers', '', -1, [['orders', 0, 4]]);
    const list = await s.groups.list({ sort: 'lag' });
    expect(list.groups.map((g) => [g.groupId, g.totalLag])).toEqual([
      ['billing', 7],
      ['audit-readers', 1],
    ]);
    expect((await s.groups.list({ sort: 'lag', ascending: true })).groups.map((g) => g.groupId)).toEqual(['audit-readers', 'billing']);
    expect((await s.groups.list({ minLag: 2 })).groups.map((g) => g.groupId)).toEqual(['billing']);
    await commit(h, gc, 'billing', memberId, 1, [
      ['orders', 0, 5],
      ['orders', 1, 7],
    ]);
    expect(await lagOf()).toEqual([
      [0, 5, 5, 0],
      [1, 7, 7, 0],
    ]);
  });

  it('reset offsets: refused while active; every spec as a dry run with the table, then executed', async () => {
    const s = await setup(402);
    h = s.h;
    const { gc } = await coordinatorOf(h, 'etl');
    const memberId = await oneMember(h, gc, 'etl');
    const t0 = h.time.nowMs();
    await produce(h, 'orders', 0, 4);
    await produce(h, 'orders', 1, 4);
    for (let i = 0; i < 6; i++) {
      await h.advance(10_000 - 1);
      expect(gc.handleHeartbeat('etl', memberId, 1)).toBe('NONE');
    }
    const t1 = h.time.nowMs();
    await produce(h, 'orders', 0, 6);
    await produce(h, 'orders', 1, 2);
    await commit(h, gc, 'etl', memberId, 1, [
      ['orders', 0, 5],
      ['orders', 1, 3],
    ]);
    const scope = { kind: 'topics', topics: ['orders'] } as const;
    await expect(s.groups.resetOffsets({ groupId: 'etl', spec: { kind: 'to-earliest' }, scope, execute: false })).rejects.toMatchObject({
      errorName: 'GROUP_NOT_INACTIVE',
      message: "Assignments can only be reset if the group 'etl' is inactive, but the current state is Stable.",
    });
    gc.handleLeaveGroup('etl', [{ memberId, groupInstanceId: null }]);
    await h.settle();

    const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '');
    const specs: Array<[GroupResetSpecDto, [number, number]]> = [
      [{ kind: 'to-earliest' }, [0, 0]],
      [{ kind: 'to-latest' }, [10, 6]],
      [{ kind: 'to-current' }, [5, 3]],
      [{ kind: 'to-offset', offset: 2 }, [2, 2]],
      [{ kind: 'shift-by', shift: -1 }, [4, 2]],
      [{ kind: 'to-datetime', datetime: iso(t0) }, [0, 0]],
      [{ kind: 'to-datetime', datetime: iso(t1) }, [4, 4]],
      [{ kind: 'by-duration', duration: 'PT30S' }, [4, 4]],
      [{ kind: 'by-duration', duration: 'PT2M' }, [0, 0]],
      [{ kind: 'from-file', csv: 'orders,0,1\norders,1,2\n' }, [1, 2]],
    ];
    for (const [spec, [p0, p1]] of specs) {
      const dry = await s.groups.resetOffsets({ groupId: 'etl', spec, scope, execute: false });
      expect(dry, spec.kind).toEqual({
        executed: false,
        rows: [
          { topic: 'orders', partition: 0, newOffset: p0 },
          { topic: 'orders', partition: 1, newOffset: p1 },
        ],
        table: table('etl', [
          ['orders', 0, p0],
          ['orders', 1, p1],
        ]),
        warnings: [],
      });
    }
    // A dry run changes nothing.
    expect(gc.handleFetchOffsets('etl', null).partitions.map((p) => p.offset)).toEqual([5, 3]);
    // Past the log end: clamped with Kafka's WARN.
    const high = await s.groups.resetOffsets({
      groupId: 'etl',
      spec: { kind: 'to-offset', offset: 99 },
      scope: { kind: 'topics', topics: ['orders:1'] },
      execute: false,
    });
    expect(high.warnings).toEqual(['New offset (99) is higher than latest offset for topic partition orders-1. Value will be set to 6']);
    // Executed, per partition.
    const executed = await s.groups.resetOffsets({
      groupId: 'etl',
      spec: { kind: 'shift-by', shift: -2 },
      scope: { kind: 'topics', topics: ['orders:1'] },
      execute: true,
    });
    expect(executed).toMatchObject({ executed: true, table: table('etl', [['orders', 1, 1]]) });
    expect(gc.handleFetchOffsets('etl', null).partitions.map((p) => [p.partition, p.offset])).toEqual([
      [0, 5],
      [1, 1],
    ]);
    await s.groups.resetOffsets({ groupId: 'etl', spec: { kind: 'to-latest' }, scope: { kind: 'all-topics' }, execute: true });
    expect((await s.groups.detail('etl')).partitionList.map((p) => [p.partition, p.committedOffset, p.lag])).toEqual([
      [0, 10, 0],
      [1, 6, 0],
    ]);
  });

  it('delete group / offsets: NON_EMPTY_GROUP, GROUP_SUBSCRIBED_TO_TOPIC while active; offsets and group deleted when Empty; then GROUP_ID_NOT_FOUND', async () => {
    const s = await setup(403);
    h = s.h;
    const { gc } = await coordinatorOf(h, 'ops');
    const memberId = await oneMember(h, gc, 'ops');
    await commit(h, gc, 'ops', memberId, 1, [
      ['orders', 0, 0],
      ['orders', 1, 0],
      ['audit', 0, 0],
    ]);
    await expect(s.groups.deleteGroup('ops')).rejects.toMatchObject({ errorName: 'NON_EMPTY_GROUP', message: 'The group is not empty.' });
    expect(await s.groups.deleteOffsets('ops', 'orders')).toEqual(
      [0, 1].map((partition) => ({
        topic: 'orders',
        partition,
        error: 'GROUP_SUBSCRIBED_TO_TOPIC',
        message: 'Deleting offsets of a topic is forbidden while the consumer group is actively subscribed to it.',
      })),
    );
    gc.handleLeaveGroup('ops', [{ memberId, groupInstanceId: null }]);
    await h.settle();
    // Empty: the offsets of a topic go; the group keeps the others.
    expect(await s.groups.deleteOffsets('ops', 'audit')).toEqual([{ topic: 'audit', partition: 0, error: 'NONE', message: null }]);
    expect((await s.groups.detail('ops')).partitionList.map((p) => p.topic)).toEqual(['orders', 'orders']);
    await s.groups.deleteGroup('ops');
    await expect(s.groups.detail('ops')).rejects.toMatchObject({ errorName: 'GROUP_ID_NOT_FOUND' });
    await expect(s.groups.deleteGroup('ops')).rejects.toMatchObject({
      errorName: 'GROUP_ID_NOT_FOUND',
      message: 'The group id does not exist.',
    });
    await expect(s.groups.deleteOffsets('ops', 'orders')).rejects.toMatchObject({ errorName: 'GROUP_ID_NOT_FOUND' });
  });
});
