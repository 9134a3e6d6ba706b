/**
 * Client quotas for the UI, as `kafka-configs --zookeeper --entity-type users|clients` reads and
 * writes them: the quota configs of `/config/users/<u>`, `/config/users/<u>/clients/<c>`,
 * `/config/clients/<c>` (and `<default>` at each level) through AdminZkClient — validated per
 * entity type, written with the change notification the brokers' ConfigChangeListener applies —
 * and what each running broker's quota managers observe (`clientQuotaUsage`).
 */
import { AdminZkClient } from '../admin/admin-zk-client';
import { KafkaApiError } from '../common/kafka-errors';
import { ConfigType, DEFAULT_CONFIG_ENTITY, desanitize, sanitize } from '../kafka-zk/config-znodes';
import type { KafkaZkClient } from '../kafka-zk/kafka-zk-client';
import { clientQuotaUsage, type BrokerClientQuotaUsage } from '../server/quota/client-quota-usage';
import type { Cluster } from './cluster';

/** The client quota configs (`DynamicConfig.Client` / `User`). */
export const CLIENT_QUOTA_KEYS = ['producer_byte_rate', 'consumer_byte_rate', 'request_percentage'] as const;
export type ClientQuotaKey = (typeof CLIENT_QUOTA_KEYS)[number];

/** A user (or `<default>`) and/or a client id (or `<default>`), unsanitized; null for a level not named. */
export interface QuotaEntityName {
  readonly user: string | null;
  readonly clientId: string | null;
}

export interface ConfiguredQuotaEntity extends QuotaEntityName {
  /** Under `/config`: `users/ANONYMOUS/clients/app`, `clients/<default>` … */
  readonly path: string;
  readonly configs: Readonly<Record<string, string>>;
}

const sanitized = (name: string) => (name === DEFAULT_CONFIG_ENTITY ? name : sanitize(name));
const unsanitized = (name: string) => (name === DEFAULT_CONFIG_ENTITY ? name : (desanitize(name) ?? name));

export class QuotaAdmin {
  constructor(private readonly cluster: Cluster) {}

  private zk(): KafkaZkClient {
    for (const b of this.cluster.runningBrokers()) if (b.zk) return b.zk;
    throw new KafkaApiError('BROKER_NOT_AVAILABLE', 'No broker is running to reach ZooKeeper.');
  }

  /** The entities with a config znode, users (and their clients) first, then client ids. */
  async entities(): Promise<ConfiguredQuotaEntity[]> {
    const zk = this.zk();
    const admin = new AdminZkClient(zk);
    const out: ConfiguredQuotaEntity[] = [];
    const configsOf = async (type: string, name: string) => Object.fromEntries(await admin.fetchEntityConfig(type, name));
    for (const user of (await zk.getAllEntitiesWithConfig(ConfigType.User)).sort()) {
      out.push({ user: unsanitized(user), clientId: null, path: `users/${user}`, configs: await configsOf(ConfigType.User, user) });
      for (const client of (await zk.getAllEntitiesWithConfig(`${ConfigType.User}/${user}/clients`)).sort()) {
        out.push({
          user: unsanitized(user),
          clientId: unsanitized(client),
          path: `users/${user}/clients/${client}`,
          configs: await configsOf(ConfigType.User, `${user}/clients/${client}`),
        });
      }
    }
    for (const client of (await zk.getAllEntitiesWithConfig(ConfigType.Client)).sort()) {
      out.push({
        user: null,
        clientId: unsanitized(client),
        path: `clients/${client}`,
        configs: await configsOf(ConfigType.Client, client),
      });
    }
    return out;
  }

  /** Each running broker's clients: tags, quota in force, observed rate, throttle time. */
  usage(): BrokerClientQuotaUsage[] {
    return clientQuotaUsage(this.cluster.runningBrokers());
  }

  /**
   * `alterConfig` of kafka-configs --zookeeper: the entity's configs read, `set` added, `remove`
   * deleted (one not there: `Invalid config(s): …`), validated and written with a change notification.
   */
  async alter(entity: QuotaEntityName, set: Readonly<Record<string, string>>, remove: readonly string[]): Promise<void> {
    const admin = new AdminZkClient(this.zk());
    let entityType: string;
    let entityName: string;
    if (entity.user !== null) {
      entityType = ConfigType.User;
      entityName = entity.clientId === null ? sanitized(entity.user) : `${sanitized(entity.user)}/clients/${sanitized(entity.clientId)}`;
    } else if (entity.clientId !== null) {
      entityType = ConfigType.Client;
      entityName = sanitized(entity.clientId);
    } else {
      throw new KafkaApiError('INVALID_REQUEST', 'A user or a client id must be named.');
    }
    const configs = await admin.fetchEntityConfig(entityType, entityName);
    const invalid = remove.filter((k) => !configs.has(k));
    if (invalid.length > 0)
      throw new KafkaApiError('INVALID_CONFIG', `Invalid config(s): ${invalid.join(',')}`, 'InvalidConfigurationException');
    for (const [k, v] of Object.entries(set)) configs.set(k, v);
    for (const k of remove) configs.delete(k);
    await admin.changeConfigs(entityType, entityName, configs);
  }
}
