/**
 * Topic configs as the admin requests see them (`AdminManager`): the error a CreateTopics or
 * AlterConfigs request reports for a bad config, and the DescribeConfigs view of a topic — each
 * value with its source and synonyms, built the way `AdminManager` builds it. The configuration
 * itself (keys, validation, the typed LogConfig) is log/log-config.ts.
 */
import { convertToString, type ConfigValue } from '../common/config-def';
import { KafkaApiError } from '../common/kafka-errors';
import { copyKafkaConfigToLog, LOG_CONFIG_DEF, LogConfig, logConfigKey, TopicConfigSynonyms, validateTopicConfigs, type TopicConfigError } from '../log/log-config';
import { brokerConfigKey, KafkaConfig, type BrokerConfig } from './broker-config';

const K = KafkaConfig;

/** `DynamicBrokerConfig.brokerConfigSynonyms`: a broker key and the keys that stand in for it, by priority. */
export function brokerConfigSynonyms(name: string): string[] {
  switch (name) {
    case K.LogRollTimeMillisProp:
    case K.LogRollTimeHoursProp:
      return [K.LogRollTimeMillisProp, K.LogRollTimeHoursProp];
    case K.LogRollTimeJitterMillisProp:
    case K.LogRollTimeJitterHoursProp:
      return [K.LogRollTimeJitterMillisProp, K.LogRollTimeJitterHoursProp];
    case K.LogFlushIntervalMsProp:
      return [K.LogFlushIntervalMsProp, K.LogFlushSchedulerIntervalMsProp];
    case K.LogRetentionTimeMillisProp:
    case K.LogRetentionTimeMinutesProp:
    case K.LogRetentionTimeHoursProp:
      return [K.LogRetentionTimeMillisProp, K.LogRetentionTimeMinutesProp, K.LogRetentionTimeHoursProp];
    default:
      return [name];
  }
}

/** The error a request reports for a config problem: CreateTopics maps every one to INVALID_CONFIG. */
export function topicConfigApiError(error: TopicConfigError, api: 'CreateTopics' | 'AlterConfigs', topic: string): KafkaApiError {
  if (api === 'AlterConfigs' && error.exceptionName === 'ConfigException') {
    // AdminManager.alterConfigs wraps ConfigException/IllegalArgumentException in an InvalidRequestException.
    return new KafkaApiError(
      'INVALID_REQUEST',
      `Invalid config value for resource ConfigResource(type=TOPIC, name='${topic}'): ${error.message}`,
    );
  }
  return new KafkaApiError('INVALID_CONFIG', error.message);
}

/** `LogConfig.validate` as CreateTopics applies it: throws the first problem as INVALID_CONFIG. */
export function assertValidTopicConfigs(props: Readonly<Record<string, string>>): void {
  const [first] = validateTopicConfigs(props);
  if (first !== undefined) throw new KafkaApiError('INVALID_CONFIG', first.message);
}

/** `DescribeConfigsResponse.ConfigSource`, with its wire ids. */
export const ConfigSource = {
  UNKNOWN_CONFIG: 0,
  TOPIC_CONFIG: 1,
  DYNAMIC_BROKER_CONFIG: 2,
  DYNAMIC_DEFAULT_BROKER_CONFIG: 3,
  STATIC_BROKER_CONFIG: 4,
  DEFAULT_CONFIG: 5,
  DYNAMIC_BROKER_LOGGER_CONFIG: 6,
} as const;

export type ConfigSourceName = keyof typeof ConfigSource;

export interface ConfigSynonym {
  readonly name: string;
  readonly value: string | null;
  readonly source: ConfigSourceName;
}

/** One row of DescribeConfigs for a topic. */
export interface TopicConfigEntry {
  readonly name: string;
  readonly value: string | null;
  /** The source of the synonym that wins: the topic override, else the broker's, else the default. */
  readonly source: ConfigSourceName;
  readonly isReadOnly: false;
  readonly isSensitive: false;
  /** By priority, as DescribeConfigs returns them with includeSynonyms. */
  readonly synonyms: readonly ConfigSynonym[];
}

/**
 * `AdminManager.configSynonyms` for static configs: the broker synonyms set in server.properties
 * (STATIC_BROKER_CONFIG, value as written), then those with a non-null default (DEFAULT_CONFIG),
 * then — as 2.5 does — everything before the first entry named `brokerName` is dropped. So when only
 * `log.retention.hours` is set, retention.ms lists no synonym and reports DEFAULT_CONFIG.
 */
function configSynonyms(brokerName: string, broker: BrokerConfig): ConfigSynonym[] {
  const synonyms = brokerConfigSynonyms(brokerName);
  const all: ConfigSynonym[] = [];
  for (const name of synonyms) {
    if (broker.isSet(name)) all.push({ name, value: broker.originals[name], source: 'STATIC_BROKER_CONFIG' });
  }
  for (const name of synonyms) {
    const key = brokerConfigKey(name);
    const defaultValue = key === undefined || typeof key.defaultValue === 'symbol' ? null : convertToString(key.defaultValue, key.type);
    if (defaultValue !== null) all.push({ name, value: defaultValue, source: 'DEFAULT_CONFIG' });
  }
  const first = all.findIndex((s) => s.name === brokerName);
  return first < 0 ? [] : all.slice(first);
}

/**
 * What DescribeConfigs shows for a topic: every LogConfig key with its effective value as a string,
 * its source and synonyms, then any unknown keys stored in the topic's config (Kafka lists those
 * too, as TOPIC_CONFIG). Dynamic broker configs are not emulated. Throws ConfigException if a stored
 * value is invalid, which Kafka turns into UNKNOWN_SERVER_ERROR for the whole resource.
 */
export function effectiveTopicConfig(overrides: Readonly<Record<string, string>>, broker: BrokerConfig): TopicConfigEntry[] {
  const { values } = LogConfig.fromProps(copyKafkaConfigToLog(broker), overrides);
  const entries: TopicConfigEntry[] = LOG_CONFIG_DEF.map((key) => {
    const value = convertToString(values.get(key.name) as ConfigValue, key.type);
    const brokerName = TopicConfigSynonyms.get(key.name);
    const fromBroker = brokerName === undefined ? [] : configSynonyms(brokerName, broker);
    const synonyms: ConfigSynonym[] = Object.prototype.hasOwnProperty.call(overrides, key.name)
      ? [{ name: key.name, value, source: 'TOPIC_CONFIG' }, ...fromBroker]
      : fromBroker;
    return {
      name: key.name,
      value,
      source: synonyms.length === 0 ? 'DEFAULT_CONFIG' : synonyms[0].source,
      isReadOnly: false,
      isSensitive: false,
      synonyms,
    };
  });
  for (const [name, value] of Object.entries(overrides)) {
    if (logConfigKey(name) !== undefined) continue;
    entries.push({ name, value, source: 'TOPIC_CONFIG', isReadOnly: false, isSensitive: false, synonyms: [{ name, value, source: 'TOPIC_CONFIG' }] });
  }
  return entries;
}
