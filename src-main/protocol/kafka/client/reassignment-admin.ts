/**
 * The partition reassignment calls of Kafka 2.6's `KafkaAdminClient` (what `kafka-reassign-partitions
 * --bootstrap-server` uses): AlterPartitionReassignments and ListPartitionReassignments to the
 * controller named in Metadata; a top-level NOT_CONTROLLER refreshes the metadata and sends again
 * (`handleNotControllerError`, a retriable error) until `default.api.timeout.ms` runs out.
 */
import { Errors } from '../../../core/common/kafka-errors';
import type { TopicPartition } from '../../../core/common/topic-partition';
import { ALTER_PARTITION_REASSIGNMENTS, type AlterPartitionReassignmentsResponse } from '../messages/alter-partition-reassignments';
import { LIST_PARTITION_REASSIGNMENTS, type ListPartitionReassignmentsResponse } from '../messages/list-partition-reassignments';
import { AdminException, type AdminClient } from './admin-client';

const RETRY_BACKOFF_MS = 100;

/** `PartitionReassignment`: what ListPartitionReassignments reports of one partition. */
export interface PartitionReassignment {
  readonly partition: TopicPartition;
  readonly replicas: readonly number[];
  readonly addingReplicas: readonly number[];
  readonly removingReplicas: readonly number[];
}

/** One partition's outcome of `alterPartitionReassignments`: null when accepted. */
export interface ReassignmentOutcome {
  readonly partition: TopicPartition;
  readonly error: AdminException | null;
}

export class ReassignmentAdmin {
  constructor(
    private readonly admin: AdminClient,
    private readonly timeoutMs = 60_000,
  ) {}

  /** Target replicas per partition (null cancels), grouped by topic in sorted order as the Java client's TreeMaps. */
  async alterPartitionReassignments(
    reassignments: ReadonlyArray<{ partition: TopicPartition; replicas: readonly number[] | null }>,
  ): Promise<ReassignmentOutcome[]> {
    const byTopic = new Map<string, Map<number, readonly number[] | null>>();
    for (const { partition, replicas } of reassignments) {
      const parts = byTopic.get(partition.topic) ?? new Map<number, readonly number[] | null>();
      parts.set(partition.partition, replicas);
      byTopic.set(partition.topic, parts);
    }
    const topics = [...byTopic.keys()].sort().map((name) => ({
      name,
      partitions: [...byTopic.get(name)!]
        .sort(([a], [b]) => a - b)
        .map(([partitionIndex, replicas]) => ({ partitionIndex, replicas: replicas === null ? null : [...replicas] })),
    }));
    const body = await this.toController<AlterPartitionReassignmentsResponse>(ALTER_PARTITION_REASSIGNMENTS, (timeoutMs) => ({
      timeoutMs,
      topics,
    }));
    return body.responses.flatMap((t) =>
      t.partitions.map((p) => ({
        partition: { topic: t.name, partition: p.partitionIndex },
        error:
          body.errorCode !== Errors.NONE.code
            ? AdminException.forCode(body.errorCode, null)
            : p.errorCode === Errors.NONE.code
              ? null
              : AdminException.forCode(p.errorCode, p.errorMessage),
      })),
    );
  }

  /** The ongoing reassignments (of the given partitions, or all when null). */
  async listPartitionReassignments(partitions: readonly TopicPartition[] | null): Promise<PartitionReassignment[]> {
    const byTopic = new Map<string, number[]>();
    for (const p of partitions ?? []) byTopic.set(p.topic, [...(byTopic.get(p.topic) ?? []), p.partition]);
    const body = await this.toController<ListPartitionReassignmentsResponse>(LIST_PARTITION_REASSIGNMENTS, (timeoutMs) => ({
      timeoutMs,
      topics: partitions === null ? null : [...byTopic].map(([name, partitionIndexes]) => ({ name, partitionIndexes })),
    }));
    if (body.errorCode !== Errors.NONE.code) throw AdminException.forCode(body.errorCode, body.errorMessage);
    return body.topics.flatMap((t) =>
      t.partitions.map((p) => ({
        partition: { topic: t.name, partition: p.partitionIndex },
        replicas: p.replicas,
        addingReplicas: p.addingReplicas,
        removingReplicas: p.removingReplicas,
      })),
    );
  }

  private async toController<R extends { errorCode: number }>(
    api: typeof ALTER_PARTITION_REASSIGNMENTS | typeof LIST_PARTITION_REASSIGNMENTS,
    body: (timeoutMs: number) => object,
  ): Promise<R> {
    const deadline = Date.now() + this.timeoutMs;
    for (;;) {
      const metadata = await this.admin.clusterMetadata([]);
      const response = (await this.admin.send(api as never, metadata.controllerId, body(Math.max(0, deadline - Date.now())) as never)) as R;
      if (response.errorCode !== Errors.NOT_CONTROLLER.code) return response;
      if (Date.now() + RETRY_BACKOFF_MS >= deadline)
        throw new AdminException(
          'org.apache.kafka.common.errors.TimeoutException',
          `Call(callName=${api.name.charAt(0).toLowerCase()}${api.name.slice(1)}) timed out`,
        );
      await new Promise((r) => setTimeout(r, RETRY_BACKOFF_MS));
    }
  }
}
