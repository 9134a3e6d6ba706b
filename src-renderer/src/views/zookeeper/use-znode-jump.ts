/**
 * Jumping to a znode by its path (typed in the path box, or `/zookeeper?path=…` from another page):
 * the path as ZooKeeper takes it, then the node revealed in the tree and selected, or a "does not
 * exist" answer that leaves the selection as it was.
 */
import { ref } from 'vue';
import { useApi } from '../../api';
import { toApiCallError } from '../../api/api-error';
import { useZooKeeperStore } from '../../stores/zookeeper';

/** A typed path as a znode path: a leading `/` added, trailing ones dropped (`brokers/ids/` → `/brokers/ids`). */
export function normalizeZnodePath(typed: string): string {
  const trimmed = typed.trim().replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

export type JumpOutcome =
  | { readonly kind: 'shown'; readonly path: string }
  | { readonly kind: 'missing'; readonly path: string }
  | { readonly kind: 'error'; readonly message: string };

export function useZnodeJump() {
  const api = useApi();
  const store = useZooKeeperStore();
  const outcome = ref<JumpOutcome | null>(null);

  async function jump(typed: string): Promise<JumpOutcome> {
    const path = normalizeZnodePath(typed);
    let result: JumpOutcome;
    try {
      const node = await api.zookeeper.get(path);
      if (node === null) result = { kind: 'missing', path };
      else {
        await store.reveal(path);
        result = { kind: 'shown', path };
      }
    } catch (e) {
      result = { kind: 'error', message: toApiCallError(e).dto.message };
    }
    outcome.value = result;
    return result;
  }

  return { outcome, jump };
}
