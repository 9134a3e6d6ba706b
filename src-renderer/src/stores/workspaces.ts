/** The clusters page: every workspace, the open one, and what can be done to them. */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { useApi } from '../api';
import type { ClusterProfileDto, PushDto, SnapshotDto, WorkspaceSummaryDto } from '../api/types';
import { useApiAction } from '../composables/use-api-action';

export const useWorkspacesStore = defineStore('workspaces', () => {
  const api = useApi();
  const list = shallowRef<WorkspaceSummaryDto[]>([]);
  const current = shallowRef<WorkspaceSummaryDto | null>(null);
  const loaded = ref(false);
  // The last refusal stays shown until a read succeeds.
  const { busy: loading, error, run } = useApiAction({ clearErrorOn: 'success' });

  const currentName = computed(() => current.value?.name ?? null);

  async function load(): Promise<void> {
    const read = await run(() => Promise.all([api.workspaces.list(), api.workspaces.current()]));
    if (read !== undefined) [list.value, current.value] = read;
    loaded.value = true;
  }

  /** Runs a change, then reloads the list; the error (Kafka's words) is rethrown for the form. */
  async function change<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } finally {
      await load();
    }
  }

  const create = (profile: ClusterProfileDto) => change(() => api.workspaces.create(profile));
  const open = (id: string) => change(() => api.workspaces.open(id));
  const rename = (id: string, name: string) => change(() => api.workspaces.rename(id, name));
  const snapshot = (id: string, name: string): Promise<SnapshotDto> => change(() => api.workspaces.snapshot(id, name));
  const restore = (snapshotId: string) => change(() => api.workspaces.restore(snapshotId));
  const remove = (id: string) => change(() => api.workspaces.remove(id));

  function handlePush(push: PushDto): void {
    if (push.type !== 'workspace-changed') return;
    current.value = push.workspace;
    void load();
  }

  return { list, current, currentName, loading, loaded, error, load, create, open, rename, snapshot, restore, remove, handlePush };
});
