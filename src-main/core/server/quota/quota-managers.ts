/**
 * Kafka 2.5.1's `QuotaFactory.instantiate` for the client quotas of one broker: Fetch and Produce
 * (bytes per second, with the deprecated static `quota.consumer.default` / `quota.producer.default`
 * as the client-id default) and Request (`request_percentage`), all windowed by `quota.window.num`
 * and `quota.window.size.seconds`; and the leader and follower replication throttles, windowed by
 * `replication.quota.window.num` and `replication.quota.window.size.seconds`. Created at each broker start: like Kafka's metrics, the rates
 * begin anew with the process.
 */
import type { BrokerConfig } from '../../config/kafka-config';
import type { LogSink } from '../../common/logging';
import type { Time } from '../../platform/scheduler';
import { ClientQuotaManager, UNLIMITED_QUOTA, type ClientQuotaManagerConfig, type ClientQuotaUsage } from './client-quota-manager';
import { ClientRequestQuotaManager } from './client-request-quota-manager';
import { ReplicationQuotaManager } from './replication-quota-manager';

/** Every client's quota sensors on one broker, by quota type. */
export interface ClientQuotaUsageSnapshot {
  readonly produce: ClientQuotaUsage[];
  readonly fetch: ClientQuotaUsage[];
  readonly request: ClientQuotaUsage[];
}

export class QuotaManagers {
  readonly fetch: ClientQuotaManager;
  readonly produce: ClientQuotaManager;
  readonly request: ClientRequestQuotaManager;
  /** The replication throttles (`QuotaFactory`'s `leader` and `follower`). */
  readonly leader: ReplicationQuotaManager;
  readonly follower: ReplicationQuotaManager;
  /** `QuotaFactory`'s `alterLogDirs`: the ReplicaAlterLogDirs fetchers' bytes, bound by `replica.alter.log.dirs.io.max.bytes.per.second`. */
  readonly alterLogDirs: ReplicationQuotaManager;

  constructor(config: BrokerConfig, time: Time, log: LogSink) {
    const window = {
      numQuotaSamples: Number(config.value('quota.window.num')),
      quotaWindowSizeSeconds: Number(config.value('quota.window.size.seconds')),
    };
    const bytesConfig = (name: 'quota.producer.default' | 'quota.consumer.default'): ClientQuotaManagerConfig => {
      const quotaBytesPerSecondDefault = Number(config.value(name) as bigint);
      if (quotaBytesPerSecondDefault !== UNLIMITED_QUOTA) {
        log({
          file: 'server.log',
          level: 'WARN',
          logger: 'kafka.server.QuotaFactory$',
          message: `${name} has been deprecated in 0.11.0.0 and will be removed in a future release. Use dynamic quota defaults instead.`,
        });
      }
      return { ...window, quotaBytesPerSecondDefault };
    };
    // Kafka's order: the Fetch config is built (and warned about) before the Produce one.
    this.fetch = new ClientQuotaManager(bytesConfig('quota.consumer.default'), 'Fetch', time, log);
    this.produce = new ClientQuotaManager(bytesConfig('quota.producer.default'), 'Produce', time, log);
    this.request = new ClientRequestQuotaManager({ ...window, quotaBytesPerSecondDefault: UNLIMITED_QUOTA }, time, log);
    const replicationWindow = {
      numQuotaSamples: Number(config.value('replication.quota.window.num')),
      quotaWindowSizeSeconds: Number(config.value('replication.quota.window.size.seconds')),
    };
    this.leader = new ReplicationQuotaManager('LeaderReplication', replicationWindow, time);
    this.follower = new ReplicationQuotaManager('FollowerReplication', replicationWindow, time);
    this.alterLogDirs = new ReplicationQuotaManager(
      'AlterLogDirsReplication',
      {
        numQuotaSamples: Number(config.value('alter.log.dirs.replication.quota.window.num')),
        quotaWindowSizeSeconds: Number(config.value('alter.log.dirs.replication.quota.window.size.seconds')),
      },
      time,
    );
  }

  /** The UI's view: each client's observed rates, quotas and average throttle times. */
  usage(): ClientQuotaUsageSnapshot {
    return { produce: this.produce.usage(), fetch: this.fetch.usage(), request: this.request.usage() };
  }
}
