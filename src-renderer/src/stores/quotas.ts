/**
 * The quotas page's data: every client quota entity with its configs (`/config/users`,
 * `/config/clients`, `<default>` at each level), each connected client's quotas in force with the
 * entity that supplies them, the rate the brokers measure and the throttle time (`quotas.overview`),
 * and the saves (one kafka-configs --alter: `--add-config` and `--delete-config`).
 */
import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import { useApi } from '../api';
import type { QuotaEntityNameDto, QuotaOverviewDto } from '../api/types';
import { useApiAction } from '../composables/use-api-action';

export const useQuotasStore = defineStore('quotas', () => {
  const api = useApi();
  const overview = shallowRef<QuotaOverviewDto | null>(null);
  const { busy: loading, error, run } = useApiAction({ clearErrorOn: 'success' });
  const saving = useApiAction();

  async function load(): Promise<void> {
    await run(async () => {
      overview.value = await api.quotas.overview();
    });
  }

  /**
   * Writes the entity's quotas in one alter (validated by the backend as AdminZkClient does,
   * nothing written when refused). True when written.
   */
  async function save(entity: QuotaEntityNameDto, set: Readonly<Record<string, string>>, remove: readonly string[]): Promise<boolean> {
    // Only the names: the API refuses an entity carrying other fields (a QuotaEntityDto's path, configs).
    const name: QuotaEntityNameDto = { user: entity.user, clientId: entity.clientId };
    const done = await saving.run(async () => {
      await api.quotas.alter(name, set, remove);
      return true;
    });
    await load();
    return done === true;
  }

  return { overview, loading, error, saving: saving.busy, saveError: saving.error, load, save };
});
