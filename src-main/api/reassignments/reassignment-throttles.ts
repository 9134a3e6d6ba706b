/**
 * The replication throttles of a reassignment, set and cleared as `ReassignPartitionsCommand`
 * (2.6, `--bootstrap-server`) does: `leader/follower.replication.throttled.rate` on the brokers,
 * `leader/follower.replication.throttled.replicas` on the topics. The facade answers AlterConfigs,
 * which replaces an entity's overrides: each write starts from the overrides in place, so only the
 * throttle keys change (what the tool's IncrementalAlterConfigs SET/DELETE amount to).
 */
import type { ClusterFacade } from '../../core/cluster/cluster-facade';
import { ApiError } from '../backend';
import { kafkaText } from '../localized-text';

export const LEADER_RATE = 'leader.replication.throttled.rate';
export const FOLLOWER_RATE = 'follower.replication.throttled.rate';
/** `brokerLevelThrottles` also clears the log dir throttle, which this page never sets. */
const LOG_DIR_RATE = 'replica.alter.log.dirs.io.max.bytes.per.second';
export const LEADER_REPLICAS = 'leader.replication.throttled.replicas';
export const FOLLOWER_REPLICAS = 'follower.replication.throttled.replicas';

const BROKER_THROTTLES = [LEADER_RATE, FOLLOWER_RATE, LOG_DIR_RATE];
const TOPIC_THROTTLES = [LEADER_REPLICAS, FOLLOWER_REPLICAS];

/** The topic's overrides (DescribeConfigs' TOPIC_CONFIG entries). */
export async function topicOverrides(cluster: ClusterFacade, topic: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const c of await cluster.admin.describeTopicConfig(topic))
    if (c.source === 'TOPIC_CONFIG' && c.value !== null) out[c.name] = c.value;
  return out;
}

function brokerOverrides(cluster: ClusterFacade, brokerId: number): Record<string, string> {
  return Object.fromEntries(cluster.broker(brokerId)?.dynamicConfig.dynamicBrokerConfigs ?? []);
}

async function alterTopic(cluster: ClusterFacade, topic: string, configs: Record<string, string>): Promise<void> {
  const result = await cluster.admin.alterTopicConfig(topic, configs, false);
  // Kafka's text: AlterConfigs' error message.
  if (result.errorCode !== 0) throw new ApiError(result.errorName, kafkaText(result.errorMessage ?? result.errorName));
}

async function alterBroker(cluster: ClusterFacade, brokerId: number, configs: Record<string, string>): Promise<void> {
  const result = await cluster.admin.alterBrokerConfig(String(brokerId), configs, false);
  // Kafka's text: AlterConfigs' error message.
  if (result.errorCode !== 0) throw new ApiError(result.errorName, kafkaText(result.errorMessage ?? result.errorName));
}

/** `modifyTopicThrottles`: topic → leader and follower `partition:broker` lists. */
export async function setTopicThrottles(
  cluster: ClusterFacade,
  leader: ReadonlyMap<string, string>,
  follower: ReadonlyMap<string, string>,
): Promise<void> {
  for (const topic of new Set([...leader.keys(), ...follower.keys()])) {
    const configs = await topicOverrides(cluster, topic);
    const l = leader.get(topic);
    const f = follower.get(topic);
    if (l !== undefined) configs[LEADER_REPLICAS] = l;
    if (f !== undefined) configs[FOLLOWER_REPLICAS] = f;
    await alterTopic(cluster, topic, configs);
  }
}

/** `modifyInterBrokerThrottle`: both rates on each reassigning broker. */
export async function setBrokerThrottles(cluster: ClusterFacade, brokers: readonly number[], bytesPerSec: number): Promise<void> {
  for (const id of brokers) {
    const configs = brokerOverrides(cluster, id);
    configs[LEADER_RATE] = String(bytesPerSec);
    configs[FOLLOWER_RATE] = String(bytesPerSec);
    await alterBroker(cluster, id, configs);
  }
}

/** `clearAllThrottles`: the broker throttles of every live broker and plan replica, the replica lists of the plan's topics; its two lines. */
export async function clearAllThrottles(
  cluster: ClusterFacade,
  brokers: ReadonlySet<number>,
  topics: ReadonlySet<string>,
): Promise<string[]> {
  const known = new Set(cluster.brokers().map((b) => b.id));
  for (const id of brokers) {
    if (!known.has(id)) continue;
    const configs = brokerOverrides(cluster, id);
    // As the --zookeeper form: an entity without throttles is not rewritten.
    if (!BROKER_THROTTLES.some((k) => k in configs)) continue;
    for (const k of BROKER_THROTTLES) delete configs[k];
    await alterBroker(cluster, id, configs);
  }
  const existing = new Set(cluster.topics().map((t) => t.name));
  for (const topic of topics) {
    if (!existing.has(topic)) continue;
    const configs = await topicOverrides(cluster, topic);
    if (!TOPIC_THROTTLES.some((k) => k in configs)) continue;
    for (const k of TOPIC_THROTTLES) delete configs[k];
    await alterTopic(cluster, topic, configs);
  }
  return [
    `Clearing broker-level throttles on broker${brokers.size === 1 ? '' : 's'} ${[...brokers].join(',')}`,
    `Clearing topic-level throttles on topic${topics.size === 1 ? '' : 's'} ${[...topics].join(',')}`,
  ];
}
