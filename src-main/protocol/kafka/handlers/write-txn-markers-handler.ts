/**
 * WriteTxnMarkers (27), as `KafkaApis.handleWriteTxnMarkersRequest` answers it without an
 * authorizer (CLUSTER_ACTION allowed): each marker goes to `ReplicaManager.writeTxnMarkers`, the
 * path the in-process transaction coordinator takes. (The group coordinator's
 * `scheduleHandleTxnCompletion`, for the `__consumer_offsets` partitions a marker closed, is the
 * transaction coordinator's to wire in, as the second argument.) The response is built as `WriteTxnMarkersResponse`
 * builds it: producer ids in the order of Kafka's ConcurrentHashMap, each one's partitions grouped
 * by topic (`CollectionUtils.groupPartitionDataByTopic`, HashMaps).
 */
import type { KafkaServer } from '../../../core/broker/kafka-server';
import type { TxnMarkerEntry, TxnMarkerResult } from '../../../core/broker/replica-manager';
import { javaLongHashCode } from '../../../core/common/java-lang';
import { javaConcurrentHashMapOrder, javaIntegerHashMapOrder, javaNewHashMapOrder } from '../../../core/common/jvm-hash-order';
import { Errors } from '../../../core/common/kafka-errors';
import type { ErrorName } from '../../../core/common/kafka-errors';
import type { ApiHandler } from '../kafka-apis';
import type { WriteTxnMarkersWireRequest, WriteTxnMarkersWireResponse } from '../messages/write-txn-markers';

function markerEntries(request: WriteTxnMarkersWireRequest): TxnMarkerEntry[] {
  return request.markers.map((m) => ({
    producerId: Number(m.producerId),
    producerEpoch: m.producerEpoch,
    coordinatorEpoch: m.coordinatorEpoch,
    transactionResult: m.transactionResult ? 'COMMIT' : 'ABORT',
    partitions: m.topics.flatMap((t) => t.partitionIndexes.map((partition) => ({ topic: t.name, partition }))),
  }));
}

/** `new WriteTxnMarkersResponse(errors).toStruct`. */
export function writeTxnMarkersResponse(results: readonly TxnMarkerResult[]): WriteTxnMarkersWireResponse {
  const byProducer = new Map<string, TxnMarkerResult>(results.map((r) => [String(r.producerId), r]));
  const producerIds = javaConcurrentHashMapOrder(byProducer.keys(), (id) => javaLongHashCode(BigInt(id)));
  return {
    markers: producerIds.map((id) => {
      const byTopic = new Map<string, Map<number, ErrorName>>();
      for (const p of byProducer.get(id)?.partitions ?? []) {
        const partitions = byTopic.get(p.topicPartition.topic) ?? new Map<number, ErrorName>();
        partitions.set(p.topicPartition.partition, p.error);
        byTopic.set(p.topicPartition.topic, partitions);
      }
      return {
        producerId: BigInt(id),
        topics: javaNewHashMapOrder([...byTopic.keys()]).map((name) => {
          const partitions = byTopic.get(name) ?? new Map<number, ErrorName>();
          return {
            name,
            partitions: javaIntegerHashMapOrder([...partitions.keys()]).map((partitionIndex) => ({
              partitionIndex,
              errorCode: Errors[partitions.get(partitionIndex) ?? 'UNKNOWN_SERVER_ERROR'].code,
            })),
          };
        }),
      };
    }),
  };
}

export function writeTxnMarkersHandler(broker: KafkaServer): ApiHandler<WriteTxnMarkersWireRequest, WriteTxnMarkersWireResponse> {
  return async (request) => {
    const entries = markerEntries(request);
    const rm = broker.replicaManager;
    // Without a ReplicaManager no log is here: `getMagic` finds none.
    const results: TxnMarkerResult[] = rm
      ? await rm.writeTxnMarkers(entries)
      : entries.map((e) => ({
          producerId: e.producerId,
          partitions: e.partitions.map((topicPartition) => ({ topicPartition, error: 'UNKNOWN_TOPIC_OR_PARTITION' as const })),
        }));
    return writeTxnMarkersResponse(results);
  };
}
