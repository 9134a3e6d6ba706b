import { onUnmounted, watch } from 'vue';
import { throttle } from '../lib/throttle';
import { useClusterStore } from '../stores/cluster';

/**
 * Calls `refresh` when pushes arrive (the cluster store's revision grows), at most once per
 * `intervalMs`, for as long as the calling component lives.
 */
export function useRefreshOnPush(refresh: () => Promise<unknown> | void, intervalMs = 1000): void {
  const cluster = useClusterStore();
  const throttled = throttle(refresh, intervalMs);
  const stop = watch(
    () => cluster.revision,
    () => throttled.trigger(),
  );
  onUnmounted(() => {
    stop();
    throttled.cancel();
  });
}
