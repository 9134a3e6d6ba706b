import { afterEach, describe, expect, it } from 'vitest';
import type { PartitionOutcome } from '../../src-main/core/controller/controller-events';
import { ClusterHarness } from '../support/cluster-harness';
import { ZnodeReader } from '../support/controller-scenario';
import {
  adminOf,
  byPartition,
  controllerEvents,
  drive,
  killAndExpire,
  linesSince,
  linesWithThrowablesSince,
  sentRequests,
  stateJson,
  topicZnode,
  tp,
} from '../support/scenario';

/**
 * Broker 1 dies and comes back: the partitions it preferred are led by broker 2, and broker 1 is
 * back in their ISR (one fetch, 500 ms later). Returns the reader.
 */
async function leadershipMovedAwayFromBroker1(h: ClusterHarness, topics: Record<string, Record<number, number[]>>): Promise<ZnodeReader> {
  const zk = await ZnodeReader.open(h);
  for (const [topic, partitions] of Object.entries(topics)) await zk.write(`/brokers/topics/${topic}`, topicZnode(partitions));
  await h.settle();
  await killAndExpire(h, 1);
  await h.cluster.startBroker(1);
  await h.settle();
  await h.advance(500);
  return zk;
}

/** K6: preferred replica leader election — the znode, the auto rebalance and the ElectLeaders API. */
describe('preferred leader election (K6)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('K6: a hand-written /admin/preferred_replica_election moves leadership back to the preferred replicas; the znode is deleted and watched again', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 301, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    const zk = await leadershipMovedAwayFromBroker1(h, { t: { 0: [1, 2], 1: [2, 1], 2: [1, 0] } });
    expect(await zk.stateText('t', 0)).toBe(stateJson(1, 2, 1, [2, 1]));
    expect(await zk.stateText('t', 2)).toBe(stateJson(1, 0, 1, [0, 1]));
    expect(await zk.stateText('t', 1)).toBe(stateJson(1, 2, 1, [2, 1]));

    const mark = h.events.length;
    await zk.write(
      '/admin/preferred_replica_election',
      '{"version":1,"partitions":[{"topic":"t","partition":0},{"topic":"t","partition":1},{"topic":"nope","partition":0}]}',
    );
    await h.settle();

    // t-0: leader 1 again, same ISR, epoch + 1; t-1 already had its preferred leader; the unknown partition is skipped.
    expect(await zk.stateText('t', 0)).toBe(stateJson(1, 1, 2, [2, 1]));
    expect(await zk.stateText('t', 1)).toBe(stateJson(1, 2, 1, [2, 1]));
    // t-2 was not listed: not touched.
    expect(await zk.stateText('t', 2)).toBe(stateJson(1, 0, 1, [0, 1]));
    expect(await zk.exists('/admin/preferred_replica_election')).toBe(false);
    // One ReplicaLeaderElection for the znode, one more queued after deleting it, to watch the path again.
    expect(controllerEvents(h, 0, mark).filter((e) => e === 'ReplicaLeaderElection').length).toBe(2);
    expect(h.zkServer.watchesOf(h.cluster.broker(0).sessionId as bigint).data).toContain('/admin/preferred_replica_election');

    const log = linesSince(h, mark, 'controller.log', 0);
    expect(log).toEqual([
      "[Controller id=0] Skipping replica leader election (PREFERRED) for partition nope-0 by ZkTriggered since it doesn't exist.",
      '[Controller id=0] Starting replica leader election (PREFERRED) for partitions t-0 triggered by ZkTriggered',
      '[Controller id=0] Partition t-0 completed preferred replica leader election. New leader is 1',
    ]);
    expect(linesSince(h, mark, 'state-change.log', 0)).toContain(
      '[Controller id=0 epoch=1] Changed partition t-0 from OnlinePartition to OnlinePartition with state LeaderAndIsr(leader=1, leaderEpoch=2, isr=List(2, 1), zkVersion=3)',
    );
    // PreferredReplica strategy: LeaderAndIsr to every assigned replica.
    const lai = sentRequests(h, mark, 0).filter((s) => s.request.apiKey === 'LeaderAndIsr');
    expect(lai.map((s) => s.to)).toEqual([1, 2]);
    expect(h.cluster.broker(1).replicaManager?.getPartition(tp('t', 0))).toMatchObject({ leader: 1, leaderEpoch: 2 });

    // The watch was re-armed: a second znode is processed too. t-2's preferred replica (1) is in the ISR.
    await zk.write('/admin/preferred_replica_election', '{"version":1,"partitions":[{"topic":"t","partition":2}]}');
    await h.settle();
    expect(await zk.stateText('t', 2)).toBe(stateJson(1, 1, 2, [0, 1]));
    expect(await zk.exists('/admin/preferred_replica_election')).toBe(false);
  });

  it('K6: a preferred replica that is not in the ISR cannot be elected; the znode is still deleted', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 302, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    const zk = await ZnodeReader.open(h);
    await zk.write('/brokers/topics/t', topicZnode({ 0: [1, 2] }));
    await h.settle();
    await killAndExpire(h, 1);
    expect(await zk.stateText('t', 0)).toBe(stateJson(1, 2, 1, [2]));
    const mark = h.events.length;
    await zk.write('/admin/preferred_replica_election', '{"version":1,"partitions":[{"topic":"t","partition":0}]}');
    await h.settle();
    expect(await zk.stateText('t', 0)).toBe(stateJson(1, 2, 1, [2]));
    expect(await zk.exists('/admin/preferred_replica_election')).toBe(false);
    expect(linesSince(h, mark, 'controller.log', 0)).toContain(
      '[Controller id=0] Partition t-0 failed to complete preferred replica leader election to 1. Leader is still 2',
    );
    expect(linesWithThrowablesSince(h, mark, 'state-change.log', 'ERROR')).toContain(
      '[Controller id=0 epoch=1] Controller 0 epoch 1 failed to change state for partition t-0 from OnlinePartition to OnlinePartition\nkafka.common.StateChangeFailedException: Failed to elect leader for partition t-0 under strategy PreferredReplicaPartitionLeaderElectionStrategy',
    );
  });

  it('K6: the auto rebalance checks 5 s after failover, then every leader.imbalance.check.interval.seconds (300 s), and elects where imbalance > 10%', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 303 });
    const failoverAt = h.time.nowMs();
    // Broker 1 prefers 10 partitions: 9 of "solo" (RF 1, they come back to it when it returns) and 1 of "pair".
    const solo = Object.fromEntries(Array.from({ length: 9 }, (_, p) => [p, [1]]));
    const zk = await leadershipMovedAwayFromBroker1(h, { solo, pair: { 0: [1, 2] } });
    expect(await zk.stateText('pair', 0)).toBe(stateJson(1, 2, 1, [2, 1]));
    expect(await zk.stateText('solo', 0)).toBe(stateJson(1, 1, 2, [1]));
    const autoAt = () =>
      h.events
        .filter(
          (e) =>
            e.kind === 'controller' &&
            e.brokerId === 0 &&
            e.notice.kind === 'event-started' &&
            e.notice.event.type === 'AutoPreferredReplicaLeaderElection',
        )
        .map((e) => e.timeMs);
    expect(autoAt()).toEqual([failoverAt + 5000]);

    // Next check at 305 s: 1 of 10 partitions led elsewhere is a ratio of 0.1, not more than 10%: nothing happens.
    await h.advance(failoverAt + 305_000 - h.time.nowMs());
    expect(autoAt()).toEqual([failoverAt + 5000, failoverAt + 305_000]);
    expect(await zk.stateText('pair', 0)).toBe(stateJson(1, 2, 1, [2, 1]));
    expect(h.logLines('controller.log', 0)).toContain('[Controller id=0] Leader imbalance ratio for broker 1 is 0.1');

    // One more partition preferring broker 1 but led by 2 (added with broker 1 down) → 2 of 11.
    await drive(h, h.cluster.shutdownBroker(1));
    await zk.zk.setData('/brokers/topics/pair', new TextEncoder().encode(topicZnode({ 0: [1, 2], 1: [1, 2] })));
    await h.settle();
    expect(await zk.stateText('pair', 1)).toBe(stateJson(1, 2, 0, [2]));
    await h.cluster.startBroker(1);
    await h.settle();
    await h.advance(500);
    expect(await zk.stateText('pair', 1)).toBe(stateJson(1, 2, 0, [2, 1]));
    // pair-0 lost broker 1 from its ISR at the clean shutdown (epoch 2) and got it back by fetching.
    expect(await zk.stateText('pair', 0)).toBe(stateJson(1, 2, 2, [2, 1]));
    const mark = h.events.length;
    await h.advance(failoverAt + 605_000 - h.time.nowMs() - 1);
    expect(await zk.stateText('pair', 1)).toBe(stateJson(1, 2, 0, [2, 1]));
    await h.advance(1);
    expect(autoAt().at(-1)).toBe(failoverAt + 605_000);
    expect(await zk.stateText('pair', 0)).toBe(stateJson(1, 1, 3, [2, 1]));
    expect(await zk.stateText('pair', 1)).toBe(stateJson(1, 1, 1, [2, 1]));
    const log = linesSince(h, mark, 'controller.log', 0);
    expect(log).toContain('[Controller id=0] Processing automatic preferred replica leader election');
    expect(log).toContain(
      '[Controller id=0] Starting replica leader election (PREFERRED) for partitions pair-0,pair-1 triggered by AutoTriggered',
    );
    expect(log).toContain('[Controller id=0] Partition pair-1 completed preferred replica leader election. New leader is 1');
    // The auto rebalance never touches /admin/preferred_replica_election.
    expect(await zk.exists('/admin/preferred_replica_election')).toBe(false);
  });

  it('K6: ElectLeaders (PREFERRED and UNCLEAN) through ClusterAdmin, with its per-partition errors', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 304, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    const admin = adminOf(h);
    const zk = await leadershipMovedAwayFromBroker1(h, { t: { 0: [1, 2], 1: [2, 0] }, u: { 0: [1, 2] }, v: { 0: [1] }, w: { 0: [1, 0] } });
    expect(await zk.stateText('t', 0)).toBe(stateJson(1, 2, 1, [2, 1]));

    const preferred = (await admin.electLeaders('PREFERRED', [tp('t', 0), tp('t', 1), tp('t', 9)])) as PartitionOutcome[];
    expect([...preferred].sort(byPartition)).toEqual([
      { partition: tp('t', 0), errorCode: 0, message: null },
      { partition: tp('t', 1), errorCode: 84, message: 'Leader election not needed for topic partition.' },
      { partition: tp('t', 9), errorCode: 3, message: 'The partition does not exist.' },
    ]);
    expect(await zk.stateText('t', 0)).toBe(stateJson(1, 1, 2, [2, 1]));
    // The API path never writes the znode.
    expect(await zk.exists('/admin/preferred_replica_election')).toBe(false);
    expect(h.logLines('controller.log', 0)).toContain(
      '[Controller id=0] Starting replica leader election (PREFERRED) for partitions t-0 triggered by AdminClientTriggered',
    );

    // u-0 ends with an ISR of [1] and broker 1 dead (broker 2 came back too late to rejoin): leader −1.
    expect(await zk.stateText('u', 0)).toBe(stateJson(1, 2, 1, [2, 1]));
    await killAndExpire(h, 2);
    expect(await zk.stateText('u', 0)).toBe(stateJson(1, 1, 2, [1]));
    await h.cluster.startBroker(2);
    await h.settle();
    await killAndExpire(h, 1);
    expect(await zk.stateText('u', 0)).toBe(stateJson(1, -1, 3, [1]));
    expect(await zk.state('v', 0)).toMatchObject({ leader: -1, isr: [1] });
    // w is queued for deletion; with a replica on the dead broker its deletion cannot proceed.
    await zk.write('/admin/delete_topics/w', '');
    await h.settle();
    expect(h.cluster.activeController()?.topicDeletionManager.isTopicQueuedUpForDeletion('w')).toBe(true);

    const noPreferred = (await admin.electLeaders('PREFERRED', [tp('u', 0)])) as PartitionOutcome[];
    expect(noPreferred).toEqual([
      {
        partition: tp('u', 0),
        errorCode: 80,
        message: 'Failed to elect leader for partition u-0 under strategy PreferredReplicaPartitionLeaderElectionStrategy',
      },
    ]);

    const mark = h.events.length;
    const unclean = (await admin.electLeaders('UNCLEAN', [
      tp('u', 0),
      tp('v', 0),
      tp('t', 1),
      tp('w', 0),
      tp('x', 0),
    ])) as PartitionOutcome[];
    expect([...unclean].sort(byPartition)).toEqual([
      { partition: tp('t', 1), errorCode: 84, message: 'Leader election not needed for topic partition.' },
      { partition: tp('u', 0), errorCode: 0, message: null },
      {
        partition: tp('v', 0),
        errorCode: 83,
        message: 'Failed to elect leader for partition v-0 under strategy OfflinePartitionLeaderElectionStrategy(true)',
      },
      { partition: tp('w', 0), errorCode: 17, message: 'The topic is being deleted' },
      { partition: tp('x', 0), errorCode: 3, message: 'The partition does not exist.' },
    ]);
    // An admin's UNCLEAN election may pick a replica outside the ISR even though the config says false.
    expect(await zk.stateText('u', 0)).toBe(stateJson(1, 2, 4, [2]));
    expect(h.cluster.broker(2).replicaManager?.getPartition(tp('u', 0))).toMatchObject({ leader: 2, leaderEpoch: 4, isr: [2] });
    const log = linesSince(h, mark, 'controller.log', 0);
    expect(log).toContain(
      "[Controller id=0] Skipping replica leader election (UNCLEAN) for partition x-0 by AdminClientTriggered since it doesn't exist.",
    );
    expect(log).toContain(
      '[Controller id=0] Skipping replica leader election (UNCLEAN) for partitions w-0 by AdminClientTriggered since the respective topics are being deleted',
    );
    expect(log).toContain(
      '[Controller id=0] Starting replica leader election (UNCLEAN) for partitions u-0,v-0 triggered by AdminClientTriggered',
    );
  });
});
