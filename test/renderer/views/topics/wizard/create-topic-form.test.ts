import { describe, expect, it } from 'vitest';
import {
  blocksStep,
  configNameInMessage,
  emptyForm,
  fieldOf,
  finalRequest,
  previewRequest,
  STEP_ASSIGNMENT,
  STEP_CONFIGS,
  STEP_NAME,
  STEP_PARTITIONS,
  stepOfField,
} from '../../../../../src-renderer/src/lib/topics/create-topic-form';

describe('create-topic requests', () => {
  it('previews the automatic mode with the counts, or null counts for the controller defaults', () => {
    const form = { ...emptyForm(), name: 'orders', partitions: 6, replicationFactor: 3, rackAware: false };
    expect(previewRequest(form)).toEqual({
      name: 'orders',
      partitions: 6,
      replicationFactor: 3,
      assignment: { kind: 'automatic', rackAware: false },
      configs: {},
    });
    expect(previewRequest({ ...form, useDefaultPartitions: true, useDefaultReplicationFactor: true })).toMatchObject({
      partitions: null,
      replicationFactor: null,
    });
  });

  it('sends no counts with a manual grid or a pasted assignment (Kafka refuses both together)', () => {
    const form = { ...emptyForm(), name: 't', partitions: 2, replicationFactor: 1, assignmentKind: 'manual' as const, manual: [[0], [1]] };
    expect(previewRequest(form)).toMatchObject({
      partitions: null,
      replicationFactor: null,
      assignment: { kind: 'manual', assignment: [[0], [1]] },
    });
    expect(previewRequest({ ...form, assignmentKind: 'replica-assignment', replicaAssignmentText: '0,1' })).toMatchObject({
      partitions: null,
      assignment: { kind: 'replica-assignment', text: '0,1' },
    });
  });

  it('writes the previewed assignment as a manual one, with the non-empty config overrides', () => {
    const form = { ...emptyForm(), name: 't', configs: { 'retention.ms': '1000', 'cleanup.policy': ' ' } };
    expect(
      finalRequest(form, [
        [2, 0],
        [0, 1],
      ]),
    ).toEqual({
      name: 't',
      partitions: null,
      replicationFactor: null,
      assignment: {
        kind: 'manual',
        assignment: [
          [2, 0],
          [0, 1],
        ],
      },
      configs: { 'retention.ms': '1000' },
    });
  });
});

describe('where a refusal is shown', () => {
  it('maps the error field to its step and form field', () => {
    expect(stepOfField('name')).toBe(STEP_NAME);
    expect(stepOfField('replicationFactor')).toBe(STEP_PARTITIONS);
    expect(stepOfField('partitions')).toBe(STEP_PARTITIONS);
    expect(stepOfField('assignment')).toBe(STEP_ASSIGNMENT);
    expect(stepOfField('configs.retention.ms')).toBe(STEP_CONFIGS);
    expect(stepOfField(undefined)).toBeNull();
    expect(fieldOf({ name: 'INVALID_REPLICATION_FACTOR', message: 'm', field: 'replicationFactor' })).toBe('replicationFactor');
    expect(fieldOf({ name: 'INVALID_CONFIG', message: 'm', field: 'configs.retention.ms' })).toBe('retention.ms');
    expect(
      fieldOf({
        name: 'INVALID_CONFIG',
        message: 'Invalid value x for configuration retention.ms: Not a number of type LONG',
        field: 'configs',
      }),
    ).toBe('retention.ms');
    expect(fieldOf({ name: 'INVALID_CONFIG', message: 'something else', field: 'configs' })).toBe('configs');
    expect(fieldOf({ name: 'INVALID_REQUEST', message: 'm' })).toBeNull();
  });

  it('keeps a step only for errors of that step or an earlier one', () => {
    const rf = { name: 'INVALID_REPLICATION_FACTOR', message: 'm', field: 'replicationFactor' };
    expect(blocksStep(rf, STEP_NAME)).toBe(false);
    expect(blocksStep(rf, STEP_PARTITIONS)).toBe(true);
    const anywhere = { name: 'UNKNOWN_SERVER_ERROR', message: 'm' };
    expect(blocksStep(anywhere, STEP_PARTITIONS)).toBe(false);
    expect(blocksStep(anywhere, STEP_ASSIGNMENT)).toBe(true);
  });

  it("finds the config named in Kafka's config messages", () => {
    expect(configNameInMessage('Invalid value abc for configuration retention.ms: Not a number of type LONG')).toBe('retention.ms');
    expect(configNameInMessage('Unknown topic config name: foo.bar')).toBe('foo.bar');
    expect(configNameInMessage('nothing')).toBeNull();
  });
});
