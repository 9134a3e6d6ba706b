/**
 * Partition reassignments from the UI over the real backend, as kafka-reassign-partitions does
 * them: a rack-aware --generate onto other brokers, a preview of the bytes each destination
 * fetches (and warnings for a hand-made plan that stacks a rack), --execute with a throttle (the
 * rates on the brokers, the replica lists on the topic, in their config znodes), progress to
 * completion, --verify clearing the throttles, --cancel (KIP-455) leaving the original replicas,
 * and the tool's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DojoBackend } from '../../src-main/api/backend';
import { createBackend } from '../../src-main/app/create-backend';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

describe('ReassignmentService over the backend', () => {
  const tmp = makeTempDir('kafka-dojo-reassignments-');
  let backend: DojoBackend;

  const configOf = async (path: string): Promise<Record<string, string>> => {
    const text = (await backend.api.zookeeper.get(path))?.data?.text;
    return text ? (JSON.parse(text) as { config: Record<string, string> }).config : {};
  };
  const replicasOf = async (topic: string) => (await backend.api.topics.detail(topic)).partitions.map((p) => p.replicas);

  beforeAll(async () => {
    backend = await createBackend({ dataDir: tmp.dir, kafkaListeners: false });
    await backend.api.workspaces.create({ name: 'moves', brokers: 4, racks: ['a', 'a', 'b', 'b'], logDirsPerBroker: 1, brokerConfig: {} });
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0);
    for (const [name, assignment] of [
      [
        'orders',
        [
          [0, 2],
          [2, 0],
        ],
      ],
      ['audit', [[2]]],
    ] as const) {
      await backend.api.topics.create(
        {
          name,
          partitions: null,
          replicationFactor: null,
          assignment: { kind: 'manual', assignment: assignment.map((r) => [...r]) },
          configs: { 'retention.ms': '86400000' },
        },
        { validateOnly: false },
      );
    }
    await waitFor('leaders', async () => (await backend.api.topics.detail('orders')).partitions.every((p) => p.leader >= 0));
    for (let i = 0; i < 20; i++) {
      await backend.api.messages.produce({ topic: 'orders', partition: i % 2, key: null, value: `order ${i} `.repeat(20), acks: -1 });
    }
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    tmp.cleanup();
  });

  it('generates a rack-aware plan onto brokers 1 and 3: one replica per rack, the current assignment beside it', async () => {
    const { current, proposed } = await backend.api.reassignments.generate({ topics: ['orders'], brokerIds: [1, 3], rackAware: true });
    expect(current.partitions).toEqual([
      { topic: 'orders', partition: 0, replicas: [0, 2] },
      { topic: 'orders', partition: 1, replicas: [2, 0] },
    ]);
    expect(proposed.partitions.map((p) => [p.partition, [...p.replicas].sort()])).toEqual([
      [0, [1, 3]],
      [1, [1, 3]],
    ]);
    await expect(backend.api.reassignments.generate({ topics: ['orders'], brokerIds: [1, 1], rackAware: true })).rejects.toThrow(
      'Broker list contains duplicate entries: 1',
    );
  });

  it('previews the bytes each destination fetches and the throttles, and warns when a plan stacks one rack', async () => {
    const plan = {
      partitions: [
        { topic: 'orders', partition: 0, replicas: [1, 3] },
        { topic: 'orders', partition: 1, replicas: [3, 1] },
      ],
    };
    const preview = await backend.api.reassignments.preview(plan);
    const sizes = preview.partitions.map((p) => p.sizeBytes);
    expect(sizes.every((s) => s > 0)).toBe(true);
    expect(preview.movingPartitions).toBe(2);
    expect(preview.bytesPerBroker).toEqual([
      { brokerId: 1, bytes: sizes[0] + sizes[1] },
      { brokerId: 3, bytes: sizes[0] + sizes[1] },
    ]);
    expect(preview.totalBytes).toBe(2 * (sizes[0] + sizes[1]));
    expect(preview.throttles).toEqual({
      brokers: [0, 1, 2, 3],
      topics: [{ topic: 'orders', leader: '0:0,0:2,1:0,1:2', follower: '0:1,0:3,1:1,1:3' }],
    });
    expect(preview.rackWarnings).toEqual([]);
    expect(preview.errors).toEqual([]);

    const stacked = await backend.api.reassignments.preview({ partitions: [{ topic: 'orders', partition: 0, replicas: [0, 1] }] });
    expect(stacked.rackWarnings).toEqual(['orders-0: replicas 0,1 span 1 rack (a) where 2 are possible.']);
  });

  it('refuses a plan in the tool’s words', async () => {
    const errorsOf = async (partitions: Array<{ topic: string; partition: number; replicas: number[] }>) =>
      (await backend.api.reassignments.preview({ partitions })).errors;
    expect(await errorsOf([])).toEqual(['Partition reassignment list cannot be empty']);
    expect(await errorsOf([{ topic: 'orders', partition: 0, replicas: [] }])).toEqual(['Partition replica list cannot be empty']);
    expect(await errorsOf([{ topic: 'orders', partition: 0, replicas: [1, 1] }])).toEqual([
      'Partition replica lists may not contain duplicate entries: orders-0 contains multiple entries for 1',
    ]);
    expect(
      await errorsOf([
        { topic: 'orders', partition: 0, replicas: [1] },
        { topic: 'orders', partition: 0, replicas: [2] },
      ]),
    ).toEqual(['Partition reassignment contains duplicate topic partitions: orders-0']);
    expect(await errorsOf([{ topic: 'orders', partition: 7, replicas: [9] }])).toEqual([
      'Unknown broker id 9',
      'orders-7: This server does not host this topic-partition.',
    ]);
    await expect(
      backend.api.reassignments.execute({ partitions: [{ topic: 'orders', partition: 0, replicas: [9] }] }, { throttleBytesPerSec: null }),
    ).rejects.toThrow('Unknown broker id 9');
  });

  it('executes with a throttle, follows progress to completion, and verify clears the throttles from the config znodes', async () => {
    const plan = {
      partitions: [
        { topic: 'orders', partition: 0, replicas: [1, 3] },
        { topic: 'orders', partition: 1, replicas: [3, 1] },
      ],
    };
    const result = await backend.api.reassignments.execute(plan, { throttleBytesPerSec: 10_000_000 });
    expect(result.outcomes.map((o) => o.error)).toEqual(['NONE', 'NONE']);
    expect(result.messages).toEqual([
      'Warning: You must run --verify periodically, until the reassignment completes, to ensure the throttle is removed.',
      'The inter-broker throttle limit was set to 10000000 B/s',
      'Successfully started partition reassignments for orders-0,orders-1',
    ]);
    for (const id of [0, 1, 2, 3])
      expect(await configOf(`/config/brokers/${id}`)).toMatchObject({
        'leader.replication.throttled.rate': '10000000',
        'follower.replication.throttled.rate': '10000000',
      });
    // The topic's own overrides stay beside the throttled replica lists.
    expect(await configOf('/config/topics/orders')).toEqual({
      'retention.ms': '86400000',
      'leader.replication.throttled.replicas': '0:0,0:2,1:0,1:2',
      'follower.replication.throttled.replicas': '0:1,0:3,1:1,1:3',
    });

    const done = await waitFor('the reassignment to complete', async () => {
      const progress = await backend.api.reassignments.progress();
      // The ISR (the leader's) catches up with the assignment (the controller's) a moment later.
      const settled = (p: (typeof progress.partitions)[number]) => p.done && [...p.isr].sort().join() === [...p.replicas].sort().join();
      return progress.partitions.length === 2 && progress.partitions.every(settled) ? progress : null;
    });
    expect(done.executedPlan).toEqual(plan);
    for (const p of done.partitions) {
      expect([...p.replicas].sort()).toEqual([1, 3]);
      expect([...p.isr].sort()).toEqual([1, 3]);
      // Each new replica holds the leader's whole log.
      for (const r of p.replicaLogs) expect([r.logEndOffset, r.sizeBytes]).toEqual([p.leaderLogEndOffset, p.leaderSizeBytes]);
    }
    expect(done.brokerThrottles.map((b) => b.brokerId)).toEqual([0, 1, 2, 3]);
    expect(done.topicThrottles.map((t) => t.topic)).toEqual(['orders']);
    expect(await replicasOf('orders')).toEqual([
      [1, 3],
      [3, 1],
    ]);

    const verified = await backend.api.reassignments.verify();
    expect(verified.throttlesRemoved).toBe(true);
    expect(verified.messages).toEqual([
      'Status of partition reassignment:',
      'Reassignment of partition orders-0 is complete.',
      'Reassignment of partition orders-1 is complete.',
      'Clearing broker-level throttles on brokers 0,1,2,3',
      'Clearing topic-level throttles on topic orders',
    ]);
    for (const id of [0, 1, 2, 3]) expect(await configOf(`/config/brokers/${id}`)).toEqual({});
    expect(await configOf('/config/topics/orders')).toEqual({ 'retention.ms': '86400000' });
    // Each broker drops its rates once it reads the config change notification.
    const after = await waitFor('the brokers to drop the rates', async () => {
      const progress = await backend.api.reassignments.progress();
      return progress.brokerThrottles.length === 0 ? progress : null;
    });
    expect([after.executedPlan, after.topicThrottles]).toEqual([null, []]);
  }, 60_000);

  it('cancels a reassignment stuck behind an offline leader: the original replicas stay', async () => {
    // audit-0 lives on broker 2 alone: with broker 2 stopped, the new replica has no leader to fetch from.
    expect((await backend.api.cluster.overview()).controllerId).not.toBe(2);
    await backend.api.brokers.shutdown(2);
    const result = await backend.api.reassignments.execute(
      { partitions: [{ topic: 'audit', partition: 0, replicas: [3] }] },
      { throttleBytesPerSec: null },
    );
    expect(result.outcomes).toEqual([{ topic: 'audit', partition: 0, error: 'NONE', message: null }]);
    const stuck = await waitFor('the move under way', async () => {
      const p = (await backend.api.reassignments.progress()).partitions.find((x) => x.topic === 'audit');
      return p && !p.done ? p : null;
    });
    expect([stuck.adding, stuck.removing, [...stuck.replicas].sort()]).toEqual([[3], [2], [2, 3]]);
    // As 2.6.0's tool: a new plan is refused while one is under way, before its broker ids are checked,
    // unless it is --additional.
    const another = { partitions: [{ topic: 'orders', partition: 0, replicas: [9] }] };
    await expect(backend.api.reassignments.execute(another, { throttleBytesPerSec: null })).rejects.toThrow(
      'Cannot execute because there is an existing partition assignment.  Use --additional to override this and create a new partition assignment in addition to the existing one.',
    );
    await expect(backend.api.reassignments.execute(another, { throttleBytesPerSec: null, additional: true })).rejects.toThrow(
      'Unknown broker id 9',
    );
    const verify = await backend.api.reassignments.verify();
    expect(verify.throttlesRemoved).toBe(false);
    expect(verify.messages).toEqual(['Status of partition reassignment:', 'Reassignment of partition audit-0 is still in progress.']);

    const cancelled = await backend.api.reassignments.cancel([{ topic: 'audit', partition: 0 }]);
    expect(cancelled.outcomes).toEqual([{ topic: 'audit', partition: 0, error: 'NONE', message: null }]);
    expect(cancelled.messages[0]).toBe('Successfully cancelled partition reassignment for: audit-0');
    await waitFor('the original replicas', async () => JSON.stringify(await replicasOf('audit')) === '[[2]]');
    expect((await backend.api.reassignments.cancel([{ topic: 'audit', partition: 0 }])).messages[0]).toBe(
      'None of the specified partition reassignments are active.',
    );
  }, 60_000);
});
