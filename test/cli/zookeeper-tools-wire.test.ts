/**
 * The `--zookeeper` tools as real processes (`node scripts/kafka-dojo.mjs`) against a running
 * cluster's ZooKeeper client port: each one reaches ZooKeeper over the wire protocol (a
 * `ZooKeeperClient` on a socket), prints Kafka 2.5.1's lines (the texts of the in-process tests),
 * and the controller, the brokers and kafka-python see what it wrote. The cluster's clock follows
 * the wall clock here. Against a port where nothing listens the tools end as Kafka's do.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZooKeeperListener } from '../../src-main/protocol/zookeeper/zookeeper-listener';
import { runClient, type ClientRun } from '../support/external-client';
import { kafkaPythonUnavailable } from '../support/kafka-python';
import { kafkaPython, wireCluster, type WireCluster } from '../support/kafka-wire';
import { controllerOf, text, tp } from '../support/scenario';
import { waitFor } from '../support/wait-for';
import { LOG4J_PREFIX, lines } from '../support/zk-tool-run';

const SCRIPT = resolve(import.meta.dirname, '../../scripts/kafka-dojo.mjs');
const DEPRECATED = [
  'Warning: --zookeeper is deprecated and will be removed in a future version of Kafka.',
  'Use --bootstrap-server instead to specify a broker to connect to.',
];
const TIMEOUT = 'kafka.zookeeper.ZooKeeperClientTimeoutException: Timed out waiting for connection while in state: CONNECTING';

const unavailable = kafkaPythonUnavailable();
// Outside CI without kafka-python: skip that check, saying why. In CI (which installs it) it fails instead.
const skipPython = unavailable !== null && !process.env.CI;
if (skipPython) console.warn(`kafka-python check of the --zookeeper tools over the wire skipped: ${unavailable}`);

function tool(name: string, ...args: string[]): Promise<ClientRun> {
  return runClient(process.execPath, [SCRIPT, name, ...args], { timeoutMs: 50_000 });
}

/** A port nothing listens on: bound, read back, released. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

describe('the --zookeeper tools over the ZooKeeper wire protocol, as processes', () => {
  let w: WireCluster;
  let listener: ZooKeeperListener;
  let zk: string[];
  let dir: string;
  /** Started first, as they wait out the 30 s connection timeout while the other tests run. */
  let unanswered: Promise<ClientRun[]>;
  let deadConnect: string;

  beforeAll(async () => {
    deadConnect = `127.0.0.1:${await deadPort()}`;
    unanswered = Promise.all([
      tool('kafka-topics', '--zookeeper', deadConnect, '--list'),
      tool('kafka-configs', '--zookeeper', deadConnect, '--entity-type', 'topics', '--describe'),
      tool('kafka-reassign-partitions', '--zookeeper', deadConnect, '--verify', '--reassignment-json-file', 'x.json'),
      tool('kafka-preferred-replica-election', '--zookeeper', deadConnect),
    ]);
    w = await wireCluster({ seed: 1204, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    listener = await ZooKeeperListener.bind(w.h.zkServer, 0);
    zk = ['--zookeeper', listener.connectString];
    dir = w.h.dir;
  }, 60_000);
  afterAll(async () => {
    await listener?.close();
    await w?.close();
  });

  it("kafka-topics --create / --describe / --list / --alter / --delete: Kafka's lines; the controller brings the topic online and kafka-python sees it", async () => {
    const created = await tool(
      'kafka-topics',
      ...zk,
      '--create',
      '--topic',
      'orders',
      '--replica-assignment',
      '0:1,1:2,2:0',
      '--config',
      'retention.ms=3600000',
    );
    expect([created.code, created.stdout, created.stderr]).toEqual([0, 'Created topic orders.\n', '']);
    const controller = controllerOf(w.h);
    await waitFor('orders online', async () =>
      [0, 1, 2].every((p) => controller.context.partitionState(tp('orders', p)) === 'OnlinePartition'),
    );
    await waitFor('the ISRs', async () =>
      [0, 1, 2].every((p) => controller.context.partitionLeadershipInfo.get(tp('orders', p))?.leaderAndIsr.isr.length === 2),
    );

    const described = await tool('kafka-topics', ...zk, '--describe', '--topic', 'orders');
    expect([described.code, described.stderr]).toEqual([0, '']);
    expect(lines(described.stdout)).toEqual([
      'Topic: orders\tPartitionCount: 3\tReplicationFactor: 2\tConfigs: retention.ms=3600000',
      '\tTopic: orders\tPartition: 0\tLeader: 0\tReplicas: 0,1\tIsr: 0,1',
      '\tTopic: orders\tPartition: 1\tLeader: 1\tReplicas: 1,2\tIsr: 1,2',
      '\tTopic: orders\tPartition: 2\tLeader: 2\tReplicas: 2,0\tIsr: 2,0',
    ]);
    if (!skipPython) {
      const metadata = await kafkaPython('metadata', w.bootstrap);
      const topics = metadata.topics as Array<{
        topic: string;
        error_code: number;
        partitions: Array<{ partition: number; leader: number; replicas: number[] }>;
      }>;
      const orders = topics.find((t) => t.topic === 'orders');
      expect(orders?.error_code).toBe(0);
      expect(
        [...(orders?.partitions ?? [])].sort((a, b) => a.partition - b.partition).map((p) => [p.partition, p.leader, p.replicas]),
      ).toEqual([
        [0, 0, [0, 1]],
        [1, 1, [1, 2]],
        [2, 2, [2, 0]],
      ]);
    }

    const altered = await tool(
      'kafka-topics',
      ...zk,
      '--alter',
      '--topic',
      'orders',
      '--partitions',
      '4',
      '--replica-assignment',
      '0:1,1:2,2:0,1:0',
    );
    expect([altered.code, lines(altered.stdout)]).toEqual([
      0,
      [
        'WARNING: If partitions are increased for a topic that has a key, the partition logic or ordering of the messages will be affected',
        'Adding partitions succeeded!',
      ],
    ]);
    await waitFor('orders-3 online', async () => controller.context.partitionState(tp('orders', 3)) === 'OnlinePartition');

    const scratch = await tool('kafka-topics', ...zk, '--create', '--topic', 'scratch', '--partitions', '1', '--replication-factor', '1');
    expect(scratch.stdout).toBe('Created topic scratch.\n');
    const exists = await tool('kafka-topics', ...zk, '--create', '--topic', 'scratch', '--partitions', '1', '--replication-factor', '1');
    expect([exists.code, exists.stdout]).toEqual([1, "Error while executing topic command : Topic 'scratch' already exists.\n"]);
    expect(exists.stderr).toMatch(LOG4J_PREFIX);
    expect((await tool('kafka-topics', ...zk, '--list')).stdout).toBe('orders\nscratch\n');
    const deleted = await tool('kafka-topics', ...zk, '--delete', '--topic', 'scratch');
    expect([deleted.code, deleted.stdout]).toEqual([
      0,
      'Topic scratch is marked for deletion.\nNote: This will have no impact if delete.topic.enable is not set to true.\n',
    ]);
    await waitFor('scratch deleted', async () => (await tool('kafka-topics', ...zk, '--list')).stdout === 'orders\n');
  }, 60_000);

  it("a chroot in the connect string: the tool reads and writes under it, as ZooKeeper's client does", async () => {
    const chrooted = ['--zookeeper', `${listener.connectString}/elsewhere`];
    // The tools do not make the chroot (a broker's KafkaServer does): under a missing one nothing is there.
    expect((await tool('kafka-topics', ...chrooted, '--list')).stdout).toBe('');
    const session = await w.h.session();
    await session.create('/elsewhere', null);
    const created = await tool('kafka-topics', ...chrooted, '--create', '--topic', 'aside', '--replica-assignment', '0');
    expect(created.stdout).toBe('Created topic aside.\n');
    expect(await text(session, '/elsewhere/brokers/topics/aside')).toBe(
      '{"version":2,"partitions":{"0":[0]},"adding_replicas":{},"removing_replicas":{}}',
    );
    expect(await session.exists('/brokers/topics/aside')).toBeNull();
    expect((await tool('kafka-topics', ...chrooted, '--list')).stdout).toBe('aside\n');
    const bad = await tool('kafka-topics', '--zookeeper', `${listener.connectString}/bad/`, '--list');
    expect([bad.code, lines(bad.stderr)[0]]).toEqual([
      1,
      'Exception in thread "main" java.lang.IllegalArgumentException: Path must not end with / character',
    ]);
  }, 30_000);

  it('kafka-configs --alter / --describe write /config/topics/<t> and the change notification the brokers apply', async () => {
    const alter = await tool(
      'kafka-configs',
      ...zk,
      '--entity-type',
      'topics',
      '--entity-name',
      'orders',
      '--alter',
      '--add-config',
      'retention.ms=1000,cleanup.policy=[compact,delete]',
    );
    expect([alter.code, lines(alter.stdout), alter.stderr]).toEqual([
      0,
      [...DEPRECATED, "Completed updating config for entity: topic 'orders'."],
      '',
    ]);
    const session = await w.h.session();
    expect(await text(session, '/config/topics/orders')).toBe(
      '{"version":1,"config":{"retention.ms":"1000","cleanup.policy":"compact,delete"}}',
    );
    await waitFor('the brokers apply the override', async () =>
      w.h.cluster
        .broker(1)
        .logManager!.logsByTopic('orders')
        .every((log) => log.config.originals.get('retention.ms') === '1000'),
    );
    const describe = await tool('kafka-configs', ...zk, '--entity-type', 'topics', '--entity-name', 'orders', '--describe');
    expect(lines(describe.stdout)).toEqual([
      ...DEPRECATED,
      "Configs for topic 'orders' are retention.ms=1000,cleanup.policy=compact,delete",
    ]);
    const noTopic = await tool(
      'kafka-configs',
      ...zk,
      '--entity-type',
      'topics',
      '--entity-name',
      'nope',
      '--alter',
      '--add-config',
      'retention.ms=1',
    );
    expect(lines(noTopic.stderr)).toEqual([
      `Error while executing config command with args '${[...zk, '--entity-type', 'topics', '--entity-name', 'nope', '--alter', '--add-config', 'retention.ms=1'].join(' ')}'`,
      'kafka.admin.AdminOperationException: Topic "nope" does not exist.',
    ]);
  }, 30_000);

  it('kafka-reassign-partitions --generate, --execute --throttle (throttles and /admin/reassign_partitions written), completion, --verify removing the throttles', async () => {
    const topics = join(dir, 'topics.json');
    writeFileSync(topics, '{"topics":[{"topic":"orders"}],"version":1}');
    const generated = await tool(
      'kafka-reassign-partitions',
      ...zk,
      '--generate',
      '--topics-to-move-json-file',
      topics,
      '--broker-list',
      '1,2',
    );
    expect(lines(generated.stdout).slice(0, 1)).toEqual(['Current partition replica assignment']);
    expect(lines(generated.stdout)[3]).toBe('Proposed partition reassignment configuration');

    const plan = join(dir, 'plan.json');
    writeFileSync(plan, '{"version":1,"partitions":[{"topic":"orders","partition":0,"replicas":[2,1]}]}');
    const session = await w.h.session();
    const run = await tool('kafka-reassign-partitions', ...zk, '--execute', '--reassignment-json-file', plan, '--throttle', '50000000');
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(lines(run.stdout).slice(3)).toEqual([
      '',
      'Save this to use as the --reassignment-json-file option during rollback',
      'Warning: You must run Verify periodically, until the reassignment completes, to ensure the throttle is removed. You can also alter the throttle by rerunning the Execute command passing a new value.',
      'The inter-broker throttle limit was set to 50000000 B/s',
      'Successfully started reassignment of partitions.',
    ]);
    const topicConfig = JSON.parse((await text(session, '/config/topics/orders'))!).config as Record<string, string>;
    expect(topicConfig).toEqual({
      'retention.ms': '1000',
      'cleanup.policy': 'compact,delete',
      'leader.replication.throttled.replicas': '0:0,0:1',
      'follower.replication.throttled.replicas': '0:2',
    });
    for (const id of [0, 1, 2]) {
      const brokerConfig = JSON.parse((await text(session, `/config/brokers/${id}`))!).config as Record<string, string>;
      expect(brokerConfig['leader.replication.throttled.rate']).toBe('50000000');
      expect(brokerConfig['follower.replication.throttled.rate']).toBe('50000000');
    }
    await waitFor('the reassignment to complete', async () => (await session.exists('/admin/reassign_partitions')) === null);
    expect(JSON.parse((await text(session, '/brokers/topics/orders'))!).partitions['0']).toEqual([2, 1]);

    const verify = await tool('kafka-reassign-partitions', ...zk, '--verify', '--reassignment-json-file', plan);
    expect(lines(verify.stdout)).toEqual([
      'Status of partition reassignment: ',
      'Reassignment of partition orders-0 completed successfully',
      'Throttle was removed.',
    ]);
    expect(await text(session, '/config/topics/orders')).toBe(
      '{"version":1,"config":{"retention.ms":"1000","cleanup.policy":"compact,delete"}}',
    );
    for (const id of [0, 1, 2]) expect(await text(session, `/config/brokers/${id}`)).toBe('{"version":1,"config":{}}');
  }, 40_000);

  it('kafka-preferred-replica-election writes /admin/preferred_replica_election and the controller elects the preferred leader', async () => {
    const leaderAndIsr = () => controllerOf(w.h).context.partitionLeadershipInfo.get(tp('orders', 0))?.leaderAndIsr;
    // After the reassignment orders-0's preferred replica is broker 2: a restart of 2 leaves 1 leading it.
    await w.h.cluster.shutdownBroker(2);
    await waitFor('broker 1 to lead orders-0', async () => leaderAndIsr()?.leader === 1);
    await w.h.cluster.startBroker(2);
    await waitFor('broker 2 back in the ISR', async () => leaderAndIsr()?.isr.includes(2));
    expect(leaderAndIsr()?.leader).toBe(1);
    const json = join(dir, 'election.json');
    writeFileSync(json, '{"partitions":[{"topic":"orders","partition":0},{"topic":"orders","partition":7}]}');
    const run = await tool('kafka-preferred-replica-election', ...zk, '--path-to-json-file', json);
    expect([run.code, lines(run.stdout)]).toEqual([
      0,
      [
        'This tool is deprecated. Please use kafka-leader-election tool. Tracking issue: KAFKA-8405',
        ...DEPRECATED,
        'Created preferred replica election path with orders-0',
        'Successfully started preferred replica election for partitions Set(orders-0)',
        "Skipping preferred replica leader election for partition orders-7 since it doesn't exist.",
      ],
    ]);
    const session = await w.h.session();
    await waitFor('the election to finish', async () => (await session.exists('/admin/preferred_replica_election')) === null);
    await waitFor('broker 2 to lead orders-0', async () => leaderAndIsr()?.leader === 2);
  }, 30_000);

  it("against a port where nothing listens each tool ends with Kafka's ZooKeeperClientTimeoutException", async () => {
    const [topics, configs, reassign, election] = await unanswered;
    expect([topics.code, topics.stdout, lines(topics.stderr)[0]]).toEqual([1, '', `Exception in thread "main" ${TIMEOUT}`]);
    expect([configs.code, lines(configs.stdout), lines(configs.stderr)]).toEqual([
      1,
      DEPRECATED,
      [`Error while executing config command with args '--zookeeper ${deadConnect} --entity-type topics --describe'`, TIMEOUT],
    ]);
    expect([reassign.code, reassign.stdout, reassign.stderr]).toEqual([1, '', `Exception in thread "main" ${TIMEOUT}\n`]);
    expect([election.code, lines(election.stdout).slice(1), election.stderr]).toEqual([
      1,
      DEPRECATED,
      `Exception in thread "main" ${TIMEOUT}\n`,
    ]);
  }, 60_000);
});
