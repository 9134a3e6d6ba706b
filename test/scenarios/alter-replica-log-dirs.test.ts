/**
 * AlterReplicaLogDirs on a running cluster (seeded, manual clock; the seed is printed when a test
 * fails), as 2.5.1's `ReplicaManager.alterReplicaLogDirs` and `ReplicaAlterLogDirsThread` do it: a
 * `-future` log in the destination dir copied from the current log while producers keep writing,
 * then the swap (the old dir renamed `-delete`, removed `file.delete.delay.ms` later); the
 * per-partition errors; a move resumed after a restart.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import type { ClusterAdmin } from '../../src-main/core/cluster/cluster-admin';
import type { Log } from '../../src-main/core/log/log';
import { ClusterHarness, type HarnessOptions } from '../support/cluster-harness';
import { CREATE, adminOf, drive, enc, topic, tp } from '../support/scenario';

let h: ClusterHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function setup(seed: number, options: HarnessOptions = {}): Promise<{ h: ClusterHarness; admin: ClusterAdmin }> {
  onTestFailed(() => console.error(`seed ${seed}`));
  h = await ClusterHarness.create({
    brokers: 2,
    seed,
    logDirsPerBroker: 2,
    ...options,
    brokerConfig: { 'auto.leader.rebalance.enable': 'false', ...options.brokerConfig },
  });
  return { h, admin: adminOf(h) };
}

function partitionOf(h: ClusterHarness, brokerId: number, name: string, p: number) {
  const partition = h.cluster.broker(brokerId).replicaManager?.getPartition(tp(name, p));
  if (!partition || partition === 'offline') throw new Error(`broker ${brokerId} does not host ${name}-${p} (seed ${h.seed})`);
  return partition;
}

const currentLog = (h: ClusterHarness, brokerId: number, name: string, p = 0): Log => partitionOf(h, brokerId, name, p).log!;

const value = (n: number) => enc(`record-${n}-`.padEnd(1000, '.'));

async function produce(h: ClusterHarness, name: string, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i++) {
    const result = await drive(h, h.client.produce({ topic: name, partition: 0, records: [{ key: null, value: value(i) }], acks: -1 }));
    expect(result.error, `produce ${i}`).toBe('NONE');
  }
}

describe('AlterReplicaLogDirs', () => {
  it('moves a replica to the other log dir while producing: -future during the copy, then the swap and -delete', async () => {
    const { h, admin } = await setup(3401);
    // A dynamic broker config only (not read from server.properties): slows the copy so the move is seen under way.
    expect((await admin.alterBrokerConfig('0', { 'replica.alter.log.dirs.io.max.bytes.per.second': '20000' }, false)).errorCode).toBe(0);
    await drive(
      h,
      admin.createTopics(
        [topic('moving', { assignment: [[0, 1]], configs: { 'file.delete.delay.ms': '5000', 'segment.bytes': '20000' } })],
        CREATE,
      ),
    );
    await h.settle();
    await produce(h, 'moving', 0, 100);
    const before = currentLog(h, 0, 'moving');
    const source = before.parentDir;
    const destination = [h.logDir(0, 0), h.logDir(0, 1)].find((d) => d !== source)!;

    const results = await drive(h, admin.alterReplicaLogDirs([{ brokerId: 0, topic: 'moving', partition: 0, logDir: destination }]));
    expect(results).toEqual([{ brokerId: 0, topic: 'moving', partition: 0, errorCode: 0, errorName: 'NONE' }]);
    const future = partitionOf(h, 0, 'moving', 0).futureLog!;
    expect(future.parentDir).toBe(destination);
    expect(readdirSync(destination).filter((n) => /^moving-0\.[0-9a-f]{32}-future$/.test(n))).toHaveLength(1);

    await produce(h, 'moving', 100, 20);
    await h.advance(1000);
    expect(partitionOf(h, 0, 'moving', 0).futureLog).not.toBeNull();
    for (let waited = 0; waited < 60_000 && partitionOf(h, 0, 'moving', 0).futureLog; waited += 500) {
      await produce(h, 'moving', 120 + waited / 500, 1);
      await h.advance(500);
    }
    const after = currentLog(h, 0, 'moving');
    expect(after.parentDir).toBe(destination);
    expect(after.dir).toBe(join(destination, 'moving-0'));
    expect(existsSync(join(source, 'moving-0'))).toBe(false);
    const deleted = readdirSync(source).filter((n) => /^moving-0\.[0-9a-f]{32}-delete$/.test(n));
    expect(deleted).toHaveLength(1);
    expect(readFileSync(join(destination, 'recovery-point-offset-checkpoint'), 'utf8')).toContain('moving 0 ');
    expect(readFileSync(join(source, 'recovery-point-offset-checkpoint'), 'utf8')).not.toContain('moving 0 ');

    const end = after.logEndOffset;
    const read = h.client.read({ topic: 'moving', partition: 0, fromOffset: 0, maxRecords: 100_000 });
    expect(read.records.map((r) => r.offset)).toEqual(Array.from({ length: end }, (_, i) => i));
    await h.advance(70_000);
    expect(readdirSync(source).filter((n) => n.startsWith('moving-0'))).toEqual([]);
  });
});
