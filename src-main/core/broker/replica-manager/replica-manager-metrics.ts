/**
 * The ReplicaManager's Yammer metrics as Kafka 2.5.1 registers them: the
 * `kafka.server:type=ReplicaManager` gauges (counted over the hosted partitions when read) and ISR
 * meters, and per hosted partition the `kafka.cluster:type=Partition` gauges, there while the
 * partition is hosted and not offline (Kafka registers them with the partition and removes them
 * when it is deleted or its log dir fails). The `BrokerTopicStats` of the broker live here too: the
 * ReplicaManager marks them on produce and fetch and drops a topic's once it hosts none of it.
 */
import type { TopicPartition } from '../../common/topic-partition';
import type { Meter } from '../../metrics/meter';
import type { MetricsRegistry } from '../../metrics/metrics-registry';
import { BrokerTopicStats } from '../../server/broker-topic-stats';
import { gaugeFamily } from '../../metrics/gauge-family';
import type { Partition } from '../partition';

const GROUP = 'kafka.server';
const TYPE = 'ReplicaManager';

/** The gauges of `kafka.cluster.Partition`, for each hosted (not offline) partition. */
const PARTITION_GAUGES: Readonly<Record<string, (p: Partition) => number>> = {
  UnderReplicated: (p) => (isUnderReplicated(p) ? 1 : 0),
  InSyncReplicasCount: (p) => (p.isLeader ? p.isr.length : 0),
  UnderMinIsr: (p) => (isUnderMinIsr(p) ? 1 : 0),
  AtMinIsr: (p) => (isAtMinIsr(p) ? 1 : 0),
  ReplicasCount: (p) => (p.isLeader ? replicationFactor(p) : 0),
  // `log.map(_.lastStableOffsetLag).getOrElse(0)`: high watermark − last stable offset.
  LastStableOffsetLag: (p) => p.log?.lastStableOffsetLag ?? 0,
};

/** What the metrics read of the ReplicaManager. */
export interface HostedPartitions {
  readonly partitions: {
    values(): IterableIterator<Partition | 'offline'>;
    readonly size: number;
    get(tp: TopicPartition): Partition | 'offline' | undefined;
  };
}

/** `assignmentState.replicationFactor`: during a reassignment, the replicas being added do not count yet. */
function replicationFactor(p: Partition): number {
  return p.replicas.length - p.addingReplicas.length;
}

/** `Partition.isUnderReplicated`. */
export function isUnderReplicated(p: Partition): boolean {
  return p.isLeader && replicationFactor(p) - p.isr.length > 0;
}

/** `Partition.isUnderMinIsr` (on the leader, whose log holds `min.insync.replicas`). */
export function isUnderMinIsr(p: Partition): boolean {
  return p.isLeader && p.log !== null && p.isr.length < p.log.config.minInSyncReplicas;
}

export function isAtMinIsr(p: Partition): boolean {
  return p.isLeader && p.log !== null && p.isr.length === p.log.config.minInSyncReplicas;
}

export class ReplicaManagerMetrics {
  readonly brokerTopicStats: BrokerTopicStats;
  readonly isrExpandRate: Meter;
  readonly isrShrinkRate: Meter;
  readonly failedIsrUpdatesRate: Meter;

  constructor(
    registry: MetricsRegistry,
    private readonly rm: HostedPartitions,
  ) {
    this.brokerTopicStats = new BrokerTopicStats(registry);
    const gauge = (name: string, read: () => number) => registry.newGauge(GROUP, TYPE, name, read);
    gauge('LeaderCount', () => this.countLeaders(() => true));
    gauge('PartitionCount', () => rm.partitions.size);
    gauge('OfflineReplicaCount', () => {
      let n = 0;
      for (const p of rm.partitions.values()) if (p === 'offline') n++;
      return n;
    });
    gauge('UnderReplicatedPartitions', () => this.countLeaders(isUnderReplicated));
    gauge('UnderMinIsrPartitionCount', () => this.countLeaders(isUnderMinIsr));
    gauge('AtMinIsrPartitionCount', () => this.countLeaders(isAtMinIsr));
    gauge('ReassigningPartitions', () => this.countLeaders((p) => p.addingReplicas.length > 0 || p.removingReplicas.length > 0));
    this.isrExpandRate = registry.newMeter(GROUP, TYPE, 'IsrExpandsPerSec', 'expands');
    this.isrShrinkRate = registry.newMeter(GROUP, TYPE, 'IsrShrinksPerSec', 'shrinks');
    this.failedIsrUpdatesRate = registry.newMeter(GROUP, TYPE, 'FailedIsrUpdatesPerSec', 'failedUpdates');
    registry.addFamily(
      gaugeFamily<Partition>({
        group: 'kafka.cluster',
        type: 'Partition',
        gauges: PARTITION_GAUGES,
        *entities() {
          for (const p of rm.partitions.values()) if (p !== 'offline') yield p;
        },
        tags: (p) => partitionTags(p.topicPartition),
        find: (properties) => {
          const partition = Number(properties.get('partition'));
          const p = rm.partitions.get({ topic: properties.get('topic') ?? '', partition });
          return p && p !== 'offline' ? p : undefined;
        },
      }),
    );
  }

  /** The partition was deleted or went offline with its log dir: `maybeRemoveTopicMetrics`. */
  partitionRemoved(tp: TopicPartition): void {
    for (const p of this.rm.partitions.values()) {
      if (p !== 'offline' && p.topicPartition.topic === tp.topic) return;
    }
    this.brokerTopicStats.removeMetrics(tp.topic);
  }

  /** After a LeaderAndIsr: the topics this broker now only follows lose their leader-only meters. */
  leadershipChanged(followerTopics: Iterable<string>): void {
    const led = new Set<string>();
    for (const p of this.rm.partitions.values()) if (p !== 'offline' && p.isLeader) led.add(p.topicPartition.topic);
    for (const topic of followerTopics) if (!led.has(topic)) this.brokerTopicStats.removeOldLeaderMetrics(topic);
  }

  private countLeaders(test: (p: Partition) => boolean): number {
    let n = 0;
    for (const p of this.rm.partitions.values()) if (p !== 'offline' && p.isLeader && test(p)) n++;
    return n;
  }
}

function partitionTags(tp: TopicPartition): ReadonlyArray<readonly [string, string]> {
  return [
    ['topic', tp.topic],
    ['partition', String(tp.partition)],
  ];
}
