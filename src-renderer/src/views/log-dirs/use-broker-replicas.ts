/**
 * A broker's log dirs with the replicas each holds (size, offset lag, current or `-future`), read
 * again every second while a move is under way — while any `-future` log exists or a move was
 * just asked — so a view follows the copy until the swap.
 */
import { computed, onUnmounted, ref, shallowRef, watch } from 'vue';
import { useApi } from '../../api';
import type { BrokerReplicasDto, LogDirReplicaDto } from '../../api/types';

export const MOVE_POLL_MS = 1000;

/** What the move dialog asks about: a current replica, its size, and where it can go. */
export interface MoveReplicaTarget {
  readonly brokerId: number;
  readonly topic: string;
  readonly partition: number;
  readonly sourceDir: string;
  readonly sizeBytes: number;
  /** The broker's other online log dirs. */
  readonly dirs: readonly string[];
}

export function useBrokerReplicas(brokerId: () => number | null, onTick?: () => Promise<void> | void) {
  const api = useApi();
  const replicas = shallowRef<BrokerReplicasDto | null>(null);
  /** Set by `moveAsked` until a read shows the `-future` log (or the move already finished). */
  const awaitingFuture = ref(0);
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;

  const moving = computed(
    () => awaitingFuture.value > 0 || (replicas.value?.logDirs.some((d) => d.replicas.some((r) => r.isFuture)) ?? false),
  );

  async function load(): Promise<void> {
    const id = brokerId();
    if (id === null) {
      replicas.value = null;
      return;
    }
    try {
      const read = await api.logDirs.replicas(id);
      if (stopped || brokerId() !== id) return;
      replicas.value = read;
      if (awaitingFuture.value > 0) awaitingFuture.value--;
    } catch {
      // A broker just removed or stopped: the view keeps its last read; the listing shows the refusal.
    }
  }

  function replicaIn(dir: string, topic: string, partition: number, isFuture: boolean): LogDirReplicaDto | null {
    const d = replicas.value?.logDirs.find((x) => x.path === dir);
    return d?.replicas.find((r) => r.topic === topic && r.partition === partition && r.isFuture === isFuture) ?? null;
  }

  /** The broker's online dirs other than `dir`: where a replica in `dir` can move. */
  function otherOnlineDirs(dir: string): string[] {
    return (replicas.value?.logDirs ?? []).filter((d) => d.online && d.path !== dir).map((d) => d.path);
  }

  /** After AlterReplicaLogDirs: follow the move for a few reads even before the `-future` log shows. */
  function moveAsked(): void {
    awaitingFuture.value = 3;
    void tick();
  }

  async function tick(): Promise<void> {
    await load();
    await onTick?.();
  }

  watch(
    moving,
    (now) => {
      if (now && timer === null) timer = setInterval(() => void tick(), MOVE_POLL_MS);
      if (!now && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    },
    { immediate: true },
  );
  watch(brokerId, () => void load(), { immediate: true });
  onUnmounted(() => {
    stopped = true;
    if (timer !== null) clearInterval(timer);
  });

  return { replicas, moving, load, replicaIn, otherOnlineDirs, moveAsked };
}
