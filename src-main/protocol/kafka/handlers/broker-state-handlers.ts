/**
 * ElectLeaders (through the active controller; NOT_CONTROLLER per partition elsewhere),
 * DescribeLogDirs (this broker's dirs, sizes and lags from its LogManager) and InitProducerId
 * (`TransactionCoordinator.handleInitProducerId`: a new id, epoch 0, for an idempotent producer; the
 * transactional id's id and bumped epoch otherwise).
 */
import { Errors, type ErrorName } from '../../../core/common/kafka-errors';
import type { TopicPartition } from '../../../core/common/topic-partition';
import type { ApiHandler } from '../kafka-apis';
import type { DescribeLogDirsRequest, DescribeLogDirsResponse, DescribeLogDirsResult } from '../messages/describe-log-dirs';
import type { ElectLeadersRequest, ElectLeadersResponse } from '../messages/elect-leaders';
import type { InitProducerIdRequest, InitProducerIdResponse } from '../messages/init-producer-id';
import { isActiveController, type BrokerApiDeps } from './broker-api-deps';

function byTopic<T extends { partition: TopicPartition }>(
  items: readonly T[],
  toResult: (item: T) => { partitionId: number; errorCode: number; errorMessage: string | null },
) {
  const topics = new Map<string, Array<{ partitionId: number; errorCode: number; errorMessage: string | null }>>();
  for (const item of items) {
    const list = topics.get(item.partition.topic) ?? [];
    list.push(toResult(item));
    topics.set(item.partition.topic, list);
  }
  return [...topics].map(([topic, partitionResult]) => ({ topic, partitionResult }));
}

export function electLeadersHandler({ broker, admin }: BrokerApiDeps): ApiHandler<ElectLeadersRequest, ElectLeadersResponse> {
  return async (request, context) => {
    const electionType = context.header.apiVersion === 0 || request.electionType === 0 ? 'PREFERRED' : 'UNCLEAN';
    const partitions: TopicPartition[] =
      request.topicPartitions === null
        ? broker.metadataCache
            .getAllTopics()
            .flatMap((topic) => broker.metadataCache.partitionsOf(topic).map((p) => ({ topic, partition: p.partitionIndex })))
        : request.topicPartitions.flatMap((t) => t.partitionId.map((partition) => ({ topic: t.topic, partition })));
    if (!isActiveController(broker)) {
      return {
        throttleTimeMs: 0,
        errorCode: 0,
        replicaElectionResults: byTopic(
          partitions.map((partition) => ({ partition })),
          (p) => ({ partitionId: p.partition.partition, errorCode: Errors.NOT_CONTROLLER.code, errorMessage: null }),
        ),
      };
    }
    const outcome = await admin.electLeaders(electionType, partitions);
    if (!Array.isArray(outcome)) return { throttleTimeMs: 0, errorCode: outcome.errorCode, replicaElectionResults: [] };
    // KafkaApis: an election across every partition answers only those elected or failed, not those already led as wanted.
    const answered = request.topicPartitions === null ? outcome.filter((o) => o.errorCode !== Errors.ELECTION_NOT_NEEDED.code) : outcome;
    return {
      throttleTimeMs: 0,
      errorCode: 0,
      replicaElectionResults: byTopic(answered, (o) => ({
        partitionId: o.partition.partition,
        errorCode: o.errorCode,
        errorMessage: o.message,
      })),
    };
  };
}

export function describeLogDirsHandler({ broker }: BrokerApiDeps): ApiHandler<DescribeLogDirsRequest, DescribeLogDirsResponse> {
  return async (request) => {
    const wanted = request.topics === null ? null : new Set(request.topics.flatMap((t) => t.partitionIndex.map((p) => `${t.topic}-${p}`)));
    const logManager = broker.logManager;
    const results: DescribeLogDirsResult[] = [];
    const byDir = logManager?.logsByDir() ?? new Map();
    for (const dir of broker.config.logDirs) {
      if (!logManager || !logManager.isLogDirOnline(dir)) {
        results.push({ errorCode: Errors.KAFKA_STORAGE_ERROR.code, logDir: dir, topics: [] });
        continue;
      }
      const topics = new Map<string, DescribeLogDirsResult['topics'][number]['partitions']>();
      for (const log of byDir.get(dir) ?? []) {
        const tp = log.topicPartition;
        if (wanted && !wanted.has(`${tp.topic}-${tp.partition}`)) continue;
        const current = log.isFuture ? logManager.getLog(tp) : undefined;
        const offsetLag = log.isFuture
          ? current
            ? current.logEndOffset - log.logEndOffset
            : -1
          : Math.max(log.highWatermark - log.logEndOffset, 0);
        const list = topics.get(tp.topic) ?? [];
        list.push({
          partitionIndex: tp.partition,
          partitionSize: BigInt(log.size),
          offsetLag: BigInt(offsetLag),
          isFutureKey: log.isFuture,
        });
        topics.set(tp.topic, list);
      }
      results.push({ errorCode: Errors.NONE.code, logDir: dir, topics: [...topics].map(([name, partitions]) => ({ name, partitions })) });
    }
    return { throttleTimeMs: 0, results };
  };
}

export function initProducerIdHandler({ broker }: BrokerApiDeps): ApiHandler<InitProducerIdRequest, InitProducerIdResponse> {
  return async (request) => {
    const refuse = (error: ErrorName): InitProducerIdResponse => ({
      throttleTimeMs: 0,
      errorCode: Errors[error].code,
      producerId: -1n,
      producerEpoch: -1,
    });
    // v3 (KIP-360): an id and an epoch come together or not at all.
    if ((request.producerId === -1n) !== (request.producerEpoch === -1)) return refuse('INVALID_REQUEST');
    const coordinator = broker.transactionCoordinator;
    if (!coordinator) return refuse('NOT_COORDINATOR');
    const expected = request.producerId === -1n ? null : { producerId: Number(request.producerId), producerEpoch: request.producerEpoch };
    const result = await coordinator.handleInitProducerId(request.transactionalId, request.transactionTimeoutMs, expected);
    return {
      throttleTimeMs: 0,
      errorCode: Errors[result.error].code,
      producerId: BigInt(result.producerId),
      producerEpoch: result.producerEpoch,
    };
  };
}
