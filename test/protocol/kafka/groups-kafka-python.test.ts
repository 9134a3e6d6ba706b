/**
 * Debian's kafka-python consumer groups through the wire protocol (FindCoordinator v0, JoinGroup v2,
 * SyncGroup v1, Heartbeat v1, LeaveGroup v1, OffsetCommit v2, OffsetFetch v1; the admin's
 * ListGroups v2, DescribeGroups v3, OffsetFetch v3): `__consumer_offsets` is created on first use,
 * a group consumes and commits, a second member makes it rebalance, a new consumer resumes from
 * the committed offsets.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { kafkaPythonUnavailable } from '../../support/kafka-python';
import { kafkaPython, wireCluster, type WireCluster } from '../../support/kafka-wire';
import { adminOf, topic } from '../../support/scenario';

const unavailable = kafkaPythonUnavailable();
// Outside CI without kafka-python: skip, saying why. In CI (which installs it) this fails instead.
const skip = unavailable !== null && !process.env.CI;
if (skip) console.warn(`kafka-python protocol tests skipped: ${unavailable}`);

type Produced = Array<[number, number]>;
interface GroupConsumed {
  assignment: number[];
  records: Array<[number, number, string]>;
  committed: Record<string, number>;
}

const THREE_PARTITIONS = [
  [0, 1, 2],
  [1, 2, 0],
  [2, 0, 1],
];

describe.skipIf(skip)('kafka-python consumer groups through the wire protocol', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  it('a group consumes and commits; a new consumer of the group resumes from the committed offsets', async () => {
    wire = await wireCluster({ seed: 31 });
    const { h, bootstrap } = wire;
    await adminOf(h).createTopics([topic('orders', { assignment: THREE_PARTITIONS })], { timeoutMs: 5000, validateOnly: false });
    await h.settle();
    const first = await kafkaPython<Produced>('produce', bootstrap, 'orders', 30, 'all');

    const consumed = await kafkaPython<GroupConsumed>('group-consume', bootstrap, 'orders', 'billing', 30);
    expect(consumed.assignment).toEqual([0, 1, 2]);
    expect(consumed.records.map(([p, o]) => [p, o]).sort()).toEqual([...first].sort());
    const counts = [0, 1, 2].map((p) => first.filter(([q]) => q === p).length);
    expect(consumed.committed).toEqual({ 0: counts[0], 1: counts[1], 2: counts[2] });

    // __consumer_offsets exists with Kafka's defaults.
    const offsetsTopic = h.cluster.broker(0).metadataCache.partitionsOf('__consumer_offsets');
    expect(offsetsTopic).toHaveLength(50);
    expect(offsetsTopic.every((p) => p.replicas.length === 3)).toBe(true);

    const second = await kafkaPython<Produced>('produce', bootstrap, 'orders', 12, 'all');
    const resumed = await kafkaPython<GroupConsumed>('group-consume', bootstrap, 'orders', 'billing', 12);
    // Exactly the records produced after the commit: none of the first 30 again.
    expect(resumed.records.map(([p, o]) => [p, o]).sort()).toEqual([...second].sort());
  });

  it('a second consumer joins: the group rebalances and the partitions are split between the two', async () => {
    wire = await wireCluster({ seed: 32, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    const { h, bootstrap } = wire;
    await adminOf(h).createTopics([topic('clicks', { assignment: [...THREE_PARTITIONS, [0, 2, 1]] })], {
      timeoutMs: 5000,
      validateOnly: false,
    });
    await h.settle();
    const r = await kafkaPython<{ alone: number[]; first: number[]; second: number[] }>(
      'group-rebalance',
      bootstrap,
      'clicks',
      'dashboards',
    );
    expect(r.alone).toEqual([0, 1, 2, 3]);
    // The range assignor: two partitions each, together all four, none twice.
    expect(r.first).toHaveLength(2);
    expect(r.second).toHaveLength(2);
    expect([...r.first, ...r.second].sort()).toEqual([0, 1, 2, 3]);
    const coordinator = [0, 1, 2].map((id) => h.cluster.broker(id).groupCoordinator).find((c) => c?.groupManager.getGroup('dashboards'));
    expect(coordinator?.groupManager.getGroup('dashboards')?.generationId).toBeGreaterThanOrEqual(2);
  });

  it('KafkaAdminClient lists and describes the group and its committed offsets', async () => {
    wire = await wireCluster({ seed: 33, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    const { h, bootstrap } = wire;
    await adminOf(h).createTopics(
      [
        topic('audit', {
          assignment: [
            [0, 1, 2],
            [1, 2, 0],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await h.settle();
    const r = await kafkaPython<{
      listed: Array<[string, string]>;
      described: Array<{
        group: string;
        state: string;
        protocol_type: string;
        protocol: string;
        members: Array<{ client_id: string; client_host: string; topics: string[]; assignment: Array<[string, number[]]> }>;
      }>;
      offsets: Record<string, [number, string]>;
    }>('group-admin', bootstrap, 'audit', 'auditors');
    expect(r.listed).toEqual([['auditors', 'consumer']]);
    expect(r.described).toEqual([
      {
        group: 'auditors',
        state: 'Stable',
        protocol_type: 'consumer',
        protocol: 'range',
        members: [{ client_id: 'dojo-member', client_host: '/127.0.0.1', topics: ['audit'], assignment: [['audit', [0, 1]]] }],
      },
    ]);
    expect(r.offsets).toEqual({ 'audit-0': [7, 'note-0'], 'audit-1': [8, 'note-1'] });
  });

  it('the coordinator’s broker dies: the new leader of the group’s offsets partition serves the committed offsets', async () => {
    wire = await wireCluster({ seed: 34, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    const { h } = wire;
    // Every broker as a bootstrap server: any of them may be the one that dies.
    const bootstrap = [...wire.ports.values()].map((port) => `127.0.0.1:${port}`).join(',');
    await adminOf(h).createTopics([topic('payments', { assignment: THREE_PARTITIONS })], { timeoutMs: 5000, validateOnly: false });
    await h.settle();
    const first = await kafkaPython<Produced>('produce', bootstrap, 'payments', 24, 'all');
    const consumed = await kafkaPython<GroupConsumed>('group-consume', bootstrap, 'payments', 'ledger', 24);
    expect(consumed.records).toHaveLength(24);

    const coordinator = h.cluster.runningBrokers().find((b) => b.groupCoordinator?.groupManager.getGroup('ledger'));
    expect(coordinator).toBeDefined();
    h.cluster.killBroker(coordinator!.id);
    // Its ZooKeeper session expires; the controller moves its leaderships, the offsets partition's among them.
    await wire.advance(30_000);
    const successor = h.cluster.runningBrokers().find((b) => b.groupCoordinator?.groupManager.getGroup('ledger'));
    expect(successor).toBeDefined();
    expect(successor!.id).not.toBe(coordinator!.id);

    const second = await kafkaPython<Produced>('produce', bootstrap, 'payments', 9, 'all');
    const resumed = await kafkaPython<GroupConsumed>('group-consume', bootstrap, 'payments', 'ledger', 9);
    expect(resumed.records.map(([p, o]) => [p, o]).sort()).toEqual([...second].sort());
    expect(first.length + second.length).toBe(33);
  });
});
