/**
 * Kafka 2.5's broker metrics in each emulated broker's Yammer registry, checked against what the
 * cluster did (seed 1616): BrokerTopicMetrics after producing at a known rate, replication bytes
 * equal to the bytes the followers copied, the ReplicaManager and KafkaController gauges after a
 * broker is killed, ISR shrink and expand meters, the controller's rate-and-time timers, the Log
 * gauges (gone with a deleted topic), and a restarted broker counting from zero like a new JVM.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Gauge } from '../../src-main/core/metrics/gauge';
import type { Meter } from '../../src-main/core/metrics/meter';
import type { Metric } from '../../src-main/core/metrics/metrics-registry';
import type { Timer } from '../../src-main/core/metrics/timer';
import { ClusterHarness } from '../support/cluster-harness';
import { CREATE, adminOf, drive, enc, killAndExpire, topic, tp } from '../support/scenario';

const MESSAGES_IN = 'kafka.server:type=BrokerTopicMetrics,name=MessagesInPerSec';
const BYTES_IN = 'kafka.server:type=BrokerTopicMetrics,name=BytesInPerSec';

describe('broker metrics (Yammer, as Kafka 2.5 names them)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  function metric(brokerId: number, mBeanName: string): Metric {
    const registry = h.cluster.broker(brokerId).metrics;
    const m = registry?.get(mBeanName);
    if (!m) throw new Error(`broker ${brokerId} has no ${mBeanName} (seed ${h.seed})`);
    return m;
  }
  const meter = (id: number, name: string) => metric(id, name) as Meter;
  const gauge = (id: number, name: string) => (metric(id, name) as Gauge).value();
  const timer = (id: number, name: string) => metric(id, name) as Timer;
  const has = (id: number, name: string) => h.cluster.broker(id).metrics?.get(name) !== undefined;

  function logSizeOf(brokerId: number, topicName: string, partition: number): number {
    const p = h.cluster.broker(brokerId).replicaManager?.getPartition(tp(topicName, partition));
    if (!p || p === 'offline' || !p.log) throw new Error(`broker ${brokerId} has no log for ${topicName}-${partition} (seed ${h.seed})`);
    return p.log.size;
  }

  async function cluster(brokerConfig: Record<string, string> = {}): Promise<void> {
    h = await ClusterHarness.create({ brokers: 3, seed: 1616, brokerConfig });
  }

  it('MessagesInPerSec and BytesInPerSec count what the leader appended, at the rate it was produced (EWMA of 5 s ticks)', async () => {
    await cluster();
    const [created] = await adminOf(h).createTopics([topic('orders', { assignment: [[0, 1, 2]] })], CREATE);
    expect(created.errorCode).toBe(0);
    await h.settle();
    // 10 records a second for 60 s of cluster time, one batch a second.
    const startMs = h.time.nowMs();
    for (let s = 0; s < 60; s++) {
      const records = Array.from({ length: 10 }, (_, i) => ({ key: null, value: enc(`order-${s}-${i}`) }));
      const produced = await drive(h, h.client.produce({ topic: 'orders', partition: 0, records, acks: 1 }));
      expect(produced.error).toBe('NONE');
      await h.advance(startMs + (s + 1) * 1000 - h.time.nowMs());
    }
    const all = meter(0, MESSAGES_IN);
    const orders = meter(0, `${MESSAGES_IN},topic=orders`);
    expect(all.count()).toBe(600);
    expect(orders.count()).toBe(600);
    // Every 5 s tick saw 50 messages: Yammer's first tick sets the rate to 10/s and later ones keep it.
    expect(orders.oneMinuteRate()).toBeCloseTo(10, 6);
    expect(orders.fiveMinuteRate()).toBeCloseTo(10, 6);
    // The whole request's bytes count, which is what the leader's log holds.
    expect(meter(0, `${BYTES_IN},topic=orders`).count()).toBe(logSizeOf(0, 'orders', 0));
    expect(meter(0, 'kafka.server:type=BrokerTopicMetrics,name=TotalProduceRequestsPerSec,topic=orders').count()).toBe(60);
    // Followers only replicate: no messages in, but their replication bytes equal what they copied.
    await h.advance(2000);
    for (const id of [1, 2]) {
      expect(meter(id, MESSAGES_IN).count()).toBe(0);
      expect(has(id, `${MESSAGES_IN},topic=orders`)).toBe(false);
      expect(meter(id, 'kafka.server:type=BrokerTopicMetrics,name=ReplicationBytesInPerSec').count()).toBe(logSizeOf(id, 'orders', 0));
    }
    expect(meter(0, 'kafka.server:type=BrokerTopicMetrics,name=ReplicationBytesOutPerSec').count()).toBe(2 * logSizeOf(0, 'orders', 0));

    // One minute without traffic: twelve ticks of zero decay the one-minute rate by e^(-1).
    await h.advance(60_000);
    expect(orders.oneMinuteRate()).toBeCloseTo(10 * Math.exp(-1), 6);
  });

  it('a kill: URP on the leaders, OfflinePartitionsCount and one ActiveControllerCount on the controller, LeaderElectionRateAndTimeMs counted', async () => {
    await cluster();
    const admin = adminOf(h);
    const [replicated, single] = await admin.createTopics(
      [
        topic('pay', {
          assignment: [
            [0, 1, 2],
            [1, 2, 0],
            [2, 0, 1],
          ],
        }),
        topic('solo', { assignment: [[2]] }),
      ],
      CREATE,
    );
    expect([replicated.errorCode, single.errorCode]).toEqual([0, 0]);
    await h.settle();
    const controllerId = h.cluster.activeController()!.config.brokerId;
    const counts = () =>
      [0, 1, 2].map((id) =>
        h.cluster.broker(id).metrics ? gauge(id, 'kafka.controller:type=KafkaController,name=ActiveControllerCount') : null,
      );
    expect(counts().reduce((a, b) => a! + b!, 0)).toBe(1);
    expect(gauge(controllerId, 'kafka.controller:type=KafkaController,name=GlobalTopicCount')).toBe(2);
    expect(gauge(controllerId, 'kafka.controller:type=KafkaController,name=GlobalPartitionCount')).toBe(4);
    for (const id of [0, 1, 2]) {
      expect(gauge(id, 'kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions')).toBe(0);
      expect(gauge(id, 'kafka.server:type=ReplicaManager,name=PartitionCount')).toBe(id === 2 ? 4 : 3);
    }

    const victim = controllerId === 2 ? 1 : 2;
    const electionsBefore = timer(controllerId, 'kafka.controller:type=ControllerStats,name=LeaderElectionRateAndTimeMs').count();
    await killAndExpire(h, victim);
    await h.settle();
    expect(h.cluster.broker(victim).metrics).toBeNull();
    const survivors = [0, 1, 2].filter((id) => id !== victim);
    // Every pay partition lost a replica; each survivor leads some of them, all under-replicated.
    let urp = 0;
    for (const id of survivors) {
      let payLed = 0;
      for (let p = 0; p < 3; p++) {
        const name = `kafka.cluster:type=Partition,name=UnderReplicated,topic=pay,partition=${p}`;
        const hosted = h.cluster.broker(id).replicaManager?.getPartition(tp('pay', p));
        const leads = hosted !== undefined && hosted !== 'offline' && hosted.isLeader;
        if (leads) payLed++;
        expect(gauge(id, name)).toBe(leads ? 1 : 0);
      }
      const under = gauge(id, 'kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions');
      // The single-replica topic is never under-replicated: its one replica is its ISR.
      expect(under).toBe(payLed);
      urp += under;
    }
    expect(urp).toBe(3);
    const newController = h.cluster.activeController()!.config.brokerId;
    expect(gauge(newController, 'kafka.controller:type=KafkaController,name=OfflinePartitionsCount')).toBe(victim === 2 ? 1 : 0);
    expect(survivors.map((id) => gauge(id, 'kafka.controller:type=KafkaController,name=ActiveControllerCount')).sort()).toEqual([0, 1]);
    // The controller did not move; the BrokerChange that elected new leaders ran in the BrokerChange state.
    expect(newController).toBe(controllerId);
    expect(timer(controllerId, 'kafka.controller:type=ControllerStats,name=LeaderElectionRateAndTimeMs').count()).toBe(electionsBefore + 1);
    expect(gauge(controllerId, 'kafka.controller:type=KafkaController,name=ControllerState')).toBe(0);
  });

  it('IsrShrinksPerSec and IsrExpandsPerSec: a stalled follower leaves the ISR after replica.lag.time.max.ms and comes back', async () => {
    await cluster({ 'replica.lag.time.max.ms': '10000' });
    await adminOf(h).createTopics([topic('lag', { assignment: [[0, 1]] })], CREATE);
    await h.settle();
    const shrinks = meter(0, 'kafka.server:type=ReplicaManager,name=IsrShrinksPerSec');
    const expands = meter(0, 'kafka.server:type=ReplicaManager,name=IsrExpandsPerSec');
    const before = [shrinks.count(), expands.count()];
    h.cluster.broker(1).replicaManager!.fetcherManager.paused = true;
    await drive(h, h.client.produce({ topic: 'lag', partition: 0, records: [{ key: null, value: enc('x') }], acks: 1 }));
    await h.advance(20_000);
    expect(gauge(0, 'kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions')).toBe(1);
    expect(gauge(0, 'kafka.cluster:type=Partition,name=InSyncReplicasCount,topic=lag,partition=0')).toBe(1);
    expect(shrinks.count()).toBe(before[0] + 1);
    h.cluster.broker(1).replicaManager!.fetcherManager.paused = false;
    await h.advance(2_000);
    expect(expands.count()).toBe(before[1] + 1);
    expect(gauge(0, 'kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions')).toBe(0);
    expect(meter(0, 'kafka.server:type=ReplicaManager,name=FailedIsrUpdatesPerSec').count()).toBe(0);
  });

  it('UncleanLeaderElectionsPerSec counts an election of an out-of-sync replica', async () => {
    await cluster({ 'unclean.leader.election.enable': 'true' });
    await adminOf(h).createTopics([topic('ledger', { assignment: [[1, 2]] })], CREATE);
    await h.settle();
    await killAndExpire(h, 2);
    await h.cluster.startBroker(2);
    await h.settle();
    await killAndExpire(h, 1);
    await h.settle();
    const controllerId = h.cluster.activeController()!.config.brokerId;
    expect(meter(controllerId, 'kafka.controller:type=ControllerStats,name=UncleanLeaderElectionsPerSec').count()).toBe(1);
  });

  it('Log gauges follow the log (end offset, segments, size) and go with a deleted topic; a restarted broker counts from zero', async () => {
    await cluster();
    await adminOf(h).createTopics([topic('audit', { assignment: [[0, 1]], configs: { 'segment.bytes': '1024' } })], CREATE);
    await h.settle();
    for (let i = 0; i < 20; i++) {
      await drive(h, h.client.produce({ topic: 'audit', partition: 0, records: [{ key: null, value: enc('y'.repeat(100)) }], acks: -1 }));
    }
    const hosted = h.cluster.broker(0).replicaManager!.getPartition(tp('audit', 0));
    if (!hosted || hosted === 'offline' || !hosted.log) throw new Error('no log');
    const log = hosted.log;
    const tags = 'topic=audit,partition=0';
    expect(gauge(0, `kafka.log:type=Log,name=LogEndOffset,${tags}`)).toBe(20);
    expect(gauge(0, `kafka.log:type=Log,name=LogStartOffset,${tags}`)).toBe(0);
    expect(log.numberOfSegments).toBeGreaterThan(1);
    expect(gauge(0, `kafka.log:type=Log,name=NumLogSegments,${tags}`)).toBe(log.numberOfSegments);
    expect(gauge(0, `kafka.log:type=Log,name=Size,${tags}`)).toBe(log.size);
    expect(gauge(1, `kafka.log:type=Log,name=LogEndOffset,${tags}`)).toBe(20);
    expect(gauge(0, 'kafka.log:type=LogManager,name=OfflineLogDirectoryCount')).toBe(0);

    const deleted = await drive(h, adminOf(h).deleteTopics(['audit'], 30000));
    expect(deleted[0].errorCode).toBe(0);
    await h.advance(5_000);
    for (const id of [0, 1]) {
      expect(has(id, `kafka.log:type=Log,name=LogEndOffset,${tags}`)).toBe(false);
      expect(has(id, `kafka.cluster:type=Partition,name=UnderReplicated,${tags}`)).toBe(false);
    }
    expect(has(0, `${MESSAGES_IN},topic=audit`)).toBe(false);
    expect(meter(0, MESSAGES_IN).count()).toBe(20);

    await h.cluster.restartBroker(0);
    await h.settle();
    expect(meter(0, MESSAGES_IN).count()).toBe(0);
  });

  it('BytesRejectedPerSec counts a batch over max.message.bytes, which is a known failure and not a FailedProduceRequest', async () => {
    await cluster();
    await adminOf(h).createTopics([topic('small', { assignment: [[0]], configs: { 'max.message.bytes': '200' } })], CREATE);
    await h.settle();
    const records = [{ key: null, value: enc('z'.repeat(500)) }];
    const rejected = await drive(h, h.client.produce({ topic: 'small', partition: 0, records, acks: 1 }));
    expect(rejected.error).toBe('MESSAGE_TOO_LARGE');
    const bytesRejected = meter(0, 'kafka.server:type=BrokerTopicMetrics,name=BytesRejectedPerSec,topic=small').count();
    expect(bytesRejected).toBeGreaterThan(500);
    expect(meter(0, 'kafka.server:type=BrokerTopicMetrics,name=BytesRejectedPerSec').count()).toBe(bytesRejected);
    expect(meter(0, 'kafka.server:type=BrokerTopicMetrics,name=TotalProduceRequestsPerSec,topic=small').count()).toBe(1);
    expect(meter(0, 'kafka.server:type=BrokerTopicMetrics,name=FailedProduceRequestsPerSec').count()).toBe(0);
    expect(has(0, `${MESSAGES_IN},topic=small`)).toBe(false);
  });
});
