/**
 * `kafka-dojo kafka-configs --bootstrap-server …`: Kafka 2.5.1's `ConfigCommand.processCommand`
 * through the admin client — `--describe` of topics and brokers (`--entity-default` for the
 * cluster-wide broker default, `--all` for every config rather than the dynamic ones) printing
 * `Dynamic configs for broker 0 are:` and `  name=value sensitive=false synonyms={SOURCE:name=value, …}`,
 * and `--alter` with `--add-config` / `--delete-config`. Brokers are altered as 2.5.1 does (their
 * dynamic configs read, changed, sent whole with AlterConfigs); topics and broker loggers with
 * IncrementalAlterConfigs (a SET per added key, a DELETE per deleted one). No log4j logger is
 * emulated, so a broker logger named in `--alter` is an invalid one.
 */
import { validateTopic } from '../../core/admin/topic-name';
import { IllegalArgumentException, parseJavaIntOrNull } from '../../core/common/java-lang';
import { javaHashMapIterationOrder } from '../../core/common/jvm-hash-order';
import { KafkaApiError } from '../../core/common/kafka-errors';
import { ConfigType } from '../../core/kafka-zk/config-znodes';
import {
  type AdminClient,
  type ClientConfigSource,
  type ConfigResourceRef,
  type DescribedConfigEntry,
} from '../../protocol/kafka/client/admin-client';
import { futureGet } from '../admin-future';
import type { ConfigCommandOptions } from './config-command-options';
import { parseConfigsToBeAdded } from './config-command-parse';

/** `BrokerSupportedConfigTypes`. */
const BROKER_SUPPORTED_CONFIG_TYPES = 'topics,brokers,broker-loggers';
/** `ConfigCommand.BrokerDefaultEntityName`. */
const BROKER_DEFAULT_ENTITY_NAME = '';
const BROKER_LOGGER_CONFIG_TYPE = 'broker-loggers';

const call = futureGet;

/** `getConfig(adminClient, entityType, entityName, includeSynonyms, describeAll)`. */
async function getConfig(
  client: AdminClient,
  entityType: string,
  entityName: string,
  includeSynonyms: boolean,
  describeAll: boolean,
): Promise<DescribedConfigEntry[]> {
  const validateBrokerId = () => {
    if (parseJavaIntOrNull(entityName) === null)
      throw new IllegalArgumentException(`The entity name for ${entityType} must be a valid integer broker id, found: ${entityName}`);
  };
  let resource: ConfigResourceRef;
  let dynamicSource: ClientConfigSource | null;
  if (entityType === ConfigType.Topic) {
    if (entityName !== '') validateTopic(entityName);
    resource = { type: 'TOPIC', name: entityName };
    dynamicSource = 'DYNAMIC_TOPIC_CONFIG';
  } else if (entityType === ConfigType.Broker) {
    if (entityName !== BROKER_DEFAULT_ENTITY_NAME) validateBrokerId();
    resource = { type: 'BROKER', name: entityName };
    dynamicSource = entityName === BROKER_DEFAULT_ENTITY_NAME ? 'DYNAMIC_DEFAULT_BROKER_CONFIG' : 'DYNAMIC_BROKER_CONFIG';
  } else {
    if (entityName !== '') validateBrokerId();
    resource = { type: 'BROKER_LOGGER', name: entityName };
    dynamicSource = null;
  }
  const sourceFilter = describeAll ? null : dynamicSource;
  const entries = await call(client.describeConfigs(resource, includeSynonyms));
  return entries.filter((e) => sourceFilter === null || e.source === sourceFilter);
}

/** `parseConfigsToBeDeleted`. */
function parseConfigsToBeDeleted(opts: ConfigCommandOptions): string[] {
  return opts.options.valuesOf('delete-config').map((k) => k.trim());
}

/** `alterConfig(adminClient, opts)`. */
async function alterConfig(client: AdminClient, opts: ConfigCommandOptions, println: (l: string) => void): Promise<void> {
  const entityType = opts.entityTypes()[0];
  const entityName = opts.entityNames()[0];
  const toAdd = parseConfigsToBeAdded(opts, println);
  const toDelete = parseConfigsToBeDeleted(opts);
  // Topics and broker loggers: IncrementalAlterConfigs with a SET per added key and a DELETE per deleted one.
  const operations = () => [
    ...[...toAdd].map(([name, value]) => ({ name, op: 'SET' as const, value })),
    ...toDelete.map((name) => ({ name, op: 'DELETE' as const, value: '' })),
  ];
  if (entityType === ConfigType.Topic || entityType === ConfigType.Broker) {
    const oldConfig = new Map((await getConfig(client, entityType, entityName, false, false)).map((e) => [e.name, e.value]));
    const invalid = toDelete.filter((k) => !oldConfig.has(k));
    if (invalid.length > 0)
      throw new KafkaApiError('INVALID_CONFIG', `Invalid config(s): ${invalid.join(',')}`, 'InvalidConfigurationException');
    if (entityType === ConfigType.Topic) {
      await call(client.incrementalAlterConfigs({ type: 'TOPIC', name: entityName }, operations(), false));
    } else {
      const newEntries = new Map(oldConfig);
      for (const [k, v] of toAdd) newEntries.set(k, v);
      for (const k of toDelete) newEntries.delete(k);
      const sensitive = [...newEntries].filter(([, v]) => v === null).map(([k]) => k);
      if (sensitive.length > 0)
        throw new KafkaApiError(
          'INVALID_CONFIG',
          `All sensitive broker config entries must be specified for --alter, missing entries: Set(${sensitive.join(', ')})`,
          'InvalidConfigurationException',
        );
      await call(
        client.alterConfigs(
          { type: 'BROKER', name: entityName },
          [...newEntries].map(([k, v]) => [k, v ?? ''] as const),
          false,
        ),
      );
    }
  } else if (entityType === BROKER_LOGGER_CONFIG_TYPE) {
    const validLoggers = new Set((await getConfig(client, entityType, entityName, true, false)).map((e) => e.name));
    const invalid = [...toDelete.filter((k) => !validLoggers.has(k)), ...[...toAdd.keys()].filter((k) => !validLoggers.has(k))];
    if (invalid.length > 0)
      throw new KafkaApiError('INVALID_CONFIG', `Invalid broker logger(s): ${invalid.join(',')}`, 'InvalidConfigurationException');
    await call(client.incrementalAlterConfigs({ type: 'BROKER_LOGGER', name: entityName }, operations(), false));
  } else {
    throw new IllegalArgumentException(`Unsupported entity type: ${entityType}`);
  }
  if (entityName !== '') println(`Completed updating config for ${entityType.slice(0, -1)} ${entityName}.`);
  else println(`Completed updating default config for ${entityType} in the cluster.`);
}

/** `describeConfig(adminClient, opts)`. */
async function describeConfig(client: AdminClient, opts: ConfigCommandOptions, println: (l: string) => void): Promise<void> {
  const entityType = opts.entityTypes()[0];
  const entityName = opts.entityNames()[0] as string | undefined;
  const describeAll = opts.options.has('all');
  let entities: string[];
  if (entityName !== undefined) entities = [entityName];
  else if (entityType === ConfigType.Topic) entities = javaHashMapIterationOrder(await call(client.listTopics(true)));
  else entities = [...(await call(client.describeCluster())).map(String), BROKER_DEFAULT_ENTITY_NAME];
  for (const entity of entities) {
    if (entity === BROKER_DEFAULT_ENTITY_NAME) println(`Default configs for ${entityType} in the cluster are:`);
    else println(`${describeAll ? 'All' : 'Dynamic'} configs for ${entityType.slice(0, -1)} ${entity} are:`);
    for (const entry of await getConfig(client, entityType, entity, true, describeAll)) {
      const synonyms = entry.synonyms.map((s) => `${s.source}:${s.name}=${s.value}`).join(', ');
      println(`  ${entry.name}=${entry.value} sensitive=${entry.isSensitive} synonyms={${synonyms}}`);
    }
  }
}

/** `processCommand(opts)`: exactly one entity type and at most one name, then describe or alter. */
export async function processCommandWithAdmin(
  client: AdminClient,
  opts: ConfigCommandOptions,
  println: (l: string) => void,
): Promise<void> {
  if (opts.entityTypes().length !== 1)
    throw new IllegalArgumentException(
      `Exactly one entity type (out of ${BROKER_SUPPORTED_CONFIG_TYPES}) must be specified with --bootstrap-server`,
    );
  const names = opts.entityNames();
  if (names.length > 1) throw new IllegalArgumentException('At most one entity name must be specified with --bootstrap-server');
  if (opts.options.has('alter') && names.length !== 1)
    throw new IllegalArgumentException('Exactly one entity name must be specified with --bootstrap-server for --alter');
  if (opts.options.has('alter')) await alterConfig(client, opts, println);
  else if (opts.options.has('describe')) await describeConfig(client, opts, println);
}
