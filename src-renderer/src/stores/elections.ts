/**
 * The leader election page's data: the leader imbalance per broker and every partition's leader and
 * preferred replica (`elections.overview`), and ElectLeaders with the results of the last one.
 */
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import { useApi } from '../api';
import type { ElectionOverviewDto, ElectionRequestDto, ElectionResultDto } from '../api/types';
import { useApiAction } from '../composables/use-api-action';

export const useElectionsStore = defineStore('elections', () => {
  const api = useApi();
  const overview = shallowRef<ElectionOverviewDto | null>(null);
  const results = shallowRef<ElectionResultDto[] | null>(null);
  const { busy: loading, error, run } = useApiAction({ clearErrorOn: 'success' });
  const electing = useApiAction();

  async function load(): Promise<void> {
    await run(async () => {
      overview.value = await api.elections.overview();
    });
  }

  /** Runs the election; true when the request was answered (each partition's outcome in `results`). */
  async function elect(request: ElectionRequestDto): Promise<boolean> {
    const answered = await electing.run(() => api.elections.elect(request));
    if (answered === undefined) return false;
    results.value = answered;
    await load();
    return true;
  }

  return { overview, results, loading, error, electing: electing.busy, electError: electing.error, load, elect };
});
