/**
 * DeleteRecords, as `KafkaApis.handleDeleteRecordsRequest`: partitions this broker's metadata does
 * not know answer UNKNOWN_TOPIC_OR_PARTITION, the others go to `ReplicaManager.deleteRecords` —
 * the same path as the UI's purge — and the answer waits until every live replica's log start
 * offset has moved, or `TimeoutMs`. Without an authorizer every caller may delete.
 */
import type { KafkaServer } from '../../../core/broker/kafka-server';
import type { DeleteRecordsPartitionResult } from '../../../core/broker/delayed-delete-records';
import { INVALID_LOW_WATERMARK } from '../../../core/broker/delayed-delete-records';
import { javaIntegerHashMapOrder, javaNewHashMapOrder } from '../../../core/common/jvm-hash-order';
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
        } else {
          // `partitionOffsets` is a map: a partition named twice is deleted once, to its last offset.
          const i = known.findIndex((k) => tpKey(k.topicPartition) === tpKey(topicPartition));
          if (i >= 0) known.splice(i, 1);
          known.push({ topicPartition, offset: Number(p.offset) });
        }
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
    // `CollectionUtils.groupPartitionDataByTopic`: a HashMap of topics, each a HashMap of partitions.
    const byTopic = new Map<string, number[]>();
    for (const t of request.topics)
      for (const p of t.partitions) {
        const partitions = byTopic.get(t.name) ?? [];
        if (!partitions.includes(p.partitionIndex)) partitions.push(p.partitionIndex);
        byTopic.set(t.name, partitions);
      }
    return {
      throttleTimeMs: 0,
      topics: javaNewHashMapOrder([...byTopic.keys()]).map((name) => ({
        name,
        partitions: javaIntegerHashMapOrder(byTopic.get(name) ?? []).map((partitionIndex) => {
          const r = answered.get(tpKey({ topic: name, partition: partitionIndex }));
          return {
            partitionIndex,
            lowWatermark: BigInt(r?.lowWatermark ?? INVALID_LOW_WATERMARK),
            errorCode: Errors[r?.error ?? 'UNKNOWN_SERVER_ERROR'].code,
          };
        }),
      })),
    };
  };
}
