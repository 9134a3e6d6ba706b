/**
 * `kafka-dojo kafka-topics` run as a child process (scripts/kafka-dojo.mjs) against a running
 * emulated cluster whose brokers listen on 127.0.0.1: what it prints, on which stream, and its exit
 * code, as Kafka 2.5's kafka-topics.sh with --bootstrap-server.
 */
import { resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClient, type ClientRun } from '../support/external-client';
import { wireCluster, type WireCluster } from '../support/kafka-wire';
import { adminOf, topic } from '../support/scenario';
import { makeTempDir } from '../support/temp-dir';

const SCRIPT = resolve(import.meta.dirname, '../../scripts/kafka-dojo.mjs');
const ERROR_LOG = /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] ERROR /;

function kafkaTopics(w: WireCluster, ...args: string[]): Promise<ClientRun> {
  return runClient(process.execPath, [SCRIPT, 'kafka-topics', '--bootstrap-server', w.bootstrap, ...args], { timeoutMs: 60_000 });
}

async function until(w: WireCluster, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100 && !(await check()); i++) await w.advance(200);
}

describe('kafka-dojo kafka-topics against the emulated cluster', () => {
  let w: WireCluster;
  beforeAll(async () => {
    w = await wireCluster({ seed: 61 });
  });
  afterAll(async () => {
    await w.close();
  });

  it('--create with automatic assignment, then --describe shows the partitions the controller assigned', async () => {
    const run = await kafkaTopics(w, '--create', '--topic', 'orders', '--partitions', '3', '--replication-factor', '2');
    expect([run.code, run.stdout, run.stderr]).toEqual([0, 'Created topic orders.\n', '']);
    const described = await kafkaTopics(w, '--describe', '--topic', 'orders');
    expect(described.code, described.stderr).toBe(0);
    const lines = described.stdout.split('\n');
    expect(lines[0]).toBe('Topic: orders\tPartitionCount: 3\tReplicationFactor: 2\tConfigs: ');
    const state = w.h.cluster.broker(0).metadataCache;
    for (let p = 0; p < 3; p++) {
      const info = state.getPartitionInfo('orders', p)!;
      expect(lines[p + 1]).toBe(
        `\tTopic: orders\tPartition: ${p}\tLeader: ${info.leader}\tReplicas: ${info.replicas.join(',')}\tIsr: ${info.isr.join(',')}`,
      );
    }
  });

  it('--create with --replica-assignment and --config: exact describe line, overrides in Configs', async () => {
    const run = await kafkaTopics(
      w,
      '--create',
      '--topic',
      'payments',
      '--replica-assignment',
      '0:1,1:2,2:0',
      '--config',
      'retention.ms=3600000',
      '--config',
      'cleanup.policy=compact',
    );
    expect([run.code, run.stdout]).toEqual([0, 'Created topic payments.\n']);
    const described = await kafkaTopics(w, '--describe', '--topic', 'payments');
    expect(described.stdout).toBe(
      [
        // The overrides in the order the broker's DescribeConfigs lists them (AdminManager's HashMap).
        'Topic: payments\tPartitionCount: 3\tReplicationFactor: 2\tConfigs: cleanup.policy=compact,retention.ms=3600000',
        '\tTopic: payments\tPartition: 0\tLeader: 0\tReplicas: 0,1\tIsr: 0,1',
        '\tTopic: payments\tPartition: 1\tLeader: 1\tReplicas: 1,2\tIsr: 1,2',
        '\tTopic: payments\tPartition: 2\tLeader: 2\tReplicas: 2,0\tIsr: 2,0',
        '',
      ].join('\n'),
    );
  });

  it("a topic name with a period or underscore gets Kafka's metric-name warning before it is created", async () => {
    const run = await kafkaTopics(w, '--create', '--topic', 'test_create_topic1', '--partitions', '1', '--replication-factor', '1');
    expect(run.stdout).toBe(
      "WARNING: Due to limitations in metric names, topics with a period ('.') or underscore ('_') could collide. To avoid issues it is best to use either, but not both.\nCreated topic test_create_topic1.\n",
    );
  });

  it('--create of an existing topic fails as 2.5 does; --if-not-exists is refused with --bootstrap-server', async () => {
    const run = await kafkaTopics(w, '--create', '--topic', 'payments', '--partitions', '1', '--replication-factor', '1');
    expect([run.code, run.stdout]).toEqual([1, 'Error while executing topic command : Topic payments already exists\n']);
    expect(run.stderr).toMatch(ERROR_LOG);
    expect(run.stderr).toContain('ERROR java.lang.IllegalArgumentException: Topic payments already exists\n (kafka.admin.TopicCommand$)\n');
    const ifNotExists = await kafkaTopics(
      w,
      '--create',
      '--topic',
      'payments',
      '--partitions',
      '1',
      '--replication-factor',
      '1',
      '--if-not-exists',
    );
    expect(ifNotExists.code).toBe(1);
    expect(ifNotExists.stdout).toBe('');
    expect(ifNotExists.stderr.split('\n')[0]).toBe('Option "[if-not-exists]" can\'t be used with option "[bootstrap-server]"');
    expect(ifNotExists.stderr).toContain('--bootstrap-server <String: server to');
  });

  it("a replication factor larger than the brokers: the broker's InvalidReplicationFactorException", async () => {
    const run = await kafkaTopics(w, '--create', '--topic', 'wide', '--partitions', '1', '--replication-factor', '4');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      'Error while executing topic command : org.apache.kafka.common.errors.InvalidReplicationFactorException: Replication factor: 4 larger than available brokers: 3.\n',
    );
    expect(run.stderr).toContain(
      'ERROR java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.InvalidReplicationFactorException: Replication factor: 4 larger than available brokers: 3.\nCaused by: org.apache.kafka.common.errors.InvalidReplicationFactorException',
    );
    const bad = await kafkaTopics(w, '--create', '--topic', 'bad', '--replica-assignment', '0:a');
    expect(bad.stdout).toBe('Error while executing topic command : For input string: "a"\n');
    const badConfig = await kafkaTopics(w, '--create', '--topic', 'bad', '--partitions', '1', '--config', 'retention.ms');
    expect(badConfig.stdout).toBe(
      'Error while executing topic command : requirement failed: Invalid topic config: all configs to be added must be in the format "key=val".\n',
    );
  });

  it('--list: sorted names, a regex, --exclude-internal; --describe --topics-with-overrides', async () => {
    await adminOf(w.h).createTopics([topic('__consumer_offsets', { assignment: [[0]], configs: { 'cleanup.policy': 'compact' } })], {
      timeoutMs: 5000,
      validateOnly: false,
    });
    const all = await kafkaTopics(w, '--list');
    expect([all.code, all.stdout]).toEqual([0, '__consumer_offsets\norders\npayments\ntest_create_topic1\n']);
    const regex = await kafkaTopics(w, '--list', '--topic', 'pay.*|ord.*');
    expect(regex.stdout).toBe('orders\npayments\n');
    const commas = await kafkaTopics(w, '--list', '--topic', '"payments, orders"');
    expect(commas.stdout).toBe('orders\npayments\n');
    const exclude = await kafkaTopics(w, '--list', '--exclude-internal');
    expect(exclude.stdout).toBe('orders\npayments\ntest_create_topic1\n');
    const overrides = await kafkaTopics(w, '--describe', '--topics-with-overrides', '--exclude-internal');
    expect(overrides.stdout).toBe(
      'Topic: payments\tPartitionCount: 3\tReplicationFactor: 2\tConfigs: cleanup.policy=compact,retention.ms=3600000\n',
    );
  });

  it("--alter --partitions adds partitions and prints nothing (2.5's AdminClient path); its errors", async () => {
    const run = await kafkaTopics(w, '--alter', '--topic', 'payments', '--partitions', '4', '--replica-assignment', '0:1,1:2,2:0,1:0');
    expect([run.code, run.stdout, run.stderr]).toEqual([0, '', '']);
    const described = await kafkaTopics(w, '--describe', '--topic', 'payments');
    expect(described.stdout.split('\n')[4]).toBe('\tTopic: payments\tPartition: 3\tLeader: 1\tReplicas: 1,0\tIsr: 1,0');
    const lower = await kafkaTopics(w, '--alter', '--topic', 'payments', '--partitions', '2');
    expect(lower.stdout).toBe(
      'Error while executing topic command : org.apache.kafka.common.errors.InvalidPartitionsException: Topic currently has 4 partitions, which is higher than the requested 2.\n',
    );
    // 2.5's --describe does not check that the topic exists: nothing printed, exit 0.
    const describeMissing = await kafkaTopics(w, '--describe', '--topic', 'nope');
    expect([describeMissing.code, describeMissing.stdout, describeMissing.stderr]).toEqual([0, '', '']);
    const missing = await kafkaTopics(w, '--alter', '--topic', 'nope', '--partitions', '2');
    expect(missing.stdout).toBe("Error while executing topic command : Topic 'nope' does not exist as expected\n");
    const noPartitions = await kafkaTopics(w, '--alter', '--topic', 'payments');
    expect([noPartitions.code, noPartitions.stderr.split('\n')[0]]).toEqual([1, 'Missing required argument "[partitions]"']);
    const config = await kafkaTopics(w, '--alter', '--topic', 'payments', '--config', 'retention.ms=1');
    expect(config.stderr.split('\n')[0]).toBe('Option combination "[bootstrap-server],[config]" can\'t be used with option "[alter]"');
  });

  it('option errors: no action, no topic, --replica-assignment with --partitions, an unknown option', async () => {
    const none = await kafkaTopics(w);
    expect([none.code, none.stderr.split('\n')[0]]).toEqual([
      1,
      'Command must include exactly one action: --list, --describe, --create, --alter or --delete',
    ]);
    const noTopic = await kafkaTopics(w, '--create', '--partitions', '1');
    expect(noTopic.stderr.split('\n')[0]).toBe('Missing required argument "[topic]"');
    const both = await kafkaTopics(w, '--create', '--topic', 'x', '--partitions', '1', '--replica-assignment', '0');
    expect(both.stderr.split('\n')[0]).toBe('Option "[replica-assignment]" can\'t be used with option "[partitions]"');
    const unknown = await kafkaTopics(w, '--list', '--nope');
    expect([unknown.code, unknown.stderr]).toEqual([
      1,
      'Exception in thread "main" joptsimple.UnrecognizedOptionException: nope is not a recognized option\n',
    ]);
  });

  it('--delete by regex (the articles\' `--topic ".*?"`), --if-exists refused with --bootstrap-server', async () => {
    const ifExists = await kafkaTopics(w, '--delete', '--topic', 'gone', '--if-exists');
    expect(ifExists.stderr.split('\n')[0]).toBe('Option "[if-exists]" can\'t be used with option "[bootstrap-server]"');
    const missing = await kafkaTopics(w, '--delete', '--topic', 'gone');
    expect(missing.stdout).toBe("Error while executing topic command : Topic 'gone' does not exist as expected\n");
    const one = await kafkaTopics(w, '--delete', '--topic', 'test_create_topic1');
    expect([one.code, one.stdout, one.stderr]).toEqual([0, '', '']);
    const all = await kafkaTopics(w, '--delete', '--topic', '".*?"', '--exclude-internal');
    expect(all.code, all.stdout).toBe(1);
    expect(all.stderr.split('\n')[0]).toBe('Option "[exclude-internal]" can\'t be used with option "[delete]"');
    await adminOf(w.h).deleteTopics(['__consumer_offsets'], 5000);
    await until(w, async () => (await kafkaTopics(w, '--list')).stdout === 'orders\npayments\n');
    const regex = await kafkaTopics(w, '--delete', '--topic', '".*?"');
    expect([regex.code, regex.stdout]).toEqual([0, '']);
    await until(w, async () => (await kafkaTopics(w, '--list')).stdout === '\n');
    expect((await kafkaTopics(w, '--list')).stdout).toBe('\n');
  });
});

describe('kafka-topics --describe when a broker is down', () => {
  let w: WireCluster;
  beforeAll(async () => {
    w = await wireCluster({ seed: 62 });
    await adminOf(w.h).createTopics(
      [
        topic('events', {
          assignment: [
            [0, 2],
            [1, 0],
          ],
        }),
        topic('solo', { assignment: [[2]] }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await w.h.settle();
    w.h.cluster.killBroker(2);
    // Until its ZooKeeper session expires and the controller takes broker 2 out of the ISR.
    const cache = w.h.cluster.broker(0).metadataCache;
    for (let i = 0; i < 60 && cache.getPartitionInfo('events', 0)?.isr.join(',') !== '0'; i++) await w.advance(1000);
  });
  afterAll(async () => {
    await w.close();
  });

  it('--under-replicated-partitions and --unavailable-partitions print only the partitions concerned', async () => {
    // solo's only replica is down: no leader, and (Kafka's Metadata sends no ISR without a leader) under-replicated too.
    const solo = '\tTopic: solo\tPartition: 0\tLeader: none\tReplicas: 2\tIsr: \n';
    const under = await kafkaTopics(w, '--describe', '--under-replicated-partitions');
    expect([under.code, under.stdout]).toEqual([0, `\tTopic: events\tPartition: 0\tLeader: 0\tReplicas: 0,2\tIsr: 0\n${solo}`]);
    const unavailable = await kafkaTopics(w, '--describe', '--unavailable-partitions');
    expect(unavailable.stdout).toBe(solo);
  });

  it("nothing listening: Kafka's WARN lines, then a TimeoutException within default.api.timeout.ms", async () => {
    const dir = makeTempDir('kafka-topics-cli-');
    const config = resolve(dir.dir, 'admin.properties');
    writeFileSync(config, 'default.api.timeout.ms=1500\n');
    const run = await runClient(process.execPath, [
      SCRIPT,
      'kafka-topics',
      '--bootstrap-server',
      `127.0.0.1:${w.ports.get(2)}`,
      '--list',
      '--command-config',
      config,
    ]);
    dir.cleanup();
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      'Error while executing topic command : org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment.\n',
    );
    expect(run.stderr).toContain(
      `WARN [AdminClient clientId=adminclient-1] Connection to node -1 (/127.0.0.1:${w.ports.get(2)}) could not be established. Broker may not be available. (org.apache.kafka.clients.NetworkClient)`,
    );
  });
});
