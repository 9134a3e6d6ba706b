/**
 * `kafka-dojo kafka-delete-records` against a running emulated cluster whose brokers listen on
 * 127.0.0.1, over DeleteRecords: Kafka 2.5.1's DeleteRecordsCommand lines on stdout (a low watermark
 * or the failed future's exception per partition), its exceptions escaping `main` on stderr with
 * exit code 1, and the log start offsets moved on the leaders.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKafkaDeleteRecords } from '../../src-main/cli/kafka-delete-records/kafka-delete-records';
import { wireCluster, type WireCluster } from '../support/kafka-wire';
import { adminOf, enc, topic } from '../support/scenario';
import { makeTempDir } from '../support/temp-dir';

const EXCEPTION = 'Exception in thread "main" ';

describe('kafka-dojo kafka-delete-records over the wire', () => {
  let w: WireCluster;
  const tmp = makeTempDir('kafka-dojo-delete-records-cli-');

  async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    let stdout = '';
    let stderr = '';
    const code = await runKafkaDeleteRecords(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    return { code, stdout, stderr };
  }
  let n = 0;
  const jsonFile = (text: string) => {
    const path = join(tmp.dir, `offsets-${n++}.json`);
    writeFileSync(path, text);
    return path;
  };
  const purge = (json: string) => run('--bootstrap-server', w.bootstrap, '--offset-json-file', jsonFile(json));
  const startOf = (name: string, partition: number) =>
    [0, 1].map((id) => w.h.cluster.broker(id).logManager?.getLog({ topic: name, partition })?.logStartOffset);

  beforeAll(async () => {
    w = await wireCluster({ seed: 81 });
    await adminOf(w.h).createTopics(
      [
        topic('t', {
          assignment: [
            [0, 1],
            [1, 0],
          ],
        }),
        topic('c', { assignment: [[1, 0]], configs: { 'cleanup.policy': 'compact' } }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await w.advance(100);
    for (const partition of [0, 1])
      await w.h.client.produce({
        topic: 't',
        partition,
        acks: -1,
        records: Array.from({ length: 5 }, (_, i) => ({ key: null, value: enc(`v${i}`) })),
      });
    await w.h.client.produce({ topic: 'c', partition: 0, acks: -1, records: [{ key: enc('k'), value: enc('v') }] });
  });
  afterAll(async () => {
    await w?.close();
    tmp.cleanup();
  });

  it('prints each partition’s low watermark in the HashMap’s order, moved on leader and follower; -1 is the high watermark', async () => {
    const out = await purge('{"partitions":[{"topic":"t","partition":0,"offset":3},{"topic":"t","partition":1,"offset":-1}],"version":1}');
    expect(out).toEqual({
      code: 0,
      stdout:
        'Executing records delete operation\nRecords delete operation completed:\npartition: t-1\tlow_watermark: 5\npartition: t-0\tlow_watermark: 3\n',
      stderr: '',
    });
    expect(startOf('t', 0)).toEqual([3, 3]);
    expect(startOf('t', 1)).toEqual([5, 5]);
  });

  it('prints the exception of each failed partition: past the high watermark, compacted, unknown topic, no such partition', async () => {
    const out = await purge(
      '{"partitions":[{"topic":"t","partition":0,"offset":9},{"topic":"c","partition":0,"offset":1},{"topic":"nope","partition":0,"offset":1},{"topic":"t","partition":7,"offset":1}]}',
    );
    expect(out.code).toBe(0);
    expect(out.stdout.split('\n').slice(0, 2)).toEqual(['Executing records delete operation', 'Records delete operation completed:']);
    expect(out.stdout.split('\n').slice(2, -1).sort()).toEqual([
      'partition: c-0\terror: org.apache.kafka.common.errors.PolicyViolationException: Request parameters do not satisfy the configured policy.',
      'partition: nope-0\terror: org.apache.kafka.common.errors.UnknownTopicOrPartitionException: This server does not host this topic-partition.',
      'partition: t-0\terror: org.apache.kafka.common.errors.OffsetOutOfRangeException: The requested offset is not within the range of offsets maintained by the server.',
      'partition: t-7\terror: org.apache.kafka.common.errors.LeaderNotAvailableException: There is no leader for this topic-partition as we are in the middle of a leadership election.',
    ]);
    expect(startOf('t', 0)).toEqual([3, 3]);
  });

  it('refuses duplicates, bad JSON and a version it does not know, as 2.5.1 throws them', async () => {
    const dup = await purge('{"partitions":[{"topic":"t","partition":0,"offset":1},{"topic":"t","partition":0,"offset":2}],"version":1}');
    expect(dup.code).toBe(1);
    expect(dup.stdout).toBe('');
    expect(dup.stderr.split('\n')[0]).toBe(
      `${EXCEPTION}kafka.common.AdminCommandFailedException: Offset json file contains duplicate topic partitions: t-0`,
    );
    expect((await purge('{not json')).stderr.split('\n')[0]).toBe(
      `${EXCEPTION}kafka.admin.AdminOperationException: The input string is not a valid JSON`,
    );
    expect((await purge('{"partitions":[],"version":2}')).stderr.split('\n')[0]).toBe(
      `${EXCEPTION}kafka.admin.AdminOperationException: Not supported version field value 2`,
    );
    expect((await purge('{"version":1}')).stderr.split('\n')[0]).toBe(
      `${EXCEPTION}kafka.admin.AdminOperationException: Missing partitions field`,
    );
    expect((await purge('{"partitions":[{"topic":"t","partition":0}]}')).stderr.split('\n')[0]).toBe(
      `${EXCEPTION}com.fasterxml.jackson.databind.JsonMappingException: No such field exists: \`offset\``,
    );
  });

  it('requires --bootstrap-server and --offset-json-file with joptsimple’s usage', async () => {
    const out = await run('--offset-json-file', 'x.json');
    expect(out.code).toBe(1);
    expect(out.stderr.split('\n')[0]).toBe('Missing required argument "[bootstrap-server]"');
    expect(out.stderr).toContain('--offset-json-file <String: Offset     REQUIRED: The JSON file with offset');
  });
});
