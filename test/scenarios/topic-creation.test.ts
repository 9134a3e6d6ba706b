import { afterEach, describe, expect, it } from 'vitest';
import { validateCreateTopicOptions } from '../../src-main/core/admin/topic-command';
import { ConfigEntityZNode } from '../../src-main/core/kafka-zk/config-znodes';
import { ClusterHarness } from '../support/cluster-harness';
import {
  adminOf,
  controllerOf,
  CREATE,
  dec,
  linesSince,
  mark,
  requestsSince,
  stateJson,
  text,
  topic,
  tp,
  zkWritesSince,
} from '../support/scenario';
import { expectFreshLog, leaderAndIsrSince, partitionDirs } from '../support/topic-scenario';

describe('topic creation (C1-C3)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('C1: CreateTopics checks RF, partitions, names, collisions, existence and configs as Kafka, takes the controller defaults, and validateOnly writes nothing', async () => {
    const seed = 101;
    const m = `seed ${seed}`;
    // Broker 0 starts first and becomes the controller; its defaults differ from the others'.
    h = await ClusterHarness.create({ brokers: 0, start: false, seed });
    for (let id = 0; id < 3; id++) {
      const config =
        id === 0
          ? { 'num.partitions': '3', 'default.replication.factor': '2' }
          : { 'num.partitions': '5', 'default.replication.factor': '1' };
      h.cluster.addBroker({ ...h.definition(id), config });
      await h.cluster.startBroker(id);
      await h.settle();
    }
    expect(controllerOf(h).config.brokerId, m).toBe(0);
    const admin = adminOf(h);
    const zk = await h.session();

    // kafka-topics.sh refuses an RF outside 1..32767 before sending anything.
    expect(() => validateCreateTopicOptions({ replicationFactor: 32768 }), m).toThrow(
      'The replication factor must be between 1 and 32767 inclusive',
    );
    expect(() => validateCreateTopicOptions({ replicationFactor: 0 }), m).toThrow(
      'The replication factor must be between 1 and 32767 inclusive',
    );
    expect(() => validateCreateTopicOptions({ partitions: 0 }), m).toThrow('The partitions must be greater than 0');

    const before = mark(h);
    const longName = 'x'.repeat(250);
    const results = await admin.createTopics(
      [
        topic('rf-too-big', { partitions: 1, rf: 4 }),
        topic('rf-max', { partitions: 1, rf: 32767 }),
        topic('rf-zero', { partitions: 1, rf: 0 }),
        topic('no-partitions', { partitions: 0, rf: 1 }),
        topic('bad name!', { partitions: 1, rf: 1 }),
        topic('..', { partitions: 1, rf: 1 }),
        topic(longName, { partitions: 1, rf: 1 }),
        { ...topic('both', { assignment: [[0]] }), numPartitions: 1 },
        topic('bad-config', { partitions: 1, rf: 1, configs: { 'cleanup.policy': 'bogus' } }),
        topic('unknown-config', { partitions: 1, rf: 1, configs: { 'no.such.config': '1' } }),
      ],
      CREATE,
    );
    expect(
      results.map((r) => [r.name === longName ? 'long' : r.name, r.errorName, r.errorMessage]),
      m,
    ).toEqual([
      ['rf-too-big', 'INVALID_REPLICATION_FACTOR', 'Replication factor: 4 larger than available brokers: 3.'],
      ['rf-max', 'INVALID_REPLICATION_FACTOR', 'Replication factor: 32767 larger than available brokers: 3.'],
      ['rf-zero', 'INVALID_REPLICATION_FACTOR', 'Replication factor must be larger than 0.'],
      ['no-partitions', 'INVALID_PARTITIONS', 'Number of partitions must be larger than 0.'],
      [
        'bad name!',
        'INVALID_TOPIC_EXCEPTION',
        `Topic name "bad name!" is illegal, it contains a character other than ASCII alphanumerics, '.', '_' and '-'`,
      ],
      ['..', 'INVALID_TOPIC_EXCEPTION', 'Topic name cannot be "." or ".."'],
      ['long', 'INVALID_TOPIC_EXCEPTION', `Topic name is illegal, it can't be longer than 249 characters, topic name: ${longName}`],
      [
        'both',
        'INVALID_REQUEST',
        'Both numPartitions or replicationFactor and replicasAssignments were set. Both cannot be used at the same time.',
      ],
      ['bad-config', 'INVALID_CONFIG', 'Invalid value bogus for configuration cleanup.policy: String must be one of: compact, delete'],
      ['unknown-config', 'INVALID_CONFIG', 'Unknown topic config name: no.such.config'],
    ]);
    expect(
      results.map((r) => r.errorCode),
      m,
    ).toEqual([38, 38, 38, 37, 17, 17, 17, 42, 40, 40]);
    // Nothing was written for any of them.
    expect(zkWritesSince(h, before), m).toEqual([]);

    // validateOnly: the same checks, and no write at all.
    const dry = mark(h);
    expect(
      await admin.createTopics([topic('dry-run', { partitions: 2, rf: 2 }), topic('dry-bad', { partitions: 2, rf: 4 })], {
        timeoutMs: 30000,
        validateOnly: true,
      }),
      m,
    ).toMatchObject([
      { name: 'dry-run', errorCode: 0, errorName: 'NONE', errorMessage: null },
      {
        name: 'dry-bad',
        errorCode: 38,
        errorName: 'INVALID_REPLICATION_FACTOR',
        errorMessage: 'Replication factor: 4 larger than available brokers: 3.',
      },
    ]);
    await h.settle();
    expect(zkWritesSince(h, dry), m).toEqual([]);
    expect(await zk.exists('/brokers/topics/dry-run'), m).toBeNull();
    expect(await zk.exists('/config/topics/dry-run'), m).toBeNull();

    // Missing partitions / RF (-1) take the controller's num.partitions and default.replication.factor.
    const created = admin.createTopics([topic('defaults'), topic('metrics.in', { partitions: 1, rf: 1 })], CREATE);
    await h.settle();
    expect(
      (await created).map((r) => r.errorName),
      m,
    ).toEqual(['NONE', 'NONE']);
    const defaults = controllerOf(h).context.partitionAssignmentsForTopic('defaults');
    expect([...defaults.keys()], m).toEqual([0, 1, 2]);
    expect(
      [...defaults.values()].map((a) => a.replicas.length),
      m,
    ).toEqual([2, 2, 2]);
    for (const p of [0, 1, 2]) expect(controllerOf(h).context.partitionState(tp('defaults', p)), m).toBe('OnlinePartition');
    expect([0, 1, 2].flatMap((b) => partitionDirs(h, b, 'defaults')).sort(), m).toEqual([
      'defaults-0',
      'defaults-0',
      'defaults-1',
      'defaults-1',
      'defaults-2',
      'defaults-2',
    ]);
    for (const name of ['rf-too-big', 'rf-max', 'no-partitions', 'both', 'bad-config', 'dry-run']) {
      expect(
        [0, 1, 2].flatMap((b) => partitionDirs(h, b, name)),
        `${m} ${name}`,
      ).toEqual([]);
    }

    // Existence and '.'/'_' collisions are checked against the metadata cache and /brokers/topics.
    const again = await admin.createTopics(
      [topic('metrics.in', { partitions: 1, rf: 1 }), topic('metrics_in', { partitions: 1, rf: 1 })],
      CREATE,
    );
    expect(
      again.map((r) => [r.name, r.errorCode, r.errorName, r.errorMessage]),
      m,
    ).toEqual([
      ['metrics.in', 36, 'TOPIC_ALREADY_EXISTS', "Topic 'metrics.in' already exists."],
      ['metrics_in', 17, 'INVALID_TOPIC_EXCEPTION', "Topic 'metrics_in' collides with existing topics: metrics.in"],
    ]);
    expect((await zk.getChildren('/brokers/topics')).children.sort(), m).toEqual(['defaults', 'metrics.in']);
    expect((await zk.getChildren('/config/topics')).children.sort(), m).toEqual(['defaults', 'metrics.in']);
  });

  it('C2: /config/topics/<t> is written first (setData, NONODE, create), then /brokers/topics/<t> in the version 2 format', async () => {
    const seed = 202;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const admin = adminOf(h);
    const zk = await h.session();
    const changesBefore = (await zk.getChildren('/config/changes')).children;

    const from = mark(h);
    const configs = { 'retention.ms': '86400000', 'cleanup.policy': 'compact', 'min.insync.replicas': '2' };
    const created = admin.createTopics(
      [
        topic('orders', {
          assignment: [
            [0, 1],
            [1, 2],
            [2, 0],
          ],
          configs,
        }),
        topic('plain', { assignment: [[1]] }),
      ],
      CREATE,
    );
    await h.settle();
    expect(await created, m).toMatchObject([
      { name: 'orders', errorCode: 0, errorName: 'NONE', errorMessage: null },
      { name: 'plain', errorCode: 0, errorName: 'NONE', errorMessage: null },
    ]);
    // AdminZkClient.createTopicWithAssignment: setOrCreateEntityConfigs (setData → NONODE → create), then the topic znode.
    expect(zkWritesSince(h, from).slice(0, 6), m).toEqual([
      'setData /config/topics/orders -101',
      'create /config/topics/orders 0',
      'create /brokers/topics/orders 0',
      'setData /config/topics/plain -101',
      'create /config/topics/plain 0',
      'create /brokers/topics/plain 0',
    ]);
    expect(await text(zk, '/config/topics/orders'), m).toBe(dec(ConfigEntityZNode.encode(configs)));
    expect(JSON.parse((await text(zk, '/config/topics/orders')) as string), m).toEqual({ version: 1, config: configs });
    expect(await text(zk, '/config/topics/plain'), m).toBe('{"version":1,"config":{}}');
    expect(await text(zk, '/brokers/topics/orders'), m).toBe(
      '{"version":2,"partitions":{"2":[2,0],"1":[1,2],"0":[0,1]},"adding_replicas":{},"removing_replicas":{}}',
    );
    expect(await text(zk, '/brokers/topics/plain'), m).toBe(
      '{"version":2,"partitions":{"0":[1]},"adding_replicas":{},"removing_replicas":{}}',
    );
    for (const path of ['/config/topics/orders', '/brokers/topics/orders']) {
      const stat = (await zk.getData(path)).stat;
      expect(stat.ephemeralOwner, `${m} ${path}`).toBe(0n);
      expect(stat.version, `${m} ${path}`).toBe(0);
    }
    expect((await zk.getData('/config/topics/orders')).stat.czxid, m).toBeLessThan((await zk.getData('/brokers/topics/orders')).stat.czxid);
    // Creation is no config change: nobody is notified through /config/changes.
    expect((await zk.getChildren('/config/changes')).children, m).toEqual(changesBefore);
    const ctx = controllerOf(h).context;
    for (const p of [0, 1, 2]) expect(ctx.partitionState(tp('orders', p)), m).toBe('OnlinePartition');
    expectFreshLog(h, 0, 'orders-0', 'leader');
    expectFreshLog(h, 1, 'orders-0', 'follower');
    expectFreshLog(h, 1, 'plain-0', 'leader');
    // The brokers use the overrides: the log was created with them.
    const created0 = h
      .eventsOf('log-manager')
      .find((e) => e.brokerId === 0 && e.event.message.startsWith('Created log for partition orders-0 '));
    expect(created0?.event.message, m).toMatch(/retention\.ms -> 86400000/);
  });

  it('C3: the controller takes the new topic from /brokers/topics: partitions and replicas NonExistent→New→Online, state znodes, LeaderAndIsr, UpdateMetadata, logs on disk', async () => {
    const seed = 303;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const admin = adminOf(h);
    const zk = await h.session();
    const controller = controllerOf(h);
    expect(controller.config.brokerId, m).toBe(0);

    const from = mark(h);
    const created = admin.createTopics(
      [
        topic('c3', {
          assignment: [
            [0, 1, 2],
            [1, 2, 0],
          ],
        }),
      ],
      CREATE,
    );
    await h.settle();
    expect((await created)[0].errorName, m).toBe('NONE');

    // ZooKeeper: partitions, partitions/<p> (null data) and partitions/<p>/state.
    expect((await zk.getChildren('/brokers/topics/c3')).children, m).toEqual(['partitions']);
    expect((await zk.getChildren('/brokers/topics/c3/partitions')).children.sort(), m).toEqual(['0', '1']);
    expect((await zk.getData('/brokers/topics/c3/partitions')).data, m).toBeNull();
    expect((await zk.getData('/brokers/topics/c3/partitions/0')).data, m).toBeNull();
    expect(await text(zk, '/brokers/topics/c3/partitions/0/state'), m).toBe(stateJson(1, 0, 0, [0, 1, 2]));
    expect(await text(zk, '/brokers/topics/c3/partitions/1/state'), m).toBe(stateJson(1, 1, 0, [1, 2, 0]));
    expect((await zk.getData('/brokers/topics/c3/partitions/1/state')).stat.version, m).toBe(0);

    // The state machines.
    for (const p of [0, 1]) {
      expect(controller.context.partitionState(tp('c3', p)), m).toBe('OnlinePartition');
      for (const r of [0, 1, 2]) expect(controller.context.replicaState({ ...tp('c3', p), replica: r }), m).toBe('OnlineReplica');
    }
    const leadership = controller.context.partitionLeadershipInfo.get(tp('c3', 1));
    expect(leadership, m).toEqual({ leaderAndIsr: { leader: 1, leaderEpoch: 0, isr: [1, 2, 0], zkVersion: 0 }, controllerEpoch: 1 });

    // state-change.log: New for every partition, NewReplica, Online, OnlineReplica, in that order.
    const prefix = '[Controller id=0 epoch=1] ';
    const lines = linesSince(h, from, 'state-change.log').filter(
      (l) => l.startsWith(prefix) && /Changed (partition|state of replica)/.test(l),
    );
    const partitionLines = [
      'Changed partition c3-0 state from NonExistentPartition to NewPartition with assigned replicas 0,1,2',
      'Changed partition c3-1 state from NonExistentPartition to NewPartition with assigned replicas 1,2,0',
      'Changed partition c3-0 from NewPartition to OnlinePartition with state LeaderAndIsr(leader=0, leaderEpoch=0, isr=List(0, 1, 2), zkVersion=0)',
      'Changed partition c3-1 from NewPartition to OnlinePartition with state LeaderAndIsr(leader=1, leaderEpoch=0, isr=List(1, 2, 0), zkVersion=0)',
    ].map((l) => prefix + l);
    // Within a phase Kafka goes through the partitions in its Map's order (not checked: see the note in C6).
    const partitionChanges = lines.filter((l) => l.includes('Changed partition'));
    expect(partitionChanges.slice(0, 2).sort(), m).toEqual(partitionLines.slice(0, 2));
    expect(partitionChanges.slice(2).sort(), m).toEqual(partitionLines.slice(2));
    const replicaLine = (r: number, p: number, from: string, to: string) =>
      `${prefix}Changed state of replica ${r} for partition c3-${p} from ${from} to ${to}`;
    const toNew = [0, 1, 2].flatMap((r) => [0, 1].map((p) => replicaLine(r, p, 'NonExistentReplica', 'NewReplica')));
    const toOnline = [0, 1, 2].flatMap((r) => [0, 1].map((p) => replicaLine(r, p, 'NewReplica', 'OnlineReplica')));
    expect(lines.filter((l) => l.includes('NewReplica') && !l.includes('to OnlineReplica')).sort(), m).toEqual([...toNew].sort());
    expect(lines.filter((l) => l.includes('to OnlineReplica')).sort(), m).toEqual([...toOnline].sort());
    // Phase order: all New (partitions, then replicas) before any Online, replicas Online last.
    const at = (l: string) => lines.indexOf(l);
    expect(Math.max(...partitionLines.slice(0, 2).map(at)), m).toBeLessThan(Math.min(...toNew.map(at)));
    expect(Math.max(...toNew.map(at)), m).toBeLessThan(Math.min(...partitionLines.slice(2).map(at)));
    expect(Math.max(...partitionLines.slice(2).map(at)), m).toBeLessThan(Math.min(...toOnline.map(at)));
    for (const l of lines.filter((x) => x.includes('Changed state of replica'))) {
      expect(h.eventsOf('log').find((e) => e.line.message === l)?.line.level, m).toBe('TRACE');
    }

    // LeaderAndIsr (isNew) to every replica, once; UpdateMetadata with both partitions to every broker.
    expect(leaderAndIsrSince(h, from, 'c3').sort(), m).toEqual(
      [
        '0:c3-0 leader=0 epoch=0 isr=[0,1,2] replicas=[0,1,2] new',
        '0:c3-1 leader=1 epoch=0 isr=[1,2,0] replicas=[1,2,0] new',
        '1:c3-0 leader=0 epoch=0 isr=[0,1,2] replicas=[0,1,2] new',
        '1:c3-1 leader=1 epoch=0 isr=[1,2,0] replicas=[1,2,0] new',
        '2:c3-0 leader=0 epoch=0 isr=[0,1,2] replicas=[0,1,2] new',
        '2:c3-1 leader=1 epoch=0 isr=[1,2,0] replicas=[1,2,0] new',
      ].sort(),
    );
    const updates = requestsSince(h, from, 'UpdateMetadata').filter(({ request }) =>
      request.partitionStates.some((s) => s.topicName === 'c3'),
    );
    expect(updates.map((u) => u.to).sort(), m).toEqual([0, 1, 2]);
    for (const u of updates)
      expect(u.request.partitionStates.map((s) => `${s.topicName}-${s.partitionIndex}:${s.leader}`).sort(), m).toEqual([
        'c3-0:0',
        'c3-1:1',
      ]);
    for (const b of [0, 1, 2]) expect(h.cluster.broker(b).metadataCache.hasLeaders([tp('c3', 0), tp('c3', 1)]), m).toBe(true);

    // Each replica's broker created the log dirs; the leader wrote its epoch, the followers did not.
    for (const b of [0, 1, 2]) expect(partitionDirs(h, b, 'c3'), m).toEqual(['c3-0', 'c3-1']);
    expectFreshLog(h, 0, 'c3-0', 'leader');
    expectFreshLog(h, 1, 'c3-0', 'follower');
    expectFreshLog(h, 2, 'c3-0', 'follower');
    expectFreshLog(h, 1, 'c3-1', 'leader');
    expectFreshLog(h, 0, 'c3-1', 'follower');
    expectFreshLog(h, 2, 'c3-1', 'follower');
    const completed = linesSince(h, from, 'state-change.log').filter((l) => l.startsWith('[Broker id=2] Completed LeaderAndIsr request'));
    expect(
      completed.map((l) => l.replace(/correlationId \d+/, 'correlationId N')),
      m,
    ).toEqual([
      '[Broker id=2] Completed LeaderAndIsr request correlationId N from controller 0 epoch 1 for the become-follower transition for partition c3-0 with leader 0',
      '[Broker id=2] Completed LeaderAndIsr request correlationId N from controller 0 epoch 1 for the become-follower transition for partition c3-1 with leader 1',
    ]);
  });

  it('C3: the leader is the first live replica and only live replicas get LeaderAndIsr and a log', async () => {
    const seed = 304;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 3, seed });
    const admin = adminOf(h);
    const zk = await h.session();
    h.cluster.killBroker(2);
    await h.advance(20_000); // past zookeeper.session.timeout.ms (18 s): broker 2 is gone from /brokers/ids
    expect((await zk.getChildren('/brokers/ids')).children, m).toEqual(['0', '1']);

    const from = mark(h);
    const created = admin.createTopics(
      [
        topic('c3b', {
          assignment: [
            [2, 0, 1],
            [1, 2, 0],
          ],
        }),
      ],
      CREATE,
    );
    await h.settle();
    expect((await created)[0].errorName, m).toBe('NONE');
    expect(await text(zk, '/brokers/topics/c3b/partitions/0/state'), m).toBe(stateJson(1, 0, 0, [0, 1]));
    expect(await text(zk, '/brokers/topics/c3b/partitions/1/state'), m).toBe(stateJson(1, 1, 0, [1, 0]));
    // Replica 2 still goes NonExistent → New → Online: the replica state machine does not look at liveness here.
    const ctx = controllerOf(h).context;
    expect(ctx.replicaState({ ...tp('c3b', 0), replica: 2 }), m).toBe('OnlineReplica');
    expect(leaderAndIsrSince(h, from, 'c3b').sort(), m).toEqual(
      [
        '0:c3b-0 leader=0 epoch=0 isr=[0,1] replicas=[2,0,1] new',
        '0:c3b-1 leader=1 epoch=0 isr=[1,0] replicas=[1,2,0] new',
        '1:c3b-0 leader=0 epoch=0 isr=[0,1] replicas=[2,0,1] new',
        '1:c3b-1 leader=1 epoch=0 isr=[1,0] replicas=[1,2,0] new',
      ].sort(),
    );
    expect(
      requestsSince(h, from, 'UpdateMetadata')
        .map((u) => u.to)
        .sort(),
      m,
    ).toEqual([0, 1]);
    expectFreshLog(h, 0, 'c3b-0', 'leader');
    expectFreshLog(h, 1, 'c3b-1', 'leader');
    expect(partitionDirs(h, 2, 'c3b'), m).toEqual([]);
  });
});
