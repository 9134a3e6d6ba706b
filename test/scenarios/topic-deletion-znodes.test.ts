import { afterEach, describe, expect, it } from 'vitest';
import { ClusterHarness } from '../support/cluster-harness';
import {
  createTopic,
  deleteAll,
  deleteDirPattern,
  logManagerEvents,
  partitionTransitions,
  replicaTransitions,
  sentSince,
  topicDirs,
  topicRequests,
} from '../support/deletion-support';
import { adminOf, controllerOf, dec, enc, linesSince, znodeTree } from '../support/scenario';

/**
 * Topic deletion driven from ZooKeeper, as a person with zkCli or the node editor would
 * (scenarios D2, D3, D8, D9; seed 002's Q&A): markers under `/admin/delete_topics` with deletion
 * disabled or for topics that do not exist, a hand-written marker, and a topic znode deleted by hand.
 */
describe('topic deletion from ZooKeeper (D2, D3, D8, D9)', () => {
  let harness: ClusterHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it('D2 delete.topic.enable=false: DeleteTopics answers TOPIC_DELETION_DISABLED; the controller removes every marker, running or at failover, and deletes nothing', async () => {
    const h = (harness = await ClusterHarness.create({ brokers: 3, seed: 21, brokerConfig: { 'delete.topic.enable': 'false' } }));
    await createTopic(h, 'keep', [[0, 1]]);
    const zk = await h.session();
    const tree = await znodeTree(zk, '/brokers/topics/keep');
    const mark = h.events.length;

    expect(await adminOf(h).deleteTopics(['keep'], 30000)).toEqual([
      { name: 'keep', errorCode: 73, errorName: 'TOPIC_DELETION_DISABLED', errorMessage: null },
    ]);
    await h.settle();
    expect((await zk.getChildren('/admin/delete_topics')).children).toEqual([]);

    // Markers written by hand, one for the topic and one for a topic that does not exist.
    await zk.multi([
      { type: 'create', path: '/admin/delete_topics/keep', data: null },
      { type: 'create', path: '/admin/delete_topics/ghost', data: null },
    ]);
    await h.settle();
    expect((await zk.getChildren('/admin/delete_topics')).children).toEqual([]);
    expect(linesSince(h, mark, 'controller.log')).toEqual([
      '[Controller id=0] Delete topics listener fired for topics ghost,keep to be deleted',
      '[Controller id=0] Ignoring request to delete non-existing topics ghost',
      '[Controller id=0] Removing Set(keep) since delete topic is disabled',
      // The removals fire the child watch again: nothing left, and 2.5 still logs the (empty) removal.
      '[Controller id=0] Delete topics listener fired for topics  to be deleted',
      '[Controller id=0] Removing Set() since delete topic is disabled',
    ]);
    expect(sentSince(h, mark)).toEqual([]);
    expect(await znodeTree(zk, '/brokers/topics/keep')).toEqual(tree);
    expect(dec((await zk.getData('/config/topics/keep')).data)).toBe('{"version":1,"config":{}}');
    expect(controllerOf(h).topicDeletionManager.isTopicQueuedUpForDeletion('keep')).toBe(false);

    // At failover: markers written while no controller is alive are removed by the new controller's
    // TopicDeletionManager.init.
    for (const b of [0, 1, 2]) h.cluster.killBroker(b);
    await h.advance(20_000);
    expect(await zk.exists('/controller')).toBeNull();
    await zk.create('/admin/delete_topics/keep', null);
    await zk.create('/admin/delete_topics/ghost', null);
    const failover = h.events.length;
    await h.cluster.startBroker(0);
    await h.settle();
    expect((await zk.getChildren('/admin/delete_topics')).children).toEqual([]);
    const lines = linesSince(h, failover, 'controller.log');
    expect(lines).toContain('[Controller id=0] List of topics to be deleted: ghost,keep');
    expect(lines).toContain('[Topic Deletion Manager 0] Removing Set(ghost, keep) since delete topic is disabled');
    expect(lines.some((l) => l.includes('Deletion of topic'))).toBe(false);
    expect(await znodeTree(zk, '/brokers/topics/keep')).toEqual(tree);
    expect(topicDirs(h, 0, 'keep')).toEqual(['keep-0']);
    expect(topicDirs(h, 1, 'keep')).toEqual(['keep-0']);
    expect(topicRequests(h, 'keep', failover).filter((r) => r.includes('StopReplica') || r.includes(':-2'))).toEqual([]);
  });

  it('D3 markers for topics that do not exist are removed: at once by the running controller, through a vacuous "completion" at failover', async () => {
    const h = (harness = await ClusterHarness.create({ brokers: 3, seed: 31 }));
    await createTopic(h, 'real', [[1, 2]]);
    const zk = await h.session();
    let mark = h.events.length;
    await zk.multi([
      { type: 'create', path: '/admin/delete_topics/ghost', data: null },
      { type: 'create', path: '/admin/delete_topics/real', data: null },
    ]);
    await h.settle();
    expect((await zk.getChildren('/admin/delete_topics')).children).toEqual([]);
    expect(await zk.exists('/brokers/topics/real')).toBeNull();
    expect(await zk.exists('/brokers/topics/ghost')).toBeNull();
    const lines = linesSince(h, mark, 'controller.log');
    expect(lines.slice(0, 3)).toEqual([
      '[Controller id=0] Delete topics listener fired for topics ghost,real to be deleted',
      '[Controller id=0] Ignoring request to delete non-existing topics ghost',
      '[Controller id=0] Starting topic deletion for topics real',
    ]);
    expect(lines).toContain('[Topic Deletion Manager 0] Deletion of topic real successfully completed');
    expect(lines.some((l) => l.includes('Deletion of topic ghost'))).toBe(false);
    expect(topicRequests(h, 'ghost', mark)).toEqual([]);

    // A marker written while the controller's broker is dead (its /controller znode lingers until the
    // session expires): the next controller queues it at failover and, the topic having no replica,
    // finds "all replicas deleted" and completes it, which deletes the marker.
    h.cluster.killBroker(0);
    await h.settle();
    await zk.create('/admin/delete_topics/ghost', null);
    await h.advance(10_000);
    expect(await zk.exists('/admin/delete_topics/ghost')).not.toBeNull();
    mark = h.events.length;
    await h.advance(10_000);
    const controller = controllerOf(h);
    expect(controller.config.brokerId).not.toBe(0);
    const id = controller.config.brokerId;
    expect(await zk.exists('/admin/delete_topics/ghost')).toBeNull();
    const failoverLines = linesSince(h, mark, 'controller.log');
    expect(failoverLines).toContain(`[Controller id=${id}] List of topics to be deleted: ghost`);
    expect(failoverLines).toContain(`[Topic Deletion Manager ${id}] Deletion of topic ghost successfully completed`);
    expect(failoverLines.some((l) => l.includes('Ignoring request to delete non-existing topics'))).toBe(false);
    expect(topicRequests(h, 'ghost', mark)).toEqual([]);
  });

  it('D8 a hand-written /admin/delete_topics/<t> behaves exactly like DeleteTopics: same requests, transitions, log lines, znodes and files', async () => {
    const run = async (trigger: 'api' | 'znode') => {
      const hx = await ClusterHarness.create({ brokers: 3, seed: 81 });
      try {
        await createTopic(hx, 'twin', [
          [0, 1],
          [1, 2],
          [2, 0],
        ]);
        const zk = await hx.session();
        const mark = hx.events.length;
        if (trigger === 'api') {
          const r = adminOf(hx).deleteTopics(['twin'], 30000);
          await hx.settle();
          expect((await r)[0].errorName).toBe('NONE');
        } else {
          // zkCli: create /admin/delete_topics/twin "whatever" — the data is never read.
          await zk.create('/admin/delete_topics/twin', enc('whatever'));
          await hx.settle();
        }
        const deleted = {
          topic: await znodeTree(zk, '/brokers/topics/twin'),
          config: await zk.exists('/config/topics/twin'),
          marker: await zk.exists('/admin/delete_topics/twin'),
        };
        const dirsAfterRename = [0, 1, 2].map((b) => topicDirs(hx, b, 'twin'));
        await hx.advance(60_000);
        return {
          requests: sentSince(hx, mark).map((s) => `${s.controller}->${s.to}: ${s.text}`),
          partitions: partitionTransitions(hx, 'twin', mark),
          replicas: replicaTransitions(hx, 'twin', mark),
          controllerLog: linesSince(hx, mark, 'controller.log'),
          stateChangeLog: hx.events
            .slice(mark)
            .flatMap((e) =>
              e.kind === 'log' && e.line.file === 'state-change.log' ? [`${e.brokerId} ${e.line.level} ${e.line.message}`] : [],
            ),
          deleted,
          dirsAfterRename,
          dirsAfterDelay: [0, 1, 2].map((b) => topicDirs(hx, b, 'twin')),
        };
      } finally {
        await hx.close();
      }
    };
    const api = await run('api');
    const byHand = await run('znode');
    expect(byHand).toEqual(api);
    expect(api.deleted).toEqual({ topic: [], config: null, marker: null });
    expect(api.controllerLog).toContain('[Topic Deletion Manager 0] Deletion of topic twin successfully completed');
    expect(api.dirsAfterRename).toEqual([
      [expect.stringMatching(deleteDirPattern('twin', 0)), expect.stringMatching(deleteDirPattern('twin', 2))],
      [expect.stringMatching(deleteDirPattern('twin', 0)), expect.stringMatching(deleteDirPattern('twin', 1))],
      [expect.stringMatching(deleteDirPattern('twin', 1)), expect.stringMatching(deleteDirPattern('twin', 2))],
    ]);
    expect(api.dirsAfterDelay).toEqual([[], [], []]);
    expect(api.requests.filter((r) => r.includes('StopReplica(delete=true)'))).toEqual([
      '0->0: StopReplica(delete=true) twin-0,twin-2',
      '0->1: StopReplica(delete=true) twin-0,twin-1',
      '0->2: StopReplica(delete=true) twin-1,twin-2',
    ]);
  });

  it('D9 deleting /brokers/topics/<t> by hand: the controller forgets the topic and sends nothing; the log dirs stay on disk as orphans', async () => {
    const h = (harness = await ClusterHarness.create({ brokers: 3, seed: 91 }));
    await createTopic(
      h,
      'orphan',
      [
        [0, 1],
        [1, 2],
      ],
      { 'cleanup.policy': 'compact' },
    );
    await h.advance(1000);
    const zk = await h.session();
    const mark = h.events.length;

    // zkCli: deleteall /brokers/topics/orphan (children first).
    await deleteAll(zk, '/brokers/topics/orphan');
    await h.settle();
    expect(linesSince(h, mark, 'controller.log')).toEqual([
      '[Controller id=0] New topics: [Set()], deleted topics: [Set(orphan)], new partition replica assignment [Map()]',
    ]);
    expect(sentSince(h, mark)).toEqual([]);
    const ctx = controllerOf(h).context;
    expect(ctx.allTopics.has('orphan')).toBe(false);
    expect(ctx.partitionsForTopic('orphan')).toEqual([]);
    expect(ctx.partitionLeadershipInfo.has({ topic: 'orphan', partition: 0 })).toBe(false);
    // Nobody else cleans up: the config and the brokers' views are left as they were.
    expect(dec((await zk.getData('/config/topics/orphan')).data)).toBe('{"version":1,"config":{"cleanup.policy":"compact"}}');
    expect(await zk.exists('/admin/delete_topics/orphan')).toBeNull();
    expect([0, 1, 2].map((b) => h.cluster.broker(b).metadataCache.contains('orphan'))).toEqual([true, true, true]);
    expect(
      [0, 1, 2].map(
        (b) =>
          h.cluster
            .broker(b)
            .replicaManager?.hostedPartitions()
            .filter((p) => p.topicPartition.topic === 'orphan').length,
      ),
    ).toEqual([1, 2, 1]);

    // Ten minutes later the dirs are still there, never renamed, never deleted.
    await h.advance(600_000);
    expect(topicDirs(h, 0, 'orphan')).toEqual(['orphan-0']);
    expect(topicDirs(h, 1, 'orphan')).toEqual(['orphan-0', 'orphan-1']);
    expect(topicDirs(h, 2, 'orphan')).toEqual(['orphan-1']);
    expect(logManagerEvents(h, 'partition-dir-renamed-for-deletion', mark)).toEqual([]);
    expect(topicRequests(h, 'orphan', mark)).toEqual([]);

    // DeleteTopics now passes the metadata cache check (the brokers still list the topic) and fails on
    // the missing znode, writing nothing.
    expect(await adminOf(h).deleteTopics(['orphan'], 30000)).toEqual([
      { name: 'orphan', errorCode: 3, errorName: 'UNKNOWN_TOPIC_OR_PARTITION', errorMessage: null },
    ]);
    await h.settle();
    expect((await zk.getChildren('/admin/delete_topics')).children).toEqual([]);
    expect([0, 1, 2].flatMap((b) => topicDirs(h, b, 'orphan'))).toHaveLength(4);
  });
});
