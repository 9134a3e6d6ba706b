/**
 * The consumer groups page's data: the list (as filtered and sorted by the API: search, state,
 * minimum lag, sort by lag or members), the group followed in detail and its rebalances.
 */
import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import { useApi } from '../api';
import type {
  GroupDetailDto,
  GroupHistoryEntryDto,
  GroupListDto,
  GroupListQueryDto,
  GroupOffsetDeletionDto,
  GroupResetRequestDto,
  GroupResetResultDto,
} from '../api/types';
import { useApiAction } from '../composables/use-api-action';

/** Groups per page: a thousand groups stay quick to render. */
export const PAGE_SIZE = 50;

export const useGroupsStore = defineStore('groups', () => {
  const api = useApi();
  const page = shallowRef<GroupListDto | null>(null);
  const detail = shallowRef<GroupDetailDto | null>(null);
  const history = shallowRef<GroupHistoryEntryDto[]>([]);
  const selected = ref<string | null>(null);
  const query = ref<GroupListQueryDto>({ sort: 'group', offset: 0, limit: PAGE_SIZE });
  const { busy: loading, error, run } = useApiAction({ clearErrorOn: 'success' });

  async function load(): Promise<void> {
    await run(async () => {
      page.value = await api.groups.list(query.value);
      if (selected.value === null) return;
      const [d, h] = await Promise.all([api.groups.detail(selected.value).catch(() => null), api.groups.history(selected.value)]);
      detail.value = d;
      history.value = h;
    });
  }

  async function select(groupId: string | null): Promise<void> {
    selected.value = groupId;
    detail.value = null;
    history.value = [];
    if (groupId !== null) await load();
  }

  /** A new filter or sort starts at the first page. */
  function setQuery(next: GroupListQueryDto): Promise<void> {
    query.value = { ...next, offset: 0, limit: PAGE_SIZE };
    return load();
  }

  function setPage(page: number): Promise<void> {
    query.value = { ...query.value, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
    return load();
  }

  // ---- actions: reset offsets (dry run, then execute), delete the group or a topic's offsets ----
  const action = useApiAction();

  /** The plan (dry run) or the plan committed; undefined when Kafka refused, the refusal in `action.error`. */
  async function resetOffsets(request: GroupResetRequestDto): Promise<GroupResetResultDto | undefined> {
    const result = await action.run(() => api.groups.resetOffsets(request));
    if (result?.executed) await load();
    return result;
  }

  async function deleteGroup(groupId: string): Promise<boolean> {
    const done = await action.run(async () => {
      await api.groups.deleteGroup(groupId);
      return true;
    });
    if (done) await select(null);
    return done === true;
  }

  async function deleteOffsets(groupId: string, topic: string): Promise<GroupOffsetDeletionDto[] | undefined> {
    const result = await action.run(() => api.groups.deleteOffsets(groupId, topic));
    await load();
    return result;
  }

  return {
    page,
    detail,
    history,
    selected,
    query,
    loading,
    error,
    load,
    select,
    setQuery,
    setPage,
    actionBusy: action.busy,
    actionError: action.error,
    resetOffsets,
    deleteGroup,
    deleteOffsets,
  };
});
