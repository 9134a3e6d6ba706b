import { describe, expect, it } from 'vitest';
import {
  newPartitionsFromFullAssignment,
  parseReplicaAssignment,
  TopicCommandError,
  validateCreateTopicOptions,
} from '../../../src-main/core/admin/topic-command';
import { prepareCreatePartitions } from '../../../src-main/core/admin/create-partitions';
import { asObject, brokers, thrownBy } from './assignment-test-helpers';

describe('kafka-topics --replica-assignment parsing', () => {
  it('reads partitions separated by "," and replicas by ":"', () => {
    expect(asObject(parseReplicaAssignment('0:1:2,1:2:0'))).toEqual({ 0: [0, 1, 2], 1: [1, 2, 0] });
  });

  it('trims each broker id and ignores a trailing comma, as Java does', () => {
    expect(asObject(parseReplicaAssignment(' 3 : 1,2:0,'))).toEqual({ 0: [3, 1], 1: [2, 0] });
  });

  it('trims only characters up to U+0020, as String.trim: a no-break space is part of the number', () => {
    expect(asObject(parseReplicaAssignment('\t0\n'))).toEqual({ 0: [0] });
    expect(thrownBy(TopicCommandError, () => parseReplicaAssignment('\u00a00')).message).toBe('For input string: "\u00a00"');
  });

  it('refuses duplicate brokers in a partition', () => {
    const e = thrownBy(TopicCommandError, () => parseReplicaAssignment('0:1,1:1'));
    expect(e.exceptionName).toBe('AdminCommandFailedException');
    expect(e.message).toBe('Partition replica lists may not contain duplicate entries: 1');
  });

  it('refuses a partition whose replica count differs from partition 0', () => {
    const e = thrownBy(TopicCommandError, () => parseReplicaAssignment('0:1,1:2:0'));
    expect(e.exceptionName).toBe('AdminOperationException');
    expect(e.message).toMatch(/^Partition 1 has different replication factor: \[I@[0-9a-f]+$/);
  });

  it('refuses a non-number with the JDK NumberFormatException text', () => {
    expect(thrownBy(TopicCommandError, () => parseReplicaAssignment('0:a')).message).toBe('For input string: "a"');
    const empty = thrownBy(TopicCommandError, () => parseReplicaAssignment('0,,1'));
    expect(empty.exceptionName).toBe('NumberFormatException');
    expect(empty.message).toBe('For input string: ""');
  });
});

describe('kafka-topics --alter with a full --replica-assignment (A3)', () => {
  it('drops the first currentCount entries and sends only the new partitions', () => {
    const full = parseReplicaAssignment('2,1,3,4');
    expect(newPartitionsFromFullAssignment(full, 3)).toEqual([[4]]);
  });

  it('leaves existing partitions where they are even if the full assignment moves them', () => {
    const existingAssignment = new Map([
      [0, { replicas: [1] }],
      [1, { replicas: [2] }],
      [2, { replicas: [3] }],
    ]);
    const assignments = newPartitionsFromFullAssignment(parseReplicaAssignment('2,1,3,4'), existingAssignment.size);
    const result = prepareCreatePartitions(
      { topic: 't', count: 4, assignments },
      { existingAssignment, registeredBrokers: brokers(1, 2, 3, 4) },
    );
    expect(asObject(result)).toEqual({ 3: [4] });
  });
});

describe('kafka-topics --create option checks', () => {
  it('needs a replication factor between 1 and 32767', () => {
    expect(thrownBy(TopicCommandError, () => validateCreateTopicOptions({ replicationFactor: 0 })).message).toBe(
      'The replication factor must be between 1 and 32767 inclusive',
    );
    expect(thrownBy(TopicCommandError, () => validateCreateTopicOptions({ replicationFactor: 32768 })).exceptionName).toBe(
      'IllegalArgumentException',
    );
    expect(() => validateCreateTopicOptions({ replicationFactor: 32767, partitions: 1 })).not.toThrow();
  });

  it('needs at least one partition', () => {
    expect(thrownBy(TopicCommandError, () => validateCreateTopicOptions({ partitions: 0 })).message).toBe(
      'The partitions must be greater than 0',
    );
  });
});
