/**
 * The consumer-group admin requests the UI makes, answered in process as the brokers answer the
 * admin client's: the group's coordinator (the leader of its `__consumer_offsets` partition) for
 * DescribeGroups, OffsetFetch, OffsetCommit (generation −1, no member: `alterConsumerGroupOffsets`),
 * DeleteGroups and OffsetDelete; the partition leaders for ListOffsets (READ_UNCOMMITTED).
 */
import type { KafkaServer } from '../broker/kafka-server';
import { errorForCode, Errors, type ErrorName } from '../common/kafka-errors';
import { tpKey, type TopicPartition } from '../common/topic-partition';
import { EARLIEST_TIMESTAMP, LATEST_TIMESTAMP } from '../log/log';
import type { Clock } from '../platform/clock';
import type { GroupCoordinator } from '../coordinator/group/group-coordinator';
import type { Cluster } from './cluster';

export interface PartitionError {
  readonly tp: TopicPartition;
  readonly error: ErrorName;
}

export class GroupAdmin {
  constructor(
    private readonly cluster: Cluster,
    private readonly clock: Clock,
  ) {}

  /** The running broker whose coordinator owns the group, else COORDINATOR_NOT_AVAILABLE. */
  private coordinatorFor(groupId: string): GroupCoordinator {
    for (const b of this.cluster.runningBrokers()) {
      const gc = b.groupCoordinator;
      if (gc?.isActive && gc.groupManager.isGroupLocal(groupId)) return gc;
    }
    throw new GroupAdminError('COORDINATOR_NOT_AVAILABLE');
  }

  nowMs(): number {
    return this.clock.nowMs();
  }

  /** DescribeGroups' state ('Dead' for a group the coordinator does not know). */
  state(groupId: string): string {
    const described = this.coordinatorFor(groupId).handleDescribeGroup(groupId);
    if (described.error !== 'NONE') throw new GroupAdminError(described.error);
    return described.summary.state;
  }

  /** OffsetFetch of all partitions: those with a committed offset. */
  committed(groupId: string): Array<{ tp: TopicPartition; offset: number }> {
    const fetched = this.coordinatorFor(groupId).handleFetchOffsets(groupId, null);
    if (fetched.error !== 'NONE') throw new GroupAdminError(fetched.error);
    return fetched.partitions
      .filter((p) => p.offset >= 0)
      .map((p) => ({ tp: { topic: p.topic, partition: p.partition }, offset: p.offset }));
  }

  private leaderOf(tp: TopicPartition): KafkaServer | null {
    for (const b of this.cluster.runningBrokers()) {
      const p = b.running?.replicaManager.getPartition(tp);
      if (p && p !== 'offline' && p.isLeader) return b;
    }
    return null;
  }

  /** ListOffsets at the leaders: by `topic-partition`, missing where no leader answered. */
  listOffsets(tps: readonly TopicPartition[], spec: 'earliest' | 'latest' | { timestamp: number }): Map<string, number> {
    const timestamp = spec === 'earliest' ? EARLIEST_TIMESTAMP : spec === 'latest' ? LATEST_TIMESTAMP : spec.timestamp;
    const out = new Map<string, number>();
    for (const tp of tps) {
      const rm = this.leaderOf(tp)?.running?.replicaManager;
      const found = rm?.fetchOffsetForTimestamp(tp, timestamp, {});
      if (found && found.error === 'NONE') out.set(tpKey(tp), found.offset);
    }
    return out;
  }

  /** The topic's partitions as the metadata of a running broker knows them; UNKNOWN_TOPIC_OR_PARTITION otherwise. */
  partitionsOf(topic: string): number[] {
    const broker = this.cluster.runningBrokers()[0];
    const states = broker?.metadataCache.partitionsOf(topic) ?? [];
    if (states.length === 0) throw new GroupAdminError('UNKNOWN_TOPIC_OR_PARTITION');
    return states.map((s) => s.partitionIndex).sort((a, b) => a - b);
  }

  /** `alterConsumerGroupOffsets`: an OffsetCommit without member or generation, stamped with the cluster's clock. */
  async commit(groupId: string, offsets: ReadonlyArray<{ tp: TopicPartition; offset: number }>): Promise<PartitionError[]> {
    const now = this.clock.nowMs();
    const errors = await this.coordinatorFor(groupId).handleCommitOffsets(
      groupId,
      '',
      -1,
      offsets.map(({ tp, offset }) => ({
        topic: tp.topic,
        partition: tp.partition,
        value: { offset, leaderEpoch: null, metadata: '', commitTimestamp: now, expireTimestamp: null },
      })),
    );
    return offsets.map(({ tp }) => ({ tp, error: errors.get(tpKey(tp)) ?? 'NONE' }));
  }

  /** DeleteGroups for one group: its error. */
  async deleteGroup(groupId: string): Promise<ErrorName> {
    const errors = await this.coordinatorFor(groupId).handleDeleteGroups([groupId]);
    return errors.get(groupId) ?? 'NONE';
  }

  /** OffsetDelete: the group's error, else one per partition. */
  async deleteOffsets(groupId: string, tps: readonly TopicPartition[]): Promise<{ error: ErrorName; partitions: PartitionError[] }> {
    const outcome = await this.coordinatorFor(groupId).handleDeleteOffsets(groupId, tps);
    return { error: outcome.error, partitions: tps.map((tp) => ({ tp, error: outcome.partitions.get(tpKey(tp)) ?? 'NONE' })) };
  }
}

/** A Kafka error answered by a group request, with its Errors message. */
export class GroupAdminError extends Error {
  constructor(readonly errorName: ErrorName) {
    super(Errors[errorName]?.message ?? errorForCode(-1).message);
  }
}
