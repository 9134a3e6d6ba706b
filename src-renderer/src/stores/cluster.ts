/**
 * The open cluster as the overview shows it: the overview (brokers, controller, counts, clock), the
 * event timeline, and a `revision` that grows with every push so that other views can refresh.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { useApi } from '../api';
import { toApiCallError } from '../api/api-error';
import type { ClusterOverviewDto, EventDto, PushDto } from '../api/types';
import { useApiAction } from '../composables/use-api-action';
import { throttle } from '../lib/throttle';

/** Events kept in the timeline; older ones page in on demand. */
export const MAX_TIMELINE_EVENTS = 1000;
export const CLOCK_SPEEDS = [1, 10, 60, 100] as const;

export const useClusterStore = defineStore('cluster', () => {
  const api = useApi();
  const overview = shallowRef<ClusterOverviewDto | null>(null);
  const events = shallowRef<EventDto[]>([]);
  // The last refusal stays shown until a read succeeds.
  const { busy: loading, error, run } = useApiAction({ clearErrorOn: 'success' });
  /** Grows by one for every push: views watch it to refresh (throttled). */
  const revision = ref(0);

  async function loadOverview(): Promise<void> {
    const loaded = await run(() => api.cluster.overview());
    if (loaded !== undefined) overview.value = loaded;
  }

  async function loadEvents(limit = 200): Promise<void> {
    try {
      const latest = await api.cluster.events(limit);
      events.value = mergeEvents(events.value, latest);
    } catch (e) {
      error.value = toApiCallError(e).dto;
    }
  }

  async function loadOlderEvents(limit = 200): Promise<number> {
    const oldest = events.value[0];
    if (oldest === undefined) return 0;
    const older = await api.cluster.events(limit, oldest.seq);
    const before = events.value.length;
    events.value = mergeEvents(older, events.value, Number.MAX_SAFE_INTEGER);
    return events.value.length - before;
  }

  const refresh = throttle(() => loadOverview(), 1000);

  function handlePush(push: PushDto): void {
    revision.value++;
    if (push.type === 'events') {
      if (push.events.length > 0) events.value = mergeEvents(events.value, push.events);
      refresh.trigger();
    } else {
      // Another workspace: the old timeline belongs to the old cluster.
      events.value = [];
      overview.value = null;
      void loadOverview().then(() => loadEvents());
    }
  }

  async function setClockSpeed(speed: number): Promise<void> {
    await api.cluster.setClockSpeed(speed);
    await loadOverview();
  }

  return { overview, events, error, loading, revision, loadOverview, loadEvents, loadOlderEvents, handlePush, setClockSpeed };
});

/** `a` and `b` merged by seq (no duplicates, oldest first), keeping the newest `max`. */
export function mergeEvents(a: readonly EventDto[], b: readonly EventDto[], max = MAX_TIMELINE_EVENTS): EventDto[] {
  const bySeq = new Map<number, EventDto>();
  for (const e of a) bySeq.set(e.seq, e);
  for (const e of b) bySeq.set(e.seq, e);
  const merged = [...bySeq.values()].sort((x, y) => x.seq - y.seq);
  return merged.length > max ? merged.slice(merged.length - max) : merged;
}
