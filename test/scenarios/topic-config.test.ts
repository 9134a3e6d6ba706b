import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { LogLine } from '../../src-main/core/common/logging';
import type { ClusterAdmin, TopicResult } from '../../src-main/core/cluster/cluster-admin';
import { CreateMode } from '../../src-main/core/zookeeper';
import { ClusterHarness } from '../support/cluster-harness';
import { ZnodeReader } from '../support/controller-scenario';
import { ScenarioSteps } from '../support/scenario-steps';
import {
  adminOf,
  controllerEvents,
  CREATE,
  drive,
  enc,
  killAndExpire,
  linesSince,
  stateJson,
  topic,
  topicZnode,
  txns,
} from '../support/scenario';

const CHANGES = '/config/changes';
const change = (n: number) => `${CHANGES}/config_change_${String(n).padStart(10, '0')}`;

/** Full log lines (level, logger, throwable) of one broker since `from`. */
function logLinesSince(h: ClusterHarness, from: number, brokerId: number): LogLine[] {
  const out: LogLine[] = [];
  for (const e of h.events.slice(from)) if (e.kind === 'log' && e.brokerId === brokerId) out.push(e.line);
  return out;
}

/** The dynamic config manager's and listener's lines of one broker since `from`. */
function configLines(h: ClusterHarness, from: number, brokerId: number): string[] {
  return logLinesSince(h, from, brokerId)
    .filter((l) => /ZkNodeChangeNotificationListener|DynamicConfigManager|ConfigHandler|ClientQuotaManager/.test(l.logger))
    .map((l) => `${l.level} ${l.message}${l.throwable === undefined ? '' : ` | ${l.throwable}`} (${l.logger})`);
}

/** One `it` per step. */
describe('AlterConfigs writes /config/topics/<t> and config_change_0000000000; every broker re-reads it and updates its logs; the active controller is told about unclean election; DescribeConfigs shows TOPIC_CONFIG', () => {
  interface AlterConfigs {
    h: ClusterHarness;
    admin: ClusterAdmin;
    zk: ZnodeReader;
    created: string;
    /** Before the first AlterConfigs, and what it answered. */
    mark: number;
    first: TopicResult | null;
    /** Before the second AlterConfigs, and what it answered. */
    second: number;
    secondErrorName: string;
    validateOnlyErrorName: string;
  }
  let h: ClusterHarness | undefined;
  afterAll(async () => h?.close());
  const scenario = new ScenarioSteps<AlterConfigs, 'topic created' | 'altered' | 'altered again' | 'validated only'>(async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 701 });
    return {
      h,
      admin: adminOf(h),
      zk: await ZnodeReader.open(h),
      created: '',
      mark: 0,
      first: null,
      second: 0,
      secondErrorName: '',
      validateOnlyErrorName: '',
    };
  }, [
    [
      'topic created',
      async (s) => {
        s.created = (await drive(s.h, s.admin.createTopics([topic('t', { partitions: 3, rf: 3 })], CREATE)))[0].errorName;
      },
    ],
    [
      'altered',
      async (s) => {
        s.mark = s.h.events.length;
        s.first = await s.admin.alterTopicConfig('t', { 'retention.ms': '3600000', 'unclean.leader.election.enable': 'true' }, false);
        await s.h.settle();
      },
    ],
    [
      'altered again',
      async (s) => {
        // AlterConfigs replaces the whole set: retention.ms goes back to the broker's value everywhere.
        s.second = s.h.events.length;
        s.secondErrorName = (await s.admin.alterTopicConfig('t', { 'retention.ms': '60000' }, false)).errorName;
        await s.h.settle();
      },
    ],
    [
      'validated only',
      async (s) => {
        s.validateOnlyErrorName = (await s.admin.alterTopicConfig('t', { 'retention.ms': '1' }, true)).errorName;
        await s.h.settle();
      },
    ],
  ]);

  it('before any AlterConfigs there is no notification and no broker has processed one', async () => {
    const { h, zk, created } = await scenario.reach('topic created');
    expect(created).toBe('NONE');
    expect([...(await zk.children(CHANGES))].sort()).toEqual([]);
    for (const id of [0, 1, 2]) expect(h.cluster.broker(id).dynamicConfigManager?.lastProcessedChange).toBe(-1n);
  });

  it('AlterConfigs writes the entity znode first, then the sequential notification naming it', async () => {
    const { h, zk, mark, first } = await scenario.reach('altered');
    expect(first).toEqual({ name: 't', errorCode: 0, errorName: 'NONE', errorMessage: null });
    // The entity znode first, then the sequential notification naming it.
    expect(JSON.parse((await zk.text('/config/topics/t')) as string)).toEqual({
      version: 1,
      config: { 'retention.ms': '3600000', 'unclean.leader.election.enable': 'true' },
    });
    expect([...(await zk.children(CHANGES))].sort()).toEqual(['config_change_0000000000']);
    expect(await zk.text(change(0))).toBe('{"version":2,"entity_path":"topics/t"}');
    const writes = txns(h, mark)
      .filter((t) => t.op !== 'createSession')
      .map((t) => `${t.op} ${t.path ?? ''} ${t.err}`);
    expect(writes).toEqual(['setData /config/topics/t 0', 'create /config/changes/config_change_ 0']);
  });

  it("every broker processes the notification in Kafka's words and applies the override to its logs of the topic", async () => {
    const { h, mark } = await scenario.reach('altered');
    for (const id of [0, 1, 2]) {
      // Each broker: one round for the child change; Kafka's words (Scala 2.12's Map, keys in its hash order).
      expect(configLines(h, mark, id)).toEqual([
        'INFO Processing notification(s) to /config/changes (kafka.common.ZkNodeChangeNotificationListener)',
        'INFO Processing override for entityPath: topics/t with config: Map(retention.ms -> 3600000, unclean.leader.election.enable -> true) (kafka.server.DynamicConfigManager)',
        `DEBUG Removing leader.replication.throttled.replicas from broker ${id} for topic t (kafka.server.TopicConfigHandler)`,
        `DEBUG Removing follower.replication.throttled.replicas from broker ${id} for topic t (kafka.server.TopicConfigHandler)`,
      ]);
      expect(h.cluster.broker(id).dynamicConfigManager?.lastProcessedChange).toBe(0n);
      const logs = h.cluster.broker(id).logManager!.logsByTopic('t');
      expect(logs.map((l) => l.partitionName).sort()).toEqual(['t-0', 't-1', 't-2']);
      for (const log of logs) {
        expect(log.config.originals.get('retention.ms')).toBe('3600000');
        expect(log.config.originals.get('unclean.leader.election.enable')).toBe('true');
        expect([...log.config.overriddenConfigs].sort()).toEqual(['retention.ms', 'unclean.leader.election.enable']);
        // Untouched keys keep the broker's defaults.
        expect(log.config.segmentSize).toBe(1073741824);
      }
    }
  });

  it('only the active controller acts on the unclean enable; with every partition online nothing changes', async () => {
    const { h, mark } = await scenario.reach('altered');
    // Only the active controller (broker 0) acts on the unclean enable; all partitions are online, so nothing changes.
    expect(controllerEvents(h, 0, mark)).toEqual(['TopicUncleanLeaderElectionEnable']);
    expect(controllerEvents(h, 1, mark)).toEqual([]);
    expect(linesSince(h, mark, 'controller.log', 0)).toEqual(['[Controller id=0] Unclean leader election has been enabled for topic t']);
    expect(linesSince(h, mark, 'state-change.log', 0)).toEqual([]);
  });

  it('DescribeConfigs after the alter shows the overrides as TOPIC_CONFIG and the rest as DEFAULT_CONFIG', async () => {
    const { admin } = await scenario.reach('altered');
    const described = new Map((await admin.describeTopicConfig('t')).map((e) => [e.name, e]));
    expect(described.get('retention.ms')).toMatchObject({ value: '3600000', source: 'TOPIC_CONFIG' });
    expect(described.get('retention.ms')?.synonyms[0]).toEqual({ name: 'retention.ms', value: '3600000', source: 'TOPIC_CONFIG' });
    expect(described.get('unclean.leader.election.enable')).toMatchObject({ value: 'true', source: 'TOPIC_CONFIG' });
    expect(described.get('segment.bytes')).toMatchObject({ value: '1073741824', source: 'DEFAULT_CONFIG' });
  });

  it("a second AlterConfigs replaces the whole set: the dropped key goes back to the broker's value everywhere, the controller is not told", async () => {
    const { h, admin, zk, second, secondErrorName } = await scenario.reach('altered again');
    expect(secondErrorName).toBe('NONE');
    expect([...(await zk.children(CHANGES))].sort()).toEqual(['config_change_0000000000', 'config_change_0000000001']);
    for (const id of [0, 1, 2]) {
      expect(configLines(h, second, id).slice(0, 2)).toEqual([
        'INFO Processing notification(s) to /config/changes (kafka.common.ZkNodeChangeNotificationListener)',
        'INFO Processing override for entityPath: topics/t with config: Map(retention.ms -> 60000) (kafka.server.DynamicConfigManager)',
      ]);
      for (const log of h.cluster.broker(id).logManager!.logsByTopic('t')) {
        expect(log.config.originals.get('retention.ms')).toBe('60000');
        expect(log.config.originals.get('unclean.leader.election.enable')).toBe(false);
      }
    }
    // unclean.leader.election.enable is no longer true: the controller is not told.
    expect(controllerEvents(h, 0, second)).toEqual([]);
    const again = new Map((await admin.describeTopicConfig('t')).map((e) => [e.name, e]));
    expect(again.get('retention.ms')).toMatchObject({ value: '60000', source: 'TOPIC_CONFIG' });
    expect(again.get('unclean.leader.election.enable')).toMatchObject({ value: 'false', source: 'DEFAULT_CONFIG' });
  });

  it('validateOnly writes nothing and notifies nobody', async () => {
    const { zk, validateOnlyErrorName } = await scenario.reach('validated only');
    expect(validateOnlyErrorName).toBe('NONE');
    expect([...(await zk.children(CHANGES))].sort()).toEqual(['config_change_0000000000', 'config_change_0000000001']);
  });
});

// ZooKeeper lists children in its HashSet order, not sorted: the test compares the set of notifications.
describe('dynamic topic configs (DynamicConfigManager)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('an offline partition whose ISR is all dead elects an out-of-sync live replica once unclean.leader.election.enable is set on the topic', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 702, brokerConfig: { 'auto.leader.rebalance.enable': 'false' } });
    const admin = adminOf(h);
    const zk = await ZnodeReader.open(h);
    await zk.write('/brokers/topics/u', topicZnode({ 0: [1, 2] }));
    await h.settle();
    expect(await zk.stateText('u', 0)).toBe(stateJson(1, 1, 0, [1, 2]));

    // Broker 2 dies (leaves the ISR), then broker 1, the last ISR member: no leader, ISR [1].
    await killAndExpire(h, 2);
    expect(await zk.stateText('u', 0)).toBe(stateJson(1, 1, 1, [1]));
    await killAndExpire(h, 1);
    expect(await zk.stateText('u', 0)).toBe(stateJson(1, -1, 2, [1]));
    // Broker 2 comes back: it is live but not in the ISR, and unclean election is off.
    await h.cluster.startBroker(2);
    await h.settle();
    expect(await zk.stateText('u', 0)).toBe(stateJson(1, -1, 2, [1]));

    const mark = h.events.length;
    expect((await admin.alterTopicConfig('u', { 'unclean.leader.election.enable': 'true' }, false)).errorName).toBe('NONE');
    await h.settle();

    // Broker 2, the first live replica of the assignment, is elected with an ISR of itself.
    expect(await zk.stateText('u', 0)).toBe(stateJson(1, 2, 3, [2]));
    expect(controllerEvents(h, 0, mark)).toContain('TopicUncleanLeaderElectionEnable');
    expect(linesSince(h, mark, 'controller.log', 0)).toContain('[Controller id=0] Unclean leader election has been enabled for topic u');
    expect(linesSince(h, mark, 'state-change.log', 0)).toContain(
      '[Controller id=0 epoch=1] Changed partition u-0 from OfflinePartition to OnlinePartition with state LeaderAndIsr(leader=2, leaderEpoch=3, isr=List(2), zkVersion=3)',
    );
    expect(h.cluster.broker(2).replicaManager?.getPartition({ topic: 'u', partition: 0 })).toMatchObject({ leader: 2, leaderEpoch: 3 });
    // Broker 2's own log of u-0 runs with the new config too.
    expect(
      h.cluster.broker(2).logManager!.getLog({ topic: 'u', partition: 0 })?.config.originals.get('unclean.leader.election.enable'),
    ).toBe('true');
  });

  it('notifications are purged by the next round that starts more than 15 minutes after their creation (ctime), not by the clock alone', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 703 });
    const admin = adminOf(h);
    const zk = await ZnodeReader.open(h);
    expect((await drive(h, admin.createTopics([topic('p', { partitions: 1, rf: 3 })], CREATE)))[0].errorName).toBe('NONE');
    const alter = async (ms: string) => {
      expect((await admin.alterTopicConfig('p', { 'retention.ms': ms }, false)).errorName).toBe('NONE');
      await h.settle();
    };

    await alter('1000');
    const created = (await zk.zk.exists(change(0)))!.ctime;
    expect(created).toBe(h.time.nowMs());

    // Exactly 15 minutes later a new change: 900000 ms is not more than changeExpirationMs.
    await h.advance(created + 900_000 - h.time.nowMs());
    await alter('2000');
    expect([...(await zk.children(CHANGES))].sort()).toEqual(['config_change_0000000000', 'config_change_0000000001']);

    // One millisecond more: the next round purges notification 0.
    await h.advance(1);
    const mark = h.events.length;
    await alter('3000');
    expect([...(await zk.children(CHANGES))].sort()).toEqual(['config_change_0000000001', 'config_change_0000000002']);
    const deletes = txns(h, mark).filter((t) => t.op === 'delete' && t.path === change(0));
    expect(deletes.filter((t) => t.err === 0)).toHaveLength(1);
    for (const id of [0, 1, 2])
      expect(h.cluster.broker(id).logManager!.logsByTopic('p')[0].config.originals.get('retention.ms')).toBe('3000');
    const purging = [0, 1, 2].flatMap((id) => logLinesSince(h, mark, id).filter((l) => l.message.startsWith('Purging')));
    expect(purging.length).toBeGreaterThanOrEqual(1);
    expect(purging[0]).toEqual({
      file: 'server.log',
      level: 'DEBUG',
      logger: 'kafka.common.ZkNodeChangeNotificationListener',
      message: 'Purging change notification /config/changes/config_change_0000000000',
    });

    // Time alone purges nothing: no round runs without a child change.
    await h.advance(16 * 60_000);
    expect([...(await zk.children(CHANGES))].sort()).toEqual(['config_change_0000000001', 'config_change_0000000002']);
    await alter('4000');
    expect([...(await zk.children(CHANGES))].sort()).toEqual(['config_change_0000000003']);
  });

  it("a starting broker processes every notification still there; malformed ones are logged in Kafka's words and skipped; other entity types are ignored, saying so", async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 704 });
    const admin = adminOf(h);
    const zk = await ZnodeReader.open(h);
    expect((await drive(h, admin.createTopics([topic('s', { partitions: 1, rf: 3 })], CREATE)))[0].errorName).toBe('NONE');
    await drive(h, h.cluster.shutdownBroker(2));

    // Notifications written by hand while broker 2 is down (with the same entity znode the admin would write).
    await zk.zk.setData('/config/topics/s', enc('{"version":1,"config":{"retention.ms":"5000"}}'));
    const notify = async (data: string | null) =>
      zk.zk.create(`${CHANGES}/config_change_`, data === null ? null : enc(data), { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    const mark = h.events.length;
    await notify('{"version":2,"entity_path":"groups/g"}');
    await notify('not json');
    await notify(null);
    await notify('{"version":2,"entity_path":"topics"}');
    await notify('{"version":1,"entity_type":"topics","entity_name":"s"}');
    await notify('{"version":2,"entity_path":"clients/app-1"}');
    await h.settle();

    const expected = (id: number) => [
      'INFO Processing notification(s) to /config/changes (kafka.common.ZkNodeChangeNotificationListener)',
      'ERROR error processing change notification {"version":2,"entity_path":"groups/g"} from /config/changes/config_change_0000000000 | ' +
        "java.lang.IllegalArgumentException: Version 2 config change notification must have 'entity_path' starting with one of 'topics'/, 'clients'/, 'users'/, 'brokers'/. Received: {\"version\":2,\"entity_path\":\"groups/g\"} (kafka.common.ZkNodeChangeNotificationListener)",
      'WARN read null data from /config/changes/config_change_0000000002 (kafka.common.ZkNodeChangeNotificationListener)',
      'ERROR error processing change notification {"version":2,"entity_path":"topics"} from /config/changes/config_change_0000000003 | java.lang.StringIndexOutOfBoundsException: String index out of range: -1 (kafka.common.ZkNodeChangeNotificationListener)',
      'INFO Processing override for entityType: topics, entity: s with config: {retention.ms=5000} (kafka.server.DynamicConfigManager)',
      `DEBUG Removing leader.replication.throttled.replicas from broker ${id} for topic s (kafka.server.TopicConfigHandler)`,
      `DEBUG Removing follower.replication.throttled.replicas from broker ${id} for topic s (kafka.server.TopicConfigHandler)`,
      'INFO Processing override for entityPath: clients/app-1 with config: Map() (kafka.server.DynamicConfigManager)',
      // ClientIdConfigHandler: a client's config without quotas removes them (one line per quota type).
      'INFO Removing Produce quota for client-id app-1 (kafka.server.ClientQuotaManager)',
      'INFO Removing Fetch quota for client-id app-1 (kafka.server.ClientQuotaManager)',
      'INFO Removing Request quota for client-id app-1 (kafka.server.ClientQuotaManager)',
    ];
    // The running brokers see the six notifications one round at a time (one round per child change).
    for (const id of [0, 1]) {
      const lines = configLines(h, mark, id).filter((l) => !l.startsWith('INFO Processing notification(s)'));
      expect(lines).toEqual(expected(id).slice(1));
      expect(h.cluster.broker(id).logManager!.logsByTopic('s')[0].config.originals.get('retention.ms')).toBe('5000');
    }
    // The non-JSON notification is reported as a malformed znode, and Kafka reads nothing from it.
    expect(h.events.some((e) => e.kind === 'znode-problem' && e.path === change(1) && e.kafkaReading === 'treats-as-empty')).toBe(true);

    // Broker 2 starts: its first round (at startup) takes all six at once.
    const start = h.events.length;
    await h.cluster.startBroker(2);
    await h.settle();
    // Startup also applies every topic's config to its handler, alongside the first round (Kafka runs
    // that round on the listener's own thread): two more throttle lines for topic s.
    const throttleLines = (l: string) => l.startsWith('DEBUG Removing');
    const lines = configLines(h, start, 2);
    expect(lines.filter((l) => !throttleLines(l))).toEqual(expected(2).filter((l) => !throttleLines(l)));
    expect(lines.filter(throttleLines)).toHaveLength(4);
    expect(h.cluster.broker(2).dynamicConfigManager?.lastProcessedChange).toBe(5n);
    expect(h.cluster.broker(2).logManager!.logsByTopic('s')[0].config.originals.get('retention.ms')).toBe('5000');
  });

  it('a stored value Kafka cannot parse fails the handler with its ConfigException; the logs keep their config', async () => {
    h = await ClusterHarness.create({ brokers: 1, seed: 705, brokerConfig: { 'offsets.topic.replication.factor': '1' } });
    const admin = adminOf(h);
    const zk = await ZnodeReader.open(h);
    expect(
      (await drive(h, admin.createTopics([topic('v', { partitions: 1, rf: 1, configs: { 'retention.ms': '1000' } })], CREATE)))[0]
        .errorName,
    ).toBe('NONE');
    await zk.zk.setData('/config/topics/v', enc('{"version":1,"config":{"retention.ms":"soon"}}'));
    const mark = h.events.length;
    await zk.zk.create(`${CHANGES}/config_change_`, enc('{"version":2,"entity_path":"topics/v"}'), {
      mode: CreateMode.PERSISTENT_SEQUENTIAL,
    });
    await h.settle();
    expect(configLines(h, mark, 0)).toEqual([
      'INFO Processing notification(s) to /config/changes (kafka.common.ZkNodeChangeNotificationListener)',
      'INFO Processing override for entityPath: topics/v with config: Map(retention.ms -> soon) (kafka.server.DynamicConfigManager)',
      'ERROR error processing change notification {"version":2,"entity_path":"topics/v"} from /config/changes/config_change_0000000000 | ' +
        'org.apache.kafka.common.config.ConfigException: Invalid value soon for configuration retention.ms: Not a number of type LONG (kafka.common.ZkNodeChangeNotificationListener)',
    ]);
    expect(h.cluster.broker(0).logManager!.logsByTopic('v')[0].config.originals.get('retention.ms')).toBe('1000');
    expect(h.cluster.broker(0).dynamicConfigManager?.lastProcessedChange).toBe(0n);
  });
});
