/**
 * The produce path and replication (seed 004, scenarios P1–P3): acks 0 / 1 / −1 with
 * `min.insync.replicas`, followers really copying the leader's batches, the high watermark, ISR
 * shrink and expand by `replica.lag.time.max.ms`, and follower truncation by leader epoch.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { murmur2 } from '../../src-main/core/common/murmur2';
import type { Log } from '../../src-main/core/log/log';
import { ClusterHarness } from '../support/cluster-harness';
import { ZnodeReader } from '../support/controller-scenario';
import { CREATE, adminOf, dec, drive, enc, killAndExpire, linesSince, mark, topic, tp } from '../support/scenario';

function logOf(h: ClusterHarness, brokerId: number, topicName: string, partition: number): Log {
  const p = h.cluster.broker(brokerId).replicaManager?.getPartition(tp(topicName, partition));
  if (!p || p === 'offline' || !p.log) throw new Error(`broker ${brokerId} has no log for ${topicName}-${partition} (seed ${h.seed})`);
  return p.log;
}

function record(value: string, key: string | null = null) {
  return { key: key === null ? null : enc(key), value: enc(value) };
}

describe('produce, replication, high watermark and ISR (P1–P3)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  async function setup(configs: Record<string, string> = {}, brokerConfig: Record<string, string> = {}): Promise<ZnodeReader> {
    h = await ClusterHarness.create({ brokers: 3, seed: 404, brokerConfig });
    const [created] = await adminOf(h).createTopics([topic('pay', { assignment: [[0, 1, 2]], configs })], CREATE);
    expect(created.errorCode).toBe(0);
    await h.settle();
    return ZnodeReader.open(h);
  }

  it('P1/P3: acks=−1 waits until every ISR member has the batch; followers hold byte-identical segments', async () => {
    await setup({ 'min.insync.replicas': '2' });
    const produced = await drive(h, h.client.produce({ topic: 'pay', partition: 0, records: [record('a'), record('b')], acks: -1 }));
    expect(produced).toMatchObject({ error: 'NONE', baseOffset: 0, leaderId: 0 });
    // The answer came once the high watermark passed offset 1: both followers had fetched it.
    expect(logOf(h, 0, 'pay', 0).highWatermark).toBe(2);
    for (const id of [1, 2]) expect(logOf(h, id, 'pay', 0).logEndOffset).toBe(2);
    await h.advance(1000);
    const leaderBytes = readFileSync(join(logOf(h, 0, 'pay', 0).dir, '00000000000000000000.log'));
    for (const id of [1, 2]) {
      const log = logOf(h, id, 'pay', 0);
      expect(readFileSync(join(log.dir, '00000000000000000000.log')).equals(leaderBytes)).toBe(true);
      // Followers learn the high watermark on their next fetch.
      expect(log.highWatermark).toBe(2);
      expect(readFileSync(join(log.dir, 'leader-epoch-checkpoint'), 'utf8')).toBe('0\n1\n0 0\n');
    }
    const read = h.client.read({ topic: 'pay', partition: 0, fromOffset: 0 });
    expect(read.records.map((r) => [r.offset, dec(r.value), r.leaderEpoch])).toEqual([
      [0, 'a', 0],
      [1, 'b', 0],
    ]);
  });

  it('P1: acks=1 answers after the leader appends; acks=0 gets no offset; consumers see only what is below the high watermark', async () => {
    await setup();
    for (const id of [1, 2]) h.cluster.broker(id).replicaManager!.fetcherManager.paused = true;
    const one = await h.client.produce({ topic: 'pay', partition: 0, records: [record('x')], acks: 1 });
    expect(one).toMatchObject({ error: 'NONE', baseOffset: 0 });
    const zero = await h.client.produce({ topic: 'pay', partition: 0, records: [record('y')], acks: 0 });
    expect(zero).toMatchObject({ error: 'NONE', baseOffset: -1 });
    const leader = logOf(h, 0, 'pay', 0);
    expect([leader.logEndOffset, leader.highWatermark]).toEqual([2, 0]);
    expect(h.client.read({ topic: 'pay', partition: 0, fromOffset: 0 }).records).toEqual([]);
    for (const id of [1, 2]) h.cluster.broker(id).replicaManager!.fetcherManager.paused = false;
    await h.advance(600);
    expect(leader.highWatermark).toBe(2);
    expect(h.client.read({ topic: 'pay', partition: 0, fromOffset: 0 }).records.map((r) => dec(r.value))).toEqual(['x', 'y']);
  });

  it('P1: with fewer ISR members than min.insync.replicas, acks=−1 gets NOT_ENOUGH_REPLICAS and nothing is written; acks=1 still works', async () => {
    const zk = await setup({ 'min.insync.replicas': '2' });
    await killAndExpire(h, 1);
    await killAndExpire(h, 2);
    expect((await zk.state('pay', 0)).isr).toEqual([0]);
    const rejected = await h.client.produce({ topic: 'pay', partition: 0, records: [record('lost?')], acks: -1 });
    expect(rejected).toMatchObject({
      error: 'NOT_ENOUGH_REPLICAS',
      errorMessage: 'The size of the current ISR Set(0) is insufficient to satisfy the min.isr requirement of 2 for partition pay-0',
      baseOffset: -1,
    });
    expect(logOf(h, 0, 'pay', 0).logEndOffset).toBe(0);
    expect(await h.client.produce({ topic: 'pay', partition: 0, records: [record('ok')], acks: 1 })).toMatchObject({
      error: 'NONE',
      baseOffset: 0,
    });
  });

  it('P1: the ISR shrinks under a waiting acks=−1 append: NOT_ENOUGH_REPLICAS_AFTER_APPEND (written, but to fewer replicas than required)', async () => {
    const zk = await setup({ 'min.insync.replicas': '3' });
    h.cluster.broker(2).replicaManager!.fetcherManager.paused = true;
    const pending = h.client.produce({ topic: 'pay', partition: 0, records: [record('late')], acks: -1, timeoutMs: 60_000 });
    const outcome = await drive(h, pending, 1000);
    expect(outcome).toMatchObject({ error: 'NOT_ENOUGH_REPLICAS_AFTER_APPEND', baseOffset: 0 });
    expect((await zk.state('pay', 0)).isr).toEqual([0, 1]);
    expect(logOf(h, 0, 'pay', 0).highWatermark).toBe(1);
  });

  it('P1: acks=−1 times out with REQUEST_TIMED_OUT when the ISR does not catch up in time', async () => {
    await setup();
    h.cluster.broker(1).replicaManager!.fetcherManager.paused = true;
    const outcome = await drive(h, h.client.produce({ topic: 'pay', partition: 0, records: [record('slow')], acks: -1, timeoutMs: 1500 }));
    expect(outcome).toMatchObject({ error: 'REQUEST_TIMED_OUT', baseOffset: 0 });
  });

  it('P3: a follower that stops fetching leaves the ISR after replica.lag.time.max.ms and comes back when it catches up', async () => {
    const zk = await setup({}, { 'replica.lag.time.max.ms': '10000' });
    await h.client.produce({ topic: 'pay', partition: 0, records: [record('1')], acks: 1 });
    await h.advance(1000);
    h.cluster.broker(2).replicaManager!.fetcherManager.paused = true;
    for (let i = 0; i < 3; i++) await h.client.produce({ topic: 'pay', partition: 0, records: [record(`more-${i}`)], acks: 1 });
    const from = mark(h);
    await h.advance(16_000);
    expect((await zk.state('pay', 0)).isr).toEqual([0, 1]);
    expect(linesSince(h, from, 'server.log', 0)).toContain(
      '[Partition pay-0 broker=0] Shrinking ISR from 0,1,2 to 0,1. Leader: (highWatermark: 1, endOffset: 4). Out of sync replicas: (brokerId: 2, endOffset: 1).',
    );
    // The change reaches the controller through /isr_change_notification (after 5 s of quiet).
    await h.advance(10_000);
    expect(h.cluster.broker(1).metadataCache.getPartitionInfo('pay', 0)?.isr).toEqual([0, 1]);

    const back = mark(h);
    h.cluster.broker(2).replicaManager!.fetcherManager.paused = false;
    await h.advance(1000);
    expect((await zk.state('pay', 0)).isr).toEqual([0, 1, 2]);
    expect(linesSince(h, back, 'server.log', 0)).toContain('[Partition pay-0 broker=0] Expanding ISR from 0,1 to 0,1,2');
    expect(logOf(h, 2, 'pay', 0).logEndOffset).toBe(4);
  });

  it('P3: a new leader makes an old leader truncate the records only it had (leader epochs), then copy the new ones', async () => {
    const zk = await setup();
    await drive(h, h.client.produce({ topic: 'pay', partition: 0, records: [record('kept-0'), record('kept-1')], acks: -1 }));
    // Followers stop; the leader takes two more records alone (acks=1), then dies.
    for (const id of [1, 2]) h.cluster.broker(id).replicaManager!.fetcherManager.paused = true;
    await h.client.produce({ topic: 'pay', partition: 0, records: [record('only-on-0')], acks: 1 });
    await h.client.produce({ topic: 'pay', partition: 0, records: [record('only-on-0-too')], acks: 1 });
    expect(logOf(h, 0, 'pay', 0).logEndOffset).toBe(4);
    for (const id of [1, 2]) h.cluster.broker(id).replicaManager!.fetcherManager.paused = false;
    const killed = mark(h);
    await killAndExpire(h, 0);
    // Broker 0 was also the controller: the new one first takes 0 out of the ISR (epoch 1, no
    // leader), then elects 1 (epoch 2).
    expect(linesSince(h, killed, 'state-change.log')).toContain(
      '[Controller id=1 epoch=2] Changed partition pay-0 from OfflinePartition to OnlinePartition with state LeaderAndIsr(leader=1, leaderEpoch=2, isr=List(1, 2), zkVersion=2)',
    );
    expect(await zk.state('pay', 0)).toMatchObject({ leader: 1, leader_epoch: 2 });
    // The new leader takes a record of its own at offset 2.
    expect(await drive(h, h.client.produce({ topic: 'pay', partition: 0, records: [record('new-leader')], acks: 1 }))).toMatchObject({
      baseOffset: 2,
      leaderId: 1,
    });
    expect(readFileSync(join(logOf(h, 1, 'pay', 0).dir, 'leader-epoch-checkpoint'), 'utf8')).toBe('0\n2\n0 0\n2 2\n');

    const back = mark(h);
    await h.cluster.startBroker(0);
    await h.advance(2000);
    const old = logOf(h, 0, 'pay', 0);
    expect(linesSince(h, back, 'server.log', 0).some((l) => l.includes('Truncating partition pay-0 to offset 2'))).toBe(true);
    expect(old.logEndOffset).toBe(3);
    expect(readFileSync(join(old.dir, 'leader-epoch-checkpoint'), 'utf8')).toBe('0\n2\n0 0\n2 2\n');
    const leaderBytes = readFileSync(join(logOf(h, 1, 'pay', 0).dir, '00000000000000000000.log'));
    expect(readFileSync(join(old.dir, '00000000000000000000.log')).equals(leaderBytes)).toBe(true);
    expect(h.client.read({ topic: 'pay', partition: 0, fromOffset: 0 }).records.map((r) => dec(r.value))).toEqual([
      'kept-0',
      'kept-1',
      'new-leader',
    ]);
  });

  it("keyed records go where Kafka's default partitioner (murmur2) sends them", async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 405 });
    await adminOf(h).createTopics([topic('keys', { partitions: 6, rf: 1 })], CREATE);
    await h.settle();
    // murmur2 and the partitions for 6 partitions as kafka-python's copy of Java's murmur2 computes
    // them (`kafka.partitioner.default.murmur2`, unsigned there).
    const expected: Array<[string, number, number]> = [
      ['alice', 1951417749, 3],
      ['bob', 2246822606, 0],
      ['carol', 271431602, 2],
      ['', 275646681, 3],
      ['order-42', 501153024, 0],
    ];
    for (const [key, hash, partition] of expected) {
      expect(murmur2(enc(key)) >>> 0).toBe(hash);
      expect(h.client.choosePartition('keys', enc(key))).toBe(partition);
    }
  });

  it('ListOffsets: a new leader answers OFFSET_NOT_AVAILABLE until its high watermark reaches the start of its epoch (KIP-207)', async () => {
    const zk = await setup();
    h.cluster.broker(2).replicaManager!.fetcherManager.paused = true;
    await h.client.produce({ topic: 'pay', partition: 0, records: [record('r0'), record('r1')], acks: 1 });
    // Follower 1 copies both records, but the leader's high watermark cannot pass 0 while 2 lags in the ISR.
    h.time.runDue();
    await h.settle();
    expect(logOf(h, 1, 'pay', 0).logEndOffset).toBe(2);
    expect(logOf(h, 0, 'pay', 0).highWatermark).toBe(0);
    expect(h.client.listOffset(tp('pay', 0), -1)).toMatchObject({ error: 'NONE', offset: 0 });

    await killAndExpire(h, 0);
    expect(await zk.state('pay', 0)).toMatchObject({ leader: 1 });
    const newLeader = h.cluster.broker(1).replicaManager!;
    expect(newLeader.fetchOffsetForTimestamp(tp('pay', 0), -1)).toMatchObject({
      error: 'OFFSET_NOT_AVAILABLE',
      errorMessage:
        "Failed to fetch offsets for partition pay-0 with leader epoch 2 as this partition's high watermark (0) is lagging behind the start offset from the beginning of this epoch (2).",
    });
    // Earliest is always known; a replica (no isolation) gets the log end.
    expect(newLeader.fetchOffsetForTimestamp(tp('pay', 0), -2)).toMatchObject({ error: 'NONE', offset: 0 });
    expect(newLeader.fetchOffsetForTimestamp(tp('pay', 0), -1, { isolation: null })).toMatchObject({ error: 'NONE', offset: 2 });

    h.cluster.broker(2).replicaManager!.fetcherManager.paused = false;
    await h.advance(1000);
    expect(newLeader.fetchOffsetForTimestamp(tp('pay', 0), -1)).toMatchObject({ error: 'NONE', offset: 2, leaderEpoch: 2 });
    expect(h.client.read({ topic: 'pay', partition: 0, fromOffset: 0 }).records.map((r) => dec(r.value))).toEqual(['r0', 'r1']);
  });
});
