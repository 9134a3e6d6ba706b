/**
 * Kafka 2.5's `kafka.server.DynamicConfig`: the configs of brokers, users and clients that exist only
 * in ZooKeeper (`/config/brokers|users|clients/<name>`), and how AdminZkClient validates them before
 * writing. Users and clients take only their quota configs (and users their SCRAM credentials:
 * `Unknown Dynamic Configuration: Set(x).` otherwise); brokers take any name (custom configs are
 * allowed), the three replication/alter-log-dirs rates checked as longs ≥ 0 and the dynamic broker
 * configs (`DynamicBrokerConfig.AllDynamicConfigs`) by their KafkaConfig type where the emulation
 * defines it.
 */
import type { ConfigKey } from '../common/config-def';
import { define, parseConfigs } from '../common/config-def';
import { IllegalArgumentException } from '../common/java-lang';
import { ALL_DYNAMIC_CONFIGS, DYNAMIC_BROKER_CONFIG_DEF } from './dynamic-broker-config';

/** `ClientQuotaManagerConfig`'s defaults. */
const LONG_MAX_DEFAULT = 9223372036854775807n;
const REQUEST_PERCENT_DEFAULT = Number.MAX_VALUE;

export const DynamicBrokerConfigNames = Object.freeze({
  LeaderReplicationThrottledRateProp: 'leader.replication.throttled.rate',
  FollowerReplicationThrottledRateProp: 'follower.replication.throttled.rate',
  ReplicaAlterLogDirsIoMaxBytesPerSecondProp: 'replica.alter.log.dirs.io.max.bytes.per.second',
});

const B = DynamicBrokerConfigNames;
/** `DynamicConfig.Broker.brokerConfigDef`: the three rates, then `addDynamicConfigs` (KafkaConfig's definitions of the dynamic configs, those emulated). */
const BROKER_NAMES: readonly string[] = [...new Set([...Object.values(B), ...ALL_DYNAMIC_CONFIGS])];

const CLIENT_CONFIG_DEF: readonly ConfigKey[] = [
  define(
    'producer_byte_rate',
    'LONG',
    LONG_MAX_DEFAULT,
    null,
    'MEDIUM',
    'A rate representing the upper bound (bytes/sec) for producer traffic.',
  ),
  define(
    'consumer_byte_rate',
    'LONG',
    LONG_MAX_DEFAULT,
    null,
    'MEDIUM',
    'A rate representing the upper bound (bytes/sec) for consumer traffic.',
  ),
  define(
    'request_percentage',
    'DOUBLE',
    REQUEST_PERCENT_DEFAULT,
    null,
    'MEDIUM',
    'A percentage representing the upper bound of time spent for processing requests.',
  ),
];

/** `CredentialProvider.userCredentialConfigs`: one per SCRAM mechanism. */
const USER_CONFIG_DEF: readonly ConfigKey[] = [
  define('SCRAM-SHA-256', 'STRING', null, null, 'MEDIUM', 'User credentials for SCRAM mechanism SCRAM-SHA-256'),
  define('SCRAM-SHA-512', 'STRING', null, null, 'MEDIUM', 'User credentials for SCRAM mechanism SCRAM-SHA-512'),
  ...CLIENT_CONFIG_DEF,
];

/** Scala's `Set(a, b)` as `toString` prints it (insertion order; enough for the small sets here). */
function scalaSetString(items: readonly string[]): string {
  return `Set(${items.join(', ')})`;
}

/** `DynamicConfig.validate`: unknown names refused unless custom configs are allowed, then `ConfigDef.parse`. */
function validate(keys: readonly ConfigKey[], props: Readonly<Record<string, string>>, customPropsAllowed: boolean): void {
  const names = new Set(keys.map((k) => k.name));
  if (!customPropsAllowed) {
    const unknown = Object.keys(props).filter((k) => !names.has(k));
    if (unknown.length > 0) throw IllegalArgumentException.requirementFailed(`Unknown Dynamic Configuration: ${scalaSetString(unknown)}.`);
  }
  const [first] = parseConfigs(keys, props).errors;
  if (first) throw first;
}

export const DynamicConfig = Object.freeze({
  Broker: Object.freeze({
    names: (): string[] => [...BROKER_NAMES],
    validate: (props: Readonly<Record<string, string>>): void => validate(DYNAMIC_BROKER_CONFIG_DEF, props, true),
  }),
  Client: Object.freeze({
    names: (): string[] => CLIENT_CONFIG_DEF.map((k) => k.name),
    validate: (props: Readonly<Record<string, string>>): void => validate(CLIENT_CONFIG_DEF, props, false),
  }),
  User: Object.freeze({
    names: (): string[] => USER_CONFIG_DEF.map((k) => k.name),
    validate: (props: Readonly<Record<string, string>>): void => validate(USER_CONFIG_DEF, props, false),
  }),
});

/** `DynamicBrokerConfig.DynamicPasswordConfigs`: the dynamic configs of type PASSWORD. */
export const DYNAMIC_PASSWORD_CONFIGS: readonly string[] = [
  'ssl.keystore.password',
  'ssl.key.password',
  'ssl.truststore.password',
  'sasl.jaas.config',
];

/** `DynamicBrokerConfig.isPasswordConfig`. */
export function isPasswordConfig(name: string): boolean {
  return DYNAMIC_PASSWORD_CONFIGS.some((p) => name.endsWith(p));
}
