import { describe, expect, it } from 'vitest';
import {
  prepareAdminZkCreateTopic,
  prepareCreateTopic,
  topicCreateError,
  type CreatableTopic,
  type CreateTopicsContext,
} from '../../../src-main/core/admin/create-topic';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { asObject, brokers, ScriptedRandom, thrown } from './assignment-test-helpers';

function topic(overrides: Partial<CreatableTopic>): CreatableTopic {
  return { name: 'orders', numPartitions: 3, replicationFactor: 2, assignments: [], configs: {}, ...overrides };
}

function context(overrides: Partial<CreateTopicsContext> = {}): CreateTopicsContext {
  return {
    metadataCacheTopics: new Set(),
    zkTopics: [],
    aliveBrokers: brokers(0, 1, 2),
    defaultNumPartitions: 1,
    defaultReplicationFactor: 1,
    random: new ScriptedRandom(0, 0),
    ...overrides,
  };
}

describe('CreateTopics, per topic (C1)', () => {
  it('assigns automatically over the alive brokers in the order given', () => {
    const { assignment } = prepareCreateTopic(
      topic({ replicationFactor: 3 }),
      context({ aliveBrokers: brokers(0, 1, 4, 2, 3), random: new ScriptedRandom(0, 2) }),
    );
    expect(asObject(assignment)).toEqual({ 0: [0, 2, 3], 1: [1, 3, 0], 2: [4, 0, 1] });
  });

  it("takes the controller's num.partitions and default.replication.factor for -1", () => {
    const { assignment } = prepareCreateTopic(
      topic({ numPartitions: -1, replicationFactor: -1 }),
      context({ defaultNumPartitions: 4, defaultReplicationFactor: 3 }),
    );
    expect(assignment.size).toBe(4);
    for (const replicas of assignment.values()) expect(replicas).toHaveLength(3);
  });

  it('accepts a manual assignment as given, without checking the brokers exist (C5)', () => {
    const { assignment } = prepareCreateTopic(
      topic({
        numPartitions: -1,
        replicationFactor: -1,
        assignments: [
          { partitionIndex: 1, brokerIds: [7, 8] },
          { partitionIndex: 0, brokerIds: [8, 9] },
        ],
      }),
      context(),
    );
    expect([...assignment.entries()]).toEqual([
      [0, [8, 9]],
      [1, [7, 8]],
    ]);
  });

  it('refuses a topic already in the metadata cache before anything else', () => {
    const e = thrown(() =>
      prepareCreateTopic(topic({ name: 'bad name', replicationFactor: 9 }), context({ metadataCacheTopics: new Set(['bad name']) })),
    );
    expect(e.errorName).toBe('TOPIC_ALREADY_EXISTS');
    expect(e.message).toBe("Topic 'bad name' already exists.");
  });

  it('refuses a topic that exists only in ZooKeeper (e.g. being deleted)', () => {
    const e = thrown(() => prepareCreateTopic(topic({}), context({ zkTopics: ['orders'] })));
    expect(e.errorName).toBe('TOPIC_ALREADY_EXISTS');
  });

  it('refuses invalid configs with INVALID_CONFIG before looking at the assignment', () => {
    const e = thrown(() => prepareCreateTopic(topic({ replicationFactor: 9, configs: { 'retention.ms': 'soon' } }), context()));
    expect(e.errorName).toBe('INVALID_CONFIG');
    expect(e.code).toBe(40);
    expect(e.message).toBe('Invalid value soon for configuration retention.ms: Not a number of type LONG');
    expect(thrown(() => prepareCreateTopic(topic({ configs: { 'retention.hours': '1' } }), context())).message).toBe(
      'Unknown topic config name: retention.hours',
    );
  });

  it('refuses a null config value as an unexpected server error', () => {
    const e = thrown(() => prepareCreateTopic(topic({ configs: { 'retention.ms': null } }), context()));
    expect(e.errorName).toBe('UNKNOWN_SERVER_ERROR');
    expect(e.exceptionName).toBe('NullPointerException');
  });

  it('refuses counts together with an assignment with INVALID_REQUEST', () => {
    const e = thrown(() => prepareCreateTopic(topic({ assignments: [{ partitionIndex: 0, brokerIds: [0] }] }), context()));
    expect(e.errorName).toBe('INVALID_REQUEST');
    expect(e.message).toBe(
      'Both numPartitions or replicationFactor and replicasAssignments were set. Both cannot be used at the same time.',
    );
  });

  it('refuses a replication factor above the alive brokers', () => {
    const e = thrown(() => prepareCreateTopic(topic({ replicationFactor: 4 }), context()));
    expect(e.errorName).toBe('INVALID_REPLICATION_FACTOR');
    expect(e.message).toBe('Replication factor: 4 larger than available brokers: 3.');
  });

  it('checks the replication factor before the topic name, as AdminManager does', () => {
    expect(thrown(() => prepareCreateTopic(topic({ name: 'bad name', replicationFactor: 4 }), context())).errorName).toBe(
      'INVALID_REPLICATION_FACTOR',
    );
    expect(thrown(() => prepareCreateTopic(topic({ name: 'bad name' }), context())).errorName).toBe('INVALID_TOPIC_EXCEPTION');
  });

  it('refuses zero partitions', () => {
    expect(thrown(() => prepareCreateTopic(topic({ numPartitions: 0 }), context())).message).toBe(
      'Number of partitions must be larger than 0.',
    );
  });

  it("refuses a '.'/'_' collision", () => {
    const e = thrown(() => prepareCreateTopic(topic({ name: 'a.b' }), context({ zkTopics: ['a_b'] })));
    expect(e.errorName).toBe('INVALID_TOPIC_EXCEPTION');
    expect(e.message).toBe("Topic 'a.b' collides with existing topics: a_b");
  });

  it('refuses a manual assignment with mixed replication factors, duplicates or gaps', () => {
    const mixed = thrown(() =>
      prepareCreateTopic(
        topic({
          numPartitions: -1,
          replicationFactor: -1,
          assignments: [
            { partitionIndex: 0, brokerIds: [0, 1] },
            { partitionIndex: 1, brokerIds: [1] },
          ],
        }),
        context(),
      ),
    );
    expect(mixed.errorName).toBe('INVALID_REPLICA_ASSIGNMENT');
    expect(mixed.message).toBe('All partitions should have the same number of replicas');
    const duplicate = thrown(() =>
      prepareCreateTopic(
        topic({
          numPartitions: -1,
          replicationFactor: -1,
          assignments: [
            { partitionIndex: 0, brokerIds: [1, 1] },
            { partitionIndex: 1, brokerIds: [2, 3] },
          ],
        }),
        context(),
      ),
    );
    expect(duplicate.message).toBe('Duplicate replica assignment found: Map(0 -> ArrayBuffer(1, 1), 1 -> ArrayBuffer(2, 3))');
    const gap = thrown(() =>
      prepareCreateTopic(
        topic({
          numPartitions: -1,
          replicationFactor: -1,
          assignments: [
            { partitionIndex: 0, brokerIds: [1] },
            { partitionIndex: 2, brokerIds: [2] },
          ],
        }),
        context(),
      ),
    );
    expect(gap.message).toBe('partitions should be a consecutive 0-based integer sequence');
  });

  it('lets through what Kafka lets through: ids {-1, 1} sum like 0..1', () => {
    expect(
      topicCreateError(
        't',
        new Map([
          [-1, [0]],
          [1, [1]],
        ]),
        {},
        [],
      ),
    ).toBeNull();
  });
});

describe('AdminZkClient.createTopic (kafka-topics --zookeeper, auto-creation)', () => {
  it('sorts the registered brokers before assigning', () => {
    const assignment = prepareAdminZkCreateTopic('t', 2, 2, {}, brokers(2, 0, 1), [], 'Enforced', new ScriptedRandom(0, 0));
    expect(asObject(assignment)).toEqual({ 0: [0, 1], 1: [1, 2] });
  });

  it('ignores racks in Safe mode when only some brokers have one (auto-creation)', () => {
    const registered = [
      { id: 0, rack: 'r1' },
      { id: 1, rack: null },
    ];
    expect(prepareAdminZkCreateTopic('t', 1, 2, {}, registered, [], 'Safe', new SeededRandom(1)).get(0)).toHaveLength(2);
    expect(thrown(() => prepareAdminZkCreateTopic('t', 1, 2, {}, registered, [], 'Enforced', new SeededRandom(1))).exceptionName).toBe(
      'AdminOperationException',
    );
  });
});
