/**
 * `kafka-dojo kafka-configs --zookeeper …`: Kafka 2.5.1's `ConfigCommand` with a ZooKeeper connection
 * (the `--bootstrap-server` form is config-command-admin.ts)
 * (`processCommandWithZk`): `--describe` prints `Configs for topic 'x' are k=v,…` per entity,
 * `--alter` merges `--add-config` / `--delete-config` into `/config/<type>/<name>` through
 * AdminZkClient (which writes the change notification) and prints
 * `Completed updating config for entity: topic 'x'.`. Failures as ConfigCommand.main reports them:
 * an IllegalArgumentException / InvalidConfigurationException / OptionException as its message on
 * stderr, anything else as `Error while executing config command with args '…'` and its trace.
 */
import { AdminZkClient, type Properties } from '../../core/admin/admin-zk-client';
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { errorMessage, RUNTIME_EXCEPTION, stackTraceLines } from '../../core/common/throwable';
import { DynamicBrokerConfigNames, isPasswordConfig } from '../../core/admin/dynamic-config';
import { validateDynamicBrokerConfigs } from '../../core/admin/dynamic-broker-config';
import { IllegalArgumentException, JavaThrowable } from '../../core/common/java-lang';
import { DEFAULT_KAFKA_BUILD, javaPropertiesOrder } from '../../core/common/jvm-hash-order';
import { KafkaApiError } from '../../core/common/kafka-errors';
import type { KafkaZkClient } from '../../core/kafka-zk/kafka-zk-client';
import { ConfigType, DEFAULT_CONFIG_ENTITY } from '../../core/kafka-zk/config-znodes';
import { printHelpAndExitIfNeeded, ToolExit } from '../command-line-utils';
import type { CommandIo } from '../kafka-topics/kafka-topics';
import { OptionException } from '../kafka-topics/option-parser';
import { defaultZkEnvironment } from '../zookeeper/zk-connection';
import { CONFIG_COMMAND_SPECS, ConfigCommandOptions, ConfigEntity, Entity } from './config-command-options';
import { processCommandWithAdmin } from './config-command-admin';
import { parseConfigsToBeAdded } from './config-command-parse';
import { AdminClient } from '../../protocol/kafka/client/admin-client';

const ZK_UPDATABLE_WHILE_RUNNING = new Set<string>(Object.values(DynamicBrokerConfigNames));
const SCRAM_MECHANISMS = ['SCRAM-SHA-256', 'SCRAM-SHA-512'];
/**
 * `preProcessBrokerConfigs`: the `password.encoder.*` configs are taken out (never stored), the rest
 * validated as `DynamicBrokerConfig.validateConfigs`. Kafka then encrypts password configs with
 * the encoder secret (AES); that encoding is not emulated, so such configs are refused.
 */
function preProcessBrokerConfigs(toAdd: Properties, perBrokerConfig: boolean): void {
  const encoderConfigs = [...toAdd.keys()].filter((k) => k.startsWith('password.encoder.'));
  const hasSecret = toAdd.has('password.encoder.secret');
  for (const k of encoderConfigs) toAdd.delete(k);
  validateDynamicBrokerConfigs(Object.fromEntries(toAdd), [...toAdd.keys()], perBrokerConfig, DEFAULT_KAFKA_BUILD);
  const passwords = [...toAdd.keys()].filter(isPasswordConfig);
  if (passwords.length === 0) return;
  if (!hasSecret) {
    throw IllegalArgumentException.requirementFailed(
      `password.encoder.secret must be specified to update ${scalaSet(passwords)}. Other password encoder configs like cipher algorithm and iterations may also be specified to override the default encoding parameters. Password encoder configs will not be persisted in ZooKeeper.`,
    );
  }
  throw new AdminJavaException(
    'java.lang.UnsupportedOperationException',
    `Kafka Dojo does not emulate the password encoding of ${scalaSet(passwords)}`,
  );
}

/** Scala's `Set(a, b)`. */
const scalaSet = (items: readonly string[]) => `Set(${items.join(', ')})`;

async function alterConfigWithZk(zkClient: KafkaZkClient, opts: ConfigCommandOptions, println: (l: string) => void): Promise<void> {
  const adminZkClient = new AdminZkClient(zkClient);
  const toAdd = parseConfigsToBeAdded(opts, println);
  const toDelete = opts.options.valuesOf('delete-config').map((k) => k.trim());
  const entity = opts.parseEntity();
  const entityType = entity.root.entityType;
  const entityName = entity.fullSanitizedName;
  if (entityType === ConfigType.User) {
    const scram = SCRAM_MECHANISMS.filter((m) => toAdd.has(m));
    // The salted credential ScramFormatter computes is not emulated; refusing keeps plain passwords out of ZooKeeper.
    if (scram.length > 0)
      throw new AdminJavaException(
        'java.lang.UnsupportedOperationException',
        `Kafka Dojo does not emulate SCRAM credentials (${scram.join(', ')})`,
      );
  } else if (entityType === ConfigType.Broker) {
    const dynamic = [...toAdd.keys()].filter((k) => !ZK_UPDATABLE_WHILE_RUNNING.has(k));
    if (dynamic.length > 0) {
      const errorMessage = `--bootstrap-server option must be specified to update broker configs ${scalaSet(dynamic)}.`;
      const info =
        'Broker configuration updates using ZooKeeper are supported for bootstrapping before brokers are started to enable encrypted password configs to be stored in ZooKeeper.';
      if (entityName !== DEFAULT_CONFIG_ENTITY) {
        const id = adminZkClient.parseBroker(entityName);
        if (id !== null && (await zkClient.getBroker(id)) !== null)
          throw IllegalArgumentException.requirementFailed(`${errorMessage} when broker ${entityName} is running. ${info}`);
      } else if ((await zkClient.getAllBrokersInCluster()).length > 0) {
        throw IllegalArgumentException.requirementFailed(`${errorMessage} for default cluster if any broker is running. ${info}`);
      }
      preProcessBrokerConfigs(toAdd, entityName !== DEFAULT_CONFIG_ENTITY);
    }
  }
  const configs = await adminZkClient.fetchEntityConfig(entityType, entityName);
  const invalid = toDelete.filter((k) => !configs.has(k));
  if (invalid.length > 0)
    throw new KafkaApiError('INVALID_CONFIG', `Invalid config(s): ${invalid.join(',')}`, 'InvalidConfigurationException');
  for (const [k, v] of toAdd) configs.set(k, v);
  for (const k of toDelete) configs.delete(k);
  await adminZkClient.changeConfigs(entityType, entityName, configs);
  println(`Completed updating config for entity: ${entity}.`);
}

/** `ConfigEntity.getAllEntities`: the named entity, or every entity of the type that has a config znode. */
async function getAllEntities(zkClient: KafkaZkClient, entity: ConfigEntity): Promise<ConfigEntity[]> {
  const { root, child } = entity;
  if (root.sanitizedName === null) {
    const roots = (await zkClient.getAllEntitiesWithConfig(root.entityType)).map(
      (name) => new ConfigEntity(new Entity(root.entityType, name), child),
    );
    if (!child) return roots;
    const all = await Promise.all(roots.map((r) => getAllEntities(zkClient, new ConfigEntity(r.root, new Entity(child.entityType, null)))));
    return all.flat();
  }
  if (child && child.sanitizedName === null) {
    return (await zkClient.getAllEntitiesWithConfig(`${root.entityPath}/${child.entityType}`)).map(
      (name) => new ConfigEntity(root, new Entity(child.entityType, name)),
    );
  }
  return [entity];
}

async function describeConfigWithZk(zkClient: KafkaZkClient, opts: ConfigCommandOptions, println: (l: string) => void): Promise<void> {
  const adminZkClient = new AdminZkClient(zkClient);
  const entity = opts.parseEntity();
  const describeAllUsers = entity.root.entityType === ConfigType.User && entity.root.sanitizedName === null && entity.child === null;
  for (const e of await getAllEntities(zkClient, entity)) {
    const configs = await adminZkClient.fetchEntityConfig(e.root.entityType, e.fullSanitizedName);
    if (configs.size > 0 || !describeAllUsers) {
      const shown = javaPropertiesOrder(configs.keys(), DEFAULT_KAFKA_BUILD).map((k) => `${k}=${configs.get(k)}`);
      println(`Configs for ${e} are ${shown.join(',')}`);
    }
  }
}

function messageOnly(e: unknown): boolean {
  return (
    e instanceof OptionException ||
    (e instanceof JavaThrowable && e.javaClass === 'java.lang.IllegalArgumentException') ||
    (e instanceof KafkaApiError && e.exceptionName === 'InvalidConfigurationException')
  );
}

export async function runKafkaConfigs(args: readonly string[], io: CommandIo): Promise<number> {
  const println = (line: string) => io.stdout(`${line}\n`);
  try {
    const opts = new ConfigCommandOptions(args);
    printHelpAndExitIfNeeded(
      io,
      CONFIG_COMMAND_SPECS,
      args,
      opts.options,
      'This tool helps to manipulate and describe entity config for a topic, client, user or broker',
    );
    opts.checkArgs(io);
    if (!opts.options.has('zookeeper')) {
      const client = new AdminClient({ bootstrapServers: opts.options.valueOf('bootstrap-server')!, requestTimeoutMs: 30_000 });
      try {
        await processCommandWithAdmin(client, opts, println);
      } finally {
        client.close();
      }
      return 0;
    }
    println('Warning: --zookeeper is deprecated and will be removed in a future version of Kafka.');
    println('Use --bootstrap-server instead to specify a broker to connect to.');
    const env = io.zookeeper ?? defaultZkEnvironment();
    const session = await env.connect(opts.options.valueOf('zookeeper')!, 'kafka-configs');
    try {
      if (opts.options.has('alter')) await alterConfigWithZk(session.zkClient, opts, println);
      else await describeConfigWithZk(session.zkClient, opts, println);
    } finally {
      await session.close();
    }
    return 0;
  } catch (e) {
    if (e instanceof ToolExit) return e.code;
    if (messageOnly(e)) {
      io.stderr(`${errorMessage(e)}\n`);
      return 1;
    }
    io.stderr(`Error while executing config command with args '${args.join(' ')}'\n${stackTraceLines(e, RUNTIME_EXCEPTION).join('\n')}\n`);
    return 1;
  }
}
