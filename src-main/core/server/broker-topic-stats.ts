/**
 * Kafka 2.5.1's `BrokerTopicStats`: the `kafka.server:type=BrokerTopicMetrics` meters, once for all
 * topics (no tag, made at once) and once per topic (`topic=<t>`, each meter made the first time it
 * is marked, as `MeterWrapper` does lazily). The replication and reassignment meters exist only
 * for all topics. A topic's meters go when it is deleted (`removeMetrics`), and the leader-only or
 * follower-only ones when the broker stops leading or following it.
 */
import type { Meter } from '../metrics/meter';
import type { MetricsRegistry } from '../metrics/metrics-registry';

const GROUP = 'kafka.server';
const TYPE = 'BrokerTopicMetrics';

/** Every per-topic meter with its Yammer event type, in `metricTypeMap`'s order. */
const TOPIC_METERS = {
  MessagesInPerSec: 'messages',
  BytesInPerSec: 'bytes',
  BytesOutPerSec: 'bytes',
  BytesRejectedPerSec: 'bytes',
  FailedProduceRequestsPerSec: 'requests',
  FailedFetchRequestsPerSec: 'requests',
  TotalProduceRequestsPerSec: 'requests',
  TotalFetchRequestsPerSec: 'requests',
  FetchMessageConversionsPerSec: 'requests',
  ProduceMessageConversionsPerSec: 'requests',
  NoKeyCompactedTopicRecordsPerSec: 'requests',
  InvalidMagicNumberRecordsPerSec: 'requests',
  InvalidMessageCrcRecordsPerSec: 'requests',
  InvalidOffsetOrSequenceRecordsPerSec: 'requests',
} as const;

/** The meters only the all-topics set has. */
const ALL_TOPICS_ONLY_METERS = {
  ReplicationBytesInPerSec: 'bytes',
  ReplicationBytesOutPerSec: 'bytes',
  ReassignmentBytesInPerSec: 'bytes',
  ReassignmentBytesOutPerSec: 'bytes',
} as const;

export type TopicMeterName = keyof typeof TOPIC_METERS;
export type AllTopicsMeterName = TopicMeterName | keyof typeof ALL_TOPICS_ONLY_METERS;

/** `removeOldLeaderMetrics`: what a broker that now only follows a topic stops reporting for it. */
const LEADER_ONLY: readonly TopicMeterName[] = [
  'MessagesInPerSec',
  'BytesInPerSec',
  'BytesRejectedPerSec',
  'FailedProduceRequestsPerSec',
  'TotalProduceRequestsPerSec',
  'ProduceMessageConversionsPerSec',
];

export class BrokerTopicStats {
  private readonly allTopicsMeters = new Map<AllTopicsMeterName, Meter>();
  /** The per-topic meters made so far (a hot path: no MBean name is built for a meter that exists). */
  private readonly topicMeters = new Map<string, Map<TopicMeterName, Meter>>();

  constructor(private readonly registry: MetricsRegistry) {
    // `MeterWrapper`: the general (all-topics) meters are created greedily.
    for (const [name, eventType] of Object.entries({ ...TOPIC_METERS, ...ALL_TOPICS_ONLY_METERS })) {
      this.allTopicsMeters.set(name as AllTopicsMeterName, registry.newMeter(GROUP, TYPE, name, eventType));
    }
  }

  allTopics(name: AllTopicsMeterName): Meter {
    const meter = this.allTopicsMeters.get(name);
    if (!meter) throw new Error(`no BrokerTopicMetrics meter ${name}`);
    return meter;
  }

  topic(topic: string, name: TopicMeterName): Meter {
    let meters = this.topicMeters.get(topic);
    if (!meters) this.topicMeters.set(topic, (meters = new Map()));
    let meter = meters.get(name);
    if (!meter) {
      meter = this.registry.newMeter(GROUP, TYPE, name, TOPIC_METERS[name], [['topic', topic]]);
      meters.set(name, meter);
    }
    return meter;
  }

  /** Marks a meter of the topic and the same one of all topics, as Kafka's call sites do in pairs. */
  mark(topic: string, name: TopicMeterName, n = 1): void {
    this.topic(topic, name).mark(n);
    this.allTopics(name).mark(n);
  }

  updateReplicationBytesIn(bytes: number, isReassignment: boolean): void {
    if (isReassignment) this.allTopics('ReassignmentBytesInPerSec').mark(bytes);
    this.allTopics('ReplicationBytesInPerSec').mark(bytes);
  }

  /** `updateBytesOut`: a follower's fetch is replication traffic, a consumer's the topic's bytes out. */
  updateBytesOut(topic: string, isFollower: boolean, isReassignment: boolean, bytes: number): void {
    if (isFollower) {
      if (isReassignment) this.allTopics('ReassignmentBytesOutPerSec').mark(bytes);
      this.allTopics('ReplicationBytesOutPerSec').mark(bytes);
    } else {
      this.mark(topic, 'BytesOutPerSec', bytes);
    }
  }

  /** `removeOldLeaderMetrics`: the broker now only follows the topic. */
  removeOldLeaderMetrics(topic: string): void {
    const meters = this.topicMeters.get(topic);
    if (!meters) return;
    for (const name of LEADER_ONLY) {
      if (meters.delete(name)) this.registry.remove(GROUP, TYPE, name, [['topic', topic]]);
    }
  }

  /** `removeMetrics`: the topic was deleted. */
  removeMetrics(topic: string): void {
    const meters = this.topicMeters.get(topic);
    if (!meters) return;
    this.topicMeters.delete(topic);
    for (const name of meters.keys()) this.registry.remove(GROUP, TYPE, name, [['topic', topic]]);
  }
}
