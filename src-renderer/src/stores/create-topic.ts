/**
 * The create-topic wizard's state and steps (the views only render it). See
 * lib/topics/create-topic-form.ts for the requests and the rule that the previewed
 * assignment is the one written.
 */
import { defineStore } from 'pinia';
import { computed, reactive, ref, shallowRef, watch } from 'vue';
import { useApi } from '../api';
import { toApiCallError } from '../api/api-error';
import type {
  ApiErrorDto,
  CreateTopicPreviewDto,
  CreateTopicRequestDto,
  TopicConfigKeyDto,
  TopicDefaultsDto,
  TopicDetailDto,
} from '../api/types';
import {
  cloneAssignment,
  parseReplicaAssignment,
  ReplicaAssignmentSyntaxError,
  resizeAssignment,
  validateManualAssignment,
  type Assignment,
  type GridProblem,
} from '../lib/topics/assignment-grid';
import {
  blocksStep,
  effectiveCounts,
  emptyForm,
  fieldOf,
  finalRequest,
  previewRequest,
  STEP_ASSIGNMENT,
  STEP_CONFIGS,
  STEP_FOLLOW,
  STEP_NAME,
  STEP_PARTITIONS,
  STEP_REVIEW,
  stepOfField,
  type AssignmentKind,
  type CreateTopicForm,
} from '../lib/topics/create-topic-form';

/** How often the follow step reads the new topic while its partitions come online. */
export const FOLLOW_INTERVAL_MS = 500;

export const useCreateTopicStore = defineStore('create-topic', () => {
  const api = useApi();

  const form = reactive<CreateTopicForm>(emptyForm());
  const step = ref(STEP_NAME);
  const defaults = shallowRef<TopicDefaultsDto | null>(null);
  const configKeys = shallowRef<TopicConfigKeyDto[]>([]);
  const initError = shallowRef<ApiErrorDto | null>(null);

  /** The assignment step's preview: what will be written if the person goes on. */
  const preview = shallowRef<CreateTopicPreviewDto | null>(null);
  const previewing = ref(false);
  /** The last automatic assignment shown (seeds the manual grid). */
  const lastAutomatic = shallowRef<Assignment | null>(null);
  const gridProblems = shallowRef<GridProblem[]>([]);
  const pasteError = shallowRef<ReplicaAssignmentSyntaxError | null>(null);

  /** The latest refusal, in Kafka's words. */
  const error = shallowRef<ApiErrorDto | null>(null);
  const busy = ref(false);
  /** The review step's preview of the final (manual) request: the znodes that will be written. */
  const review = shallowRef<CreateTopicPreviewDto | null>(null);
  const validated = ref(false);

  const detail = shallowRef<TopicDetailDto | null>(null);
  const followError = shallowRef<ApiErrorDto | null>(null);
  let followTimer: ReturnType<typeof setTimeout> | null = null;
  let previewSequence = 0;

  const liveBrokerIds = computed(() => (defaults.value?.liveBrokers ?? []).map((b) => b.id));
  const hasRacks = computed(() => (defaults.value?.liveBrokers ?? []).some((b) => b.rack !== null));
  const counts = computed(() => effectiveCounts(form, defaults.value));
  /** The assignment that will be written (from the preview), or null while there is none. */
  const previewed = computed<Assignment | null>(() => (preview.value && preview.value.error === null ? preview.value.assignment : null));

  /** Errors shown next to a field (`name`, `partitions`, `replicationFactor`, `assignment`, a config name). */
  const fieldErrors = computed<Record<string, string>>(() => {
    const e = error.value;
    if (e === null) return {};
    const field = fieldOf(e);
    return field === null ? {} : { [field]: e.message };
  });
  /**
   * An error shown at the top: it names no field of the wizard, or a field of another step than the
   * one shown (e.g. a refusal of the whole request on the review step).
   */
  const topError = computed(() => {
    const e = error.value;
    if (e === null) return null;
    return fieldOf(e) === null || stepOfField(e.field) !== step.value ? e : null;
  });

  // A refusal next to a field goes as soon as the person changes that field: it was about the old value.
  const FIELD_VALUES: Readonly<Record<string, () => unknown>> = {
    name: () => form.name,
    partitions: () => [form.partitions, form.useDefaultPartitions],
    replicationFactor: () => [form.replicationFactor, form.useDefaultReplicationFactor],
  };
  for (const [field, value] of Object.entries(FIELD_VALUES)) {
    watch(value, () => {
      if (error.value !== null && fieldOf(error.value) === field) error.value = null;
    });
  }
  watch(
    () => ({ ...form.configs }),
    (now, before) => {
      const e = error.value;
      if (e === null || stepOfField(e.field) !== STEP_CONFIGS) return;
      const field = fieldOf(e);
      if (field === 'configs' || field === null || now[field] !== before[field]) error.value = null;
    },
  );

  const allOnline = computed(() => {
    const d = detail.value;
    return d !== null && d.partitions.length > 0 && d.partitions.every((p) => p.state === 'OnlinePartition');
  });

  function resetState(): void {
    stopFollowing();
    Object.assign(form, emptyForm());
    step.value = STEP_NAME;
    preview.value = null;
    lastAutomatic.value = null;
    gridProblems.value = [];
    pasteError.value = null;
    error.value = null;
    review.value = null;
    validated.value = false;
    detail.value = null;
    followError.value = null;
    busy.value = false;
    previewSequence++;
  }

  /** Starts a new wizard: the controller's defaults and the topic config keys. */
  async function init(): Promise<void> {
    resetState();
    initError.value = null;
    try {
      const [d, keys] = await Promise.all([api.topics.defaults(), api.topics.configKeys()]);
      defaults.value = d;
      configKeys.value = keys;
      form.partitions = d.numPartitions;
      form.replicationFactor = d.defaultReplicationFactor;
    } catch (e) {
      initError.value = toApiCallError(e).dto;
    }
  }

  async function call(request: () => Promise<CreateTopicPreviewDto>): Promise<CreateTopicPreviewDto> {
    try {
      return await request();
    } catch (e) {
      return { assignment: [], znodes: [], error: toApiCallError(e).dto };
    }
  }

  /** The name and counts, checked as an automatic creation would check them (no configs yet). */
  function checkRequest(): CreateTopicRequestDto {
    return previewRequest({ ...form, assignmentKind: 'automatic' }, false);
  }

  /** Local checks of the manual grid / pasted text; true when the server may be asked. */
  function checkLocally(): boolean {
    gridProblems.value = [];
    pasteError.value = null;
    if (form.assignmentKind === 'manual') {
      gridProblems.value = validateManualAssignment(form.manual, {
        replicationFactor: counts.value.replicationFactor,
        partitions: counts.value.partitions,
        brokers: liveBrokerIds.value,
      });
      return gridProblems.value.length === 0;
    }
    if (form.assignmentKind === 'replica-assignment') {
      try {
        parseReplicaAssignment(form.replicaAssignmentText);
      } catch (e) {
        if (e instanceof ReplicaAssignmentSyntaxError) {
          pasteError.value = e;
          return false;
        }
        throw e;
      }
    }
    return true;
  }

  /**
   * Asks Kafka's algorithm (or the server's check of a manual assignment) for the assignment step's
   * preview. An older answer arriving after a newer request is dropped.
   */
  async function refreshPreview(): Promise<void> {
    const mine = ++previewSequence;
    error.value = null;
    validated.value = false;
    if (!checkLocally()) {
      preview.value = null;
      return;
    }
    previewing.value = true;
    try {
      const result = await call(() => api.topics.previewCreate(previewRequest(form, false)));
      if (mine !== previewSequence) return;
      preview.value = result;
      error.value = result.error;
      if (result.error === null && form.assignmentKind === 'automatic') lastAutomatic.value = result.assignment;
    } finally {
      if (mine === previewSequence) previewing.value = false;
    }
  }

  /** The preview no longer matches the form (an edit of the grid or the pasted text). */
  function invalidatePreview(): void {
    previewSequence++;
    previewing.value = false;
    preview.value = null;
    validated.value = false;
  }

  function setAssignmentKind(kind: AssignmentKind): void {
    form.assignmentKind = kind;
    if (kind === 'manual') {
      const hasReplicas = form.manual.some((r) => r.length > 0);
      if (!hasReplicas && lastAutomatic.value !== null && lastAutomatic.value.length === counts.value.partitions) {
        form.manual = cloneAssignment(lastAutomatic.value);
      } else {
        form.manual = resizeAssignment(form.manual, counts.value.partitions);
      }
    }
    gridProblems.value = [];
    pasteError.value = null;
    invalidatePreview();
  }

  function setManual(assignment: number[][]): void {
    form.manual = assignment;
    // Once refused, the grid is re-checked on every edit so the message goes away when fixed.
    if (gridProblems.value.length > 0) checkLocally();
    invalidatePreview();
  }

  /** Shows a refusal next to its field: the wizard goes back to the step of that field if it is an earlier one. */
  function refuse(e: ApiErrorDto): void {
    const owner = stepOfField(e.field);
    if (owner !== null && owner < step.value) step.value = owner;
    error.value = e;
  }

  async function next(): Promise<void> {
    if (busy.value) return;
    busy.value = true;
    error.value = null;
    try {
      switch (step.value) {
        case STEP_NAME:
        case STEP_PARTITIONS: {
          const result = await call(() => api.topics.previewCreate(checkRequest()));
          if (result.error !== null && blocksStep(result.error, step.value)) {
            refuse(result.error);
            return;
          }
          if (step.value === STEP_PARTITIONS) {
            form.manual = resizeAssignment(form.manual, counts.value.partitions);
            if (form.assignmentKind === 'automatic' && result.error === null) {
              preview.value = result;
              lastAutomatic.value = result.assignment;
            } else {
              invalidatePreview();
            }
          }
          step.value++;
          return;
        }
        case STEP_ASSIGNMENT: {
          if (!checkLocally()) return;
          if (previewed.value === null) await refreshPreview();
          if (previewed.value === null) return;
          step.value = STEP_CONFIGS;
          return;
        }
        case STEP_CONFIGS: {
          const assignment = previewed.value;
          if (assignment === null) {
            step.value = STEP_ASSIGNMENT;
            return;
          }
          const result = await call(() => api.topics.previewCreate(finalRequest(form, assignment)));
          if (result.error !== null) {
            refuse(result.error);
            return;
          }
          review.value = result;
          validated.value = false;
          step.value = STEP_REVIEW;
          return;
        }
      }
    } finally {
      busy.value = false;
    }
  }

  function back(): void {
    if (step.value === STEP_NAME || step.value >= STEP_FOLLOW) return;
    error.value = null;
    validated.value = false;
    step.value--;
  }

  function goTo(target: number): void {
    if (target < step.value && step.value < STEP_FOLLOW) {
      error.value = null;
      validated.value = false;
      step.value = target;
    }
  }

  /**
   * Sends the final request with the previewed assignment (`validateOnly`: Kafka only checks it);
   * the answer, or null when there is nothing to send or Kafka refused it (the refusal is shown).
   */
  async function send(validateOnly: boolean): Promise<CreateTopicPreviewDto | null> {
    const assignment = previewed.value;
    if (assignment === null || busy.value) return null;
    busy.value = true;
    error.value = null;
    if (validateOnly) validated.value = false;
    try {
      const result = await call(() => api.topics.create(finalRequest(form, assignment), { validateOnly }));
      if (result.error === null) return result;
      error.value = result.error;
      return null;
    } finally {
      busy.value = false;
    }
  }

  /** Validate only: Kafka checks the request and writes nothing. */
  async function validateOnly(): Promise<boolean> {
    const result = await send(true);
    if (result === null) return false;
    if (result.znodes.length > 0) review.value = result;
    validated.value = true;
    return true;
  }

  /** Creates the topic with the previewed assignment, then follows its partitions. */
  async function create(): Promise<boolean> {
    if ((await send(false)) === null) return false;
    step.value = STEP_FOLLOW;
    startFollowing();
    return true;
  }

  async function pollOnce(): Promise<void> {
    try {
      detail.value = await api.topics.detail(form.name);
      followError.value = null;
    } catch (e) {
      followError.value = toApiCallError(e).dto;
    }
  }

  function startFollowing(): void {
    stopFollowing();
    const tick = async (): Promise<void> => {
      followTimer = null;
      await pollOnce();
      if (!allOnline.value && step.value === STEP_FOLLOW) followTimer = setTimeout(() => void tick(), FOLLOW_INTERVAL_MS);
    };
    followTimer = setTimeout(() => void tick(), 0);
  }

  function stopFollowing(): void {
    if (followTimer !== null) clearTimeout(followTimer);
    followTimer = null;
  }

  return {
    form,
    step,
    defaults,
    configKeys,
    initError,
    preview,
    previewing,
    previewed,
    lastAutomatic,
    gridProblems,
    pasteError,
    error,
    fieldErrors,
    topError,
    busy,
    review,
    validated,
    detail,
    followError,
    allOnline,
    liveBrokerIds,
    hasRacks,
    counts,
    init,
    refreshPreview,
    invalidatePreview,
    setAssignmentKind,
    setManual,
    next,
    back,
    goTo,
    validateOnly,
    create,
    pollOnce,
    startFollowing,
    stopFollowing,
    checkLocally,
  };
});

export { STEP_ASSIGNMENT, STEP_CONFIGS, STEP_FOLLOW, STEP_NAME, STEP_PARTITIONS, STEP_REVIEW };
