import { isInternalTopic } from '../../admin/topic-name';
import { KafkaApiError } from '../../common/kafka-errors';
import type { ErrorName } from '../../common/kafka-errors';
import { errorMessage } from '../../common/throwable';
import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import type { DeleteRecordsPartitionResult, DeleteRecordsPartitionStatus, DeleteRecordsPurgatory } from '../delayed-delete-records';
import { INVALID_LOW_WATERMARK } from '../delayed-delete-records';
import { leaderPartitionOrError } from './leader-partition';
import type { ReplicaManagerCore } from './replica-manager-core';

/** The errors `deleteRecordsOnLocalLog` answers without logging. */
const EXPECTED_DELETE_ERRORS: ReadonlySet<ErrorName> = new Set([
  'UNKNOWN_TOPIC_OR_PARTITION',
  'NOT_LEADER_FOR_PARTITION',
  'OFFSET_OUT_OF_RANGE',
  'POLICY_VIOLATION',
  'KAFKA_STORAGE_ERROR',
]);

/**
 * `ReplicaManager.deleteRecords`: each leader log's start offset moves to the offset asked for
 * (−1: its high watermark); when a follower's log start offset is still below it, the answer waits
 * in the delete records purgatory until every live replica has moved too (they learn it from their
 * fetch responses' log start offset), or `timeoutMs`. Segments wholly below the new start go at the
 * next retention check, as in Kafka.
 */
export async function deleteRecords(
  rm: ReplicaManagerCore,
  purgatory: DeleteRecordsPurgatory,
  timeoutMs: number,
  offsets: ReadonlyArray<{ readonly topicPartition: TopicPartition; readonly offset: number }>,
): Promise<DeleteRecordsPartitionResult[]> {
  const statuses = offsets.map(({ topicPartition, offset }) => deleteRecordsOnLocalLog(rm, topicPartition, offset));
  // `delayedDeleteRecordsRequired`: some partition succeeded with a low watermark below its offset.
  if (statuses.some((s) => s.result.error === 'NONE' && s.result.lowWatermark < s.requiredOffset)) {
    await purgatory.watch(statuses, timeoutMs);
  }
  return statuses.map((s) => s.result);
}

function deleteRecordsOnLocalLog(rm: ReplicaManagerCore, tp: TopicPartition, offset: number): DeleteRecordsPartitionStatus {
  const failed = (error: ErrorName): DeleteRecordsPartitionStatus => ({
    requiredOffset: -1,
    result: { topicPartition: tp, lowWatermark: INVALID_LOW_WATERMARK, error },
    acksPending: false,
  });
  if (isInternalTopic(tp.topic)) return failed('INVALID_TOPIC_EXCEPTION');
  const found = leaderPartitionOrError(rm, tp, null, true);
  if ('error' in found) return failed(found.error);
  try {
    const { requestedOffset, lowWatermark } = found.partition.deleteRecordsOnLeader(offset, (id) =>
      rm.deps.metadataCache.isBrokerAlive(id),
    );
    return { requiredOffset: requestedOffset, result: { topicPartition: tp, lowWatermark, error: 'NONE' }, acksPending: false };
  } catch (e) {
    if (e instanceof KafkaApiError && EXPECTED_DELETE_ERRORS.has(e.errorName)) return failed(e.errorName);
    rm.logger.error(`Error processing delete records operation on partition ${tpKey(tp)}: ${errorMessage(e)}`);
    return failed(e instanceof KafkaApiError ? e.errorName : 'UNKNOWN_SERVER_ERROR');
  }
}
