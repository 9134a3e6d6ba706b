/**
 * OffsetCommit and OffsetFetch, as `KafkaApis` hands them to the GroupCoordinator: unknown topics
 * get UNKNOWN_TOPIC_OR_PARTITION; v1 carries a commit timestamp per partition, v2–4 a retention
 * time (which sets the stored expire timestamp); OffsetFetch with null topics (v2+) answers every
 * committed partition, and an error is per partition before v2, top-level from v2.
 *
 * Kafka 2.5 keeps v0 commits and fetches in ZooKeeper (`/consumers/<group>/offsets`); here v0 goes
 * to the coordinator like the later versions.
 */
import type { KafkaServer } from '../../../core/broker/kafka-server';
import { Errors, type ErrorName } from '../../../core/common/kafka-errors';
import { tpKey } from '../../../core/common/topic-partition';
import type { GroupCoordinator } from '../../../core/coordinator/group/group-coordinator';
import type { OffsetAndMetadata } from '../../../core/coordinator/group/group-metadata';
import type { OffsetFetchPartition } from '../../../core/coordinator/group/group-metadata-manager';
import type { Time } from '../../../core/platform/scheduler';
import type { ApiHandler } from '../kafka-apis';
import type { OffsetCommitRequest, OffsetCommitResponse } from '../messages/offset-commit';
import type { OffsetFetchRequest, OffsetFetchResponse, OffsetFetchResponsePartition } from '../messages/offset-fetch';

export function offsetCommitHandler(broker: KafkaServer, time: Time): ApiHandler<OffsetCommitRequest, OffsetCommitResponse> {
  return async (request) => {
    const now = time.nowMs();
    const retention = Number(request.retentionTimeMs);
    const topics = await commitOffsets(
      broker,
      request.topics,
      (p) => ({
        commitTimestamp: p.commitTimestamp === -1n ? now : Number(p.commitTimestamp),
        expireTimestamp: retention === -1 ? null : now + retention,
      }),
      (coordinator, offsets) =>
        coordinator.handleCommitOffsets(request.groupId, request.memberId, request.generationId, offsets, request.groupInstanceId),
    );
    const response: OffsetCommitResponse = { throttleTimeMs: 0, topics };
    return response;
  };
}

/** A partition of an OffsetCommit or TxnOffsetCommit request. */
interface CommittedPartition {
  readonly partitionIndex: number;
  readonly committedOffset: bigint;
  readonly committedLeaderEpoch: number;
  readonly committedMetadata: string | null;
}

type CommittedOffsets = Array<{ topic: string; partition: number; value: OffsetAndMetadata }>;

/**
 * OffsetCommit's and TxnOffsetCommit's handling in `KafkaApis`: unknown partitions get
 * UNKNOWN_TOPIC_OR_PARTITION, the others go to the GroupCoordinator (`commit`), or get
 * COORDINATOR_NOT_AVAILABLE on a broker without one; every partition asked for is answered.
 */
export async function commitOffsets<P extends CommittedPartition>(
  broker: KafkaServer,
  topics: ReadonlyArray<{ readonly name: string; readonly partitions: readonly P[] }>,
  timestamps: (p: P) => Pick<OffsetAndMetadata, 'commitTimestamp' | 'expireTimestamp'>,
  commit: (coordinator: GroupCoordinator, offsets: CommittedOffsets) => Promise<Map<string, ErrorName>>,
): Promise<Array<{ name: string; partitions: Array<{ partitionIndex: number; errorCode: number }> }>> {
  const errors = new Map<string, ErrorName>();
  const offsets: CommittedOffsets = [];
  for (const t of topics) {
    for (const p of t.partitions) {
      const tp = { topic: t.name, partition: p.partitionIndex };
      if (broker.metadataCache.getPartitionInfo(t.name, p.partitionIndex) === undefined) {
        errors.set(tpKey(tp), 'UNKNOWN_TOPIC_OR_PARTITION');
        continue;
      }
      offsets.push({
        ...tp,
        value: {
          offset: Number(p.committedOffset),
          leaderEpoch: p.committedLeaderEpoch < 0 ? null : p.committedLeaderEpoch,
          metadata: p.committedMetadata ?? '',
          ...timestamps(p),
        },
      });
    }
  }
  if (offsets.length > 0) {
    const coordinator = broker.groupCoordinator;
    const results = coordinator
      ? await commit(coordinator, offsets)
      : new Map(offsets.map((o) => [tpKey(o), 'COORDINATOR_NOT_AVAILABLE' as ErrorName]));
    for (const [k, e] of results) errors.set(k, e);
  }
  return topics.map((t) => ({
    name: t.name,
    partitions: t.partitions.map((p) => ({
      partitionIndex: p.partitionIndex,
      errorCode: Errors[errors.get(tpKey({ topic: t.name, partition: p.partitionIndex })) ?? 'NONE'].code,
    })),
  }));
}

function byTopic(partitions: readonly OffsetFetchPartition[]): OffsetFetchResponse['topics'] {
  const topics = new Map<string, OffsetFetchResponsePartition[]>();
  for (const p of partitions) {
    const list = topics.get(p.topic) ?? [];
    topics.set(p.topic, list);
    list.push({
      partitionIndex: p.partition,
      committedOffset: BigInt(p.offset),
      committedLeaderEpoch: p.leaderEpoch ?? -1,
      metadata: p.metadata,
      errorCode: Errors[p.error].code,
    });
  }
  return [...topics].map(([name, list]) => ({ name, partitions: list }));
}

export function offsetFetchHandler(broker: KafkaServer): ApiHandler<OffsetFetchRequest, OffsetFetchResponse> {
  return async (request, context) => {
    const version = context.header.apiVersion;
    const requested =
      request.topics === null ? null : request.topics.flatMap((t) => t.partitionIndexes.map((partition) => ({ topic: t.name, partition })));
    const result = broker.groupCoordinator?.handleFetchOffsets(request.groupId, requested) ?? {
      error: 'COORDINATOR_NOT_AVAILABLE' as ErrorName,
      partitions: [],
    };
    let response: OffsetFetchResponse;
    if (result.error === 'NONE') {
      response = { throttleTimeMs: 0, topics: byTopic(result.partitions), errorCode: 0 };
    } else if (version < 2) {
      const failed = (requested ?? []).map((tp): OffsetFetchPartition => ({
        ...tp,
        offset: -1,
        leaderEpoch: null,
        metadata: '',
        error: result.error,
      }));
      response = { throttleTimeMs: 0, topics: byTopic(failed), errorCode: Errors[result.error].code };
    } else {
      response = { throttleTimeMs: 0, topics: [], errorCode: Errors[result.error].code };
    }
    return response;
  };
}
