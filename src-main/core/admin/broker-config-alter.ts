/**
 * AlterConfigs for a BROKER resource as Kafka 2.5's `AdminManager.alterBrokerConfigs` checks it:
 * the resource name (`getBrokerId`), `DynamicBrokerConfig.validateConfigs`, then
 * `processReconfiguration(validateOnly = true)` — the broker's configuration rebuilt with the new
 * values, and the thread-count rules of the log cleaner and `DynamicThreadPool` — each failure in
 * 2.5's code and words. A request that passes is written to `/config/brokers/<id|<default>>`
 * (unless `validate_only`), which every broker's BrokerConfigHandler applies. Listener reconfiguration (`DynamicListenerConfig`'s checks) is not validated.
 */
import { ConfigException } from '../common/config-def';
import { IllegalArgumentException, parseJavaIntOrNull } from '../common/java-lang';
import { javaHashMapIterationOrder, javaPropertiesOrder, type KafkaBuild } from '../common/jvm-hash-order';
import { KafkaApiError } from '../common/kafka-errors';
import { BrokerConfig } from '../config/kafka-config';
import { brokerConfigLayers, type BrokerConfigLayers } from './config-synonyms';
import { DYNAMIC_THREAD_POOL_CONFIGS, LOG_CLEANER_CONFIGS, validateDynamicBrokerConfigs } from './dynamic-broker-config';
import { validateThreadCounts } from '../server/dynamic-thread-pool';
import { validateLogCleanerThreads } from '../server/dynamic-log-cleaner';

/** `ConfigResource.toString`. */
export function configResourceToString(type: 'TOPIC' | 'BROKER' | 'BROKER_LOGGER' | 'UNKNOWN', name: string): string {
  return `ConfigResource(type=${type}, name='${name}')`;
}

/** `AdminManager.resourceNameToBrokerId`. */
export function resourceNameToBrokerId(resourceName: string): number {
  const id = parseJavaIntOrNull(resourceName);
  if (id === null) throw new KafkaApiError('INVALID_REQUEST', `Broker id must be an integer, but it is: ${resourceName}`);
  return id;
}

/** `DynamicThreadPool.validateReconfiguration`, then the log cleaner's (when the broker has one). */
function validateReconfiguration(current: BrokerConfig, next: BrokerConfig, changed: ReadonlySet<string>): void {
  if (current.value('log.cleaner.enable') === true && LOG_CLEANER_CONFIGS.some((k) => changed.has(k)))
    validateLogCleanerThreads(current.value('log.cleaner.threads') as number, next);
  if (DYNAMIC_THREAD_POOL_CONFIGS.some((k) => changed.has(k))) validateThreadCounts(current, next);
}

/**
 * `DynamicBrokerConfig.validate` then `processReconfiguration(newProps, validateOnly = true)`: the
 * static configs with the dynamic layers and the request's in place of its own layer (the request
 * for the default stays under this broker's own dynamic configs) must make a valid KafkaConfig (its
 * own ConfigException or requirement failure), and the components whose keys change must accept
 * the new values — which 2.5 reports only as "Invalid dynamic configuration".
 */
function processReconfiguration(layers: BrokerConfigLayers, props: Readonly<Record<string, string>>, perBrokerConfig: boolean): void {
  const current = layers.currentConfig;
  const dynamicDefault = Object.fromEntries(layers.dynamicDefaultConfigs);
  const dynamicBroker = Object.fromEntries(layers.dynamicBrokerConfigs);
  const newProps = perBrokerConfig
    ? { ...layers.staticConfig.originals, ...dynamicDefault, ...props }
    : { ...layers.staticConfig.originals, ...props, ...dynamicBroker };
  const next = new BrokerConfig(newProps);
  const changed = new Set(Object.keys(newProps).filter((k) => newProps[k] !== current.originals[k]));
  if (changed.size === 0) return;
  try {
    validateReconfiguration(current, next, changed);
  } catch (e) {
    if (e instanceof ConfigException) throw new ConfigException('Invalid dynamic configuration');
    throw e;
  }
}

/** Where an accepted AlterConfigs of a broker goes: `AdminZkClient.changeBrokerConfig`. */
export type BrokerConfigWriter = (entityName: string, props: Readonly<Record<string, string>>) => Promise<void>;

/**
 * `AdminManager.alterBrokerConfigs`: the error the broker answers an AlterConfigs of BROKER
 * `resourceName` with, or null when it is accepted — then, unless `validateOnly`, the whole set is
 * written to `/config/brokers/<id>` (or `<default>` for "") with its change notification.
 * `configs` as the request's entries (the last of a repeated name wins, as `Properties.setProperty`).
 */
export async function alterBrokerConfigs(
  broker: BrokerConfig | BrokerConfigLayers,
  resourceName: string,
  configs: ReadonlyArray<{ name: string; value: string }>,
  validateOnly: boolean,
  build: KafkaBuild,
  write: BrokerConfigWriter,
): Promise<KafkaApiError | null> {
  const error = alterBrokerConfigsError(broker, resourceName, configs, build);
  if (error !== null || validateOnly) return error;
  const props: Record<string, string> = {};
  for (const { name, value } of configs) props[name] = value;
  await write(resourceName === '' ? DEFAULT_BROKER_ENTITY_NAME : resourceName, props);
  return null;
}

/** `ConfigEntityName.Default`. */
const DEFAULT_BROKER_ENTITY_NAME = '<default>';

/**
 * The error the broker answers an AlterConfigs of BROKER `resourceName` with, or null when it
 * passes 2.5's checks (`alterBrokerConfigs` then writes it).
 */
export function alterBrokerConfigsError(
  broker: BrokerConfig | BrokerConfigLayers,
  resourceName: string,
  configs: ReadonlyArray<{ name: string; value: string }>,
  build: KafkaBuild,
): KafkaApiError | null {
  const layers = brokerConfigLayers(broker);
  const brokerId = layers.staticConfig.brokerId;
  try {
    const perBrokerConfig = resourceName !== '';
    if (perBrokerConfig && resourceNameToBrokerId(resourceName) !== brokerId) {
      throw new KafkaApiError('INVALID_REQUEST', `Unexpected broker id, expected ${brokerId}, but received ${resourceName}`);
    }
    const props: Record<string, string> = {};
    for (const { name, value } of configs) props[name] = value;
    // The names as the broker iterates them: its copy of the request's Properties via a HashMap.
    const names = javaPropertiesOrder(javaHashMapIterationOrder(Object.keys(props)), build);
    validateDynamicBrokerConfigs(props, names, perBrokerConfig, build);
    processReconfiguration(layers, props, perBrokerConfig);
    return null;
  } catch (e) {
    if (e instanceof KafkaApiError) return e;
    if (e instanceof ConfigException || e instanceof IllegalArgumentException) {
      return new KafkaApiError(
        'INVALID_REQUEST',
        `Invalid config value for resource ${configResourceToString('BROKER', resourceName)}: ${e.message}`,
      );
    }
    throw e;
  }
}
