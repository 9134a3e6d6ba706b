/**
 * DescribeConfigs for a broker (`AdminManager.describeConfigs` with a BROKER resource, static
 * configs only): every config of Kafka 2.5's KafkaConfig with the value the broker runs with, set
 * in server.properties (STATIC_BROKER_CONFIG) or Kafka's default (DEFAULT_CONFIG); passwords
 * hidden. One answer for the UI's broker configs and the wire protocol.
 */
import { NO_DEFAULT_VALUE, printValue } from '../common/config-def';
import { BROKER_CONFIG_DEF, type BrokerConfig } from './broker-config';

export interface BrokerConfigEntry {
  readonly name: string;
  /** null for a password, or a config without a value. */
  readonly value: string | null;
  readonly source: 'STATIC_BROKER_CONFIG' | 'DEFAULT_CONFIG';
  readonly isSensitive: boolean;
  readonly documentation: string;
}

export function describeBrokerConfig(config: BrokerConfig): BrokerConfigEntry[] {
  const originals = config.originals;
  return BROKER_CONFIG_DEF.map((key) => {
    const set = Object.hasOwn(originals, key.name);
    const isSensitive = key.type === 'PASSWORD';
    const value = set ? originals[key.name] : key.defaultValue === NO_DEFAULT_VALUE || key.defaultValue === null ? null : printValue(key.defaultValue, key.type);
    return { name: key.name, value: isSensitive ? null : value, source: set ? 'STATIC_BROKER_CONFIG' : 'DEFAULT_CONFIG', isSensitive, documentation: key.documentation };
  });
}
