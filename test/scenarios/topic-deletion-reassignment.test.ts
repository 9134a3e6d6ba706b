import { afterEach, describe, expect, it } from 'vitest';
import { ClusterHarness } from '../support/cluster-harness';
import { createTopic, deleteDirPattern, replicaStates, sentSince, topicDirs, topicRequests } from '../support/deletion-support';
import { adminOf, controllerOf, dec, enc, linesSince, linesWithThrowablesSince, znodeTree } from '../support/scenario';

const REASSIGN = '{"version":1,"partitions":[{"topic":"moving","partition":0,"replicas":[1,3]}]}';
/** moving-0 [1,2] being reassigned to [1,3]: RS = [1,3,2], AR = [3], RR = [2]. */
const REASSIGNING_ZNODE = '{"version":2,"partitions":{"0":[1,3,2]},"adding_replicas":{"0":[3]},"removing_replicas":{"0":[2]}}';

/** Brokers 0–2 running, broker 3 defined but down; `moving` = p0 [1,2], reassigned from ZooKeeper to [1,3]: stuck. */
async function stuckReassignment(seed: number): Promise<ClusterHarness> {
  const h = await ClusterHarness.create({ brokers: 4, seed, start: false });
  for (const b of [0, 1, 2]) await h.cluster.startBroker(b);
  await h.settle();
  await createTopic(h, 'moving', [[1, 2]]);
  const zk = await h.session();
  await zk.create('/admin/reassign_partitions', enc(REASSIGN));
  await h.settle();
  await h.advance(10_000);
  expect(dec((await zk.getData('/brokers/topics/moving')).data)).toBe(REASSIGNING_ZNODE);
  expect(controllerOf(h).context.partitionsBeingReassigned.has({ topic: 'moving', partition: 0 })).toBe(true);
  return h;
}

/**
 * Deletion of a topic whose partition is being reassigned (scenario D6; seed 002 "在重新分配的过程中,
 * 如果执行删除操作会怎么样"). What Kafka 2.5 really does depends on when the topic was queued:
 * - queued when a controller fails over (or already queued when a reassignment step runs): the topic
 *   is ineligible and waits;
 * - queued by a new request while the controller runs: `markTopicIneligibleForDeletion` only affects
 *   topics already queued, so the deletion starts at once.
 */
describe('topic deletion during a partition reassignment (D6)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('D6 queued at controller failover: ineligible while the reassignment is in progress; when the missing broker returns, its startup resumes the deletion before the reassignment has completed', async () => {
    h = await stuckReassignment(61);
    const zk = await h.session();
    // The controller's broker dies; the marker is written while no controller is alive.
    h.cluster.killBroker(0);
    await h.settle();
    await zk.create('/admin/delete_topics/moving', null);
    const mark = h.events.length;
    await h.advance(20_000);
    const c = controllerOf(h);
    const id = c.config.brokerId;
    expect(c.epoch).toBe(2);
    const lines = linesSince(h, mark, 'controller.log');
    expect(lines).toEqual(
      expect.arrayContaining([
        `[Controller id=${id}] List of topics to be deleted: moving`,
        `[Controller id=${id}] List of topics ineligible for deletion: moving`,
        // The znode's reassignment is refused for a topic queued for deletion, and removed from it …
        `[Controller id=${id}] Skipping reassignment of moving-0 since the topic is currently being deleted`,
        `[Controller id=${id}] No more partitions need to be reassigned. Deleting zk path /admin/reassign_partitions`,
        // … but the topic znode still says adding [3], so the reassignment is resumed from it.
        `[Topic Deletion Manager ${id}] Halted deletion of topics moving due to topic reassignment in progress`,
      ]),
    );
    expect(lines.some((l) => l.includes('Deletion of topic moving (re)started'))).toBe(false);
    expect(await zk.exists('/admin/reassign_partitions')).toBeNull();
    expect(dec((await zk.getData('/brokers/topics/moving')).data)).toBe(REASSIGNING_ZNODE);
    expect(c.context.topicsIneligibleForDeletion.has('moving')).toBe(true);
    expect(c.context.partitionState({ topic: 'moving', partition: 0 })).toBe('OnlinePartition');
    expect(replicaStates(c, 'moving')).toEqual({
      'moving-0@1': 'OnlineReplica',
      'moving-0@3': 'OfflineReplica',
      'moving-0@2': 'OnlineReplica',
    });
    // Queued is enough for UpdateMetadata to carry leader −2, but no StopReplica is sent.
    expect(topicRequests(h, 'moving', mark).some((r) => r.includes('StopReplica'))).toBe(false);
    expect(topicRequests(h, 'moving', mark).filter((r) => r.includes('UpdateMetadata'))).toContain('1: UpdateMetadata moving-0:-2');

    const idle = h.events.length;
    await h.advance(60_000);
    expect(topicRequests(h, 'moving', idle).some((r) => r.includes('StopReplica'))).toBe(false);
    expect(await zk.exists('/admin/delete_topics/moving')).not.toBeNull();
    expect(topicDirs(h, 1, 'moving')).toEqual(['moving-0']);
    expect(topicDirs(h, 2, 'moving')).toEqual(['moving-0']);

    // Broker 3 returns. onBrokerStartup resumes the reassignment (still not complete: 3 is not in the
    // ISR yet) and then calls resumeDeletionForTopics for the topics with a replica on the new broker,
    // which clears the ineligibility: the deletion starts without waiting for the reassignment.
    const back = h.events.length;
    await h.cluster.startBroker(3);
    await h.settle();
    const afterStart = linesSince(h, back, 'controller.log');
    const resumedAt = afterStart.indexOf(`[Topic Deletion Manager ${id}] Deletion of topic moving (re)started`);
    expect(resumedAt).toBeGreaterThan(
      afterStart.indexOf(
        `[Controller id=${id}] Some replicas [Topic=moving,Partition=0,Replica=3] for topics scheduled for deletion moving are on the newly restarted brokers 3. Signaling restart of topic deletion for these topics`,
      ),
    );
    expect(
      afterStart.indexOf(`[Topic Deletion Manager ${id}] Halted deletion of topics moving due to topic reassignment in progress`),
    ).toBeLessThan(resumedAt);
    expect(afterStart.some((l) => l.includes('have all caught up with the leader'))).toBe(false);
    expect(topicRequests(h, 'moving', back).filter((r) => r.includes('StopReplica'))).toEqual([
      '1: StopReplica(delete=false) moving-0',
      '2: StopReplica(delete=false) moving-0',
      '3: StopReplica(delete=false) moving-0',
      '1: StopReplica(delete=true) moving-0',
      '2: StopReplica(delete=true) moving-0',
      '3: StopReplica(delete=true) moving-0',
    ]);
    expect(afterStart).toContain(`[Topic Deletion Manager ${id}] Deletion of topic moving successfully completed`);
    expect(await znodeTree(zk, '/brokers/topics/moving')).toEqual([]);
    expect(await zk.exists('/config/topics/moving')).toBeNull();
    expect(await zk.exists('/admin/delete_topics/moving')).toBeNull();
    for (const b of [1, 2, 3]) expect(topicDirs(h, b, 'moving')).toEqual([expect.stringMatching(deleteDirPattern('moving', 0))]);
  });

  it('D6 queued at controller failover while the adding replica cannot catch up: the deletion waits for the reassignment to complete and starts from its last step', async () => {
    h = await ClusterHarness.create({ brokers: 4, seed: 62 });
    await createTopic(h, 'moving', [[1, 2]]);
    const zk = await h.session();
    // Broker 3 is alive but the controller cannot reach it: it never learns it should follow moving-0.
    h.cluster.faults.set(3, { kind: 'cut' });
    await zk.create('/admin/reassign_partitions', enc(REASSIGN));
    await h.settle();
    await h.advance(5000);
    expect(dec((await zk.getData('/brokers/topics/moving')).data)).toBe(REASSIGNING_ZNODE);
    h.cluster.killBroker(0);
    await h.settle();
    await zk.create('/admin/delete_topics/moving', null);
    await h.advance(20_000);
    const c = controllerOf(h);
    const id = c.config.brokerId;
    expect(c.context.topicsIneligibleForDeletion.has('moving')).toBe(true);
    const held = h.events.length;
    await h.advance(30_000);
    expect(sentSince(h, held).some((s) => s.text.includes('StopReplica'))).toBe(false);
    expect(await zk.exists('/admin/delete_topics/moving')).not.toBeNull();

    // The link comes back: broker 3 follows, joins the ISR, the reassignment completes (replica 2 is
    // removed as part of it), and its last step resumes the deletion of the remaining replicas 1 and 3.
    const restored = h.events.length;
    h.cluster.faults.set(3, null);
    await h.settle();
    await h.advance(1000);
    const lines = linesSince(h, restored, 'controller.log');
    const caughtUp = lines.indexOf(
      `[Controller id=${id}] Target replicas 1,3 have all caught up with the leader for reassigning partition moving-0`,
    );
    const completedAssignment = lines.indexOf(
      `[Controller id=${id}] Successfully updated assignment of partition moving-0 to ReplicaAssignment(replicas=1,3, addingReplicas=, removingReplicas=)`,
    );
    const started = lines.indexOf(`[Topic Deletion Manager ${id}] Deletion of topic moving (re)started`);
    expect(caughtUp).toBeGreaterThanOrEqual(0);
    expect(completedAssignment).toBeGreaterThan(caughtUp);
    expect(started).toBeGreaterThan(completedAssignment);
    expect(lines).toContain(`[Topic Deletion Manager ${id}] Deletion of topic moving successfully completed`);
    // Replica 2 went with the reassignment (its StopReplica raised no deletion callback); 1 and 3 with the deletion.
    expect(topicRequests(h, 'moving', restored).filter((r) => r.includes('StopReplica'))).toEqual([
      '2: StopReplica(delete=false) moving-0',
      '2: StopReplica(delete=true) moving-0',
      '1: StopReplica(delete=false) moving-0',
      '3: StopReplica(delete=false) moving-0',
      '1: StopReplica(delete=true) moving-0',
      '3: StopReplica(delete=true) moving-0',
    ]);
    expect(
      lines.filter((l) => l.includes('Delete topic callback invoked')).map((l) => l.replace(/^.*received from broker (\d+).*$/, '$1')),
    ).toEqual(['1', '3']);
    expect(h.logLines('state-change.log').some((l) => l.includes('to ReplicaDeletionSuccessful failed'))).toBe(false);
    expect(await znodeTree(zk, '/brokers/topics/moving')).toEqual([]);
    expect(await zk.exists('/admin/delete_topics/moving')).toBeNull();
    for (const b of [1, 2, 3]) expect(topicDirs(h, b, 'moving')).toEqual([expect.stringMatching(deleteDirPattern('moving', 0))]);
  });

  it('D6 a NEW deletion request while the controller runs starts at once despite the reassignment (2.5 only halts topics already queued); the stuck replica keeps the marker until its broker returns', async () => {
    h = await stuckReassignment(63);
    const zk = await h.session();
    const mark = h.events.length;
    const result = adminOf(h).deleteTopics(['moving'], 30000);
    await h.settle();
    expect(await result).toEqual([{ name: 'moving', errorCode: 0, errorName: 'NONE', errorMessage: null }]);
    const lines = linesSince(h, mark, 'controller.log');
    expect(lines.slice(0, 4)).toEqual([
      '[Controller id=0] Delete topics listener fired for topics moving to be deleted',
      '[Controller id=0] Starting topic deletion for topics moving',
      '[Topic Deletion Manager 0] Handling deletion for topics moving',
      '[Topic Deletion Manager 0] Deletion of topic moving (re)started',
    ]);
    // No "Halted deletion … due to topic reassignment in progress": the topic was not queued yet when
    // processTopicDeletion marked it. Only the dead adding replica halts it.
    expect(lines.some((l) => l.includes('due to topic reassignment in progress'))).toBe(false);
    expect(lines).toContain('[Topic Deletion Manager 0] Halted deletion of topics moving due to offline replicas');
    expect(topicRequests(h, 'moving', mark)).toEqual([
      '0: UpdateMetadata moving-0:-2',
      '1: UpdateMetadata moving-0:-2',
      '2: UpdateMetadata moving-0:-2',
      '1: StopReplica(delete=false) moving-0',
      '2: StopReplica(delete=false) moving-0',
      '1: StopReplica(delete=true) moving-0',
      '2: StopReplica(delete=true) moving-0',
    ]);
    // Replica 3 is still NewReplica from the reassignment: NewReplica → ReplicaDeletionIneligible is not
    // a valid transition, so it stays there.
    expect(replicaStates(controllerOf(h), 'moving')).toEqual({
      'moving-0@1': 'ReplicaDeletionSuccessful',
      'moving-0@3': 'NewReplica',
      'moving-0@2': 'ReplicaDeletionSuccessful',
    });
    expect(linesWithThrowablesSince(h, 0, 'state-change.log', 'ERROR')).toContain(
      '[Controller id=0 epoch=1] Controller 0 epoch 1 initiated state change of replica 3 for partition moving-0 from NewReplica to ReplicaDeletionIneligible failed\n' +
        'java.lang.IllegalStateException: Replica [Topic=moving,Partition=0,Replica=3] should be in the OfflineReplica,ReplicaDeletionStarted states before moving to ReplicaDeletionIneligible state. Instead it is in NewReplica state',
    );
    expect(await zk.exists('/admin/delete_topics/moving')).not.toBeNull();
    expect(await zk.exists('/admin/reassign_partitions')).not.toBeNull();
    expect(topicDirs(h, 1, 'moving')).toEqual([expect.stringMatching(deleteDirPattern('moving', 0))]);
    expect(topicDirs(h, 2, 'moving')).toEqual([expect.stringMatching(deleteDirPattern('moving', 0))]);

    // Broker 3 returns: the reassignment step it triggers halts the (now queued) topic, bumps the leader
    // epoch and sends LeaderAndIsr to every replica of RS = [1,3,2]; then the deletion resumes for
    // replica 3 only. Brokers 1 and 2 re-created moving-0 on that LeaderAndIsr and nothing deletes it:
    // 2.5 leaves these logs behind as orphans, and the ZooKeeper reassignment znode too.
    const back = h.events.length;
    await h.cluster.startBroker(3);
    await h.settle();
    const after = linesSince(h, back, 'controller.log');
    expect(after.indexOf('[Topic Deletion Manager 0] Halted deletion of topics moving due to topic reassignment in progress')).toBeLessThan(
      after.indexOf('[Topic Deletion Manager 0] Deletion of topic moving (re)started'),
    );
    expect(after).toContain('[Topic Deletion Manager 0] Deletion of topic moving successfully completed');
    expect(topicRequests(h, 'moving', back).filter((r) => r.includes('LeaderAndIsr') || r.includes('StopReplica'))).toEqual([
      '1: LeaderAndIsr moving-0:-1',
      '2: LeaderAndIsr moving-0:-1',
      '3: LeaderAndIsr moving-0:-1',
      '3: StopReplica(delete=false) moving-0',
      '3: StopReplica(delete=true) moving-0',
    ]);
    expect(await znodeTree(zk, '/brokers/topics/moving')).toEqual([]);
    expect(await zk.exists('/admin/delete_topics/moving')).toBeNull();
    expect(dec((await zk.getData('/admin/reassign_partitions')).data)).toBe(REASSIGN);
    await h.advance(120_000);
    expect(topicDirs(h, 1, 'moving')).toEqual(['moving-0']);
    expect(topicDirs(h, 2, 'moving')).toEqual(['moving-0']);
    expect(topicDirs(h, 3, 'moving')).toEqual([]);
  });
});
