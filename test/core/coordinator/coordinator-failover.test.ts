/**
 * `__consumer_offsets` as the store of groups: commits and group metadata are appended (acks=−1,
 * Kafka's defaults: 50 partitions, 3 replicas, compacted) in Kafka's record formats, and when the
 * coordinator's broker dies the partition's new leader loads them — committed offsets survive.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  groupMetadataKey,
  offsetCommitKey,
  readGroupMetadataValue,
  readOffsetCommitValue,
} from '../../../src-main/core/coordinator/group/group-records';
import { batchesIn } from '../../../src-main/core/record';
import { ClusterHarness } from '../../support/cluster-harness';
import { enc, joinArgs, pendingJoin, whileClockRuns } from './group-support';

const LISTENER = { name: 'PLAINTEXT', host: 'localhost' };
const hex = (b: Uint8Array | null) => (b === null ? null : Buffer.from(b).toString('hex'));

describe('group coordinator failover', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('the new leader of the group’s offsets partition loads its committed offsets and metadata', async () => {
    h = await ClusterHarness.create({ seed: 61, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    const asked = h.cluster.broker(0).groupCoordinator!;
    expect((await asked.findCoordinator('payments', LISTENER)).error).toBe('COORDINATOR_NOT_AVAILABLE');
    await h.advance(100);
    const found = await asked.findCoordinator('payments', LISTENER);
    expect(found.error).toBe('NONE');
    // Utils.abs("payments".hashCode) % 50
    const partition = asked.partitionFor('payments');
    expect(partition).toBe(Math.abs(Array.from('payments').reduce((hash, c) => (Math.imul(hash, 31) + c.charCodeAt(0)) | 0, 0)) % 50);
    const state = h.cluster.broker(0).metadataCache.getPartitionInfo('__consumer_offsets', partition)!;
    expect(found.node.id).toBe(state.leader);
    expect(await h.cluster.broker(0).zk!.getTopicConfig('__consumer_offsets')).toEqual({
      'cleanup.policy': 'compact',
      'segment.bytes': '104857600',
      'compression.type': 'producer',
    });

    const coordinatorBroker = h.cluster.broker(found.node.id);
    const gc = coordinatorBroker.groupCoordinator!;
    await h.settle();
    const join = pendingJoin(gc, joinArgs('payments', { clientId: 'payer' }));
    await h.advance(0);
    const joined = await join.promise;
    expect(joined.error).toBe('NONE');
    const synced = await whileClockRuns(
      h,
      gc.handleSyncGroup('payments', 1, joined.memberId, new Map([[joined.memberId, enc('ledger-0,ledger-1')]])),
    );
    expect(synced.error).toBe('NONE');
    const commit = (p: number, o: number) => ({
      topic: 'ledger',
      partition: p,
      value: { offset: o, leaderEpoch: 0, metadata: `m${p}`, commitTimestamp: h!.time.nowMs(), expireTimestamp: null },
    });
    const committed = await whileClockRuns(h, gc.handleCommitOffsets('payments', joined.memberId, 1, [commit(0, 40), commit(1, 17)]));
    expect(Object.fromEntries(committed)).toEqual({ 'ledger-0': 'NONE', 'ledger-1': 'NONE' });

    // The records in the partition's log, on every replica (acks=−1), keyed as Kafka keys them.
    const tp = { topic: '__consumer_offsets', partition };
    const records = (id: number) => {
      const log = h!.cluster.broker(id).logManager!.getLog(tp)!;
      return [...batchesIn(log.read(0, 1 << 20, 'log-end', true).records)].flatMap((b) => b.records());
    };
    const leaderRecords = records(coordinatorBroker.id);
    expect(leaderRecords.map((r) => hex(r.key))).toEqual([
      hex(groupMetadataKey('payments')),
      hex(offsetCommitKey('payments', 'ledger', 0)),
      hex(offsetCommitKey('payments', 'ledger', 1)),
    ]);
    expect(readGroupMetadataValue(leaderRecords[0].value!)).toMatchObject({
      protocolType: 'consumer',
      generationId: 1,
      protocol: 'range',
      leader: joined.memberId,
      members: [{ memberId: joined.memberId, clientId: 'payer', assignment: enc('ledger-0,ledger-1') }],
    });
    expect(readOffsetCommitValue(leaderRecords[1].value!)).toMatchObject({ offset: 40, leaderEpoch: 0, metadata: 'm0' });
    for (const id of state.replicas) expect(records(id).map((r) => hex(r.value))).toEqual(leaderRecords.map((r) => hex(r.value)));

    // The coordinator's broker dies; once its ZooKeeper session expires another replica leads the partition.
    h.cluster.killBroker(coordinatorBroker.id);
    const survivor = h.cluster.broker(state.replicas.find((id) => id !== coordinatorBroker.id)!);
    let moved = await survivor.groupCoordinator!.findCoordinator('payments', LISTENER);
    for (let waited = 0; (moved.error !== 'NONE' || moved.node.id === coordinatorBroker.id) && waited < 60_000; waited += 500) {
      await h.advance(500);
      moved = await survivor.groupCoordinator!.findCoordinator('payments', LISTENER);
    }
    expect(moved.error).toBe('NONE');
    expect(moved.node.id).not.toBe(coordinatorBroker.id);
    const newGc = h.cluster.broker(moved.node.id).groupCoordinator!;
    await h.settle();
    expect(newGc.handleFetchOffsets('payments', null)).toEqual({
      error: 'NONE',
      partitions: [
        { topic: 'ledger', partition: 0, offset: 40, leaderEpoch: 0, metadata: 'm0', error: 'NONE' },
        { topic: 'ledger', partition: 1, offset: 17, leaderEpoch: 0, metadata: 'm1', error: 'NONE' },
      ],
    });
    const loaded = newGc.groupManager.getGroup('payments')!;
    expect(loaded.state).toBe('Stable');
    expect(loaded.generationId).toBe(1);
    expect(loaded.get(joined.memberId).assignment).toEqual(enc('ledger-0,ledger-1'));

    // Its member never comes back: after its session timeout the group empties, its offsets stay.
    await whileClockRuns(
      h,
      new Promise<void>((resolve) => {
        const check = () => (loaded.is('Empty') ? resolve() : setImmediate(check));
        check();
      }),
      500,
      20_000,
    );
    expect(loaded.generationId).toBe(2);
    expect(newGc.handleFetchOffsets('payments', [{ topic: 'ledger', partition: 0 }]).partitions[0].offset).toBe(40);
  });
});
