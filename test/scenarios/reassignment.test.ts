import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ClusterAdmin } from '../../src-main/core/cluster/cluster-admin';
import type { PartitionOutcome } from '../../src-main/core/controller/controller-events';
import { ClusterHarness } from '../support/cluster-harness';
import { ZnodeReader } from '../support/controller-scenario';
import { ScenarioSteps } from '../support/scenario-steps';
import {
  adminOf,
  byPartition,
  controllerEvents,
  killAndExpire,
  linesSince,
  sentRequests,
  stateJson,
  topicZnode,
  tp,
} from '../support/scenario';

function dirsOf(h: ClusterHarness, broker: number, prefix: string): string[] {
  return h.fs
    .readdir(h.logDir(broker))
    .map((e) => e.name)
    .filter((n) => n.startsWith(prefix))
    .sort();
}

/** K7, one `it` per step. */
describe('K7: a hand-written /admin/reassign_partitions — replicas added to the topic znode, catch-up, leader move, removal, znode cleared', () => {
  interface K7 {
    h: ClusterHarness;
    admin: ClusterAdmin;
    zk: ZnodeReader;
    stateBefore: string | null | undefined;
    /** Before the reassignment znode was written. */
    mark: number;
    /** Before the new followers fetched. */
    catchUp: number;
  }
  let h: ClusterHarness | undefined;
  afterAll(async () => h?.close());
  const scenario = new ScenarioSteps<K7, 'reassignment started' | 'caught up and completed' | 'file.delete.delay.ms later'>(async () => {
    h = await ClusterHarness.create({ brokers: 4, seed: 401, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    return { h, admin: adminOf(h), zk: await ZnodeReader.open(h), stateBefore: null, mark: 0, catchUp: 0 };
  }, [
    [
      'reassignment started',
      async (s) => {
        await s.zk.write('/brokers/topics/r', topicZnode({ 0: [0, 1], 1: [1, 0] }));
        await s.h.settle();
        s.stateBefore = await s.zk.stateText('r', 0);
        s.mark = s.h.events.length;
        await s.zk.write('/admin/reassign_partitions', '{"version":1,"partitions":[{"topic":"r","partition":0,"replicas":[2,3]}]}');
        await s.h.settle();
      },
    ],
    [
      'caught up and completed',
      async (s) => {
        // Catch-up: the new followers fetch (500 ms); the leader expands the ISR one by one; each write fires the watch.
        s.catchUp = s.h.events.length;
        await s.h.advance(500);
      },
    ],
    ['file.delete.delay.ms later', async (s) => s.h.advance(60_000)],
  ]);

  it('the reassignment znode puts RS = target ++ origin, AR and RR into the topic znode, bumps the leader epoch and creates the adding replicas', async () => {
    const { h, admin, zk, stateBefore, mark } = await scenario.reach('reassignment started');
    expect(stateBefore).toBe(stateJson(1, 0, 0, [0, 1]));
    expect(controllerEvents(h, 0, mark)[0]).toBe('ZkPartitionReassignment');

    // U: RS = target ++ origin, AR = the new ones, RR = the old ones, written to the topic znode
    // (its maps are Scala HashMaps: partition "1" comes out before "0").
    expect(await zk.text('/brokers/topics/r')).toBe(
      '{"version":2,"partitions":{"1":[1,0],"0":[2,3,0,1]},"adding_replicas":{"0":[2,3]},"removing_replicas":{"0":[0,1]}}',
    );
    // A1: the leader epoch is bumped (same leader and ISR) so the leader learns the new replica set.
    expect(await zk.stateText('r', 0)).toBe(stateJson(1, 0, 1, [0, 1]));
    // A2: the adding replicas are NewReplica: LeaderAndIsr(isNew) makes brokers 2 and 3 create the log.
    const ctrl = h.cluster.activeController()!;
    expect(ctrl.context.replicaState({ ...tp('r', 0), replica: 2 })).toBe('NewReplica');
    expect(ctrl.context.replicaState({ ...tp('r', 0), replica: 3 })).toBe('NewReplica');
    expect(dirsOf(h, 2, 'r-')).toEqual(['r-0']);
    expect(dirsOf(h, 3, 'r-')).toEqual(['r-0']);
    const toNew = sentRequests(h, mark, 0).filter(
      (s) => s.request.apiKey === 'LeaderAndIsr' && s.request.partitionStates.some((p) => p.isNew),
    );
    expect(toNew.map((s) => s.to)).toEqual([2, 3]);
    expect(toNew[0].request.apiKey === 'LeaderAndIsr' && toNew[0].request.partitionStates[0]).toMatchObject({
      leader: 0,
      leaderEpoch: 1,
      replicas: [2, 3, 0, 1],
      addingReplicas: [2, 3],
      removingReplicas: [0, 1],
      isNew: true,
    });
    // The controller watches the state znode now, and the znode is still there.
    expect(h.zkServer.watchesOf(h.cluster.broker(0).sessionId as bigint).data).toContain('/brokers/topics/r/partitions/0/state');
    expect(await zk.exists('/admin/reassign_partitions')).toBe(true);

    // ListPartitionReassignments while it runs.
    expect(await admin.listPartitionReassignments(null)).toEqual([
      { partition: tp('r', 0), replicas: [2, 3, 0, 1], addingReplicas: [2, 3], removingReplicas: [0, 1] },
    ]);
    expect(await admin.listPartitionReassignments([tp('r', 0), tp('r', 1)])).toEqual([
      { partition: tp('r', 0), replicas: [2, 3, 0, 1], addingReplicas: [2, 3], removingReplicas: [0, 1] },
    ]);
  });

  it('the new followers catch up (the ISR grows one at a time) and the leader, not in the target, is re-elected', async () => {
    const { h, zk, catchUp } = await scenario.reach('caught up and completed');
    expect(controllerEvents(h, 0, catchUp)).toContain('PartitionReassignmentIsrChange');
    const server0 = linesSince(h, catchUp, 'server.log', 0);
    expect(server0).toContain('[Partition r-0 broker=0] Expanding ISR from 0,1 to 0,1,2');
    expect(server0).toContain('[Partition r-0 broker=0] Expanding ISR from 0,1,2 to 0,1,2,3');
    expect(server0.filter((l) => l.includes('Cached zkVersion'))).toEqual([]);
    const log = linesSince(h, catchUp, 'controller.log', 0);
    expect(log).toContain('[Controller id=0] Target replicas 2,3 have all caught up with the leader for reassigning partition r-0');
    expect(log).toContain(
      '[Controller id=0] Leader 0 for partition r-0 being reassigned, is not in the new list of replicas 2,3. Re-electing leader',
    );

    // B3: Reassign election → 2 (first target replica in the ISR); B4/B5: 0 and 1 leave the ISR one at a time.
    expect(await zk.stateText('r', 0)).toBe(stateJson(1, 2, 4, [2, 3]));
  });

  it('on completion the topic znode holds the target only, the reassignment znode and its state-znode watch are gone, the controller forgets the old replicas', async () => {
    const { h, admin, zk } = await scenario.reach('caught up and completed');
    const ctrl = h.cluster.activeController()!;
    // B6: the topic znode holds the target only; B7: the reassignment znode is gone.
    expect(await zk.text('/brokers/topics/r')).toBe(
      '{"version":2,"partitions":{"1":[1,0],"0":[2,3]},"adding_replicas":{},"removing_replicas":{}}',
    );
    expect(await zk.exists('/admin/reassign_partitions')).toBe(false);
    expect(h.zkServer.watchesOf(h.cluster.broker(0).sessionId as bigint).data).not.toContain('/brokers/topics/r/partitions/0/state');
    expect(h.zkServer.watchesOf(h.cluster.broker(0).sessionId as bigint).data).toContain('/admin/reassign_partitions');
    expect(await admin.listPartitionReassignments(null)).toEqual([]);
    expect(ctrl.context.partitionFullReplicaAssignment(tp('r', 0))).toEqual({ replicas: [2, 3], addingReplicas: [], removingReplicas: [] });
    expect(ctrl.context.replicaState({ ...tp('r', 0), replica: 2 })).toBe('OnlineReplica');
    expect(ctrl.context.replicaState({ ...tp('r', 0), replica: 0 })).toBe('NonExistentReplica');
  });

  it('the removed replicas get StopReplica without, then with delete, their dirs become -delete, and every broker has the new metadata', async () => {
    const { h, catchUp } = await scenario.reach('caught up and completed');
    // The removed replicas: StopReplica without, then with delete; their dirs become `-delete` and go 60 s later.
    const stops = sentRequests(h, catchUp, 0).filter((s) => s.request.apiKey === 'StopReplica');
    expect(stops.map((s) => [s.to, s.request.apiKey === 'StopReplica' && s.request.deletePartitions])).toEqual([
      [0, false],
      [1, false],
      [0, true],
      [1, true],
    ]);
    for (const b of [0, 1]) {
      const dirs = dirsOf(h, b, 'r-0');
      expect(dirs.length).toBe(1);
      expect(dirs[0]).toMatch(/^r-0\.[0-9a-f]{32}-delete$/);
    }
    expect(dirsOf(h, 1, 'r-1')).toEqual(['r-1']);
    const stateChange = linesSince(h, catchUp, 'state-change.log', 0);
    for (const [replica, from, to] of [
      [0, 'OnlineReplica', 'OfflineReplica'],
      [0, 'OfflineReplica', 'ReplicaDeletionStarted'],
      [0, 'ReplicaDeletionStarted', 'ReplicaDeletionSuccessful'],
      [0, 'ReplicaDeletionSuccessful', 'NonExistentReplica'],
      [2, 'NewReplica', 'OnlineReplica'],
    ] as const) {
      expect(stateChange).toContain(
        `[Controller id=0 epoch=1] Changed state of replica ${replica} for partition r-0 from ${from} to ${to}`,
      );
    }
    // B8: every broker has the new metadata.
    for (const b of [0, 1, 2, 3])
      expect(h.cluster.broker(b).metadataCache.getPartitionInfo('r', 0)).toMatchObject({ leader: 2, replicas: [2, 3], isr: [2, 3] });
  });

  it("file.delete.delay.ms (60 s) later the removed replicas' dirs are gone", async () => {
    const { h } = await scenario.reach('file.delete.delay.ms later');
    expect(dirsOf(h, 0, 'r-0')).toEqual([]);
    expect(dirsOf(h, 1, 'r-0')).toEqual([]);
    expect(dirsOf(h, 2, 'r-0')).toEqual(['r-0']);
  });
});

/** K7: partition reassignment (KIP-455) from the znode and from the API. */
describe('partition reassignment (K7)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('K7: alterPartitionReassignments (the UI) — the leader stays when it is kept; per-partition errors as Kafka gives them', async () => {
    h = await ClusterHarness.create({ brokers: 4, seed: 402, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    const admin = adminOf(h);
    const zk = await ZnodeReader.open(h);
    await zk.write('/brokers/topics/s', topicZnode({ 0: [1, 0], 1: [0, 1] }));
    await h.settle();

    const result = (await admin.alterPartitionReassignments([
      { partition: tp('s', 0), replicas: [1, 2] },
      { partition: tp('s', 1), replicas: null },
      { partition: tp('s', 2), replicas: [0, 1] },
    ])) as PartitionOutcome[];
    expect([...result].sort(byPartition)).toEqual([
      { partition: tp('s', 0), errorCode: 0, message: null },
      { partition: tp('s', 1), errorCode: 85, message: 'No partition reassignment is in progress.' },
      { partition: tp('s', 2), errorCode: 3, message: 'The partition does not exist.' },
    ]);
    expect(await zk.text('/brokers/topics/s')).toBe(
      '{"version":2,"partitions":{"1":[0,1],"0":[1,2,0]},"adding_replicas":{"0":[2]},"removing_replicas":{"0":[0]}}',
    );
    expect(await admin.listPartitionReassignments(null)).toEqual([
      { partition: tp('s', 0), replicas: [1, 2, 0], addingReplicas: [2], removingReplicas: [0] },
    ]);
    // An API reassignment never writes /admin/reassign_partitions.
    expect(await zk.exists('/admin/reassign_partitions')).toBe(false);

    await h.advance(500);
    // The leader (1) is in the target and alive: it stays, with an epoch bump; 0 leaves the ISR.
    expect(await zk.stateText('s', 0)).toBe(stateJson(1, 1, 3, [1, 2]));
    expect(await zk.text('/brokers/topics/s')).toBe(
      '{"version":2,"partitions":{"1":[0,1],"0":[1,2]},"adding_replicas":{},"removing_replicas":{}}',
    );
    expect(h.logLines('controller.log', 0)).toContain(
      '[Controller id=0] Leader 1 for partition s-0 being reassigned, is already in the new list of replicas 1,2 and is alive',
    );
    expect(await admin.listPartitionReassignments(null)).toEqual([]);
    expect(dirsOf(h, 0, 's-0')[0]).toMatch(/^s-0\.[0-9a-f]{32}-delete$/);

    // Refused: a broker that is not alive among the adding replicas, duplicates, an empty list, a negative id.
    // Each with KafkaController.validateReplicas' message (Scala's ArrayBuffer and the live brokers' Set in hash order).
    const refusals: Array<[number[], string]> = [
      [[0, 9], 'Replica assignment has brokers that are not alive. Replica list: ArrayBuffer(9), live broker list: Set(2, 1, 3, 0)'],
      [[2, 2], 'Duplicate replica ids in partition reassignment replica list: ArrayBuffer(2, 2)'],
      [[], 'Empty replica list specified in partition reassignment.'],
      [[0, -1], 'Invalid broker id in replica list: ArrayBuffer(0, -1)'],
    ];
    for (const [replicas, message] of refusals) {
      expect(await admin.alterPartitionReassignments([{ partition: tp('s', 1), replicas }])).toEqual([
        { partition: tp('s', 1), errorCode: 39, message },
      ]);
    }
    expect(await zk.text('/brokers/topics/s')).toBe(
      '{"version":2,"partitions":{"1":[0,1],"0":[1,2]},"adding_replicas":{},"removing_replicas":{}}',
    );
  });

  it('K7: a reassignment stuck on a dead adding replica is listed, then cancelled (replicas = null) back to the original replicas', async () => {
    h = await ClusterHarness.create({ brokers: 4, seed: 403, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    const admin = adminOf(h);
    const zk = await ZnodeReader.open(h);
    await zk.write('/brokers/topics/c', topicZnode({ 0: [0, 1] }));
    await h.settle();

    expect(await admin.alterPartitionReassignments([{ partition: tp('c', 0), replicas: [0, 3] }])).toEqual([
      { partition: tp('c', 0), errorCode: 0, message: null },
    ]);
    expect(await zk.stateText('c', 0)).toBe(stateJson(1, 0, 1, [0, 1]));
    // Broker 3 dies before its first fetch: the reassignment cannot complete.
    await killAndExpire(h, 3);
    await h.advance(10_000);
    expect(await zk.stateText('c', 0)).toBe(stateJson(1, 0, 1, [0, 1]));
    expect(await admin.listPartitionReassignments([tp('c', 0)])).toEqual([
      { partition: tp('c', 0), replicas: [0, 3, 1], addingReplicas: [3], removingReplicas: [1] },
    ]);
    expect(await zk.text('/brokers/topics/c')).toBe(
      '{"version":2,"partitions":{"0":[0,3,1]},"adding_replicas":{"0":[3]},"removing_replicas":{"0":[1]}}',
    );

    const mark = h.events.length;
    expect(await admin.alterPartitionReassignments([{ partition: tp('c', 0), replicas: null }])).toEqual([
      { partition: tp('c', 0), errorCode: 0, message: null },
    ]);
    await h.settle();
    // Back to the origin replicas; the abandoned adding replica is stopped and forgotten.
    expect(await zk.text('/brokers/topics/c')).toBe(topicZnode({ 0: [0, 1] }));
    expect(await admin.listPartitionReassignments(null)).toEqual([]);
    expect(await zk.stateText('c', 0)).toBe(stateJson(1, 0, 2, [0, 1]));
    const ctrl = h.cluster.activeController()!;
    expect(ctrl.context.replicaState({ ...tp('c', 0), replica: 3 })).toBe('NonExistentReplica');
    expect(ctrl.context.partitionsBeingReassigned.size).toBe(0);
    expect(linesSince(h, mark, 'controller.log', 0)).toContain(
      '[Controller id=0] Updating assignment of partition c-0 from ReplicaAssignment(replicas=0,3,1, addingReplicas=3, removingReplicas=1) to ReplicaAssignment(replicas=0,1, addingReplicas=, removingReplicas=)',
    );
    // Nothing left to cancel.
    expect(await admin.alterPartitionReassignments([{ partition: tp('c', 0), replicas: null }])).toEqual([
      { partition: tp('c', 0), errorCode: 85, message: 'No partition reassignment is in progress.' },
    ]);
  });

  it('K7: the znode and the API meet — an API reassignment takes the partition out of /admin/reassign_partitions; bad entries are dropped from it', async () => {
    h = await ClusterHarness.create({ brokers: 4, seed: 404, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    const admin = adminOf(h);
    const zk = await ZnodeReader.open(h);
    await zk.write('/brokers/topics/m', topicZnode({ 0: [0, 1], 1: [1, 0] }));
    await h.settle();
    // Broker 3 is down, so nothing can catch up on it: both stay in progress.
    await killAndExpire(h, 3);
    await zk.write(
      '/admin/reassign_partitions',
      '{"version":1,"partitions":[{"topic":"m","partition":0,"replicas":[0,3]},{"topic":"m","partition":1,"replicas":[1,3]},{"topic":"gone","partition":0,"replicas":[0]}]}',
    );
    await h.settle();
    // The unknown partition fails and is removed from the znode; the others run (no live-broker check from the znode).
    expect(await zk.text('/admin/reassign_partitions')).toBe(
      '{"version":1,"partitions":[{"topic":"m","partition":0,"replicas":[0,3]},{"topic":"m","partition":1,"replicas":[1,3]}]}',
    );
    expect(h.logLines('controller.log', 0)).toContain(
      '[Controller id=0] Failed reassignment through zk with the following errors: gone-0 -> 3',
    );
    expect((await admin.listPartitionReassignments(null)) as unknown[]).toHaveLength(2);

    // The API replaces m-0's reassignment: removed from the znode, which keeps m-1.
    expect(await admin.alterPartitionReassignments([{ partition: tp('m', 0), replicas: [0, 2] }])).toEqual([
      { partition: tp('m', 0), errorCode: 0, message: null },
    ]);
    expect(await zk.text('/admin/reassign_partitions')).toBe('{"version":1,"partitions":[{"topic":"m","partition":1,"replicas":[1,3]}]}');
    // m-0: target [0,2] against the origin [0,1] (RS − AR): RS = [0,2,1]; the abandoned adding replica 3 is stopped.
    expect(await zk.text('/brokers/topics/m')).toBe(
      '{"version":2,"partitions":{"1":[1,3,0],"0":[0,2,1]},"adding_replicas":{"1":[3],"0":[2]},"removing_replicas":{"1":[0],"0":[1]}}',
    );
    expect(h.cluster.activeController()?.context.replicaState({ ...tp('m', 0), replica: 3 })).toBe('NonExistentReplica');
  });
});
