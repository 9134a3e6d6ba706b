import { afterEach, describe, expect, it } from 'vitest';
import { createNewPartitionsAssignment } from '../../src-main/core/admin/create-partitions';
import { newPartitionsFromFullAssignment, parseReplicaAssignment } from '../../src-main/core/admin/topic-command';
import { brokers as brokerList, ScriptedRandom } from '../core/admin/assignment-test-helpers';
import { ClusterHarness } from '../support/cluster-harness';
import {
  adminOf,
  controllerOf,
  CREATE,
  dec,
  enc,
  linesSince,
  mark,
  requestsSince,
  stateJson,
  text,
  topic,
  tp,
  zkWritesSince,
} from '../support/scenario';
import { expectFreshLog, leaderAndIsrSince, partitionDirs, topicJson } from '../support/topic-scenario';

describe('partition expansion through the API (A1-A3)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('A1: only the new partitions are added, assigned from the first broker >= partition 0 leader and from partition = current count (seed: p2 = [2,3,4])', async () => {
    const seed = 1001;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 5, seed });
    const zk = await h.session();
    // The seed's topic: created through CreateTopics with start 0 and shift 2 over brokers 0,1,4,2,3.
    expect(
      (await adminOf(h, new ScriptedRandom(0, 2)).createTopics([topic('seed-topic', { partitions: 2, rf: 3 })], CREATE))[0].errorName,
      m,
    ).toBe('NONE');
    expect(await text(zk, '/brokers/topics/seed-topic'), m).toBe(
      '{"version":2,"partitions":{"1":[1,3,0],"0":[0,2,3]},"adding_replicas":{},"removing_replicas":{}}',
    );
    const statsBefore = await Promise.all(
      [0, 1].map(async (p) => (await zk.getData(`/brokers/topics/seed-topic/partitions/${p}/state`)).stat),
    );
    const dirsBefore = [0, 1, 2, 3, 4].map((b) => partitionDirs(h, b, 'seed-topic'));

    const from = mark(h);
    const result = await adminOf(h).createPartitions([{ topic: 'seed-topic', count: 3, assignments: null }], CREATE);
    expect(result, m).toEqual([{ name: 'seed-topic', errorCode: 0, errorName: 'NONE', errorMessage: null }]);
    // Not [4,0,1], which the original layout would continue with: start index 0 (broker 0 >= 0), shift 0, from partition 2.
    expect(await text(zk, '/brokers/topics/seed-topic'), m).toBe(
      '{"version":2,"partitions":{"2":[2,3,4],"1":[1,3,0],"0":[0,2,3]},"adding_replicas":{},"removing_replicas":{}}',
    );
    // One unconditional setData of the whole assignment, then the controller's own writes for partition 2 only.
    const writes = zkWritesSince(h, from);
    expect(writes[0], m).toBe('setData /brokers/topics/seed-topic 0');
    expect(
      writes.filter((w) => w.startsWith('setData')),
      m,
    ).toEqual(['setData /brokers/topics/seed-topic 0']);
    expect(await text(zk, '/brokers/topics/seed-topic/partitions/2/state'), m).toBe(stateJson(1, 2, 0, [2, 3, 4]));
    for (const p of [0, 1])
      expect((await zk.getData(`/brokers/topics/seed-topic/partitions/${p}/state`)).stat, `${m} p${p}`).toEqual(statsBefore[p]);

    const ctx = controllerOf(h).context;
    expect(ctx.partitionState(tp('seed-topic', 2)), m).toBe('OnlinePartition');
    for (const r of [2, 3, 4]) expect(ctx.replicaState({ ...tp('seed-topic', 2), replica: r }), m).toBe('OnlineReplica');
    expect(linesSince(h, from, 'controller.log'), m).toEqual(
      expect.arrayContaining([
        '[Controller id=0] New partitions to be added Map(seed-topic-2 -> ReplicaAssignment(replicas=2,3,4, addingReplicas=, removingReplicas=))',
        '[Controller id=0] New partition creation callback for seed-topic-2',
      ]),
    );
    const changes = linesSince(h, from, 'state-change.log').filter((l) => /Changed (partition|state of replica)/.test(l));
    expect(
      changes.every((l) => l.includes('seed-topic-2')),
      m,
    ).toBe(true);
    expect(
      changes.filter((l) => l.includes('Changed partition')),
      m,
    ).toEqual([
      '[Controller id=0 epoch=1] Changed partition seed-topic-2 state from NonExistentPartition to NewPartition with assigned replicas 2,3,4',
      '[Controller id=0 epoch=1] Changed partition seed-topic-2 from NewPartition to OnlinePartition with state LeaderAndIsr(leader=2, leaderEpoch=0, isr=List(2, 3, 4), zkVersion=0)',
    ]);
    expect(leaderAndIsrSince(h, from, 'seed-topic').sort(), m).toEqual(
      [2, 3, 4].map((b) => `${b}:seed-topic-2 leader=2 epoch=0 isr=[2,3,4] replicas=[2,3,4] new`),
    );
    for (const { request } of requestsSince(h, from, 'UpdateMetadata'))
      expect(
        request.partitionStates.map((s) => s.partitionIndex),
        m,
      ).toEqual([2]);
    expectFreshLog(h, 2, 'seed-topic-2', 'leader');
    expectFreshLog(h, 3, 'seed-topic-2', 'follower');
    expectFreshLog(h, 4, 'seed-topic-2', 'follower');
    [0, 1, 2, 3, 4].forEach((b, i) =>
      expect(
        partitionDirs(h, b, 'seed-topic').filter((d) => d !== 'seed-topic-2'),
        `${m} broker ${b}`,
      ).toEqual(dirsBefore[i]),
    );

    // Partition 0 led by broker 2: start index 2 (and shift 2) from partition 2.
    expect(
      (
        await adminOf(h).createTopics(
          [
            topic('from-two', {
              assignment: [
                [2, 4],
                [3, 0],
              ],
            }),
          ],
          CREATE,
        )
      )[0].errorName,
      m,
    ).toBe('NONE');
    expect((await adminOf(h).createPartitions([{ topic: 'from-two', count: 4, assignments: null }], CREATE))[0].errorName, m).toBe('NONE');
    const existing = new Map([
      [0, { replicas: [2, 4] }],
      [1, { replicas: [3, 0] }],
    ]);
    expect([...createNewPartitionsAssignment('from-two', existing, brokerList(0, 1, 2, 3, 4), 4).values()], m).toEqual([
      [4, 2],
      [0, 3],
    ]);
    expect(await text(zk, '/brokers/topics/from-two'), m).toBe(
      topicJson([
        [2, 4],
        [3, 0],
        [4, 2],
        [0, 3],
      ]),
    );
    expectFreshLog(h, 4, 'from-two-2', 'leader');
    expectFreshLog(h, 3, 'from-two-3', 'follower');
  });

  it('A2: CreatePartitions refuses a non-increase, unknown brokers, a wrong assignment count, a topic queued for deletion and a reassignment in progress, writing nothing', async () => {
    const seed = 1002;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const admin = adminOf(h);
    const zk = await h.session();
    expect(
      (
        await admin.createTopics(
          [
            topic('grow', {
              assignment: [
                [0, 1],
                [1, 2],
              ],
            }),
            topic('doomed', { assignment: [[0], [2]] }),
          ],
          CREATE,
        )
      ).map((r) => r.errorName),
      m,
    ).toEqual(['NONE', 'NONE']);
    const before = await zk.getData('/brokers/topics/grow');

    const attempt = async (request: { count: number; assignments: number[][] | null }, validateOnly = false, name = 'grow') => {
      const from = mark(h);
      const [r] = await admin.createPartitions([{ topic: name, ...request }], { timeoutMs: 30000, validateOnly });
      await h.settle();
      expect(zkWritesSince(h, from), `${m} ${JSON.stringify(request)}`).toEqual([]);
      return [r.errorCode, r.errorName, r.errorMessage];
    };
    expect(await attempt({ count: 2, assignments: null }), m).toEqual([37, 'INVALID_PARTITIONS', 'Topic already has 2 partitions.']);
    expect(await attempt({ count: 1, assignments: null }), m).toEqual([
      37,
      'INVALID_PARTITIONS',
      'Topic currently has 2 partitions, which is higher than the requested 1.',
    ]);
    expect(await attempt({ count: 3, assignments: [[0, 7]] }), m).toEqual([
      39,
      'INVALID_REPLICA_ASSIGNMENT',
      'Unknown broker(s) in replica assignment: 7.',
    ]);
    expect(await attempt({ count: 4, assignments: [[0, 1]] }), m).toEqual([
      39,
      'INVALID_REPLICA_ASSIGNMENT',
      'Increasing the number of partitions by 2 but 1 assignments provided.',
    ]);
    expect(await attempt({ count: 3, assignments: [[0, 0]] }), m).toEqual([
      39,
      'INVALID_REPLICA_ASSIGNMENT',
      'Duplicate brokers not allowed in replica assignment: 0, 0 for partition id 2.',
    ]);
    expect(await attempt({ count: 3, assignments: [[2]] }), m).toEqual([
      39,
      'INVALID_REPLICA_ASSIGNMENT',
      'Inconsistent replication factor between partitions, partition 0 has 2 while partitions [2] have replication factors [1], respectively.',
    ]);
    expect(await attempt({ count: 3, assignments: null }, false, 'nope'), m).toEqual([
      3,
      'UNKNOWN_TOPIC_OR_PARTITION',
      "The topic 'nope' does not exist.",
    ]);
    expect(await attempt({ count: 3, assignments: null }, true), m).toEqual([0, 'NONE', null]);
    const after = await zk.getData('/brokers/topics/grow');
    expect([dec(after.data), after.stat.version], m).toEqual([dec(before.data), before.stat.version]);
    expect(controllerOf(h).context.partitionReplicaAssignment(tp('grow', 2)), m).toEqual([]);
    expect(
      [0, 1, 2].map((b) => partitionDirs(h, b, 'grow')),
      m,
    ).toEqual([['grow-0'], ['grow-0', 'grow-1'], ['grow-1']]);

    // Queued for deletion: broker 2 (holding doomed-1) is down, so the deletion cannot finish.
    h.cluster.killBroker(2);
    await h.advance(20_000);
    const deletion = admin.deleteTopics(['doomed'], 1000);
    await h.settle();
    await h.advance(1000);
    // The request only waits for the topic to leave the metadata cache (UpdateMetadata with leader -2).
    expect((await deletion)[0].errorName, m).toBe('NONE');
    expect(await zk.exists('/admin/delete_topics/doomed'), m).not.toBeNull();
    expect(controllerOf(h).topicDeletionManager.isTopicQueuedUpForDeletion('doomed'), m).toBe(true);
    expect(await attempt({ count: 3, assignments: null }, false, 'doomed'), m).toEqual([
      17,
      'INVALID_TOPIC_EXCEPTION',
      'The topic is queued for deletion.',
    ]);

    // A reassignment in progress (hand-written, to a broker that never catches up): adding_replicas is not empty.
    await zk.create('/admin/reassign_partitions', enc('{"version":1,"partitions":[{"topic":"grow","partition":0,"replicas":[0,7]}]}'));
    await h.settle();
    expect(await text(zk, '/brokers/topics/grow'), m).toBe(
      '{"version":2,"partitions":{"1":[1,2],"0":[0,7,1]},"adding_replicas":{"0":[7]},"removing_replicas":{"0":[1]}}',
    );
    expect(await attempt({ count: 3, assignments: null }), m).toEqual([
      60,
      'REASSIGNMENT_IN_PROGRESS',
      "A partition reassignment is in progress for the topic 'grow'.",
    ]);
  });

  it('A3: with a full --replica-assignment, kafka-topics --alter sends only the entries of the new partitions', async () => {
    const seed = 1003;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const admin = adminOf(h);
    const zk = await h.session();
    expect(
      (
        await admin.createTopics(
          [
            topic('a3', {
              assignment: [
                [0, 1],
                [1, 2],
              ],
            }),
          ],
          CREATE,
        )
      )[0].errorName,
      m,
    ).toBe('NONE');

    // --partitions 4 --replica-assignment 2:1,0:2,2:0,0:1: the first two entries (current count) are dropped.
    const full = parseReplicaAssignment('2:1,0:2,2:0,0:1');
    const sent = newPartitionsFromFullAssignment(full, 2);
    expect(sent, m).toEqual([
      [2, 0],
      [0, 1],
    ]);
    // Sent whole, the list would not match the increase.
    expect((await admin.createPartitions([{ topic: 'a3', count: 4, assignments: [...full.values()] }], CREATE))[0].errorMessage, m).toBe(
      'Increasing the number of partitions by 2 but 4 assignments provided.',
    );

    const from = mark(h);
    expect((await admin.createPartitions([{ topic: 'a3', count: 4, assignments: sent }], CREATE))[0].errorName, m).toBe('NONE');
    expect(await text(zk, '/brokers/topics/a3'), m).toBe(
      topicJson([
        [0, 1],
        [1, 2],
        [2, 0],
        [0, 1],
      ]),
    );
    expect(JSON.parse((await text(zk, '/brokers/topics/a3')) as string).partitions, m).toEqual({
      0: [0, 1],
      1: [1, 2],
      2: [2, 0],
      3: [0, 1],
    });
    expect(await text(zk, '/brokers/topics/a3/partitions/2/state'), m).toBe(stateJson(1, 2, 0, [2, 0]));
    expect(await text(zk, '/brokers/topics/a3/partitions/3/state'), m).toBe(stateJson(1, 0, 0, [0, 1]));
    expect(leaderAndIsrSince(h, from, 'a3').sort(), m).toEqual(
      [
        '0:a3-2 leader=2 epoch=0 isr=[2,0] replicas=[2,0] new',
        '0:a3-3 leader=0 epoch=0 isr=[0,1] replicas=[0,1] new',
        '1:a3-3 leader=0 epoch=0 isr=[0,1] replicas=[0,1] new',
        '2:a3-2 leader=2 epoch=0 isr=[2,0] replicas=[2,0] new',
      ].sort(),
    );
    expectFreshLog(h, 2, 'a3-2', 'leader');
    expectFreshLog(h, 0, 'a3-2', 'follower');
    expectFreshLog(h, 0, 'a3-3', 'leader');
    expectFreshLog(h, 1, 'a3-3', 'follower');
    expect(partitionDirs(h, 2, 'a3'), m).toEqual(['a3-1', 'a3-2']);
  });
});
