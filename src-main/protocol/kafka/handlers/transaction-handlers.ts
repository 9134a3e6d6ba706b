/**
 * The transactional APIs as `KafkaApis` hands them to the TransactionCoordinator (2.5.1):
 * AddPartitionsToTxn (an unknown partition fails the whole request: UNKNOWN_TOPIC_OR_PARTITION for
 * it, OPERATION_NOT_ATTEMPTED for the others; internal topics are not authorized for it, so
 * TOPIC_AUTHORIZATION_FAILED), AddOffsetsToTxn (the group's `__consumer_offsets` partition joins
 * the transaction), EndTxn, and TxnOffsetCommit to the GroupCoordinator (unknown partitions get
 * UNKNOWN_TOPIC_OR_PARTITION, the others the coordinator's answer). No authorizer runs here, so
 * TRANSACTIONAL_ID_AUTHORIZATION_FAILED and GROUP_AUTHORIZATION_FAILED are never answered.
 */
import type { KafkaServer } from '../../../core/broker/kafka-server';
import { Errors, type ErrorName } from '../../../core/common/kafka-errors';
import { tpKey, type TopicPartition } from '../../../core/common/topic-partition';
import { GROUP_METADATA_TOPIC_NAME } from '../../../core/coordinator/group/group-metadata-manager';
import { TRANSACTION_STATE_TOPIC_NAME } from '../../../core/coordinator/transaction/transaction-log';
import type { Time } from '../../../core/platform/scheduler';
import type { ApiHandler } from '../kafka-apis';
import { commitOffsets } from './offset-handlers';
import type { AddOffsetsToTxnRequest, AddOffsetsToTxnResponse } from '../messages/add-offsets-to-txn';
import type { AddPartitionsToTxnRequest, AddPartitionsToTxnResponse } from '../messages/add-partitions-to-txn';
import type { EndTxnRequest, EndTxnResponse } from '../messages/end-txn';
import type { TxnOffsetCommitRequest, TxnOffsetCommitResponse } from '../messages/txn-offset-commit';

const isInternal = (topic: string) => topic === GROUP_METADATA_TOPIC_NAME || topic === TRANSACTION_STATE_TOPIC_NAME;

export function addPartitionsToTxnHandler(broker: KafkaServer): ApiHandler<AddPartitionsToTxnRequest, AddPartitionsToTxnResponse> {
  return async (request) => {
    const partitions: TopicPartition[] = request.topics.flatMap((t) => t.partitions.map((partition) => ({ topic: t.name, partition })));
    const errors = new Map<string, ErrorName>();
    for (const tp of partitions) {
      if (isInternal(tp.topic)) errors.set(tpKey(tp), 'TOPIC_AUTHORIZATION_FAILED');
      else if (broker.metadataCache.getPartitionInfo(tp.topic, tp.partition) === undefined)
        errors.set(tpKey(tp), 'UNKNOWN_TOPIC_OR_PARTITION');
    }
    let errorOf: (tp: TopicPartition) => ErrorName;
    if (errors.size > 0) {
      errorOf = (tp) => errors.get(tpKey(tp)) ?? 'OPERATION_NOT_ATTEMPTED';
    } else {
      const coordinator = broker.transactionCoordinator;
      const error = coordinator
        ? await coordinator.handleAddPartitionsToTransaction(
            request.transactionalId,
            Number(request.producerId),
            request.producerEpoch,
            partitions,
          )
        : 'NOT_COORDINATOR';
      errorOf = () => error;
    }
    return {
      throttleTimeMs: 0,
      results: request.topics.map((t) => ({
        name: t.name,
        results: t.partitions.map((partition) => ({
          partitionIndex: partition,
          errorCode: Errors[errorOf({ topic: t.name, partition })].code,
        })),
      })),
    };
  };
}

export function addOffsetsToTxnHandler(broker: KafkaServer): ApiHandler<AddOffsetsToTxnRequest, AddOffsetsToTxnResponse> {
  return async (request) => {
    const coordinator = broker.transactionCoordinator;
    const groups = broker.groupCoordinator;
    const error: ErrorName =
      coordinator && groups
        ? await coordinator.handleAddPartitionsToTransaction(request.transactionalId, Number(request.producerId), request.producerEpoch, [
            { topic: GROUP_METADATA_TOPIC_NAME, partition: groups.partitionFor(request.groupId) },
          ])
        : 'NOT_COORDINATOR';
    return { throttleTimeMs: 0, errorCode: Errors[error].code };
  };
}

export function endTxnHandler(broker: KafkaServer): ApiHandler<EndTxnRequest, EndTxnResponse> {
  return async (request) => {
    const coordinator = broker.transactionCoordinator;
    const error: ErrorName = coordinator
      ? await coordinator.handleEndTransaction(
          request.transactionalId,
          Number(request.producerId),
          request.producerEpoch,
          request.committed ? 'COMMIT' : 'ABORT',
        )
      : 'NOT_COORDINATOR';
    return { throttleTimeMs: 0, errorCode: Errors[error].code };
  };
}

export function txnOffsetCommitHandler(broker: KafkaServer, time: Time): ApiHandler<TxnOffsetCommitRequest, TxnOffsetCommitResponse> {
  return async (request) => {
    const now = time.nowMs();
    const topics = await commitOffsets(
      broker,
      request.topics,
      () => ({ commitTimestamp: now, expireTimestamp: null }),
      (coordinator, offsets) =>
        coordinator.handleTxnCommitOffsets(
          request.groupId,
          Number(request.producerId),
          request.producerEpoch,
          request.memberId,
          request.groupInstanceId,
          request.generationId,
          offsets,
        ),
    );
    return { throttleTimeMs: 0, topics };
  };
}
