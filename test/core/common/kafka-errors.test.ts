import { describe, expect, it } from 'vitest';
import { ALL_ERRORS, errorForCode, Errors, KafkaApiError } from '../../../src-main/core/common/kafka-errors';

describe('Errors (Kafka 2.5, org.apache.kafka.common.protocol.Errors)', () => {
  it('has every code from -1 to 88 exactly once, in code order', () => {
    expect(ALL_ERRORS.map((e) => e.code)).toEqual(Array.from({ length: 90 }, (_, i) => i - 1));
  });

  it('has the 2.5 names where later versions renamed them', () => {
    expect(errorForCode(6).name).toBe('NOT_LEADER_FOR_PARTITION');
    expect(errorForCode(6).exceptionName).toBe('NotLeaderForPartitionException');
    expect(errorForCode(47).exceptionName).toBe('ProducerFencedException');
    expect(errorForCode(88).name).toBe('UNSTABLE_OFFSET_COMMIT');
  });

  it('carries the default messages and exception classes', () => {
    expect(Errors.INVALID_REPLICATION_FACTOR).toMatchObject({
      code: 38,
      exceptionName: 'InvalidReplicationFactorException',
      exceptionClass: 'org.apache.kafka.common.errors.InvalidReplicationFactorException',
      defaultMessage: 'Replication factor is below 1 or larger than the number of available brokers.',
    });
    expect(Errors.INVALID_RECORD.exceptionClass).toBe('org.apache.kafka.common.InvalidRecordException');
    expect(Errors.INVALID_RECORD.message).toBe('This record has failed the validation on broker and hence be rejected.');
    expect(Errors.NONE).toMatchObject({ code: 0, exceptionName: null, defaultMessage: null, message: 'NONE' });
    expect(Errors.TOPIC_ALREADY_EXISTS.message).toBe('Topic with this name already exists.');
  });

  it('reads an unknown code as UNKNOWN_SERVER_ERROR, as a 2.5 client does', () => {
    expect(errorForCode(89)).toBe(Errors.UNKNOWN_SERVER_ERROR);
    expect(errorForCode(-2).code).toBe(-1);
  });
});

describe('KafkaApiError', () => {
  it('carries code, name, exception class and the specific message', () => {
    const e = new KafkaApiError('INVALID_REPLICATION_FACTOR', 'Replication factor: 4 larger than available brokers: 3.');
    expect(e).toBeInstanceOf(Error);
    expect(e.code).toBe(38);
    expect(e.errorName).toBe('INVALID_REPLICATION_FACTOR');
    expect(e.exceptionName).toBe('InvalidReplicationFactorException');
    expect(e.name).toBe('InvalidReplicationFactorException');
    expect(e.message).toBe('Replication factor: 4 larger than available brokers: 3.');
    expect(e.apiMessage).toBe('Replication factor: 4 larger than available brokers: 3.');
  });

  it('falls back to the default message, which ApiError leaves out of a response', () => {
    const e = new KafkaApiError(Errors.NOT_CONTROLLER);
    expect(e.message).toBe('This is not the correct controller for this cluster.');
    expect(e.apiMessage).toBeNull();
  });

  it('can name a non-ApiException that reaches a response as UNKNOWN_SERVER_ERROR', () => {
    const e = new KafkaApiError(
      'UNKNOWN_SERVER_ERROR',
      'Not all brokers have rack information for replica rack aware assignment.',
      'AdminOperationException',
    );
    expect(e.code).toBe(-1);
    expect(e.exceptionName).toBe('AdminOperationException');
  });
});
