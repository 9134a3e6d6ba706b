/**
 * The sources and synonyms DescribeConfigs reports (`DescribeConfigsResponse.ConfigSource`,
 * `AdminManager.configSynonyms`) and the order it lists configs in, shared by the topic and the
 * broker views: the broker's dynamic config (DYNAMIC_BROKER_CONFIG), the cluster default
 * (DYNAMIC_DEFAULT_BROKER_CONFIG), server.properties (STATIC_BROKER_CONFIG, the value as written)
 * and KafkaConfig's default (DEFAULT_CONFIG).
 */
import { convertToString, NO_DEFAULT_VALUE } from '../common/config-def';
import { javaHashMapIterationOrder, javaHashMapPutOrder } from '../common/jvm-hash-order';
import type { BrokerConfig } from '../config/kafka-config';
import { brokerConfigKey } from '../config/kafka-config-def';

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

/**
 * `DynamicBrokerConfig.staticDefaultConfigs` for one key: KafkaConfig's default as
 * `ConfigDef.convertToStringMapWithPasswordValues` prints it (a list joined with ","), or
 * undefined for a key without one — a null default is dropped there, so such a key has no
 * DEFAULT_CONFIG synonym.
 */
function staticDefault(name: string): string | undefined {
  const key = brokerConfigKey(name);
  if (key === undefined || key.defaultValue === NO_DEFAULT_VALUE) return undefined;
  return convertToString(key.defaultValue, key.type) ?? undefined;
}

/**
 * A broker's configuration by layer (`KafkaConfig.dynamicConfig`): what it runs with, its
 * server.properties, and the dynamic `/config/brokers/<id>` and `/config/brokers/<default>`.
 */
export interface BrokerConfigLayers {
  readonly currentConfig: BrokerConfig;
  readonly staticConfig: BrokerConfig;
  readonly dynamicBrokerConfigs: ReadonlyMap<string, string>;
  readonly dynamicDefaultConfigs: ReadonlyMap<string, string>;
}

const NO_DYNAMIC_CONFIGS: ReadonlyMap<string, string> = new Map();

/** A static-only broker configuration as layers (no dynamic config set). */
export function brokerConfigLayers(broker: BrokerConfig | BrokerConfigLayers): BrokerConfigLayers {
  if ('staticConfig' in broker) return broker;
  return {
    currentConfig: broker,
    staticConfig: broker,
    dynamicBrokerConfigs: NO_DYNAMIC_CONFIGS,
    dynamicDefaultConfigs: NO_DYNAMIC_CONFIGS,
  };
}

/**
 * `AdminManager.configSynonyms(name, synonyms, isSensitive)`: for each source by priority, the
 * synonyms it holds — this broker's dynamic config (DYNAMIC_BROKER_CONFIG), the cluster-wide
 * dynamic default (DYNAMIC_DEFAULT_BROKER_CONFIG), server.properties (STATIC_BROKER_CONFIG), then
 * those with a default (DEFAULT_CONFIG) — then, as 2.5 does, everything before the first entry
 * named `name` dropped (so with only `log.retention.hours` set, `log.retention.ms` lists no synonym).
 */
export function configSynonyms(
  name: string,
  synonyms: readonly string[],
  isSensitive: boolean,
  brokerConfig: BrokerConfig | BrokerConfigLayers,
): ConfigSynonym[] {
  const layers = brokerConfigLayers(brokerConfig);
  const broker = layers.staticConfig;
  const all: ConfigSynonym[] = [];
  const fromMap = (map: ReadonlyMap<string, string>, source: ConfigSourceName) => {
    for (const s of synonyms) {
      const value = map.get(s);
      if (value !== undefined) all.push({ name: s, value: isSensitive ? null : value, source });
    }
  };
  fromMap(layers.dynamicBrokerConfigs, 'DYNAMIC_BROKER_CONFIG');
  fromMap(layers.dynamicDefaultConfigs, 'DYNAMIC_DEFAULT_BROKER_CONFIG');
  for (const s of synonyms) {
    if (broker.isSet(s)) all.push({ name: s, value: isSensitive ? null : broker.originals[s], source: 'STATIC_BROKER_CONFIG' });
  }
  for (const s of synonyms) {
    const value = staticDefault(s);
    if (value !== undefined) all.push({ name: s, value: isSensitive ? null : value, source: 'DEFAULT_CONFIG' });
  }
  const first = all.findIndex((s) => s.name === name);
  return first < 0 ? [] : all.slice(first);
}

/**
 * The order of `allConfigs(config)` — `config.originals.asScala.filter(_._2 != null) ++
 * config.values.asScala`, a `java.util.HashMap` filled from the originals (in their HashMap's order),
 * then the values' keys not among them (`values()` is a HashMap copy of the definition order) —
 * which is the order DescribeConfigs lists a resource's configs in (e.g. `compression.type`,
 * `cleanup.policy`, `segment.bytes` for `__consumer_offsets`, as kafka-topics prints them).
 */
export function inAllConfigsOrder<T extends { readonly name: string }>(
  entries: readonly T[],
  originalsOrder: readonly string[],
  definitionOrder: readonly string[],
): T[] {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const originals = new Set(originalsOrder);
  const order = javaHashMapPutOrder([...originalsOrder, ...javaHashMapIterationOrder(definitionOrder).filter((k) => !originals.has(k))]);
  return order.flatMap((name) => byName.get(name) ?? []);
}
