/**
 * The quotas page (`QuotaService`): the client quota configs Kafka 2.5 keeps in ZooKeeper
 * (`/config/users`, `/config/clients`, `/config/users/<u>/clients/<c>`, `<default>` at each level),
 * and per broker and client (user `ANONYMOUS` without authentication, client id) the
 * `producer_byte_rate` / `consumer_byte_rate` / `request_percentage` in force with the entity that
 * supplied it (ClientQuotaManager's lookup order), the observed rate and the throttle time.
 */

export type ClientQuotaKeyDto = 'producer_byte_rate' | 'consumer_byte_rate' | 'request_percentage';

/** A user (or `<default>`) and/or a client id (or `<default>`); null for a level not named. */
export interface QuotaEntityNameDto {
  readonly user: string | null;
  readonly clientId: string | null;
}

export interface QuotaEntityDto extends QuotaEntityNameDto {
  /** Under `/config`: `users/ANONYMOUS/clients/app`, `clients/<default>` … */
  readonly path: string;
  readonly configs: Readonly<Record<string, string>>;
}

/** One quota type of a client on a broker. */
export interface ClientQuotaStateDto {
  readonly key: ClientQuotaKeyDto;
  /** The bound enforced (bytes/s, or percent of a request thread); null when unlimited. */
  readonly quota: number | null;
  /** The config path that supplied it, `static default` (quota.producer/consumer.default), or null. */
  readonly source: string | null;
  /** Observed over the quota window (bytes/s; percent for requests). */
  readonly observedRate: number;
  /** The throttle-time average (ms), null before any throttling. */
  readonly throttleTimeAvgMs: number | null;
}

export interface ClientQuotaRowDto {
  readonly brokerId: number;
  /** `ANONYMOUS` without authentication. */
  readonly user: string;
  readonly clientId: string;
  readonly quotas: readonly ClientQuotaStateDto[];
}

export interface QuotaOverviewDto {
  readonly entities: readonly QuotaEntityDto[];
  readonly clients: readonly ClientQuotaRowDto[];
}

export interface QuotaService {
  overview(): Promise<QuotaOverviewDto>;
  /** Sets quota configs of an entity (kafka-configs --alter --add-config): validated, written with a change notification. */
  set(entity: QuotaEntityNameDto, configs: Readonly<Record<string, string>>): Promise<void>;
  /** Removes quota configs (`--delete-config`): `Invalid config(s): …` for one not set. */
  remove(entity: QuotaEntityNameDto, keys: readonly string[]): Promise<void>;
  /**
   * Both in one write, as one kafka-configs --alter with `--add-config` and `--delete-config`: one
   * znode write, one change notification; nothing written when refused.
   */
  alter(entity: QuotaEntityNameDto, set: Readonly<Record<string, string>>, remove: readonly string[]): Promise<void>;
}
