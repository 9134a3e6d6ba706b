import { describe, expect, it } from 'vitest';
import { tp } from '../../../src-main/core/common/topic-partition';
import type { ReplicaAssignment as ReplicaAssignmentT } from '../../../src-main/core/kafka-zk';
import {
  LeaderAndIsr,
  ReplicaAssignment,
  TopicPartitionStateZNode,
  TopicPartitionZNode,
  TopicPartitionsZNode,
  TopicZNode,
  TopicsZNode,
} from '../../../src-main/core/kafka-zk';
import { bytes, expectFormatError, expectValue, text } from './zk-test-data';

const ra = ReplicaAssignment.of;
const scala213 = { scalaVersion: '2.13', javaVersion: 8 } as const;
const assignment = (...lists: number[][]): Map<number, ReplicaAssignmentT> => new Map(lists.map((r, i) => [i, ra(r)]));

describe('topic znode paths', () => {
  it("builds Kafka's paths", () => {
    expect(TopicsZNode.path).toBe('/brokers/topics');
    expect(TopicZNode.path('orders')).toBe('/brokers/topics/orders');
    expect(TopicPartitionsZNode.path('orders')).toBe('/brokers/topics/orders/partitions');
    expect(TopicPartitionZNode.path(tp('orders', 3))).toBe('/brokers/topics/orders/partitions/3');
    expect(TopicPartitionStateZNode.path(tp('orders', 3))).toBe('/brokers/topics/orders/partitions/3/state');
  });
});

describe('/brokers/topics/<t> encode', () => {
  it('writes the reference example byte for byte on a Scala 2.13 build', () => {
    expect(text(TopicZNode.encode(assignment([1, 2], [2, 0]), scala213))).toBe(
      '{"version":2,"partitions":{"0":[1,2],"1":[2,0]},"adding_replicas":{},"removing_replicas":{}}',
    );
  });

  it('writes partitions in Scala 2.12 hash order by default, as real 2.12 brokers do (C6: "2","1","0")', () => {
    expect(text(TopicZNode.encode(assignment([3], [3], [3])))).toBe(
      '{"version":2,"partitions":{"2":[3],"1":[3],"0":[3]},"adding_replicas":{},"removing_replicas":{}}',
    );
    expect(text(TopicZNode.encode(assignment([1, 2], [2, 0])))).toBe(
      '{"version":2,"partitions":{"1":[2,0],"0":[1,2]},"adding_replicas":{},"removing_replicas":{}}',
    );
  });

  it('lists only the partitions being reassigned in adding/removing replicas', () => {
    const a = new Map([
      [0, ra([1, 2, 3], [3], [1])],
      [1, ra([2, 0])],
    ]);
    expect(text(TopicZNode.encode(a, scala213))).toBe(
      '{"version":2,"partitions":{"0":[1,2,3],"1":[2,0]},"adding_replicas":{"0":[3]},"removing_replicas":{"0":[1]}}',
    );
  });

  it('round-trips an assignment, including reassignment state and many partitions', () => {
    const many = new Map(Array.from({ length: 40 }, (_, i) => [i, ra([i % 3, (i + 1) % 3], i === 7 ? [(i + 1) % 3] : [], [])] as const));
    const decoded = expectValue(TopicZNode.decode('t', TopicZNode.encode(many)));
    expect([...decoded]).toEqual([...many]);
  });
});

describe('/brokers/topics/<t> decode', () => {
  it('accepts version 1 without adding/removing replicas', () => {
    const a = expectValue(TopicZNode.decode('t', bytes('{"version":1,"partitions":{"1":[2,0],"0":[1,2]}}')));
    expect([...a]).toEqual([
      [0, ra([1, 2])],
      [1, ra([2, 0])],
    ]);
  });

  it('accepts the hand-written C6 znode', () => {
    const a = expectValue(
      TopicZNode.decode('t', bytes('{"version":2,"partitions":{"2":[3],"1":[3],"0":[3]},"adding_replicas":{},"removing_replicas":{}}')),
    );
    expect([...a.keys()]).toEqual([0, 1, 2]);
  });

  it('accepts extra keys a later Kafka writes (topic_id)', () => {
    expectValue(
      TopicZNode.decode('t', bytes('{"version":2,"partitions":{"0":[1]},"adding_replicas":{},"removing_replicas":{},"topic_id":"x"}')),
    );
  });

  it('reads data that is not JSON as a topic without partitions, as Kafka does', () => {
    const e = expectFormatError(
      TopicZNode.decode('t', bytes('{"version":2,"partitions":{"0":[1],}}')),
      'treats-as-empty',
      /^Not valid JSON: Unexpected character \('\}' \(code 125\)\): was expecting double-quote to start field name \(line 1, column 36\)/,
    );
    expect(e.kafkaValue).toEqual(new Map());
    expect({ line: e.line, column: e.column, path: e.path }).toEqual({ line: 1, column: 36, path: '/brokers/topics/t' });
  });

  it.each([
    ['[1]', 'Expected JSON object, received [1]', ''],
    ['{"version":2,"partitions":[]}', 'Expected JSON object, received []', '/partitions'],
    ['{"version":2,"partitions":{"a":[1]}}', 'Invalid partition id "a": For input string: "a"', '/partitions/a'],
    ['{"version":2,"partitions":{"0":1}}', 'Expected JSON array, received 1', '/partitions/0'],
    ['{"version":2,"partitions":{"0":["1"]}}', 'Expected `Int` value, received "1"', '/partitions/0/0'],
    ['{"version":2,"partitions":{"0":[1]},"adding_replicas":[]}', 'Expected JSON object, received []', '/adding_replicas'],
    [
      '{"version":2,"partitions":{"0":[1]},"removing_replicas":{"0":[1.5]}}',
      'Expected `Int` value, received 1.5',
      '/removing_replicas/0/0',
    ],
  ])('fails on %s as Kafka does', (json, reason, pointer) => {
    expect(expectFormatError(TopicZNode.decode('t', bytes(json)), 'throws', reason).pointer).toBe(pointer);
  });

  it('fails on null data', () => {
    expectFormatError(TopicZNode.decode('t', null), 'throws', /null data/);
  });

  it.each([
    [
      '{"version":2,"partitions":{"0":[1,2,1]}}',
      'Broker 1 appears more than once in the replicas of partition 0 [1,2,1]',
      '/partitions/0/2',
    ],
    ['{"version":2,"partitions":{"0":[-1]}}', 'Negative broker id -1 in the replicas of partition 0 [-1]', '/partitions/0/0'],
    ['{"version":2,"partitions":{"0":[]}}', 'Partition 0 has no replicas', '/partitions/0'],
    [
      '{"version":2,"partitions":{"0":[1],"2":[1]}}',
      'Partitions must be numbered 0 to 1 without gaps: found 0, 2 (partition 1 is missing)',
      '/partitions/2',
    ],
    [
      '{"version":2,"partitions":{"1":[1]}}',
      'Partitions must be numbered 0 to 0 without gaps: found 1 (partition 0 is missing)',
      '/partitions/1',
    ],
    ['{"version":2,"partitions":{"-1":[1]}}', 'Negative partition id -1', '/partitions/-1'],
    ['{"version":2,"partitions":{"01":[1]}}', 'Partition id "01" is not written as Kafka writes it ("1")', '/partitions/01'],
    ['{"version":2,"partitions":{"0":[1],"00":[2]}}', 'Partition id "00" is not written as Kafka writes it ("0")', '/partitions/00'],
    ['{"version":2,"partitions":{}}', 'The topic has no partitions', '/partitions'],
    ['{"version":2}', '"partitions" is missing: Kafka would see a topic without partitions', ''],
    ['{"partitions":{"0":[1]}}', '"version" is missing; Kafka 2.5 writes version 2 (it also reads 1)', ''],
    ['{"version":3,"partitions":{"0":[1]}}', 'Unknown version 3; Kafka 2.5 writes version 2 (it also reads 1)', '/version'],
    [
      '{"version":2,"partitions":{"0":[1,2]},"adding_replicas":{"0":[3]}}',
      'The adding replicas [3] of partition 0 are not all in its replicas [1,2]',
      '/adding_replicas/0',
    ],
    [
      '{"version":2,"partitions":{"0":[1,2]},"removing_replicas":{"1":[2]}}',
      '"removing_replicas" names partition "1", which is not in "partitions"',
      '/removing_replicas/1',
    ],
    [
      '{"version":2,"partitions":{"0":[1,2]},"adding_replicas":{"0":[2]},"removing_replicas":{"0":[2]}}',
      'Partition 0 both adds and removes replica 2',
      '/removing_replicas/0',
    ],
    [
      '{"version":2,"partitions":{"0":[1,2]},"adding_replicas":{"0":[2,2]}}',
      'Broker 2 appears more than once in the adding replicas of partition 0 [2,2]',
      '/adding_replicas/0/1',
    ],
  ])('flags %s, which Kafka would accept', (json, reason, pointer) => {
    const e = expectFormatError(TopicZNode.decode('t', bytes(json)), 'accepts', reason);
    expect(e.pointer).toBe(pointer);
    expect(e.kafkaValue).toBeInstanceOf(Map);
  });

  it('gives what Kafka would read alongside the refusal', () => {
    const e = expectFormatError(TopicZNode.decode('t', bytes('{"version":2,"partitions":{"0":[1],"2":[4,4]}}')), 'accepts', /without gaps/);
    expect([...(e.kafkaValue ?? [])]).toEqual([
      [0, ra([1])],
      [2, ra([4, 4])],
    ]);
  });
});

describe('ReplicaAssignment (KIP-455 model)', () => {
  it('derives origin and target replicas and reassigns', () => {
    const a = ra([1, 2, 3, 4], [4], [1]);
    expect(ReplicaAssignment.isBeingReassigned(a)).toBe(true);
    expect(ReplicaAssignment.originReplicas(a)).toEqual([1, 2, 3]);
    expect(ReplicaAssignment.targetReplicas(a)).toEqual([2, 3, 4]);
    expect(ReplicaAssignment.reassignTo(ra([1, 2, 3]), [4, 5, 6])).toEqual(ra([4, 5, 6, 1, 2, 3], [4, 5, 6], [1, 2, 3]));
    expect(ReplicaAssignment.reassignTo(ra([1, 2, 3]), [3, 2])).toEqual(ra([3, 2, 1], [], [1]));
    expect(ReplicaAssignment.isBeingReassigned(ra([1]))).toBe(false);
  });
});

describe('/brokers/topics/<t>/partitions/<p>/state', () => {
  const state = { leaderAndIsr: { leader: 0, leaderEpoch: 0, isr: [0], zkVersion: 0 }, controllerEpoch: 1 };

  it('writes the reference example byte for byte (immutable HashMap order)', () => {
    expect(text(TopicPartitionStateZNode.encode(state))).toBe('{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[0]}');
    expect(text(TopicPartitionStateZNode.encode(state, scala213))).toBe(
      '{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[0]}',
    );
    expect(
      text(TopicPartitionStateZNode.encode({ leaderAndIsr: { leader: -1, leaderEpoch: 7, isr: [2], zkVersion: 3 }, controllerEpoch: 12 })),
    ).toBe('{"controller_epoch":12,"leader":-1,"version":1,"leader_epoch":7,"isr":[2]}');
  });

  it('round-trips, taking the zkVersion from the stat', () => {
    const s = { leaderAndIsr: { leader: 2, leaderEpoch: 5, isr: [2, 0, 1], zkVersion: 9 }, controllerEpoch: 3 };
    expect(expectValue(TopicPartitionStateZNode.decode(tp('t', 0), TopicPartitionStateZNode.encode(s), 9))).toEqual(s);
  });

  it('accepts fields in any order and a partition without leader', () => {
    const s = expectValue(
      TopicPartitionStateZNode.decode(tp('t', 0), bytes('{"version":1,"isr":[1],"leader":-1,"leader_epoch":3,"controller_epoch":2}'), 4),
    );
    expect(s).toEqual({ leaderAndIsr: { leader: -1, leaderEpoch: 3, isr: [1], zkVersion: 4 }, controllerEpoch: 2 });
  });

  it('reads data that is not JSON as no state, as Kafka does', () => {
    const e = expectFormatError(
      TopicPartitionStateZNode.decode(tp('t', 1), bytes('leader=1'), 0),
      'treats-as-empty',
      /^Not valid JSON: .*without leader and ISR information$/,
    );
    expect(e.path).toBe('/brokers/topics/t/partitions/1/state');
    expect(e.kafkaValue).toBeUndefined();
  });

  it.each([
    ['{"version":1,"leader":0,"leader_epoch":0,"isr":[0]}', 'No such field exists: `controller_epoch`'],
    ['{"version":1,"controller_epoch":1,"leader_epoch":0,"isr":[0]}', 'No such field exists: `leader`'],
    ['{"version":1,"controller_epoch":1,"leader":"0","leader_epoch":0,"isr":[0]}', 'Expected `Int` value, received "0"'],
    ['{"version":1,"controller_epoch":1,"leader":0,"leader_epoch":0,"isr":0}', 'Expected JSON array, received 0'],
  ])('fails on %s as Kafka does', (json, reason) => {
    expectFormatError(TopicPartitionStateZNode.decode(tp('t', 0), bytes(json), 0), 'throws', reason);
  });

  it.each([
    ['{"controller_epoch":1,"leader":0,"version":2,"leader_epoch":0,"isr":[0]}', 'Unknown version 2; Kafka 2.5 writes version 1'],
    [
      '{"controller_epoch":1,"leader":-3,"version":1,"leader_epoch":0,"isr":[0]}',
      'Invalid leader -3: use a broker id, or -1 for no leader',
    ],
    ['{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":-1,"isr":[0]}', 'Negative leader epoch -1'],
    ['{"controller_epoch":-1,"leader":0,"version":1,"leader_epoch":0,"isr":[0]}', 'Negative controller epoch -1'],
    ['{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[0,0]}', 'Broker 0 appears more than once in the ISR [0,0]'],
    ['{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[-2]}', 'Negative broker id -2 in the ISR [-2]'],
    ['{"controller_epoch":1,"leader":3,"version":1,"leader_epoch":0,"isr":[1,2]}', 'Leader 3 is not in the ISR [1,2]'],
  ])('flags %s, which Kafka would accept', (json, reason) => {
    const e = expectFormatError(TopicPartitionStateZNode.decode(tp('t', 0), bytes(json), 1), 'accepts', reason);
    expect(e.kafkaValue?.leaderAndIsr.zkVersion).toBe(1);
  });

  it("exposes Kafka's LeaderAndIsr constants", () => {
    expect(LeaderAndIsr).toMatchObject({ NoLeader: -1, LeaderDuringDelete: -2, initialLeaderEpoch: 0, initialZkVersion: 0 });
  });
});
