/** The log dir browser's roots: every broker's log dirs, and the folders opened read-only. */
import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { useApi } from '../api';
import { toApiCallError } from '../api/api-error';
import type { ApiErrorDto, LogDirRootDto } from '../api/types';

export const useLogDirsStore = defineStore('log-dirs', () => {
  const api = useApi();
  const roots = shallowRef<readonly LogDirRootDto[]>([]);
  const loading = ref(false);
  const error = shallowRef<ApiErrorDto | null>(null);

  const brokerRoots = computed(() => roots.value.filter((r) => r.kind === 'broker'));
  const openedRoots = computed(() => roots.value.filter((r) => r.kind === 'external'));

  async function load(): Promise<void> {
    loading.value = true;
    try {
      roots.value = await api.logDirs.roots();
      error.value = null;
    } catch (e) {
      error.value = toApiCallError(e).dto;
    } finally {
      loading.value = false;
    }
  }

  /** Opens a folder read-only; the refusal (no such directory …) is thrown to the caller's form. */
  async function openFolder(path: string): Promise<LogDirRootDto> {
    const root = await api.logDirs.openFolder(path);
    await load();
    return root;
  }

  async function closeFolder(id: string): Promise<void> {
    await api.logDirs.closeFolder(id);
    await load();
  }

  function rootById(id: string): LogDirRootDto | undefined {
    return roots.value.find((r) => r.id === id);
  }

  return { roots, loading, error, brokerRoots, openedRoots, load, openFolder, closeFolder, rootById };
});
