/**
 * AlterConfigs for a BROKER resource as Kafka 2.5's `AdminManager.alterBrokerConfigs` checks it:
 * the resource name (`getBrokerId`), then `DynamicBrokerConfig.validateConfigs`, each failure in
 * 2.5's code and words. A request that passes is accepted with `validate_only`; otherwise it is
 * refused, because dynamic broker configs are not emulated (the brokers could not apply them).
 */
import { ConfigException } from '../common/config-def';
import { IllegalArgumentException, parseJavaIntOrNull } from '../common/java-lang';
import { javaHashMapIterationOrder, javaPropertiesOrder, type KafkaBuild } from '../common/jvm-hash-order';
import { KafkaApiError } from '../common/kafka-errors';
import { validateDynamicBrokerConfigs } from './dynamic-broker-config';

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

/**
 * The error the broker `brokerId` answers an AlterConfigs of BROKER `resourceName` with, or null
 * when it is accepted (`validateOnly` only). `configs` as the request's entries (the last of a
 * repeated name wins, as `Properties.setProperty`).
 */
export function alterBrokerConfigsError(
  brokerId: number,
  resourceName: string,
  configs: ReadonlyArray<{ name: string; value: string }>,
  validateOnly: boolean,
  build: KafkaBuild,
): KafkaApiError | null {
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
    if (validateOnly) return null;
    return new KafkaApiError(
      'POLICY_VIOLATION',
      `Dynamic broker configs are not emulated: ${configResourceToString('BROKER', resourceName)} keeps its static configs.`,
    );
  } catch (e) {
    if (e instanceof KafkaApiError) return e;
    if (e instanceof ConfigException || e instanceof IllegalArgumentException) {
      return new KafkaApiError('INVALID_REQUEST', `Invalid config value for resource ${configResourceToString('BROKER', resourceName)}: ${e.message}`);
    }
    throw e;
  }
}
