/**
 * The quotas page (`QuotaService`): the facade's quota admin as DTOs. For each client a broker
 * keeps sensors for, the entity whose config supplies each quota is found in ClientQuotaManager's
 * precedence (user+client, user+default client, user, default user+client, defaults, client,
 * default client), then the static default.
 */
import { CLIENT_QUOTA_KEYS, type ClientQuotaKey, type ConfiguredQuotaEntity } from '../../core/cluster/quota-admin';
import { ANONYMOUS_USER, entityConfigPath, quotaSourceFor, type QuotaEntity } from '../../core/server/quota/quota-entity';
import type { ClientQuotaUsage } from '../../core/server/quota/client-quota-manager';
import { ApiError } from '../backend';
import type { ClusterHost } from '../cluster-host';
import type { ClientQuotaRowDto, ClientQuotaStateDto, QuotaEntityNameDto, QuotaOverviewDto, QuotaService } from './quota-contract';
import { kafkaText } from '../localized-text';

const USAGE_OF: Record<ClientQuotaKey, 'produce' | 'fetch' | 'request'> = {
  producer_byte_rate: 'produce',
  consumer_byte_rate: 'fetch',
  request_percentage: 'request',
};

/** The configured quota of an entity, by its `/config` path. */
function configuredLookup(entities: readonly ConfiguredQuotaEntity[], key: ClientQuotaKey): (e: QuotaEntity) => number | undefined {
  const byPath = new Map(entities.map((e) => [e.path, e.configs[key]]));
  return (e) => {
    const v = byPath.get(entityConfigPath(e));
    return v === undefined ? undefined : Number(v);
  };
}

/** A config error of the alter (ConfigException, AdminOperationException …) in Kafka's words. */
function refusal(e: unknown): never {
  if (e instanceof Error && !(e instanceof ApiError) && /Exception$/.test(e.name) && e.name !== 'KafkaApiError')
    // Kafka's text: the exception's message.
    throw new ApiError('INVALID_CONFIG', kafkaText(e.message));
  throw e;
}

export class QuotaServiceImpl implements QuotaService {
  constructor(private readonly host: ClusterHost) {}

  async overview(): Promise<QuotaOverviewDto> {
    const admin = this.host.require().cluster.quotaAdmin;
    const entities = await admin.entities();
    const clients: ClientQuotaRowDto[] = [];
    for (const broker of admin.usage()) {
      const rows = new Map<string, Map<ClientQuotaKey, ClientQuotaUsage>>();
      for (const key of CLIENT_QUOTA_KEYS) {
        for (const u of broker[USAGE_OF[key]]) {
          const row = rows.get(u.clientId) ?? new Map<ClientQuotaKey, ClientQuotaUsage>();
          row.set(key, u);
          rows.set(u.clientId, row);
        }
      }
      for (const [clientId, row] of [...rows].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
        const quotas: ClientQuotaStateDto[] = CLIENT_QUOTA_KEYS.map((key) => {
          const usage = row.get(key);
          const found = quotaSourceFor(ANONYMOUS_USER, clientId, configuredLookup(entities, key));
          const quota = usage?.quota ?? null;
          return {
            key,
            quota,
            source: found ? entityConfigPath(found.entity) : quota !== null ? 'static default' : null,
            observedRate: usage?.observedRate ?? 0,
            throttleTimeAvgMs: usage?.throttleTimeAvgMs ?? null,
          };
        });
        clients.push({ brokerId: broker.brokerId, user: ANONYMOUS_USER, clientId, quotas });
      }
    }
    return { entities, clients };
  }

  private check(entity: QuotaEntityNameDto): void {
    if (entity.user === null && entity.clientId === null)
      throw new ApiError('INVALID_REQUEST', { en: 'A user or a client id must be named.', 'zh-CN': '必须指定用户或客户端 id。' }, 'entity');
    for (const name of [entity.user, entity.clientId])
      if (name !== null && name.trim() === '')
        throw new ApiError('INVALID_REQUEST', { en: 'An entity name cannot be empty.', 'zh-CN': '实体名称不能为空。' }, 'entity');
  }

  async set(entity: QuotaEntityNameDto, configs: Readonly<Record<string, string>>): Promise<void> {
    this.check(entity);
    await this.host.require().cluster.quotaAdmin.alter(entity, configs, []).catch(refusal);
  }

  async remove(entity: QuotaEntityNameDto, keys: readonly string[]): Promise<void> {
    await this.alter(entity, {}, keys);
  }

  async alter(entity: QuotaEntityNameDto, set: Readonly<Record<string, string>>, remove: readonly string[]): Promise<void> {
    this.check(entity);
    await this.host.require().cluster.quotaAdmin.alter(entity, set, remove).catch(refusal);
  }
}
