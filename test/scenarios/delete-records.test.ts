/**
 * DeleteRecords on a running cluster, as 2.5.1's `ReplicaManager.deleteRecords`: the leader's log
 * start offset moves, the answer waits until every live follower has learnt it from its fetch
 * responses (low watermark = the smallest log start offset), a consumer below it gets
 * OFFSET_OUT_OF_RANGE, ListOffsets earliest answers it, the next retention check deletes the
 * segments wholly below it, and `log-start-offset-checkpoint` keeps it on every broker.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeleteRecordsPurgatory, type DeleteRecordsPartitionStatus } from '../../src-main/core/broker/delayed-delete-records';
import type { Log } from '../../src-main/core/log/log';
import { ManualTime } from '../../src-main/core/platform/manual-time';
import { RecordsAdmin } from '../../src-main/core/cluster/records-admin';
import { ClusterHarness } from '../support/cluster-harness';
import { CREATE, adminOf, drive, enc, killAndExpire, topic, tp } from '../support/scenario';

function logOf(h: ClusterHarness, brokerId: number, name: string, partition: number): Log {
  const p = h.cluster.broker(brokerId).replicaManager?.getPartition(tp(name, partition));
  if (!p || p === 'offline' || !p.log) throw new Error(`broker ${brokerId} has no log for ${name}-${partition} (seed ${h.seed})`);
  return p.log;
}

const value = (n: number) => enc(`record-${n}-`.padEnd(100, '.'));

describe('DeleteRecords', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('moves the log start offset on all replicas, then retention deletes the segments below it and the checkpoint keeps it', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 61, brokerConfig: { 'log.retention.check.interval.ms': '10000' } });
    const configs = { 'segment.bytes': '700', 'file.delete.delay.ms': '5000' };
    await adminOf(h).createTopics(
      [
        topic('purge', { assignment: [[0, 1, 2]], configs }),
        topic('compacted', { assignment: [[1, 2]], configs: { 'cleanup.policy': 'compact' } }),
      ],
      CREATE,
    );
    await h.settle();
    for (let i = 0; i < 10; i++)
      await drive(h, h.client.produce({ topic: 'purge', partition: 0, records: [{ key: null, value: value(i) }], acks: -1 }));
    await drive(h, h.client.produce({ topic: 'compacted', partition: 0, records: [{ key: enc('k'), value: value(0) }], acks: -1 }));
    await h.advance(1000);
    for (const id of [0, 1, 2])
      expect(
        logOf(h, id, 'purge', 0).segments.map((s) => s.baseOffset),
        `broker ${id}`,
      ).toEqual([0, 4, 8]);

    const records = new RecordsAdmin(h.cluster);
    const preview = records.preview(tp('purge', 0), 6);
    expect(preview).toMatchObject({ offset: 6, highWatermark: 10, error: null });
    expect(
      preview.replicas.map((r) => [
        r.brokerId,
        r.isLeader,
        r.logStartOffset,
        r.newLogStartOffset,
        r.offsetsDeleted,
        r.segmentsDeleted.map((s) => s.baseOffset),
        r.segmentsKept,
      ]),
    ).toEqual([
      [0, true, 0, 6, 6, [0], 2],
      [1, false, 0, 6, 6, [0], 2],
      [2, false, 0, 6, 6, [0], 2],
    ]);
    expect(records.preview(tp('purge', 0), 11)).toMatchObject({
      error: 'OFFSET_OUT_OF_RANGE',
      errorMessage: 'Cannot increment the log start offset to 11 of partition purge-0 since it is larger than the high watermark 10',
    });

    const deleted = await drive(
      h,
      records.deleteRecords(
        [
          { topicPartition: tp('purge', 0), offset: 6 },
          { topicPartition: tp('compacted', 0), offset: 1 },
          { topicPartition: tp('missing', 0), offset: 1 },
        ],
        30_000,
      ),
    );
    expect(deleted.map((d) => [d.topicPartition.topic, d.lowWatermark, d.error])).toEqual([
      ['purge', 6, 'NONE'],
      ['compacted', -1, 'POLICY_VIOLATION'],
      ['missing', -1, 'UNKNOWN_TOPIC_OR_PARTITION'],
    ]);
    // The answer came once the followers had moved too: the low watermark is every replica's.
    for (const id of [0, 1, 2]) expect(logOf(h, id, 'purge', 0).logStartOffset, `broker ${id}`).toBe(6);
    const tooFar = await drive(h, records.deleteRecords([{ topicPartition: tp('purge', 0), offset: 11 }], 30_000));
    expect(tooFar).toEqual([{ topicPartition: tp('purge', 0), lowWatermark: -1, error: 'OFFSET_OUT_OF_RANGE' }]);

    expect(h.client.read({ topic: 'purge', partition: 0, fromOffset: 2 })).toMatchObject({ error: 'OFFSET_OUT_OF_RANGE', records: [] });
    expect(h.client.read({ topic: 'purge', partition: 0, fromOffset: 6 }).records.map((r) => r.offset)).toEqual([6, 7, 8, 9]);
    expect(h.client.listOffset(tp('purge', 0), -2)).toMatchObject({ error: 'NONE', offset: 6 });

    // The next retention check (every 10 s, the first 30 s after startup) deletes segment 0 (wholly
    // below 6) on every replica; 4 holds 6 and 7, so it stays.
    for (let waited = 0; waited < 40_000 && logOf(h, 2, 'purge', 0).segments.length === 3; waited += 1000) await h.advance(1000);
    for (const id of [0, 1, 2]) {
      const log = logOf(h, id, 'purge', 0);
      expect(
        log.segments.map((s) => s.baseOffset),
        `broker ${id}`,
      ).toEqual([4, 8]);
      expect(log.logStartOffset).toBe(6);
      expect(
        readdirSync(log.dir)
          .filter((n) => n.startsWith('00000000000000000000.'))
          .sort(),
      ).toEqual(['00000000000000000000.index.deleted', '00000000000000000000.log.deleted', '00000000000000000000.timeindex.deleted']);
    }
    await h.advance(5000);
    for (const id of [0, 1, 2]) expect(readdirSync(logOf(h, id, 'purge', 0).dir).filter((n) => n.endsWith('.deleted'))).toEqual([]);

    // log.flush.start.offset.checkpoint.interval.ms (60 s): the start above segment 4's base is kept in each dir.
    await h.advance(60_000);
    for (const id of [0, 1, 2])
      expect(readFileSync(join(h.logDir(id), 'log-start-offset-checkpoint'), 'utf8'), `broker ${id}`).toBe('0\n1\npurge 0 6\n');
  });

  it('a follower on a dead broker does not hold the low watermark back; it learns the new start when it returns', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 62 });
    await adminOf(h).createTopics([topic('purge', { assignment: [[0, 1, 2]] })], CREATE);
    await h.settle();
    for (let i = 0; i < 6; i++)
      await drive(h, h.client.produce({ topic: 'purge', partition: 0, records: [{ key: null, value: value(i) }], acks: -1 }));
    await killAndExpire(h, 2);
    await h.advance(1000);
    expect(h.cluster.broker(0).metadataCache.isBrokerAlive(2)).toBe(false);
    const records = new RecordsAdmin(h.cluster);
    const [deleted] = await drive(h, records.deleteRecords([{ topicPartition: tp('purge', 0), offset: 4 }], 30_000));
    expect(deleted).toMatchObject({ lowWatermark: 4, error: 'NONE' });
    expect(logOf(h, 1, 'purge', 0).logStartOffset).toBe(4);
    await h.cluster.startBroker(2);
    for (let waited = 0; waited < 30_000 && h.cluster.broker(2).replicaManager?.getPartition(tp('purge', 0)) === undefined; waited += 500)
      await h.advance(500);
    for (let waited = 0; waited < 30_000 && logOf(h, 2, 'purge', 0).logStartOffset < 4; waited += 500) await h.advance(500);
    expect(logOf(h, 2, 'purge', 0).logStartOffset).toBe(4);
  });

  it('a partition whose low watermark does not reach the offset answers REQUEST_TIMED_OUT when the timeout expires', async () => {
    const time = new ManualTime(0);
    let lowWatermark = 3;
    const purgatory = new DeleteRecordsPurgatory(time, () => ({ lowWatermark }));
    const statuses: DeleteRecordsPartitionStatus[] = [
      { requiredOffset: 5, result: { topicPartition: tp('t', 0), lowWatermark: 3, error: 'NONE' }, acksPending: false },
      { requiredOffset: 2, result: { topicPartition: tp('t', 1), lowWatermark: 3, error: 'NONE' }, acksPending: false },
    ];
    let done = false;
    const waiting = purgatory.watch(statuses, 1000).then(() => (done = true));
    expect(purgatory.size).toBe(1);
    lowWatermark = 4;
    purgatory.tryComplete(tp('t', 0));
    await Promise.resolve();
    expect(done).toBe(false);
    time.advance(1000);
    await waiting;
    expect(statuses.map((s) => [s.result.error, s.result.lowWatermark])).toEqual([
      ['REQUEST_TIMED_OUT', 3],
      ['NONE', 3],
    ]);
    expect(purgatory.size).toBe(0);
  });
});
