/** Broker actions, each explained before it is done, and broker configs. */
import { defineStore } from 'pinia';
import { useApi } from '../api';
import type { BrokerActionDto, BrokerConfigEntryDto, BrokerDto, LocalizedText } from '../api/types';
import { useClusterStore } from './cluster';

export type BrokerAction = BrokerActionDto;

export const useBrokersStore = defineStore('brokers', () => {
  const api = useApi();
  const cluster = useClusterStore();

  function explain(brokerId: number, action: BrokerAction): Promise<LocalizedText[]> {
    return api.brokers.explain(brokerId, action);
  }

  /** Performs `action` (after the person confirmed the explanation), then refreshes the overview. */
  async function perform(brokerId: number, action: BrokerAction, logDir?: string): Promise<string | null> {
    let note: string | null = null;
    try {
      switch (action) {
        case 'start':
          await api.brokers.start(brokerId);
          break;
        case 'controlled-shutdown': {
          const result = await api.brokers.shutdown(brokerId);
          note = result.controlledShutdownSucceeded === false ? 'controlled-shutdown-failed' : null;
          break;
        }
        case 'kill':
          await api.brokers.kill(brokerId);
          break;
        case 'restart':
          await api.brokers.restart(brokerId);
          break;
        case 'fail-log-dir':
          await api.brokers.failLogDir(brokerId, logDir ?? '');
          break;
        case 'remove':
          await api.brokers.remove(brokerId);
          break;
      }
    } finally {
      await cluster.loadOverview();
    }
    return note;
  }

  async function add(spec: { id?: number; rack: string | null; logDirs: number; config: Record<string, string> }): Promise<BrokerDto> {
    try {
      return await api.brokers.add(spec);
    } finally {
      await cluster.loadOverview();
    }
  }

  /** DescribeConfigs of a broker (null: the cluster-wide default, only the keys it sets). */
  function configs(brokerId: number | null): Promise<BrokerConfigEntryDto[]> {
    return api.brokers.configs(brokerId);
  }

  /** AlterConfigs of a broker (null: the cluster-wide default), the whole set of its dynamic configs. */
  function alterConfigs(brokerId: number | null, configs: Readonly<Record<string, string>>): Promise<void> {
    return api.brokers.alterConfigs(brokerId, configs, { validateOnly: false });
  }

  return { explain, perform, add, configs, alterConfigs };
});
