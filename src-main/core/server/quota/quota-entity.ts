/**
 * The entities a client quota is configured for (`ClientQuotaManager.KafkaQuotaEntity`): a user
 * (sanitized, as in `/config/users/<user>`) or the default user, and/or a client id or the
 * default client id — and the precedence in which `DefaultQuotaCallback.quotaLimit` looks them up:
 *
 *   1. /config/users/<user>/clients/<client-id>     5. /config/users/<default>/clients/<default>
 *   2. /config/users/<user>/clients/<default>       6. /config/users/<default>
 *   3. /config/users/<user>                         7. /config/clients/<client-id>
 *   4. /config/users/<default>/clients/<client-id>  8. /config/clients/<default>
 *
 * (then the static `quota.producer.default` / `quota.consumer.default` for the client-id level).
 */
import { DEFAULT_CONFIG_ENTITY, sanitize } from '../../kafka-zk/config-znodes';

export type UserEntity = { readonly kind: 'user'; readonly sanitizedUser: string } | { readonly kind: 'default-user' };
export type ClientIdEntity = { readonly kind: 'client-id'; readonly clientId: string } | { readonly kind: 'default-client-id' };

export interface QuotaEntity {
  readonly user: UserEntity | null;
  readonly clientId: ClientIdEntity | null;
}

/** The principal of every connection without authentication (`KafkaPrincipal.ANONYMOUS`), sanitized. */
export const ANONYMOUS_USER = 'ANONYMOUS';

/** `DefaultTags`: the user and client-id a client's quota sensors are kept under ("" for a level not in use). */
export interface QuotaMetricTags {
  readonly user: string;
  readonly clientId: string;
}

export function userEntity(sanitizedUser: string): UserEntity {
  return sanitizedUser === DEFAULT_CONFIG_ENTITY ? { kind: 'default-user' } : { kind: 'user', sanitizedUser };
}

export function clientIdEntity(sanitizedClientId: string, clientId: string): ClientIdEntity {
  return sanitizedClientId === DEFAULT_CONFIG_ENTITY ? { kind: 'default-client-id' } : { kind: 'client-id', clientId };
}

/** A key that identifies the entity in a map (Kafka's case-class equality). */
export function entityKey(entity: QuotaEntity): string {
  const u = entity.user === null ? '-' : entity.user.kind === 'user' ? `u:${entity.user.sanitizedUser}` : 'u<default>';
  const c = entity.clientId === null ? '-' : entity.clientId.kind === 'client-id' ? `c:${entity.clientId.clientId}` : 'c<default>';
  return `${u}|${c}`;
}

/** `KafkaQuotaEntity.toString`, as Kafka's log lines print it: `user alice client-id app`, `default user`. */
export function entityToString(entity: QuotaEntity): string {
  const user = entity.user === null ? '' : entity.user.kind === 'user' ? `user ${entity.user.sanitizedUser}` : 'default user';
  const client =
    entity.clientId === null ? '' : entity.clientId.kind === 'client-id' ? `client-id ${entity.clientId.clientId}` : 'default client-id';
  return `${user} ${client}`.trim();
}

const DEFAULT_USER: UserEntity = { kind: 'default-user' };
const DEFAULT_CLIENT: ClientIdEntity = { kind: 'default-client-id' };

/** Levels 1–6 for a user and client id, most specific first. */
function userLevels(sanitizedUser: string, clientId: string): QuotaEntity[] {
  const user: UserEntity = { kind: 'user', sanitizedUser };
  const client: ClientIdEntity = { kind: 'client-id', clientId };
  return [
    { user, clientId: client },
    { user, clientId: DEFAULT_CLIENT },
    { user, clientId: null },
    { user: DEFAULT_USER, clientId: client },
    { user: DEFAULT_USER, clientId: DEFAULT_CLIENT },
    { user: DEFAULT_USER, clientId: null },
  ];
}

/**
 * `DefaultQuotaCallback.quotaLimit`: the bound for a sensor's tags, or null when none applies.
 * Both tags set: levels 1, 2, 4, 5; only the user: 3, 6; only the client id: 7, 8, then `staticClientIdQuota`.
 */
export function quotaLimitFor(
  tags: QuotaMetricTags,
  overridden: (entity: QuotaEntity) => number | undefined,
  staticClientIdQuota: number,
): number | null {
  const { user, clientId } = tags;
  const first = (entities: readonly QuotaEntity[]) => {
    for (const e of entities) {
      const q = overridden(e);
      if (q !== undefined) return q;
    }
    return null;
  };
  if (user !== '' && clientId !== '') {
    const [l1, l2, , l4, l5] = userLevels(user, clientId);
    return first([l1, l2, l4, l5]);
  }
  if (user !== '') {
    const [, , l3, , , l6] = userLevels(user, clientId);
    return first([l3, l6]);
  }
  if (clientId !== '') {
    return (
      first([
        { user: null, clientId: { kind: 'client-id', clientId } },
        { user: null, clientId: DEFAULT_CLIENT },
      ]) ?? staticClientIdQuota
    );
  }
  return null;
}

/**
 * `DefaultQuotaCallback.quotaMetricTags` once quotas are set at more than one level: the tags of
 * the first level that has a quota (levels 1, 2, 4, 5 keep both, 3 and 6 the user only, else the
 * client id only).
 */
export function multiLevelMetricTags(sanitizedUser: string, clientId: string, has: (entity: QuotaEntity) => boolean): QuotaMetricTags {
  const levels = userLevels(sanitizedUser, clientId);
  for (let i = 0; i < levels.length; i++) {
    if (has(levels[i])) return i === 2 || i === 5 ? { user: sanitizedUser, clientId: '' } : { user: sanitizedUser, clientId };
  }
  return { user: '', clientId };
}

/**
 * Which entity supplies a client's quota, in `DefaultQuotaCallback`'s precedence (levels 1–8 above,
 * most specific first), the first that configures it; null when none does (then the static
 * client-id default, if any, applies).
 */
export function quotaSourceFor(
  sanitizedUser: string,
  clientId: string,
  configured: (entity: QuotaEntity) => number | undefined,
): { entity: QuotaEntity; quota: number } | null {
  const levels: QuotaEntity[] = [
    ...userLevels(sanitizedUser, clientId),
    { user: null, clientId: { kind: 'client-id', clientId } },
    { user: null, clientId: DEFAULT_CLIENT },
  ];
  for (const entity of levels) {
    const quota = configured(entity);
    if (quota !== undefined) return { entity, quota };
  }
  return null;
}

/** The entity's path under `/config` (`users/<u>/clients/<c>`, `clients/<default>` …), names sanitized. */
export function entityConfigPath(entity: QuotaEntity): string {
  const user = entity.user === null ? null : entity.user.kind === 'user' ? entity.user.sanitizedUser : DEFAULT_CONFIG_ENTITY;
  const client =
    entity.clientId === null ? null : entity.clientId.kind === 'client-id' ? sanitize(entity.clientId.clientId) : DEFAULT_CONFIG_ENTITY;
  if (user !== null) return client === null ? `users/${user}` : `users/${user}/clients/${client}`;
  return `clients/${client ?? DEFAULT_CONFIG_ENTITY}`;
}
