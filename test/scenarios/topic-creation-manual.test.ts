import { afterEach, describe, expect, it } from 'vitest';
import { parseReplicaAssignment } from '../../src-main/core/admin/topic-command';
import { ClusterHarness } from '../support/cluster-harness';
import {
  adminOf,
  controllerOf,
  enc,
  linesSince,
  linesWithThrowablesSince,
  mark,
  requestsSince,
  stateJson,
  text,
  topic,
  tp,
} from '../support/scenario';
import { expectFreshLog, leaderAndIsrSince, partitionDirs } from '../support/topic-scenario';

/** `--replica-assignment` as kafka-topics.sh sends it: no counts, one entry per partition. */
function fromReplicaAssignment(name: string, replicaAssignment: string) {
  return topic(name, { assignment: [...parseReplicaAssignment(replicaAssignment).values()] });
}

describe('topic creation with manual assignment, by hand, and without a controller (C5-C7)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('C5: a --replica-assignment is taken as given, unknown brokers are not checked, and a partition with no live replica gets no leader and no log', async () => {
    const seed = 505;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const admin = adminOf(h);
    const zk = await h.session();

    expect(
      (await admin.createTopics([fromReplicaAssignment('manual', '0:1:2,1:2:0,2:0:1')], { timeoutMs: 30000, validateOnly: false }))[0]
        .errorName,
      m,
    ).toBe('NONE');
    expect(await text(zk, '/brokers/topics/manual'), m).toBe(
      '{"version":2,"partitions":{"2":[2,0,1],"1":[1,2,0],"0":[0,1,2]},"adding_replicas":{},"removing_replicas":{}}',
    );
    for (const [p, leader] of [
      [0, 0],
      [1, 1],
      [2, 2],
    ] as const)
      expectFreshLog(h, leader, `manual-${p}`, 'leader');

    // Brokers 5 and 6 do not exist: CreateTopics does not check (unlike CreatePartitions).
    const from = mark(h);
    const pending = admin.createTopics([fromReplicaAssignment('ghosts', '0:1,1:5,5:6')], { timeoutMs: 5000, validateOnly: false });
    await h.settle();
    expect(await text(zk, '/brokers/topics/ghosts'), m).toBe(
      '{"version":2,"partitions":{"2":[5,6],"1":[1,5],"0":[0,1]},"adding_replicas":{},"removing_replicas":{}}',
    );
    expect(await text(zk, '/brokers/topics/ghosts/partitions/0/state'), m).toBe(stateJson(1, 0, 0, [0, 1]));
    expect(await text(zk, '/brokers/topics/ghosts/partitions/1/state'), m).toBe(stateJson(1, 1, 0, [1]));
    expect((await zk.getChildren('/brokers/topics/ghosts/partitions')).children.sort(), m).toEqual(['0', '1']);

    const ctx = controllerOf(h).context;
    expect(ctx.partitionState(tp('ghosts', 0)), m).toBe('OnlinePartition');
    expect(ctx.partitionState(tp('ghosts', 1)), m).toBe('OnlinePartition');
    expect(ctx.partitionState(tp('ghosts', 2)), m).toBe('NewPartition');
    expect(ctx.partitionLeadershipInfo.get(tp('ghosts', 2)), m).toBeUndefined();
    // The replica state machine moves replicas of absent brokers to OnlineReplica all the same.
    for (const r of [5, 6]) expect(ctx.replicaState({ ...tp('ghosts', 2), replica: r }), m).toBe('OnlineReplica');
    expect(ctx.replicaState({ ...tp('ghosts', 1), replica: 5 }), m).toBe('OnlineReplica');

    expect(linesWithThrowablesSince(h, from, 'state-change.log', 'ERROR'), m).toEqual([
      '[Controller id=0 epoch=1] Controller 0 epoch 1 failed to change state for partition ghosts-2 from NewPartition to OnlinePartition\n' +
        'kafka.common.StateChangeFailedException: Controller 0 epoch 1 encountered error during state change of partition ghosts-2 from New to Online, ' +
        'assigned replicas are [5,6], live brokers are [Set(0, 1, 2)]. No assigned replica is alive.',
    ]);
    expect(leaderAndIsrSince(h, from, 'ghosts').sort(), m).toEqual(
      [
        '0:ghosts-0 leader=0 epoch=0 isr=[0,1] replicas=[0,1] new',
        '1:ghosts-0 leader=0 epoch=0 isr=[0,1] replicas=[0,1] new',
        '1:ghosts-1 leader=1 epoch=0 isr=[1] replicas=[1,5] new',
      ].sort(),
    );
    for (const { request } of requestsSince(h, from, 'UpdateMetadata')) {
      expect(
        request.partitionStates.filter((s) => s.topicName === 'ghosts').map((s) => s.partitionIndex),
        m,
      ).not.toContain(2);
    }
    expectFreshLog(h, 0, 'ghosts-0', 'leader');
    expectFreshLog(h, 1, 'ghosts-0', 'follower');
    expectFreshLog(h, 1, 'ghosts-1', 'leader');
    for (const b of [0, 1, 2]) expect(partitionDirs(h, b, 'ghosts').includes('ghosts-2'), `${m} broker ${b}`).toBe(false);
    expect(partitionDirs(h, 2, 'ghosts'), m).toEqual([]);

    // The request waits for a leader of every partition, which never comes: REQUEST_TIMED_OUT.
    await h.advance(5000);
    expect(await pending, m).toEqual([{ name: 'ghosts', errorCode: 7, errorName: 'REQUEST_TIMED_OUT', errorMessage: null }]);
    expect(ctx.partitionState(tp('ghosts', 2)), m).toBe('NewPartition');
  });

  it('C6: a /brokers/topics/<t> written by hand in the node editor creates the topic as C3 does, with no config znode', async () => {
    const seed = 606;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 4, seed });
    const zk = await h.session();
    const from = mark(h);
    const json = '{"version":2,"partitions":{"2":[3],"1":[3],"0":[3]},"adding_replicas":{},"removing_replicas":{}}';
    await zk.create('/brokers/topics/create_topic_byhand_zk', enc(json));
    await h.settle();

    expect(await text(zk, '/brokers/topics/create_topic_byhand_zk'), m).toBe(json);
    expect(await zk.exists('/config/topics/create_topic_byhand_zk'), m).toBeNull();
    for (const p of [0, 1, 2])
      expect(await text(zk, `/brokers/topics/create_topic_byhand_zk/partitions/${p}/state`), m).toBe(stateJson(1, 3, 0, [3]));

    const ctx = controllerOf(h).context;
    expect(ctx.allTopics.has('create_topic_byhand_zk'), m).toBe(true);
    for (const p of [0, 1, 2]) {
      expect(ctx.partitionState(tp('create_topic_byhand_zk', p)), m).toBe('OnlinePartition');
      expect(ctx.replicaState({ ...tp('create_topic_byhand_zk', p), replica: 3 }), m).toBe('OnlineReplica');
    }
    const newTopics = linesSince(h, from, 'controller.log').filter((l) => l.startsWith('[Controller id=0] New topics: '));
    expect(newTopics.length, m).toBe(1);
    expect(newTopics[0], m).toMatch(
      /^\[Controller id=0\] New topics: \[Set\(create_topic_byhand_zk\)\], deleted topics: \[Set\(\)\], new partition replica assignment \[Map\(.*\)\]$/,
    );
    for (const p of [0, 1, 2])
      expect(newTopics[0], m).toContain(`create_topic_byhand_zk-${p} -> ReplicaAssignment(replicas=3, addingReplicas=, removingReplicas=)`);
    // Phase by phase: every partition New, every replica NewReplica, every partition Online (leader = first
    // live replica), every replica OnlineReplica. Within a phase Kafka walks its Scala Map of the new
    // partitions (for this znode probably 2, 1, 0); the emulation goes in partition order, so only the
    // phases are compared in order.
    const changes = linesSince(h, from, 'state-change.log').filter((l) => /Changed partition|Changed state of replica/.test(l));
    const prefix = '[Controller id=0 epoch=1] ';
    const each = (line: (p: number) => string) => [0, 1, 2].map((p) => prefix + line(p));
    expect(changes.length, m).toBe(12);
    expect(changes.slice(0, 3).sort(), m).toEqual(
      each((p) => `Changed partition create_topic_byhand_zk-${p} state from NonExistentPartition to NewPartition with assigned replicas 3`),
    );
    expect(changes.slice(3, 6).sort(), m).toEqual(
      each((p) => `Changed state of replica 3 for partition create_topic_byhand_zk-${p} from NonExistentReplica to NewReplica`),
    );
    expect(changes.slice(6, 9).sort(), m).toEqual(
      each(
        (p) =>
          `Changed partition create_topic_byhand_zk-${p} from NewPartition to OnlinePartition with state LeaderAndIsr(leader=3, leaderEpoch=0, isr=List(3), zkVersion=0)`,
      ),
    );
    expect(changes.slice(9).sort(), m).toEqual(
      each((p) => `Changed state of replica 3 for partition create_topic_byhand_zk-${p} from NewReplica to OnlineReplica`),
    );
    // LeaderAndIsr only to broker 3; UpdateMetadata to all four.
    expect(
      requestsSince(h, from, 'LeaderAndIsr').map((r) => r.to),
      m,
    ).toEqual([3]);
    expect(leaderAndIsrSince(h, from, 'create_topic_byhand_zk').sort(), m).toEqual(
      [0, 1, 2].map((p) => `3:create_topic_byhand_zk-${p} leader=3 epoch=0 isr=[3] replicas=[3] new`),
    );
    expect(
      requestsSince(h, from, 'UpdateMetadata')
        .map((r) => r.to)
        .sort(),
      m,
    ).toEqual([0, 1, 2, 3]);
    for (const b of [0, 1, 2, 3])
      expect(
        h.cluster
          .broker(b)
          .metadataCache.partitionsOf('create_topic_byhand_zk')
          .map((s) => s.leader),
        `${m} broker ${b}`,
      ).toEqual([3, 3, 3]);

    // Three logs, on broker 3 only, created with the broker's defaults (there is no config znode).
    expect(partitionDirs(h, 3, 'create_topic_byhand_zk'), m).toEqual([
      'create_topic_byhand_zk-0',
      'create_topic_byhand_zk-1',
      'create_topic_byhand_zk-2',
    ]);
    for (const p of [0, 1, 2]) expectFreshLog(h, 3, `create_topic_byhand_zk-${p}`, 'leader');
    for (const b of [0, 1, 2]) expect(partitionDirs(h, b, 'create_topic_byhand_zk'), `${m} broker ${b}`).toEqual([]);
  });

  it('C7: a topic znode written while every broker is down is created by the failover of the next controller', async () => {
    const seed = 707;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const zk = await h.session();
    for (const id of [2, 1, 0]) await h.cluster.shutdownBroker(id);
    await h.settle();
    expect(h.cluster.runningBrokers(), m).toEqual([]);
    expect(await zk.exists('/controller'), m).toBeNull();
    expect((await zk.getChildren('/brokers/ids')).children, m).toEqual([]);

    // Nobody watches /brokers/topics now: the znode just sits there.
    const json = '{"version":2,"partitions":{"1":[1,2],"0":[0,1]},"adding_replicas":{},"removing_replicas":{}}';
    await zk.create('/brokers/topics/late', enc(json));
    await h.advance(60_000);
    expect((await zk.getChildren('/brokers/topics/late')).children, m).toEqual([]);

    // Broker 1 starts alone, wins the election (epoch 2) and its failover picks up the topic.
    const from = mark(h);
    await h.cluster.startBroker(1);
    await h.settle();
    const controller = controllerOf(h);
    expect(controller.config.brokerId, m).toBe(1);
    expect(controller.epoch, m).toBe(2);
    expect(await text(zk, '/controller_epoch'), m).toBe('2');
    expect(await text(zk, '/brokers/topics/late/partitions/0/state'), m).toBe(stateJson(2, 1, 0, [1]));
    expect(await text(zk, '/brokers/topics/late/partitions/1/state'), m).toBe(stateJson(2, 1, 0, [1]));
    const ctx = controller.context;
    expect(ctx.partitionState(tp('late', 0)), m).toBe('OnlinePartition');
    expect(ctx.partitionState(tp('late', 1)), m).toBe('OnlinePartition');
    expect(ctx.replicaState({ ...tp('late', 0), replica: 1 }), m).toBe('OnlineReplica');
    expect(ctx.replicaState({ ...tp('late', 0), replica: 0 }), m).toBe('OfflineReplica');
    expect(ctx.replicaState({ ...tp('late', 1), replica: 2 }), m).toBe('OfflineReplica');

    // No TopicChange: the failover itself (partition state machine startup) initialises the partitions.
    const controllerLines = linesSince(h, from, 'controller.log');
    expect(controllerLines, m).toContain('[Controller id=1] Current list of topics in the cluster: Set(late)');
    expect(
      controllerLines.some((l) => l.includes('New topics:')),
      m,
    ).toBe(false);
    const changes = linesSince(h, from, 'state-change.log').filter((l) => l.includes('Changed partition late-'));
    expect(changes.sort(), m).toEqual([
      '[Controller id=1 epoch=2] Changed partition late-0 from NewPartition to OnlinePartition with state LeaderAndIsr(leader=1, leaderEpoch=0, isr=List(1), zkVersion=0)',
      '[Controller id=1 epoch=2] Changed partition late-1 from NewPartition to OnlinePartition with state LeaderAndIsr(leader=1, leaderEpoch=0, isr=List(1), zkVersion=0)',
    ]);
    const ready = controllerLines.indexOf('[Controller id=1] Ready to serve as the new controller with epoch 2');
    expect(ready, m).toBeGreaterThan(-1);
    expect(leaderAndIsrSince(h, from, 'late').sort(), m).toEqual([
      '1:late-0 leader=1 epoch=0 isr=[1] replicas=[0,1] new',
      '1:late-1 leader=1 epoch=0 isr=[1] replicas=[1,2] new',
    ]);
    expectFreshLog(h, 1, 'late-0', 'leader');
    expectFreshLog(h, 1, 'late-1', 'leader');

    // The other brokers come back as followers of the new logs and rejoin the ISR.
    const rejoin = mark(h);
    await h.cluster.startBroker(0);
    await h.cluster.startBroker(2);
    await h.settle();
    expect(leaderAndIsrSince(h, rejoin, 'late').sort(), m).toEqual([
      '0:late-0 leader=1 epoch=0 isr=[1] replicas=[0,1]',
      '2:late-1 leader=1 epoch=0 isr=[1] replicas=[1,2]',
    ]);
    expectFreshLog(h, 0, 'late-0', 'follower');
    expectFreshLog(h, 2, 'late-1', 'follower');
    await h.advance(1000);
    expect(await text(zk, '/brokers/topics/late/partitions/0/state'), m).toBe(stateJson(2, 1, 0, [1, 0]));
    expect(await text(zk, '/brokers/topics/late/partitions/1/state'), m).toBe(stateJson(2, 1, 0, [1, 2]));
  });
});
