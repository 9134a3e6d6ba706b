/**
 * The reassignment page's data: the plan being edited (from `--generate` or by hand), its preview
 * (bytes per destination broker, throttles, rack warnings, refusals), the progress of what runs,
 * and the tool's output of the last execute, verify or cancel.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { useApi } from '../api';
import type {
  GeneratedPlanDto,
  GenerateRequestDto,
  PlanPartitionDto,
  PlanPreviewDto,
  ReassignmentProgressDto,
  VerifyResultDto,
} from '../api/types';
import { useApiAction } from '../composables/use-api-action';

export const useReassignmentsStore = defineStore('reassignments', () => {
  const api = useApi();
  const generated = shallowRef<GeneratedPlanDto | null>(null);
  /** The plan as edited: one row per partition, replicas as typed. */
  const plan = ref<PlanPartitionDto[]>([]);
  const preview = shallowRef<PlanPreviewDto | null>(null);
  const progress = shallowRef<ReassignmentProgressDto | null>(null);
  const verified = shallowRef<VerifyResultDto | null>(null);
  /** The last execute's or cancel's output lines. */
  const messages = shallowRef<readonly string[]>([]);
  /** What the generate form offers: the topics and the brokers with their racks. */
  const topics = shallowRef<string[]>([]);
  const brokers = shallowRef<ReadonlyArray<{ id: number; rack: string | null }>>([]);
  const generating = useApiAction();
  const previewing = useApiAction();
  const executing = useApiAction();
  const following = useApiAction({ clearErrorOn: 'success' });
  const verifying = useApiAction();

  async function loadChoices(): Promise<void> {
    await following.run(async () => {
      const [page, overview] = await Promise.all([api.topics.list({ limit: 10_000 }), api.cluster.overview()]);
      topics.value = page.topics.filter((t) => !t.beingDeleted).map((t) => t.name);
      brokers.value = overview.brokers.map((b) => ({ id: b.id, rack: b.rack }));
    });
  }

  async function generate(request: GenerateRequestDto): Promise<void> {
    const answer = await generating.run(() => api.reassignments.generate(request));
    if (!answer) return;
    generated.value = answer;
    plan.value = answer.proposed.partitions.map((p) => ({ ...p, replicas: [...p.replicas] }));
    await refreshPreview();
  }

  function setPlan(partitions: PlanPartitionDto[]): void {
    plan.value = partitions;
    preview.value = null;
  }

  async function refreshPreview(): Promise<void> {
    const answer = await previewing.run(() => api.reassignments.preview({ partitions: plan.value }));
    if (answer) preview.value = answer;
  }

  /** True when the reassignment started. */
  async function execute(throttleBytesPerSec: number | null, additional = false): Promise<boolean> {
    const answer = await executing.run(() => api.reassignments.execute({ partitions: plan.value }, { throttleBytesPerSec, additional }));
    if (!answer) return false;
    messages.value = answer.messages;
    verified.value = null;
    await loadProgress();
    return true;
  }

  async function loadProgress(): Promise<void> {
    const answer = await following.run(() => api.reassignments.progress());
    if (answer) progress.value = answer;
  }

  /**
   * What a push (or a poll while replicas catch up) may have changed: the progress and, unless
   * `keepPreview` (a confirmation is showing it), the plan's preview with each partition's current
   * replicas as they are now — a finished move no longer shows the replicas it had while it ran.
   */
  async function follow(options: { keepPreview?: boolean } = {}): Promise<void> {
    await loadProgress();
    if (preview.value === null || options.keepPreview || executing.busy.value) return;
    const shown = preview.value;
    const answer = await api.reassignments.preview({ partitions: plan.value }).catch(() => null);
    // An edit of the plan meanwhile dropped the preview: the answer is for the old plan.
    if (answer !== null && preview.value === shown) preview.value = answer;
  }

  async function verify(): Promise<void> {
    const answer = await verifying.run(() => api.reassignments.verify());
    if (!answer) return;
    verified.value = answer;
    await loadProgress();
  }

  async function cancel(partitions: ReadonlyArray<{ topic: string; partition: number }>): Promise<void> {
    const answer = await verifying.run(() => api.reassignments.cancel(partitions));
    if (!answer) return;
    messages.value = answer.messages;
    await loadProgress();
  }

  return {
    topics,
    brokers,
    loadChoices,
    generated,
    plan,
    preview,
    progress,
    verified,
    messages,
    generating: generating.busy,
    generateError: generating.error,
    previewing: previewing.busy,
    previewError: previewing.error,
    executing: executing.busy,
    executeError: executing.error,
    progressError: following.error,
    verifying: verifying.busy,
    verifyError: verifying.error,
    generate,
    setPlan,
    refreshPreview,
    execute,
    loadProgress,
    follow,
    verify,
    cancel,
  };
});
