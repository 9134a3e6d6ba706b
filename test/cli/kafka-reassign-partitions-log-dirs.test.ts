/**
 * `kafka-dojo kafka-reassign-partitions --bootstrap-server` with `log_dirs` (2.6.0's
 * ReassignPartitionsCommand over AlterReplicaLogDirs and DescribeLogDirs) against emulated brokers
 * with two log dirs each: a replica moved to its broker's other dir, a replica added on a new
 * broker straight into a named dir (retried while the broker answers REPLICA_NOT_AVAILABLE), and a
 * move held back by the alter-log-dirs throttle, then cancelled.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKafkaReassignPartitions } from '../../src-main/cli/kafka-reassign-partitions/kafka-reassign-partitions';
import { wireCluster, type WireCluster } from '../support/kafka-wire';
import { adminOf, enc, topic } from '../support/scenario';
import { waitFor } from '../support/wait-for';

describe('kafka-dojo kafka-reassign-partitions with log_dirs', () => {
  let w: WireCluster;
  let n = 0;
  async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const code = await runKafkaReassignPartitions(['--bootstrap-server', w.bootstrap, ...args], {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
    });
    return { code, stdout, stderr };
  }
  function file(json: unknown): string {
    const path = join(w.h.dir, `log-dirs-plan-${n++}.json`);
    writeFileSync(path, JSON.stringify(json));
    return path;
  }
  const dirs = (brokerId: number) => w.h.cluster.broker(brokerId).config.logDirs;
  const dirOf = (brokerId: number, t: string, partition: number) =>
    w.h.cluster.broker(brokerId).logManager?.getLog({ topic: t, partition })?.parentDir;
  const otherDir = (brokerId: number, t: string, partition: number) => dirs(brokerId).find((d) => d !== dirOf(brokerId, t, partition))!;

  beforeAll(async () => {
    w = await wireCluster({ seed: 3434, brokers: 2, logDirsPerBroker: 2, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    await adminOf(w.h).createTopics(
      [
        topic('moving', {
          assignment: [
            [0, 1],
            [0, 1],
          ],
        }),
        topic('adding', { assignment: [[0]] }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await w.advance(100);
    for (const [t, partition] of [
      ['moving', 0],
      ['moving', 1],
      ['adding', 0],
    ] as const) {
      const records = Array.from({ length: 20 }, (_, i) => ({ key: null, value: enc(`record-${t}-${partition}-${i}`.padEnd(200, '.')) }));
      expect((await w.h.client.produce({ topic: t, partition, acks: -1, records })).error).toBe('NONE');
    }
  }, 60_000);
  afterAll(async () => w?.close());

  it("moves a replica to its broker's other dir; --verify follows it to completion", async () => {
    const source = dirOf(0, 'moving', 0)!;
    const target = otherDir(0, 'moving', 0);
    const plan = file({ version: 1, partitions: [{ topic: 'moving', partition: 0, replicas: [0, 1], log_dirs: [target, 'any'] }] });
    const executed = await run('--execute', '--reassignment-json-file', plan);
    expect(executed.code, executed.stdout).toBe(0);
    expect(executed.stdout.split('\n').slice(-3)).toEqual([
      'Successfully started partition reassignment for moving-0',
      'Successfully started log directory move for: moving-0-0',
      '',
    ]);
    await waitFor('moving-0-0 in its new dir', async () => dirOf(0, 'moving', 0) === target);
    const verified = await run('--verify', '--reassignment-json-file', plan);
    expect(verified.stdout.split('\n')).toEqual([
      'Status of partition reassignment:',
      'Reassignment of partition moving-0 is complete.',
      'Reassignment of replica moving-0-0 completed successfully.',
      'Clearing broker-level throttles on brokers 0,1',
      'Clearing topic-level throttles on topic moving',
      '',
    ]);
    expect(existsSync(join(target, 'moving-0', '00000000000000000000.log'))).toBe(true);
    // The old copy was renamed <t>-<p>.<id>-delete and waits for file.delete.delay.ms.
    expect(readdirSync(source).filter((name) => name.startsWith('moving-0'))).toEqual([
      expect.stringMatching(/^moving-0\.[0-9a-f]{32}-delete$/),
    ]);
    const read = w.h.client.read({ topic: 'moving', partition: 0, fromOffset: 0 });
    expect([read.error, read.records.length]).toEqual(['NONE', 20]);
  }, 60_000);

  it('retries the move of a replica the reassignment is still adding, until its broker has it', async () => {
    const target = dirs(1)[1];
    const plan = file({ version: 1, partitions: [{ topic: 'adding', partition: 0, replicas: [0, 1], log_dirs: ['any', target] }] });
    const executed = await run('--execute', '--reassignment-json-file', plan, '--timeout', '20000');
    expect(executed.code, executed.stdout).toBe(0);
    expect(executed.stdout.split('\n').slice(-2)[0]).toBe('Successfully started log directory move for: adding-0-1');
    await waitFor('adding-0-1 in the named dir', async () => dirOf(1, 'adding', 0) === target);
  }, 60_000);

  it('holds a move back with --replica-alter-log-dirs-throttle, then --cancel moves the replica back', async () => {
    const source = dirOf(1, 'moving', 1)!;
    const target = otherDir(1, 'moving', 1);
    const plan = file({ version: 1, partitions: [{ topic: 'moving', partition: 1, replicas: [0, 1], log_dirs: ['any', target] }] });
    const executed = await run('--execute', '--reassignment-json-file', plan, '--replica-alter-log-dirs-throttle', '1');
    expect(executed.code, executed.stdout).toBe(0);
    expect(executed.stdout).toContain('The replica-alter-dir throttle limit was set to 1 B/s\n');
    expect(executed.stdout).toContain('Successfully started log directory move for: moving-1-1\n');
    const verified = await run('--verify', '--reassignment-json-file', plan);
    expect(verified.stdout.split('\n')[2]).toBe('Reassignment of replica moving-1-1 is still in progress.');
    expect(readdirSync(target).some((name) => /^moving-1\.[0-9a-f]{32}-future$/.test(name))).toBe(true);

    const cancelled = await run('--cancel', '--reassignment-json-file', plan);
    expect(cancelled.code, cancelled.stdout).toBe(0);
    expect(cancelled.stdout.split('\n')).toEqual([
      'None of the specified partition reassignments are active.',
      'Successfully started log directory move for: moving-1-1',
      'Clearing broker-level throttles on brokers 0,1',
      'Clearing topic-level throttles on topic moving',
      '',
    ]);
    await waitFor('the future log dropped', async () => !readdirSync(target).some((name) => name.endsWith('-future')));
    expect(dirOf(1, 'moving', 1)).toBe(source);
    const after = await run('--verify', '--reassignment-json-file', plan);
    expect(after.stdout.split('\n')[2]).toBe(`Partition moving-1 on broker 1 is not being moved from log dir ${source} to ${target}.`);
  }, 60_000);
});
