import { parseJavaInt, parseJavaLong, LONG_MAX } from '../../common/java-lang';
import type { DynamicBrokerConfig } from '../../server/dynamic-broker-config';
import { DEFAULT_BROKER_ENTITY } from '../../server/dynamic-broker-config';
import type { ConfigHandler } from './config-handler';

/**
 * Where the broker's replication quotas take their rates (`quotaManagers.leader` / `.follower`
 * `updateQuota(upperBound(rate))`), in bytes/s. Long.MaxValue (the value when the key is unset) means unlimited.
 */
export interface ReplicationQuotaRates {
  updateLeaderRate(bytesPerSec: number): void;
  updateFollowerRate(bytesPerSec: number): void;
  /** `quotaManagers.alterLogDirs`: `replica.alter.log.dirs.io.max.bytes.per.second`. */
  updateAlterLogDirsRate?(bytesPerSec: number): void;
}

export interface BrokerConfigHandlerDeps {
  brokerId: number;
  dynamicConfig: DynamicBrokerConfig;
  /** The replication throttles' hook (filled in by the replication quota manager). */
  replicationQuotas?: ReplicationQuotaRates;
}

const LEADER_RATE = 'leader.replication.throttled.rate';
const FOLLOWER_RATE = 'follower.replication.throttled.rate';
const ALTER_LOG_DIRS_RATE = 'replica.alter.log.dirs.io.max.bytes.per.second';

/**
 * `kafka.server.BrokerConfigHandler`: `/config/brokers/<default>` becomes the dynamic default layer,
 * `/config/brokers/<this id>` this broker's layer and, read from it alone, the leader and follower
 * replication throttled rates and the alter-log-dirs rate. Other brokers' entities are not this broker's business.
 */
export class BrokerConfigHandler implements ConfigHandler {
  constructor(private readonly deps: BrokerConfigHandlerDeps) {}

  processConfigChanges(brokerId: string, properties: ReadonlyMap<string, string>): void {
    if (brokerId === DEFAULT_BROKER_ENTITY) {
      this.deps.dynamicConfig.updateDefaultConfig(properties);
      return;
    }
    // `brokerId.trim.toInt`: a name that is not a number throws, as in Kafka.
    if (parseJavaInt(brokerId.trim()) !== this.deps.brokerId) return;
    this.deps.dynamicConfig.updateBrokerConfig(this.deps.brokerId, properties);
    const getOrDefault = (prop: string) => {
      const v = properties.get(prop);
      return Number(v === undefined ? LONG_MAX : parseJavaLong(v));
    };
    this.deps.replicationQuotas?.updateLeaderRate(getOrDefault(LEADER_RATE));
    this.deps.replicationQuotas?.updateFollowerRate(getOrDefault(FOLLOWER_RATE));
    this.deps.replicationQuotas?.updateAlterLogDirsRate?.(getOrDefault(ALTER_LOG_DIRS_RATE));
  }
}
