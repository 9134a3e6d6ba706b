/**
 * The topic list: server-side search, filter and paging (a fixed page size), so that 10,000 topics
 * cost one page of rows in the DOM.
 */
import { defineStore } from 'pinia';
import { reactive, ref, shallowRef } from 'vue';
import { useApi } from '../api';
import { toApiCallError } from '../api/api-error';
import type { ApiErrorDto, TopicFilterDto, TopicSummaryDto } from '../api/types';

export const TOPIC_PAGE_SIZES = [20, 50, 100] as const;

export const useTopicsStore = defineStore('topics', () => {
  const api = useApi();
  const query = reactive({ search: '', filter: 'all' as TopicFilterDto, page: 1, pageSize: 50 });
  const topics = shallowRef<readonly TopicSummaryDto[]>([]);
  const total = ref(0);
  const loading = ref(false);
  const error = shallowRef<ApiErrorDto | null>(null);
  let sequence = 0;

  async function load(): Promise<void> {
    const mine = ++sequence;
    loading.value = true;
    try {
      const page = await api.topics.list({
        search: query.search.trim() === '' ? undefined : query.search.trim(),
        filter: query.filter,
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      if (mine !== sequence) return;
      // The page may have emptied (topics deleted, a narrower search): go back to the last one.
      const lastPage = Math.max(1, Math.ceil(page.total / query.pageSize));
      if (query.page > lastPage && page.total > 0) {
        query.page = lastPage;
        await load();
        return;
      }
      topics.value = page.topics;
      total.value = page.total;
      error.value = null;
    } catch (e) {
      if (mine === sequence) error.value = toApiCallError(e).dto;
    } finally {
      if (mine === sequence) loading.value = false;
    }
  }

  function setSearch(search: string): Promise<void> {
    query.search = search;
    query.page = 1;
    return load();
  }

  function setFilter(filter: TopicFilterDto): Promise<void> {
    query.filter = filter;
    query.page = 1;
    return load();
  }

  function setPage(page: number, pageSize = query.pageSize): Promise<void> {
    query.page = page;
    query.pageSize = pageSize;
    return load();
  }

  return { query, topics, total, loading, error, load, setSearch, setFilter, setPage };
});
