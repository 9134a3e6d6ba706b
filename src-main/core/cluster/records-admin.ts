/**
 * DeleteRecords for the UI's purge, as the Admin client sends it: each partition to its leader's
 * `ReplicaManager.deleteRecords` (the path the wire API takes), and a preview of what a purge up to
 * an offset takes away on each replica — the offsets below the new log start offset, and the
 * segments wholly below it, which the next retention check (`log.retention.check.interval.ms`)
 * deletes as Kafka does.
 */
import { DELETE_RECORDS_HIGH_WATERMARK } from '../broker/partition';
import type { KafkaServer } from '../broker/kafka-server';
import { INVALID_LOW_WATERMARK } from '../broker/delayed-delete-records';
import type { ErrorName } from '../common/kafka-errors';
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import type { Cluster } from './cluster';

export interface DeleteRecordsOutcome {
  readonly topicPartition: TopicPartition;
  readonly lowWatermark: number;
  readonly error: ErrorName;
}

/** One replica's part of the preview. */
export interface PurgeReplicaPreview {
  readonly brokerId: number;
  readonly isLeader: boolean;
  readonly logStartOffset: number;
  readonly newLogStartOffset: number;
  /** Offsets below the new log start offset that go (0 when it does not move). */
  readonly offsetsDeleted: number;
  /** Segments wholly below the new log start offset, deleted at the next retention check. */
  readonly segmentsDeleted: ReadonlyArray<{ readonly baseOffset: number; readonly sizeBytes: number }>;
  readonly segmentsKept: number;
}

export interface PurgePreview {
  readonly topicPartition: TopicPartition;
  /** The offset asked for; −1 is the high watermark. */
  readonly requestedOffset: number;
  /** What the leader would move its log start offset to. */
  readonly offset: number;
  readonly highWatermark: number;
  /** The error the purge would answer, with the broker's message; null when it would succeed. */
  readonly error: ErrorName | null;
  readonly errorMessage: string | null;
  readonly replicas: readonly PurgeReplicaPreview[];
}

export class RecordsAdmin {
  constructor(private readonly cluster: Cluster) {}

  private leaderOf(tp: TopicPartition): KafkaServer | null {
    for (const b of this.cluster.runningBrokers()) {
      const p = b.running?.replicaManager.getPartition(tp);
      if (p && p !== 'offline' && p.isLeader) return b;
    }
    return null;
  }

  /** `Admin.deleteRecords`: grouped by leader, each group one DeleteRecords to that broker. */
  async deleteRecords(
    offsets: ReadonlyArray<{ topicPartition: TopicPartition; offset: number }>,
    timeoutMs: number,
  ): Promise<DeleteRecordsOutcome[]> {
    const byLeader = new Map<KafkaServer, Array<{ topicPartition: TopicPartition; offset: number }>>();
    const answered = new Map<string, DeleteRecordsOutcome>();
    for (const entry of offsets) {
      const leader = this.leaderOf(entry.topicPartition);
      if (!leader) {
        const known = this.cluster
          .runningBrokers()
          .some((b) => b.metadataCache.getPartitionInfo(entry.topicPartition.topic, entry.topicPartition.partition));
        const error = known ? 'LEADER_NOT_AVAILABLE' : 'UNKNOWN_TOPIC_OR_PARTITION';
        answered.set(tpKey(entry.topicPartition), { topicPartition: entry.topicPartition, lowWatermark: INVALID_LOW_WATERMARK, error });
      } else byLeader.set(leader, [...(byLeader.get(leader) ?? []), entry]);
    }
    await Promise.all(
      [...byLeader].map(async ([leader, entries]) => {
        const results = (await leader.running?.replicaManager.deleteRecords(timeoutMs, entries)) ?? [];
        for (const r of results)
          answered.set(tpKey(r.topicPartition), { topicPartition: r.topicPartition, lowWatermark: r.lowWatermark, error: r.error });
      }),
    );
    return offsets.map(
      (e) =>
        answered.get(tpKey(e.topicPartition)) ?? {
          topicPartition: e.topicPartition,
          lowWatermark: INVALID_LOW_WATERMARK,
          error: 'NOT_LEADER_FOR_PARTITION',
        },
    );
  }

  /** What `deleteRecords` of one partition up to `requestedOffset` would do, computed from the leader's and replicas' logs. */
  preview(tp: TopicPartition, requestedOffset: number): PurgePreview {
    const leader = this.leaderOf(tp);
    const partition = leader?.running?.replicaManager.getPartition(tp);
    const log = partition && partition !== 'offline' ? partition.log : null;
    if (!leader || !log) {
      return {
        topicPartition: tp,
        requestedOffset,
        offset: -1,
        highWatermark: -1,
        error: 'LEADER_NOT_AVAILABLE',
        errorMessage: `No running leader for partition ${tpKey(tp)}`,
        replicas: [],
      };
    }
    const offset = requestedOffset === DELETE_RECORDS_HIGH_WATERMARK ? log.highWatermark : requestedOffset;
    const refusal = refusalOf(tpKey(tp), log.config.delete, offset, log.highWatermark);
    const replicas: PurgeReplicaPreview[] = [];
    for (const b of this.cluster.runningBrokers()) {
      const p = b.running?.replicaManager.getPartition(tp);
      const replicaLog = p && p !== 'offline' ? p.log : null;
      if (!replicaLog) continue;
      const newLogStartOffset = refusal ? replicaLog.logStartOffset : Math.max(replicaLog.logStartOffset, offset);
      const segments = replicaLog.segments;
      const gone = segments.filter((s, i) => segments[i + 1] !== undefined && segments[i + 1].baseOffset <= newLogStartOffset);
      replicas.push({
        brokerId: b.id,
        isLeader: b === leader,
        logStartOffset: replicaLog.logStartOffset,
        newLogStartOffset,
        offsetsDeleted: newLogStartOffset - replicaLog.logStartOffset,
        segmentsDeleted: gone.map((s) => ({ baseOffset: s.baseOffset, sizeBytes: s.size })),
        segmentsKept: segments.length - gone.length,
      });
    }
    return {
      topicPartition: tp,
      requestedOffset,
      offset,
      highWatermark: log.highWatermark,
      error: refusal?.error ?? null,
      errorMessage: refusal?.message ?? null,
      replicas,
    };
  }
}

/** The checks of `Partition.deleteRecordsOnLeader` and `Log.maybeIncrementLogStartOffset`, with their texts. */
function refusalOf(
  partition: string,
  deletePolicy: boolean,
  offset: number,
  highWatermark: number,
): { error: ErrorName; message: string } | null {
  if (!deletePolicy)
    return { error: 'POLICY_VIOLATION', message: `Records of partition ${partition} can not be deleted due to the configured policy` };
  if (offset < 0) return { error: 'OFFSET_OUT_OF_RANGE', message: `The offset ${offset} for partition ${partition} is not valid` };
  if (offset > highWatermark)
    return {
      error: 'OFFSET_OUT_OF_RANGE',
      message: `Cannot increment the log start offset to ${offset} of partition ${partition} since it is larger than the high watermark ${highWatermark}`,
    };
  return null;
}
