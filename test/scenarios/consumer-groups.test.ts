/**
 * Consumer groups on the manual clock (seeded, deterministic): members driven through the group
 * coordinator, records produced with the cluster's clock as their timestamps, and
 * `kafka-dojo kafka-consumer-groups` asking the brokers over their wire listeners — its output
 * compared line by line with lines from Kafka 2.5.1's format strings. Scenarios: a group's lag as
 * it consumes; reset offsets refused while active and applied when empty (every reset spec, dry
 * run output); delete group / offsets errors; a static member's restart without a rebalance.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupCoordinator } from '../../src-main/core/coordinator/group/group-coordinator';
import { columns, consumerGroups as runTool } from '../cli/kafka-consumer-groups-support';
import { assignment, subscription } from '../core/coordinator/consumer-subscription';
import { coordinatorOf, joinArgs, pendingJoin } from '../core/coordinator/group-support';
import { ClusterHarness } from '../support/cluster-harness';
import { adminOf, CREATE, drive, enc, topic } from '../support/scenario';

const OFFSETS_HEADER = ['GROUP', 'TOPIC', 'PARTITION', 'CURRENT-OFFSET', 'LOG-END-OFFSET', 'LAG', 'CONSUMER-ID', 'HOST', 'CLIENT-ID'];
const RESET = [30, 30, 10, 15];

/** Three brokers listening on 127.0.0.1; commits acknowledged by the leader, so nothing waits on the clock. */
async function groupsCluster(seed: number): Promise<{ h: ClusterHarness; bootstrap: string }> {
  const h = await ClusterHarness.create({
    seed,
    kafkaListeners: true,
    brokerConfig: { 'offsets.topic.num.partitions': '5', 'offsets.commit.required.acks': '1', 'group.initial.rebalance.delay.ms': '0' },
  });
  await drive(h, adminOf(h).createTopics([topic('orders', { assignment: [[0], [1]] })], CREATE));
  return { h, bootstrap: `127.0.0.1:${h.listeners.get(0)?.boundPort}` };
}

async function produce(h: ClusterHarness, partition: number, count: number): Promise<void> {
  const records = Array.from({ length: count }, (_, i) => ({ key: null, value: enc(`r${i}`) }));
  const outcome = await h.client.produce({ topic: 'orders', partition, acks: 1, records });
  expect(outcome.error).toBe('NONE');
}

/** One consumer member owning both partitions, Stable at generation 1. */
async function oneMember(h: ClusterHarness, gc: GroupCoordinator, groupId: string, groupInstanceId: string | null = null): Promise<string> {
  const join = pendingJoin(
    gc,
    joinArgs(groupId, { clientId: 'app', groupInstanceId, protocols: [{ name: 'range', metadata: subscription('orders') }] }),
  );
  await h.advance(0);
  const joined = await join.promise;
  expect(joined.error).toBe('NONE');
  const synced = await gc.handleSyncGroup(
    groupId,
    joined.generationId,
    joined.memberId,
    new Map([[joined.memberId, assignment({ orders: [0, 1] })]]),
    undefined,
    groupInstanceId,
  );
  expect(synced.error).toBe('NONE');
  return joined.memberId;
}

function commit(gc: GroupCoordinator, groupId: string, memberId: string, generation: number, offsets: Record<number, number>) {
  return gc.handleCommitOffsets(
    groupId,
    memberId,
    generation,
    Object.entries(offsets).map(([p, offset]) => ({
      topic: 'orders',
      partition: Number(p),
      value: { offset, leaderEpoch: null, metadata: '', commitTimestamp: 0, expireTimestamp: null },
    })),
  );
}

describe('consumer groups with kafka-consumer-groups (manual clock)', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it("a group's lag as it consumes", async () => {
    const c = await groupsCluster(181);
    h = c.h;
    const { gc } = await coordinatorOf(h, 'billing');
    const memberId = await oneMember(h, gc, 'billing');
    await produce(h, 0, 5);
    await produce(h, 1, 3);
    const w = [15, 15, 10, 15, 15, 15, memberId.length, 15, 0];
    const lag = async (rows: Array<[number, number, number]>) =>
      expect(await runTool('--bootstrap-server', c.bootstrap, '--describe', '--group', 'billing')).toEqual({
        code: 0,
        stderr: '',
        stdout: [
          '',
          columns(w, OFFSETS_HEADER),
          ...rows.map(([p, cur, end]) => columns(w, ['billing', 'orders', p, cur, end, end - cur, memberId, '/127.0.0.1', 'app'])),
          '',
        ].join('\n'),
      });
    // Nothing committed yet: no offset, no lag.
    expect((await runTool('--bootstrap-server', c.bootstrap, '--describe', '--group', 'billing')).stdout.split('\n')[2]).toBe(
      columns(w, ['billing', 'orders', 0, '-', 5, '-', memberId, '/127.0.0.1', 'app']),
    );
    await commit(gc, 'billing', memberId, 1, { 0: 0, 1: 0 });
    await lag([
      [0, 0, 5],
      [1, 0, 3],
    ]);
    await commit(gc, 'billing', memberId, 1, { 0: 2, 1: 3 });
    await lag([
      [0, 2, 5],
      [1, 3, 3],
    ]);
    await produce(h, 1, 4);
    await lag([
      [0, 2, 5],
      [1, 3, 7],
    ]);
    await commit(gc, 'billing', memberId, 1, { 0: 5, 1: 7 });
    await lag([
      [0, 5, 5],
      [1, 7, 7],
    ]);

    // A second group that only commits (generation −1): --all-groups describes both, sorted by id.
    const audit = await coordinatorOf(h, 'audit');
    await commit(audit.gc, 'audit', '', -1, { 0: 1 });
    expect((await runTool('--bootstrap-server', c.bootstrap, '--list')).stdout.split('\n').sort()).toEqual(['', 'audit', 'billing']);
    const states = await runTool('--bootstrap-server', c.bootstrap, '--describe', '--all-groups', '--state');
    const port = (id: number) => h!.listeners.get(id)?.boundPort;
    const st = (cols: Array<string | number>) => columns([25, 25, 20, 15, 0], cols);
    const billingBroker = (await coordinatorOf(h, 'billing')).broker.id;
    expect(states).toEqual({
      code: 0,
      stderr: "\nConsumer group 'audit' has no active members.\n",
      stdout: [
        '',
        st(['GROUP', 'COORDINATOR (ID)', 'ASSIGNMENT-STRATEGY', 'STATE', '#MEMBERS']),
        st(['audit', `127.0.0.1:${port(audit.broker.id)} (${audit.broker.id})`, '', 'Empty', 0]),
        '',
        st(['GROUP', 'COORDINATOR (ID)', 'ASSIGNMENT-STRATEGY', 'STATE', '#MEMBERS']),
        st(['billing', `127.0.0.1:${port(billingBroker)} (${billingBroker})`, 'range', 'Stable', 1]),
        '',
      ].join('\n'),
    });
  });

  it('reset offsets: refused while active; applied when Empty with every reset spec, the dry run first', async () => {
    const c = await groupsCluster(182);
    h = c.h;
    const { gc } = await coordinatorOf(h, 'etl');
    const memberId = await oneMember(h, gc, 'etl');
    const t0 = h.time.nowMs();
    await produce(h, 0, 4);
    await produce(h, 1, 4);
    // A minute passes; the member keeps its session with heartbeats.
    for (let i = 0; i < 6; i++) {
      await h.advance(10_000 - 1);
      expect(gc.handleHeartbeat('etl', memberId, 1)).toBe('NONE');
    }
    const t1 = h.time.nowMs();
    expect(t1 - t0).toBe(59_994);
    await produce(h, 0, 6);
    await produce(h, 1, 2);
    await commit(gc, 'etl', memberId, 1, { 0: 5, 1: 3 });
    // The tool's clock is the cluster's: --by-duration counts back from it.
    const run = (...args: string[]) => runToolAt(h!, '--bootstrap-server', c.bootstrap, '--reset-offsets', '--group', 'etl', ...args);
    const plan = (rows: Array<[number, number]>) =>
      [
        '',
        columns(RESET, ['GROUP', 'TOPIC', 'PARTITION', 'NEW-OFFSET']),
        ...rows.map(([p, o]) => columns(RESET, ['etl', 'orders', p, o])),
        '',
      ].join('\n');

    expect(await run('--topic', 'orders', '--to-earliest', '--dry-run')).toEqual({
      code: 0,
      stderr: '',
      stdout: `\nError: Assignments can only be reset if the group 'etl' is inactive, but the current state is Stable.\n${plan([])}`,
    });
    gc.handleLeaveGroup('etl', [{ memberId, groupInstanceId: null }]);
    await h.settle();
    expect(gc.groupManager.getGroup('etl')?.state).toBe('Empty');

    const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '');
    const specs: Array<[string[], Array<[number, number]>]> = [
      [
        ['--to-earliest'],
        [
          [0, 0],
          [1, 0],
        ],
      ],
      [
        ['--to-latest'],
        [
          [0, 10],
          [1, 6],
        ],
      ],
      [
        ['--to-current'],
        [
          [0, 5],
          [1, 3],
        ],
      ],
      [
        ['--to-offset', '2'],
        [
          [0, 2],
          [1, 2],
        ],
      ],
      [
        ['--shift-by', '-1'],
        [
          [0, 4],
          [1, 2],
        ],
      ],
      [
        ['--to-datetime', iso(t0)],
        [
          [0, 0],
          [1, 0],
        ],
      ],
      [
        ['--to-datetime', iso(t1)],
        [
          [0, 4],
          [1, 4],
        ],
      ],
      [
        ['--to-datetime', `${iso(t1 + 1)}+00:00`],
        [
          [0, 10],
          [1, 6],
        ],
      ],
      [
        ['--by-duration', 'PT30S'],
        [
          [0, 4],
          [1, 4],
        ],
      ],
      [
        ['--by-duration', 'PT2M'],
        [
          [0, 0],
          [1, 0],
        ],
      ],
    ];
    for (const [spec, rows] of specs) {
      expect(await run('--topic', 'orders', ...spec, '--dry-run'), spec.join(' ')).toEqual({ code: 0, stderr: '', stdout: plan(rows) });
    }
    // Still the committed offsets: a dry run changes nothing.
    expect(gc.handleFetchOffsets('etl', null).partitions.map((p) => p.offset)).toEqual([5, 3]);
    expect(await run('--topic', 'orders:1', '--shift-by', '-2', '--execute')).toEqual({ code: 0, stderr: '', stdout: plan([[1, 1]]) });
    expect(gc.handleFetchOffsets('etl', null).partitions.map((p) => [p.partition, p.offset])).toEqual([
      [0, 5],
      [1, 1],
    ]);
  });

  it('delete group / offsets: NON_EMPTY_GROUP and GROUP_SUBSCRIBED_TO_TOPIC while active, deleted when Empty, then GROUP_ID_NOT_FOUND', async () => {
    const c = await groupsCluster(183);
    h = c.h;
    const { gc } = await coordinatorOf(h, 'ops');
    const memberId = await oneMember(h, gc, 'ops');
    await commit(gc, 'ops', memberId, 1, { 0: 0, 1: 0 });
    const run = (...args: string[]) => runTool('--bootstrap-server', c.bootstrap, ...args);
    const notEmpty =
      "\nError: Deletion of some consumer groups failed:\n* Group 'ops' could not be deleted due to: java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.GroupNotEmptyException: The group is not empty.\n";
    expect((await run('--delete', '--group', 'ops')).stdout).toBe(notEmpty);
    expect((await run('--delete-offsets', '--group', 'ops', '--topic', 'orders:0')).stdout.split('\n')[1]).toBe(
      'Error: Encounter some partition level error, see the follow-up details:',
    );
    gc.handleLeaveGroup('ops', [{ memberId, groupInstanceId: null }]);
    await h.settle();
    expect((await run('--delete-offsets', '--group', 'ops', '--topic', 'orders:0')).stdout.split('\n')[0]).toBe(
      'Request succeed for deleting offsets with topic orders:0 group ops',
    );
    expect(gc.handleFetchOffsets('ops', null).partitions.map((p) => p.partition)).toEqual([1]);
    expect((await run('--delete', '--group', 'ops')).stdout).toBe("Deletion of requested consumer groups ('ops') was successful.\n");
    expect(gc.groupManager.getGroup('ops')).toBeUndefined();
    expect((await run('--delete', '--group', 'ops')).stdout).toContain('GroupIdNotFoundException: The group id does not exist.');
  });

  it('a static member restarting within its session timeout gets a new member id without a rebalance; its session timeout then empties the group', async () => {
    const c = await groupsCluster(184);
    h = c.h;
    const { gc } = await coordinatorOf(h, 'dash');
    const oldId = await oneMember(h, gc, 'dash', 'dash-1');
    const group = gc.groupManager.getGroup('dash')!;
    await h.advance(6000);
    const rejoined = await gc.handleJoinGroup(
      joinArgs('dash', { clientId: 'app', groupInstanceId: 'dash-1', protocols: [{ name: 'range', metadata: subscription('orders') }] }),
    );
    expect(rejoined).toMatchObject({ error: 'NONE', generationId: 1, leaderId: oldId });
    expect(group.state).toBe('Stable');
    const synced = await gc.handleSyncGroup('dash', 1, rejoined.memberId, new Map(), undefined, 'dash-1');
    expect(synced.assignment).toEqual(assignment({ orders: [0, 1] }));
    const members = await runTool('--bootstrap-server', c.bootstrap, '--describe', '--group', 'dash', '--members', '--verbose');
    const w = [15, rejoined.memberId.length, 15, 15, 15];
    expect(members.stdout.split('\n')).toEqual([
      '',
      `${columns(w, ['GROUP', 'CONSUMER-ID', 'HOST', 'CLIENT-ID', '#PARTITIONS'])} ASSIGNMENT`,
      `${columns(w, ['dash', rejoined.memberId, '/127.0.0.1', 'app', 2])} orders(0,1)`,
      '',
    ]);
    expect(gc.handleHeartbeat('dash', oldId, 1, 'dash-1')).toBe('FENCED_INSTANCE_ID');
    // No more heartbeats: 10 s after the SyncGroup the member is gone and the group empties.
    await h.advance(9999);
    expect(group.has(rejoined.memberId)).toBe(true);
    await h.advance(1);
    await h.advance(0);
    expect(group.state).toBe('Empty');
    expect(group.generationId).toBe(2);
  });
});

/** The tool with its clock at the cluster's time. */
async function runToolAt(h: ClusterHarness, ...args: string[]) {
  const { runKafkaConsumerGroups } = await import('../../src-main/cli/kafka-consumer-groups/kafka-consumer-groups');
  let stdout = '';
  let stderr = '';
  const code = await runKafkaConsumerGroups(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    now: () => new Date(h.time.nowMs()),
  });
  return { code, stdout, stderr };
}
