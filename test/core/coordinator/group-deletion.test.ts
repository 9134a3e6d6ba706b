/**
 * DeleteGroups and OffsetDelete as Kafka 2.5.1's GroupCoordinator answers them, on a running
 * cluster with a manual clock: the errors (GROUP_ID_NOT_FOUND, NOT_COORDINATOR, NON_EMPTY_GROUP,
 * GROUP_SUBSCRIBED_TO_TOPIC, INVALID_GROUP_ID) and the tombstones written to `__consumer_offsets`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupCoordinator } from '../../../src-main/core/coordinator/group/group-coordinator';
import { groupMetadataKey, offsetCommitKey } from '../../../src-main/core/coordinator/group/group-records';
import { batchesIn } from '../../../src-main/core/record';
import type { ClusterHarness } from '../../support/cluster-harness';
import { subscription } from './consumer-subscription';
import { coordinatorOf, harness, joinArgs, pendingJoin } from './group-support';

const hex = (b: Uint8Array | null) => (b === null ? null : Buffer.from(b).toString('hex'));

function commit(topic: string, partition: number, offset: number) {
  return { topic, partition, value: { offset, leaderEpoch: null, metadata: '', commitTimestamp: 0, expireTimestamp: null } };
}

/** The records of the group's offsets partition on its coordinator, as [key hex, value hex | null]. */
function offsetsRecords(h: ClusterHarness, brokerId: number, gc: GroupCoordinator, groupId: string): Array<[string | null, string | null]> {
  const log = h.cluster.broker(brokerId).logManager!.getLog({ topic: '__consumer_offsets', partition: gc.partitionFor(groupId) })!;
  return [...batchesIn(log.read(0, 1 << 20, 'log-end', true).records)].flatMap((b) => b.records()).map((r) => [hex(r.key), hex(r.value)]);
}

/** A group id of a name's offsets partition, so the same coordinator holds it. */
function sameCoordinator(gc: GroupCoordinator, groupId: string, prefix: string): string {
  for (let i = 0; ; i++) if (gc.partitionFor(`${prefix}-${i}`) === gc.partitionFor(groupId)) return `${prefix}-${i}`;
}

/** A group id in a partition this coordinator does not lead. */
function otherCoordinator(gc: GroupCoordinator, groupId: string, prefix: string): string {
  for (let i = 0; ; i++) if (!gc.groupManager.isGroupLocal(`${prefix}-${i}`)) return `${prefix}-${i}`;
}

/** A one-member consumer group, Stable at generation 1, subscribed to `topics`. */
async function stableGroup(
  h: ClusterHarness,
  gc: GroupCoordinator,
  groupId: string,
  topics: string[],
  protocolType = 'consumer',
): Promise<string> {
  const join = pendingJoin(gc, joinArgs(groupId, { protocolType, protocols: [{ name: 'range', metadata: subscription(...topics) }] }));
  await h.advance(3000);
  const joined = await join.promise;
  expect(joined.error).toBe('NONE');
  expect((await gc.handleSyncGroup(groupId, 1, joined.memberId, new Map())).error).toBe('NONE');
  return joined.memberId;
}

describe('DeleteGroups', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('deletes an Empty group with its offsets (offset and group tombstones), refuses one with members, and names unknown groups', async () => {
    h = await harness({ seed: 141 });
    const { broker, gc } = await coordinatorOf(h, 'billing');
    const memberId = await stableGroup(h, gc, 'billing', ['orders']);
    expect(
      Object.fromEntries(await gc.handleCommitOffsets('billing', memberId, 1, [commit('orders', 0, 5), commit('orders', 1, 7)])),
    ).toEqual({ 'orders-0': 'NONE', 'orders-1': 'NONE' });

    expect(await gc.handleDeleteGroups(['billing'])).toEqual(new Map([['billing', 'NON_EMPTY_GROUP']]));
    expect(gc.handleLeaveGroup('billing', [{ memberId, groupInstanceId: null }]).members[0].error).toBe('NONE');
    await h.settle();
    expect(gc.groupManager.getGroup('billing')?.state).toBe('Empty');
    const before = offsetsRecords(h, broker.id, gc, 'billing').length;

    const nobody = sameCoordinator(gc, 'billing', 'nobody');
    const elsewhere = otherCoordinator(gc, 'billing', 'elsewhere');
    const deleted = await gc.handleDeleteGroups(['billing', 'billing', nobody, elsewhere]);
    // 2.5.1's order: the failed groups, then the deleted ones.
    expect([...deleted]).toEqual([
      [nobody, 'GROUP_ID_NOT_FOUND'],
      [elsewhere, 'NOT_COORDINATOR'],
      ['billing', 'NONE'],
    ]);
    expect(offsetsRecords(h, broker.id, gc, 'billing').slice(before)).toEqual([
      [hex(offsetCommitKey('billing', 'orders', 0)), null],
      [hex(offsetCommitKey('billing', 'orders', 1)), null],
      [hex(groupMetadataKey('billing')), null],
    ]);
    expect(gc.groupManager.getGroup('billing')).toBeUndefined();
    expect(gc.handleDescribeGroup('billing').summary.state).toBe('Dead');
    expect(gc.handleFetchOffsets('billing', null).partitions).toEqual([]);
    // Deleted once: now it does not exist.
    expect(await gc.handleDeleteGroups(['billing'])).toEqual(new Map([['billing', 'GROUP_ID_NOT_FOUND']]));
    // Read back from the log (leadership lost and regained), the tombstones keep it deleted.
    gc.onResignation(gc.partitionFor('billing'));
    gc.onElection(gc.partitionFor('billing'));
    await h.settle();
    expect(gc.groupManager.getGroup('billing')).toBeUndefined();
    expect(gc.handleFetchOffsets('billing', [{ topic: 'orders', partition: 0 }]).partitions[0].offset).toBe(-1);
    // The empty group id is allowed here (not INVALID_GROUP_ID), so an operator can clear it.
    const { gc: emptyIdGc } = await coordinatorOf(h, '');
    expect(await emptyIdGc.handleDeleteGroups([''])).toEqual(new Map([['', 'GROUP_ID_NOT_FOUND']]));
  });

  it('a group that only stored offsets (generation 0) loses them without a group tombstone; another broker answers NOT_COORDINATOR', async () => {
    h = await harness({ seed: 142 });
    const { broker, gc } = await coordinatorOf(h, 'simple');
    expect(Object.fromEntries(await gc.handleCommitOffsets('simple', '', -1, [commit('orders', 0, 3)]))).toEqual({ 'orders-0': 'NONE' });
    const other = h.cluster.runningBrokers().find((b) => b.id !== broker.id)!.groupCoordinator!;
    expect(await other.handleDeleteGroups(['simple'])).toEqual(new Map([['simple', 'NOT_COORDINATOR']]));
    const before = offsetsRecords(h, broker.id, gc, 'simple').length;
    expect(await gc.handleDeleteGroups(['simple'])).toEqual(new Map([['simple', 'NONE']]));
    expect(offsetsRecords(h, broker.id, gc, 'simple').slice(before)).toEqual([[hex(offsetCommitKey('simple', 'orders', 0)), null]]);
  });
});

describe('OffsetDelete', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('a consumer group with members keeps the offsets of topics it subscribes to (GROUP_SUBSCRIBED_TO_TOPIC) and loses the others', async () => {
    h = await harness({ seed: 143 });
    const { broker, gc } = await coordinatorOf(h, 'reports');
    const memberId = await stableGroup(h, gc, 'reports', ['orders']);
    await gc.handleCommitOffsets('reports', memberId, 1, [commit('orders', 0, 5), commit('audit', 0, 9)]);
    const before = offsetsRecords(h, broker.id, gc, 'reports').length;
    const result = await gc.handleDeleteOffsets('reports', [
      { topic: 'orders', partition: 0 },
      { topic: 'audit', partition: 0 },
    ]);
    expect(result).toEqual({
      error: 'NONE',
      partitions: new Map([
        ['orders-0', 'GROUP_SUBSCRIBED_TO_TOPIC'],
        ['audit-0', 'NONE'],
      ]),
    });
    expect(offsetsRecords(h, broker.id, gc, 'reports').slice(before)).toEqual([[hex(offsetCommitKey('reports', 'audit', 0)), null]]);
    expect(gc.handleFetchOffsets('reports', null).partitions.map((p) => `${p.topic}-${p.partition}:${p.offset}`)).toEqual(['orders-0:5']);
  });

  it('a non-consumer group with members is NON_EMPTY_GROUP; an Empty group loses its last offsets and is deleted with them', async () => {
    h = await harness({ seed: 144 });
    const { broker, gc } = await coordinatorOf(h, 'connect');
    const memberId = await stableGroup(h, gc, 'connect', ['orders'], 'connect');
    await gc.handleCommitOffsets('connect', memberId, 1, [commit('orders', 0, 5)]);
    expect(await gc.handleDeleteOffsets('connect', [{ topic: 'orders', partition: 0 }])).toEqual({
      error: 'NON_EMPTY_GROUP',
      partitions: new Map(),
    });

    gc.handleLeaveGroup('connect', [{ memberId, groupInstanceId: null }]);
    await h.settle();
    const before = offsetsRecords(h, broker.id, gc, 'connect').length;
    expect(
      await gc.handleDeleteOffsets('connect', [
        { topic: 'orders', partition: 0 },
        { topic: 'orders', partition: 1 },
      ]),
    ).toEqual({
      error: 'NONE',
      partitions: new Map([
        ['orders-0', 'NONE'],
        ['orders-1', 'NONE'],
      ]),
    });
    expect(offsetsRecords(h, broker.id, gc, 'connect').slice(before)).toEqual([
      [hex(offsetCommitKey('connect', 'orders', 0)), null],
      [hex(groupMetadataKey('connect')), null],
    ]);
    expect(gc.groupManager.getGroup('connect')).toBeUndefined();
    expect(await gc.handleDeleteOffsets('connect', [{ topic: 'orders', partition: 0 }])).toEqual({
      error: 'GROUP_ID_NOT_FOUND',
      partitions: new Map(),
    });
    expect((await gc.handleDeleteOffsets('', [])).error).toBe('INVALID_GROUP_ID');
  });
});
