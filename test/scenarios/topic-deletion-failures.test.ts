import { afterEach, describe, expect, it } from 'vitest';
import { ClusterHarness } from '../support/cluster-harness';
import {
  createTopic,
  deleteDirPattern,
  logManagerEvents,
  replicaStates,
  replicaTransitions,
  sentSince,
  topicDirs,
  topicRequests,
} from '../support/deletion-support';
import { adminOf, controllerOf, linesSince, znodeTree } from '../support/scenario';

/** Transitions of one replica (`t-0@2`) out of `replicaTransitions`' list. */
const of = (transitions: string[], replica: string): string[] =>
  transitions.filter((t) => t.startsWith(`${replica} `)).map((t) => t.slice(replica.length + 1));

/**
 * Topic deletion when something fails on the way (scenarios D5 and D7; seed 002 "删除过程有Broker不在线"):
 * a broker hosting a replica is down, or dies mid-way, and the controller itself fails over.
 * The 'cut' link fault holds the controller's requests to one broker, so a deletion can be caught
 * half done.
 */
describe('topic deletion with failures (D5, D7)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('D5 a replica on a dead broker: its replicas go ReplicaDeletionIneligible, the topic is ineligible and the marker stays; the broker’s return resumes and completes the deletion', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 51 });
    await createTopic(h, 'events', [
      [1, 2],
      [2, 0],
    ]);
    const zk = await h.session();
    h.cluster.killBroker(2);
    await h.advance(20_000); // past the 18 s session timeout
    expect((await zk.getChildren('/brokers/ids')).children).toEqual(['0', '1']);
    const tree = await znodeTree(zk, '/brokers/topics/events');

    const mark = h.events.length;
    const t0 = h.time.nowMs();
    const result = adminOf(h).deleteTopics(['events'], 30000);
    await h.settle();
    // The handling broker's cache dropped the topic: the request succeeds although the deletion is stuck.
    expect(await result).toEqual([{ name: 'events', errorCode: 0, errorName: 'NONE', errorMessage: null }]);
    expect(topicRequests(h, 'events', mark)).toEqual([
      '0: UpdateMetadata events-0:-2,events-1:-2',
      '1: UpdateMetadata events-0:-2,events-1:-2',
      '0: StopReplica(delete=false) events-1',
      '1: StopReplica(delete=false) events-0',
      '0: StopReplica(delete=true) events-1',
      '1: StopReplica(delete=true) events-0',
    ]);
    const transitions = replicaTransitions(h, 'events', mark);
    for (const dead of ['events-0@2', 'events-1@2'])
      expect(of(transitions, dead)).toEqual(['OfflineReplica→ReplicaDeletionIneligible', 'ReplicaDeletionIneligible→OfflineReplica']);
    for (const alive of ['events-0@1', 'events-1@0']) {
      expect(of(transitions, alive)).toEqual([
        'OnlineReplica→OfflineReplica',
        'OfflineReplica→ReplicaDeletionStarted',
        'ReplicaDeletionStarted→ReplicaDeletionSuccessful',
      ]);
    }
    expect(linesSince(h, mark, 'controller.log')).toEqual(
      expect.arrayContaining([
        '[Topic Deletion Manager 0] Dead Replicas ([Topic=events,Partition=0,Replica=2],[Topic=events,Partition=1,Replica=2]) found for topic events',
        '[Topic Deletion Manager 0] Halted deletion of topics events due to offline replicas',
        '[Topic Deletion Manager 0] Retrying deletion of topics events since replicas [Topic=events,Partition=0,Replica=2],[Topic=events,Partition=1,Replica=2] were not successfully deleted',
      ]),
    );
    const c = controllerOf(h);
    expect(c.context.topicsIneligibleForDeletion.has('events')).toBe(true);
    expect(replicaStates(c, 'events')).toEqual({
      'events-0@1': 'ReplicaDeletionSuccessful',
      'events-0@2': 'OfflineReplica',
      'events-1@2': 'OfflineReplica',
      'events-1@0': 'ReplicaDeletionSuccessful',
    });
    expect(await zk.exists('/admin/delete_topics/events')).not.toBeNull();
    expect(await znodeTree(zk, '/brokers/topics/events')).toEqual(tree);
    expect(await zk.exists('/config/topics/events')).not.toBeNull();
    expect(topicDirs(h, 0, 'events')).toEqual([expect.stringMatching(deleteDirPattern('events', 1))]);
    expect(topicDirs(h, 1, 'events')).toEqual([expect.stringMatching(deleteDirPattern('events', 0))]);
    expect(topicDirs(h, 2, 'events')).toEqual(['events-0', 'events-1']);

    // Nothing more happens while broker 2 is down; the dirs already renamed go after their 60 s.
    const wait = h.events.length;
    await h.advance(120_000);
    expect(topicRequests(h, 'events', wait)).toEqual([]);
    expect(await zk.exists('/admin/delete_topics/events')).not.toBeNull();
    expect([0, 1].flatMap((b) => topicDirs(h, b, 'events'))).toEqual([]);
    expect(logManagerEvents(h, 'partition-dir-removed', mark).map((e) => e.timeMs)).toEqual([t0 + 60_000, t0 + 60_000]);

    const back = h.events.length;
    await h.cluster.startBroker(2);
    await h.settle();
    const t1 = h.time.nowMs();
    expect(linesSince(h, back, 'controller.log')).toEqual(
      expect.arrayContaining([
        '[Controller id=0] Some replicas [Topic=events,Partition=0,Replica=2],[Topic=events,Partition=1,Replica=2] for topics scheduled for deletion events are on the newly restarted brokers 2. Signaling restart of topic deletion for these topics',
        '[Topic Deletion Manager 0] Deletion of topic events (re)started',
        '[Topic Deletion Manager 0] Deletion of topic events successfully completed',
      ]),
    );
    // Only broker 2 is asked to stop and delete; the others' replicas are already ReplicaDeletionSuccessful.
    expect(topicRequests(h, 'events', back).filter((r) => r.includes('StopReplica'))).toEqual([
      '2: StopReplica(delete=false) events-0,events-1',
      '2: StopReplica(delete=true) events-0,events-1',
    ]);
    expect(of(replicaTransitions(h, 'events', back), 'events-0@2')).toEqual([
      'OfflineReplica→OnlineReplica',
      'OnlineReplica→OfflineReplica',
      'OfflineReplica→ReplicaDeletionStarted',
      'ReplicaDeletionStarted→ReplicaDeletionSuccessful',
      'ReplicaDeletionSuccessful→NonExistentReplica',
    ]);
    expect(await znodeTree(zk, '/brokers/topics/events')).toEqual([]);
    expect(await zk.exists('/config/topics/events')).toBeNull();
    expect(await zk.exists('/admin/delete_topics/events')).toBeNull();
    expect(topicDirs(h, 2, 'events')).toEqual([
      expect.stringMatching(deleteDirPattern('events', 0)),
      expect.stringMatching(deleteDirPattern('events', 1)),
    ]);
    await h.advance(59_999);
    expect(topicDirs(h, 2, 'events')).toHaveLength(2);
    await h.advance(1);
    expect(topicDirs(h, 2, 'events')).toEqual([]);
    expect(logManagerEvents(h, 'partition-dir-removed', back).map((e) => `${e.brokerId}@${e.timeMs - t1}`)).toEqual(['2@60000', '2@60000']);
  });

  it('D5 a broker dying while its StopReplica is outstanding: ReplicaDeletionStarted → ReplicaDeletionIneligible at its failure, deletion resumes when it returns', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 52 });
    await createTopic(h, 'events', [
      [1, 2],
      [2, 0],
    ]);
    const zk = await h.session();
    h.cluster.faults.set(2, { kind: 'cut' });
    const result = adminOf(h).deleteTopics(['events'], 30000);
    await h.settle();
    expect((await result)[0].errorName).toBe('NONE');
    const c = controllerOf(h);
    expect(replicaStates(c, 'events')).toEqual({
      'events-0@1': 'ReplicaDeletionSuccessful',
      'events-0@2': 'ReplicaDeletionStarted',
      'events-1@2': 'ReplicaDeletionStarted',
      'events-1@0': 'ReplicaDeletionSuccessful',
    });
    expect(c.context.topicsIneligibleForDeletion.has('events')).toBe(false);

    h.cluster.killBroker(2);
    const mark = h.events.length;
    await h.advance(20_000);
    expect(linesSince(h, mark, 'controller.log')).toEqual(
      expect.arrayContaining([
        '[Controller id=0] Broker failure callback for 2',
        '[Topic Deletion Manager 0] Deletion failed for replicas [Topic=events,Partition=0,Replica=2],[Topic=events,Partition=1,Replica=2]. Halting deletion for topics Set(events)',
        '[Topic Deletion Manager 0] Halted deletion of topics events due to replica deletion failure',
      ]),
    );
    const transitions = replicaTransitions(h, 'events', mark);
    for (const r of ['events-0@2', 'events-1@2'])
      expect(of(transitions, r)).toEqual(['ReplicaDeletionStarted→ReplicaDeletionIneligible', 'ReplicaDeletionIneligible→OfflineReplica']);
    expect(c.context.topicsIneligibleForDeletion.has('events')).toBe(true);
    expect(await zk.exists('/admin/delete_topics/events')).not.toBeNull();
    expect(topicDirs(h, 2, 'events')).toEqual(['events-0', 'events-1']);

    // The requests held for broker 2 went with its channel: after the link is restored and the broker
    // restarted, it gets only what the controller sends from now on.
    h.cluster.faults.set(2, null);
    const back = h.events.length;
    await h.cluster.startBroker(2);
    await h.settle();
    expect(
      sentSince(h, back)
        .filter((s) => s.to === 2 && s.text.includes('StopReplica'))
        .map((s) => s.text),
    ).toEqual(['StopReplica(delete=false) events-0,events-1', 'StopReplica(delete=true) events-0,events-1']);
    expect(linesSince(h, back, 'controller.log')).toContain('[Topic Deletion Manager 0] Deletion of topic events successfully completed');
    expect(await znodeTree(zk, '/brokers/topics/events')).toEqual([]);
    expect(await zk.exists('/admin/delete_topics/events')).toBeNull();
    expect(topicDirs(h, 2, 'events')).toEqual([
      expect.stringMatching(deleteDirPattern('events', 0)),
      expect.stringMatching(deleteDirPattern('events', 1)),
    ]);
  });

  it('D7 controller failover mid-deletion (/controller deleted by hand): the new controller reads /admin/delete_topics, restarts the deletion from the beginning and completes it', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 71 });
    await createTopic(h, 'orders', [
      [1, 2],
      [2, 1],
    ]);
    const zk = await h.session();
    h.cluster.faults.set(2, { kind: 'cut' });
    const t0 = h.time.nowMs();
    const result = adminOf(h).deleteTopics(['orders'], 30000);
    await h.settle();
    expect((await result)[0].errorName).toBe('NONE');
    expect(replicaStates(controllerOf(h), 'orders')).toEqual({
      'orders-0@1': 'ReplicaDeletionSuccessful',
      'orders-0@2': 'ReplicaDeletionStarted',
      'orders-1@2': 'ReplicaDeletionStarted',
      'orders-1@1': 'ReplicaDeletionSuccessful',
    });
    expect(topicDirs(h, 1, 'orders')).toEqual([
      expect.stringMatching(deleteDirPattern('orders', 0)),
      expect.stringMatching(deleteDirPattern('orders', 1)),
    ]);
    expect(topicDirs(h, 2, 'orders')).toEqual(['orders-0', 'orders-1']);

    await h.advance(5000);
    const t1 = h.time.nowMs();
    const mark = h.events.length;
    await zk.delete('/controller');
    await h.settle();
    const c = controllerOf(h);
    const id = c.config.brokerId;
    expect(c.epoch).toBe(2);
    expect(linesSince(h, mark, 'controller.log')).toEqual(
      expect.arrayContaining([
        `[Controller id=${id}] List of topics to be deleted: orders`,
        `[Controller id=${id}] List of topics ineligible for deletion: `,
        `[Topic Deletion Manager ${id}] Initializing manager with initial deletions: Set(orders), initial ineligible deletions: Set()`,
        `[Topic Deletion Manager ${id}] Deletion of topic orders (re)started`,
      ]),
    );
    // The new controller knows nothing of the old one's progress: every replica starts again from
    // OnlineReplica (the state machine's startup sends LeaderAndIsr to the live replicas, so broker 1
    // re-creates the logs it had already deleted), then the whole deletion runs again.
    const transitions = replicaTransitions(h, 'orders', mark);
    expect(of(transitions, 'orders-0@1')).toEqual([
      'OnlineReplica→OnlineReplica',
      'OnlineReplica→OfflineReplica',
      'OfflineReplica→ReplicaDeletionStarted',
      'ReplicaDeletionStarted→ReplicaDeletionSuccessful',
    ]);
    expect(of(transitions, 'orders-0@2')).toEqual([
      'OnlineReplica→OnlineReplica',
      'OnlineReplica→OfflineReplica',
      'OfflineReplica→ReplicaDeletionStarted',
    ]);
    expect(
      sentSince(h, mark)
        .filter((s) => s.to === 1 && s.text.includes('orders'))
        .map((s) => `${s.controller}: ${s.text}`),
    ).toEqual([
      `${id}: LeaderAndIsr orders-0:-1,orders-1:-1`,
      `${id}: UpdateMetadata orders-0:-2,orders-1:-2`,
      `${id}: UpdateMetadata orders-0:-2,orders-1:-2`,
      `${id}: StopReplica(delete=false) orders-0,orders-1`,
      `${id}: StopReplica(delete=true) orders-0,orders-1`,
    ]);
    expect(topicDirs(h, 1, 'orders')).toHaveLength(4);
    expect(await zk.exists('/admin/delete_topics/orders')).not.toBeNull();

    // Broker 2's link comes back: it gets the new controller's requests only (the old controller's
    // queue was dropped when it resigned), and the deletion completes.
    const restored = h.events.length;
    h.cluster.faults.set(2, null);
    await h.settle();
    const toBroker2 = sentSince(h, restored).filter((s) => s.to === 2);
    expect(toBroker2.every((s) => s.controller === id && s.request.controllerEpoch === 2)).toBe(true);
    expect(toBroker2.filter((s) => s.text.includes('StopReplica')).map((s) => s.text)).toEqual([
      'StopReplica(delete=false) orders-0,orders-1',
      'StopReplica(delete=true) orders-0,orders-1',
    ]);
    expect(linesSince(h, restored, 'controller.log')).toContain(
      `[Topic Deletion Manager ${id}] Deletion of topic orders successfully completed`,
    );
    expect(await znodeTree(zk, '/brokers/topics/orders')).toEqual([]);
    expect(await zk.exists('/config/topics/orders')).toBeNull();
    expect(await zk.exists('/admin/delete_topics/orders')).toBeNull();

    // Each -delete dir goes 60 s after its own rename: broker 1's first pair at t0 + 60 s, the rest at t1 + 60 s.
    await h.advance(t0 + 60_000 - h.time.nowMs());
    expect(topicDirs(h, 1, 'orders')).toHaveLength(2);
    expect(topicDirs(h, 2, 'orders')).toHaveLength(2);
    await h.advance(t1 + 60_000 - h.time.nowMs() - 1);
    expect(topicDirs(h, 1, 'orders')).toHaveLength(2);
    await h.advance(1);
    expect([0, 1, 2].flatMap((b) => topicDirs(h, b, 'orders'))).toEqual([]);
  });

  it('D7 controller failover mid-deletion (the controller’s broker killed): after its session expires another broker takes over and finishes the deletion; the old controller, restarted, does not know the topic', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 72 });
    await createTopic(h, 'orders', [[1, 2]]);
    const zk = await h.session();
    // Broker 2's StopReplica and broker 0's own UpdateMetadata (leader −2) are held: broker 0 dies
    // still listing the topic.
    h.cluster.faults.set(2, { kind: 'cut' });
    h.cluster.faults.set(0, { kind: 'cut' });
    adminOf(h)
      .deleteTopics(['orders'], 30000)
      .catch(() => undefined);
    await h.settle();
    expect(h.cluster.broker(0).metadataCache.contains('orders')).toBe(true);
    h.cluster.killBroker(0);
    h.cluster.faults.set(0, null);
    await h.advance(10_000);
    // Until the session expires nobody is in charge: the marker and the topic stay.
    expect(h.cluster.activeController()).toBeNull();
    expect(await zk.exists('/admin/delete_topics/orders')).not.toBeNull();
    const mark = h.events.length;
    await h.advance(10_000);
    const c = controllerOf(h);
    const id = c.config.brokerId;
    expect(id).not.toBe(0);
    expect(c.epoch).toBe(2);
    expect(linesSince(h, mark, 'controller.log')).toContain(`[Controller id=${id}] List of topics to be deleted: orders`);
    expect(c.context.topicsToBeDeleted.has('orders')).toBe(true);
    expect(await zk.exists('/admin/delete_topics/orders')).not.toBeNull();

    h.cluster.faults.set(2, null);
    await h.settle();
    expect(linesSince(h, mark, 'controller.log')).toContain(
      `[Topic Deletion Manager ${id}] Deletion of topic orders successfully completed`,
    );
    expect(await znodeTree(zk, '/brokers/topics/orders')).toEqual([]);
    expect(await zk.exists('/admin/delete_topics/orders')).toBeNull();
    expect(topicDirs(h, 2, 'orders')).toEqual([expect.stringMatching(deleteDirPattern('orders', 0))]);

    // A restarted broker starts with an empty metadata cache and learns only what the controller sends.
    await h.cluster.startBroker(0);
    await h.settle();
    expect(h.cluster.broker(0).metadataCache.getAllTopics()).toEqual([]);
    expect(await adminOf(h).deleteTopics(['orders'], 30000)).toEqual([
      { name: 'orders', errorCode: 3, errorName: 'UNKNOWN_TOPIC_OR_PARTITION', errorMessage: null },
    ]);
  });
});
