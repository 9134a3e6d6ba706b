/**
 * FindCoordinator with key type 1 (`KafkaApis.getOrCreateInternalTopic`): a transactional id's
 * coordinator is the leader of its `__transaction_state` partition, `Utils.abs(id.hashCode) % 50`.
 * The topic is created on first use with `transaction.state.log.num.partitions` partitions and
 * `transaction.state.log.replication.factor` replicas — refused (COORDINATOR_NOT_AVAILABLE) while
 * fewer brokers are alive, never lowered — and `TransactionStateManager.transactionTopicConfigs`.
 */
import type { ErrorName } from '../../common/kafka-errors';
import { createInternalTopic, findInternalTopicCoordinator, type CoordinatorNode, type OffsetsTopicDeps } from '../group/offsets-topic';
import { TRANSACTION_STATE_TOPIC_NAME } from './transaction-log';

export interface TransactionTopicConfig {
  transactionLogNumPartitions: number;
  transactionLogReplicationFactor: number;
  transactionLogSegmentBytes: number;
  transactionLogMinInsyncReplicas: number;
}

/** `TransactionStateManager.transactionTopicConfigs`. */
export function transactionTopicConfigs(config: TransactionTopicConfig): Record<string, string> {
  return {
    'unclean.leader.election.enable': 'false',
    'compression.type': 'uncompressed',
    'cleanup.policy': 'compact',
    'min.insync.replicas': String(config.transactionLogMinInsyncReplicas),
    'segment.bytes': String(config.transactionLogSegmentBytes),
  };
}

export type TransactionTopicDeps = Omit<OffsetsTopicDeps, 'config'> & { config: TransactionTopicConfig };

export function createTransactionStateTopic(deps: TransactionTopicDeps): Promise<ErrorName> {
  return createInternalTopic(deps, {
    topic: TRANSACTION_STATE_TOPIC_NAME,
    partitions: deps.config.transactionLogNumPartitions,
    replicationFactor: deps.config.transactionLogReplicationFactor,
    configs: transactionTopicConfigs(deps.config),
    description: 'transactions state topic',
    replicationFactorProp: 'transaction.state.log.replication.factor',
  });
}

export function findTransactionCoordinator(
  deps: TransactionTopicDeps,
  partition: number,
  listener: { name: string; host: string },
): Promise<{ error: ErrorName; node: CoordinatorNode }> {
  return findInternalTopicCoordinator(deps.metadataCache, TRANSACTION_STATE_TOPIC_NAME, partition, listener, () =>
    createTransactionStateTopic(deps),
  );
}
