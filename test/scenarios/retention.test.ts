/**
 * Retention on a running cluster (scenario P4): the kafka-log-retention task deletes whole
 * segments by time and by size on every replica — renamed `.deleted`, removed
 * `file.delete.delay.ms` later — and the log start offset moves, on followers too, and reaches
 * `log-start-offset-checkpoint`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Log } from '../../src-main/core/log/log';
import { ClusterHarness } from '../support/cluster-harness';
import { CREATE, adminOf, drive, enc, linesSince, mark, topic, tp } from '../support/scenario';

function logOf(h: ClusterHarness, brokerId: number, name: string, partition: number): Log {
  const p = h.cluster.broker(brokerId).replicaManager?.getPartition(tp(name, partition));
  if (!p || p === 'offline' || !p.log) throw new Error(`broker ${brokerId} has no log for ${name}-${partition} (seed ${h.seed})`);
  return p.log;
}

const value = (n: number) => enc(`record-${n}-`.padEnd(100, '.'));

describe('retention (P4)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('deletes segments older than retention.ms on leader and follower; .deleted files go after file.delete.delay.ms; the log start offset moves', async () => {
    h = await ClusterHarness.create({ brokers: 2, seed: 44, brokerConfig: { 'log.retention.check.interval.ms': '10000' } });
    const configs = { 'segment.bytes': '700', 'retention.ms': '60000', 'file.delete.delay.ms': '5000' };
    await adminOf(h).createTopics([topic('old', { assignment: [[0, 1]], configs })], CREATE);
    await h.settle();
    for (let i = 0; i < 6; i++)
      await drive(h, h.client.produce({ topic: 'old', partition: 0, records: [{ key: null, value: value(i) }], acks: -1 }));
    await h.advance(30_000);
    for (let i = 6; i < 8; i++)
      await drive(h, h.client.produce({ topic: 'old', partition: 0, records: [{ key: null, value: value(i) }], acks: -1 }));
    await h.advance(1000);
    for (const id of [0, 1])
      expect(
        logOf(h, id, 'old', 0).segments.map((s) => s.baseOffset),
        `broker ${id}`,
      ).toEqual([0, 4]);

    // The check at 70 s finds the first segment (records of t=0) past retention.ms; the one written at
    // 30 s is not yet.
    const from = mark(h);
    await h.advance(41_000);
    for (const id of [0, 1]) {
      const log = logOf(h, id, 'old', 0);
      expect(
        log.segments.map((s) => s.baseOffset),
        `broker ${id}`,
      ).toEqual([4]);
      expect(log.logStartOffset).toBe(4);
      const names = readdirSync(log.dir);
      expect(names.filter((n) => n.endsWith('.deleted')).sort()).toEqual([
        '00000000000000000000.index.deleted',
        '00000000000000000000.log.deleted',
        '00000000000000000000.timeindex.deleted',
      ]);
    }
    const lines = linesSince(h, from, 'server.log', 0);
    expect(lines).toContain(
      `[Log partition=old-0, dir=${h.logDir(0)}] Found deletable segments with base offsets [0] due to retention time 60000ms breach`,
    );
    expect(lines).toContain(`[Log partition=old-0, dir=${h.logDir(0)}] Incrementing log start offset to 4`);
    await h.advance(5000);
    for (const id of [0, 1]) expect(readdirSync(logOf(h, id, 'old', 0).dir).filter((n) => n.endsWith('.deleted'))).toEqual([]);
    expect(h.client.read({ topic: 'old', partition: 0, fromOffset: 4 }).records.map((r) => r.offset)).toEqual([4, 5, 6, 7]);
    expect(h.client.listOffset(tp('old', 0), -2)).toMatchObject({ error: 'NONE', offset: 4 });

    // The log start offset above the first segment's base is what log-start-offset-checkpoint keeps (60 s task).
    await h.advance(60_000);
    const checkpoint = join(h.logDir(0), 'log-start-offset-checkpoint');
    expect(existsSync(checkpoint)).toBe(true);
    // Everything is past retention now: a new empty segment at the log end, log start = 8.
    const log = logOf(h, 0, 'old', 0);
    expect(log.segments.map((s) => [s.baseOffset, s.size])).toEqual([[8, 0]]);
    expect(log.logStartOffset).toBe(8);
    expect(readFileSync(checkpoint, 'utf8')).toBe('0\n0\n');
  });

  it('deletes the oldest segments while the partition is over retention.bytes', async () => {
    h = await ClusterHarness.create({ brokers: 1, seed: 45, brokerConfig: { 'log.retention.check.interval.ms': '10000' } });
    await adminOf(h).createTopics(
      [topic('big', { assignment: [[0]], configs: { 'segment.bytes': '700', 'retention.bytes': '1000' } })],
      CREATE,
    );
    await h.settle();
    for (let i = 0; i < 10; i++)
      await drive(h, h.client.produce({ topic: 'big', partition: 0, records: [{ key: null, value: value(i) }], acks: 1 }));
    const log = logOf(h, 0, 'big', 0);
    expect(log.segments.map((s) => [s.baseOffset, s.size])).toEqual([
      [0, 680],
      [4, 680],
      [8, 340],
    ]);
    await h.advance(31_000);
    // 1700 bytes, 700 over: one 680-byte segment fits in the excess, two do not.
    expect(log.segments.map((s) => s.baseOffset)).toEqual([4, 8]);
    expect(log.logStartOffset).toBe(4);
  });
});
