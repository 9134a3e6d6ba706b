import { describe, expect, it } from 'vitest';
import {
  createNewPartitionsAssignment,
  prepareCreatePartitions,
  replicaAssignmentError,
  type ExistingPartitionAssignment,
} from '../../../src-main/core/admin/create-partitions';
import { asObject, brokers, thrown } from './assignment-test-helpers';

function existing(assignment: Record<number, number[]>): Map<number, ExistingPartitionAssignment> {
  return new Map(Object.entries(assignment).map(([p, replicas]) => [Number(p), { replicas }]));
}

describe('partition expansion assignment (A1)', () => {
  it('assigns the seed example p0 [0,2,3], p1 [1,3,0] on brokers 0-4 a new p2 = [2,3,4]', () => {
    const result = prepareCreatePartitions(
      { topic: 't', count: 3, assignments: null },
      { existingAssignment: existing({ 0: [0, 2, 3], 1: [1, 3, 0] }), registeredBrokers: brokers(3, 1, 4, 0, 2) },
    );
    expect(asObject(result)).toEqual({ 2: [2, 3, 4] });
  });

  it('reproduces Kafka AddPartitionsTest.testReplicaPlacementAllServers (leaders and replica sets)', () => {
    const result = createNewPartitionsAssignment('new-topic3', existing({ 0: [2, 3, 0, 1] }), brokers(0, 1, 2, 3), 7);
    const leaders = [...result.entries()].map(([p, r]) => [p, r[0]]);
    expect(leaders).toEqual([
      [1, 3],
      [2, 0],
      [3, 1],
      [4, 2],
      [5, 3],
      [6, 0],
    ]);
    for (const replicas of result.values()) expect([...replicas].sort()).toEqual([0, 1, 2, 3]);
  });

  it('reproduces Kafka AddPartitionsTest.testReplicaPlacementPartialServers', () => {
    const result = createNewPartitionsAssignment('new-topic2', existing({ 0: [1, 2] }), brokers(0, 1, 2, 3), 3);
    expect(asObject(result)).toEqual({ 1: [2, 0], 2: [3, 1] });
  });

  it('uses a manual assignment as given, numbered from the current count', () => {
    const result = prepareCreatePartitions(
      {
        topic: 't',
        count: 4,
        assignments: [
          [2, 0],
          [1, 2],
        ],
      },
      { existingAssignment: existing({ 0: [0, 1], 1: [1, 2] }), registeredBrokers: brokers(0, 1, 2) },
    );
    expect(asObject(result)).toEqual({ 2: [2, 0], 3: [1, 2] });
  });

  it('keeps the replication factor of partition 0 and fails when brokers are too few for it', () => {
    const e = thrown(() => createNewPartitionsAssignment('t', existing({ 0: [0, 1, 2] }), brokers(0, 1), 2));
    expect(e.errorName).toBe('INVALID_REPLICATION_FACTOR');
    expect(e.message).toBe('Replication factor: 3 larger than available brokers: 2.');
  });
});

describe('CreatePartitions errors (A2)', () => {
  const context = { existingAssignment: existing({ 0: [0, 1], 1: [1, 2], 2: [2, 0] }), registeredBrokers: brokers(0, 1, 2) };

  it('refuses a topic queued for deletion first', () => {
    const e = thrown(() => prepareCreatePartitions({ topic: 't', count: 5, assignments: null }, { ...context, queuedForDeletion: true }));
    expect(e.errorName).toBe('INVALID_TOPIC_EXCEPTION');
    expect(e.message).toBe('The topic is queued for deletion.');
  });

  it('refuses while a partition of the topic is being reassigned', () => {
    const reassigning = new Map(context.existingAssignment);
    reassigning.set(1, { replicas: [1, 2, 0], addingReplicas: [0], removingReplicas: [] });
    const e = thrown(() =>
      prepareCreatePartitions({ topic: 't', count: 5, assignments: null }, { ...context, existingAssignment: reassigning }),
    );
    expect(e.errorName).toBe('REASSIGNMENT_IN_PROGRESS');
    expect(e.message).toBe("A partition reassignment is in progress for the topic 't'.");
  });

  it('reports an unknown topic', () => {
    const e = thrown(() =>
      prepareCreatePartitions({ topic: 'nope', count: 2, assignments: null }, { ...context, existingAssignment: new Map() }),
    );
    expect(e.errorName).toBe('UNKNOWN_TOPIC_OR_PARTITION');
    expect(e.message).toBe("The topic 'nope' does not exist.");
  });

  it('refuses a lower or equal count with INVALID_PARTITIONS', () => {
    const lower = thrown(() => prepareCreatePartitions({ topic: 't', count: 2, assignments: null }, context));
    expect(lower.errorName).toBe('INVALID_PARTITIONS');
    expect(lower.message).toBe('Topic currently has 3 partitions, which is higher than the requested 2.');
    const same = thrown(() => prepareCreatePartitions({ topic: 't', count: 3, assignments: null }, context));
    expect(same.message).toBe('Topic already has 3 partitions.');
  });

  it('refuses unknown brokers in a manual assignment', () => {
    const e = thrown(() =>
      prepareCreatePartitions(
        {
          topic: 't',
          count: 5,
          assignments: [
            [0, 7],
            [9, 7],
          ],
        },
        context,
      ),
    );
    expect(e.errorName).toBe('INVALID_REPLICA_ASSIGNMENT');
    expect(e.message).toBe('Unknown broker(s) in replica assignment: 7, 9.');
  });

  it('refuses an assignment count that does not match the increase', () => {
    const fewer = thrown(() => prepareCreatePartitions({ topic: 't', count: 6, assignments: [[0, 1]] }, context));
    expect(fewer.message).toBe('Increasing the number of partitions by 3 but 1 assignments provided.');
    const none = thrown(() => prepareCreatePartitions({ topic: 't', count: 4, assignments: [] }, context));
    expect(none.message).toBe('Increasing the number of partitions by 1 but 0 assignments provided.');
  });

  it('refuses a manual replication factor different from partition 0 (Kafka AdminClientIntegrationTest wording)', () => {
    const e = thrown(() =>
      prepareCreatePartitions(
        { topic: 't', count: 4, assignments: [[1, 2]] },
        { ...context, existingAssignment: existing({ 0: [0], 1: [1], 2: [2] }) },
      ),
    );
    expect(e.errorName).toBe('INVALID_REPLICA_ASSIGNMENT');
    expect(e.message).toBe(
      'Inconsistent replication factor between partitions, partition 0 has 1 while partitions [3] have replication factors [2], respectively.',
    );
  });

  it('refuses duplicate brokers in a new partition', () => {
    const e = thrown(() => prepareCreatePartitions({ topic: 't', count: 4, assignments: [[1, 1]] }, context));
    expect(e.errorName).toBe('INVALID_REPLICA_ASSIGNMENT');
    expect(e.message).toBe('Duplicate brokers not allowed in replica assignment: 1, 1 for partition id 3.');
  });

  it('refuses a partial rack setup, since CreatePartitions reads brokers in RackAwareMode.Enforced', () => {
    const e = thrown(() =>
      prepareCreatePartitions(
        { topic: 't', count: 4, assignments: null },
        {
          ...context,
          registeredBrokers: [
            { id: 0, rack: 'r' },
            { id: 1, rack: null },
            { id: 2, rack: null },
          ],
        },
      ),
    );
    expect(e.errorName).toBe('UNKNOWN_SERVER_ERROR');
    expect(e.exceptionName).toBe('AdminOperationException');
  });
});

describe('AdminZkClient.addPartitions checks', () => {
  it('needs partition 0 (Kafka AddPartitionsTest.testMissingPartition0)', () => {
    const e = thrown(() => createNewPartitionsAssignment('new-topic5', existing({ 1: [0, 1] }), brokers(0, 1, 2, 3), 2));
    expect(e.errorName).toBe('UNKNOWN_SERVER_ERROR');
    expect(e.message).toBe(
      "Unexpected existing replica assignment for topic 'new-topic5', partition id 0 is missing. " +
        'Assignment: Map(1 -> ReplicaAssignment(replicas=0,1, addingReplicas=, removingReplicas=))',
    );
  });

  it('refuses a count that is not an increase', () => {
    const e = thrown(() => createNewPartitionsAssignment('t', existing({ 0: [0], 1: [1] }), brokers(0, 1), 2));
    expect(e.errorName).toBe('INVALID_PARTITIONS');
    expect(e.message).toBe(
      'The number of partitions for a topic can only be increased. Topic t currently has 2 partitions, 2 would not be an increase.',
    );
  });

  it('validates a manual assignment: empty list, unavailable broker, good one', () => {
    const available = new Set([0, 1, 2]);
    expect(replicaAssignmentError(new Map([[3, []]]), 1, available)?.message).toBe(
      'Cannot have replication factor of 0 for partition id 3.',
    );
    const unavailable = replicaAssignmentError(new Map([[3, [1, 5]]]), 2, available);
    expect(unavailable?.errorName).toBe('BROKER_NOT_AVAILABLE');
    expect(unavailable?.message).toBe(
      'Some brokers specified for partition id 3 are not available. Specified brokers: 1, 5, available brokers: 0, 1, 2.',
    );
    expect(replicaAssignmentError(new Map([[3, [1, 2]]]), 2, available)).toBeNull();
  });
});
