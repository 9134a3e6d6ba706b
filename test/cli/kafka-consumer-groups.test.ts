/**
 * `kafka-dojo kafka-consumer-groups --bootstrap-server …` against a running cluster with real
 * consumers (kafka-python, confluent-kafka via /usr/bin/python3), its output compared line by line
 * with lines built from Kafka 2.5.1's ConsumerGroupCommand format strings:
 *   offsets  "%-15s %-15s %-10s %-15s %-15s %-15s %-Cs %-Hs %s" (GROUP TOPIC … CLIENT-ID, C/H ≥ 15 or the widest value)
 *   members  "%-15s %-Cs %-Hs %-15s %-15s " then "%s" (ASSIGNMENT) with --verbose
 *   state    "%-25s %-25s %-20s %-15s %s"
 *   reset    "%-30s %-30s %-10s %-15s"
 *   delete-offsets "%-30s %-15s %-15s"
 */
import { afterEach, describe, expect, it } from 'vitest';
import { assignmentPartitions } from '../../src-main/core/coordinator/group/consumer-protocol';
import type { GroupMetadata } from '../../src-main/core/coordinator/group/group-metadata';
import { kafkaPython, wireCluster, type WireCluster } from '../support/kafka-wire';
import { adminOf, topic } from '../support/scenario';
import {
  columns,
  consumerGroups,
  kafkaPythonDeleteGroups,
  pythonClientsUnavailable,
  startMember,
  type Member,
} from './kafka-consumer-groups-support';

/** A 3-broker cluster whose groups rebalance at once (no initial rebalance delay). */
const groupCluster = (seed: number) => wireCluster({ seed, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });

/** A 3-partition topic with its leaders and replicas spread over the three brokers. */
async function createSpreadTopic(cluster: WireCluster, name: string): Promise<void> {
  const assignment = [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
  ];
  await adminOf(cluster.h).createTopics([topic(name, { assignment })], { timeoutMs: 5000, validateOnly: false });
  await cluster.h.settle();
}

const unavailable = pythonClientsUnavailable();
// Outside CI without the Python clients: skip, saying why. In CI (which installs them) this fails instead.
const skip = unavailable !== null && !process.env.CI;
if (skip) console.warn(`kafka-consumer-groups tests with real clients skipped: ${unavailable}`);

const OFFSETS = (c: number, h: number) => [15, 15, 10, 15, 15, 15, c, h, 0];
const OFFSETS_HEADER = ['GROUP', 'TOPIC', 'PARTITION', 'CURRENT-OFFSET', 'LOG-END-OFFSET', 'LAG', 'CONSUMER-ID', 'HOST', 'CLIENT-ID'];
const RESET = [30, 30, 10, 15];
const RESET_HEADER = columns(RESET, ['GROUP', 'TOPIC', 'PARTITION', 'NEW-OFFSET']);
const DRY_RUN_WARN =
  'WARN: No action will be performed as the --execute option is missing.In a future major release, the default behavior of this command will be to prompt the user before executing the reset rather than doing a dry run. You should add the --dry-run option explicitly if you are scripting this command and want to keep the current default behavior without prompting.\n';
const DELETE_OFFSETS = [30, 15, 15];

function groupOn(wire: WireCluster, groupId: string): { group: GroupMetadata; brokerId: number } {
  for (const b of wire.h.cluster.runningBrokers()) {
    const group = b.groupCoordinator?.groupManager.getGroup(groupId);
    if (group) return { group, brokerId: b.id };
  }
  throw new Error(`no coordinator holds ${groupId}`);
}

/** [partition, offset] of each produced record → the log end offset of each partition. */
function endOffsets(...produced: Array<Array<[number, number]>>): Map<number, number> {
  const ends = new Map<number, number>();
  for (const [p, o] of produced.flat()) ends.set(p, Math.max(ends.get(p) ?? 0, o + 1));
  return ends;
}

describe.skipIf(skip)('kafka-consumer-groups against consumers of a running cluster', () => {
  let wire: WireCluster | null = null;
  const members: Member[] = [];
  afterEach(async () => {
    for (const m of members.splice(0)) await m.stop();
    await wire?.close();
    wire = null;
  });

  it("a group's lag as it consumes, in the offsets, members and state views", async () => {
    wire = await groupCluster(171);
    const { bootstrap } = wire;
    await createSpreadTopic(wire, 'orders');
    const first = await kafkaPython<Array<[number, number]>>('produce', bootstrap, 'orders', 30, 'all');
    const member = await startMember('kafka-python', bootstrap, 'orders', 'billing', 30, 'dojo-billing');
    members.push(member);
    let ends = endOffsets(first);
    expect(member.ready.committed).toEqual({ 0: ends.get(0), 1: ends.get(1), 2: ends.get(2) });
    const { group, brokerId } = groupOn(wire, 'billing');
    const memberId = [...group.members.keys()][0];
    const w = OFFSETS(memberId.length, 15);
    const describe = () => consumerGroups('--bootstrap-server', bootstrap, '--describe', '--group', 'billing');
    const row = (p: number, current: number, end: number) =>
      columns(w, ['billing', 'orders', p, current, end, end - current, memberId, '/127.0.0.1', 'dojo-billing']);

    // Everything consumed and committed: no lag.
    expect(await describe()).toEqual({
      code: 0,
      stderr: '',
      stdout: ['', columns(w, OFFSETS_HEADER), ...[0, 1, 2].map((p) => row(p, ends.get(p)!, ends.get(p)!)), ''].join('\n'),
    });

    // Six more records, not yet committed: the lag is what each partition gained.
    const more = await kafkaPython<Array<[number, number]>>('produce', bootstrap, 'orders', 6, 'all');
    const committed = ends;
    ends = endOffsets(first, more);
    expect((await describe()).stdout.split('\n')).toEqual([
      '',
      columns(w, OFFSETS_HEADER),
      ...[0, 1, 2].map((p) => row(p, committed.get(p)!, ends.get(p)!)),
      '',
    ]);

    expect(await consumerGroups('--bootstrap-server', bootstrap, '--describe', '--group', 'billing', '--members')).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        '',
        `${columns([15, memberId.length, 15, 15, 15], ['GROUP', 'CONSUMER-ID', 'HOST', 'CLIENT-ID', '#PARTITIONS'])} `,
        `${columns([15, memberId.length, 15, 15, 15], ['billing', memberId, '/127.0.0.1', 'dojo-billing', 3])} `,
        '',
      ].join('\n'),
    });
    expect(
      (await consumerGroups('--bootstrap-server', bootstrap, '--describe', '--group', 'billing', '--members', '--verbose')).stdout.split(
        '\n',
      ),
    ).toEqual([
      '',
      `${columns([15, memberId.length, 15, 15, 15], ['GROUP', 'CONSUMER-ID', 'HOST', 'CLIENT-ID', '#PARTITIONS'])} ASSIGNMENT`,
      `${columns([15, memberId.length, 15, 15, 15], ['billing', memberId, '/127.0.0.1', 'dojo-billing', 3])} orders(0,1,2)`,
      '',
    ]);
    const coordinator = `127.0.0.1:${wire.ports.get(brokerId)} (${brokerId})`;
    expect(
      (await consumerGroups('--bootstrap-server', bootstrap, '--describe', '--group', 'billing', '--state')).stdout.split('\n'),
    ).toEqual([
      '',
      columns([25, 25, 20, 15, 0], ['GROUP', 'COORDINATOR (ID)', 'ASSIGNMENT-STRATEGY', 'STATE', '#MEMBERS']),
      columns([25, 25, 20, 15, 0], ['billing', coordinator, 'range', 'Stable', 1]),
      '',
    ]);
    expect(await consumerGroups('--bootstrap-server', bootstrap, '--list')).toEqual({ code: 0, stderr: '', stdout: 'billing\n' });

    // The member leaves without committing; another consumes the rest: the lag is gone again.
    await members.pop()!.stop();
    const emptied = await describe();
    expect(emptied.stderr).toBe("\nConsumer group 'billing' has no active members.\n");
    const wEmpty = OFFSETS(15, 15);
    expect(emptied.stdout.split('\n')).toEqual([
      '',
      columns(wEmpty, OFFSETS_HEADER),
      ...[0, 1, 2].map((p) =>
        columns(wEmpty, ['billing', 'orders', p, committed.get(p)!, ends.get(p)!, ends.get(p)! - committed.get(p)!, '-', '-', '-']),
      ),
      '',
    ]);
    const resumed = await kafkaPython<{ committed: Record<string, number> }>('group-consume', bootstrap, 'orders', 'billing', 6);
    expect(resumed.committed).toEqual({ 0: ends.get(0), 1: ends.get(1), 2: ends.get(2) });
    expect(
      (await describe()).stdout
        .split('\n')
        .slice(2, 5)
        .map((l) => l.split(/\s+/).slice(2, 6)),
    ).toEqual([0, 1, 2].map((p) => [String(p), String(ends.get(p)), String(ends.get(p)), '0']));
  });

  it('reset offsets: refused while the group is active; on the Empty group every reset spec plans (dry run), --export, --execute applies', async () => {
    wire = await groupCluster(172);
    const { bootstrap } = wire;
    await adminOf(wire.h).createTopics(
      [
        topic('audit-log', {
          assignment: [
            [0, 1, 2],
            [1, 2, 0],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await wire.h.settle();
    const first = await kafkaPython<Array<[number, number]>>('produce', bootstrap, 'audit-log', 20, 'all');
    const committed = endOffsets(first);
    const member = await startMember('kafka-python', bootstrap, 'audit-log', 'auditors', 20, 'dojo-auditor');
    members.push(member);
    const reset = (...args: string[]) => consumerGroups('--bootstrap-server', bootstrap, '--reset-offsets', '--group', 'auditors', ...args);

    expect(await reset('--topic', 'audit-log', '--to-earliest', '--execute')).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        "\nError: Assignments can only be reset if the group 'auditors' is inactive, but the current state is Stable.",
        '',
        RESET_HEADER,
        '',
      ].join('\n'),
    });
    await members.pop()!.stop();
    const more = await kafkaPython<Array<[number, number]>>('produce', bootstrap, 'audit-log', 10, 'all');
    const ends = endOffsets(first, more);
    const plan = (rows: Array<[number, number]>) =>
      ['', RESET_HEADER, ...rows.map(([p, o]) => columns(RESET, ['auditors', 'audit-log', p, o])), ''].join('\n');
    const dryRun = async (expected: Array<[number, number]>, ...args: string[]) =>
      expect(await reset(...args)).toEqual({ code: 0, stderr: DRY_RUN_WARN, stdout: plan(expected) });

    // --all-topics takes the committed partitions in the admin client's HashMap order: audit-log-1 before audit-log-0.
    await dryRun(
      [
        [1, 0],
        [0, 0],
      ],
      '--all-topics',
      '--to-earliest',
    );
    await dryRun(
      [
        [0, ends.get(0)!],
        [1, ends.get(1)!],
      ],
      '--topic',
      'audit-log',
      '--to-latest',
    );
    await dryRun(
      [
        [0, committed.get(0)!],
        [1, committed.get(1)!],
      ],
      '--topic',
      'audit-log',
      '--to-current',
    );
    await dryRun([[1, 3]], '--topic', 'audit-log:1', '--to-offset', '3');
    await dryRun(
      [
        [1, committed.get(1)! - 2],
        [0, committed.get(0)! - 2],
      ],
      '--all-topics',
      '--shift-by',
      '-2',
    );
    await dryRun(
      [
        [0, 0],
        [1, 0],
      ],
      '--topic',
      'audit-log',
      '--to-datetime',
      '2000-01-01T00:00:00.000',
    );
    await dryRun(
      [
        [0, ends.get(0)!],
        [1, ends.get(1)!],
      ],
      '--topic',
      'audit-log',
      '--to-datetime',
      '2999-01-01T00:00:00.000+01:00',
    );
    await dryRun(
      [
        [0, 0],
        [1, 0],
      ],
      '--topic',
      'audit-log',
      '--by-duration',
      'P3650D',
    );
    // Out of the log's range: clamped, with ConsumerGroupCommand's WARN (log4j on stderr).
    const clamped = await reset('--topic', 'audit-log:0', '--shift-by', '1000', '--dry-run');
    expect(clamped).toEqual({
      code: 0,
      stdout: plan([[0, ends.get(0)!]]),
      stderr:
        `[2026-12-02 00:00:00,000] WARN New offset (${committed.get(0)! + 1000}) is higher than latest offset for topic partition audit-log-0. Value will be set to ${ends.get(0)} (kafka.admin.ConsumerGroupCommand$)\n`.replace(
          '2026-12-02 00:00:00,000',
          localLog4j(),
        ),
    });
    // A plan from a file, in the one-group format (topic,partition,offset) and the many-groups one.
    const { writeFileSync, mkdtempSync } = await import('node:fs');
    const dir = mkdtempSync('/tmp/dojo-cg-');
    writeFileSync(`${dir}/plan.csv`, 'audit-log,0,1\naudit-log,1,2\n');
    await dryRun(
      [
        [0, 1],
        [1, 2],
      ],
      '--from-file',
      `${dir}/plan.csv`,
    );
    writeFileSync(`${dir}/groups.csv`, 'auditors,audit-log,1,4\n');
    await dryRun([[1, 4]], '--from-file', `${dir}/groups.csv`);
    expect(await reset('--topic', 'audit-log', '--to-offset', '5', '--export', '--dry-run')).toEqual({
      code: 0,
      stderr: '',
      stdout: 'audit-log,0,5\naudit-log,1,5\n\n',
    });
    // No scope: a usage error.
    const noScope = await reset('--to-earliest', '--dry-run');
    expect(noScope.code).toBe(1);
    expect(noScope.stderr.split('\n')[0]).toBe('One of the reset scopes should be defined: --all-topics, --topic.');

    // --execute commits the plan: the group's offsets are now 2.
    expect(await reset('--topic', 'audit-log', '--to-offset', '2', '--execute')).toEqual({
      code: 0,
      stderr: '',
      stdout: plan([
        [0, 2],
        [1, 2],
      ]),
    });
    const { group } = groupOn(wire, 'auditors');
    expect([...group.offsets.values()].map((o) => [o.partition, o.value.offset]).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    const described = await consumerGroups('--bootstrap-server', bootstrap, '--describe', '--group', 'auditors', '--offsets');
    const w = OFFSETS(15, 15);
    expect(described.stdout.split('\n')).toEqual([
      '',
      columns(w, OFFSETS_HEADER),
      ...[1, 0].map((p) => columns(w, ['auditors', 'audit-log', p, 2, ends.get(p)!, ends.get(p)! - 2, '-', '-', '-'])),
      '',
    ]);
  });

  it('delete a group and its offsets: refused while active, then deleted; unknown groups and topics named', async () => {
    wire = await groupCluster(173);
    const { bootstrap } = wire;
    await adminOf(wire.h).createTopics(
      [
        topic('orders', {
          assignment: [
            [0, 1, 2],
            [1, 2, 0],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await wire.h.settle();
    await kafkaPython('produce', bootstrap, 'orders', 10, 'all');
    members.push(await startMember('kafka-python', bootstrap, 'orders', 'payments', 10, 'dojo-payer'));
    const run = (...args: string[]) => consumerGroups('--bootstrap-server', bootstrap, ...args);
    const subscribed =
      'Error: org.apache.kafka.common.errors.GroupSubscribedToTopicException: Deleting offsets of a topic is forbidden while the consumer group is actively subscribed to it.';
    expect(await run('--delete', '--group', 'payments')).toEqual({
      code: 0,
      stderr: '',
      stdout:
        "\nError: Deletion of some consumer groups failed:\n* Group 'payments' could not be deleted due to: java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.GroupNotEmptyException: The group is not empty.\n",
    });
    expect((await run('--delete-offsets', '--group', 'payments', '--topic', 'orders')).stdout.split('\n')).toEqual([
      '',
      'Error: Encounter some partition level error, see the follow-up details:',
      '',
      columns(DELETE_OFFSETS, ['TOPIC', 'PARTITION', 'STATUS']),
      columns(DELETE_OFFSETS, ['orders', 0, subscribed]),
      columns(DELETE_OFFSETS, ['orders', 1, subscribed]),
      '',
    ]);
    await members.pop()!.stop();

    expect(
      (await run('--delete-offsets', '--group', 'payments', '--topic', 'orders:1', '--topic', 'no-such-topic')).stdout.split('\n'),
    ).toEqual([
      'Request succeed for deleting offsets with topic orders:1, no-such-topic group payments',
      '',
      columns(DELETE_OFFSETS, ['TOPIC', 'PARTITION', 'STATUS']),
      columns(DELETE_OFFSETS, [
        'no-such-topic',
        'Not Provided',
        'Error: org.apache.kafka.common.errors.UnknownTopicOrPartitionException: This server does not host this topic-partition.',
      ]),
      columns(DELETE_OFFSETS, ['orders', 1, 'Successful']),
      '',
    ]);
    expect([...groupOn(wire, 'payments').group.offsets.keys()]).toEqual(['orders-0']);
    expect(await run('--delete', '--group', 'payments')).toEqual({
      code: 0,
      stderr: '',
      stdout: "Deletion of requested consumer groups ('payments') was successful.\n",
    });
    expect(await run('--delete', '--group', 'payments')).toEqual({
      code: 0,
      stderr: '',
      stdout:
        "\nError: Deletion of some consumer groups failed:\n* Group 'payments' could not be deleted due to: java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.GroupIdNotFoundException: The group id does not exist.\n",
    });
    expect(await run('--describe', '--group', 'payments')).toEqual({
      code: 0,
      stderr: '',
      stdout: "\nError: Consumer group 'payments' does not exist.\n",
    });
    expect((await run('--delete-offsets', '--group', 'payments', '--topic', 'orders:0')).stdout.split('\n').slice(0, 2)).toEqual([
      '',
      "Error: 'payments' does not exist.",
    ]);
    expect(await run('--list')).toEqual({ code: 0, stderr: '', stdout: '' });
  });

  it('three kafka-python members: the offsets view shows what each committed; one is killed, the group rebalances onto the other two', async () => {
    wire = await groupCluster(176);
    const { bootstrap } = wire;
    await createSpreadTopic(wire, 'events');
    const produced = await kafkaPython<Array<[number, number]>>('produce', bootstrap, 'events', 30, 'all');
    const ends = endOffsets(produced);
    const byClient = new Map<string, Member>();
    for (const clientId of ['dojo-a', 'dojo-b', 'dojo-c']) {
      const m = await startMember('kafka-python', bootstrap, 'events', 'trio', 0, clientId);
      members.push(m);
      byClient.set(clientId, m);
    }
    const settled = async (size: number) => {
      for (let waited = 0; waited < 60_000; waited += 200) {
        const { group } = groupOn(wire!, 'trio');
        if (group.size === size && group.is('Stable') && [...group.members.values()].every((m) => m.assignment.length > 0)) return group;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`group trio did not settle with ${size} members`);
    };
    let group = await settled(3);
    // Each has consumed its partition: the commits are its partition's end.
    const committed = new Map<number, number>();
    for (const m of byClient.values()) {
      let c = await m.commit();
      for (let i = 0; i < 50 && c.assignment.some((p) => c.committed[p] !== ends.get(p)); i++) c = await m.commit();
      expect(c.assignment).toHaveLength(1);
      committed.set(c.assignment[0], c.committed[c.assignment[0]]);
    }
    expect(Object.fromEntries(committed)).toEqual(Object.fromEntries(ends));
    const rowsOf = async () =>
      (await consumerGroups('--bootstrap-server', bootstrap, '--describe', '--group', 'trio')).stdout.split('\n').slice(2, -1);
    const ids = (g: GroupMetadata) => [...g.members.values()].map((m) => ({ id: m.memberId, clientId: m.clientId }));
    const widthOf = (g: GroupMetadata) => OFFSETS(Math.max(15, ...ids(g).map((m) => m.id.length)), 15);
    const expectedRows = (g: GroupMetadata, partitionsOf: (memberId: string) => number[]) =>
      [...g.members.values()]
        .map((m) => ({ m, partitions: partitionsOf(m.memberId) }))
        .sort((a, b) => b.partitions.length - a.partitions.length)
        .flatMap(({ m, partitions }) =>
          partitions.map((p) =>
            columns(widthOf(g), ['trio', 'events', p, committed.get(p)!, ends.get(p)!, 0, m.memberId, '/127.0.0.1', m.clientId]),
          ),
        );
    // What the leader assigned, as the coordinator holds it.
    const describeAssignment = async (g: GroupMetadata) =>
      new Map(
        [...g.members.values()].map((m) => [
          m.memberId,
          assignmentPartitions(m.assignment)
            .map((tp) => tp.partition)
            .sort((a, b) => a - b),
        ]),
      );
    let assigned = await describeAssignment(group);
    expect(await rowsOf()).toEqual(expectedRows(group, (id) => assigned.get(id)!));

    // dojo-b dies: no LeaveGroup; its session (10 s) runs out and the other two take its partition.
    await byClient.get('dojo-b')!.kill();
    group = await settled(2);
    expect(
      ids(group)
        .map((m) => m.clientId)
        .sort(),
    ).toEqual(['dojo-a', 'dojo-c']);
    assigned = await describeAssignment(group);
    expect([...assigned.values()].flat().sort()).toEqual([0, 1, 2]);
    expect(await rowsOf()).toEqual(expectedRows(group, (id) => assigned.get(id)!));
  });

  it("kafka-python's delete_consumer_groups (DeleteGroups v1): NON_EMPTY_GROUP while a member is in the group, then deleted, then GROUP_ID_NOT_FOUND", async () => {
    wire = await groupCluster(175);
    const { bootstrap } = wire;
    await adminOf(wire.h).createTopics([topic('orders', { assignment: [[0, 1, 2]] })], { timeoutMs: 5000, validateOnly: false });
    await wire.h.settle();
    await kafkaPython('produce', bootstrap, 'orders', 4, 'all');
    const member = await startMember('kafka-python', bootstrap, 'orders', 'ledger', 4, 'dojo-ledger');
    expect(await kafkaPythonDeleteGroups(bootstrap, 'ledger')).toEqual([['ledger', 'NonEmptyGroupError']]);
    await member.stop();
    expect(await kafkaPythonDeleteGroups(bootstrap, 'ledger')).toEqual([['ledger', 'NoError']]);
    expect(await kafkaPythonDeleteGroups(bootstrap, 'ledger')).toEqual([['ledger', 'GroupIdNotFoundError']]);
  });

  it('a static confluent-kafka member restarting within its session timeout gets a new member id without a rebalance', async () => {
    wire = await groupCluster(174);
    const { bootstrap } = wire;
    await adminOf(wire.h).createTopics(
      [
        topic('clicks', {
          assignment: [
            [0, 1, 2],
            [1, 2, 0],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await wire.h.settle();
    await kafkaPython('produce', bootstrap, 'clicks', 10, 'all');
    const before = await startMember('confluent-kafka', bootstrap, 'clicks', 'dash', 10, 'dojo-dash', 'dash-1');
    expect(before.ready.assignment).toEqual([0, 1]);
    const { group } = groupOn(wire, 'dash');
    const generation = group.generationId;
    const oldId = [...group.members.keys()][0];
    expect(group.staticMembers.get('dash-1')).toBe(oldId);
    // librdkafka closes a static member without LeaveGroup: it stays in the group.
    await before.stop();
    expect(group.has(oldId)).toBe(true);
    const after = await startMember('confluent-kafka', bootstrap, 'clicks', 'dash', 0, 'dojo-dash', 'dash-1');
    members.push(after);
    expect(after.ready.assignment).toEqual([0, 1]);
    expect(group.generationId).toBe(generation);
    expect(group.state).toBe('Stable');
    const newId = group.staticMembers.get('dash-1')!;
    expect(newId).not.toBe(oldId);
    expect([...group.members.keys()]).toEqual([newId]);
    const shown = await consumerGroups('--bootstrap-server', bootstrap, '--describe', '--group', 'dash', '--members');
    expect(shown.stdout.split('\n')[2]).toBe(`${columns([15, newId.length, 15, 15, 15], ['dash', newId, '/127.0.0.1', 'dojo-dash', 2])} `);
  });
});

/** log4j's timestamp of the fixed clock, in the JVM's (here the process's) time zone. */
function localLog4j(): string {
  const d = new Date(Date.UTC(2026, 11, 2, 0, 0, 0));
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())},000`;
}
