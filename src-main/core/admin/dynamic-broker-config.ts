/**
 * What Kafka 2.5's `DynamicBrokerConfig` says about broker keys, without the dynamic updates
 * themselves: which keys are dynamically updatable (`AllDynamicConfigs`, DescribeConfigs'
 * `read_only`), the synonyms of a key (`brokerConfigSynonyms`), and the checks of
 * `DynamicBrokerConfig.validateConfigs` that a BROKER AlterConfigs runs first, in 2.5's order and
 * words.
 */
import { atLeast, ConfigException, define, parseConfigs, type ConfigKey, type ConfigType } from '../common/config-def';
import { scalaImmutableMapOrder, type KafkaBuild } from '../common/jvm-hash-order';
import { LONG_MAX } from '../common/java-lang';
import { BROKER_CONFIG_DEF, brokerConfigKey } from '../config/kafka-config-def';
import { TopicConfigSynonyms } from '../log/log-config';

/** `SslConfigs.RECONFIGURABLE_CONFIGS`: updatable only per listener (`listener.name.<l>.ssl.…`). */
const DYNAMIC_SECURITY_CONFIGS: ReadonlySet<string> = new Set([
  'ssl.keystore.type',
  'ssl.keystore.location',
  'ssl.keystore.password',
  'ssl.key.password',
  'ssl.truststore.type',
  'ssl.truststore.location',
  'ssl.truststore.password',
]);

/** `LogCleaner.ReconfigurableConfigs`. */
export const LOG_CLEANER_CONFIGS: readonly string[] = [
  'log.cleaner.threads',
  'log.cleaner.dedupe.buffer.size',
  'log.cleaner.io.buffer.load.factor',
  'log.cleaner.io.buffer.size',
  'message.max.bytes',
  'log.cleaner.io.max.bytes.per.second',
  'log.cleaner.backoff.ms',
];

/** `DynamicLogConfig.ReconfigurableConfigs`: every topic config's broker synonym but `log.message.format.version`. */
const DYNAMIC_LOG_CONFIGS = [...TopicConfigSynonyms.values()].filter((name) => name !== 'log.message.format.version');

/** `DynamicThreadPool.ReconfigurableConfigs`. */
export const DYNAMIC_THREAD_POOL_CONFIGS: readonly string[] = [
  'num.io.threads',
  'num.network.threads',
  'num.replica.fetchers',
  'num.recovery.threads.per.data.dir',
  'background.threads',
];

/** `DynamicListenerConfig.ReconfigurableConfigs`. */
const DYNAMIC_LISTENER_CONFIGS = [
  'advertised.listeners',
  'listeners',
  'listener.security.protocol.map',
  'principal.builder.class',
  'ssl.protocol',
  'ssl.provider',
  'ssl.cipher.suites',
  'ssl.enabled.protocols',
  'ssl.keystore.type',
  'ssl.keystore.location',
  'ssl.keystore.password',
  'ssl.key.password',
  'ssl.truststore.type',
  'ssl.truststore.location',
  'ssl.truststore.password',
  'ssl.keymanager.algorithm',
  'ssl.trustmanager.algorithm',
  'ssl.endpoint.identification.algorithm',
  'ssl.secure.random.implementation',
  'ssl.client.auth',
  'sasl.mechanism.inter.broker.protocol',
  'sasl.jaas.config',
  'sasl.enabled.mechanisms',
  'sasl.kerberos.service.name',
  'sasl.kerberos.kinit.cmd',
  'sasl.kerberos.ticket.renew.window.factor',
  'sasl.kerberos.ticket.renew.jitter',
  'sasl.kerberos.min.time.before.relogin',
  'sasl.kerberos.principal.to.local.rules',
  'sasl.login.refresh.window.factor',
  'sasl.login.refresh.window.jitter',
  'sasl.login.refresh.min.period.seconds',
  'sasl.login.refresh.buffer.seconds',
  'max.connections',
];

const SOCKET_SERVER_CONFIGS = ['max.connections.per.ip', 'max.connections.per.ip.overrides', 'max.connections'];

/** `DynamicBrokerConfig.AllDynamicConfigs`: the keys a broker can change without a restart. */
export const ALL_DYNAMIC_CONFIGS: ReadonlySet<string> = new Set([
  ...DYNAMIC_SECURITY_CONFIGS,
  ...LOG_CLEANER_CONFIGS,
  ...DYNAMIC_LOG_CONFIGS,
  ...DYNAMIC_THREAD_POOL_CONFIGS,
  'metric.reporters',
  ...DYNAMIC_LISTENER_CONFIGS,
  ...SOCKET_SERVER_CONFIGS,
]);

/** `PerBrokerConfigs`: the security and listener configs, which cannot be cluster-wide defaults. */
const PER_BROKER_CONFIGS: ReadonlySet<string> = new Set(
  [...DYNAMIC_SECURITY_CONFIGS, ...DYNAMIC_LISTENER_CONFIGS].filter((n) => n !== 'max.connections'),
);

const LISTENER_MECHANISM_CONFIGS = [
  'sasl.jaas.config',
  'sasl.login.callback.handler.class',
  'sasl.login.class',
  'sasl.server.callback.handler.class',
  'connections.max.reauth.ms',
];

/** `DynamicBrokerConfig.ListenerConfigRegex`: `listener.name.<listener>.<config>`. */
const LISTENER_CONFIG_REGEX = /^listener\.name\.[^.]*\.(.*)$/s;

const REPLICATION_THROTTLED_RATE_DEFAULT = LONG_MAX;

/** `DynamicConfig.Broker.brokerConfigDef`: the three dynamic-only throttle rates, then every dynamic KafkaConfig key. */
export const DYNAMIC_BROKER_CONFIG_DEF: readonly ConfigKey[] = [
  define(
    'leader.replication.throttled.rate',
    'LONG',
    REPLICATION_THROTTLED_RATE_DEFAULT,
    atLeast(0),
    'MEDIUM',
    'A long representing the upper bound (bytes/sec) on replication traffic for leaders enumerated in the property leader.replication.throttled.replicas (for each topic).',
  ),
  define(
    'follower.replication.throttled.rate',
    'LONG',
    REPLICATION_THROTTLED_RATE_DEFAULT,
    atLeast(0),
    'MEDIUM',
    'A long representing the upper bound (bytes/sec) on replication traffic for followers enumerated in the property follower.replication.throttled.replicas (for each topic).',
  ),
  define(
    'replica.alter.log.dirs.io.max.bytes.per.second',
    'LONG',
    REPLICATION_THROTTLED_RATE_DEFAULT,
    atLeast(0),
    'MEDIUM',
    'A long representing the upper bound (bytes/sec) on disk IO used for moving replica between log directories on the same broker.',
  ),
  ...BROKER_CONFIG_DEF.filter((k) => ALL_DYNAMIC_CONFIGS.has(k.name)),
];

const DYNAMIC_KEY_NAMES: ReadonlySet<string> = new Set(DYNAMIC_BROKER_CONFIG_DEF.map((k) => k.name));

/** `DynamicBrokerConfig.nonDynamicConfigs`' test: a KafkaConfig key that cannot be changed at runtime. */
export function isNonDynamicBrokerConfig(name: string): boolean {
  return brokerConfigKey(name) !== undefined && !DYNAMIC_KEY_NAMES.has(name);
}

/** `DynamicBrokerConfig.securityConfigsWithoutListenerPrefix`' test. */
export function isSecurityConfigWithoutListenerPrefix(name: string): boolean {
  return DYNAMIC_SECURITY_CONFIGS.has(name);
}

/** Whether `name` can only be set for one broker (`PerBrokerConfigs`, or a listener override other than max.connections). */
export function isPerBrokerConfig(name: string): boolean {
  if (PER_BROKER_CONFIGS.has(name)) return true;
  const base = LISTENER_CONFIG_REGEX.exec(name)?.[1];
  return base !== undefined && base !== 'max.connections';
}

/** `DynamicBrokerConfig.brokerConfigSynonyms(name, matchListenerOverride)`: the keys that stand for `name`, by priority. */
export function brokerConfigSynonyms(name: string, matchListenerOverride = true): string[] {
  switch (name) {
    case 'log.roll.ms':
    case 'log.roll.hours':
      return ['log.roll.ms', 'log.roll.hours'];
    case 'log.roll.jitter.ms':
    case 'log.roll.jitter.hours':
      return ['log.roll.jitter.ms', 'log.roll.jitter.hours'];
    case 'log.flush.interval.ms':
      return ['log.flush.interval.ms', 'log.flush.scheduler.interval.ms'];
    case 'log.retention.ms':
    case 'log.retention.minutes':
    case 'log.retention.hours':
      return ['log.retention.ms', 'log.retention.minutes', 'log.retention.hours'];
  }
  const listener = matchListenerOverride ? LISTENER_CONFIG_REGEX.exec(name) : null;
  if (listener !== null) {
    const baseName = listener[1];
    return [name, LISTENER_MECHANISM_CONFIGS.find((m) => baseName.endsWith(m)) ?? baseName];
  }
  return [name];
}

/** `KafkaConfig.configType`: the key's own type, a dynamic-only key's, or its first synonym's (a listener override). */
export function brokerConfigType(name: string): ConfigType | undefined {
  const exact = brokerConfigKey(name)?.type ?? DYNAMIC_BROKER_CONFIG_DEF.find((k) => k.name === name)?.type;
  if (exact !== undefined) return exact;
  for (const synonym of brokerConfigSynonyms(name)) {
    const type = brokerConfigKey(synonym)?.type;
    if (type !== undefined) return type;
  }
  return undefined;
}

/** `KafkaConfig.maybeSensitive`: a password, or a key whose type is unknown ("to be safe"). */
export function isSensitiveConfigType(type: ConfigType | undefined): boolean {
  return type === undefined || type === 'PASSWORD';
}

/** Scala's `Set(a, b)` as `toString` prints a set built from `names` in that order. */
function scalaSetToString(names: readonly string[], build: KafkaBuild): string {
  return `Set(${scalaImmutableMapOrder(names, build).join(', ')})`;
}

/**
 * `DynamicBrokerConfig.validateConfigs(props, perBrokerConfig)`: throws the first ConfigException
 * 2.5 throws — keys that are not dynamic, SSL keys without a listener prefix, a value that does not
 * parse (listener overrides checked as their base key), and, for the cluster-wide default
 * (`perBrokerConfig` false), keys that can only be set per broker. `names` are in the order the
 * broker iterates the request's `Properties`.
 */
export function validateDynamicBrokerConfigs(
  props: Readonly<Record<string, string>>,
  names: readonly string[],
  perBrokerConfig: boolean,
  build: KafkaBuild,
): void {
  const check = (invalid: string[], message: string) => {
    if (invalid.length > 0) throw new ConfigException(`${message}: ${scalaSetToString(invalid, build)}`);
  };
  check(
    names.filter((n) => brokerConfigKey(n) !== undefined && !DYNAMIC_KEY_NAMES.has(n)),
    'Cannot update these configs dynamically',
  );
  check(
    [...DYNAMIC_SECURITY_CONFIGS].filter((n) => Object.hasOwn(props, n)),
    'These security configs can be dynamically updated only per-listener using the listener prefix',
  );
  const baseProps: Record<string, string> = {};
  for (const n of names) baseProps[LISTENER_CONFIG_REGEX.exec(n)?.[1] ?? n] = props[n];
  const [invalidValue] = parseConfigs(DYNAMIC_BROKER_CONFIG_DEF, baseProps).errors;
  if (invalidValue !== undefined) throw invalidValue;
  if (!perBrokerConfig) {
    const perBrokerListenerConfig = (n: string) => {
      const base = LISTENER_CONFIG_REGEX.exec(n)?.[1];
      return base !== undefined && base !== 'max.connections';
    };
    check(
      [...names.filter((n) => PER_BROKER_CONFIGS.has(n)), ...names.filter((n) => !PER_BROKER_CONFIGS.has(n) && perBrokerListenerConfig(n))],
      'Cannot update these configs at default cluster level, broker id must be specified',
    );
  }
}
