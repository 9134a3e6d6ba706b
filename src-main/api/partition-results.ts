/**
 * The controller's per-partition answer (ElectLeaders, AlterPartitionReassignments) as the UI
 * shows it: each partition's error by name with Kafka's message, in topic-partition order; an
 * error of the whole request (NOT_CONTROLLER …) is thrown as the call's ApiError.
 */
import type { ClusterFacade } from '../core/cluster/cluster-facade';
import { errorForCode } from '../core/common/kafka-errors';
import { compareTopicPartitions } from '../core/common/topic-partition';
import { ApiError } from './backend';
import { kafkaText } from './localized-text';

export interface PartitionResult {
  readonly topic: string;
  readonly partition: number;
  readonly error: string;
  readonly message: string | null;
}

type PartitionOutcomes = Awaited<ReturnType<ClusterFacade['admin']['electLeaders']>>;

export function partitionResults(outcome: PartitionOutcomes): PartitionResult[] {
  if (!Array.isArray(outcome)) {
    const error = errorForCode(outcome.errorCode);
    // Kafka's text: ElectLeaders' error message.
    throw new ApiError(error.name, kafkaText(outcome.message || error.message));
  }
  return [...outcome]
    .sort((a, b) => compareTopicPartitions(a.partition, b.partition))
    .map((o) => {
      const error = errorForCode(o.errorCode);
      return {
        topic: o.partition.topic,
        partition: o.partition.partition,
        error: error.name,
        message: o.message ?? (o.errorCode === 0 ? null : error.message),
      };
    });
}
