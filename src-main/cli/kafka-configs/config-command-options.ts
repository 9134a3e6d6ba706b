/**
 * Kafka 2.5's `ConfigCommandOptions` (kafka-configs.sh): its options and help texts, the entity
 * types and names they give (`--entity-type/--entity-name/--entity-default` or the flags `--topic`,
 * `--user`, `--client-defaults` …, names in command-line order), `checkArgs` in Kafka's order and
 * words, and `parseEntity` into a `ConfigEntity` (root entity, optional child `clients` of a user).
 */
import { DynamicConfig } from '../../core/admin/dynamic-config';
import { IllegalArgumentException } from '../../core/common/java-lang';
import { topicConfigNames } from '../../core/log/log-config';
import { CONFIG_TYPES, ConfigType, DEFAULT_CONFIG_ENTITY, desanitize, sanitize } from '../../core/kafka-zk/config-znodes';
import { checkInvalidArgs, checkRequiredArgs, DEFAULT_OPTION_SPECS, printUsageAndDie } from '../command-line-utils';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import { parseOptions, type OptionSpec, type ParsedOptions } from '../kafka-topics/option-parser';

const list = (names: readonly string[]) => `\n${names.map((n) => `\t${n}`).join('\n')}\n`;
const BROKER_LOGGER_CONFIG_TYPE = 'broker-loggers';
const BROKER_SUPPORTED_CONFIG_TYPES = ['topics', 'brokers', BROKER_LOGGER_CONFIG_TYPE];

export const CONFIG_COMMAND_SPECS: readonly OptionSpec[] = [
  ...DEFAULT_OPTION_SPECS,
  {
    name: 'zookeeper',
    description:
      'DEPRECATED. The connection string for the zookeeper connection in the form host:port. Multiple URLS can be given to allow fail-over. Replaced by --bootstrap-server, REQUIRED unless --bootstrap-server is given.',
    argument: { type: 'String', describedAs: 'urls' },
  },
  {
    name: 'bootstrap-server',
    description: 'The Kafka server to connect to. This is required for describing and altering broker configs.',
    argument: { type: 'String', describedAs: 'server to connect to' },
  },
  {
    name: 'command-config',
    description:
      'Property file containing configs to be passed to Admin Client. This is used only with --bootstrap-server option for describing and altering broker configs.',
    argument: { type: 'String', describedAs: 'command config property file' },
  },
  { name: 'alter', description: 'Alter the configuration for the entity.' },
  { name: 'describe', description: 'List configs for the given entity.' },
  { name: 'all', description: 'List all configs for the given entity (includes static configuration when the entity type is brokers)' },
  { name: 'entity-type', description: 'Type of entity (topics/clients/users/brokers/broker-loggers)', argument: { type: 'String' } },
  { name: 'entity-name', description: 'Name of entity (topic name/client id/user principal name/broker id)', argument: { type: 'String' } },
  {
    name: 'entity-default',
    description: 'Default entity name for clients/users/brokers (applies to corresponding entity type in command line)',
  },
  {
    name: 'add-config',
    description:
      "Key Value pairs of configs to add. Square brackets can be used to group values which contain commas: 'k1=v1,k2=[v1,v2,v2],k3=v3'. The following is a list of valid configurations: " +
      `For entity-type 'topics': ${list(topicConfigNames())}` +
      `For entity-type 'brokers': ${list(DynamicConfig.Broker.names().sort())}` +
      `For entity-type 'users': ${list(DynamicConfig.User.names().sort())}` +
      `For entity-type 'clients': ${list(DynamicConfig.Client.names().sort())}` +
      "Entity types 'users' and 'clients' may be specified together to update config for clients of a specific user.",
    argument: { type: 'String' },
  },
  { name: 'delete-config', description: "config keys to remove 'k1,k2'", argument: { type: 'String', valuesSeparatedBy: ',' } },
  { name: 'force', description: 'Suppress console prompts' },
  { name: 'topic', description: "The topic's name.", argument: { type: 'String' } },
  { name: 'client', description: "The client's ID.", argument: { type: 'String' } },
  { name: 'client-defaults', description: 'The config defaults for all clients.' },
  { name: 'user', description: "The user's principal name.", argument: { type: 'String' } },
  { name: 'user-defaults', description: 'The config defaults for all users.' },
  { name: 'broker', description: "The broker's ID.", argument: { type: 'String' } },
  { name: 'broker-defaults', description: 'The config defaults for all brokers.' },
  { name: 'broker-logger', description: "The broker's ID for its logger config.", argument: { type: 'String' } },
  {
    name: 'zk-tls-config-file',
    description:
      'Identifies the file where ZooKeeper client TLS connectivity properties are defined.  Any properties other than zookeeper.clientCnxnSocket, zookeeper.ssl.cipher.suites, zookeeper.ssl.client.enable, zookeeper.ssl.crl.enable, zookeeper.ssl.enabled.protocols, zookeeper.ssl.endpoint.identification.algorithm, zookeeper.ssl.keystore.location, zookeeper.ssl.keystore.password, zookeeper.ssl.keystore.type, zookeeper.ssl.ocsp.enable, zookeeper.ssl.protocol, zookeeper.ssl.truststore.location, zookeeper.ssl.truststore.password, zookeeper.ssl.truststore.type are ignored.',
    argument: { type: 'String', describedAs: 'ZooKeeper TLS configuration' },
  },
];

const ENTITY_FLAGS: ReadonlyArray<readonly [string, string]> = [
  ['topic', ConfigType.Topic],
  ['client', ConfigType.Client],
  ['user', ConfigType.User],
  ['broker', ConfigType.Broker],
  ['broker-logger', BROKER_LOGGER_CONFIG_TYPE],
];
const ENTITY_DEFAULTS_FLAGS: ReadonlyArray<readonly [string, string]> = [
  ['client-defaults', ConfigType.Client],
  ['user-defaults', ConfigType.User],
  ['broker-defaults', ConfigType.Broker],
];

/** `ConfigCommand.Entity`: a type and its sanitized name (none: every entity of the type). */
export class Entity {
  constructor(
    readonly entityType: string,
    readonly sanitizedName: string | null,
  ) {}

  get entityPath(): string {
    return this.sanitizedName === null ? this.entityType : `${this.entityType}/${this.sanitizedName}`;
  }

  toString(): string {
    const typeName =
      this.entityType === ConfigType.User
        ? 'user-principal'
        : this.entityType === ConfigType.Client
          ? 'client-id'
          : this.entityType === ConfigType.Topic
            ? 'topic'
            : this.entityType;
    if (this.sanitizedName === DEFAULT_CONFIG_ENTITY) return `default ${typeName}`;
    if (this.sanitizedName === null) return this.entityType;
    const quota = this.entityType === ConfigType.User || this.entityType === ConfigType.Client;
    return `${typeName} '${quota ? (desanitize(this.sanitizedName) ?? this.sanitizedName) : this.sanitizedName}'`;
  }
}

export class ConfigEntity {
  constructor(
    readonly root: Entity,
    readonly child: Entity | null,
  ) {}

  get fullSanitizedName(): string {
    return (this.root.sanitizedName ?? '') + (this.child ? `/${this.child.entityPath}` : '');
  }

  toString(): string {
    return this.root.toString() + (this.child ? `, ${this.child.toString()}` : '');
  }
}

export class ConfigCommandOptions {
  readonly options: ParsedOptions;

  constructor(readonly args: readonly string[]) {
    this.options = parseOptions(CONFIG_COMMAND_SPECS, args);
  }

  entityTypes(): string[] {
    return [
      ...this.options.valuesOf('entity-type'),
      ...[...ENTITY_FLAGS, ...ENTITY_DEFAULTS_FLAGS].filter(([flag]) => this.options.has(flag)).map(([, type]) => type),
    ];
  }

  entityNames(): string[] {
    const names = [...this.options.valuesOf('entity-name')];
    const fromSpecs = this.options.detectedSpecs
      .filter((s) => s === 'entity-name' || s === 'entity-default')
      .map((s) => (s === 'entity-name' ? (names.shift() ?? '') : ''));
    return [
      ...fromSpecs,
      ...ENTITY_FLAGS.filter(([flag]) => this.options.has(flag)).map(([flag]) => this.options.valueOf(flag)!),
      ...ENTITY_DEFAULTS_FLAGS.filter(([flag]) => this.options.has(flag)).map(() => ''),
    ];
  }

  /** `checkArgs`: usage errors end the tool; the others are IllegalArgumentExceptions. */
  checkArgs(io: CommandIo): void {
    const o = this.options;
    if (['alter', 'describe'].filter((a) => o.has(a)).length !== 1)
      printUsageAndDie(io, CONFIG_COMMAND_SPECS, 'Command must include exactly one action: --describe, --alter');
    checkInvalidArgs(io, CONFIG_COMMAND_SPECS, o, 'alter', ['describe']);
    checkInvalidArgs(io, CONFIG_COMMAND_SPECS, o, 'describe', ['alter', 'add-config', 'delete-config']);
    const types = this.entityTypes();
    const duplicates = types.filter((t, i) => types.indexOf(t) !== i);
    if (duplicates.length > 0)
      throw new IllegalArgumentException(`Duplicate entity type(s) specified: ${[...new Set(duplicates)].join(',')}`);
    const [allowed, connectOpt] = o.has('bootstrap-server')
      ? [BROKER_SUPPORTED_CONFIG_TYPES, '--bootstrap-server']
      : [CONFIG_TYPES, '--zookeeper'];
    for (const t of types) {
      if (!allowed.includes(t as never))
        throw new IllegalArgumentException(
          `Invalid entity type ${t}, the entity type must be one of ${allowed.join(',')} with the ${connectOpt} argument`,
        );
    }
    if (types.length === 0) throw new IllegalArgumentException('At least one entity type must be specified');
    if (types.length > 1 && !(types.length === 2 && types.includes(ConfigType.User) && types.includes(ConfigType.Client))) {
      throw new IllegalArgumentException("Only 'users' and 'clients' entity types may be specified together");
    }
    if (
      (o.has('entity-name') || o.has('entity-type') || o.has('entity-default')) &&
      [...ENTITY_FLAGS, ...ENTITY_DEFAULTS_FLAGS].some(([flag]) => o.has(flag))
    ) {
      throw new IllegalArgumentException('--entity-{type,name,default} should not be used in conjunction with specific entity flags');
    }
    const names = this.entityNames();
    const hasEntityName = names.some((n) => n !== '');
    const hasEntityDefault = names.some((n) => n === '');
    if (!o.has('bootstrap-server') && !o.has('zookeeper'))
      throw new IllegalArgumentException('One of the required --bootstrap-server or --zookeeper arguments must be specified');
    if (o.has('bootstrap-server') && o.has('zookeeper'))
      throw new IllegalArgumentException('Only one of --bootstrap-server or --zookeeper must be specified');
    if (o.has('all') && o.has('zookeeper')) throw new IllegalArgumentException('--bootstrap-server must be specified for --all');
    if (hasEntityName && (types.includes(ConfigType.Broker) || types.includes(BROKER_LOGGER_CONFIG_TYPE))) {
      for (const id of ['entity-name', 'broker', 'broker-logger'].filter((n) => o.has(n)).map((n) => o.valueOf(n)!)) {
        if (!/^[+-]?\d+$/.test(id) || Math.abs(Number(id)) > 2147483647)
          throw new IllegalArgumentException(`The entity name for ${types[0]} must be a valid integer broker id, but it is: ${id}`);
      }
    }
    if (types.includes(ConfigType.Client) || types.includes(ConfigType.User)) checkRequiredArgs(io, CONFIG_COMMAND_SPECS, o, 'zookeeper');
    if (o.has('describe') && types.includes(BROKER_LOGGER_CONFIG_TYPE) && !hasEntityName)
      throw new IllegalArgumentException(`an entity name must be specified with --describe of ${types.join(',')}`);
    if (o.has('alter')) {
      if (types.includes(ConfigType.User) || types.includes(ConfigType.Client) || types.includes(ConfigType.Broker)) {
        if (!hasEntityName && !hasEntityDefault)
          throw new IllegalArgumentException(
            'an entity-name or default entity must be specified with --alter of users, clients or brokers',
          );
      } else if (!hasEntityName) throw new IllegalArgumentException(`an entity name must be specified with --alter of ${types.join(',')}`);
      if (!o.has('add-config') && !o.has('delete-config'))
        throw new IllegalArgumentException('At least one of --add-config or --delete-config must be specified with --alter');
    }
  }

  /** `parseEntity`. */
  parseEntity(): ConfigEntity {
    const types = this.entityTypes();
    const names = this.entityNames();
    if (types[0] !== ConfigType.User && types[0] !== ConfigType.Client) {
      const name = names[0] === undefined ? null : names[0] === '' ? DEFAULT_CONFIG_ENTITY : names[0];
      return new ConfigEntity(new Entity(types[0], name), null);
    }
    if (this.options.has('alter') && names.length !== types.length)
      throw new IllegalArgumentException('--entity-name or --entity-default must be specified with each --entity-type for --alter');
    const reverse = types.length === 2 && types[0] === ConfigType.Client;
    const orderedTypes = reverse ? [...types].reverse() : types;
    const sortedNames = reverse && names.length === 2 ? [...names].reverse() : [...names];
    const entities = orderedTypes.map((t) => {
      const n = sortedNames.shift();
      return new Entity(t, n === undefined ? null : n === '' ? DEFAULT_CONFIG_ENTITY : sanitize(n));
    });
    return new ConfigEntity(entities[0], entities[1] ?? null);
  }
}
