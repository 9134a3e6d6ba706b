/**
 * AlterPartitionReassignments (45) and ListPartitionReassignments (46), as Kafka 2.5.1's
 * `KafkaApis.handleAlterPartitionReassignmentsRequest` / `handleListPartitionReassignmentsRequest`:
 * the request goes to this broker's own KafkaController, whose event answers NOT_CONTROLLER at the
 * top level unless it is the active controller; otherwise one result per partition (null replicas
 * cancel). The request's TimeoutMs is not used by the broker, as in Kafka: the controller answers
 * once its event has run.
 */
import { Errors } from '../../../core/common/kafka-errors';
import type { TopicPartition } from '../../../core/common/topic-partition';
import type { ApiHandler } from '../kafka-apis';
import type { AlterPartitionReassignmentsRequest, AlterPartitionReassignmentsResponse } from '../messages/alter-partition-reassignments';
import type { ListPartitionReassignmentsRequest, ListPartitionReassignmentsResponse } from '../messages/list-partition-reassignments';
import type { BrokerApiDeps } from './broker-api-deps';

const NOT_CONTROLLER = { errorCode: Errors.NOT_CONTROLLER.code, message: Errors.NOT_CONTROLLER.message };

/** Items grouped by topic, topics in first-seen order. */
function groupByTopic<T extends { partition: TopicPartition }>(items: readonly T[]): Array<[string, T[]]> {
  const topics = new Map<string, T[]>();
  for (const item of items) topics.set(item.partition.topic, [...(topics.get(item.partition.topic) ?? []), item]);
  return [...topics];
}

export function alterPartitionReassignmentsHandler({
  broker,
}: BrokerApiDeps): ApiHandler<AlterPartitionReassignmentsRequest, AlterPartitionReassignmentsResponse> {
  return async (request) => {
    // A Scala Map keyed by partition: a partition named twice keeps its last entry.
    const byPartition = new Map<string, { partition: TopicPartition; replicas: number[] | null }>();
    for (const t of request.topics)
      for (const p of t.partitions)
        byPartition.set(`${t.name}-${p.partitionIndex}`, {
          partition: { topic: t.name, partition: p.partitionIndex },
          replicas: p.replicas === null ? null : [...p.replicas],
        });
    const outcome = broker.controller ? await broker.controller.alterPartitionReassignments([...byPartition.values()]) : NOT_CONTROLLER;
    if (!Array.isArray(outcome)) return { throttleTimeMs: 0, errorCode: outcome.errorCode, errorMessage: outcome.message, responses: [] };
    return {
      throttleTimeMs: 0,
      errorCode: Errors.NONE.code,
      errorMessage: null,
      responses: groupByTopic(outcome).map(([name, partitions]) => ({
        name,
        partitions: partitions.map((o) => ({ partitionIndex: o.partition.partition, errorCode: o.errorCode, errorMessage: o.message })),
      })),
    };
  };
}

export function listPartitionReassignmentsHandler({
  broker,
}: BrokerApiDeps): ApiHandler<ListPartitionReassignmentsRequest, ListPartitionReassignmentsResponse> {
  return async (request) => {
    const wanted =
      request.topics === null
        ? null
        : [
            ...new Map(
              request.topics.flatMap((t) =>
                t.partitionIndexes.map((partition) => [`${t.name}-${partition}`, { topic: t.name, partition }]),
              ),
            ).values(),
          ];
    const outcome = broker.controller ? await broker.controller.listPartitionReassignments(wanted) : NOT_CONTROLLER;
    if (!Array.isArray(outcome)) return { throttleTimeMs: 0, errorCode: outcome.errorCode, errorMessage: outcome.message, topics: [] };
    return {
      throttleTimeMs: 0,
      errorCode: Errors.NONE.code,
      errorMessage: null,
      topics: groupByTopic(outcome).map(([name, partitions]) => ({
        name,
        partitions: partitions.map((r) => ({
          partitionIndex: r.partition.partition,
          replicas: r.replicas,
          addingReplicas: r.addingReplicas,
          removingReplicas: r.removingReplicas,
        })),
      })),
    };
  };
}
