import { afterEach, describe, expect, it } from 'vitest';
import { ClusterHarness } from '../support/cluster-harness';
import {
  adminOf,
  controllerOf,
  CREATE,
  dec,
  enc,
  eventsSince,
  linesSince,
  linesWithThrowablesSince,
  mark,
  requestsSince,
  stateJson,
  text,
  topic,
  tp,
} from '../support/scenario';
import { expectFreshLog, leaderAndIsrSince, leaderEpochCheckpoint, partitionDirs, topicJson } from '../support/topic-scenario';

/** Deleting /controller by hand (K3): every broker re-runs the election, the winner fails over with epoch + 1. */
async function failover(h: ClusterHarness): Promise<void> {
  const zk = await h.session();
  await zk.delete('/controller');
  await h.settle();
}

describe('partition changes written by hand in ZooKeeper (A4-A7)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('A4: partitions added by hand to a topic queued for deletion are taken out again: the controller rewrites the topic znode', async () => {
    const seed = 1004;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const admin = adminOf(h);
    const zk = await h.session();
    const original = [
      [0, 1],
      [1, 2],
      [2, 0],
    ];
    expect((await admin.createTopics([topic('doomed', { assignment: original })], CREATE))[0].errorName, m).toBe('NONE');
    // Broker 2 is down, so the deletion cannot complete and the topic stays queued.
    h.cluster.killBroker(2);
    await h.advance(20_000);
    const deletion = admin.deleteTopics(['doomed'], 1000);
    await h.settle();
    await h.advance(1000);
    await deletion;
    const controller = controllerOf(h);
    expect(controller.topicDeletionManager.isTopicQueuedUpForDeletion('doomed'), m).toBe(true);
    expect(await zk.exists('/admin/delete_topics/doomed'), m).not.toBeNull();
    expect(await text(zk, '/brokers/topics/doomed'), m).toBe(topicJson(original));

    const from = mark(h);
    const grown = topicJson([...original, [0, 1]]);
    await zk.setData('/brokers/topics/doomed', enc(grown));
    await h.settle();

    // Back to the three partitions that have a partitions/<p> znode, in one fenced write.
    const after = await zk.getData('/brokers/topics/doomed');
    expect(dec(after.data), m).toBe(topicJson(original));
    expect(after.stat.version, m).toBe(2);
    expect((await zk.getChildren('/brokers/topics/doomed/partitions')).children.sort(), m).toEqual(['0', '1', '2']);
    expect(linesSince(h, from, 'controller.log'), m).toEqual([
      '[Controller id=0] Skipping adding partitions 3 for topic doomed since it is currently being deleted',
      '[Controller id=0] Restoring the partition replica assignment for topic doomed',
      // The rewrite fires the data watch once more; no partition is new then.
      '[Controller id=0] Ignoring partition change during topic deletion as no new partitions are added',
    ]);
    expect(
      eventsSince(h, from)
        .filter((e) => e.kind === 'log' && e.line.file === 'controller.log')
        .map((e) => (e.kind === 'log' ? e.line.level : '')),
      m,
    ).toEqual(['WARN', 'INFO', 'INFO']);
    expect(controller.context.partitionReplicaAssignment(tp('doomed', 3)), m).toEqual([]);
    expect(controller.context.partitionState(tp('doomed', 3)), m).toBe('NonExistentPartition');
    expect(requestsSince(h, from, 'LeaderAndIsr'), m).toEqual([]);
    for (const b of [0, 1]) expect(partitionDirs(h, b, 'doomed').includes('doomed-3'), `${m} broker ${b}`).toBe(false);
  });

  it('A5: a hand-written partitions/<p>/state blocks the initialisation of that partition when it is added (NODEEXISTS): no LeaderAndIsr, no log; other new partitions are created', async () => {
    const seed = 1005;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const admin = adminOf(h);
    const zk = await h.session();
    const original = [
      [0, 1],
      [1, 2],
      [2, 0],
    ];
    expect(
      (await admin.createTopics([topic('a5', { assignment: original }), topic('a5b', { assignment: original })], CREATE)).map(
        (r) => r.errorName,
      ),
      m,
    ).toEqual(['NONE', 'NONE']);
    const handWritten = stateJson(1, 0, 0, [0]);
    for (const t of ['a5', 'a5b']) {
      await zk.create(`/brokers/topics/${t}/partitions/3`, null);
      await zk.create(`/brokers/topics/${t}/partitions/3/state`, enc(handWritten));
    }
    await h.advance(5000);
    // Not watched: nothing happened.
    expect(controllerOf(h).context.partitionReplicaAssignment(tp('a5', 3)), m).toEqual([]);

    // Expansion by exactly that partition.
    const from = mark(h);
    const pending = admin.createPartitions([{ topic: 'a5', count: 4, assignments: null }], { timeoutMs: 5000, validateOnly: false });
    await h.settle();
    expect(await text(zk, '/brokers/topics/a5'), m).toBe(topicJson([...original, [0, 2]]));
    const state = await zk.getData('/brokers/topics/a5/partitions/3/state');
    expect([dec(state.data), state.stat.version], m).toEqual([handWritten, 0]);
    const ctx = controllerOf(h).context;
    expect(ctx.partitionState(tp('a5', 3)), m).toBe('NewPartition');
    expect(ctx.partitionLeadershipInfo.get(tp('a5', 3)), m).toBeUndefined();
    for (const r of [0, 2]) expect(ctx.replicaState({ ...tp('a5', 3), replica: r }), m).toBe('OnlineReplica');
    expect(linesWithThrowablesSince(h, from, 'state-change.log', 'ERROR'), m).toEqual([
      '[Controller id=0 epoch=1] Controller 0 epoch 1 failed to change state for partition a5-3 from NewPartition to OnlinePartition\norg.apache.zookeeper.KeeperException$NodeExistsException: KeeperErrorCode = NodeExists',
    ]);
    expect(requestsSince(h, from, 'LeaderAndIsr'), m).toEqual([]);
    expect(requestsSince(h, from, 'UpdateMetadata'), m).toEqual([]);
    for (const b of [0, 1, 2])
      expect(partitionDirs(h, b, 'a5'), `${m} broker ${b}`).toEqual(
        ['a5-0', 'a5-1', 'a5-2'].filter((d) => original[Number(d.slice(3))].includes(b)),
      );
    await h.advance(5000);
    expect((await pending)[0].errorName, m).toBe('REQUEST_TIMED_OUT');

    // Expansion by two: partition 3 is blocked the same way, partition 4 is created normally.
    const from2 = mark(h);
    const pending2 = admin.createPartitions(
      [
        {
          topic: 'a5b',
          count: 5,
          assignments: [
            [0, 2],
            [1, 0],
          ],
        },
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await h.settle();
    await h.advance(5000);
    expect((await pending2)[0].errorName, m).toBe('REQUEST_TIMED_OUT');
    expect(await text(zk, '/brokers/topics/a5b/partitions/3/state'), m).toBe(handWritten);
    expect(await text(zk, '/brokers/topics/a5b/partitions/4/state'), m).toBe(stateJson(1, 1, 0, [1, 0]));
    expect(ctx.partitionState(tp('a5b', 3)), m).toBe('NewPartition');
    expect(ctx.partitionState(tp('a5b', 4)), m).toBe('OnlinePartition');
    expect(leaderAndIsrSince(h, from2, 'a5b').sort(), m).toEqual([
      '0:a5b-4 leader=1 epoch=0 isr=[1,0] replicas=[1,0] new',
      '1:a5b-4 leader=1 epoch=0 isr=[1,0] replicas=[1,0] new',
    ]);
    expectFreshLog(h, 1, 'a5b-4', 'leader');
    expectFreshLog(h, 0, 'a5b-4', 'follower');
    for (const b of [0, 1, 2]) expect(partitionDirs(h, b, 'a5b').includes('a5b-3'), `${m} broker ${b}`).toBe(false);
  });

  it('A6: hand-written, edited and deleted state znodes are not watched; the next controller failover adopts them and re-creates the deleted ones', async () => {
    const seed = 1006;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const zk = await h.session();
    expect(
      (
        await adminOf(h).createTopics(
          [
            topic('a6', {
              assignment: [
                [0, 1],
                [1, 2],
                [2, 0],
              ],
            }),
          ],
          CREATE,
        )
      )[0].errorName,
      m,
    ).toBe('NONE');
    await h.settle();
    const oldState1 = await zk.getData('/brokers/topics/a6/partitions/1/state');

    const from = mark(h);
    await zk.setData('/brokers/topics/a6/partitions/0/state', enc(stateJson(1, 1, 5, [1, 0]))); // leader moved by hand
    await zk.delete('/brokers/topics/a6/partitions/1/state');
    await zk.create('/brokers/topics/a6/partitions/3', null); // a partition the topic does not have
    await zk.create('/brokers/topics/a6/partitions/3/state', enc(stateJson(1, 2, 0, [2])));
    await h.advance(10_000);
    // Nothing: no controller event, no request, the caches and brokers as before.
    // (The controller's periodic auto leader rebalance check runs, and finds nothing to do.)
    const activity = eventsSince(h, from).filter(
      (e) =>
        e.kind === 'channel' ||
        (e.kind === 'controller' && 'event' in e.notice && e.notice.event.type !== 'AutoPreferredReplicaLeaderElection'),
    );
    expect(activity, m).toEqual([]);
    const ctx = controllerOf(h).context;
    expect(ctx.partitionLeadershipInfo.get(tp('a6', 0))?.leaderAndIsr, m).toEqual({ leader: 0, leaderEpoch: 0, isr: [0, 1], zkVersion: 0 });
    expect(ctx.partitionLeadershipInfo.get(tp('a6', 1))?.leaderAndIsr.leader, m).toBe(1);
    expect(h.cluster.broker(0).metadataCache.getPartitionInfo('a6', 0)?.leader, m).toBe(0);
    expect(h.cluster.broker(1).metadataCache.getPartitionInfo('a6', 3), m).toBeUndefined();
    expect(await zk.exists('/brokers/topics/a6/partitions/1/state'), m).toBeNull();

    const fo = mark(h);
    await failover(h);
    const controller = controllerOf(h);
    expect(controller.epoch, m).toBe(2);
    const c = controller.config.brokerId;
    // a6-0: the hand-written leadership is read and pushed to the replicas as it is.
    expect(controller.context.partitionLeadershipInfo.get(tp('a6', 0)), m).toEqual({
      leaderAndIsr: { leader: 1, leaderEpoch: 5, isr: [1, 0], zkVersion: 1 },
      controllerEpoch: 1,
    });
    expect(controller.context.partitionState(tp('a6', 0)), m).toBe('OnlinePartition');
    expect(
      leaderAndIsrSince(h, fo, 'a6')
        .filter((l) => l.includes('a6-0'))
        .sort(),
      m,
    ).toEqual(['0:a6-0 leader=1 epoch=5 isr=[1,0] replicas=[0,1]', '1:a6-0 leader=1 epoch=5 isr=[1,0] replicas=[0,1]']);
    expect(await text(zk, '/brokers/topics/a6/partitions/0/state'), m).toBe(stateJson(1, 1, 5, [1, 0]));
    expect(
      h.cluster
        .broker(1)
        .replicaManager?.hostedPartitions()
        .find((p) => p.name === 'a6-0')?.isLeader,
      m,
    ).toBe(true);
    expect(leaderEpochCheckpoint(h, 1, 'a6-0'), m).toBe('0\n1\n5 0\n');
    for (const b of [0, 1, 2]) expect(h.cluster.broker(b).metadataCache.getPartitionInfo('a6', 0)?.leader, `${m} broker ${b}`).toBe(1);

    // a6-1: no state znode → NewPartition → initialised again by the new controller (epoch 2, leader epoch 0).
    const state1 = await zk.getData('/brokers/topics/a6/partitions/1/state');
    expect(dec(state1.data), m).toBe(stateJson(2, 1, 0, [1, 2]));
    expect(state1.stat.czxid, m).toBeGreaterThan(oldState1.stat.czxid);
    expect(linesSince(h, fo, 'state-change.log'), m).toContain(
      `[Controller id=${c} epoch=2] Changed partition a6-1 from NewPartition to OnlinePartition with state LeaderAndIsr(leader=1, leaderEpoch=0, isr=List(1, 2), zkVersion=0)`,
    );
    // The brokers already have leader epoch 0 for it: they ignore the request.
    expect(
      linesSince(h, fo, 'state-change.log').filter((l) =>
        l.includes('a6-1 since its associated leader epoch 0 matches the current leader epoch'),
      ).length,
      m,
    ).toBe(2);

    // a6-3: not in the assignment, so the controller never reads it; the node stays as written.
    expect(await text(zk, '/brokers/topics/a6/partitions/3/state'), m).toBe(stateJson(1, 2, 0, [2]));
    expect(controller.context.partitionLeadershipInfo.get(tp('a6', 3)), m).toBeUndefined();
    expect(
      leaderAndIsrSince(h, fo, 'a6').some((l) => l.includes('a6-3')),
      m,
    ).toBe(false);
    for (const b of [0, 1, 2]) expect(partitionDirs(h, b, 'a6').includes('a6-3'), `${m} broker ${b}`).toBe(false);
  });

  it('A7: editing the replicas of existing partitions by hand is ignored until a failover; then the new replicas follow the old leader', async () => {
    const seed = 1007;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const zk = await h.session();
    // The seed's topic: three partitions, one replica each, all on broker 1.
    await zk.create(
      '/brokers/topics/a7',
      enc('{"version":2,"partitions":{"2":[1],"1":[1],"0":[1]},"adding_replicas":{},"removing_replicas":{}}'),
    );
    await h.settle();
    expect(partitionDirs(h, 1, 'a7'), m).toEqual(['a7-0', 'a7-1', 'a7-2']);

    const from = mark(h);
    await zk.setData(
      '/brokers/topics/a7',
      enc('{"version":2,"partitions":{"2":[2],"1":[1],"0":[0]},"adding_replicas":{},"removing_replicas":{}}'),
    );
    await h.settle();
    // The controller handles the data change (PartitionModifications) but adds nothing and moves nothing.
    const handled = eventsSince(h, from)
      .filter((e) => e.kind === 'controller' && e.notice.kind === 'event-started')
      .map((e) => (e.kind === 'controller' && 'event' in e.notice ? e.notice.event.type : ''));
    expect(handled, m).toEqual(['PartitionModifications']);
    expect(linesSince(h, from, 'controller.log'), m).toEqual([]);
    expect(requestsSince(h, from, 'LeaderAndIsr'), m).toEqual([]);
    expect(controllerOf(h).context.partitionReplicaAssignment(tp('a7', 0)), m).toEqual([1]);
    for (const b of [0, 2]) expect(partitionDirs(h, b, 'a7'), `${m} broker ${b}`).toEqual([]);

    // After a failover the new controller caches the edited assignment; the state znodes still say leader 1.
    const fo = mark(h);
    await failover(h);
    const controller = controllerOf(h);
    const ctx = controller.context;
    expect(
      [0, 1, 2].map((p) => ctx.partitionReplicaAssignment(tp('a7', p))),
      m,
    ).toEqual([[0], [1], [2]]);
    for (const p of [0, 1, 2]) {
      expect(await text(zk, `/brokers/topics/a7/partitions/${p}/state`), `${m} a7-${p}`).toBe(stateJson(1, 1, 0, [1]));
      // Leader 1 is alive: the partitions count as Online, no election happens.
      expect(ctx.partitionState(tp('a7', p)), `${m} a7-${p}`).toBe('OnlinePartition');
      expect(ctx.replicaState({ ...tp('a7', p), replica: [0, 1, 2][p] }), `${m} a7-${p}`).toBe('OnlineReplica');
    }
    // Each new replica is told to follow leader 1, which is not one of its replicas any more.
    expect(leaderAndIsrSince(h, fo, 'a7').sort(), m).toEqual([
      '0:a7-0 leader=1 epoch=0 isr=[1] replicas=[0]',
      '1:a7-1 leader=1 epoch=0 isr=[1] replicas=[1]',
      '2:a7-2 leader=1 epoch=0 isr=[1] replicas=[2]',
    ]);
    expectFreshLog(h, 0, 'a7-0', 'follower');
    expectFreshLog(h, 2, 'a7-2', 'follower');
    for (const b of [0, 1, 2]) {
      const cache = h.cluster.broker(b).metadataCache;
      expect(
        [0, 1, 2].map((p) => `${cache.getPartitionInfo('a7', p)?.leader}:${cache.getPartitionInfo('a7', p)?.replicas.join(',')}`),
        `${m} broker ${b}`,
      ).toEqual(['1:0', '1:1', '1:2']);
    }
    // Broker 1 keeps the old logs and still leads a7-0 and a7-2 with itself as only replica; nothing is deleted.
    expect(partitionDirs(h, 1, 'a7'), m).toEqual(['a7-0', 'a7-1', 'a7-2']);
    expect(
      h.cluster
        .broker(1)
        .replicaManager?.hostedPartitions()
        .filter((p) => p.isLeader)
        .map((p) => p.name)
        .sort(),
      m,
    ).toEqual(['a7-0', 'a7-1', 'a7-2']);
    // The followers never get into the ISR: the ISR stays [1].
    await h.advance(60_000);
    for (const p of [0, 2])
      expect(await text(zk, `/brokers/topics/a7/partitions/${p}/state`), `${m} a7-${p}`).toBe(stateJson(1, 1, 0, [1]));
  });
});
