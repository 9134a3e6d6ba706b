/**
 * The transactions page's data: every transactional id of the running coordinators
 * (`transactions.list`), and fencing a producer with what the coordinator answered.
 */
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import { useApi } from '../api';
import type { FenceProducerResultDto, TransactionDto } from '../api/types';
import { useApiAction } from '../composables/use-api-action';

export const useTransactionsStore = defineStore('transactions', () => {
  const api = useApi();
  const transactions = shallowRef<TransactionDto[]>([]);
  const lastFence = shallowRef<FenceProducerResultDto | null>(null);
  const { busy: loading, error, run } = useApiAction({ clearErrorOn: 'success' });
  const fencing = useApiAction();

  async function load(): Promise<void> {
    await run(async () => {
      transactions.value = await api.transactions.list();
    });
  }

  /** True when the coordinator answered (its answer in `lastFence`). */
  async function fence(transactionalId: string): Promise<boolean> {
    const answered = await fencing.run(() => api.transactions.fenceProducer(transactionalId));
    if (answered === undefined) return false;
    lastFence.value = answered;
    await load();
    return true;
  }

  return { transactions, lastFence, loading, error, fencing: fencing.busy, fenceError: fencing.error, load, fence };
});
