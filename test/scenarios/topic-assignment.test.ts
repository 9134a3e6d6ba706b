import { afterEach, describe, expect, it } from 'vitest';
import { prepareAdminZkCreateTopic } from '../../src-main/core/admin/create-topic';
import { assignReplicasToBrokers } from '../../src-main/core/admin/replica-assignment';
import { SeededRandom } from '../../src-main/core/platform/random';
import { ConfigEntityZNode } from '../../src-main/core/kafka-zk/config-znodes';
import { ReplicaAssignment, TopicZNode } from '../../src-main/core/kafka-zk/topic-znodes';
import { asObject, brokers, rackBrokers, ScriptedRandom } from '../core/admin/assignment-test-helpers';
import { ClusterHarness } from '../support/cluster-harness';
import { adminOf, controllerOf, CREATE, stateJson, text, topic, tp } from '../support/scenario';
import { expectFreshLog, partitionDirs, topicJson } from '../support/topic-scenario';

describe('automatic and explicit assignment (C4)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  /** The assignment the cluster wrote to /brokers/topics/<t>, as partition → replicas. */
  async function written(name: string): Promise<Record<number, number[]>> {
    const zk = await h.session();
    const json = JSON.parse((await text(zk, `/brokers/topics/${name}`)) as string) as { partitions: Record<string, number[]> };
    return Object.fromEntries(Object.entries(json.partitions).map(([p, r]) => [Number(p), r]));
  }

  it('C4: CreateTopics runs AdminUtils.assignReplicasToBrokers over the metadata cache order, byte for byte (seed: brokers 0,1,4,2,3, start 0, shift 2)', async () => {
    const seed = 404;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 5, seed });
    const zk = await h.session();
    // The controller's metadata cache iterates its alive brokers as Kafka's LongMap does: 0, 1, 4, 2, 3.
    const cacheOrder = h.cluster
      .broker(controllerOf(h).config.brokerId)
      .metadataCache.getAliveBrokers()
      .map((b) => b.id);
    expect(cacheOrder, m).toEqual([0, 1, 4, 2, 3]);

    // The seed's topic: 2 partitions, RF 3, with AdminUtils' random start index 0 and shift 2.
    const scripted = new ScriptedRandom(0, 2);
    expect((await adminOf(h, scripted).createTopics([topic('seed-topic', { partitions: 2, rf: 3 })], CREATE))[0].errorName, m).toBe('NONE');
    expect(scripted.bounds, m).toEqual([5, 5]);
    expect(await text(zk, '/brokers/topics/seed-topic'), m).toBe(
      '{"version":2,"partitions":{"1":[1,3,0],"0":[0,2,3]},"adding_replicas":{},"removing_replicas":{}}',
    );

    // Any seed: the same draws (start, then shift) over the same broker order.
    const random = new SeededRandom(seed);
    expect((await adminOf(h, random).createTopics([topic('random-topic', { partitions: 10, rf: 3 })], CREATE))[0].errorName, m).toBe(
      'NONE',
    );
    const expected = assignReplicasToBrokers(brokers(0, 1, 4, 2, 3), 10, 3, -1, -1, new SeededRandom(seed));
    expect(await written('random-topic'), m).toEqual(asObject(expected));
    expect(await text(zk, '/brokers/topics/random-topic'), m).toBe(topicJson([...expected.values()]));
    const ctx = controllerOf(h).context;
    for (const [p, replicas] of expected)
      expect(ctx.partitionLeadershipInfo.get(tp('random-topic', p))?.leaderAndIsr.leader, m).toBe(replicas[0]);
  });

  it('C4: explicit assignments equal to the seed tables (RF 3, RF 4, broker list 1,2,0,4,3) are written and served as given', async () => {
    const seed = 405;
    const m = `seed ${seed}`;
    h = await ClusterHarness.create({ brokers: 5, seed });
    const zk = await h.session();
    const rf3 = assignReplicasToBrokers(brokers(0, 1, 2, 3, 4), 10, 3, 0);
    expect(asObject(rf3), m).toEqual({
      0: [0, 1, 2],
      1: [1, 2, 3],
      2: [2, 3, 4],
      3: [3, 4, 0],
      4: [4, 0, 1],
      5: [0, 2, 3],
      6: [1, 3, 4],
      7: [2, 4, 0],
      8: [3, 0, 1],
      9: [4, 1, 2],
    });
    const rf4 = assignReplicasToBrokers(brokers(0, 1, 2, 3, 4), 10, 4, 0);
    expect(asObject(rf4), m).toEqual({
      0: [0, 1, 2, 3],
      1: [1, 2, 3, 4],
      2: [2, 3, 4, 0],
      3: [3, 4, 0, 1],
      4: [4, 0, 1, 2],
      5: [0, 2, 3, 4],
      6: [1, 3, 4, 0],
      7: [2, 4, 0, 1],
      8: [3, 0, 1, 2],
      9: [4, 1, 2, 3],
    });
    const unsorted = assignReplicasToBrokers(brokers(1, 2, 0, 4, 3), 10, 3, -1, -1, new ScriptedRandom(0, 3));
    expect(asObject(unsorted), m).toEqual({
      0: [1, 3, 2],
      1: [2, 1, 0],
      2: [0, 2, 4],
      3: [4, 0, 3],
      4: [3, 4, 1],
      5: [1, 2, 0],
      6: [2, 0, 4],
      7: [0, 4, 3],
      8: [4, 3, 1],
      9: [3, 1, 2],
    });

    const tables = { 'table-rf3': rf3, 'table-rf4': rf4, 'table-unsorted': unsorted };
    const results = await adminOf(h).createTopics(
      Object.entries(tables).map(([name, t]) => topic(name, { assignment: [...t.values()] })),
      CREATE,
    );
    expect(
      results.map((r) => r.errorName),
      m,
    ).toEqual(['NONE', 'NONE', 'NONE']);
    const ctx = controllerOf(h).context;
    for (const [name, table] of Object.entries(tables)) {
      expect(await text(zk, `/brokers/topics/${name}`), `${m} ${name}`).toBe(topicJson([...table.values()]));
      for (const [p, replicas] of table) {
        expect(await text(zk, `/brokers/topics/${name}/partitions/${p}/state`), `${m} ${name}-${p}`).toBe(
          stateJson(1, replicas[0], 0, replicas),
        );
        expect(ctx.partitionReplicaAssignment(tp(name, p)), `${m} ${name}-${p}`).toEqual(replicas);
      }
      // Every broker holds exactly the partitions the table gives it.
      for (const b of [0, 1, 2, 3, 4]) {
        const mine = [...table]
          .filter(([, r]) => r.includes(b))
          .map(([p]) => `${name}-${p}`)
          .sort();
        expect(partitionDirs(h, b, name), `${m} ${name} broker ${b}`).toEqual(mine);
      }
    }
    expectFreshLog(h, 4, 'table-rf4-9', 'leader');
    expectFreshLog(h, 3, 'table-rf4-9', 'follower');
  });

  it('C4: with a rack on every broker the assignment is rack aware; with some racks missing CreateTopics fails unless racks are ignored', async () => {
    const seed = 406;
    const m = `seed ${seed}`;
    const racks = { 0: 'rack1', 1: 'rack2', 2: 'rack2', 3: 'rack3', 4: 'rack3', 5: 'rack1' };
    h = await ClusterHarness.create({ brokers: 6, seed, racks });
    const cache = h.cluster.broker(controllerOf(h).config.brokerId).metadataCache.getAliveBrokers();
    expect(
      cache.map((b) => [b.id, b.rack]),
      m,
    ).toEqual(expect.arrayContaining(Object.entries(racks).map(([id, rack]) => [Number(id), rack])));
    expect(
      (await adminOf(h, new SeededRandom(seed)).createTopics([topic('racked', { partitions: 6, rf: 3 })], CREATE))[0].errorName,
      m,
    ).toBe('NONE');
    const expected = assignReplicasToBrokers(
      cache.map((b) => ({ id: b.id, rack: b.rack })),
      6,
      3,
      -1,
      -1,
      new SeededRandom(seed),
    );
    const assignment = await written('racked');
    expect(assignment, m).toEqual(asObject(expected));
    for (const replicas of Object.values(assignment)) expect(new Set(replicas.map((r) => racks[r as keyof typeof racks])).size, m).toBe(3);
    // getRackAlternatedBrokerList order (rack1: 0,5; rack2: 1,2; rack3: 3,4) → 0,1,3,5,2,4, checked through a fixed start.
    expect(asObject(assignReplicasToBrokers(rackBrokers(racks), 3, 3, 0, 0)), m).toEqual({ 0: [0, 1, 3], 1: [1, 3, 5], 2: [3, 5, 2] });
    await h.close();

    // Brokers 0 and 1 have a rack, broker 2 has none.
    h = await ClusterHarness.create({ brokers: 3, seed, racks: { 0: 'rack1', 1: 'rack2' } });
    const zk = await h.session();
    const admin = adminOf(h);
    const [mixed] = await admin.createTopics([topic('mixed', { partitions: 3, rf: 2 })], CREATE);
    expect(mixed, m).toEqual({
      name: 'mixed',
      errorCode: -1,
      errorName: 'UNKNOWN_SERVER_ERROR',
      errorMessage: 'Not all brokers have rack information for replica rack aware assignment.',
    });
    expect(await zk.exists('/brokers/topics/mixed'), m).toBeNull();
    expect(await zk.exists('/config/topics/mixed'), m).toBeNull();
    // An explicit assignment never looks at racks.
    expect(
      (
        await admin.createTopics(
          [
            topic('mixed-explicit', {
              assignment: [
                [2, 0],
                [0, 1],
              ],
            }),
          ],
          CREATE,
        )
      )[0].errorName,
      m,
    ).toBe('NONE');

    // kafka-topics --zookeeper reads /brokers/ids: refused as is, fine with --disable-rack-aware.
    const registered = await Promise.all(
      (await zk.getChildren('/brokers/ids')).children.map(async (id) => ({
        id: Number(id),
        rack: (JSON.parse((await text(zk, `/brokers/ids/${id}`)) as string) as { rack?: string }).rack ?? null,
      })),
    );
    const zkTopics = (await zk.getChildren('/brokers/topics')).children;
    expect(() => prepareAdminZkCreateTopic('mixed', 3, 2, {}, registered, zkTopics, 'Enforced', new SeededRandom(seed)), m).toThrow(
      'Not all brokers have rack information. Add --disable-rack-aware in command line to make replica assignment without rack information.',
    );
    const disabled = prepareAdminZkCreateTopic('mixed', 3, 2, {}, registered, zkTopics, 'Disabled', new ScriptedRandom(1, 0));
    expect(asObject(disabled), m).toEqual({ 0: [1, 2], 1: [2, 0], 2: [0, 1] });
    // What the tool then writes: the config znode, then the topic znode; the controller does the rest.
    await zk.create('/config/topics/mixed', ConfigEntityZNode.encode({}));
    await zk.create('/brokers/topics/mixed', TopicZNode.encode([...disabled].map(([p, r]) => [p, ReplicaAssignment.of(r)] as const)));
    await h.settle();
    expect(await text(zk, '/brokers/topics/mixed/partitions/1/state'), m).toBe(stateJson(1, 2, 0, [2, 0]));
    expectFreshLog(h, 2, 'mixed-1', 'leader');
    expectFreshLog(h, 0, 'mixed-1', 'follower');
  });
});
