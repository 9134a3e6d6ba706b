/**
 * `KafkaApis.handleWriteTxnMarkersRequest` on the ReplicaManager: the seam a transaction
 * coordinator writes its COMMIT / ABORT markers through (the wire's WriteTxnMarkers, and the
 * in-process `TransactionMarkerChannelManager`). Per marker, a partition without a log here is
 * UNKNOWN_TOPIC_OR_PARTITION, one whose log's message format is below v2 UNSUPPORTED_FOR_MESSAGE_FORMAT;
 * the others get one control batch each, appended as the coordinator's (acks −1, internal topics
 * allowed), where a follower answers NOT_LEADER_FOR_PARTITION and an old producer epoch
 * INVALID_PRODUCER_EPOCH. The `__consumer_offsets` partitions whose marker was written go to the
 * group coordinator (`scheduleHandleTxnCompletion`), which makes pending offset commits visible.
 */
import type { ErrorName } from '../../common/kafka-errors';
import { errorMessage } from '../../common/throwable';
import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import { GROUP_METADATA_TOPIC_NAME } from '../../admin/topic-name';
import { MAGIC_VALUE_V2 } from '../../record';
import { ControlRecordType } from '../../record/control-record-type';
import { buildControlBatch } from '../../record/end-transaction-marker';
import type { AppendOptions, ProducePartitionResult } from './append-records';
import type { ReplicaManagerCore } from './replica-manager-core';

export interface TxnMarkerEntry {
  readonly producerId: number;
  readonly producerEpoch: number;
  readonly coordinatorEpoch: number;
  readonly transactionResult: 'COMMIT' | 'ABORT';
  readonly partitions: readonly TopicPartition[];
}

export interface TxnMarkerPartitionResult {
  readonly topicPartition: TopicPartition;
  readonly error: ErrorName;
}

export interface TxnMarkerResult {
  readonly producerId: number;
  readonly partitions: readonly TxnMarkerPartitionResult[];
}

/**
 * Completion hook for `__consumer_offsets` partitions whose marker was written with no error
 * (Kafka: `groupCoordinator.scheduleHandleTxnCompletion`).
 */
export type OffsetsTxnCompletion = (producerId: number, offsetsPartitions: readonly number[], isCommit: boolean) => void;

type AppendRecords = (
  timeoutMs: number,
  requiredAcks: number,
  entries: ReadonlyArray<{ readonly topicPartition: TopicPartition; readonly records: Uint8Array }>,
  options: AppendOptions,
) => Promise<ProducePartitionResult[]>;

/** `ReplicaManager.getMagic`: the record version of the partition's log here, null without one (none, or offline). */
function magicOf(rm: ReplicaManagerCore, tp: TopicPartition): number | null {
  const hosted = rm.partitions.get(tp);
  if (!hosted || hosted === 'offline' || !hosted.log) return null;
  return hosted.log.config.messageFormatVersion.recordVersion;
}

export async function writeTxnMarkers(
  rm: ReplicaManagerCore,
  appendRecords: AppendRecords,
  entries: readonly TxnMarkerEntry[],
  onOffsetsTxnCompleted?: OffsetsTxnCompletion,
): Promise<TxnMarkerResult[]> {
  // Kafka's `errors`: one map per producer id (a producer named twice merges), later answers replacing earlier ones.
  const errors = new Map<number, Map<string, TxnMarkerPartitionResult>>();
  const record = (producerId: number, results: readonly TxnMarkerPartitionResult[]) => {
    const byPartition = errors.get(producerId) ?? new Map<string, TxnMarkerPartitionResult>();
    for (const r of results) byPartition.set(tpKey(r.topicPartition), r);
    errors.set(producerId, byPartition);
  };
  const appends: Array<Promise<void>> = [];
  for (const marker of entries) {
    const compatible = new Map<string, TopicPartition>();
    const refused: TxnMarkerPartitionResult[] = [];
    for (const tp of marker.partitions) {
      const magic = magicOf(rm, tp);
      if (magic === null) refused.push({ topicPartition: tp, error: 'UNKNOWN_TOPIC_OR_PARTITION' });
      else if (magic < MAGIC_VALUE_V2) refused.push({ topicPartition: tp, error: 'UNSUPPORTED_FOR_MESSAGE_FORMAT' });
      else compatible.set(tpKey(tp), tp);
    }
    if (refused.length > 0) record(marker.producerId, refused);
    if (compatible.size === 0) continue;
    const type = marker.transactionResult === 'COMMIT' ? ControlRecordType.COMMIT : ControlRecordType.ABORT;
    const now = rm.deps.time.nowMs();
    const controlRecords = [...compatible.values()].map((topicPartition) => ({
      topicPartition,
      records: buildControlBatch(type, marker.coordinatorEpoch, {
        producerId: marker.producerId,
        producerEpoch: marker.producerEpoch,
        timestamp: now,
      }),
    }));
    appends.push(
      appendRecords(rm.config.requestTimeoutMs, -1, controlRecords, { internalTopicsAllowed: true, origin: 'Coordinator' }).then(
        (responses) => {
          record(
            marker.producerId,
            responses.map((r) => ({ topicPartition: r.topicPartition, error: r.error })),
          );
          const offsetsPartitions = responses
            .filter((r) => r.topicPartition.topic === GROUP_METADATA_TOPIC_NAME && r.error === 'NONE')
            .map((r) => r.topicPartition.partition);
          if (offsetsPartitions.length === 0 || !onOffsetsTxnCompleted) return;
          try {
            onOffsetsTxnCompleted(marker.producerId, offsetsPartitions, marker.transactionResult === 'COMMIT');
          } catch (e) {
            rm.logger.error(
              `Received an exception while trying to update the offsets cache on transaction marker append: ${errorMessage(e)}`,
            );
            record(
              marker.producerId,
              offsetsPartitions.map((partition) => ({
                topicPartition: { topic: GROUP_METADATA_TOPIC_NAME, partition },
                error: 'UNKNOWN_SERVER_ERROR',
              })),
            );
          }
        },
      ),
    );
  }
  await Promise.all(appends);
  return [...errors].map(([producerId, byPartition]) => ({ producerId, partitions: [...byPartition.values()] }));
}
