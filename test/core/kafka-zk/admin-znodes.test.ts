import { describe, expect, it } from 'vitest';
import { tp } from '../../../src-main/core/common/topic-partition';
import type { PartitionReassignmentZNodeData } from '../../../src-main/core/kafka-zk';
import {
  AdminZNode,
  DeleteTopicsTopicZNode,
  DeleteTopicsZNode,
  PreferredReplicaElectionZNode,
  ReassignPartitionsZNode,
} from '../../../src-main/core/kafka-zk';
import { bytes, expectFormatError, expectValue, text } from './zk-test-data';

const entries = (d: PartitionReassignmentZNodeData): [string, readonly number[]][] =>
  [...d.partitions].map(([k, v]) => [`${k.topic}-${k.partition}`, v]);

describe('/admin/delete_topics/<topic>', () => {
  it('is a null-data marker under /admin/delete_topics', () => {
    expect(AdminZNode.path).toBe('/admin');
    expect(DeleteTopicsZNode.path).toBe('/admin/delete_topics');
    expect(DeleteTopicsTopicZNode.path('orders')).toBe('/admin/delete_topics/orders');
    expect(DeleteTopicsTopicZNode.encode()).toBeNull();
  });
});

describe('/admin/reassign_partitions', () => {
  it("encodes the case classes in field order, as Kafka's own test expects", () => {
    expect(ReassignPartitionsZNode.path).toBe('/admin/reassign_partitions');
    expect(text(ReassignPartitionsZNode.encode([[tp('foo', 0), [1, 2]]]))).toBe(
      '{"version":1,"partitions":[{"topic":"foo","partition":0,"replicas":[1,2]}]}',
    );
  });

  it('round-trips, keeping the znode order', () => {
    const data = ReassignPartitionsZNode.encode([
      [tp('b', 1), [3, 1]],
      [tp('a', 0), [2]],
    ]);
    const decoded = expectValue(ReassignPartitionsZNode.decode(data));
    expect(decoded.ignoredBecause).toBeNull();
    expect(entries(decoded)).toEqual([
      ['b-1', [3, 1]],
      ['a-0', [2]],
    ]);
  });

  it.each([
    [
      '{"version":1,"partitions":[',
      /^Ignoring partition reassignment due to invalid json: Unexpected end-of-input: expected close marker for Array/,
    ],
    ['not json', /^Ignoring partition reassignment due to invalid json: Unrecognized token 'not'/],
    [
      '[]',
      /^Ignoring partition reassignment due to invalid json: Cannot deserialize instance of `kafka.zk.ReassignPartitionsZNode\$LegacyPartitionAssignment` out of \[\]$/,
    ],
    [
      '{"version":1,"partitions":[{"topic":"a","partition":0,"replicas":[1],"log_dirs":["any"]}]}',
      'Ignoring partition reassignment due to invalid json: Unrecognized field "log_dirs" (class kafka.zk.ReassignPartitionsZNode$ReplicaAssignment), not marked as ignorable',
    ],
    [
      '{"version":1,"partitions":{}}',
      'Ignoring partition reassignment due to invalid json: Cannot deserialize instance of `java.util.ArrayList` out of {}',
    ],
    [
      '{"version":1,"partitions":[{"topic":"a","partition":0,"replicas":1}]}',
      'Ignoring partition reassignment due to invalid json: Cannot deserialize instance of `java.util.ArrayList` out of 1',
    ],
    [
      '{"version":1,"partitions":[{"topic":"a","partition":[0],"replicas":[1]}]}',
      'Ignoring partition reassignment due to invalid json: Cannot deserialize value of type `int` from [0] (field "partition")',
    ],
    [
      '{"version":1,"partitions":[],"extra":1}',
      'Ignoring partition reassignment due to invalid json: Unrecognized field "extra" (class kafka.zk.ReassignPartitionsZNode$LegacyPartitionAssignment), not marked as ignorable',
    ],
  ])('reads %s as an empty reassignment, as Kafka does', (json, reason) => {
    const decoded = expectValue(ReassignPartitionsZNode.decode(bytes(json)));
    expect(decoded.partitions.size).toBe(0);
    expect(decoded.ignoredBecause).toEqual(typeof reason === 'string' ? reason : expect.stringMatching(reason));
  });

  it('reads null data as an empty reassignment', () => {
    expect(expectValue(ReassignPartitionsZNode.decode(null)).ignoredBecause).toMatch(
      /^Ignoring partition reassignment due to invalid json: /,
    );
  });

  it('accepts an empty partition list', () => {
    const decoded = expectValue(ReassignPartitionsZNode.decode(bytes('{"version":1,"partitions":[]}')));
    expect(decoded).toMatchObject({ ignoredBecause: null });
    expect(decoded.partitions.size).toBe(0);
  });

  it.each([
    ['{"version":1}', '"partitions" is missing (Kafka fails with a NullPointerException)'],
    ['{"version":1,"partitions":[{"partition":0,"replicas":[1]}]}', 'A partition entry has no "topic" (Kafka fails on it)'],
    [
      '{"version":1,"partitions":[{"topic":"a","partition":0}]}',
      'Partition a-0 has no "replicas" (Kafka fails with a NullPointerException)',
    ],
    [
      '{"version":1,"partitions":[{"topic":"a","partition":0,"replicas":["1"]}]}',
      'Replica "1" of a-0 is not a broker id (Kafka fails with a ClassCastException)',
    ],
  ])('fails on %s as Kafka does', (json, reason) => {
    expectFormatError(ReassignPartitionsZNode.decode(bytes(json)), 'throws', reason);
  });

  it.each([
    ['{"version":1,"partitions":[{"topic":"a","partition":0,"replicas":[]}]}', 'Partition a-0 has no target replicas'],
    [
      '{"version":1,"partitions":[{"topic":"a","partition":0,"replicas":[1,1]}]}',
      'Broker 1 appears more than once in the target replicas of a-0 [1,1]',
    ],
    [
      '{"version":1,"partitions":[{"topic":"a","partition":0,"replicas":[-1]}]}',
      'Negative broker id -1 in the target replicas of a-0 [-1]',
    ],
    [
      '{"version":1,"partitions":[{"topic":"a","partition":0,"replicas":[1]},{"topic":"a","partition":0,"replicas":[2]}]}',
      'Partition a-0 is listed more than once',
    ],
    ['{"version":1,"partitions":[{"topic":"a","partition":"0","replicas":[1]}]}', '"partition" must be a number, received "0"'],
    ['{"version":1,"partitions":[{"topic":"a","replicas":[1]}]}', 'Entry 0 has no "partition" (Kafka reads it as partition 0)'],
    ['{"version":1,"partitions":[{"topic":5,"partition":0,"replicas":[1]}]}', '"topic" must be a string, received 5'],
    ['{"version":2,"partitions":[{"topic":"a","partition":0,"replicas":[1]}]}', 'Unknown version 2; Kafka 2.5 writes version 1'],
  ])('flags %s, which Kafka would accept', (json, reason) => {
    const e = expectFormatError(ReassignPartitionsZNode.decode(bytes(json)), 'accepts', reason);
    expect(e.kafkaValue?.ignoredBecause).toBeNull();
  });

  it('gives what Kafka would read for coerced values', () => {
    const e = expectFormatError(
      ReassignPartitionsZNode.decode(bytes('{"version":1,"partitions":[{"topic":5,"partition":"2","replicas":[1]}]}')),
      'accepts',
      /"topic" must be a string/,
    );
    expect(entries(e.kafkaValue as PartitionReassignmentZNodeData)).toEqual([['5-2', [1]]]);
  });
});

describe('/admin/preferred_replica_election', () => {
  it('encodes version 1 with topic/partition entries in the order given', () => {
    expect(PreferredReplicaElectionZNode.path).toBe('/admin/preferred_replica_election');
    expect(text(PreferredReplicaElectionZNode.encode([tp('b', 1), tp('a', 0)]))).toBe(
      '{"version":1,"partitions":[{"topic":"b","partition":1},{"topic":"a","partition":0}]}',
    );
  });

  it('round-trips and counts a repeated partition once', () => {
    expect(expectValue(PreferredReplicaElectionZNode.decode(PreferredReplicaElectionZNode.encode([tp('a', 0), tp('b', 2)])))).toEqual([
      tp('a', 0),
      tp('b', 2),
    ]);
    expect(
      expectValue(
        PreferredReplicaElectionZNode.decode(bytes('{"version":1,"partitions":[{"topic":"a","partition":0},{"partition":0,"topic":"a"}]}')),
      ),
    ).toEqual([tp('a', 0)]);
  });

  it('reads data that is not JSON as no partitions', () => {
    expect(
      expectFormatError(PreferredReplicaElectionZNode.decode(bytes('{')), 'treats-as-empty', /Kafka reads it as no partitions$/).kafkaValue,
    ).toEqual([]);
  });

  it.each([
    ['{"version":1}', 'No such field exists: `partitions`'],
    ['{"version":1,"partitions":{}}', 'Expected JSON array, received {}'],
    ['{"version":1,"partitions":[1]}', 'Expected JSON object, received 1'],
    ['{"version":1,"partitions":[{"topic":"a"}]}', 'No such field exists: `partition`'],
    ['{"version":1,"partitions":[{"topic":"a","partition":"0"}]}', 'Expected `Int` value, received "0"'],
  ])('fails on %s as Kafka does', (json, reason) => {
    expectFormatError(PreferredReplicaElectionZNode.decode(bytes(json)), 'throws', reason);
  });

  it('flags a negative partition and an unknown version', () => {
    const e = expectFormatError(
      PreferredReplicaElectionZNode.decode(bytes('{"version":1,"partitions":[{"topic":"a","partition":-1}]}')),
      'accepts',
      'Negative partition -1',
    );
    expect(e.pointer).toBe('/partitions/0/partition');
    expectFormatError(
      PreferredReplicaElectionZNode.decode(bytes('{"partitions":[]}')),
      'accepts',
      '"version" is missing; Kafka 2.5 writes version 1',
    );
  });
});
