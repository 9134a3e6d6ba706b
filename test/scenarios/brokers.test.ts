import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateMetadataRequest } from '../../src-main/core/controller/broker-requests';
import { ClusterHarness } from '../support/cluster-harness';
import { ZnodeReader } from '../support/controller-scenario';
import {
  adminOf,
  controllerEvents,
  drive,
  killAndExpire,
  linesSince,
  linesWithThrowablesSince,
  sentRequests,
  stateJson,
  topicZnode,
  tp,
  txns,
} from '../support/scenario';

/** K4 (broker failure), K5 (controlled shutdown) and K8 (ISR change notifications). */
describe('broker failure, controlled shutdown and ISR changes (K4, K5, K8)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('K4: a broker dies — its partitions elect from the live ISR (OfflinePartitionLeaderElection), ISRs shrink, leader_epoch + 1', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 201 });
    const zk = await ZnodeReader.open(h);
    await zk.write('/brokers/topics/clicks', topicZnode({ 0: [1, 2], 1: [2, 0], 2: [0, 1] }));
    await h.settle();
    expect(await zk.stateText('clicks', 0)).toBe(stateJson(1, 1, 0, [1, 2]));

    const mark = h.events.length;
    await killAndExpire(h, 1);
    expect(await zk.children('/brokers/ids')).toEqual(['0', '2']);
    // clicks-0 lost its leader: the first live ISR member leads, the ISR is the live part of it.
    expect(await zk.stateText('clicks', 0)).toBe(stateJson(1, 2, 1, [2]));
    expect((await zk.zk.exists('/brokers/topics/clicks/partitions/0/state'))?.version).toBe(1);
    // clicks-2 kept its leader; the dead follower left the ISR (OfflineReplica), epoch + 1 too.
    expect(await zk.stateText('clicks', 2)).toBe(stateJson(1, 0, 1, [0]));
    // clicks-1 had no replica on broker 1.
    expect(await zk.stateText('clicks', 1)).toBe(stateJson(1, 2, 0, [2, 0]));

    const ctrl = h.cluster.activeController()!;
    expect(ctrl.config.brokerId).toBe(0);
    expect(controllerEvents(h, 0, mark)).toContain('BrokerChange');
    expect(ctrl.context.partitionState(tp('clicks', 0))).toBe('OnlinePartition');
    expect(ctrl.context.replicaState({ ...tp('clicks', 0), replica: 1 })).toBe('OfflineReplica');
    expect(ctrl.context.replicaState({ ...tp('clicks', 2), replica: 1 })).toBe('OfflineReplica');
    expect(ctrl.context.replicaState({ ...tp('clicks', 0), replica: 2 })).toBe('OnlineReplica');

    const controllerLog = linesSince(h, mark, 'controller.log', 0);
    expect(controllerLog).toContain(
      '[Controller id=0] Newly added brokers: , deleted brokers: 1, bounced brokers: , all live brokers: 0,2',
    );
    expect(controllerLog).toContain('[Controller id=0] Broker failure callback for 1');
    const stateChange = linesSince(h, mark, 'state-change.log', 0);
    const offline = stateChange.indexOf(
      '[Controller id=0 epoch=1] Changed partition clicks-0 state from OnlinePartition to OfflinePartition',
    );
    const online = stateChange.indexOf(
      '[Controller id=0 epoch=1] Changed partition clicks-0 from OfflinePartition to OnlinePartition with state LeaderAndIsr(leader=2, leaderEpoch=1, isr=List(2), zkVersion=1)',
    );
    const replicaOffline = stateChange.indexOf(
      '[Controller id=0 epoch=1] Changed state of replica 1 for partition clicks-0 from OnlineReplica to OfflineReplica',
    );
    expect(offline).toBeGreaterThanOrEqual(0);
    expect(online).toBeGreaterThan(offline);
    expect(replicaOffline).toBeGreaterThan(online);

    // The new leader was told (LeaderAndIsr), then everyone got the new metadata.
    const sent = sentRequests(h, mark, 0);
    const lai = sent.find(
      (s) =>
        s.request.apiKey === 'LeaderAndIsr' && s.request.partitionStates.some((p) => p.topicName === 'clicks' && p.partitionIndex === 0),
    );
    expect(lai?.to).toBe(2);
    expect(lai?.request.apiKey === 'LeaderAndIsr' && lai.request.partitionStates[0]).toMatchObject({
      leader: 2,
      leaderEpoch: 1,
      isr: [2],
      zkVersion: 1,
      isNew: false,
    });
    expect(sent.some((s) => s.to === 1)).toBe(false);
    expect(h.cluster.broker(2).metadataCache.getPartitionInfo('clicks', 0)).toMatchObject({
      leader: 2,
      leaderEpoch: 1,
      isr: [2],
      offlineReplicas: [1],
    });
    expect(h.cluster.broker(2).replicaManager?.getPartition(tp('clicks', 0))).toMatchObject({ leader: 2, leaderEpoch: 1, isr: [2] });
    expect(linesSince(h, mark, 'server.log', 2)).toContain(
      '[Partition clicks-0 broker=2] clicks-0 starts at leader epoch 1 from offset 0 with high watermark 0. Previous leader epoch was 0.',
    );
  });

  /** The replica on broker 2 is alive but out of the ISR when broker 1, the only ISR member, dies. */
  async function isrOfOneThenLeaderDies(options: {
    brokerConfig?: Record<string, string>;
    topicConfig?: Record<string, string>;
  }): Promise<ZnodeReader> {
    h = await ClusterHarness.create({ brokers: 3, seed: 202, brokerConfig: options.brokerConfig });
    const admin = adminOf(h);
    const created = await admin.createTopics(
      [
        {
          name: 'ledger',
          numPartitions: -1,
          replicationFactor: -1,
          assignments: [{ partitionIndex: 0, brokerIds: [1, 2] }],
          configs: options.topicConfig ?? {},
        },
      ],
      { timeoutMs: 30000, validateOnly: false },
    );
    expect(created[0].errorCode).toBe(0);
    const zk = await ZnodeReader.open(h);
    expect(await zk.stateText('ledger', 0)).toBe(stateJson(1, 1, 0, [1, 2]));
    // Broker 2 dies: it leaves the ISR.
    await killAndExpire(h, 2);
    expect(await zk.stateText('ledger', 0)).toBe(stateJson(1, 1, 1, [1]));
    // It comes back, and before its first fetch (500 ms) could bring it into the ISR, broker 1 dies.
    await h.cluster.startBroker(2);
    await h.settle();
    expect(h.cluster.broker(2).replicaManager?.getPartition(tp('ledger', 0))).toMatchObject({ leader: 1, isr: [1] });
    await killAndExpire(h, 1);
    return zk;
  }

  it('K4: no live ISR member and unclean.leader.election.enable=false — leader −1, the partition stays OfflinePartition', async () => {
    const zk = await isrOfOneThenLeaderDies({});
    // The election failed; the replica state machine then removed the leader (an ISR of one stays as it is).
    expect(await zk.stateText('ledger', 0)).toBe(stateJson(1, -1, 2, [1]));
    const ctrl = h.cluster.activeController()!;
    expect(ctrl.context.partitionState(tp('ledger', 0))).toBe('OfflinePartition');
    expect(linesWithThrowablesSince(h, 0, 'state-change.log', 'ERROR')).toContain(
      '[Controller id=0 epoch=1] Controller 0 epoch 1 failed to change state for partition ledger-0 from OfflinePartition to OnlinePartition\nkafka.common.StateChangeFailedException: Failed to elect leader for partition ledger-0 under strategy OfflinePartitionLeaderElectionStrategy(false)',
    );
    // Brokers learn there is no leader; the out-of-sync replica on broker 2 stays a follower of nobody.
    expect(h.cluster.broker(2).metadataCache.getPartitionInfo('ledger', 0)).toMatchObject({ leader: -1, isr: [1] });
    await h.advance(60_000);
    expect(await zk.stateText('ledger', 0)).toBe(stateJson(1, -1, 2, [1]));

    // Broker 1 returns: the partition comes back online with its old ISR member as leader.
    await h.cluster.startBroker(1);
    await h.settle();
    expect(await zk.stateText('ledger', 0)).toBe(stateJson(1, 1, 3, [1]));
    expect(ctrl.context.partitionState(tp('ledger', 0))).toBe('OnlinePartition');
  });

  it('K4: unclean.leader.election.enable=true in server.properties — the first live replica leads, with an ISR of itself', async () => {
    const zk = await isrOfOneThenLeaderDies({ brokerConfig: { 'unclean.leader.election.enable': 'true' } });
    expect(await zk.stateText('ledger', 0)).toBe(stateJson(1, 2, 2, [2]));
    expect(h.cluster.activeController()?.context.partitionState(tp('ledger', 0))).toBe('OnlinePartition');
    expect(h.logLines('state-change.log', 0)).toContain(
      '[Controller id=0 epoch=1] Changed partition ledger-0 from OfflinePartition to OnlinePartition with state LeaderAndIsr(leader=2, leaderEpoch=2, isr=List(2), zkVersion=2)',
    );
    expect(h.cluster.broker(2).replicaManager?.getPartition(tp('ledger', 0))).toMatchObject({ leader: 2, leaderEpoch: 2, isr: [2] });
  });

  it('K4: unclean.leader.election.enable=true as a topic config — read from /config/topics at election time', async () => {
    const zk = await isrOfOneThenLeaderDies({ topicConfig: { 'unclean.leader.election.enable': 'true' } });
    expect(await zk.text('/config/topics/ledger')).toBe('{"version":1,"config":{"unclean.leader.election.enable":"true"}}');
    expect(await zk.stateText('ledger', 0)).toBe(stateJson(1, 2, 2, [2]));
    expect(h.cluster.broker(0).metadataCache.getPartitionInfo('ledger', 0)).toMatchObject({ leader: 2, isr: [2], offlineReplicas: [1] });

    // K4 + K8: the old leader returns as a follower, fetches, and the new leader takes it back into the ISR.
    await h.cluster.startBroker(1);
    await h.settle();
    expect(h.cluster.broker(1).replicaManager?.getPartition(tp('ledger', 0))).toMatchObject({ leader: 2, leaderEpoch: 2 });
    await h.advance(500);
    expect(await zk.stateText('ledger', 0)).toBe(stateJson(1, 2, 2, [2, 1]));
    expect(h.logLines('server.log', 2)).toContain('[Partition ledger-0 broker=2] Expanding ISR from 2 to 2,1');
  });

  it('K4 + K8: the returning broker rejoins the ISR by fetching; the leader writes /isr_change_notification after 5 s of quiet, the controller propagates and deletes it', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 203 });
    const zk = await ZnodeReader.open(h);
    await zk.write('/brokers/topics/clicks', topicZnode({ 0: [1, 2], 1: [2, 0] }));
    await h.settle();
    await killAndExpire(h, 1);
    expect(await zk.stateText('clicks', 0)).toBe(stateJson(1, 2, 1, [2]));
    expect(await zk.children('/isr_change_notification')).toEqual([]);

    const mark = h.events.length;
    const startedAt = h.time.nowMs();
    await h.cluster.startBroker(1);
    await h.settle();
    // The controller saw the broker (BrokerChange), made its replicas online: LeaderAndIsr, as follower of 2.
    expect(controllerEvents(h, 0, mark)).toContain('BrokerChange');
    expect(h.cluster.activeController()?.context.replicaState({ ...tp('clicks', 0), replica: 1 })).toBe('OnlineReplica');
    const toOne = sentRequests(h, mark, 0).filter((s) => s.to === 1 && s.request.apiKey === 'LeaderAndIsr');
    expect(toOne.length).toBe(1);
    expect(toOne[0].request.apiKey === 'LeaderAndIsr' && toOne[0].request.partitionStates[0]).toMatchObject({
      topicName: 'clicks',
      partitionIndex: 0,
      leader: 2,
      leaderEpoch: 1,
      isr: [2],
      isNew: false,
    });
    expect(linesSince(h, mark, 'server.log', 1)).toContain(
      '[ReplicaFetcherManager on broker 1] Added fetcher to broker BrokerEndPoint(id=2) for partitions Map(clicks-0 -> (offset=0, leaderEpoch=1))',
    );

    // Watch for the notification node the way zkCli would (`stat -w`), to read it before the controller deletes it.
    const parent = await zk.zk.exists('/isr_change_notification');
    const notificationPath = `/isr_change_notification/isr_change_${String(parent?.cversion ?? 0).padStart(10, '0')}`;
    let notification: { data: string | null; ctime: number; owner: bigint } | null = null;
    await zk.zk.exists(notificationPath, () => {
      void zk.zk.getData(notificationPath).then((r) => {
        notification = { data: new TextDecoder().decode(r.data ?? new Uint8Array()), ctime: r.stat.ctime, owner: r.stat.ephemeralOwner };
      });
    });

    // First fetch 500 ms after the broker started: the leader (2) expands the ISR itself, keeping its epoch.
    await h.advance(500);
    expect(await zk.stateText('clicks', 0)).toBe(stateJson(1, 2, 1, [2, 1]));
    expect((await zk.zk.exists('/brokers/topics/clicks/partitions/0/state'))?.version).toBe(2);
    expect(linesSince(h, mark, 'server.log', 2)).toContain('[Partition clicks-0 broker=2] Expanding ISR from 2 to 2,1');
    const isrWrite = txns(h, mark).find((t) => t.op === 'setData' && t.path === '/brokers/topics/clicks/partitions/0/state');
    expect(isrWrite?.sessionId).toBe(h.cluster.broker(2).sessionId);
    // Not yet propagated: the controller's cache and the other brokers still have the old ISR.
    expect(h.cluster.broker(0).metadataCache.getPartitionInfo('clicks', 0)?.isr).toEqual([2]);
    expect(await zk.children('/isr_change_notification')).toEqual([]);

    // The leader checks every 2.5 s and writes once the last change is more than 5 s old.
    const expanded = startedAt + 500;
    await h.advance(5000);
    expect(await zk.children('/isr_change_notification')).toEqual([]);
    const umMark = h.events.length;
    await h.advance(2500);
    expect(notification).not.toBeNull();
    const n = notification as unknown as { data: string; ctime: number };
    expect(n.data).toBe('{"version":1,"partitions":[{"topic":"clicks","partition":0}]}');
    expect(n.ctime).toBeGreaterThan(expanded + 5000);
    expect(n.ctime).toBeLessThanOrEqual(expanded + 5000 + 2500);
    const created = txns(h, mark).find((t) => t.op === 'create' && t.path?.startsWith('/isr_change_notification/'));
    expect(created?.sessionId).toBe(h.cluster.broker(2).sessionId);

    // The controller (IsrChangeNotification) re-read the state, sent UpdateMetadata for clicks-0 to every broker, deleted the node.
    expect(controllerEvents(h, 0, umMark)).toContain('IsrChangeNotification');
    expect(await zk.children('/isr_change_notification')).toEqual([]);
    const deleted = txns(h, umMark).find((t) => t.op === 'multi' && t.path === undefined && t.sessionId === h.cluster.broker(0).sessionId);
    expect(deleted).toBeDefined();
    expect(await zk.exists(notificationPath)).toBe(false);
    const updates = sentRequests(h, umMark, 0).filter((s) => s.request.apiKey === 'UpdateMetadata');
    expect(updates.map((u) => u.to)).toEqual([0, 1, 2]);
    const um = updates[0].request as UpdateMetadataRequest;
    expect(um.partitionStates).toEqual([
      expect.objectContaining({
        topicName: 'clicks',
        partitionIndex: 0,
        leader: 2,
        leaderEpoch: 1,
        isr: [2, 1],
        zkVersion: 2,
        offlineReplicas: [],
      }),
    ]);
    for (const b of [0, 1, 2]) expect(h.cluster.broker(b).metadataCache.getPartitionInfo('clicks', 0)?.isr).toEqual([2, 1]);
    expect(h.cluster.activeController()?.context.partitionLeadershipInfo.get(tp('clicks', 0))?.leaderAndIsr).toMatchObject({
      isr: [2, 1],
      zkVersion: 2,
    });
  });

  it('K5: controlled shutdown moves leadership away before the broker stops (ControlledShutdown strategy, ISR minus the broker)', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 204 });
    const zk = await ZnodeReader.open(h);
    await zk.write('/brokers/topics/pay', topicZnode({ 0: [1, 2, 0], 1: [2, 1], 2: [1], 3: [0, 2] }));
    await h.settle();
    expect(await zk.stateText('pay', 0)).toBe(stateJson(1, 1, 0, [1, 2, 0]));

    const mark = h.events.length;
    const session = h.cluster.broker(1).sessionId;
    const result = await drive(h, h.cluster.shutdownBroker(1));
    expect(result).toEqual({ controlledShutdownSucceeded: true });
    expect(controllerEvents(h, 0, mark)).toEqual(expect.arrayContaining(['ControlledShutdown', 'BrokerChange']));
    expect(controllerEvents(h, 0, mark).indexOf('ControlledShutdown')).toBeLessThan(controllerEvents(h, 0, mark).indexOf('BrokerChange'));

    // Led by 1 with RF > 1: the next ISR member not shutting down leads, the ISR drops 1 — before the broker stopped.
    expect(await zk.stateText('pay', 0)).toBe(stateJson(1, 2, 1, [2, 0]));
    // Followed by 1: StopReplica(delete=false) to 1, then OfflineReplica takes it out of the ISR.
    expect(await zk.stateText('pay', 1)).toBe(stateJson(1, 2, 1, [2]));
    // RF 1: not moved by the controlled shutdown; it goes offline when the broker's znode goes.
    expect(await zk.stateText('pay', 2)).toBe(stateJson(1, -1, 1, [1]));
    expect(await zk.stateText('pay', 3)).toBe(stateJson(1, 0, 0, [0, 2]));

    // The leadership moved (state znode written) before the broker closed its session (its znode went).
    const all = txns(h, mark);
    const moved = (await zk.zk.exists('/brokers/topics/pay/partitions/0/state'))?.mzxid;
    const closed = all.find((t) => t.op === 'closeSession' && t.sessionId === session);
    expect(moved).toBeLessThan(closed!.zxid);

    const server = linesSince(h, mark, 'server.log', 1);
    const i = (line: string) => server.indexOf(`[KafkaServer id=1] ${line}`);
    expect(i('Starting controlled shutdown')).toBe(0);
    expect(i('Controlled shutdown succeeded')).toBeGreaterThan(0);
    expect(i('shutting down')).toBeGreaterThan(i('Controlled shutdown succeeded'));
    expect(i('shut down completed')).toBeGreaterThan(i('shutting down'));
    // Broker 1 itself was told pay-0's new leader while shutting down, and became its follower.
    expect(
      server.indexOf(
        '[ReplicaFetcherManager on broker 1] Added fetcher to broker BrokerEndPoint(id=2) for partitions Map(pay-0 -> (offset=0, leaderEpoch=1))',
      ),
    ).toBeLessThan(i('Controlled shutdown succeeded'));
    const controller = linesSince(h, mark, 'controller.log', 0);
    expect(controller[0]).toBe('[Controller id=0] Shutting down broker 1');
    expect(controller).toContain('[Controller id=0] Newly added brokers: , deleted brokers: 1, bounced brokers: , all live brokers: 0,2');
    expect(controller).toContain('[Controller id=0] Removed 1 from list of shutting down brokers.');
    expect(linesSince(h, mark, 'state-change.log', 0)).toContain(
      '[Controller id=0 epoch=1] Changed partition pay-0 from OnlinePartition to OnlinePartition with state LeaderAndIsr(leader=2, leaderEpoch=1, isr=List(2, 0), zkVersion=1)',
    );

    // Requests, in order: LeaderAndIsr for pay-0 to its replicas, 1 included (shutting down but still live),
    // then StopReplica(delete=false) for the followed pay-1 to broker 1. Once the broker is gone, its
    // OfflineReplica transition re-sends pay-0's unchanged state to the other replicas.
    const sent = sentRequests(h, mark, 0);
    const lai = sent.filter(
      (s) => s.request.apiKey === 'LeaderAndIsr' && s.request.partitionStates.some((p) => p.topicName === 'pay' && p.partitionIndex === 0),
    );
    expect(lai.map((s) => s.to)).toEqual([0, 1, 2, 0, 2]);
    expect(linesSince(h, mark, 'state-change.log', 0)).toContain(
      '[Controller id=0 epoch=1] Partition pay-1 state changed to (Leader:2,ISR:2,LeaderEpoch:1,ControllerEpoch:1) after removing replica 1 from the ISR as part of transition to OfflineReplica',
    );
    const stop = sent.find((s) => s.to === 1 && s.request.apiKey === 'StopReplica');
    expect(stop?.request).toMatchObject({ deletePartitions: false, partitions: [tp('pay', 1)] });
    const stopIndex = sent.indexOf(stop!);
    expect(stopIndex).toBeGreaterThan(sent.indexOf(lai[0]));

    // The shut-down broker's logs are still on disk (a clean stop deletes nothing).
    expect(
      h.fs
        .readdir(h.logDir(1))
        .map((e) => e.name)
        .filter((n) => n.startsWith('pay-'))
        .sort(),
    ).toEqual(['pay-0', 'pay-1', 'pay-2']);
    const ctrl = h.cluster.activeController()!;
    expect(ctrl.context.shuttingDownBrokerIds.size).toBe(0);
    expect(ctrl.context.replicaState({ ...tp('pay', 1), replica: 1 })).toBe('OfflineReplica');
    expect(ctrl.context.partitionState(tp('pay', 2))).toBe('OfflinePartition');
  });

  it("K5: the controller's own broker shuts down cleanly — leadership moves, then the controller role moves", async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 205 });
    const zk = await ZnodeReader.open(h);
    await zk.write('/brokers/topics/pay', topicZnode({ 0: [0, 1], 1: [0, 2] }));
    await h.settle();
    const result = await drive(h, h.cluster.shutdownBroker(0));
    expect(result.controlledShutdownSucceeded).toBe(true);
    expect(await zk.stateText('pay', 0)).toBe(stateJson(1, 1, 1, [1]));
    expect(await zk.stateText('pay', 1)).toBe(stateJson(1, 2, 1, [2]));
    const n = (await zk.controllerId()) as number;
    expect([1, 2]).toContain(n);
    expect(await zk.text('/controller_epoch')).toBe('2');
    expect(h.cluster.activeController()?.context.liveBrokerIds).toEqual(new Set([1, 2]));
  });
});
