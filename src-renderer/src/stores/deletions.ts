/**
 * The deletion monitor's data: every deletion in progress (or just finished), the one followed in
 * detail with its timeline, the finished ones, and the emulated clock read with them so that
 * countdowns run between two reads.
 */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { useApi } from '../api';
import type {
  DeletionHistoryEntryDto,
  DeletionMatchDto,
  DeletionOverviewDto,
  DeletionRequestResultDto,
  TopicDeletionDto,
} from '../api/types';
import { useApiAction } from '../composables/use-api-action';

export const useDeletionsStore = defineStore('deletions', () => {
  const api = useApi();
  const overview = shallowRef<DeletionOverviewDto | null>(null);
  const history = shallowRef<DeletionHistoryEntryDto[]>([]);
  const detail = shallowRef<TopicDeletionDto | null>(null);
  const selected = ref<string | null>(null);
  /** Wall-clock time the overview was read: the emulated now runs on from there at the clock's speed. */
  const readAtWallMs = ref(0);
  const { busy: loading, error, run } = useApiAction({ clearErrorOn: 'success' });

  async function load(): Promise<void> {
    await run(async () => {
      const [o, h] = await Promise.all([api.deletions.overview(), api.deletions.history(200)]);
      overview.value = o;
      history.value = h;
      readAtWallMs.value = Date.now();
      if (selected.value === null && o.deletions.length > 0) selected.value = o.deletions[o.deletions.length - 1].topic;
      if (selected.value !== null) detail.value = await api.deletions.detail(selected.value).catch(() => null);
    });
  }

  async function select(topic: string | null): Promise<void> {
    selected.value = topic;
    detail.value = topic === null ? null : await api.deletions.detail(topic).catch(() => null);
  }

  /** The emulated time now, from the last read and the clock's speed. */
  function nowMs(wallMs: number): number {
    const o = overview.value;
    if (o === null) return 0;
    return o.nowMs + Math.max(0, wallMs - readAtWallMs.value) * o.clockSpeed;
  }

  const active = computed(() => (overview.value?.deletions ?? []).filter((d) => d.stage !== 'gone'));

  function match(pattern: string): Promise<DeletionMatchDto> {
    return api.deletions.match(pattern);
  }

  async function remove(request: { topic?: string; pattern?: string; confirmation: string }): Promise<DeletionRequestResultDto[]> {
    const results = await api.deletions.delete(request);
    const first = results.find((r) => r.error === 'NONE');
    if (first) selected.value = first.topic;
    await load();
    return results;
  }

  return { overview, history, detail, selected, loading, error, active, load, select, nowMs, match, remove };
});
