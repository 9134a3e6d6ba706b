import { afterEach, describe, expect, it } from 'vitest';
import type { ClusterEvent } from '../../src-main/core/cluster/cluster-events';
import type { ZooKeeperClient } from '../../src-main/core/zookeeper';
import { CreateMode } from '../../src-main/core/zookeeper';
import { ClusterHarness } from '../support/cluster-harness';
import {
  adminOf,
  controllerEvents,
  controllerOf,
  drive,
  enc,
  eventsSince,
  linesSince,
  linesWithThrowablesSince,
  mark,
  requestsSince,
  stateJson,
  text,
  topic,
  tp,
} from '../support/scenario';
import { partitionDirs, topicJson } from '../support/topic-scenario';

/**
 * Znodes written by hand with data Kafka 2.5 cannot read, or reads in its own way: broken JSON, wrong
 * shapes and types, negative or repeated broker ids, partitions not numbered 0..n−1, unknown
 * versions. Every one must be reported as a `znode-problem` event that names the znode and says what
 * Kafka 2.5 makes of it (`kafkaReading`), and the cluster must carry on: what was written in the same
 * moment is processed, existing partitions keep their leaders, a later valid write is processed.
 *
 * Where Kafka 2.5 fails the whole controller event (`throws`) the emulation reports the znode and
 * leaves it out instead, so that one bad znode does not stop everything else (the event says what
 * Kafka would do). Where Kafka 2.5 gets stuck in a way that does not spread — an exists-watch that is
 * not re-armed after a failed event, a batch of ISR notifications lost with a bad one — the
 * emulation gets stuck the same way, and the tests below show it.
 */

type Problem = Extract<ClusterEvent, { kind: 'znode-problem' }>;

const CREATE = { timeoutMs: 30000, validateOnly: false };
const NO_REBALANCE = { 'auto.leader.rebalance.enable': 'false' };

function problemsSince(h: ClusterHarness, from: number): Problem[] {
  return eventsSince(h, from).filter((e): e is Problem => e.kind === 'znode-problem');
}

/** The problems reported for one znode, as `reading: message`. */
function problemsAt(h: ClusterHarness, from: number, path: string): string[] {
  return [
    ...new Set(
      problemsSince(h, from)
        .filter((p) => p.path === path)
        .map((p) => `${p.kafkaReading}: ${p.message}`),
    ),
  ];
}

async function createTopic(h: ClusterHarness, name: string, assignment: number[][]): Promise<void> {
  const [result] = await adminOf(h).createTopics([topic(name, { assignment })], CREATE);
  expect(result.errorName, `seed ${h.seed}: creating ${name}`).toBe('NONE');
}

/** A state znode's text, or null when it does not exist. */
async function stateText(zk: ZooKeeperClient, name: string, partition: number): Promise<string | null> {
  const path = `/brokers/topics/${name}/partitions/${partition}/state`;
  return (await zk.exists(path)) ? text(zk, path) : null;
}

/** Deleting `/controller` by hand: every broker re-elects, the winner reads everything again (K3). */
async function forceFailover(h: ClusterHarness, zk: ZooKeeperClient): Promise<void> {
  await zk.delete('/controller', -1);
  await h.settle();
}

function registration(port: number, version = 4): string {
  return `{"listener_security_protocol_map":{"PLAINTEXT":"PLAINTEXT"},"endpoints":["PLAINTEXT://localhost:${port}"],"jmx_port":-1,"host":"localhost","timestamp":"1700000000000","port":${port},"version":${version}}`;
}

describe('malformed znodes written by hand: reported, and the cluster carries on', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('/brokers/topics/<t>: each malformed topic znode is reported and left out; a valid topic written in the same multi is created, existing leaders stay, a later valid write creates the topic', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 9101, brokerConfig: NO_REBALANCE });
    const m = `seed ${h.seed}`;
    const zk = await h.session();
    await createTopic(h, 'keep', [
      [0, 1],
      [1, 2],
    ]);
    const keepStates = [await stateText(zk, 'keep', 0), await stateText(zk, 'keep', 1)];

    const malformed: Array<[string, string, string, RegExp]> = [
      ['broken', '{"version":2,"partitions":{"0":[0]', 'treats-as-empty', /Not valid JSON: .*Kafka reads it as a topic without partitions/],
      ['shape', '{"version":2,"partitions":[[0,1]]}', 'throws', /Expected JSON object, received \[\[0,1\]\]/],
      ['types', '{"version":2,"partitions":{"0":["1"]}}', 'throws', /Expected `Int` value, received "1"/],
      ['negative', '{"version":2,"partitions":{"0":[-1,0]}}', 'accepts', /Negative broker id -1 in the replicas of partition 0/],
      ['repeated', '{"version":2,"partitions":{"0":[1,1]}}', 'accepts', /Broker 1 appears more than once in the replicas of partition 0/],
      ['future', '{"version":3,"partitions":{"0":[1]}}', 'accepts', /Unknown version 3/],
    ];
    const from = mark(h);
    await zk.multi([
      ...malformed.map(([name, json]) => ({ type: 'create' as const, path: `/brokers/topics/${name}`, data: enc(json) })),
      // Partitions 0 and 2, no 1: reported, and read as Kafka reads it (its own controller writes such gaps, A4).
      { type: 'create' as const, path: '/brokers/topics/gaps', data: enc('{"version":2,"partitions":{"0":[1],"2":[2]}}') },
      {
        type: 'create' as const,
        path: '/brokers/topics/good',
        data: enc(
          topicJson([
            [2, 0],
            [0, 1],
          ]),
        ),
      },
    ]);
    await h.settle();

    for (const [name, , reading, reason] of malformed) {
      const reported = problemsAt(h, from, `/brokers/topics/${name}`);
      expect(reported, `${m}: ${name}`).toHaveLength(1);
      expect(reported[0], `${m}: ${name}`).toMatch(new RegExp(`^${reading}: /brokers/topics/${name}: `));
      expect(reported[0], `${m}: ${name}`).toMatch(reason);
      // Known to the controller (Kafka would list it), but without partitions: nothing is created.
      expect(await zk.exists(`/brokers/topics/${name}/partitions`), `${m}: ${name}`).toBeNull();
      expect(controllerOf(h).context.partitionsForTopic(name), `${m}: ${name}`).toEqual([]);
      for (const b of [0, 1, 2]) expect(partitionDirs(h, b, name), `${m}: ${name} on broker ${b}`).toEqual([]);
    }
    expect(problemsAt(h, from, '/brokers/topics/gaps'), m).toEqual([
      'accepts: /brokers/topics/gaps: Partitions must be numbered 0 to 1 without gaps: found 0, 2 (partition 1 is missing)',
    ]);
    expect((await zk.getChildren('/brokers/topics/gaps/partitions')).children.sort(), m).toEqual(['0', '2']);
    expect(await stateText(zk, 'gaps', 2), m).toBe(stateJson(1, 2, 0, [2]));
    // The valid topic of the same multi is created as C6 has it.
    expect(await stateText(zk, 'good', 0), m).toBe(stateJson(1, 2, 0, [2, 0]));
    expect(await stateText(zk, 'good', 1), m).toBe(stateJson(1, 0, 0, [0, 1]));
    expect(partitionDirs(h, 0, 'good'), m).toEqual(['good-0', 'good-1']);
    expect([...controllerOf(h).context.allTopics].sort(), m).toEqual([
      'broken',
      'future',
      'gaps',
      'good',
      'keep',
      'negative',
      'repeated',
      'shape',
      'types',
    ]);
    // Existing partitions keep their leaders, untouched.
    expect([await stateText(zk, 'keep', 0), await stateText(zk, 'keep', 1)], m).toEqual(keepStates);
    expect(controllerOf(h).context.partitionState(tp('keep', 0)), m).toBe('OnlinePartition');

    // A later valid write to a reported topic znode is a partition modification: the partitions are created.
    const later = mark(h);
    await zk.setData('/brokers/topics/broken', enc(topicJson([[0, 2]])), -1);
    await zk.setData('/brokers/topics/repeated', enc(topicJson([[1, 2]])), -1);
    await h.settle();
    expect(await stateText(zk, 'broken', 0), m).toBe(stateJson(1, 0, 0, [0, 2]));
    expect(await stateText(zk, 'repeated', 0), m).toBe(stateJson(1, 1, 0, [1, 2]));
    expect(partitionDirs(h, 2, 'broken'), m).toEqual(['broken-0']);
    expect(problemsSince(h, later), m).toEqual([]);

    // A reported topic can be deleted like any other; nothing of it is left.
    await zk.create('/admin/delete_topics/shape', null);
    await h.settle();
    expect(await zk.exists('/brokers/topics/shape'), m).toBeNull();
    expect(await zk.exists('/admin/delete_topics/shape'), m).toBeNull();
    expect(controllerOf(h).context.allTopics.has('shape'), m).toBe(false);
  });

  it('partitions/<p>/state: malformed state znodes are read at the next failover, reported, and their partitions stay without a leader (NodeExists) until a valid state and another failover', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 9102, brokerConfig: NO_REBALANCE });
    const m = `seed ${h.seed}`;
    const zk = await h.session();
    await createTopic(h, 'orders', [
      [0, 1],
      [1, 2],
      [2, 0],
    ]);
    await createTopic(h, 'other', [[1, 0]]);
    const otherState = await stateText(zk, 'other', 0);
    const path = (p: number) => `/brokers/topics/orders/partitions/${p}/state`;
    await h.settle();

    const from = mark(h);
    await zk.setData(path(0), enc('{"controller_epoch":1,"leader":0,'), -1);
    await zk.setData(path(1), enc('{"controller_epoch":1,"leader":"one","version":1,"leader_epoch":0,"isr":[1,2]}'), -1);
    await zk.setData(path(2), enc('{"controller_epoch":1,"leader":2,"version":7,"leader_epoch":0,"isr":[2,0]}'), -1);
    await h.settle();
    // State znodes are not watched (A6): nothing reads them until a failover.
    expect(problemsSince(h, from), m).toEqual([]);
    expect(controllerEvents(h, 0, from), m).toEqual([]);

    await forceFailover(h, zk);
    const c = controllerOf(h);
    expect(problemsAt(h, from, path(0)), m).toEqual([
      'treats-as-empty: /brokers/topics/orders/partitions/0/state: Not valid JSON: Unexpected end-of-input: expected close marker for Object (line 1, column 34). Kafka reads it as a partition without leader and ISR information',
    ]);
    expect(problemsAt(h, from, path(1))[0], m).toMatch(
      /^throws: \/brokers\/topics\/orders\/partitions\/1\/state: Expected `Int` value, received "one"/,
    );
    expect(problemsAt(h, from, path(2))[0], m).toMatch(/^accepts: \/brokers\/topics\/orders\/partitions\/2\/state: Unknown version 7/);
    // Version 7 is read as Kafka reads it (it never looks at "version"): the partition keeps its leader.
    expect(c.context.partitionState(tp('orders', 2)), m).toBe('OnlinePartition');
    expect(c.context.partitionLeadershipInfo.get(tp('orders', 2))?.leaderAndIsr.leader, m).toBe(2);
    // Unreadable states count as none: the partitions are New, and creating their state znode fails,
    // as for a hand-written state znode of a new partition (A5). (For partition 1 Kafka 2.5 would fail the
    // whole failover instead — getTopicPartitionStates throws — and every broker in turn would resign.)
    for (const p of [0, 1]) {
      expect(c.context.partitionState(tp('orders', p)), `${m} orders-${p}`).toBe('NewPartition');
      expect(c.context.partitionLeadershipInfo.has(tp('orders', p)), `${m} orders-${p}`).toBe(false);
      expect(linesWithThrowablesSince(h, from, 'state-change.log', 'ERROR'), `${m} orders-${p}`).toContain(
        `[Controller id=${c.config.brokerId} epoch=2] Controller ${c.config.brokerId} epoch 2 failed to change state for partition orders-${p} from NewPartition to OnlinePartition\norg.apache.zookeeper.KeeperException$NodeExistsException: KeeperErrorCode = NodeExists`,
      );
    }
    // Nothing else is damaged.
    expect(await stateText(zk, 'other', 0), m).toBe(otherState);
    expect(c.context.partitionState(tp('other', 0)), m).toBe('OnlinePartition');

    // A valid state written later is read at the next failover.
    await zk.setData(path(0), enc(stateJson(2, 1, 1, [1, 0])), -1);
    await zk.setData(path(1), enc(stateJson(2, 2, 1, [2, 1])), -1);
    const later = mark(h);
    await forceFailover(h, zk);
    const c2 = controllerOf(h);
    expect(
      problemsSince(h, later).filter((p) => p.path !== path(2)),
      m,
    ).toEqual([]);
    for (const [p, leader] of [
      [0, 1],
      [1, 2],
    ] as const) {
      expect(c2.context.partitionState(tp('orders', p)), `${m} orders-${p}`).toBe('OnlinePartition');
      expect(c2.context.partitionLeadershipInfo.get(tp('orders', p))?.leaderAndIsr.leader, `${m} orders-${p}`).toBe(leader);
    }
  });

  it.each([
    [
      'a field Kafka does not know ("log_dirs", as in the tool\'s input file)',
      '{"version":1,"partitions":[{"topic":"r","partition":0,"replicas":[1,2],"log_dirs":["any","any"]}]}',
      'treats-as-empty',
      'Ignoring partition reassignment due to invalid json: Unrecognized field "log_dirs" (class kafka.zk.ReassignPartitionsZNode$ReplicaAssignment), not marked as ignorable',
    ],
    [
      'an entry without "replicas"',
      '{"version":1,"partitions":[{"topic":"r","partition":0}]}',
      'throws',
      'Partition r-0 has no "replicas" (Kafka fails with a NullPointerException)',
    ],
  ])(
    '/admin/reassign_partitions with %s: reported, nothing moves, and (as in Kafka 2.5) later writes go unseen until a failover',
    async (_what, json, reading, reason) => {
      h = await ClusterHarness.create({ brokers: 3, seed: 9103, brokerConfig: NO_REBALANCE });
      const m = `seed ${h.seed}`;
      const zk = await h.session();
      await createTopic(h, 'r', [[0, 1]]);
      const path = '/admin/reassign_partitions';

      const from = mark(h);
      await zk.create(path, enc(json));
      await h.settle();
      expect(problemsAt(h, from, path), m).toEqual([`${reading}: ${path}: ${reason}`]);
      if (reading === 'throws') {
        expect(linesWithThrowablesSince(h, from, 'controller.log', 'ERROR'), m).toEqual([
          `[Controller id=0] Error processing event ZkPartitionReassignment\norg.apache.kafka.common.errors.ZnodeFormatError: ${path}: ${reason}`,
        ]);
      }
      expect(await text(zk, '/brokers/topics/r'), m).toBe(topicJson([[0, 1]]));
      expect(await text(zk, path), m).toBe(json);

      // Kafka 2.5 gets stuck here: processing armed an exists watch on the existing znode, and the
      // reassignment handler only reacts to its creation. A valid rewrite fires that watch as a data
      // change (ignored, and the watch is gone), so neither the rewrite nor a delete-and-create is seen.
      const valid = '{"version":1,"partitions":[{"topic":"r","partition":0,"replicas":[1,2]}]}';
      const stuck = mark(h);
      await zk.setData(path, enc(valid), -1);
      await h.settle();
      await zk.delete(path, -1);
      await zk.create(path, enc(valid));
      await h.settle();
      await h.advance(5000);
      expect(
        controllerEvents(h, 0, stuck).filter((e) => e === 'ZkPartitionReassignment'),
        m,
      ).toEqual([]);
      expect(await text(zk, '/brokers/topics/r'), m).toBe(topicJson([[0, 1]]));

      // The next controller reads the znode at failover and carries the reassignment out.
      await forceFailover(h, zk);
      await h.advance(5000);
      expect(await text(zk, '/brokers/topics/r'), m).toBe(topicJson([[1, 2]]));
      expect(await zk.exists(path), m).toBeNull();
      expect(problemsSince(h, stuck), m).toEqual([]);
    },
  );

  it('/admin/reassign_partitions with a negative broker id: reported and, as Kafka reads it (no checks for ZooKeeper-triggered reassignments), left in progress for ever; the valid partition of the same znode is reassigned', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 9109, brokerConfig: NO_REBALANCE });
    const m = `seed ${h.seed}`;
    const zk = await h.session();
    await createTopic(h, 'r', [[0, 1]]);
    await createTopic(h, 'q', [[0, 1]]);
    const path = '/admin/reassign_partitions';

    const from = mark(h);
    await zk.create(
      path,
      enc('{"version":1,"partitions":[{"topic":"r","partition":0,"replicas":[1,-1]},{"topic":"q","partition":0,"replicas":[1,2]}]}'),
    );
    await h.settle();
    await h.advance(5000);
    expect(problemsAt(h, from, path)[0], m).toMatch(
      /^accepts: \/admin\/reassign_partitions: Negative broker id -1 in the target replicas of r-0/,
    );
    expect(await text(zk, '/brokers/topics/q'), m).toBe(topicJson([[1, 2]]));
    // r-0 is being reassigned to a broker that can never join its ISR: RS [1,-1,0], AR [-1], RR [0].
    expect(await text(zk, '/brokers/topics/r'), m).toBe(
      '{"version":2,"partitions":{"0":[1,-1,0]},"adding_replicas":{"0":[-1]},"removing_replicas":{"0":[0]}}',
    );
    expect(controllerOf(h).context.partitionsBeingReassigned.has(tp('r', 0)), m).toBe(true);
    expect(await text(zk, path), m).toBe('{"version":1,"partitions":[{"topic":"r","partition":0,"replicas":[1,-1]}]}');
    // Nothing else is damaged: r-0 keeps its leader.
    expect(controllerOf(h).context.partitionLeadershipInfo.get(tp('r', 0))?.leaderAndIsr.leader, m).toBe(0);
  });

  it('/admin/preferred_replica_election: broken JSON is reported and the znode removed as Kafka does (a later one is elected); an unknown version is read as Kafka reads it', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 9104, brokerConfig: NO_REBALANCE });
    const m = `seed ${h.seed}`;
    const zk = await h.session();
    await createTopic(h, 'p', [
      [1, 0],
      [1, 2],
    ]);
    // Leadership moves off broker 1 (its preferred replica) and it comes back as a follower.
    await drive(h, h.cluster.shutdownBroker(1));
    await h.cluster.startBroker(1);
    await h.advance(2000);
    const leader = (p: number) => controllerOf(h).context.partitionLeadershipInfo.get(tp('p', p))?.leaderAndIsr.leader;
    expect([leader(0), leader(1)], m).toEqual([0, 2]);
    const path = '/admin/preferred_replica_election';

    let from = mark(h);
    await zk.create(path, enc('{"version":1,"partitions":[{"topic":"p",'));
    await h.settle();
    expect(problemsAt(h, from, path)[0], m).toMatch(
      /^treats-as-empty: \/admin\/preferred_replica_election: Not valid JSON: .*Kafka reads it as no partitions$/,
    );
    // An election over no partitions; the znode is deleted and the watch re-armed, as in Kafka.
    expect(await zk.exists(path), m).toBeNull();
    expect([leader(0), leader(1)], m).toEqual([0, 2]);

    from = mark(h);
    await zk.create(path, enc('{"version":2,"partitions":[{"topic":"p","partition":0},{"topic":"p","partition":-1}]}'));
    await h.settle();
    expect(problemsAt(h, from, path)[0], m).toMatch(/^accepts: \/admin\/preferred_replica_election: /);
    expect(linesSince(h, from, 'controller.log'), m).toContain(
      "[Controller id=0] Skipping replica leader election (PREFERRED) for partition p--1 by ZkTriggered since it doesn't exist.",
    );
    expect([leader(0), leader(1)], m).toEqual([1, 2]);
    expect(await zk.exists(path), m).toBeNull();

    // A later valid write is processed.
    from = mark(h);
    await zk.create(path, enc('{"version":1,"partitions":[{"topic":"p","partition":1}]}'));
    await h.settle();
    expect([leader(0), leader(1)], m).toEqual([1, 1]);
    expect(problemsSince(h, from), m).toEqual([]);
  });

  it('/admin/preferred_replica_election whose "partitions" is not a list: the event fails and, as in Kafka 2.5, the znode stays and later writes go unseen until a failover', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 9105, brokerConfig: NO_REBALANCE });
    const m = `seed ${h.seed}`;
    const zk = await h.session();
    await createTopic(h, 'p', [[1, 0]]);
    await drive(h, h.cluster.shutdownBroker(1));
    await h.cluster.startBroker(1);
    await h.advance(2000);
    const leader = () => controllerOf(h).context.partitionLeadershipInfo.get(tp('p', 0))?.leaderAndIsr.leader;
    expect(leader(), m).toBe(0);
    const path = '/admin/preferred_replica_election';
    const bad = '{"version":1,"partitions":{"topic":"p","partition":0}}';

    const from = mark(h);
    await zk.create(path, enc(bad));
    await h.settle();
    const reported = problemsAt(h, from, path);
    expect(reported, m).toHaveLength(1);
    expect(reported[0], m).toMatch(/^throws: \/admin\/preferred_replica_election: Expected JSON array/);
    expect(linesWithThrowablesSince(h, from, 'controller.log', 'ERROR'), m).toEqual([
      `[Controller id=0] Error processing event ReplicaLeaderElection\norg.apache.kafka.common.errors.ZnodeFormatError: ${reported[0].slice('throws: '.length)}`,
    ]);
    expect(await text(zk, path), m).toBe(bad);
    expect(leader(), m).toBe(0);

    // Stuck as in Kafka 2.5: the exists watch armed on the existing znode fires on the rewrite (the
    // handler only reacts to a creation) and is gone; a delete-and-create is not seen either.
    const valid = '{"version":1,"partitions":[{"topic":"p","partition":0}]}';
    const stuck = mark(h);
    await zk.setData(path, enc(valid), -1);
    await h.settle();
    await zk.delete(path, -1);
    await zk.create(path, enc(valid));
    await h.settle();
    expect(
      controllerEvents(h, 0, stuck).filter((e) => e === 'ReplicaLeaderElection'),
      m,
    ).toEqual([]);
    expect(leader(), m).toBe(0);

    // The next controller finds the valid znode at failover (onControllerFailover step 10) and elects.
    await forceFailover(h, zk);
    expect(leader(), m).toBe(1);
    expect(await zk.exists(path), m).toBeNull();
  });

  it('/admin/delete_topics/<t> with data: reported (Kafka never reads it) and the deletion goes on as with a null marker (D8); a marker with data for a missing topic is removed (D3)', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 9106, brokerConfig: NO_REBALANCE });
    const m = `seed ${h.seed}`;
    const zk = await h.session();
    await createTopic(h, 'd', [[0, 1]]);
    await createTopic(h, 'other', [[1, 2]]);
    const otherState = await stateText(zk, 'other', 0);

    const from = mark(h);
    await zk.multi([
      { type: 'create', path: '/admin/delete_topics/d', data: enc('please delete') },
      { type: 'create', path: '/admin/delete_topics/ghost', data: enc('{}') },
    ]);
    await h.settle();
    expect(problemsAt(h, from, '/admin/delete_topics/d'), m).toEqual([
      'accepts: /admin/delete_topics/d: The deletion marker carries 13 bytes of data; Kafka creates it with null data and never reads it (topic d is deleted all the same)',
    ]);
    expect(problemsAt(h, from, '/admin/delete_topics/ghost'), m).toHaveLength(1);
    expect(linesSince(h, from, 'controller.log'), m).toContain('[Controller id=0] Ignoring request to delete non-existing topics ghost');
    expect(linesSince(h, from, 'controller.log'), m).toContain('[Topic Deletion Manager 0] Deletion of topic d successfully completed');
    expect((await zk.getChildren('/admin/delete_topics')).children, m).toEqual([]);
    expect(await zk.exists('/brokers/topics/d'), m).toBeNull();
    expect(await zk.exists('/config/topics/d'), m).toBeNull();
    for (const b of [0, 1]) expect(partitionDirs(h, b, 'd'), `${m} broker ${b}`).toEqual([]);
    expect(await stateText(zk, 'other', 0), m).toBe(otherState);
  });

  it('/isr_change_notification: a notification Kafka cannot read fails the event, and (as in Kafka 2.5) the valid one processed with it is lost; broken JSON reads as no partitions; a later notification is processed', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 9107, brokerConfig: NO_REBALANCE });
    const m = `seed ${h.seed}`;
    const zk = await h.session();
    await createTopic(h, 'i', [[0, 1, 2]]);
    await h.advance(1000);
    const statePath = '/brokers/topics/i/partitions/0/state';
    expect(await text(zk, statePath), m).toBe(stateJson(1, 0, 0, [0, 1, 2]));
    // As if leader 0 had shrunk the ISR: the znode changes, the controller does not know yet.
    await zk.setData(statePath, enc(stateJson(1, 0, 0, [0, 1])), -1);
    const cachedIsr = () => controllerOf(h).context.partitionLeadershipInfo.get(tp('i', 0))?.leaderAndIsr.isr;
    const notification = (n: number) => `/isr_change_notification/isr_change_${String(n).padStart(10, '0')}`;
    const valid = '{"version":1,"partitions":[{"topic":"i","partition":0}]}';

    let from = mark(h);
    await zk.multi([
      { type: 'create', path: notification(100), data: enc(valid) },
      { type: 'create', path: notification(101), data: enc('{"version":1,"partitions":"i-0"}') },
    ]);
    await h.settle();
    const reported = problemsAt(h, from, notification(101));
    expect(reported, m).toHaveLength(1);
    expect(reported[0], m).toMatch(/^throws: \/isr_change_notification\/isr_change_0000000101: Expected JSON array, received "i-0"/);
    expect(linesWithThrowablesSince(h, from, 'controller.log', 'ERROR'), m).toEqual([
      `[Controller id=0] Error processing event IsrChangeNotification\norg.apache.kafka.common.errors.ZnodeFormatError: ${reported[0].slice('throws: '.length)}`,
    ]);
    // Both were deleted in the `finally`, the valid one unprocessed: no UpdateMetadata, a stale cache.
    expect((await zk.getChildren('/isr_change_notification')).children, m).toEqual([]);
    expect(cachedIsr(), m).toEqual([0, 1, 2]);
    expect(requestsSince(h, from, 'UpdateMetadata'), m).toEqual([]);

    from = mark(h);
    await zk.create(notification(102), enc('not json'));
    await h.settle();
    expect(problemsAt(h, from, notification(102))[0], m).toMatch(/^treats-as-empty: .*Kafka reads it as no partitions$/);
    expect((await zk.getChildren('/isr_change_notification')).children, m).toEqual([]);
    expect(requestsSince(h, from, 'UpdateMetadata'), m).toEqual([]);

    // The child watch was re-armed: a later valid notification is processed.
    from = mark(h);
    await zk.create('/isr_change_notification/isr_change_', enc(valid), { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    await h.settle();
    expect(cachedIsr(), m).toEqual([0, 1]);
    const sent = requestsSince(h, from, 'UpdateMetadata');
    expect(sent.map((s) => s.to).sort(), m).toEqual([0, 1, 2]);
    expect(
      sent.every((s) => s.request.partitionStates.some((p) => p.topicName === 'i' && p.isr.join() === '0,1')),
      m,
    ).toBe(true);
    expect(problemsSince(h, from), m).toEqual([]);
  });

  it("/brokers/ids/<id> written by hand: unparseable registrations and ids are reported and left out while a real broker joins; a valid one is taken as Kafka takes it; a live broker's garbled registration is ignored until a valid rewrite", async () => {
    h = await ClusterHarness.create({ brokers: 4, seed: 9108, brokerConfig: NO_REBALANCE });
    const m = `seed ${h.seed}`;
    const zk = await h.session();
    await drive(h, h.cluster.shutdownBroker(3));
    await createTopic(h, 'k', [
      [0, 1],
      [1, 2],
    ]);
    const kStates = [await stateText(zk, 'k', 0), await stateText(zk, 'k', 1)];
    const c = () => controllerOf(h);

    const from = mark(h);
    await zk.create('/brokers/ids/7', enc('{"version":4,"jmx_port":-1,'), { mode: CreateMode.EPHEMERAL });
    await zk.create('/brokers/ids/abc', enc(registration(9100)), { mode: CreateMode.EPHEMERAL });
    await zk.create('/brokers/ids/8', enc(registration(9108, 5)), { mode: CreateMode.EPHEMERAL });
    const starting = h.cluster.startBroker(3);
    await h.settle();
    await starting;
    await h.settle();
    expect(problemsAt(h, from, '/brokers/ids/7')[0], m).toMatch(
      /^throws: \/brokers\/ids\/7: Failed to parse ZooKeeper registration for broker 7: \{"version":4,"jmx_port":-1,/,
    );
    expect(problemsAt(h, from, '/brokers/ids/abc')[0], m).toBe(
      'throws: /brokers/ids/abc: Broker id "abc" is not a number (java.lang.NumberFormatException: For input string: "abc"); Kafka 2.5 fails every broker change while this znode exists',
    );
    expect(problemsAt(h, from, '/brokers/ids/8')[0], m).toMatch(/^accepts: \/brokers\/ids\/8: Unknown version 5 of broker registration/);
    // Broker 3 joined in the same moment; 8 is read as Kafka reads it (a live broker to the controller).
    expect([...c().context.liveBrokerIds].sort(), m).toEqual([0, 1, 2, 3, 8]);
    expect([await stateText(zk, 'k', 0), await stateText(zk, 'k', 1)], m).toEqual(kStates);

    // A valid registration written later in place of the unparseable one is seen.
    await zk.delete('/brokers/ids/7', -1);
    await zk.delete('/brokers/ids/8', -1);
    await zk.create('/brokers/ids/7', enc(registration(9107)), { mode: CreateMode.EPHEMERAL });
    await h.settle();
    expect([...c().context.liveBrokerIds].sort(), m).toEqual([0, 1, 2, 3, 7]);
    expect(h.cluster.broker(2).metadataCache.isBrokerAlive(7), m).toBe(true);
    await zk.delete('/brokers/ids/7', -1);
    await h.settle();
    expect([...c().context.liveBrokerIds].sort(), m).toEqual([0, 1, 2, 3]);

    // A live broker's registration garbled in place (BrokerModifications): reported, nothing changes;
    // the data watch was re-armed by the read, so a later valid rewrite (a new port) is processed.
    const garbled = mark(h);
    await zk.setData('/brokers/ids/1', enc('garbage'), -1);
    await h.settle();
    expect(problemsAt(h, garbled, '/brokers/ids/1')[0], m).toMatch(
      /^throws: \/brokers\/ids\/1: Failed to parse ZooKeeper registration for broker 1: garbage/,
    );
    expect(c().context.liveOrShuttingDownBroker(1)?.endpoints[0]?.port, m).toBe(9093);
    expect([...c().context.liveBrokerIds].sort(), m).toEqual([0, 1, 2, 3]);
    const rewritten = mark(h);
    await zk.setData('/brokers/ids/1', enc(registration(9999)), -1);
    await h.settle();
    expect(c().context.liveOrShuttingDownBroker(1)?.endpoints[0]?.port, m).toBe(9999);
    expect(
      requestsSince(h, rewritten, 'UpdateMetadata')
        .map((r) => r.to)
        .sort(),
      m,
    ).toEqual([0, 1, 2, 3]);
    expect(
      h.cluster
        .broker(0)
        .metadataCache.getAliveBrokers()
        .find((b) => b.id === 1)?.endpoints[0]?.port,
      m,
    ).toBe(9999);
  });
});
