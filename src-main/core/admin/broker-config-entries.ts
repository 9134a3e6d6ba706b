/**
 * DescribeConfigs for a broker (`AdminManager.describeConfigs` with a BROKER resource named by its
 * id, `createBrokerConfigEntry`): every key of Kafka 2.5's KafkaConfig, then any other key
 * server.properties sets, each with the value the broker runs with, its source and synonyms (the
 * value set in server.properties, then KafkaConfig's default), `read_only` unless
 * `DynamicBrokerConfig` can update it, and passwords and keys of unknown type hidden (null,
 * sensitive). One answer for the UI's broker configs and the wire protocol.
 */
import { convertToString, type ConfigValue } from '../common/config-def';
import { javaHashMapIterationOrder } from '../common/jvm-hash-order';
import type { BrokerConfig } from '../config/kafka-config';
import { brokerConfigLayers, configSynonyms, inAllConfigsOrder, type BrokerConfigLayers, type ConfigSynonym } from './config-synonyms';
import { ALL_DYNAMIC_CONFIGS, brokerConfigSynonyms, brokerConfigType, isSensitiveConfigType } from './dynamic-broker-config';
import { BROKER_CONFIG_DEF, brokerConfigKey } from '../config/kafka-config-def';

export interface BrokerConfigEntry {
  readonly name: string;
  /** null for a password, a key of unknown type, or a key without a value. */
  readonly value: string | null;
  readonly source: 'DYNAMIC_BROKER_CONFIG' | 'DYNAMIC_DEFAULT_BROKER_CONFIG' | 'STATIC_BROKER_CONFIG' | 'DEFAULT_CONFIG';
  readonly isSensitive: boolean;
  /** False for the keys `DynamicBrokerConfig.AllDynamicConfigs` can change at runtime. */
  readonly isReadOnly: boolean;
  /** By priority, as DescribeConfigs returns them with includeSynonyms. */
  readonly synonyms: readonly ConfigSynonym[];
  readonly documentation: string;
}

/** `createBrokerConfigEntry(perBrokerConfig, …)`: the cluster default keeps only its DYNAMIC_DEFAULT_BROKER_CONFIG synonyms. */
function entry(name: string, value: ConfigValue, config: BrokerConfigLayers, perBrokerConfig = true): BrokerConfigEntry {
  const type = brokerConfigType(name);
  const isSensitive = isSensitiveConfigType(type);
  const valueAsString = isSensitive ? null : typeof value === 'string' ? value : convertToString(value, type ?? 'STRING');
  const all = configSynonyms(name, brokerConfigSynonyms(name), isSensitive, config);
  const synonyms = perBrokerConfig ? all : all.filter((s) => s.source === 'DYNAMIC_DEFAULT_BROKER_CONFIG');
  return {
    name,
    value: valueAsString,
    source: synonyms.length === 0 ? 'DEFAULT_CONFIG' : (synonyms[0].source as BrokerConfigEntry['source']),
    isSensitive,
    isReadOnly: !ALL_DYNAMIC_CONFIGS.has(name),
    synonyms,
    documentation: brokerConfigKey(name)?.documentation ?? '',
  };
}

/**
 * `allConfigs(config)` (the originals, then every parsed value) through `createBrokerConfigEntry`
 * for this broker (`perBrokerConfig`), in `allConfigs`' HashMap order (ties between keys of one
 * bucket broken by the order server.properties gives them, then definition order).
 */
export function describeBrokerConfig(broker: BrokerConfig | BrokerConfigLayers): BrokerConfigEntry[] {
  const layers = brokerConfigLayers(broker);
  const config = layers.currentConfig;
  const entries = BROKER_CONFIG_DEF.map((key) => entry(key.name, config.value(key.name), layers));
  for (const [name, value] of Object.entries(config.originals)) {
    if (brokerConfigKey(name) === undefined) entries.push(entry(name, value, layers));
  }
  const originalsOrder = javaHashMapIterationOrder(Object.keys(config.originals));
  return inAllConfigsOrder(
    entries,
    originalsOrder,
    BROKER_CONFIG_DEF.map((k) => k.name),
  );
}

/**
 * DescribeConfigs of the BROKER resource "" (`currentDynamicDefaultConfigs` through
 * `createBrokerConfigEntry(perBrokerConfig = false)`): only the keys `/config/brokers/<default>` sets.
 */
export function describeDefaultBrokerConfig(layers: BrokerConfigLayers): BrokerConfigEntry[] {
  const names = javaHashMapIterationOrder([...layers.dynamicDefaultConfigs.keys()]);
  return names.map((name) => entry(name, layers.dynamicDefaultConfigs.get(name)!, layers, false));
}
