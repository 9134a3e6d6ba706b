import type { BrokerConfig } from '../config/kafka-config';

/**
 * `kafka.server.BrokerReconfigurable`: a part of the running broker that takes some broker configs
 * live. `DynamicBrokerConfig` validates every reconfigurable whose keys change before it switches
 * to the new config, and reconfigures them after (`addReconfigurable`).
 */
export interface BrokerReconfigurable {
  /** The keys this part reacts to (a change or deletion of one of them calls it). */
  readonly reconfigurableConfigs: ReadonlySet<string>;
  /** Throws a ConfigException to refuse the new config (nothing is applied then). */
  validateReconfiguration(newConfig: BrokerConfig): void;
  reconfigure(oldConfig: BrokerConfig, newConfig: BrokerConfig): void;
}
