/**
 * The quotas page without the UI: entities named as kafka-configs names them
 * (`ConfigCommand.ConfigEntity.toString`), a quota value checked as `ConfigDef.parse` checks
 * `DynamicConfig.Client`'s LONG and DOUBLE configs, what an edit changes against the entity's
 * configs, and the kafka-configs command line that makes the same change.
 */
import type { ClientQuotaKeyDto, ClientQuotaRowDto, QuotaEntityDto, QuotaEntityNameDto } from '../../api/types';
import { parseJavaDouble, parseJavaLongOrNull } from '../../../../src-main/core/common/java-lang';
import { diffOverrides, type ConfigChange } from '../topics/wizard/config-diff';
import { shellWord } from '../../lib/shell-word';

/** `DynamicConfig.Client`'s configs, in its order. */
export const QUOTA_KEYS = [
  'producer_byte_rate',
  'consumer_byte_rate',
  'request_percentage',
] as const satisfies readonly ClientQuotaKeyDto[];

/** `ConfigEntityName.Default`. */
export const DEFAULT_ENTITY = '<default>';

export type QuotaEntityKind = 'user' | 'client-id' | 'user-client-id';

export function entityKind(entity: QuotaEntityNameDto): QuotaEntityKind {
  if (entity.user !== null) return entity.clientId === null ? 'user' : 'user-client-id';
  return 'client-id';
}

/** `ConfigCommand.Entity.toString`: `user-principal 'alice'`, `default client-id`. */
function levelName(typeName: 'user-principal' | 'client-id', name: string): string {
  return name === DEFAULT_ENTITY ? `default ${typeName}` : `${typeName} '${name}'`;
}

/** `ConfigCommand.ConfigEntity.toString`: `user-principal 'alice', default client-id`. */
export function describeEntity(entity: QuotaEntityNameDto): string {
  if (entity.user === null) return levelName('client-id', entity.clientId ?? DEFAULT_ENTITY);
  const user = levelName('user-principal', entity.user);
  return entity.clientId === null ? user : `${user}, ${levelName('client-id', entity.clientId)}`;
}

/** The same entity (names as given, `<default>` included). */
export function sameEntity(a: QuotaEntityNameDto, b: QuotaEntityNameDto): boolean {
  return a.user === b.user && a.clientId === b.clientId;
}

/**
 * `ConfigDef.parseType` of a quota value (trimmed, then `Long.parseLong` or `Double.parseDouble`):
 * Kafka's ConfigException message, or null when the value parses.
 */
export function quotaValueError(key: ClientQuotaKeyDto, value: string): string | null {
  const trimmed = value.trim();
  if (key === 'request_percentage') {
    try {
      parseJavaDouble(trimmed);
      return null;
    } catch {
      return `Invalid value ${value} for configuration ${key}: Not a number of type DOUBLE`;
    }
  }
  return parseJavaLongOrNull(trimmed) === null ? `Invalid value ${value} for configuration ${key}: Not a number of type LONG` : null;
}

/** An entity's edit: the quota values typed (empty: not set). */
export type QuotaValues = Partial<Record<ClientQuotaKeyDto, string>>;

export interface QuotaEdit {
  readonly changes: ConfigChange[];
  /** `--add-config`: added or changed. */
  readonly set: Record<string, string>;
  /** `--delete-config`: set before, emptied now. */
  readonly remove: string[];
}

/** What saving `values` changes in the entity's `configs` (other configs of the znode are kept as they are). */
export function quotaEdit(configs: Readonly<Record<string, string>>, values: QuotaValues): QuotaEdit {
  const before: Record<string, string> = {};
  const after: Record<string, string> = {};
  for (const key of QUOTA_KEYS) {
    if (Object.hasOwn(configs, key)) before[key] = configs[key];
    const typed = values[key]?.trim() ?? '';
    if (typed !== '') after[key] = typed;
  }
  const changes = diffOverrides(before, after);
  const set: Record<string, string> = {};
  const remove: string[] = [];
  for (const c of changes) {
    if (c.after === null) remove.push(c.name);
    else set[c.name] = c.after;
  }
  return { changes, set, remove };
}

/** The `--entity-type … --entity-name …|--entity-default` options of an entity. */
function entityOptions(entity: QuotaEntityNameDto): string[] {
  const level = (type: 'users' | 'clients', name: string) =>
    name === DEFAULT_ENTITY ? ['--entity-type', type, '--entity-default'] : ['--entity-type', type, '--entity-name', shellWord(name)];
  const options: string[] = [];
  if (entity.user !== null) options.push(...level('users', entity.user));
  if (entity.clientId !== null) options.push(...level('clients', entity.clientId));
  return options;
}

/** The kafka-configs (ZooKeeper form, the one 2.5.1 has for users and clients) command that makes the same change. */
export function kafkaConfigsCommand(zookeeperConnect: string, entity: QuotaEntityNameDto, edit: Pick<QuotaEdit, 'set' | 'remove'>): string {
  const words = ['kafka-configs', '--zookeeper', zookeeperConnect, '--alter', ...entityOptions(entity)];
  const added = Object.entries(edit.set).map(([k, v]) => `${k}=${v}`);
  if (added.length > 0) words.push('--add-config', shellWord(added.join(',')));
  if (edit.remove.length > 0) words.push('--delete-config', edit.remove.join(','));
  return words.join(' ');
}

/** The connected clients (broker, client id) for which this entity supplies a quota, with the quotas it supplies. */
export function inEffectFor(entity: QuotaEntityDto, clients: readonly ClientQuotaRowDto[]): string[] {
  const out: string[] = [];
  for (const row of clients) {
    const keys = row.quotas.filter((q) => q.source === entity.path).map((q) => q.key);
    if (keys.length > 0) out.push(`${row.clientId} @ ${row.brokerId}: ${keys.join(', ')}`);
  }
  // A client with two connections to one broker (a bootstrap and a leader connection) is one client there.
  return [...new Set(out)];
}
