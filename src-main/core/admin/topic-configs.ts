/**
 * Topic configs as the admin requests see them (`AdminManager`): the error a CreateTopics or
 * AlterConfigs request reports for a bad config, and the DescribeConfigs view of a topic — each
 * value with its source and synonyms, built the way `AdminManager` builds it. The configuration
 * itself (keys, validation, the typed LogConfig) is log/log-config.ts.
 */
import { convertToString, type ConfigValue } from '../common/config-def';
import { javaHashMapIterationOrder } from '../common/jvm-hash-order';
import { KafkaApiError } from '../common/kafka-errors';
import {
  copyKafkaConfigToLog,
  LOG_CONFIG_DEF,
  LogConfig,
  logConfigKey,
  TopicConfigSynonyms,
  validateTopicConfigs,
  type TopicConfigError,
} from '../log/log-config';
import type { BrokerConfig } from '../config/kafka-config';
import { configResourceToString } from './broker-config-alter';
import {
  brokerConfigLayers,
  ConfigSource,
  configSynonyms,
  inAllConfigsOrder,
  type BrokerConfigLayers,
  type ConfigSourceName,
  type ConfigSynonym,
} from './config-synonyms';
import { brokerConfigSynonyms, isSensitiveConfigType } from './dynamic-broker-config';

export { ConfigSource, type ConfigSourceName, type ConfigSynonym } from './config-synonyms';
export { brokerConfigSynonyms } from './dynamic-broker-config';

/** The error a request reports for a config problem: CreateTopics maps every one to INVALID_CONFIG. */
export function topicConfigApiError(error: TopicConfigError, api: 'CreateTopics' | 'AlterConfigs', topic: string): KafkaApiError {
  if (api === 'AlterConfigs' && error.exceptionName === 'ConfigException') {
    // AdminManager.alterConfigs wraps ConfigException/IllegalArgumentException in an InvalidRequestException.
    return new KafkaApiError(
      'INVALID_REQUEST',
      `Invalid config value for resource ${configResourceToString('TOPIC', topic)}: ${error.message}`,
    );
  }
  return new KafkaApiError('INVALID_CONFIG', error.message);
}

/** `LogConfig.validate` as CreateTopics applies it: throws the first problem as INVALID_CONFIG. */
export function assertValidTopicConfigs(props: Readonly<Record<string, string>>): void {
  const [first] = validateTopicConfigs(props);
  if (first !== undefined) throw new KafkaApiError('INVALID_CONFIG', first.message);
}

/** One row of DescribeConfigs for a topic. */
export interface TopicConfigEntry {
  readonly name: string;
  readonly value: string | null;
  /** The source of the synonym that wins: the topic override, else the broker's, else the default. */
  readonly source: ConfigSourceName;
  readonly isReadOnly: false;
  /** A key LogConfig does not define: its type is unknown, so Kafka hides its value "to be safe". */
  readonly isSensitive: boolean;
  /** By priority, as DescribeConfigs returns them with includeSynonyms. */
  readonly synonyms: readonly ConfigSynonym[];
}

/**
 * What DescribeConfigs shows for a topic (`AdminManager.createTopicConfigEntry` over
 * `LogConfig.fromProps(copyKafkaConfigToLog(config), topicProps)`): every LogConfig key with its
 * effective value as `ConfigDef.convertToString` prints it (`compact,delete`), its source and
 * synonyms — the topic override, then the broker's synonyms (`configSynonyms`) — then any unknown
 * keys stored in the topic's config, which Kafka lists as sensitive (null value). Throws
 * ConfigException if a stored value is invalid, which Kafka turns into UNKNOWN_SERVER_ERROR for
 * the whole resource.
 */
export function effectiveTopicConfig(
  overrides: Readonly<Record<string, string>>,
  broker: BrokerConfig | BrokerConfigLayers,
): TopicConfigEntry[] {
  const logConfig = LogConfig.fromProps(copyKafkaConfigToLog(brokerConfigLayers(broker).currentConfig), overrides);
  const { values } = logConfig;
  const entry = (name: string, value: string | null, isSensitive: boolean, fromBroker: ConfigSynonym[]): TopicConfigEntry => {
    const synonyms: ConfigSynonym[] = Object.hasOwn(overrides, name)
      ? [{ name, value, source: 'TOPIC_CONFIG' }, ...fromBroker]
      : fromBroker;
    return { name, value, source: synonyms.length === 0 ? 'DEFAULT_CONFIG' : synonyms[0].source, isReadOnly: false, isSensitive, synonyms };
  };
  const entries = LOG_CONFIG_DEF.map((key) => {
    const brokerName = TopicConfigSynonyms.get(key.name);
    const fromBroker = brokerName === undefined ? [] : configSynonyms(brokerName, brokerConfigSynonyms(brokerName), false, broker);
    return entry(key.name, convertToString(values.get(key.name) as ConfigValue, key.type), false, fromBroker);
  });
  for (const name of Object.keys(overrides)) {
    if (logConfigKey(name) === undefined) entries.push(entry(name, null, isSensitiveConfigType(undefined), []));
  }
  return inAllConfigsOrder(
    entries,
    logConfig.originalsOrder(),
    LOG_CONFIG_DEF.map((k) => k.name),
  );
}

/** One config of a topic as CreateTopics v5 answers it (KIP-525): DescribeConfigs' entry without synonyms. */
export interface CreatedTopicConfig {
  readonly name: string;
  readonly value: string | null;
  readonly readOnly: boolean;
  /** `DescribeConfigsResponse.ConfigSource` id. */
  readonly configSource: number;
  readonly isSensitive: boolean;
}

/**
 * The configs CreateTopics v5 returns for a topic it creates or validates
 * (`AdminManager.createTopics`, `includeConfigsAndMetatadata`): each value of
 * `LogConfig.fromProps(copyKafkaConfigToLog(config), requestConfigs)` in the order of
 * `logConfig.values` — a `java.util.HashMap` copy of the definition, so a key of the request that
 * LogConfig does not define is not among them — each with the source DescribeConfigs would give it.
 */
export function createdTopicConfigs(
  requestConfigs: Readonly<Record<string, string>>,
  broker: BrokerConfig | BrokerConfigLayers,
): CreatedTopicConfig[] {
  const entries = new Map(effectiveTopicConfig(requestConfigs, broker).map((e) => [e.name, e]));
  return javaHashMapIterationOrder(LOG_CONFIG_DEF.map((k) => k.name)).map((name) => {
    const e = entries.get(name)!;
    return { name, value: e.value, readOnly: e.isReadOnly, configSource: ConfigSource[e.source], isSensitive: e.isSensitive };
  });
}
