/**
 * `kafka-dojo kafka-reassign-partitions --bootstrap-server …` (Kafka 2.6.0's Admin-client form)
 * against emulated brokers listening on 127.0.0.1: --generate, a throttled --execute whose
 * throttles (IncrementalAlterConfigs) reach ZooKeeper and that --verify completes and clears,
 * --list and --cancel of a move held back by a 1 KB/s throttle, and 2.6.0's option checks.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKafkaReassignPartitions } from '../../src-main/cli/kafka-reassign-partitions/kafka-reassign-partitions';
import type { ZooKeeperClient } from '../../src-main/core/zookeeper';
import { wireCluster, type WireCluster } from '../support/kafka-wire';
import { adminOf, text, topic } from '../support/scenario';
import { waitFor } from '../support/wait-for';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const CONFIG_ZNODE_EMPTY = '{"version":1,"config":{}}';

describe('kafka-dojo kafka-reassign-partitions --bootstrap-server', () => {
  let w: WireCluster;
  let zk: ZooKeeperClient;
  let n = 0;
  async function tool(...args: string[]): Promise<Run> {
    let stdout = '';
    let stderr = '';
    const code = await runKafkaReassignPartitions(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    return { code, stdout, stderr };
  }
  const run = (...args: string[]) => tool('--bootstrap-server', w.bootstrap, ...args);
  /** A JSON file in the cluster's directory. */
  function file(json: string): string {
    const path = join(w.h.dir, `reassign-${n++}.json`);
    writeFileSync(path, json);
    return path;
  }
  const plan = (partitions: ReadonlyArray<[string, number, number[]]>) =>
    file(JSON.stringify({ version: 1, partitions: partitions.map(([t, partition, replicas]) => ({ topic: t, partition, replicas })) }));
  const config = async (path: string) => JSON.parse((await text(zk, path))!).config as Record<string, string>;

  beforeAll(async () => {
    w = await wireCluster({ seed: 1426, brokers: 3, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    const admin = adminOf(w.h);
    await admin.createTopics(
      [
        topic('orders', {
          assignment: [
            [0, 1],
            [1, 2],
          ],
        }),
        topic('big', { assignment: [[0]] }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await w.h.settle();
    zk = await w.h.session();
    const value = new Uint8Array(10 * 1024).fill(7);
    for (let i = 0; i < 20; i++) {
      const records = Array.from({ length: 10 }, () => ({ key: null, value }));
      expect((await w.h.client.produce({ topic: 'big', partition: 0, acks: 1, records })).error).toBe('NONE');
    }
  }, 60_000);
  afterAll(async () => w?.close());

  it('--generate: the current assignment, then a proposal over --broker-list, partitions sorted', async () => {
    const topics = file('{"topics":[{"topic":"orders"}],"version":1}');
    const r = await run('--generate', '--topics-to-move-json-file', topics, '--broker-list', '1,2');
    expect([r.code, r.stderr]).toEqual([0, '']);
    const out = r.stdout.split('\n');
    expect(out.slice(0, 2)).toEqual([
      'Current partition replica assignment',
      '{"version":1,"partitions":[{"topic":"orders","partition":0,"replicas":[0,1],"log_dirs":["any","any"]},{"topic":"orders","partition":1,"replicas":[1,2],"log_dirs":["any","any"]}]}',
    ]);
    expect(out.slice(2, 4)).toEqual(['', 'Proposed partition reassignment configuration']);
    expect(out.slice(5)).toEqual(['']);
    const proposed = JSON.parse(out[4]) as { version: number; partitions: Array<{ topic: string; partition: number; replicas: number[] }> };
    expect(proposed.partitions.map((p) => [p.topic, p.partition, [...p.replicas].sort()])).toEqual([
      ['orders', 0, [1, 2]],
      ['orders', 1, [1, 2]],
    ]);
    // A broker of the list that is not alive is dropped, as describeCluster does not name it.
    const dropped = await run('--generate', '--topics-to-move-json-file', topics, '--broker-list', '1,2,7');
    expect(JSON.parse(dropped.stdout.split('\n')[4]).partitions.flatMap((p: { replicas: number[] }) => p.replicas)).not.toContain(7);
    expect(await run('--generate', '--topics-to-move-json-file', topics, '--broker-list', '1,1')).toEqual({
      code: 1,
      stdout:
        'Error: Broker list contains duplicate entries: 1\nkafka.common.AdminCommandFailedException: Broker list contains duplicate entries: 1\n',
      stderr: '',
    });
  });

  it('--execute --throttle: the rollback text, the throttles in ZooKeeper; --verify completes and clears them', async () => {
    const json = plan([['orders', 0, [2, 1]]]);
    expect(await run('--execute', '--reassignment-json-file', json, '--throttle', '50000000')).toEqual({
      code: 0,
      stdout:
        'Current partition replica assignment\n\n' +
        '{"version":1,"partitions":[{"topic":"orders","partition":0,"replicas":[0,1],"log_dirs":["any","any"]}]}\n\n' +
        'Save this to use as the --reassignment-json-file option during rollback\n' +
        'Warning: You must run --verify periodically, until the reassignment completes, to ensure the throttle is removed.\n' +
        'The inter-broker throttle limit was set to 50000000 B/s\n' +
        'Successfully started partition reassignment for orders-0\n',
      stderr: '',
    });
    // 2.6's lists: every current replica leads, the new one follows.
    expect(await config('/config/topics/orders')).toEqual({
      'leader.replication.throttled.replicas': '0:0,0:1',
      'follower.replication.throttled.replicas': '0:2',
    });
    for (const id of [0, 1, 2])
      expect(await config(`/config/brokers/${id}`)).toEqual({
        'leader.replication.throttled.rate': '50000000',
        'follower.replication.throttled.rate': '50000000',
      });
    await waitFor('the reassignment to complete', async () => (await run('--list')).stdout === 'No partition reassignments found.\n');
    expect(await run('--verify', '--reassignment-json-file', json)).toEqual({
      code: 0,
      stdout:
        'Status of partition reassignment:\n' +
        'Reassignment of partition orders-0 is complete.\n' +
        '\n' +
        'Clearing broker-level throttles on brokers 0,1,2\n' +
        'Clearing topic-level throttles on topic orders\n',
      stderr: '',
    });
    expect(await text(zk, '/config/topics/orders')).toBe(CONFIG_ZNODE_EMPTY);
    for (const id of [0, 1, 2]) expect(await text(zk, `/config/brokers/${id}`)).toBe(CONFIG_ZNODE_EMPTY);
    expect(JSON.parse((await text(zk, '/brokers/topics/orders'))!).partitions['0']).toEqual([2, 1]);
    // A target other than the replicas the partition ended with.
    expect((await run('--verify', '--reassignment-json-file', plan([['orders', 0, [0, 1]]]), '--preserve-throttles')).stdout).toBe(
      'Status of partition reassignment:\nThere is no active reassignment of partition orders-0, but replica set is 2,1 rather than 0,1.\n\n',
    );
  }, 40_000);

  it('a move held back by a 1 KB/s throttle: --list shows it, --execute refuses another, --verify waits, --cancel restores the replicas', async () => {
    const json = plan([['big', 0, [1]]]);
    const started = await run('--execute', '--reassignment-json-file', json, '--throttle', '1024');
    expect([started.code, started.stdout.split('\n').slice(-3)]).toEqual([
      0,
      ['The inter-broker throttle limit was set to 1024 B/s', 'Successfully started partition reassignment for big-0', ''],
    ]);
    expect(await config('/config/topics/big')).toEqual({
      'leader.replication.throttled.replicas': '0:0',
      'follower.replication.throttled.replicas': '0:1',
    });
    expect(await config('/config/brokers/2')).toEqual({});
    expect(await run('--list')).toEqual({
      code: 0,
      stdout: 'Current partition reassignments:\nbig-0: replicas: 1,0. adding: 1. removing: 0.\n',
      stderr: '',
    });
    expect(await run('--execute', '--reassignment-json-file', plan([['orders', 1, [2, 1]]]))).toEqual({
      code: 1,
      stdout:
        'Cannot execute because there is an existing partition assignment.  Use --additional to override this and create a new partition assignment in addition to the existing one.\n',
      stderr: '',
    });
    expect((await run('--verify', '--reassignment-json-file', json)).stdout).toBe(
      'Status of partition reassignment:\nReassignment of partition big-0 is still in progress.\n\n',
    );
    expect((await config('/config/brokers/0'))['leader.replication.throttled.rate']).toBe('1024');
    // --additional: 2.6's move map takes in the ongoing move too, whose follower list it empties (big-0's data is all on 1 already in its eyes).
    const additional = await run(
      '--execute',
      '--additional',
      '--reassignment-json-file',
      plan([['orders', 1, [2, 1]]]),
      '--throttle',
      '2048',
    );
    expect([additional.code, additional.stdout.split('\n').slice(-2)]).toEqual([
      0,
      ['Successfully started partition reassignment for orders-1', ''],
    ]);
    expect(await config('/config/topics/big')).toEqual({
      'leader.replication.throttled.replicas': '0:0,0:1',
      'follower.replication.throttled.replicas': '',
    });
    expect(await config('/config/topics/orders')).toEqual({
      'leader.replication.throttled.replicas': '1:1,1:2',
      'follower.replication.throttled.replicas': '',
    });
    expect((await config('/config/brokers/2'))['follower.replication.throttled.rate']).toBe('2048');
    await waitFor('orders-1 reordered', async () => !(await run('--list')).stdout.includes('orders-1'));

    expect(await run('--cancel', '--reassignment-json-file', json)).toEqual({
      code: 0,
      stdout:
        'Successfully cancelled partition reassignment for: big-0\n' +
        'None of the specified partition moves are active.\n' +
        'Clearing broker-level throttles on brokers 0,1,2\n' +
        'Clearing topic-level throttles on topic big\n',
      stderr: '',
    });
    await waitFor(
      'the original replicas back',
      async () => JSON.parse((await text(zk, '/brokers/topics/big'))!).partitions['0'].join() === '0',
    );
    expect((await run('--list')).stdout).toBe('No partition reassignments found.\n');
    expect(await text(zk, '/config/topics/big')).toBe(CONFIG_ZNODE_EMPTY);
    expect(await text(zk, '/config/brokers/0')).toBe(CONFIG_ZNODE_EMPTY);
    expect((await run('--cancel', '--reassignment-json-file', json, '--preserve-throttles')).stdout).toBe(
      'None of the specified partition reassignments are active.\nNone of the specified partition moves are active.\n',
    );
  }, 40_000);

  it('--execute failures: unknown brokers and topics, an empty plan, a log dir move to a dir the broker does not have', async () => {
    expect(await run('--execute', '--reassignment-json-file', plan([['orders', 1, [1, 7]]]))).toEqual({
      code: 1,
      stdout: 'Error: Unknown broker id 7\nkafka.common.AdminCommandFailedException: Unknown broker id 7\n',
      stderr: '',
    });
    expect(await run('--execute', '--reassignment-json-file', plan([['orders', 9, [1]]]))).toEqual({
      code: 1,
      stdout:
        'Current partition replica assignment\n\n{"version":1,"partitions":[]}\n\nSave this to use as the --reassignment-json-file option during rollback\n' +
        'Error reassigning partition(s):\norders-9: The partition does not exist.\n',
      stderr: '',
    });
    const unknown = 'org.apache.kafka.common.errors.UnknownTopicOrPartitionException: This server does not host this topic-partition.';
    expect(await run('--execute', '--reassignment-json-file', plan([['nope', 0, [1]]]))).toEqual({
      code: 1,
      stdout: `Error: ${unknown}\njava.util.concurrent.ExecutionException: ${unknown}\nCaused by: ${unknown}\n`,
      stderr: '',
    });
    expect((await run('--execute', '--reassignment-json-file', file('{"version":1,"partitions":[]}'))).stdout).toBe(
      'Error: Partition reassignment list cannot be empty\nkafka.common.AdminCommandFailedException: Partition reassignment list cannot be empty\n',
    );
    const missing = join(w.h.dir, 'missing.json');
    expect((await run('--verify', '--reassignment-json-file', missing)).stdout).toBe(
      `Error: ${missing}\njava.nio.file.NoSuchFileException: ${missing}\n`,
    );
    const logDirs = file('{"version":1,"partitions":[{"topic":"orders","partition":1,"replicas":[1,2],"log_dirs":["any","/data/b"]}]}');
    const moved = await run('--execute', '--reassignment-json-file', logDirs);
    expect([moved.code, moved.stdout.split('\n').slice(-5)]).toEqual([
      1,
      [
        'Successfully started partition reassignment for orders-1',
        'Error: Failed to alter dir for orders-1-2',
        'kafka.common.AdminCommandFailedException: Failed to alter dir for orders-1-2',
        'Caused by: org.apache.kafka.common.errors.LogDirNotFoundException: The user-specified log directory is not found in the broker config.',
        '',
      ],
    ]);
    // The verify of that file reports the replica's log dir as DescribeLogDirs has it.
    await waitFor('orders-1 reassigned', async () => (await run('--list')).stdout === 'No partition reassignments found.\n');
    const verified = (await run('--verify', '--reassignment-json-file', logDirs, '--preserve-throttles')).stdout.split('\n');
    expect(verified[1]).toBe('Reassignment of partition orders-1 is complete.');
    expect(verified[2]).toMatch(/^Partition orders-1 on broker 2 is not being moved from log dir \S+ to \/data\/b\.$/);
  }, 40_000);

  it("2.6.0's option checks: one action, a connection option, each action's required and permitted options", async () => {
    const usage = async (...args: string[]) => {
      const r = await tool(...args);
      return [r.code, r.stdout, r.stderr.split('\n')[0]];
    };
    const help = await tool();
    expect(help.stderr.split('\n').slice(0, 2)).toEqual([
      'This tool helps to move topic partitions between replicas.',
      'Option                                  Description                           ',
    ]);
    expect(help.stderr).toContain('\n--cancel                                Cancel an active reassignment.        \n');
    expect(await usage('--bootstrap-server', 'b:9092', '--list', '--verify')).toEqual([
      1,
      '',
      'Command must include exactly one action: --generate, --execute, --verify, --cancel, --list',
    ]);
    expect(await usage('--list')).toEqual([1, '', 'Please specify --bootstrap-server']);
    expect(await usage('--bootstrap-server', 'b:9092', '--cancel')).toEqual([
      1,
      '',
      'Missing required argument "[reassignment-json-file]"',
    ]);
    expect(await usage('--bootstrap-server', 'b:9092', '--verify', '--reassignment-json-file', 'x', '--throttle', '1')).toEqual([
      1,
      '',
      'Option "[throttle]" can\'t be used with action "[verify]"',
    ]);
    expect(await usage('--list', '--zookeeper', 'z:2181', '--bootstrap-server', 'b:9092')).toEqual([
      1,
      '',
      'Option "[zookeeper]" can\'t be used with action "[list]"',
    ]);
    expect(
      await usage('--bootstrap-server', 'b:9092', '--generate', '--broker-list', '1', '--topics-to-move-json-file', 'x', '--additional'),
    ).toEqual([1, '', 'Option "[additional]" can\'t be used with action "[generate]"']);
    // With both, --zookeeper is ignored with 2.6's warning.
    const both = await tool(
      '--zookeeper',
      'z:2181',
      '--bootstrap-server',
      w.bootstrap,
      '--execute',
      '--reassignment-json-file',
      plan([['orders', 1, [1, 7]]]),
    );
    expect(both.stdout.split('\n')[0]).toBe(
      'Warning: ignoring deprecated --zookeeper option because --bootstrap-server was specified.  The --zookeeper option will be removed in a future version of Kafka.',
    );
    expect((await run('--execute', '--reassignment-json-file', plan([['orders', 1, [1]]]), '--timeout', 'soon')).stdout).toBe(
      "Error: Cannot parse argument 'soon' of option timeout\njoptsimple.OptionArgumentConversionException: Cannot parse argument 'soon' of option timeout\n",
    );
    // --zookeeper alone keeps the 2.5.1 tool, which knows no --list.
    expect(await tool('--zookeeper', 'z:2181', '--list')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Exception in thread "main" joptsimple.UnrecognizedOptionException: list is not a recognized option\n',
    });
  });
});

describe('kafka-dojo kafka-reassign-partitions --bootstrap-server --generate with racks', () => {
  let w: WireCluster;
  beforeAll(async () => {
    w = await wireCluster({ seed: 1427, brokers: 3, racks: { 0: 'a', 1: 'b' } });
    await adminOf(w.h).createTopics([topic('orders', { assignment: [[0, 1]] })], { timeoutMs: 5000, validateOnly: false });
    await w.h.settle();
  }, 60_000);
  afterAll(async () => w?.close());

  async function generate(...extra: string[]): Promise<Run> {
    const topics = join(w.h.dir, 'topics.json');
    writeFileSync(topics, '{"topics":[{"topic":"orders"}],"version":1}');
    let stdout = '';
    const code = await runKafkaReassignPartitions(
      ['--bootstrap-server', w.bootstrap, '--generate', '--topics-to-move-json-file', topics, ...extra],
      { stdout: (t) => (stdout += t), stderr: () => undefined },
    );
    return { code, stdout, stderr: '' };
  }

  it('a rackless broker among racked ones is refused unless --disable-rack-aware', async () => {
    const message =
      'Not all brokers have rack information. Add --disable-rack-aware in command line to make replica assignment without rack information.';
    expect(await generate('--broker-list', '0,1,2')).toEqual({
      code: 1,
      stdout: `Error: ${message}\nkafka.admin.AdminOperationException: ${message}\n`,
      stderr: '',
    });
    const disabled = await generate('--broker-list', '0,1,2', '--disable-rack-aware');
    expect(disabled.code).toBe(0);
    expect(JSON.parse(disabled.stdout.split('\n')[4]).partitions[0].replicas).toHaveLength(2);
    // Only racked brokers listed: the rack-aware assignment puts the two replicas on both racks.
    const racked = await generate('--broker-list', '0,1');
    expect([...JSON.parse(racked.stdout.split('\n')[4]).partitions[0].replicas].sort()).toEqual([0, 1]);
  });
});
