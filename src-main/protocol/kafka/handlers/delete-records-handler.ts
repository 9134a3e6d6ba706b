/**
 * DeleteRecords, as `KafkaApis.handleDeleteRecordsRequest`: partitions this broker's metadata does
 * not know answer UNKNOWN_TOPIC_OR_PARTITION, the others go to `ReplicaManager.deleteRecords` —
 * the same path as the UI's purge — and the answer waits until every live replica's log start
 * offset has moved, or `TimeoutMs`. Without an authorizer every caller may delete.
 */
import type { KafkaServer } from '../../../core/broker/kafka-server';
import type { DeleteRecordsPartitionResult } from '../../../core/broker/delayed-delete-records';
import { INVALID_LOW_WATERMARK } from '../../../core/broker/delayed-delete-records';
import { Errors } from '../../../core/common/kafka-errors';
import type { ErrorName } from '../../../core/common/kafka-errors';
import { tpKey } from '../../../core/common/topic-partition';
import type { ApiHandler } from '../kafka-apis';
import type { DeleteRecordsRequest, DeleteRecordsResponse } from '../messages/delete-records';

export function deleteRecordsHandler(broker: KafkaServer): ApiHandler<DeleteRecordsRequest, DeleteRecordsResponse> {
  return async (request) => {
    const answered = new Map<string, { lowWatermark: number; error: ErrorName }>();
    const known: Array<{ topicPartition: { topic: string; partition: number }; offset: number }> = [];
    for (const t of request.topics) {
      for (const p of t.partitions) {
        const topicPartition = { topic: t.name, partition: p.partitionIndex };
        if (broker.metadataCache.getPartitionInfo(t.name, p.partitionIndex) === undefined) {
          answered.set(tpKey(topicPartition), { lowWatermark: INVALID_LOW_WATERMARK, error: 'UNKNOWN_TOPIC_OR_PARTITION' });
        } else known.push({ topicPartition, offset: Number(p.offset) });
      }
    }
    const rm = broker.replicaManager;
    const results: DeleteRecordsPartitionResult[] =
      known.length === 0
        ? []
        : rm
          ? await rm.deleteRecords(request.timeoutMs, known)
          : known.map((k) => ({
              topicPartition: k.topicPartition,
              lowWatermark: INVALID_LOW_WATERMARK,
              error: 'NOT_LEADER_FOR_PARTITION',
            }));
    for (const r of results) answered.set(tpKey(r.topicPartition), { lowWatermark: r.lowWatermark, error: r.error });
    return {
      throttleTimeMs: 0,
      topics: request.topics.map((t) => ({
        name: t.name,
        partitions: t.partitions.map((p) => {
          const r = answered.get(tpKey({ topic: t.name, partition: p.partitionIndex }));
          return {
            partitionIndex: p.partitionIndex,
            lowWatermark: BigInt(r?.lowWatermark ?? INVALID_LOW_WATERMARK),
            errorCode: Errors[r?.error ?? 'UNKNOWN_SERVER_ERROR'].code,
          };
        }),
      })),
    };
  };
}
