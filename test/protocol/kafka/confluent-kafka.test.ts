/**
 * Debian's confluent-kafka-python 1.7.0 (librdkafka 2.0.2) against the emulated brokers: its
 * AdminClient and a Producer/Consumer pair, every record consumed with the offset it was given
 * (its transactions: confluent-transactions.test.ts).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runClient } from '../../support/external-client';
import { PYTHON } from '../../support/kafka-python';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { adminOf, topic } from '../../support/scenario';

const SCRIPT = resolve(import.meta.dirname, '../../fixtures/confluent_kafka_client.py');

async function confluentMissing(): Promise<string | null> {
  const probe = await runClient(PYTHON, ['-c', 'import confluent_kafka']).catch((e: Error) => ({ code: 1, stderr: e.message }));
  return probe.code === 0
    ? null
    : `confluent_kafka is not importable by ${PYTHON}: install Debian's python3-confluent-kafka (.ci/run does)`;
}
const missing = await confluentMissing();
// Outside CI without the package: skip, saying why. In CI (which installs it) this fails instead.
const skip = missing !== null && !process.env.CI;
if (skip) console.warn(`confluent-kafka tests skipped: ${missing}`);

async function confluent<T>(...args: string[]): Promise<T> {
  const run = await runClient(PYTHON, [SCRIPT, ...args]);
  if (run.code !== 0) throw new Error(`confluent_kafka_client.py ${args[0]} exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

describe.skipIf(skip)('confluent-kafka-python against the emulated cluster', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  it('AdminClient: creates (refusing an impossible replication factor in Kafka’s words), grows, describes, lists', async () => {
    wire = await wireCluster({ seed: 61 });
    const out = await confluent<{
      create: Record<string, [string, string] | null>;
      grow: Record<string, unknown>;
      'segment.bytes': string;
      topics: Record<string, number>;
    }>('admin', wire.bootstrap);
    expect(out.create).toEqual({
      'ck-a': null,
      'ck-b': ['INVALID_REPLICATION_FACTOR', 'Replication factor: 9 larger than available brokers: 3.'],
    });
    expect(out.grow).toEqual({ 'ck-a': null });
    expect(out['segment.bytes']).toBe('1073741824');
    expect(out.topics).toEqual({ 'ck-a': 4 });
  });

  it('the Brokers view counts its connections under the client software its ApiVersions v3 names (KIP-511)', async () => {
    wire = await wireCluster({ seed: 64 });
    const script = [
      'import sys, confluent_kafka',
      `p = confluent_kafka.Producer({"bootstrap.servers": "${wire.bootstrap}"})`,
      'p.list_topics(timeout=10)',
      'print("%s-rdkafka-%s" % (confluent_kafka.version()[0], confluent_kafka.libversion()[0]), flush=True)',
      'sys.stdin.read()',
    ].join('\n');
    const child = spawn(PYTHON, ['-c', script], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      const version = await new Promise<string>((resolve, reject) => {
        child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()));
        child.once('exit', (code) => reject(new Error(`the producer exited ${code} (seed ${wire?.h.seed})`)));
      });
      expect(version).toMatch(/^1\.7\.0-rdkafka-2\.0\.2$/);
      const stats = wire.h.listeners.get(0)!.stats();
      // librdkafka may hold the bootstrap connection and the one to broker 0 by id: one or two.
      const ours = stats.connectionsByClient.find((c) => c.softwareName === 'confluent-kafka-python');
      expect(ours?.softwareVersion).toBe(version);
      expect(ours?.connections).toBeGreaterThanOrEqual(1);
      expect(stats.connectionsByClient.every((c) => c.softwareName !== 'unknown')).toBe(true);
    } finally {
      child.stdin.end();
      await new Promise((resolve) => child.once('close', resolve));
    }
  });

  it('Producer and Consumer: 50 records delivered with offsets, consumed back identically', async () => {
    wire = await wireCluster({ seed: 62, brokerConfig: { 'num.partitions': '3' } });
    const out = await confluent<{ delivered: Array<[number, number, string] | null>; consumed: Array<[number, number, string, string]> }>(
      'produce-consume',
      wire.bootstrap,
      'ck-data',
      '50',
    );
    expect(out.delivered.every((d) => d !== null)).toBe(true);
    expect(out.delivered).toHaveLength(50);
    const byKey = new Map(out.consumed.map(([p, o, k, v]) => [k, [p, o, v]]));
    for (const d of out.delivered) {
      const [p, o, k] = d as [number, number, string];
      expect(byKey.get(k)).toEqual([p, o, `v${k.slice(1)}`]);
    }
  });

  it('librdkafka’s flexible versions: InitProducerId v3 and OffsetFetch v7 answered as a 2.5 broker answers them', async () => {
    wire = await wireCluster({ seed: 64, brokerConfig: { 'group.initial.rebalance.delay.ms': '0' } });
    await adminOf(wire.h).createTopics([topic('ck-flex', { assignment: [[0, 1]] })], { timeoutMs: 5000, validateOnly: false });
    await wire.h.settle();
    const run = await runClient(PYTHON, [SCRIPT, 'flexible', wire.bootstrap, 'ck-flex'], { timeoutMs: 60_000 });
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ value: 'x', committed: 1 });
    const received = new Set(run.stderr.split('\n').flatMap((l) => /Received (\w+Response) \((v\d+)/.exec(l)?.slice(1, 3).join(' ') ?? []));
    expect(received).toContain('InitProducerIdResponse v3');
    expect(received).toContain('OffsetFetchResponse v7');
    expect(received).toContain('ApiVersionResponse v3');
  });
});
