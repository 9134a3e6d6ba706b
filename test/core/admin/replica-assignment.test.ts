import { describe, expect, it } from 'vitest';
import {
  addPartitionsStartIndex,
  assignReplicasToBrokers,
  getBrokerMetadatas,
  getRackAlternatedBrokerList,
  replicaIndex,
} from '../../../src-main/core/admin/replica-assignment';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { asObject, brokers, checkReplicaDistribution, rackBrokers, ScriptedRandom, thrown } from './assignment-test-helpers';

describe('assignReplicasToBrokers, rack-unaware (C4, seed 000 "分配规则")', () => {
  it('reproduces the seed table for brokers 0-4, 10 partitions, RF 3, start 0, shift 0', () => {
    expect(asObject(assignReplicasToBrokers(brokers(0, 1, 2, 3, 4), 10, 3, 0))).toEqual({
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
  });

  it('grows the shift again on the third pass: the seed rows p-10 [0,3,4] and p-11 [1,4,0]', () => {
    const assignment = assignReplicasToBrokers(brokers(0, 1, 2, 3, 4), 12, 3, 0);
    expect(assignment.get(10)).toEqual([0, 3, 4]);
    expect(assignment.get(11)).toEqual([1, 4, 0]);
  });

  it('reproduces the seed RF 4 table, which only appends a fourth replica to the RF 3 one', () => {
    expect(asObject(assignReplicasToBrokers(brokers(0, 1, 2, 3, 4), 10, 4, 0))).toEqual({
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
  });

  it('walks the broker list in the order given, not by id (seed: list {1,2,0,4,3}, start 0, shift 3)', () => {
    const random = new ScriptedRandom(0, 3);
    const assignment = assignReplicasToBrokers(brokers(1, 2, 0, 4, 3), 10, 3, -1, -1, random);
    expect(asObject(assignment)).toEqual({
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
    // start index first, then the shift, each drawn below the broker count
    expect(random.bounds).toEqual([5, 5]);
  });

  it('reproduces the seed topic created over brokerArray (0, 1, 4, 2, 3) with start 0 and shift 2', () => {
    const assignment = assignReplicasToBrokers(brokers(0, 1, 4, 2, 3), 2, 3, -1, -1, new ScriptedRandom(0, 2));
    expect(asObject(assignment)).toEqual({ 0: [0, 2, 3], 1: [1, 3, 0] });
  });

  it('keeps partition order and starts at startPartitionId', () => {
    const assignment = assignReplicasToBrokers(brokers(0, 1, 2, 3, 4), 3, 2, 0, 7);
    expect([...assignment.keys()]).toEqual([7, 8, 9]);
  });

  it('gives the same assignment for the same seed and a valid one for any seed', () => {
    const a = assignReplicasToBrokers(brokers(0, 1, 2), 6, 2, -1, -1, new SeededRandom(7));
    const b = assignReplicasToBrokers(brokers(0, 1, 2), 6, 2, -1, -1, new SeededRandom(7));
    expect(a).toEqual(b);
    for (let seed = 0; seed < 20; seed++) {
      const assignment = assignReplicasToBrokers(brokers(0, 1, 2, 3), 8, 3, -1, -1, new SeededRandom(seed));
      for (const replicas of assignment.values()) expect(new Set(replicas).size).toBe(3);
    }
  });

  it('needs a Random unless the start index is fixed', () => {
    expect(() => assignReplicasToBrokers(brokers(0, 1), 1, 1)).toThrow(/needs a Random/);
  });

  it('computes the follower offset as AdminUtils.replicaIndex does', () => {
    expect(replicaIndex(0, 0, 0, 5)).toBe(1);
    expect(replicaIndex(0, 1, 0, 5)).toBe(2);
    expect(replicaIndex(4, 3, 1, 5)).toBe(0);
  });
});

describe('assignReplicasToBrokers errors', () => {
  it('refuses zero partitions with INVALID_PARTITIONS', () => {
    const e = thrown(() => assignReplicasToBrokers(brokers(0, 1, 2), 0, 1, 0));
    expect(e.errorName).toBe('INVALID_PARTITIONS');
    expect(e.code).toBe(37);
    expect(e.message).toBe('Number of partitions must be larger than 0.');
  });

  it('refuses replication factor 0 with INVALID_REPLICATION_FACTOR', () => {
    const e = thrown(() => assignReplicasToBrokers(brokers(0, 1, 2), 3, 0, 0));
    expect(e.errorName).toBe('INVALID_REPLICATION_FACTOR');
    expect(e.message).toBe('Replication factor must be larger than 0.');
  });

  it('refuses a replication factor above the broker count (C1)', () => {
    const e = thrown(() => assignReplicasToBrokers(brokers(0, 1, 2), 3, 4, 0));
    expect(e.errorName).toBe('INVALID_REPLICATION_FACTOR');
    expect(e.code).toBe(38);
    expect(e.exceptionName).toBe('InvalidReplicationFactorException');
    expect(e.message).toBe('Replication factor: 4 larger than available brokers: 3.');
  });

  it('refuses a mix of brokers with and without rack (C4)', () => {
    const e = thrown(() =>
      assignReplicasToBrokers(
        [
          { id: 0, rack: 'r1' },
          { id: 1, rack: null },
        ],
        1,
        1,
        0,
      ),
    );
    expect(e.errorName).toBe('UNKNOWN_SERVER_ERROR');
    expect(e.exceptionName).toBe('AdminOperationException');
    expect(e.message).toBe('Not all brokers have rack information for replica rack aware assignment.');
  });
});

describe('assignReplicasToBrokers, rack-aware (Kafka AdminRackAwareTest)', () => {
  const rackMap = { 0: 'rack1', 1: 'rack3', 2: 'rack3', 3: 'rack2', 4: 'rack2', 5: 'rack1' };

  it('alternates racks: racks sorted, brokers sorted within a rack', () => {
    const map = new Map(Object.entries(rackMap).map(([id, rack]) => [Number(id), rack]));
    expect(getRackAlternatedBrokerList(map)).toEqual([0, 3, 1, 5, 4, 2]);
    map.delete(5);
    expect(getRackAlternatedBrokerList(map)).toEqual([0, 3, 1, 4, 2]);
  });

  it('matches testGetRackAlternatedBrokerListAndAssignReplicasToBrokers exactly', () => {
    expect(asObject(assignReplicasToBrokers(rackBrokers(rackMap), 7, 3, 0, 0))).toEqual({
      0: [0, 3, 1],
      1: [3, 1, 5],
      2: [1, 5, 4],
      3: [5, 4, 2],
      4: [4, 2, 0],
      5: [2, 0, 3],
      6: [0, 4, 2],
    });
  });

  const evenRacks = { 0: 'rack1', 1: 'rack2', 2: 'rack2', 3: 'rack3', 4: 'rack3', 5: 'rack1' };

  it('spreads 6 partitions x RF 3 evenly over brokers and racks (fixed start 2)', () => {
    checkReplicaDistribution(assignReplicasToBrokers(rackBrokers(evenRacks), 6, 3, 2, 0), evenRacks, 6, 6, 3);
  });

  it('spreads evenly from a random start index', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const assignment = assignReplicasToBrokers(rackBrokers(evenRacks), 6, 3, -1, -1, new SeededRandom(seed));
      checkReplicaDistribution(assignment, evenRacks, 6, 6, 3);
    }
  });

  it('stays rack aware with uneven replicas (13 partitions)', () => {
    const assignment = assignReplicasToBrokers(rackBrokers(evenRacks), 13, 3, 0, 0);
    checkReplicaDistribution(assignment, evenRacks, 6, 13, 3, { leaderDistribution: false, replicasDistribution: false });
  });

  it('stays rack aware with uneven racks', () => {
    const uneven = { 0: 'rack1', 1: 'rack1', 2: 'rack2', 3: 'rack3', 4: 'rack3', 5: 'rack1' };
    const assignment = assignReplicasToBrokers(rackBrokers(uneven), 12, 3, -1, -1, new SeededRandom(3));
    checkReplicaDistribution(assignment, uneven, 6, 12, 3, { replicasDistribution: false });
  });

  it('handles RF 2, expansion from partition 12, and 3 brokers on 3 racks', () => {
    checkReplicaDistribution(assignReplicasToBrokers(rackBrokers(evenRacks), 12, 2, -1, -1, new SeededRandom(4)), evenRacks, 6, 12, 2);
    const shifted = { 6: 'rack1', 7: 'rack2', 8: 'rack2', 9: 'rack3', 10: 'rack3', 11: 'rack1' };
    const expansion = assignReplicasToBrokers(rackBrokers(shifted), 12, 2, -1, 12, new SeededRandom(5));
    expect([...expansion.keys()]).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    checkReplicaDistribution(expansion, shifted, 6, 12, 2);
    const three = { 0: 'rack1', 1: 'rack2', 4: 'rack3' };
    checkReplicaDistribution(assignReplicasToBrokers(rackBrokers(three), 3, 2, -1, -1, new SeededRandom(6)), three, 3, 3, 2);
  });

  it('covers every rack when RF exceeds the rack count, and one replica per rack otherwise', () => {
    const racks = { 0: 'rack1', 1: 'rack2', 2: 'rack2', 3: 'rack3', 4: 'rack3', 5: 'rack2' };
    const many = assignReplicasToBrokers(rackBrokers(racks), 6, 5, -1, -1, new SeededRandom(8));
    for (const replicas of many.values()) {
      expect(replicas).toHaveLength(5);
      expect(new Set(replicas.map((b) => racks[b as keyof typeof racks])).size).toBe(3);
    }
    const few = assignReplicasToBrokers(rackBrokers(racks), 6, 2, -1, -1, new SeededRandom(9));
    for (const replicas of few.values()) expect(new Set(replicas.map((b) => racks[b as keyof typeof racks])).size).toBe(2);
  });

  it('gives each broker one leader on a single rack', () => {
    const single = { 0: 'rack1', 1: 'rack1', 2: 'rack1', 3: 'rack1', 4: 'rack1', 5: 'rack1' };
    const assignment = assignReplicasToBrokers(rackBrokers(single), 6, 3, -1, -1, new SeededRandom(10));
    const leaders = [...assignment.values()].map((r) => r[0]).sort();
    expect(leaders).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('skips a broker already holding a replica only while another broker holds none (testSkipBrokerWithReplicaAlreadyAssigned)', () => {
    const rackInfo = { 0: 'a', 1: 'b', 2: 'c', 3: 'a', 4: 'a' };
    const assignment = assignReplicasToBrokers(rackBrokers(rackInfo), 6, 4, 2);
    // Worked by hand from AdminUtils: list [0,1,2,3,4], start 2, shift 2 x 3 racks.
    expect(asObject(assignment)).toEqual({
      0: [2, 0, 1, 3],
      1: [3, 1, 2, 4],
      2: [4, 2, 1, 3],
      3: [0, 1, 2, 3],
      4: [1, 4, 2, 3],
      5: [2, 4, 1, 3],
    });
    checkReplicaDistribution(assignment, rackInfo, 5, 6, 4, { rackAware: false, leaderDistribution: false, replicasDistribution: false });
  });
});

describe('getBrokerMetadatas and RackAwareMode', () => {
  const mixed = [
    { id: 2, rack: 'r1' },
    { id: 0, rack: null },
    { id: 1, rack: 'r2' },
  ];

  it('sorts by id and keeps racks when every broker has one', () => {
    expect(
      getBrokerMetadatas([
        { id: 3, rack: 'b' },
        { id: 1, rack: 'a' },
      ]),
    ).toEqual([
      { id: 1, rack: 'a' },
      { id: 3, rack: 'b' },
    ]);
  });

  it('Enforced refuses a partial rack setup with the kafka-topics hint', () => {
    const e = thrown(() => getBrokerMetadatas(mixed, 'Enforced'));
    expect(e.exceptionName).toBe('AdminOperationException');
    expect(e.message).toBe(
      'Not all brokers have rack information. Add --disable-rack-aware in command line to make replica assignment without rack information.',
    );
  });

  it('Safe drops the racks of a partial setup but keeps a complete one', () => {
    expect(getBrokerMetadatas(mixed, 'Safe')).toEqual([
      { id: 0, rack: null },
      { id: 1, rack: null },
      { id: 2, rack: null },
    ]);
    expect(getBrokerMetadatas([{ id: 0, rack: 'a' }], 'Safe')).toEqual([{ id: 0, rack: 'a' }]);
  });

  it('Disabled always drops racks, and brokerList filters', () => {
    expect(
      getBrokerMetadatas(
        [
          { id: 0, rack: 'a' },
          { id: 1, rack: 'b' },
        ],
        'Disabled',
        [1],
      ),
    ).toEqual([{ id: 1, rack: null }]);
  });
});

describe('addPartitionsStartIndex (A1)', () => {
  it('is the index of the first sorted broker whose id is >= partition 0 first replica', () => {
    expect(addPartitionsStartIndex(brokers(0, 1, 2, 3, 4), [0, 2, 3])).toBe(0);
    expect(addPartitionsStartIndex(brokers(0, 1, 2, 3), [2, 3, 0, 1])).toBe(2);
    expect(addPartitionsStartIndex(brokers(1, 3, 5), [4, 1])).toBe(2);
  });

  it('falls back to 0 when partition 0 leads on a broker above every live id', () => {
    expect(addPartitionsStartIndex(brokers(0, 1, 2), [7])).toBe(0);
  });
});
