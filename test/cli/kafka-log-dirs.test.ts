/**
 * `kafka-dojo kafka-log-dirs` against a running emulated cluster (two brokers, two log dirs each)
 * over DescribeLogDirs: Kafka 2.5.1's LogDirsCommand lines and JSON, with each dir's replicas in
 * the Java client's HashMap order (by bucket; the buckets were printed by a real JVM), the filters, an offline dir, and the option errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKafkaLogDirs } from '../../src-main/cli/kafka-log-dirs/kafka-log-dirs';
import { wireCluster, type WireCluster } from '../support/kafka-wire';
import { adminOf, enc, topic } from '../support/scenario';

/**
 * The bucket of each partition in a 16-bucket java.util.HashMap<TopicPartition, …> (`(h ^ h >>> 16) & 15`
 * of TopicPartition.hashCode), as Java 17 printed them: a HashMap iterates by ascending bucket, keys
 * of one bucket in insertion order.
 */
const JAVA_BUCKET: Record<string, number> = {
  'orders-0': 9,
  'orders-1': 10,
  'orders-2': 11,
  'orders-3': 12,
  'orders-4': 13,
  'orders-5': 14,
  'events-0': 13,
  'events-1': 14,
  'events-2': 15,
};
const ALL_PARTITIONS = Object.keys(JAVA_BUCKET);

interface Described {
  version: number;
  brokers: Array<{
    broker: number;
    logDirs: Array<{
      logDir: string;
      error: string | null;
      partitions: Array<{ partition: string; size: number; offsetLag: number; isFuture: boolean }>;
    }>;
  }>;
}

describe('kafka-dojo kafka-log-dirs over the wire', () => {
  let w: WireCluster;

  async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const code = await runKafkaLogDirs(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    return { code, stdout, stderr };
  }

  async function describeJson(...extra: string[]): Promise<{ lines: string[]; json: Described }> {
    const r = await run('--bootstrap-server', w.bootstrap, '--describe', ...extra);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    return { lines, json: JSON.parse(lines[2]) as Described };
  }

  beforeAll(async () => {
    w = await wireCluster({ seed: 35, brokers: 2, logDirsPerBroker: 2 });
    // events first: its logs come first in the broker's answer, so only the HashMap order puts orders-0 first.
    await adminOf(w.h).createTopics([topic('events', { assignment: [[1], [1], [1]] })], { timeoutMs: 5000, validateOnly: false });
    await w.advance(100);
    await adminOf(w.h).createTopics([topic('orders', { partitions: 6, rf: 2 })], { timeoutMs: 5000, validateOnly: false });
    await w.advance(100);
    for (let partition = 0; partition < 6; partition++)
      await w.h.client.produce({
        topic: 'orders',
        partition,
        acks: -1,
        records: Array.from({ length: partition + 1 }, (_, i) => ({ key: null, value: enc(`o${i}`) })),
      });
    await w.h.client.produce({ topic: 'events', partition: 2, acks: 1, records: [{ key: null, value: enc('e') }] });
    await w.advance(1000);
  });
  afterAll(async () => {
    await w?.close();
  });

  it('prints every broker, each dir and its replicas with their sizes, in the Java client order', async () => {
    const { lines, json } = await describeJson();
    expect(lines.slice(0, 2)).toEqual([
      'Querying brokers for log directories information',
      'Received log directory information from brokers 0,1',
    ]);
    expect(Object.keys(json)).toEqual(['version', 'brokers']);
    expect(json.version).toBe(1);
    expect(json.brokers.map((b) => b.broker)).toEqual([0, 1]);
    for (const b of json.brokers) {
      const broker = w.h.cluster.broker(b.broker);
      expect(b.logDirs.map((d) => d.logDir).sort()).toEqual([...broker.config.logDirs].sort());
      const seen: string[] = [];
      for (const dir of b.logDirs) {
        expect(Object.keys(dir)).toEqual(['logDir', 'error', 'partitions']);
        expect(dir.error).toBeNull();
        const names = dir.partitions.map((p) => p.partition);
        const buckets = names.map((n) => JAVA_BUCKET[n]);
        expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
        for (const p of dir.partitions) {
          expect(Object.keys(p)).toEqual(['partition', 'size', 'offsetLag', 'isFuture']);
          const [topicName, partition] = [
            p.partition.slice(0, p.partition.lastIndexOf('-')),
            Number(p.partition.slice(p.partition.lastIndexOf('-') + 1)),
          ];
          const log = broker.logManager!.getLog({ topic: topicName, partition })!;
          expect(log.parentDir).toBe(dir.logDir);
          expect(p).toEqual({ partition: p.partition, size: log.size, offsetLag: 0, isFuture: false });
        }
        seen.push(...names);
      }
      const expected = b.broker === 0 ? ALL_PARTITIONS.filter((n) => n.startsWith('orders')) : ALL_PARTITIONS;
      expect(seen.sort()).toEqual([...expected].sort());
    }
    // Sizes are real: orders-5 holds 6 records.
    const orders5 = json.brokers[0].logDirs.flatMap((d) => d.partitions).find((p) => p.partition === 'orders-5');
    expect(orders5!.size).toBeGreaterThan(0);
  });

  it('keeps only the listed topics, and only the listed brokers', async () => {
    const byTopic = await describeJson('--topic-list', 'events,');
    const partitions = byTopic.json.brokers.flatMap((b) => b.logDirs.flatMap((d) => d.partitions.map((p) => p.partition)));
    expect(partitions.sort()).toEqual(['events-0', 'events-1', 'events-2']);
    // Every dir is still listed, empty or not.
    expect(byTopic.json.brokers.map((b) => b.logDirs.length)).toEqual([2, 2]);

    const one = await describeJson('--broker-list', '1');
    expect(one.lines[1]).toBe('Received log directory information from brokers 1');
    expect(one.json.brokers.map((b) => b.broker)).toEqual([1]);
  });

  it('dies as LogDirsCommand does on a missing option or a bad broker id', async () => {
    const missing = await run('--bootstrap-server', w.bootstrap);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr.split('\n')[0]).toBe('Missing required argument "[describe]"');
    expect(missing.stderr).toContain('--broker-list <String: Broker list>');

    const help = await run();
    expect(help.code).toBe(1);
    expect(help.stderr.split('\n')[0]).toBe('This tool helps to query log directory usage on the specified brokers.');

    const bad = await run('--bootstrap-server', w.bootstrap, '--describe', '--broker-list', '0,x');
    expect(bad.code).toBe(1);
    expect(bad.stderr.split('\n')[0]).toBe('Exception in thread "main" java.lang.NumberFormatException: For input string: "x"');
  });

  it('reports an offline dir with KafkaStorageException and no partitions', async () => {
    const dir = w.h.cluster.broker(1).config.logDirs[1];
    await w.h.cluster.failLogDir(1, dir);
    await w.advance(100);
    const { json } = await describeJson('--broker-list', '1');
    const offline = json.brokers[0].logDirs.find((d) => d.logDir === dir)!;
    expect(offline).toEqual({ logDir: dir, error: 'org.apache.kafka.common.errors.KafkaStorageException', partitions: [] });
    const online = json.brokers[0].logDirs.find((d) => d.logDir !== dir)!;
    expect(online.error).toBeNull();
  });
});
