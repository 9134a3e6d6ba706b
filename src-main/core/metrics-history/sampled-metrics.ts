/**
 * Which of a broker's Kafka 2.5 metrics the charts keep, by MBean name, and how each is kept.
 * A meter (or a timer's meter) is kept as a rate: the increase of its `Count` between two sample
 * rounds over the time between them (Prometheus' rate()), not its `OneMinuteRate` — the EWMA lags
 * a burst by minutes and cannot be averaged into a longer bucket, while the count's increase is
 * exact over any interval and tells a restart (the count falling) from traffic. A gauge is kept as
 * its `Value`. Cluster and broker series add the brokers' values (`MaxLag`: the largest);
 * per-partition metrics are only ever summed into their topic, never kept per partition.
 */
import type { MetricName, MetricTags } from '../metrics/metric-name';

export type SampledKind = 'rate' | 'gauge';

/** Where a sampled MBean's value goes. */
export interface SampleTarget {
  /** The series' metric: Kafka's name (`BytesInPerSec`, `UnderReplicatedPartitions` …). */
  readonly metric: string;
  readonly kind: SampledKind;
  /** Combined across brokers (and MBeans) by the largest value instead of the sum. */
  readonly max: boolean;
  /** Kept in the broker's and the cluster's series. */
  readonly brokerLevel: boolean;
  /** Kept in this topic's series (a per-topic meter, a partition's log). */
  readonly topic: string | null;
}

/** The cluster's and each broker's series. */
export const BROKER_METRICS = [
  'BytesInPerSec',
  'BytesOutPerSec',
  'MessagesInPerSec',
  'BytesRejectedPerSec',
  'FailedProduceRequestsPerSec',
  'FailedFetchRequestsPerSec',
  'TotalProduceRequestsPerSec',
  'TotalFetchRequestsPerSec',
  'ReplicationBytesInPerSec',
  'ReplicationBytesOutPerSec',
  'RequestsPerSec',
  'UnderReplicatedPartitions',
  'UnderMinIsrPartitionCount',
  'AtMinIsrPartitionCount',
  'PartitionCount',
  'LeaderCount',
  'OfflineReplicaCount',
  'IsrShrinksPerSec',
  'IsrExpandsPerSec',
  'ActiveControllerCount',
  'OfflinePartitionsCount',
  'GlobalTopicCount',
  'GlobalPartitionCount',
  'PreferredReplicaImbalanceCount',
  'LeaderElectionRateAndTimeMs',
  'UncleanLeaderElectionsPerSec',
  'MaxLag',
] as const;

/** Each topic's series (`Size`: the bytes of all its replicas' logs, as the disks hold them). */
export const TOPIC_METRICS = ['BytesInPerSec', 'BytesOutPerSec', 'MessagesInPerSec', 'Size'] as const;

/** Each consumer group's series: the sum over its partitions of log end offset − committed offset. */
export const GROUP_METRICS = ['Lag'] as const;

const RATE_METRICS: ReadonlySet<string> = new Set(BROKER_METRICS.filter((m) => m.endsWith('PerSec') || m.endsWith('RateAndTimeMs')));
const TOPIC_METERS: ReadonlySet<string> = new Set(['BytesInPerSec', 'BytesOutPerSec', 'MessagesInPerSec']);

const REPLICA_MANAGER_GAUGES: ReadonlySet<string> = new Set([
  'UnderReplicatedPartitions',
  'UnderMinIsrPartitionCount',
  'AtMinIsrPartitionCount',
  'PartitionCount',
  'LeaderCount',
  'OfflineReplicaCount',
]);
const CONTROLLER_GAUGES: ReadonlySet<string> = new Set([
  'ActiveControllerCount',
  'OfflinePartitionsCount',
  'GlobalTopicCount',
  'GlobalPartitionCount',
  'PreferredReplicaImbalanceCount',
]);

function tagValue(tags: MetricTags, key: string): string | null {
  for (const [k, v] of tags) if (k === key) return v;
  return null;
}

function tag(name: MetricName, key: string): string | null {
  return tagValue(name.tags, key);
}

function brokerTarget(metric: string): SampleTarget {
  return { metric, kind: RATE_METRICS.has(metric) ? 'rate' : 'gauge', max: metric === 'MaxLag', brokerLevel: true, topic: null };
}

/** The series an MBean feeds, or null for one the charts do not keep. */
export function sampleTargetOf(name: MetricName): SampleTarget | null {
  switch (`${name.group}:${name.type}`) {
    case 'kafka.server:BrokerTopicMetrics': {
      if (!RATE_METRICS.has(name.name)) return null;
      const topic = tag(name, 'topic');
      if (topic === null) return name.tags.length === 0 ? brokerTarget(name.name) : null;
      return TOPIC_METERS.has(name.name) ? { metric: name.name, kind: 'rate', max: false, brokerLevel: false, topic } : null;
    }
    case 'kafka.server:ReplicaManager':
      return REPLICA_MANAGER_GAUGES.has(name.name) || name.name === 'IsrShrinksPerSec' || name.name === 'IsrExpandsPerSec'
        ? brokerTarget(name.name)
        : null;
    case 'kafka.controller:KafkaController':
      return CONTROLLER_GAUGES.has(name.name) ? brokerTarget(name.name) : null;
    case 'kafka.controller:ControllerStats':
      return name.name === 'LeaderElectionRateAndTimeMs' || name.name === 'UncleanLeaderElectionsPerSec' ? brokerTarget(name.name) : null;
    case 'kafka.server:ReplicaFetcherManager':
      return name.name === 'MaxLag' && tag(name, 'clientId') === 'Replica' ? brokerTarget('MaxLag') : null;
    case 'kafka.network:RequestMetrics':
      return name.name === 'RequestsPerSec' ? brokerTarget('RequestsPerSec') : null;
    case 'kafka.log:Log':
      return familyTargetOf(name.group, name.type, name.name)?.(name.tags) ?? null;
    default:
      return null;
  }
}

/**
 * Where a gauge of a family (one gauge set per log or partition) goes, told from the entity's tags,
 * or null for a gauge the charts keep for no entity: a family is read gauge by gauge, and only a
 * log's `Size` (summed into its topic) is kept of them.
 */
export function familyTargetOf(group: string, type: string, gaugeName: string): ((tags: MetricTags) => SampleTarget | null) | null {
  if (group !== 'kafka.log' || type !== 'Log' || gaugeName !== 'Size') return null;
  return (tags) => {
    const topic = tagValue(tags, 'topic');
    return topic === null ? null : { metric: 'Size', kind: 'gauge', max: false, brokerLevel: false, topic };
  };
}
