import { scalaLongMapOrder } from '../common/jvm-hash-order';
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import type { LiveBroker } from '../controller/broker-info';
import type { UpdateMetadataPartitionState, UpdateMetadataRequest } from '../controller/broker-requests';
import { LEADER_DURING_DELETE } from '../controller/leader-and-isr';

/**
 * A broker's view of the cluster (Kafka's `MetadataCache`), fed only by UpdateMetadata requests:
 * live brokers, the controller id, and every partition's leader, ISR and replicas. A partition
 * sent with leader −2 (LeaderDuringDelete) is removed, and its topic with its last partition.
 */
export class MetadataCache {
  private readonly partitionStates = new Map<string, Map<number, UpdateMetadataPartitionState>>();
  private aliveBrokers = new Map<number, LiveBroker>();
  private controllerIdValue: number | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly brokerId: number) {}

  get controllerId(): number | null {
    return this.controllerIdValue;
  }

  /** Forgets everything: Kafka creates a new, empty cache at each broker start (listeners stay). */
  clear(): void {
    this.partitionStates.clear();
    this.aliveBrokers = new Map();
    this.controllerIdValue = null;
  }

  /** Applies an UpdateMetadata request; returns the partitions it deleted and a state-change line per partition. */
  updateMetadata(correlationId: number, request: UpdateMetadataRequest): { deleted: TopicPartition[]; lines: string[] } {
    this.controllerIdValue = request.controllerId < 0 ? null : request.controllerId;
    // Kafka fills a new `mutable.LongMap(previous size)` in the request's order; getAliveBrokers
    // iterates it, and CreateTopics assigns replicas over that order (scenario C4).
    const byId = new Map(request.liveBrokers.map((b) => [b.id, b]));
    const order = scalaLongMapOrder(byId.keys(), this.aliveBrokers.size);
    this.aliveBrokers = new Map(order.map((id) => [id, byId.get(id) as LiveBroker]));
    const deleted: TopicPartition[] = [];
    const lines: string[] = [];
    const by = `sent by controller ${request.controllerId} epoch ${request.controllerEpoch} with correlation id ${correlationId}`;
    for (const state of request.partitionStates) {
      const p = { topic: state.topicName, partition: state.partitionIndex };
      if (state.leader === LEADER_DURING_DELETE) {
        const topic = this.partitionStates.get(p.topic);
        topic?.delete(p.partition);
        if (topic && topic.size === 0) this.partitionStates.delete(p.topic);
        deleted.push(p);
        lines.push(`Deleted partition ${tpKey(p)} from metadata cache in response to UpdateMetadata request ${by}`);
      } else {
        let topic = this.partitionStates.get(p.topic);
        if (!topic) this.partitionStates.set(p.topic, (topic = new Map()));
        topic.set(p.partition, state);
        lines.push(`Cached leader info ${formatState(state)} for partition ${tpKey(p)} in response to UpdateMetadata request ${by}`);
      }
    }
    for (const l of this.listeners) l();
    return { deleted, lines };
  }

  /** Called after every UpdateMetadata (the purgatory checks of CreateTopics/DeleteTopics). */
  onUpdate(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** In Kafka's LongMap order (brokers 0–4: 0, 1, 4, 2, 3), not sorted. */
  getAliveBrokers(): LiveBroker[] {
    return [...this.aliveBrokers.values()];
  }

  isBrokerAlive(id: number): boolean {
    return this.aliveBrokers.has(id);
  }

  getAllTopics(): string[] {
    return [...this.partitionStates.keys()].sort();
  }

  contains(topic: string): boolean {
    return this.partitionStates.has(topic);
  }

  getPartitionInfo(topic: string, partition: number): UpdateMetadataPartitionState | undefined {
    return this.partitionStates.get(topic)?.get(partition);
  }

  partitionsOf(topic: string): UpdateMetadataPartitionState[] {
    return [...(this.partitionStates.get(topic)?.values() ?? [])].sort((a, b) => a.partitionIndex - b.partitionIndex);
  }

  /** Whether every listed partition has a live leader in this cache (what CreateTopics waits for). */
  hasLeaders(partitions: readonly TopicPartition[]): boolean {
    return partitions.every((p) => {
      const s = this.getPartitionInfo(p.topic, p.partition);
      return s !== undefined && s.leader >= 0;
    });
  }

  get ownerBrokerId(): number {
    return this.brokerId;
  }
}

function formatState(s: UpdateMetadataPartitionState): string {
  return (
    `UpdateMetadataPartitionState(topicName='${s.topicName}', partitionIndex=${s.partitionIndex}, controllerEpoch=${s.controllerEpoch}, leader=${s.leader}, ` +
    `leaderEpoch=${s.leaderEpoch}, isr=[${s.isr.join(', ')}], zkVersion=${s.zkVersion}, replicas=[${s.replicas.join(', ')}], offlineReplicas=[${s.offlineReplicas.join(', ')}])`
  );
}
