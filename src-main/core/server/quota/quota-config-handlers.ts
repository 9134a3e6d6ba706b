/**
 * Kafka 2.5.1's `QuotaConfigHandler`, `ClientIdConfigHandler` and `UserConfigHandler`
 * (`kafka.server.ConfigHandler`): a change of `/config/clients/<client-id>`,
 * `/config/users/<user>` or `/config/users/<user>/clients/<client-id>` (names sanitized, or
 * `<default>`) sets or removes that entity's `producer_byte_rate`, `consumer_byte_rate` and
 * `request_percentage` in the broker's quota managers. And `loadQuotaConfigs`, the part of
 * `DynamicConfigManager.startup` that applies the quota configs already in ZooKeeper.
 */
import type { LogSink } from '../../common/logging';
import { IllegalArgumentException, parseJavaDouble, parseJavaLong } from '../../common/java-lang';
import type { KafkaBuild } from '../../common/jvm-hash-order';
import { DEFAULT_KAFKA_BUILD, scalaImmutableMapOrder } from '../../common/jvm-hash-order';
import { ConfigType, DEFAULT_CONFIG_ENTITY, desanitize } from '../../kafka-zk/config-znodes';
import type { KafkaZkClient } from '../../kafka-zk/kafka-zk-client';
import type { QuotaManagers } from './quota-managers';

const PRODUCER_BYTE_RATE = 'producer_byte_rate';
const CONSUMER_BYTE_RATE = 'consumer_byte_rate';
const REQUEST_PERCENTAGE = 'request_percentage';
const SCRAM_MECHANISMS = ['SCRAM-SHA-256', 'SCRAM-SHA-512'];

/** `QuotaConfigHandler.updateQuotaConfig`: a value that does not parse throws after the quotas before it were applied, as Kafka's. */
function updateQuotaConfig(
  quotas: QuotaManagers,
  sanitizedUser: string | null,
  sanitizedClientId: string | null,
  config: ReadonlyMap<string, string>,
): void {
  // `Sanitizer.desanitize`; a name that is not URL encoding fails there in Kafka too.
  const clientId =
    sanitizedClientId === null
      ? null
      : sanitizedClientId === DEFAULT_CONFIG_ENTITY
        ? sanitizedClientId
        : desanitizeOrThrow(sanitizedClientId);
  const long = (name: string) => (config.has(name) ? Number(parseJavaLong(config.get(name)!)) : null);
  quotas.produce.updateQuota(sanitizedUser, clientId, sanitizedClientId, long(PRODUCER_BYTE_RATE));
  quotas.fetch.updateQuota(sanitizedUser, clientId, sanitizedClientId, long(CONSUMER_BYTE_RATE));
  quotas.request.updateQuota(
    sanitizedUser,
    clientId,
    sanitizedClientId,
    config.has(REQUEST_PERCENTAGE) ? parseJavaDouble(config.get(REQUEST_PERCENTAGE)!) : null,
  );
}

function desanitizeOrThrow(name: string): string {
  const decoded = desanitize(name);
  if (decoded === null) {
    const trailing = /%[0-9a-fA-F]?$/.test(name);
    throw new IllegalArgumentException(
      trailing ? 'URLDecoder: Incomplete trailing escape (%) pattern' : 'URLDecoder: Illegal hex characters in escape (%) pattern',
    );
  }
  return decoded;
}

/** `ClientIdConfigHandler`: `/config/clients/<client-id>`. */
export class ClientIdConfigHandler {
  constructor(private readonly quotas: QuotaManagers) {}

  processConfigChanges(sanitizedClientId: string, clientConfig: ReadonlyMap<string, string>): void {
    updateQuotaConfig(this.quotas, null, sanitizedClientId, clientConfig);
  }
}

/** `UserConfigHandler`: `/config/users/<user>` and `/config/users/<user>/clients/<client-id>`; SCRAM credentials are not emulated. */
export class UserConfigHandler {
  constructor(
    private readonly quotas: QuotaManagers,
    private readonly log: LogSink,
  ) {}

  processConfigChanges(quotaEntityPath: string, config: ReadonlyMap<string, string>): void {
    const entities = quotaEntityPath.split('/');
    if (entities.length !== 1 && entities.length !== 3) throw new IllegalArgumentException(`Invalid quota entity path: ${quotaEntityPath}`);
    const sanitizedUser = entities[0];
    const sanitizedClientId = entities.length === 3 ? entities[2] : null;
    updateQuotaConfig(this.quotas, sanitizedUser, sanitizedClientId, config);
    if (sanitizedClientId === null && sanitizedUser !== DEFAULT_CONFIG_ENTITY && SCRAM_MECHANISMS.some((m) => config.has(m))) {
      this.log({
        file: 'server.log',
        level: 'INFO',
        logger: 'kafka.server.UserConfigHandler',
        message: `Kafka Dojo does not emulate SCRAM credentials: the credentials of users/${quotaEntityPath} are ignored`,
      });
    }
  }
}

/** The handlers a broker's DynamicConfigManager takes for clients and users. */
export function quotaConfigHandlers(quotas: QuotaManagers, log: LogSink): Map<string, ClientIdConfigHandler | UserConfigHandler> {
  return new Map<string, ClientIdConfigHandler | UserConfigHandler>([
    [ConfigType.Client, new ClientIdConfigHandler(quotas)],
    [ConfigType.User, new UserConfigHandler(quotas, log)],
  ]);
}

type QuotaZkClient = Pick<KafkaZkClient, 'getChildren' | 'getEntityConfigs'>;

/**
 * `DynamicConfigManager.startup`'s bootstrap of the quota overrides: every client config
 * (`fetchAllEntityConfigs(clients)`), then every user config and every `<user>/clients/<client>`
 * config (`fetchAllChildEntityConfigs(users, clients)`).
 */
export async function loadQuotaConfigs(
  zk: QuotaZkClient,
  quotas: QuotaManagers,
  log: LogSink,
  build: KafkaBuild = DEFAULT_KAFKA_BUILD,
): Promise<void> {
  const clients = new ClientIdConfigHandler(quotas);
  const users = new UserConfigHandler(quotas, log);
  const children = (path: string) => zk.getChildren(`/config/${path}`);
  for (const name of scalaImmutableMapOrder(await children(ConfigType.Client), build)) {
    clients.processConfigChanges(name, await zk.getEntityConfigs(ConfigType.Client, name));
  }
  const userNames = await children(ConfigType.User);
  for (const name of scalaImmutableMapOrder(userNames, build)) {
    users.processConfigChanges(name, await zk.getEntityConfigs(ConfigType.User, name));
  }
  const userClientPaths: string[] = [];
  for (const user of userNames) {
    for (const client of await children(`${ConfigType.User}/${user}/${ConfigType.Client}`))
      userClientPaths.push(`${user}/${ConfigType.Client}/${client}`);
  }
  for (const path of scalaImmutableMapOrder(userClientPaths, build)) {
    users.processConfigChanges(path, await zk.getEntityConfigs(ConfigType.User, path));
  }
}
