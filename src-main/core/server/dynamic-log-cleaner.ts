/**
 * Kafka 2.5's `LogCleaner` as a `BrokerReconfigurable`: the `log.cleaner.*` keys of
 * `LogCleaner.ReconfigurableConfigs` changed through AlterConfigs or `/config/brokers/<id>` rebuild
 * the cleaner's config and restart its threads (`reconfigure`: `shutdown()` then `startup()`), so a
 * new thread count, dedupe buffer, I/O buffer or back-off takes effect at once. As in 2.5.1 the I/O
 * throttler is the one built with the LogCleaner: a new `log.cleaner.io.max.bytes.per.second`
 * takes effect only at the broker's next start.
 */
import { ConfigException } from '../common/config-def';
import type { BrokerConfig } from '../config/kafka-config';
import { LOG_CLEANER_CONFIGS } from '../admin/dynamic-broker-config';
import type { CleanerConfig } from '../log/cleaner/cleaner-config';
import type { LogCleaner } from '../log/cleaner/log-cleaner';
import type { BrokerReconfigurable } from './broker-reconfigurable';

/** `LogCleaner.cleanerConfig(KafkaConfig)`. */
export function cleanerConfigOf(config: BrokerConfig): CleanerConfig {
  return {
    numThreads: config.get('log.cleaner.threads') as number,
    dedupeBufferSize: Number(config.get('log.cleaner.dedupe.buffer.size') as bigint),
    dedupeBufferLoadFactor: config.get('log.cleaner.io.buffer.load.factor') as number,
    ioBufferSize: config.get('log.cleaner.io.buffer.size') as number,
    maxMessageSize: config.get('message.max.bytes') as number,
    maxIoBytesPerSecond: config.get('log.cleaner.io.max.bytes.per.second') as number,
    backOffMs: Number(config.get('log.cleaner.backoff.ms') as bigint),
    enableCleaner: config.logCleanerEnable,
  };
}

/** `LogCleaner.validateReconfiguration`: the thread count may at most halve or double. */
export function validateLogCleanerThreads(currentThreads: number, newConfig: BrokerConfig): void {
  const numThreads = newConfig.value('log.cleaner.threads') as number;
  if (numThreads < 1) throw new ConfigException('Log cleaner threads should be at least 1');
  if (numThreads < Math.trunc(currentThreads / 2))
    throw new ConfigException(`Log cleaner threads cannot be reduced to less than half the current value ${currentThreads}`);
  if (numThreads > currentThreads * 2)
    throw new ConfigException(`Log cleaner threads cannot be increased to more than double the current value ${currentThreads}`);
}

export class DynamicLogCleaner implements BrokerReconfigurable {
  readonly reconfigurableConfigs: ReadonlySet<string> = new Set(LOG_CLEANER_CONFIGS);

  constructor(private readonly cleaner: LogCleaner) {}

  validateReconfiguration(newConfig: BrokerConfig): void {
    validateLogCleanerThreads(this.cleaner.config.numThreads, newConfig);
  }

  reconfigure(_oldConfig: BrokerConfig, newConfig: BrokerConfig): void {
    this.cleaner.reconfigure(cleanerConfigOf(newConfig));
  }
}
