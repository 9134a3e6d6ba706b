/**
 * DeleteGroups and OffsetDelete, as `KafkaApis` hands them to the GroupCoordinator. With no
 * authorizer every group and topic is authorized; an OffsetDelete partition the metadata cache does
 * not know is UNKNOWN_TOPIC_OR_PARTITION; a group error leaves the response without topics.
 */
import type { KafkaServer } from '../../../core/broker/kafka-server';
import { Errors, type ErrorName } from '../../../core/common/kafka-errors';
import { tpKey, type TopicPartition } from '../../../core/common/topic-partition';
import type { ApiHandler } from '../kafka-apis';
import type { DeleteGroupsRequest, DeleteGroupsResponse } from '../messages/delete-groups';
import type { OffsetDeleteRequest, OffsetDeleteResponse } from '../messages/offset-delete';

export function deleteGroupsHandler(broker: KafkaServer): ApiHandler<DeleteGroupsRequest, DeleteGroupsResponse> {
  return async (request) => {
    const coordinator = broker.groupCoordinator;
    const errors = coordinator
      ? await coordinator.handleDeleteGroups(request.groupsNames)
      : new Map(request.groupsNames.map((g) => [g, 'COORDINATOR_NOT_AVAILABLE' as ErrorName]));
    const response: DeleteGroupsResponse = {
      throttleTimeMs: 0,
      results: [...errors].map(([groupId, error]) => ({ groupId, errorCode: Errors[error].code })),
    };
    return response;
  };
}

export function offsetDeleteHandler(broker: KafkaServer): ApiHandler<OffsetDeleteRequest, OffsetDeleteResponse> {
  return async (request) => {
    const errors = new Map<string, { tp: TopicPartition; error: ErrorName }>();
    const known: TopicPartition[] = [];
    for (const t of request.topics) {
      for (const p of t.partitions) {
        const tp = { topic: t.name, partition: p.partitionIndex };
        if (broker.metadataCache.getPartitionInfo(t.name, p.partitionIndex) === undefined)
          errors.set(tpKey(tp), { tp, error: 'UNKNOWN_TOPIC_OR_PARTITION' });
        else known.push(tp);
      }
    }
    const coordinator = broker.groupCoordinator;
    const result = coordinator
      ? await coordinator.handleDeleteOffsets(request.groupId, known)
      : { error: 'COORDINATOR_NOT_AVAILABLE' as ErrorName, partitions: new Map<string, ErrorName>() };
    if (result.error !== 'NONE') {
      const failed: OffsetDeleteResponse = { errorCode: Errors[result.error].code, throttleTimeMs: 0, topics: [] };
      return failed;
    }
    for (const tp of known) errors.set(tpKey(tp), { tp, error: result.partitions.get(tpKey(tp)) ?? 'NONE' });
    const topics = new Map<string, Array<{ partitionIndex: number; errorCode: number }>>();
    for (const { tp, error } of errors.values()) {
      const list = topics.get(tp.topic) ?? [];
      topics.set(tp.topic, list);
      list.push({ partitionIndex: tp.partition, errorCode: Errors[error].code });
    }
    const response: OffsetDeleteResponse = {
      errorCode: 0,
      throttleTimeMs: 0,
      topics: [...topics].map(([name, partitions]) => ({ name, partitions })),
    };
    return response;
  };
}
