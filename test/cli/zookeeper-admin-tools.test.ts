/**
 * kafka-configs, kafka-reassign-partitions and kafka-preferred-replica-election with --zookeeper
 * (Kafka 2.5.1's ConfigCommand, ReassignPartitionsCommand, PreferredReplicaLeaderElectionCommand)
 * against an emulated cluster: their lines (texts from the Scala sources), the znodes they write and
 * what brokers and controller do with them.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZooKeeperClient } from '../../src-main/core/zookeeper';
import { ClusterHarness } from '../support/cluster-harness';
import { adminOf, controllerOf, text, topic, tp } from '../support/scenario';
import { lines, runZkTool } from '../support/zk-tool-run';

const ZK = ['--zookeeper', 'localhost:2181'];
const DEPRECATED = [
  'Warning: --zookeeper is deprecated and will be removed in a future version of Kafka.',
  'Use --bootstrap-server instead to specify a broker to connect to.',
];

describe('kafka-configs / kafka-reassign-partitions / kafka-preferred-replica-election --zookeeper', () => {
  let h: ClusterHarness;
  /** The session kafka-configs' znodes are read back with. */
  let zk: ZooKeeperClient;
  const file = (name: string, content: string) => {
    const path = join(h.dir, name);
    writeFileSync(path, content);
    return path;
  };
  const lastNote = async () => {
    // Sequence names sort in creation order; getChildren answers in HashSet order.
    const notes = [...(await zk.getChildren('/config/changes')).children].sort();
    return text(zk, `/config/changes/${notes[notes.length - 1]}`);
  };
  beforeAll(async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 1202, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    await adminOf(h).createTopics(
      [
        topic('t', {
          assignment: [
            [0, 1],
            [1, 2],
          ],
        }),
      ],
      { timeoutMs: 5000, validateOnly: false },
    );
    await h.settle();
    zk = await h.session();
  });
  afterAll(async () => h.close());

  it('kafka-configs --alter / --describe / --delete-config on a topic write /config/topics/<t> and the v2 change notification; brokers apply it', async () => {
    const topicAlter = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'topics',
      '--entity-name',
      't',
      '--alter',
      '--add-config',
      'retention.ms=1000,cleanup.policy=[compact,delete]',
    );
    expect([topicAlter.code, lines(topicAlter.stdout)]).toEqual([0, [...DEPRECATED, "Completed updating config for entity: topic 't'."]]);
    expect(await text(zk, '/config/topics/t')).toBe('{"version":1,"config":{"retention.ms":"1000","cleanup.policy":"compact,delete"}}');
    expect(await lastNote()).toBe('{"version":2,"entity_path":"topics/t"}');
    for (const log of h.cluster.broker(1).logManager!.logsByTopic('t')) expect(log.config.originals.get('retention.ms')).toBe('1000');

    const describe = await runZkTool(h, 'kafka-configs', ...ZK, '--entity-type', 'topics', '--entity-name', 't', '--describe');
    expect(lines(describe.stdout)).toEqual([...DEPRECATED, "Configs for topic 't' are retention.ms=1000,cleanup.policy=compact,delete"]);
    const del = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'topics',
      '--entity-name',
      't',
      '--alter',
      '--delete-config',
      'cleanup.policy',
    );
    expect(del.code).toBe(0);
    expect(await text(zk, '/config/topics/t')).toBe('{"version":1,"config":{"retention.ms":"1000"}}');
  });

  it('kafka-configs on brokers: per broker and the cluster default, refused for configs of a running broker, validated as DynamicBrokerConfig does', async () => {
    const broker = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'brokers',
      '--entity-name',
      '1',
      '--alter',
      '--add-config',
      'leader.replication.throttled.rate=1048576',
    );
    expect(lines(broker.stdout)[2]).toBe("Completed updating config for entity: brokers '1'.");
    expect(await text(zk, '/config/brokers/1')).toBe('{"version":1,"config":{"leader.replication.throttled.rate":"1048576"}}');
    expect(await lastNote()).toBe('{"version":2,"entity_path":"brokers/1"}');
    const running = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'brokers',
      '--entity-name',
      '1',
      '--alter',
      '--add-config',
      'log.cleaner.threads=2',
    );
    expect([running.code, running.stderr]).toEqual([
      1,
      'requirement failed: --bootstrap-server option must be specified to update broker configs Set(log.cleaner.threads). when broker 1 is running. Broker configuration updates using ZooKeeper are supported for bootstrapping before brokers are started to enable encrypted password configs to be stored in ZooKeeper.\n',
    ]);

    // Other broker configs only through ZooKeeper while the broker is not running, validated as DynamicBrokerConfig does.
    const stopped = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'brokers',
      '--entity-name',
      '5',
      '--alter',
      '--add-config',
      'log.cleaner.threads=2,log.retention.ms=60000',
    );
    expect(stopped.code).toBe(0);
    expect(JSON.parse((await text(zk, '/config/brokers/5'))!).config).toEqual({ 'log.cleaner.threads': '2', 'log.retention.ms': '60000' });
    const staticConfig = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'brokers',
      '--entity-name',
      '5',
      '--alter',
      '--add-config',
      'num.partitions=3',
    );
    expect(lines(staticConfig.stderr)).toEqual([
      "Error while executing config command with args '--zookeeper localhost:2181 --entity-type brokers --entity-name 5 --alter --add-config num.partitions=3'",
      'org.apache.kafka.common.config.ConfigException: Cannot update these configs dynamically: Set(num.partitions)',
    ]);
    const badType = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'brokers',
      '--entity-name',
      '5',
      '--alter',
      '--add-config',
      'log.retention.ms=abc',
    );
    expect(lines(badType.stderr)[1]).toBe(
      'org.apache.kafka.common.config.ConfigException: Invalid value abc for configuration log.retention.ms: Not a number of type LONG',
    );
    const clusterDefault = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'brokers',
      '--entity-default',
      '--alter',
      '--add-config',
      'follower.replication.throttled.rate=10',
    );
    expect(lines(clusterDefault.stdout)[2]).toBe('Completed updating config for entity: default brokers.');
    expect(await text(zk, '/config/brokers/<default>')).toBe('{"version":1,"config":{"follower.replication.throttled.rate":"10"}}');
    expect(await lastNote()).toBe('{"version":2,"entity_path":"brokers/<default>"}');
    const runningDefault = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'brokers',
      '--entity-default',
      '--alter',
      '--add-config',
      'log.cleaner.threads=2',
    );
    expect(runningDefault.stderr).toContain(
      'requirement failed: --bootstrap-server option must be specified to update broker configs Set(log.cleaner.threads). for default cluster if any broker is running.',
    );
    // Properties (a JDK 8 Hashtable of 11 buckets) iterate from the last bucket: log.cleaner.threads (8) before log.retention.ms (6).
    const brokers = await runZkTool(h, 'kafka-configs', ...ZK, '--entity-type', 'brokers', '--describe');
    expect(lines(brokers.stdout).slice(2)).toEqual([
      "Configs for brokers '1' are leader.replication.throttled.rate=1048576",
      // /config/brokers' children in ZooKeeper's HashSet order, as Kafka lists them.
      'Configs for default brokers are follower.replication.throttled.rate=10',
      "Configs for brokers '5' are log.cleaner.threads=2,log.retention.ms=60000",
    ]);
  });

  it('kafka-configs on users and clients write the quota znodes (names URL-encoded) and describe them', async () => {
    const user = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'users',
      '--entity-name',
      'alice',
      '--entity-type',
      'clients',
      '--entity-name',
      'app 1',
      '--alter',
      '--add-config',
      'producer_byte_rate=1024',
    );
    expect(lines(user.stdout)[2]).toBe("Completed updating config for entity: user-principal 'alice', client-id 'app 1'.");
    expect(await text(zk, '/config/users/alice/clients/app%201')).toBe('{"version":1,"config":{"producer_byte_rate":"1024"}}');
    expect(await lastNote()).toBe('{"version":2,"entity_path":"users/alice/clients/app%201"}');
    const client = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'clients',
      '--entity-default',
      '--alter',
      '--add-config',
      'consumer_byte_rate=2048',
    );
    expect(lines(client.stdout)[2]).toBe('Completed updating config for entity: default client-id.');
    expect(await text(zk, '/config/clients/<default>')).toBe('{"version":1,"config":{"consumer_byte_rate":"2048"}}');
    const users = await runZkTool(h, 'kafka-configs', ...ZK, '--entity-type', 'users', '--entity-type', 'clients', '--describe');
    expect(lines(users.stdout)[2]).toBe("Configs for user-principal 'alice', client-id 'app 1' are producer_byte_rate=1024");
  });

  it("kafka-configs refuses unknown quotas, invalid deletes, missing topics, a missing action or name and broker-loggers, in ConfigCommand's words", async () => {
    const unknownQuota = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'clients',
      '--entity-name',
      'x',
      '--alter',
      '--add-config',
      'nope=1',
    );
    expect([unknownQuota.code, unknownQuota.stderr]).toEqual([1, 'requirement failed: Unknown Dynamic Configuration: Set(nope).\n']);
    const invalidDelete = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'topics',
      '--entity-name',
      't',
      '--alter',
      '--delete-config',
      'segment.ms',
    );
    expect(invalidDelete.stderr).toBe('Invalid config(s): segment.ms\n');
    const noTopic = await runZkTool(
      h,
      'kafka-configs',
      ...ZK,
      '--entity-type',
      'topics',
      '--entity-name',
      'nope',
      '--alter',
      '--add-config',
      'retention.ms=1',
    );
    expect(lines(noTopic.stderr)).toEqual([
      "Error while executing config command with args '--zookeeper localhost:2181 --entity-type topics --entity-name nope --alter --add-config retention.ms=1'",
      'kafka.admin.AdminOperationException: Topic "nope" does not exist.',
    ]);
    const noAction = await runZkTool(h, 'kafka-configs', ...ZK, '--entity-type', 'topics');
    expect(lines(noAction.stderr)[0]).toBe('Command must include exactly one action: --describe, --alter');
    expect(noAction.stderr).toContain('--entity-type <String>');
    const noName = await runZkTool(h, 'kafka-configs', ...ZK, '--entity-type', 'topics', '--alter', '--add-config', 'a=b');
    expect(noName.stderr).toBe('an entity name must be specified with --alter of topics\n');
    const loggers = await runZkTool(h, 'kafka-configs', ...ZK, '--entity-type', 'broker-loggers', '--describe');
    expect(loggers.stderr).toBe(
      'Invalid entity type broker-loggers, the entity type must be one of topics,clients,users,brokers with the --zookeeper argument\n',
    );
  });

  it("kafka-reassign-partitions --generate prints the current and a proposed assignment in Kafka's JSON", async () => {
    const topics = file('topics.json', '{"topics":[{"topic":"t"}],"version":1}');
    const run = await runZkTool(
      h,
      'kafka-reassign-partitions',
      ...ZK,
      '--generate',
      '--topics-to-move-json-file',
      topics,
      '--broker-list',
      '1,2',
    );
    const out = lines(run.stdout);
    // The topic znode lists {"1":[1,2],"0":[0,1]}; a 2-entry Scala Map keeps that order, Jackson writes
    // Map("topic", "partition", "replicas", "log_dirs") in its insertion order.
    expect(await text(await h.session(), '/brokers/topics/t')).toBe(
      '{"version":2,"partitions":{"1":[1,2],"0":[0,1]},"adding_replicas":{},"removing_replicas":{}}',
    );
    expect(out.slice(0, 4)).toEqual([
      'Current partition replica assignment',
      '{"version":1,"partitions":[{"topic":"t","partition":1,"replicas":[1,2],"log_dirs":["any","any"]},{"topic":"t","partition":0,"replicas":[0,1],"log_dirs":["any","any"]}]}',
      '',
      'Proposed partition reassignment configuration',
    ]);
    expect(out).toHaveLength(5);
    // Proposed: AdminUtils over brokers 1,2 (random start), in a Scala 2.12 mutable.HashMap's order: t-1 before t-0.
    expect(out[4]).toMatch(
      /^\{"version":1,"partitions":\[\{"topic":"t","partition":1,"replicas":\[(1,2|2,1)\],"log_dirs":\["any","any"\]\},\{"topic":"t","partition":0,"replicas":\[(1,2|2,1)\],"log_dirs":\["any","any"\]\}\]\}$/,
    );
    const proposed = JSON.parse(out[4]) as { partitions: Array<{ replicas: number[] }> };
    expect(proposed.partitions[0].replicas).not.toEqual(proposed.partitions[1].replicas);
    const missing = await runZkTool(h, 'kafka-reassign-partitions', ...ZK, '--generate', '--topics-to-move-json-file', topics);
    expect([missing.code, lines(missing.stderr)[0]]).toEqual([
      1,
      'If --generate option is used, command must include both --topics-to-move-json-file and --broker-list options',
    ]);
  });

  it('kafka-reassign-partitions --execute --throttle writes the throttles and /admin/reassign_partitions; the reassignment completes; --verify removes the throttles', async () => {
    const zk = await h.session();
    const plan = file('plan.json', '{"version":1,"partitions":[{"topic":"t","partition":0,"replicas":[2,1]}]}');
    const run = await runZkTool(
      h,
      'kafka-reassign-partitions',
      ...ZK,
      '--execute',
      '--reassignment-json-file',
      plan,
      '--throttle',
      '50000000',
    );
    const out = lines(run.stdout);
    expect(out.slice(0, 2)).toEqual(['Current partition replica assignment', '']);
    expect(out.slice(3)).toEqual([
      '',
      'Save this to use as the --reassignment-json-file option during rollback',
      'Warning: You must run Verify periodically, until the reassignment completes, to ensure the throttle is removed. You can also alter the throttle by rerunning the Execute command passing a new value.',
      'The inter-broker throttle limit was set to 50000000 B/s',
      'Successfully started reassignment of partitions.',
    ]);
    const topicConfig = JSON.parse((await text(zk, '/config/topics/t'))!).config as Record<string, string>;
    expect(topicConfig).toEqual({
      'retention.ms': '1000',
      'leader.replication.throttled.replicas': '0:0,0:1',
      'follower.replication.throttled.replicas': '0:2',
    });
    for (const id of [0, 1, 2]) {
      const brokerConfig = JSON.parse((await text(zk, `/config/brokers/${id}`))!).config as Record<string, string>;
      expect(brokerConfig['leader.replication.throttled.rate']).toBe('50000000');
      expect(brokerConfig['follower.replication.throttled.rate']).toBe('50000000');
    }
    await h.advance(5000);
    expect(await zk.exists('/admin/reassign_partitions')).toBeNull();
    expect(JSON.parse((await text(zk, '/brokers/topics/t'))!).partitions['0']).toEqual([2, 1]);

    const verify = await runZkTool(h, 'kafka-reassign-partitions', ...ZK, '--verify', '--reassignment-json-file', plan);
    expect(lines(verify.stdout)).toEqual([
      'Status of partition reassignment: ',
      'Reassignment of partition t-0 completed successfully',
      'Throttle was removed.',
    ]);
    expect(await text(zk, '/config/topics/t')).toBe('{"version":1,"config":{"retention.ms":"1000"}}');
    expect(await text(zk, '/config/brokers/2')).toBe('{"version":1,"config":{}}');

    // While the controller's requests to broker 0 are held up the reassignment stays in progress:
    // --verify says so and keeps the throttles; --execute meanwhile only changes the running one's throttle.
    h.cluster.faults.set(0, { kind: 'delay', delayMs: 30_000 });
    const toStopped = file('stopped.json', '{"version":1,"partitions":[{"topic":"t","partition":1,"replicas":[0,1]}]}');
    const started = await runZkTool(
      h,
      'kafka-reassign-partitions',
      ...ZK,
      '--execute',
      '--reassignment-json-file',
      toStopped,
      '--throttle',
      '1000',
    );
    expect(lines(started.stdout).slice(-1)).toEqual(['Successfully started reassignment of partitions.']);
    expect(JSON.parse((await text(zk, '/config/topics/t'))!).config).toEqual({
      'retention.ms': '1000',
      'leader.replication.throttled.replicas': '1:1,1:2',
      'follower.replication.throttled.replicas': '1:0',
    });
    const pending = await runZkTool(h, 'kafka-reassign-partitions', ...ZK, '--verify', '--reassignment-json-file', toStopped);
    expect(lines(pending.stdout)).toEqual(['Status of partition reassignment: ', 'Reassignment of partition t-1 is still in progress']);
    const again = await runZkTool(
      h,
      'kafka-reassign-partitions',
      ...ZK,
      '--execute',
      '--reassignment-json-file',
      toStopped,
      '--throttle',
      '2000',
    );
    expect(lines(again.stdout)).toEqual(['There is an existing assignment running.']);
    expect(JSON.parse((await text(zk, '/config/brokers/1'))!).config['leader.replication.throttled.rate']).toBe('2000');
    h.cluster.faults.set(0, null);
    await h.advance(40_000);
    const finished = await runZkTool(h, 'kafka-reassign-partitions', ...ZK, '--verify', '--reassignment-json-file', toStopped);
    expect(lines(finished.stdout)).toEqual([
      'Status of partition reassignment: ',
      'Reassignment of partition t-1 completed successfully',
      'Throttle was removed.',
    ]);
    const wrong = file('wrong.json', '{"version":1,"partitions":[{"topic":"t","partition":1,"replicas":[2,1]}]}');
    expect(lines((await runZkTool(h, 'kafka-reassign-partitions', ...ZK, '--verify', '--reassignment-json-file', wrong)).stdout)[1]).toBe(
      'Reassignment of partition t-1 failed',
    );

    const bad = file('bad.json', '{"version":1,"partitions":[{"topic":"t","partition":9,"replicas":[0]}]}');
    const failed = await runZkTool(h, 'kafka-reassign-partitions', ...ZK, '--execute', '--reassignment-json-file', bad);
    expect([failed.code, lines(failed.stdout)]).toEqual([
      0,
      [
        'Partitions reassignment failed due to The proposed assignment contains non-existent partitions: ArrayBuffer(t-9)',
        'kafka.common.AdminCommandFailedException: The proposed assignment contains non-existent partitions: ArrayBuffer(t-9)',
      ],
    ]);
    const logDirs = file('dirs.json', '{"version":1,"partitions":[{"topic":"t","partition":1,"replicas":[1,2],"log_dirs":["/x","any"]}]}');
    const noBootstrap = await runZkTool(
      h,
      'kafka-reassign-partitions',
      ...ZK,
      '--execute',
      '--reassignment-json-file',
      logDirs,
      '--replica-alter-log-dirs-throttle',
      '1000',
    );
    // As 2.5 does, the throttle is written before the log dirs are refused.
    expect(lines(noBootstrap.stdout).slice(-3, -2)).toEqual(['The replica-alter-dir throttle limit was set to 1000 B/s']);
    expect(JSON.parse((await text(zk, '/config/brokers/1'))!).config['replica.alter.log.dirs.io.max.bytes.per.second']).toBe('1000');
    expect(lines(noBootstrap.stdout).slice(-2)).toEqual([
      'Partitions reassignment failed due to bootstrap-server needs to be provided in order to reassign replica to the specified log directory',
      'kafka.common.AdminCommandFailedException: bootstrap-server needs to be provided in order to reassign replica to the specified log directory',
    ]);
  });

  it('kafka-preferred-replica-election writes /admin/preferred_replica_election, with and without --path-to-json-file, and the controller elects', async () => {
    // Partition 0's preferred leader is broker 2 after the reassignment; make broker 1 lead it.
    await h.cluster.shutdownBroker(2);
    await h.advance(1000);
    await h.cluster.startBroker(2);
    await h.advance(1000);
    expect(controllerOf(h).context.partitionLeadershipInfo.get(tp('t', 0))?.leaderAndIsr.leader).toBe(1);
    const json = file('election.json', '{"partitions":[{"topic":"t","partition":0},{"topic":"t","partition":7}]}');
    const run = await runZkTool(h, 'kafka-preferred-replica-election', ...ZK, '--path-to-json-file', json);
    expect([run.code, lines(run.stdout)]).toEqual([
      0,
      [
        'This tool is deprecated. Please use kafka-leader-election tool. Tracking issue: KAFKA-8405',
        ...DEPRECATED,
        'Created preferred replica election path with t-0',
        'Successfully started preferred replica election for partitions Set(t-0)',
        "Skipping preferred replica leader election for partition t-7 since it doesn't exist.",
      ],
    ]);
    await h.advance(1000);
    expect(controllerOf(h).context.partitionLeadershipInfo.get(tp('t', 0))?.leaderAndIsr.leader).toBe(2);
    const zk = await h.session();
    expect(await zk.exists('/admin/preferred_replica_election')).toBeNull();

    const all = await runZkTool(h, 'kafka-preferred-replica-election', ...ZK);
    expect(lines(all.stdout).slice(3)).toEqual([
      'Created preferred replica election path with t-0,t-1',
      'Successfully started preferred replica election for partitions Set(t-0, t-1)',
    ]);
    const neither = await runZkTool(h, 'kafka-preferred-replica-election', '--path-to-json-file', json);
    expect([neither.code, lines(neither.stderr)[0]]).toEqual([1, "Exactly one of '[bootstrap-server]' or '[zookeeper]' must be provided"]);
  });
});
