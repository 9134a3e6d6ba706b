/**
 * The create-topic wizard's form and the requests it makes, without the UI.
 *
 * Steps: 0 name → 1 partitions and replication factor → 2 assignment → 3 configs → 4 review
 * (validate only / create) → 5 follow the partitions until they are online.
 *
 * What the person saw is what is written: the assignment step previews the assignment (Kafka's
 * automatic algorithm draws a random start, so two previews may differ), and from then on the
 * wizard sends that previewed assignment as a manual one, with no partition count or replication
 * factor (Kafka refuses both together with an assignment).
 */
import type { ApiErrorDto, AssignmentModeDto, CreateTopicRequestDto } from '../../api/types';
import { formatReplicaAssignment, type Assignment } from './assignment-grid';

export type AssignmentKind = 'automatic' | 'manual' | 'replica-assignment';
export const ASSIGNMENT_KINDS: readonly AssignmentKind[] = ['automatic', 'manual', 'replica-assignment'];
/** The i18n key naming each kind (in the create wizard and in the alter wizard's add partitions). */
export const ASSIGNMENT_KIND_LABELS: Readonly<Record<AssignmentKind, string>> = {
  automatic: 'wizard.assignment.automatic',
  manual: 'wizard.assignment.manual',
  'replica-assignment': 'wizard.assignment.paste',
};

export interface CreateTopicForm {
  name: string;
  partitions: number;
  /** Send no partition count: the controller's `num.partitions` applies. */
  useDefaultPartitions: boolean;
  replicationFactor: number;
  /** Send no replication factor: the controller's `default.replication.factor` applies. */
  useDefaultReplicationFactor: boolean;
  assignmentKind: AssignmentKind;
  rackAware: boolean;
  /** The manual grid: replicas per partition. */
  manual: number[][];
  /** A pasted `--replica-assignment` (`0:1,1:2`). */
  replicaAssignmentText: string;
  /** Topic config overrides (name → value; empty values are not sent). */
  configs: Record<string, string>;
}

export function emptyForm(): CreateTopicForm {
  return {
    name: '',
    partitions: 1,
    useDefaultPartitions: false,
    replicationFactor: 1,
    useDefaultReplicationFactor: false,
    assignmentKind: 'automatic',
    rackAware: true,
    manual: [],
    replicaAssignmentText: '',
    configs: {},
  };
}

export const STEP_NAME = 0;
export const STEP_PARTITIONS = 1;
export const STEP_ASSIGNMENT = 2;
export const STEP_CONFIGS = 3;
export const STEP_REVIEW = 4;
export const STEP_FOLLOW = 5;

/** The config overrides to send: empty values dropped. */
export function configOverrides(form: CreateTopicForm): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(form.configs)) {
    if (value.trim() !== '') result[name] = value.trim();
  }
  return result;
}

/** The assignment mode of the form, as the person chose it. */
export function assignmentMode(form: CreateTopicForm): AssignmentModeDto {
  switch (form.assignmentKind) {
    case 'automatic':
      return { kind: 'automatic', rackAware: form.rackAware };
    case 'manual':
      return { kind: 'manual', assignment: form.manual.map((r) => [...r]) };
    case 'replica-assignment':
      return { kind: 'replica-assignment', text: form.replicaAssignmentText };
  }
}

/**
 * The request the assignment step previews: counts only with the automatic mode (a manual or
 * pasted assignment carries them itself).
 */
export function previewRequest(form: CreateTopicForm, withConfigs = true): CreateTopicRequestDto {
  const automatic = form.assignmentKind === 'automatic';
  return {
    name: form.name,
    partitions: automatic && !form.useDefaultPartitions ? form.partitions : null,
    replicationFactor: automatic && !form.useDefaultReplicationFactor ? form.replicationFactor : null,
    assignment: assignmentMode(form),
    configs: withConfigs ? configOverrides(form) : {},
  };
}

/** The request that writes exactly `previewed` (after validate-only, or for real). */
export function finalRequest(form: CreateTopicForm, previewed: Assignment): CreateTopicRequestDto {
  return {
    name: form.name,
    partitions: null,
    replicationFactor: null,
    assignment: { kind: 'manual', assignment: previewed.map((r) => [...r]) },
    configs: configOverrides(form),
  };
}

/**
 * The step a refused request's field belongs to (the error is shown next to that field), or null
 * when the error names no field of the wizard (it is shown at the top).
 */
export function stepOfField(field: string | undefined): number | null {
  if (field === undefined || field === '') return null;
  const f = field.toLowerCase();
  if (f === 'name' || f === 'topic') return STEP_NAME;
  if (f.startsWith('partition') || f === 'numpartitions') return STEP_PARTITIONS;
  if (f.startsWith('replication')) return STEP_PARTITIONS;
  if (f.startsWith('assignment') || f.startsWith('replica')) return STEP_ASSIGNMENT;
  if (f.startsWith('config')) return STEP_CONFIGS;
  return null;
}

/** The form field an error is shown next to: `name`, `partitions`, `replicationFactor`, `assignment`, `configs` or a config name. */
export function fieldOf(error: ApiErrorDto): string | null {
  const field = error.field;
  if (field === undefined) return null;
  const step = stepOfField(field);
  if (step === STEP_NAME) return 'name';
  if (step === STEP_PARTITIONS) return field.toLowerCase().startsWith('replication') ? 'replicationFactor' : 'partitions';
  if (step === STEP_ASSIGNMENT) return 'assignment';
  if (step === STEP_CONFIGS) {
    // `configs.retention.ms` or `configs[retention.ms]` name one config.
    const match = /^configs?(?:\.|\[)(.+?)\]?$/.exec(field);
    return match ? match[1] : (configNameInMessage(error.message) ?? 'configs');
  }
  return null;
}

/** Whether an error found while leaving `step` keeps the wizard there. */
export function blocksStep(error: ApiErrorDto, step: number): boolean {
  const owner = stepOfField(error.field);
  // From the assignment step on, the preview itself must succeed; an error about no field stops it.
  if (owner === null) return step >= STEP_ASSIGNMENT;
  return owner <= step;
}

/** Effective counts, for the manual grid: what the form says, or the controller's defaults. */
export function effectiveCounts(
  form: CreateTopicForm,
  defaults: { numPartitions: number; defaultReplicationFactor: number } | null,
): {
  partitions: number;
  replicationFactor: number;
} {
  return {
    partitions: form.useDefaultPartitions && defaults ? defaults.numPartitions : form.partitions,
    replicationFactor: form.useDefaultReplicationFactor && defaults ? defaults.defaultReplicationFactor : form.replicationFactor,
  };
}

/**
 * The config a Kafka config error is about, from its message: `Invalid value x for configuration
 * retention.ms: …` (ConfigException) or `Unknown topic config name: foo`.
 */
export function configNameInMessage(message: string): string | null {
  const match = /for configuration ([A-Za-z0-9._-]+):/.exec(message) ?? /Unknown topic config name: ([A-Za-z0-9._-]+)/.exec(message);
  return match ? match[1] : null;
}

/**
 * Whether kafka-topics.sh would print its metric-name warning for this name: it has a period or an
 * underscore (`Topic.hasCollisionChars`), which Kafka's metric names both turn into the same one.
 */
export function hasCollisionChars(name: string): boolean {
  return name.includes('.') || name.includes('_');
}

/**
 * The kafka-topics.sh command that writes exactly what the review shows: the previewed assignment
 * as `--replica-assignment` (Kafka's automatic one draws a random start, so `--partitions` could
 * give another), and each override as `--config`.
 */
export function createTopicCommand(form: CreateTopicForm, previewed: Assignment, bootstrapServer: string): string {
  const parts = [
    'kafka-topics.sh --create',
    `--bootstrap-server ${bootstrapServer}`,
    `--topic ${form.name}`,
    `--replica-assignment ${formatReplicaAssignment(previewed)}`,
  ];
  for (const [name, value] of Object.entries(configOverrides(form))) parts.push(`--config ${name}=${value}`);
  return parts.join(' ');
}
