/**
 * Kafka 2.5's `DynamicThreadPool`: the thread counts a broker takes live. A new count must be at
 * least half and at most double the one in force, both when AlterConfigs is checked and when a
 * broker applies `/config/brokers`. In the emulation only `num.replica.fetchers` has threads to
 * resize (the replica fetchers); the other counts become the broker's config and nothing more.
 */
import { ConfigException } from '../common/config-def';
import { DYNAMIC_THREAD_POOL_CONFIGS } from '../admin/dynamic-broker-config';
import type { BrokerConfig } from '../config/kafka-config';
import type { BrokerReconfigurable } from './broker-reconfigurable';

/** `DynamicThreadPool.validateReconfiguration` of `next` against the counts of `current`, in 2.5.1's words. */
export function validateThreadCounts(current: BrokerConfig, next: BrokerConfig): void {
  for (const k of DYNAMIC_THREAD_POOL_CONFIGS) {
    const newValue = next.value(k) as number;
    const oldValue = current.value(k) as number;
    if (newValue === oldValue) continue;
    const errorMsg = `Dynamic thread count update validation failed for ${k}=${newValue}`;
    if (newValue <= 0) throw new ConfigException(`${errorMsg}, value should be at least 1`);
    if (newValue < Math.trunc(oldValue / 2))
      throw new ConfigException(`${errorMsg}, value should be at least half the current value ${oldValue}`);
    if (newValue > oldValue * 2)
      throw new ConfigException(`${errorMsg}, value should not be greater than double the current value ${oldValue}`);
  }
}

/** What the thread pool resizes: the replica fetchers (`replicaManager.replicaFetcherManager`). */
export interface ResizableFetchers {
  resizeThreadPool(newSize: number): void;
}

export class DynamicThreadPool implements BrokerReconfigurable {
  readonly reconfigurableConfigs: ReadonlySet<string> = new Set(DYNAMIC_THREAD_POOL_CONFIGS);

  constructor(
    private readonly currentConfig: () => BrokerConfig,
    private readonly replicaFetchers: () => ResizableFetchers | null,
  ) {}

  validateReconfiguration(newConfig: BrokerConfig): void {
    validateThreadCounts(this.currentConfig(), newConfig);
  }

  reconfigure(oldConfig: BrokerConfig, newConfig: BrokerConfig): void {
    const threads = newConfig.value('num.replica.fetchers') as number;
    if (threads !== oldConfig.value('num.replica.fetchers')) this.replicaFetchers()?.resizeThreadPool(threads);
  }
}
