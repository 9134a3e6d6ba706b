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
import { atLeast, ConfigException, define, parseConfigs } from '../common/config-def';
import { IllegalArgumentException } from '../common/java-lang';
import { LOG_CONFIG_DEF } from '../log/log-config';
import { BROKER_CONFIG_DEF as KAFKA_CONFIG_DEF } from './broker-config';

/** `ReplicationQuotaManagerConfig.QuotaBytesPerSecondDefault` and `ClientQuotaManagerConfig`'s defaults. */
const LONG_MAX_DEFAULT = 9223372036854775807n;
const REQUEST_PERCENT_DEFAULT = Number.MAX_VALUE;

export const DynamicBrokerConfigNames = Object.freeze({
  LeaderReplicationThrottledRateProp: 'leader.replication.throttled.rate',
  FollowerReplicationThrottledRateProp: 'follower.replication.throttled.rate',
  ReplicaAlterLogDirsIoMaxBytesPerSecondProp: 'replica.alter.log.dirs.io.max.bytes.per.second',
});

/** `SslConfigs.RECONFIGURABLE_CONFIGS`. */
const DYNAMIC_SECURITY_CONFIGS = ['ssl.keystore.type', 'ssl.keystore.location', 'ssl.keystore.password', 'ssl.key.password', 'ssl.truststore.type', 'ssl.truststore.location', 'ssl.truststore.password'];
const LOG_CLEANER_RECONFIGURABLE = ['log.cleaner.threads', 'log.cleaner.dedupe.buffer.size', 'log.cleaner.io.buffer.load.factor', 'log.cleaner.io.buffer.size', 'message.max.bytes', 'log.cleaner.io.max.bytes.per.second', 'log.cleaner.backoff.ms'];
/** `DynamicLogConfig.ReconfigurableConfigs`: the broker synonyms of the topic configs but `log.message.format.version`. */
const DYNAMIC_LOG_CONFIGS = LOG_CONFIG_DEF.filter((k) => !k.name.endsWith('.replication.throttled.replicas'))
  .map((k) => k.serverDefaultConfigName)
  .filter((n) => n !== 'log.message.format.version');
const THREAD_POOL_RECONFIGURABLE = ['num.io.threads', 'num.network.threads', 'num.replica.fetchers', 'num.recovery.threads.per.data.dir', 'background.threads'];
const LISTENER_RECONFIGURABLE = [
  'advertised.listeners', 'listeners', 'listener.security.protocol.map',
  'principal.builder.class', 'ssl.protocol', 'ssl.provider', 'ssl.cipher.suites', 'ssl.enabled.protocols', 'ssl.keystore.type', 'ssl.keystore.location',
  'ssl.keystore.password', 'ssl.key.password', 'ssl.truststore.type', 'ssl.truststore.location', 'ssl.truststore.password', 'ssl.keymanager.algorithm',
  'ssl.trustmanager.algorithm', 'ssl.endpoint.identification.algorithm', 'ssl.secure.random.implementation', 'ssl.client.auth',
  'sasl.mechanism.inter.broker.protocol', 'sasl.jaas.config', 'sasl.enabled.mechanisms', 'sasl.kerberos.service.name', 'sasl.kerberos.kinit.cmd',
  'sasl.kerberos.ticket.renew.window.factor', 'sasl.kerberos.ticket.renew.jitter', 'sasl.kerberos.min.time.before.relogin',
  'sasl.kerberos.principal.to.local.rules', 'sasl.login.refresh.window.factor', 'sasl.login.refresh.window.jitter',
  'sasl.login.refresh.min.period.seconds', 'sasl.login.refresh.buffer.seconds',
  'max.connections',
];
const SOCKET_SERVER_RECONFIGURABLE = ['max.connections.per.ip', 'max.connections.per.ip.overrides', 'max.connections'];

/** `DynamicBrokerConfig.AllDynamicConfigs`. */
export const ALL_DYNAMIC_BROKER_CONFIGS: ReadonlySet<string> = new Set([
  ...DYNAMIC_SECURITY_CONFIGS,
  ...LOG_CLEANER_RECONFIGURABLE,
  ...DYNAMIC_LOG_CONFIGS,
  ...THREAD_POOL_RECONFIGURABLE,
  'metric.reporters',
  ...LISTENER_RECONFIGURABLE,
  ...SOCKET_SERVER_RECONFIGURABLE,
]);

const B = DynamicBrokerConfigNames;
/** `DynamicConfig.Broker.brokerConfigDef`: the three rates, then `addDynamicConfigs` (KafkaConfig's definitions of the dynamic configs, those emulated). */
const BROKER_CONFIG_DEF: readonly ConfigKey[] = [
  define(B.LeaderReplicationThrottledRateProp, 'LONG', LONG_MAX_DEFAULT, atLeast(0), 'MEDIUM', 'A long representing the upper bound (bytes/sec) on replication traffic for leaders enumerated in the property leader.replication.throttled.replicas (for each topic).'),
  define(B.FollowerReplicationThrottledRateProp, 'LONG', LONG_MAX_DEFAULT, atLeast(0), 'MEDIUM', 'A long representing the upper bound (bytes/sec) on replication traffic for followers enumerated in the property follower.replication.throttled.replicas (for each topic).'),
  define(B.ReplicaAlterLogDirsIoMaxBytesPerSecondProp, 'LONG', LONG_MAX_DEFAULT, atLeast(0), 'MEDIUM', 'A long representing the upper bound (bytes/sec) on disk IO used for moving replica between log directories on the same broker.'),
  ...KAFKA_CONFIG_DEF.filter((k) => ALL_DYNAMIC_BROKER_CONFIGS.has(k.name)),
];
const BROKER_NAMES: readonly string[] = [...new Set([...Object.values(B), ...ALL_DYNAMIC_BROKER_CONFIGS])];

const CLIENT_CONFIG_DEF: readonly ConfigKey[] = [
  define('producer_byte_rate', 'LONG', LONG_MAX_DEFAULT, null, 'MEDIUM', 'A rate representing the upper bound (bytes/sec) for producer traffic.'),
  define('consumer_byte_rate', 'LONG', LONG_MAX_DEFAULT, null, 'MEDIUM', 'A rate representing the upper bound (bytes/sec) for consumer traffic.'),
  define('request_percentage', 'DOUBLE', REQUEST_PERCENT_DEFAULT, null, 'MEDIUM', 'A percentage representing the upper bound of time spent for processing requests.'),
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
    validate: (props: Readonly<Record<string, string>>): void => validate(BROKER_CONFIG_DEF, props, true),
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

const CLUSTER_LEVEL_LISTENER_CONFIGS = new Set(['max.connections']);
const PER_BROKER_CONFIGS = new Set([...DYNAMIC_SECURITY_CONFIGS, ...LISTENER_RECONFIGURABLE].filter((n) => !CLUSTER_LEVEL_LISTENER_CONFIGS.has(n)));
const LISTENER_CONFIG_REGEX = /^listener\.name\.[^.]*\.(.*)$/;
/** `DynamicBrokerConfig.DynamicPasswordConfigs`: the dynamic configs of type PASSWORD. */
export const DYNAMIC_PASSWORD_CONFIGS: readonly string[] = ['ssl.keystore.password', 'ssl.key.password', 'ssl.truststore.password', 'sasl.jaas.config'];

/** `DynamicBrokerConfig.isPasswordConfig`. */
export function isPasswordConfig(name: string): boolean {
  return DYNAMIC_PASSWORD_CONFIGS.some((p) => name.endsWith(p));
}

/**
 * `DynamicBrokerConfig.validateConfigs`, run by kafka-configs before writing broker configs through
 * ZooKeeper: static configs refused, security configs only with a listener prefix, types checked,
 * per-broker configs refused at the cluster default. (KafkaConfig's names are the emulated ones.)
 */
export function validateDynamicBrokerConfigs(props: Readonly<Record<string, string>>, perBrokerConfig: boolean): void {
  const names = Object.keys(props);
  const check = (invalid: string[], message: string) => {
    if (invalid.length > 0) throw new ConfigException(`${message}: ${scalaSetString(invalid)}`);
  };
  const dynamicNames = new Set(BROKER_NAMES);
  check(names.filter((n) => KAFKA_CONFIG_DEF.some((k) => k.name === n) && !dynamicNames.has(n)), 'Cannot update these configs dynamically');
  check(DYNAMIC_SECURITY_CONFIGS.filter((n) => n in props), 'These security configs can be dynamically updated only per-listener using the listener prefix');
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(props)) base[LISTENER_CONFIG_REGEX.exec(k)?.[1] ?? k] = v;
  validate(BROKER_CONFIG_DEF, base, true);
  if (!perBrokerConfig) {
    const perListener = names.filter((n) => {
      const base = LISTENER_CONFIG_REGEX.exec(n)?.[1];
      return base !== undefined && !CLUSTER_LEVEL_LISTENER_CONFIGS.has(base);
    });
    check([...names.filter((n) => PER_BROKER_CONFIGS.has(n)), ...perListener], 'Cannot update these configs at default cluster level, broker id must be specified');
  }
}
