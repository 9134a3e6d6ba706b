/**
 * Kafka 2.5's `DynamicLogConfig`: the `log.*` broker defaults (every topic config's broker synonym
 * but `log.message.format.version`, and `message.max.bytes`) applied live. The LogManager's
 * default config is rebuilt from the new broker config, then every log's config is rebuilt as the
 * new defaults under the topic's own overrides; when `unclean.leader.election.enable` turns on, the
 * controller is told (`enableDefaultUncleanLeaderElection`), which brings offline partitions online
 * if it is the active one.
 */
import { TopicConfigSynonyms, copyKafkaConfigToLog, LogConfig, type TopicConfigValues } from '../log/log-config';
import type { LogManager } from '../log/log-manager/log-manager';
import type { BrokerConfig } from '../config/kafka-config';
import type { ConfigValue } from '../common/config-def';
import type { BrokerReconfigurable } from './broker-reconfigurable';

const MESSAGE_FORMAT_VERSION = 'message.format.version';

/** `DynamicLogConfig.ReconfigurableConfigs`. */
export const DYNAMIC_LOG_RECONFIGURABLE_CONFIGS: ReadonlySet<string> = new Set(
  [...TopicConfigSynonyms.values()].filter((name) => name !== 'log.message.format.version'),
);

export class DynamicLogConfig implements BrokerReconfigurable {
  readonly reconfigurableConfigs = DYNAMIC_LOG_RECONFIGURABLE_CONFIGS;

  constructor(
    private readonly logManager: LogManager,
    /** `server.kafkaController.enableDefaultUncleanLeaderElection()`. */
    private readonly enableDefaultUncleanLeaderElection: () => void,
  ) {}

  /** Names and types are already validated; as for topic overrides, nothing more is checked. */
  validateReconfiguration(): void {}

  reconfigure(_oldConfig: BrokerConfig, newConfig: BrokerConfig): void {
    const current = this.logManager.config.defaultLogConfig;
    const origUnclean = LogConfig.fromProps(current).uncleanLeaderElectionEnable;
    // The log message format stays what the broker started with (it is not reconfigurable).
    const newDefaults: Record<string, ConfigValue> = { ...current };
    for (const [name, value] of copyKafkaConfigToLog(newConfig)) if (name !== MESSAGE_FORMAT_VERSION) newDefaults[name] = value;
    this.logManager.reconfigureDefaultLogConfig(newDefaults);
    this.updateLogsConfig(newDefaults);
    if (LogConfig.fromProps(newDefaults).uncleanLeaderElectionEnable && !origUnclean) this.enableDefaultUncleanLeaderElection();
  }

  /** `updateLogsConfig`: each log's overrides kept over the new defaults. */
  private updateLogsConfig(newDefaults: TopicConfigValues): void {
    for (const log of this.logManager.allLogs()) {
      const overrides: Record<string, ConfigValue> = {};
      for (const k of log.config.overriddenConfigs) overrides[k] = log.config.originals.get(k) ?? null;
      log.updateConfig(LogConfig.fromProps(newDefaults, overrides));
    }
  }
}
