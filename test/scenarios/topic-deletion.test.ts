import { afterEach, describe, expect, it } from 'vitest';
import { ClusterHarness } from '../support/cluster-harness';
import {
  createTopic,
  deleteDirPattern,
  logManagerEvents,
  partitionTransitions,
  replicaTransitions,
  topicDirs,
  topicRequests,
  track,
} from '../support/deletion-support';
import { adminOf, controllerOf, dec, linesSince, znodeTree } from '../support/scenario';

/**
 * Topic deletion as Kafka 2.5 does it (scenarios D1 and D4; seed 002): DeleteTopics' checks and
 * waiting, and the controller's flow from `/admin/delete_topics/<t>` to the last `-delete` dir.
 * D2, D3, D8, D9 are in topic-deletion-znodes.test.ts, D5 and D7 in topic-deletion-failures.test.ts,
 * D6 in topic-deletion-reassignment.test.ts.
 */
describe('topic deletion (D1, D4)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('D4 deletes a topic in Kafka 2.5 order: partitions Offline→NonExistent, UpdateMetadata with leader −2 to all, StopReplica only to hosting brokers, znodes, then the -delete dirs 60 s later', async () => {
    h = await ClusterHarness.create({ brokers: 4, seed: 41 });
    // Broker 3 hosts nothing: it must get the UpdateMetadata and nothing else.
    await createTopic(
      h,
      'orders',
      [
        [1, 2],
        [2, 0],
      ],
      { 'retention.ms': '3600000' },
    );
    const zk = await h.session();
    expect(dec((await zk.getData('/config/topics/orders')).data)).toBe('{"version":1,"config":{"retention.ms":"3600000"}}');
    expect(await znodeTree(zk, '/brokers/topics/orders')).toEqual([
      '/brokers/topics/orders',
      '/brokers/topics/orders/partitions',
      '/brokers/topics/orders/partitions/0',
      '/brokers/topics/orders/partitions/0/state',
      '/brokers/topics/orders/partitions/1',
      '/brokers/topics/orders/partitions/1/state',
    ]);

    const mark = h.events.length;
    const t0 = h.time.nowMs();
    const result = adminOf(h).deleteTopics(['orders'], 30000);
    await h.settle();
    expect(await result).toEqual([{ name: 'orders', errorCode: 0, errorName: 'NONE', errorMessage: null }]);

    // The requests, in the order the controller sent them.
    expect(topicRequests(h, 'orders', mark)).toEqual([
      '0: UpdateMetadata orders-0:-2,orders-1:-2',
      '1: UpdateMetadata orders-0:-2,orders-1:-2',
      '2: UpdateMetadata orders-0:-2,orders-1:-2',
      '3: UpdateMetadata orders-0:-2,orders-1:-2',
      '0: StopReplica(delete=false) orders-1',
      '1: StopReplica(delete=false) orders-0',
      '2: StopReplica(delete=false) orders-0,orders-1',
      '0: StopReplica(delete=true) orders-1',
      '1: StopReplica(delete=true) orders-0',
      '2: StopReplica(delete=true) orders-0,orders-1',
    ]);

    // Partitions first (in memory only), then each replica through the four deletion states.
    const partitions = partitionTransitions(h, 'orders', mark);
    expect(partitions).toEqual([
      'orders-0 OnlinePartition→OfflinePartition',
      'orders-1 OnlinePartition→OfflinePartition',
      'orders-0 OfflinePartition→NonExistentPartition',
      'orders-1 OfflinePartition→NonExistentPartition',
    ]);
    const replicas = replicaTransitions(h, 'orders', mark);
    for (const r of ['orders-0@1', 'orders-0@2', 'orders-1@2', 'orders-1@0']) {
      expect(replicas.filter((t) => t.startsWith(`${r} `))).toEqual([
        `${r} OnlineReplica→OfflineReplica`,
        `${r} OfflineReplica→ReplicaDeletionStarted`,
        `${r} ReplicaDeletionStarted→ReplicaDeletionSuccessful`,
        `${r} ReplicaDeletionSuccessful→NonExistentReplica`,
      ]);
    }
    expect(replicas).toHaveLength(16);
    // Every replica is offline before the first one is started (two batches: delete=false, then delete=true).
    const lastOffline = replicas.map((t) => t.endsWith('→OfflineReplica')).lastIndexOf(true);
    expect(replicas.findIndex((t) => t.endsWith('→ReplicaDeletionStarted'))).toBe(lastOffline + 1);

    const lines = linesSince(h, mark, 'controller.log');
    expect(lines).toContain('[Controller id=0] Delete topics listener fired for topics orders to be deleted');
    expect(lines).toContain('[Controller id=0] Starting topic deletion for topics orders');
    expect(lines).toContain('[Topic Deletion Manager 0] Deletion of topic orders (re)started');
    expect(lines).toContain('[Topic Deletion Manager 0] Deletion of topic orders successfully completed');

    // The znodes: topic (children first), config, marker.
    expect(await znodeTree(zk, '/brokers/topics/orders')).toEqual([]);
    expect(await zk.exists('/config/topics/orders')).toBeNull();
    expect(await zk.exists('/admin/delete_topics/orders')).toBeNull();
    expect((await zk.getChildren('/admin/delete_topics')).children).toEqual([]);
    expect(controllerOf(h).context.allTopics.has('orders')).toBe(false);
    expect(h.cluster.brokerIds().map((b) => h.cluster.broker(b).metadataCache.contains('orders'))).toEqual([false, false, false, false]);

    // The files: renamed at once, removed exactly file.delete.delay.ms later.
    expect(topicDirs(h, 0, 'orders')).toEqual([expect.stringMatching(deleteDirPattern('orders', 1))]);
    expect(topicDirs(h, 1, 'orders')).toEqual([expect.stringMatching(deleteDirPattern('orders', 0))]);
    expect(topicDirs(h, 2, 'orders')).toEqual([
      expect.stringMatching(deleteDirPattern('orders', 0)),
      expect.stringMatching(deleteDirPattern('orders', 1)),
    ]);
    expect(topicDirs(h, 3, 'orders')).toEqual([]);
    const renamed = logManagerEvents(h, 'partition-dir-renamed-for-deletion', mark);
    expect(renamed.map((r) => `${r.brokerId}:${r.event.topicPartition.partition}`).sort()).toEqual(['0:1', '1:0', '2:0', '2:1']);
    expect(renamed.every((r) => r.event.deleteAtMs === t0 + 60_000)).toBe(true);

    await h.advance(59_999);
    expect([0, 1, 2].map((b) => topicDirs(h, b, 'orders').length)).toEqual([1, 1, 2]);
    await h.advance(1);
    expect([0, 1, 2, 3].flatMap((b) => topicDirs(h, b, 'orders'))).toEqual([]);
    const removed = logManagerEvents(h, 'partition-dir-removed', mark);
    expect(removed).toHaveLength(4);
    expect(removed.every((r) => r.timeMs === t0 + 60_000)).toBe(true);
  });

  it('D1 DeleteTopics of an unknown topic answers UNKNOWN_TOPIC_OR_PARTITION and writes nothing; the known ones in the same request are deleted', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 11 });
    await createTopic(h, 'known', [[0, 1]]);
    const zk = await h.session();
    const mark = h.events.length;

    expect(await adminOf(h).deleteTopics(['nope'], 30000)).toEqual([
      { name: 'nope', errorCode: 3, errorName: 'UNKNOWN_TOPIC_OR_PARTITION', errorMessage: null },
    ]);
    await h.settle();
    expect((await zk.getChildren('/admin/delete_topics')).children).toEqual([]);
    expect(topicRequests(h, 'nope', mark)).toEqual([]);
    expect(linesSince(h, mark, 'controller.log').filter((l) => l.includes('delete'))).toEqual([]);

    const both = adminOf(h).deleteTopics(['nope', 'known'], 30000);
    await h.settle();
    expect(await both).toEqual([
      { name: 'nope', errorCode: 3, errorName: 'UNKNOWN_TOPIC_OR_PARTITION', errorMessage: null },
      { name: 'known', errorCode: 0, errorName: 'NONE', errorMessage: null },
    ]);
    expect(await zk.exists('/brokers/topics/known')).toBeNull();
    expect(await zk.exists('/admin/delete_topics/nope')).toBeNull();
  });

  it('D1 timeout ≤ 0 answers REQUEST_TIMED_OUT at once, and the deletion still runs', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 12 });
    await createTopic(h, 'zero', [[0, 1]]);
    await createTopic(h, 'negative', [[1, 2]]);
    const zk = await h.session();
    // The handling broker (0, the controller) is cut off from the controller's requests: its metadata
    // cache cannot change, so any waiting would never end.
    h.cluster.faults.set(0, { kind: 'cut' });
    const t0 = h.time.nowMs();
    expect(await adminOf(h).deleteTopics(['zero'], 0)).toEqual([
      { name: 'zero', errorCode: 7, errorName: 'REQUEST_TIMED_OUT', errorMessage: null },
    ]);
    expect(await adminOf(h).deleteTopics(['negative', 'unknown'], -1)).toEqual([
      { name: 'negative', errorCode: 7, errorName: 'REQUEST_TIMED_OUT', errorMessage: null },
      { name: 'unknown', errorCode: 3, errorName: 'UNKNOWN_TOPIC_OR_PARTITION', errorMessage: null },
    ]);
    expect(h.time.nowMs()).toBe(t0);
    await h.settle();
    // The markers were written; `negative` (no replica on broker 0) is already gone, `zero` waits for broker 0.
    expect(await zk.exists('/brokers/topics/negative')).toBeNull();
    expect(await zk.exists('/admin/delete_topics/zero')).not.toBeNull();
    h.cluster.faults.set(0, null);
    await h.settle();
    expect(await zk.exists('/brokers/topics/zero')).toBeNull();
    expect(await zk.exists('/admin/delete_topics/zero')).toBeNull();
    expect(h.logLines('controller.log')).toContain('[Topic Deletion Manager 0] Deletion of topic zero successfully completed');
  });

  it('D1 waits on the handling broker’s metadata cache: a second request finds the marker, is answered NONE and waits too; the first times out with REQUEST_TIMED_OUT', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 13 });
    await createTopic(h, 'slow', [[0, 1]]);
    const zk = await h.session();
    // Broker 0 handles the requests (it is the controller) and hosts a replica: with its link cut, neither
    // the UpdateMetadata (leader −2) nor the StopReplica reaches it.
    h.cluster.faults.set(0, { kind: 'cut' });
    const first = track(adminOf(h).deleteTopics(['slow'], 10_000));
    await h.settle();
    const marker = await zk.exists('/admin/delete_topics/slow');
    expect(marker).not.toBeNull();
    expect(controllerOf(h).context.topicsToBeDeleted.has('slow')).toBe(true);
    expect(h.cluster.broker(0).metadataCache.contains('slow')).toBe(true);
    expect(h.cluster.broker(1).metadataCache.contains('slow')).toBe(false);
    expect(first.done).toBe(false);

    await h.advance(3000);
    const second = track(adminOf(h).deleteTopics(['slow'], 10_000));
    await h.settle();
    expect(second.done).toBe(false);
    // The marker was not written again: same node, same czxid.
    expect((await zk.exists('/admin/delete_topics/slow'))?.czxid).toBe(marker?.czxid);

    await h.advance(6999);
    expect(first.done).toBe(false);
    await h.advance(1);
    expect(first.value).toEqual([{ name: 'slow', errorCode: 7, errorName: 'REQUEST_TIMED_OUT', errorMessage: null }]);
    expect(second.done).toBe(false);
    // The deletion itself goes on: the marker stays while broker 0's replica is not deleted.
    expect(await zk.exists('/admin/delete_topics/slow')).not.toBeNull();

    h.cluster.faults.set(0, null);
    await h.settle();
    expect(second.value).toEqual([{ name: 'slow', errorCode: 0, errorName: 'NONE', errorMessage: null }]);
    expect(await znodeTree(zk, '/brokers/topics/slow')).toEqual([]);
    expect(await zk.exists('/admin/delete_topics/slow')).toBeNull();
    expect(topicDirs(h, 0, 'slow')).toEqual([expect.stringMatching(deleteDirPattern('slow', 0))]);
  });

  it('D1 answers NONE as soon as the handling broker’s metadata cache drops the topic, even while other replicas are still being deleted', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 14 });
    await createTopic(h, 'half', [[1, 2]]);
    const zk = await h.session();
    h.cluster.faults.set(2, { kind: 'cut' });
    const result = track(adminOf(h).deleteTopics(['half'], 30_000));
    await h.settle();
    expect(result.value).toEqual([{ name: 'half', errorCode: 0, errorName: 'NONE', errorMessage: null }]);
    expect(await zk.exists('/brokers/topics/half')).not.toBeNull();
    expect(await zk.exists('/admin/delete_topics/half')).not.toBeNull();
    h.cluster.faults.set(2, null);
    await h.settle();
    expect(await zk.exists('/brokers/topics/half')).toBeNull();
  });

  it('D1 a regex deletes every topic it matches in full (kafka-topics --delete --topic "create_topic_byhand_zk.*")', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 15 });
    for (const t of ['create_topic_byhand_zk', 'create_topic_byhand_zk1', 'create_topic_byhand_zk_2', 'my_create_topic_byhand_zk', 'other'])
      await createTopic(h, t, [[0, 1]]);
    const zk = await h.session();
    const results = adminOf(h).deleteTopicsMatching('create_topic_byhand_zk.*', 30000);
    await h.settle();
    expect((await results).map((r) => `${r.name}:${r.errorName}`)).toEqual([
      'create_topic_byhand_zk:NONE',
      'create_topic_byhand_zk1:NONE',
      'create_topic_byhand_zk_2:NONE',
    ]);
    expect([...(await zk.getChildren('/brokers/topics')).children].sort()).toEqual(['my_create_topic_byhand_zk', 'other']);
    expect((await zk.getChildren('/admin/delete_topics')).children).toEqual([]);
    const completed = h.logLines('controller.log').filter((l) => l.endsWith('successfully completed') && l.includes('Deletion of topic'));
    expect(completed.sort()).toEqual([
      '[Topic Deletion Manager 0] Deletion of topic create_topic_byhand_zk successfully completed',
      '[Topic Deletion Manager 0] Deletion of topic create_topic_byhand_zk1 successfully completed',
      '[Topic Deletion Manager 0] Deletion of topic create_topic_byhand_zk_2 successfully completed',
    ]);
    expect(topicDirs(h, 0, 'other')).toEqual(['other-0']);
  });
});
