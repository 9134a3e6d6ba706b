/**
 * The facade's consumer group snapshots on the manual clock: a group's lag as it consumes (the
 * coordinator's committed offsets beside the partition leader's high watermark), the consumer
 * protocol's assignment decoded once the group is Stable, committed partitions no member holds,
 * and the group shown once (by its coordinator) although every broker runs a coordinator.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { consumerAssignmentPartitions } from '../../../src-main/core/coordinator/group/consumer-protocol';
import { groupSnapshot, groupSnapshots } from '../../../src-main/core/cluster/group-snapshots';
import type { ClusterHarness } from '../../support/cluster-harness';
import { adminOf, topic } from '../../support/scenario';
import { coordinatorOf, harness, joinArgs, pendingJoin, whileClockRuns } from '../coordinator/group-support';

const SEED = 97;

/** `ConsumerProtocol.serializeAssignment` v0: version, [topic, [partition]], user data (empty). */
function assignmentBytes(topics: Record<string, number[]>): Uint8Array {
  const parts: number[] = [0, 0];
  const int32 = (v: number) => parts.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
  int32(Object.keys(topics).length);
  for (const [name, partitions] of Object.entries(topics)) {
    const bytes = new TextEncoder().encode(name);
    parts.push(bytes.length >> 8, bytes.length & 0xff, ...bytes);
    int32(partitions.length);
    for (const p of partitions) int32(p);
  }
  int32(0);
  return new Uint8Array(parts);
}

describe(`consumer group snapshots (seed ${SEED})`, () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('decodes a consumer assignment, and says null for bytes that are not one', () => {
    expect(consumerAssignmentPartitions(assignmentBytes({ ledger: [1, 0], audit: [2] }))).toEqual([
      { topic: 'ledger', partition: 1 },
      { topic: 'ledger', partition: 0 },
      { topic: 'audit', partition: 2 },
    ]);
    expect(consumerAssignmentPartitions(new Uint8Array(0))).toEqual([]);
    expect(consumerAssignmentPartitions(assignmentBytes({ ledger: [0] }).subarray(0, 9))).toBeNull();
  });

  it('follows a group’s lag as it consumes and commits, then its offsets once its member left', async () => {
    const cluster = await harness({ seed: SEED, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    h = cluster;
    await adminOf(cluster).createTopics(
      [
        topic('ledger', {
          assignment: [
            [0, 1],
            [1, 2],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await cluster.settle();
    const produce = (partition: number, n: number) =>
      whileClockRuns(
        cluster,
        cluster.client.produce({
          topic: 'ledger',
          partition,
          acks: -1,
          records: Array.from({ length: n }, (_, i) => ({ key: null, value: new TextEncoder().encode(`v${i}`) })),
        }),
      );
    await produce(0, 10);
    await produce(1, 4);

    const { broker, gc } = await coordinatorOf(cluster, 'payments');
    const join = pendingJoin(gc, joinArgs('payments', { clientId: 'payer' }));
    await cluster.advance(0);
    const joined = await join.promise;
    expect(joined.error).toBe('NONE');
    // Before SyncGroup the group is CompletingRebalance: no protocol shown, no assignment.
    const completing = groupSnapshots(cluster.cluster);
    expect(completing.map((g) => [g.groupId, g.state, g.protocol, g.members[0]?.assignment])).toEqual([
      ['payments', 'CompletingRebalance', '', []],
    ]);

    const synced = await whileClockRuns(
      cluster,
      gc.handleSyncGroup('payments', 1, joined.memberId, new Map([[joined.memberId, assignmentBytes({ ledger: [0, 1] })]])),
    );
    expect(synced.error).toBe('NONE');
    const commit = async (offsets: Record<number, number>) => {
      const value = (o: number) => ({
        offset: o,
        leaderEpoch: 0,
        metadata: '',
        commitTimestamp: cluster.time.nowMs(),
        expireTimestamp: null,
      });
      const result = await whileClockRuns(
        cluster,
        gc.handleCommitOffsets(
          'payments',
          joined.memberId,
          1,
          Object.entries(offsets).map(([p, o]) => ({ topic: 'ledger', partition: Number(p), value: value(o) })),
        ),
      );
      expect([...result.values()].every((e) => e === 'NONE')).toBe(true);
    };
    const rows = () => {
      const [all] = groupSnapshots(cluster.cluster);
      // The group alone (what the detail asks for) is the same snapshot.
      expect(groupSnapshot(cluster.cluster, 'payments')).toEqual(all);
      return all.partitions.map((p) => [p.topicPartition.partition, p.committedOffset, p.logEndOffset, p.lag, p.memberId]);
    };

    // Stable with its assignment, nothing committed yet: the lag is unknown.
    const stable = groupSnapshots(cluster.cluster);
    expect(stable).toHaveLength(1);
    expect(stable[0]).toMatchObject({
      groupId: 'payments',
      state: 'Stable',
      protocolType: 'consumer',
      protocol: 'range',
      generationId: 1,
      leaderId: joined.memberId,
      coordinator: broker.id,
    });
    expect(stable[0].offsetsPartition).toBe(gc.partitionFor('payments'));
    expect(groupSnapshot(cluster.cluster, 'payments')).toEqual(stable[0]);
    expect(groupSnapshot(cluster.cluster, 'nobody')).toBeNull();
    expect(stable[0].members).toEqual([
      {
        memberId: joined.memberId,
        groupInstanceId: null,
        clientId: 'payer',
        host: '/127.0.0.1',
        assignment: [
          { topic: 'ledger', partition: 0 },
          { topic: 'ledger', partition: 1 },
        ],
      },
    ]);
    expect(rows()).toEqual([
      [0, null, 10, null, joined.memberId],
      [1, null, 4, null, joined.memberId],
    ]);

    await commit({ 0: 6, 1: 4 });
    expect(rows()).toEqual([
      [0, 6, 10, 4, joined.memberId],
      [1, 4, 4, 0, joined.memberId],
    ]);
    await produce(1, 3);
    expect(rows()).toEqual([
      [0, 6, 10, 4, joined.memberId],
      [1, 4, 7, 3, joined.memberId],
    ]);
    await commit({ 0: 10, 1: 7 });
    expect(rows()).toEqual([
      [0, 10, 10, 0, joined.memberId],
      [1, 7, 7, 0, joined.memberId],
    ]);

    // The member leaves: Empty, no members, the committed partitions stay with no consumer.
    await whileClockRuns(cluster, Promise.resolve(gc.handleLeaveGroup('payments', [{ memberId: joined.memberId, groupInstanceId: null }])));
    await cluster.advance(10);
    const empty = groupSnapshots(cluster.cluster)[0];
    expect([empty.state, empty.protocol, empty.members]).toEqual(['Empty', '', []]);
    await produce(0, 2);
    expect(rows()).toEqual([
      [0, 10, 12, 2, null],
      [1, 7, 7, 0, null],
    ]);
  });
});
