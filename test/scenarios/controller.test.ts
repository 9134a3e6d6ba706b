import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ClusterHarness } from '../support/cluster-harness';
import { ZnodeReader } from '../support/controller-scenario';
import { ScenarioSteps } from '../support/scenario-steps';
import { controllerEvents, drive, linesSince, sentRequests, stateJson, topicZnode, txns } from '../support/scenario';

/** K1–K3: the `/controller` election, failover after a session expiry, and a hand-forced re-election. */
describe('controller election and failover (K1–K3)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('K1: every broker races for /controller; the winner bumps /controller_epoch in one multi, the others watch', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 101, start: false });
    const t0 = h.time.nowMs();
    // All three brokers start at once, as after a whole-cluster restart.
    await Promise.all([0, 1, 2].map((id) => h.cluster.startBroker(id)));
    await h.settle();
    const zk = await ZnodeReader.open(h);

    const winner = await zk.controllerId();
    expect(winner).not.toBeNull();
    const w = winner as number;
    expect(await zk.text('/controller')).toBe(`{"version":1,"brokerid":${w},"timestamp":"${t0}"}`);
    const controllerStat = await zk.zk.exists('/controller');
    expect(controllerStat?.ephemeralOwner).toBe(h.cluster.broker(w).sessionId);
    expect(await zk.text('/controller_epoch')).toBe('1');
    expect((await zk.zk.exists('/controller_epoch'))?.version).toBe(1);

    // ZooKeeper saw one create of /controller_epoch with 0, then the multis: the winner's succeeded,
    // every other broker that tried lost on NODEEXISTS for /controller.
    const all = txns(h);
    const epochCreates = all.filter((t) => t.op === 'create' && t.path === '/controller_epoch');
    expect(epochCreates[0].err).toBe(0);
    expect(epochCreates.slice(1).every((t) => t.err === -110)).toBe(true);
    const sessionOf = (id: number) => h.cluster.broker(id).sessionId;
    const won = all.find((t) => t.zxid === controllerStat?.czxid);
    expect(won).toMatchObject({ op: 'multi', err: 0, sessionId: sessionOf(w) });
    const lost = all.filter((t) => t.op === 'multi' && t.path === '/controller');
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.every((t) => t.err === -110 && t.sessionId !== sessionOf(w))).toBe(true);

    const losers = [0, 1, 2].filter((id) => id !== w);
    for (const id of losers) {
      const c = h.cluster.broker(id).controller!;
      expect(c.isActive()).toBe(false);
      expect(c.activeController).toBe(w);
      // Each loser keeps a watch on /controller (exists/getData) and nothing else of the controller's.
      const watches = h.zkServer.watchesOf(h.cluster.broker(id).sessionId as bigint);
      expect(watches.data).toContain('/controller');
      expect(watches.child).not.toContain('/brokers/ids');
      const lines = h.logLines('controller.log', id);
      expect(
        lines.some(
          (l) =>
            l === `[Controller id=${id}] Broker ${w} has been elected as the controller, so stopping the election process.` ||
            l.startsWith(`[Controller id=${id}] Broker ${w} was elected as controller instead of broker ${id}`),
        ),
      ).toBe(true);
      expect(lines.some((l) => l.includes('successfully elected'))).toBe(false);
    }
    for (const id of losers.filter((id) => lost.some((t) => t.sessionId === sessionOf(id)))) {
      expect(h.logLines('controller.log', id)).toContain(
        `[Controller id=${id}] Broker ${w} was elected as controller instead of broker ${id}: Controller moved to another broker. Aborting controller startup procedure`,
      );
    }
    expect(h.logLines('controller.log', w)).toContain(
      `[Controller id=${w}] ${w} successfully elected as the controller. Epoch incremented to 1 and epoch zk version is now 1`,
    );
    const winnerWatches = h.zkServer.watchesOf(sessionOf(w) as bigint);
    expect(winnerWatches.child).toEqual(
      expect.arrayContaining([
        '/admin/delete_topics',
        '/brokers/ids',
        '/brokers/topics',
        '/isr_change_notification',
        '/log_dir_event_notification',
      ]),
    );
    expect(h.cluster.activeController()?.epoch).toBe(1);
  });

  it('K1: brokers started one after another — the first wins, the later ones find /controller and only watch it', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 102 });
    const zk = await ZnodeReader.open(h);
    expect(await zk.text('/controller')).toBe(`{"version":1,"brokerid":0,"timestamp":"${h.time.nowMs()}"}`);
    expect(await zk.text('/controller_epoch')).toBe('1');
    // Only broker 0 sent the multi; the others read /controller first and stopped.
    expect(txns(h).filter((t) => t.op === 'multi' && t.path === '/controller')).toEqual([]);
    const czxid = (await zk.zk.exists('/controller'))?.czxid;
    expect(txns(h).find((t) => t.zxid === czxid)).toMatchObject({ op: 'multi', err: 0, sessionId: h.cluster.broker(0).sessionId });
    for (const id of [1, 2]) {
      expect(h.logLines('controller.log', id)).toEqual([
        `[Controller id=${id}] Broker 0 has been elected as the controller, so stopping the election process.`,
      ]);
      expect(h.cluster.broker(id).controller?.activeController).toBe(0);
    }
    // Each clean shutdown of the controller's broker hands the role on (epochs 2, 3); the epoch
    // survives in ZooKeeper when no broker runs, and a restarted cluster keeps counting.
    const controllers: Array<number | null> = [];
    for (const id of [0, 1, 2]) {
      await drive(h, h.cluster.shutdownBroker(id));
      controllers.push(await zk.controllerId());
    }
    expect(controllers).toEqual([1, 2, null]);
    expect(await zk.text('/controller_epoch')).toBe('3');
    await h.cluster.startBroker(2);
    await h.settle();
    expect(await zk.controllerId()).toBe(2);
    expect(await zk.text('/controller_epoch')).toBe('4');
    expect((await zk.zk.exists('/controller_epoch'))?.version).toBe(4);
  });

  it('K3: deleting /controller by hand makes every broker re-elect; the epoch moves on', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 104 });
    const zk = await ZnodeReader.open(h);
    await zk.write('/brokers/topics/t', topicZnode({ 0: [1, 2] }));
    await h.settle();
    await h.advance(500);
    const mark = h.events.length;
    await zk.zk.delete('/controller', -1);
    await h.settle();

    for (const id of [0, 1, 2]) expect(controllerEvents(h, id, mark)[0]).toBe('Reelect');
    const n = (await zk.controllerId()) as number;
    expect(await zk.text('/controller')).toBe(`{"version":1,"brokerid":${n},"timestamp":"${h.time.nowMs()}"}`);
    expect(await zk.text('/controller_epoch')).toBe('2');
    // The old controller (0) resigned before re-electing, whoever won.
    expect(linesSince(h, mark, 'controller.log', 0).slice(0, 4)).toEqual([
      '[Controller id=0] Resigning',
      '[PartitionStateMachine controllerId=0] Stopped partition state machine',
      '[ReplicaStateMachine controllerId=0] Stopped replica state machine',
      '[Controller id=0] Resigned',
    ]);
    expect(linesSince(h, mark, 'controller.log', n)).toContain(
      `[Controller id=${n}] ${n} successfully elected as the controller. Epoch incremented to 2 and epoch zk version is now 2`,
    );
    for (const id of [0, 1, 2]) expect(h.cluster.broker(id).controller?.activeController).toBe(n);
    expect([0, 1, 2].filter((id) => h.cluster.broker(id).controller?.isActive())).toEqual([n]);
    // No broker failed, so leadership stays; the new controller's context was rebuilt from ZooKeeper.
    expect(await zk.stateText('t', 0)).toBe(stateJson(1, 1, 0, [1, 2]));
    expect(h.cluster.activeController()?.context.partitionLeadershipInfo.get({ topic: 't', partition: 0 })?.leaderAndIsr.leader).toBe(1);

    // A second deletion: again a new election, epoch 3; the fencing uses the new zkVersion.
    await zk.zk.delete('/controller', -1);
    await h.settle();
    expect(await zk.text('/controller_epoch')).toBe('3');
    expect(h.cluster.activeController()?.context.epochZkVersion).toBe(3);
    await zk.write('/brokers/topics/u', topicZnode({ 0: [0] }));
    await h.settle();
    expect(await zk.stateText('u', 0)).toBe(stateJson(3, 0, 0, [0]));
  });
});

/** K2, one `it` per step. */
describe("K2: killing the controller's broker changes nothing until its session expires (18 s on the 2 s tick), then failover with epoch + 1 in Kafka's order", () => {
  interface K2 {
    h: ClusterHarness;
    zk: ZnodeReader;
    t0: number;
    stateBeforeKill: string | null | undefined;
    controllerBefore: string | null | undefined;
    expiresAt: number;
    mark: number;
    /** The new controller. */
    n: number | null;
  }
  let h: ClusterHarness | undefined;
  afterAll(async () => h?.close());
  const scenario = new ScenarioSteps<K2, 'killed, session not yet expired' | 'session expired'>(async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 103 });
    return {
      h,
      zk: await ZnodeReader.open(h),
      t0: h.time.nowMs(),
      stateBeforeKill: null,
      controllerBefore: null,
      expiresAt: 0,
      mark: 0,
      n: null,
    };
  }, [
    [
      'killed, session not yet expired',
      async (s) => {
        const { h, zk } = s;
        await zk.write('/brokers/topics/orders', topicZnode({ 0: [0, 1], 1: [1, 2], 2: [2, 0] }));
        await h.settle();
        s.stateBeforeKill = await zk.stateText('orders', 0);
        s.controllerBefore = await zk.text('/controller');
        const sessionId = h.cluster.broker(0).sessionId as bigint;
        // Broker 0 was last heard from at t0 (its last request; the first ping is due at t0 + 6 s). Killed at t0 + 1 s.
        await h.advance(1000);
        h.cluster.killBroker(0);
        await h.settle();
        s.expiresAt = h.zkServer.sessionExpiresAtMs(sessionId) as number;
        // Notifications written while nobody handles them (the controller is dead): the next controller
        // deletes them at failover (step 3) before reading anything.
        await zk.write('/isr_change_notification/isr_change_0000000042', '{"version":1,"partitions":[{"topic":"orders","partition":1}]}');
        await zk.write('/log_dir_event_notification/log_dir_event_0000000007', '{"version":1,"broker":2,"event":1}');
        s.mark = h.events.length;
        await h.advance(s.expiresAt - h.time.nowMs() - 1);
      },
    ],
    [
      'session expired',
      async (s) => {
        await s.h.advance(1);
        s.n = await s.zk.controllerId();
      },
    ],
  ]);

  it('until the session expires (18 s rounded up to the 2 s tick) the old controller stays everywhere', async () => {
    const s = await scenario.reach('killed, session not yet expired');
    const { h, zk, t0, mark, expiresAt } = s;
    expect(t0 % 2000).toBe(0);
    expect(s.stateBeforeKill).toBe(stateJson(1, 0, 0, [0, 1]));
    // ZooKeeper's ExpiryQueue: t0 + 18 s rounded up to the next 2 s tick boundary (strictly after) = t0 + 20 s.
    expect(expiresAt).toBe(t0 + 20_000);
    // Still the old controller everywhere: znodes, brokers' view, no new election.
    expect(await zk.text('/controller')).toBe(s.controllerBefore);
    expect(await zk.exists('/brokers/ids/0')).toBe(true);
    expect(await zk.text('/controller_epoch')).toBe('1');
    expect(await zk.stateText('orders', 0)).toBe(stateJson(1, 0, 0, [0, 1]));
    expect(h.cluster.broker(1).controller?.activeController).toBe(0);
    expect(controllerEvents(h, 1, mark)).toEqual([]);
    expect(controllerEvents(h, 2, mark)).toEqual([]);
  });

  it('at the expiry a survivor wins /controller with epoch 2; both survivors re-elected, the loser watches', async () => {
    const { h, zk, mark, expiresAt, n: newController } = await scenario.reach('session expired');
    const expired = h.events.slice(mark).filter((e) => e.kind === 'zookeeper' && e.event.kind === 'session-expired');
    expect(expired.length).toBe(1);
    expect(expired[0].timeMs).toBe(expiresAt);
    expect(newController === 1 || newController === 2).toBe(true);
    const n = newController as number;
    expect(await zk.text('/controller')).toBe(`{"version":1,"brokerid":${n},"timestamp":"${expiresAt}"}`);
    expect(await zk.text('/controller_epoch')).toBe('2');
    expect((await zk.zk.exists('/controller_epoch'))?.version).toBe(2);
    expect(await zk.children('/brokers/ids')).toEqual(['1', '2']);
    // Both survivors saw /controller deleted (Reelect); the loser went back to watching.
    expect(controllerEvents(h, 1, mark)[0]).toBe('Reelect');
    expect(controllerEvents(h, 2, mark)[0]).toBe('Reelect');
    const other = n === 1 ? 2 : 1;
    expect(h.cluster.broker(other).controller?.activeController).toBe(n);
  });

  it("the new controller's onControllerFailover runs in Kafka 2.5's order: notifications deleted first, UpdateMetadata before any LeaderAndIsr", async () => {
    const { h, zk, mark, n: newController } = await scenario.reach('session expired');
    const n = newController as number;
    // KafkaController.onControllerFailover, in Kafka 2.5's order.
    const lines = linesSince(h, mark, 'controller.log', n).filter((l) => !l.startsWith(`[Controller id=${n}] Broker `));
    const epochs = [1, 2].map((id) => `${id} -> ${h.cluster.broker(id).brokerEpoch}`).join(', ');
    const prefix = (l: string) => `[Controller id=${n}] ${l}`;
    const failover = [
      prefix(`${n} successfully elected as the controller. Epoch incremented to 2 and epoch zk version is now 2`),
      prefix('Registering handlers'),
      prefix('Deleting log dir event notifications'),
      prefix('Deleting isr change notifications'),
      prefix('Initializing controller context'),
      prefix(`Initialized broker epochs cache: Map(${epochs})`),
      prefix('Currently active brokers in the cluster: Set(1, 2)'),
      prefix('Currently shutting brokers in the cluster: Set()'),
      prefix('Current list of topics in the cluster: Set(orders)'),
      prefix('Fetching topic deletions in progress'),
      prefix('List of topics to be deleted: '),
      prefix('List of topics ineligible for deletion: orders'),
      prefix('Initializing topic deletion manager'),
      `[Topic Deletion Manager ${n}] Initializing manager with initial deletions: Set(), initial ineligible deletions: Set(orders)`,
      prefix('Sending update metadata request'),
      `[ReplicaStateMachine controllerId=${n}] Initializing replica state`,
      `[ReplicaStateMachine controllerId=${n}] Triggering online replica state changes`,
      `[ReplicaStateMachine controllerId=${n}] Triggering offline replica state changes`,
      `[PartitionStateMachine controllerId=${n}] Initializing partition state`,
      `[PartitionStateMachine controllerId=${n}] Triggering online partition state changes`,
      prefix('Ready to serve as the new controller with epoch 2'),
      prefix('Partitions undergoing preferred replica election: '),
      prefix('Partitions that completed preferred replica election: '),
      prefix('Skipping preferred replica election for partitions due to topic deletion: '),
      prefix('Resuming preferred replica election for partitions: '),
      prefix('Starting replica leader election (PREFERRED) for partitions  triggered by ZkTriggered'),
      prefix('Starting the controller scheduler'),
    ];
    expect(lines.slice(0, failover.length)).toEqual(failover);
    expect(await zk.children('/isr_change_notification')).toEqual([]);
    expect(await zk.children('/log_dir_event_notification')).toEqual([]);
    // Listing the children armed the child watches (as Kafka's registerWatch = true), so the deletions
    // queue both events; by then there is nothing left to handle.
    expect(controllerEvents(h, n, mark)).toEqual(expect.arrayContaining(['LogDirEventNotification', 'IsrChangeNotification']));
    expect(linesSince(h, mark, 'controller.log', n)).toContain(`[Controller id=${n}] Handling log directory failure for brokers `);
    // Step 6 before step 7: UpdateMetadata (no partitions) to the live brokers before any LeaderAndIsr.
    const sent = sentRequests(h, mark, n);
    expect(
      sent.slice(0, 2).map((s) => [s.to, s.request.apiKey, s.request.apiKey === 'UpdateMetadata' && s.request.partitionStates.length]),
    ).toEqual([
      [1, 'UpdateMetadata', 0],
      [2, 'UpdateMetadata', 0],
    ]);
    expect(sent.some((s) => s.to === 0)).toBe(false);
  });

  it('the failover moved what the dead broker led: its replicas leave the ISRs (leader −1, epoch + 1), then the partitions elect (epoch + 1)', async () => {
    const { h, zk } = await scenario.reach('session expired');
    // The failover itself moved what broker 0 led: the replica state machine first takes the dead
    // replicas out of the ISR (leader −1, epoch + 1), then the partition state machine elects (epoch + 1).
    expect(await zk.stateText('orders', 0)).toBe(stateJson(2, 1, 2, [1]));
    expect(await zk.stateText('orders', 1)).toBe(stateJson(1, 1, 0, [1, 2]));
    expect(await zk.stateText('orders', 2)).toBe(stateJson(2, 2, 1, [2]));
    const ctrl = h.cluster.activeController()!;
    expect(ctrl.epoch).toBe(2);
    expect(ctrl.context.replicaState({ topic: 'orders', partition: 0, replica: 0 })).toBe('OfflineReplica');
    expect(ctrl.context.partitionState({ topic: 'orders', partition: 0 })).toBe('OnlinePartition');
  });
});
