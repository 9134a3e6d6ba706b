/**
 * The seam to the partition side (txn-log's `replica-manager/write-txn-markers.ts`): what one
 * WriteTxnMarkers carries and answers. Declared here until that file is merged.
 */
import type { ErrorName } from '../../common/kafka-errors';
import type { TopicPartition } from '../../common/topic-partition';

export interface TxnMarkerEntry {
  readonly producerId: number;
  readonly producerEpoch: number;
  readonly coordinatorEpoch: number;
  readonly transactionResult: 'COMMIT' | 'ABORT';
  readonly partitions: readonly TopicPartition[];
}
export interface TxnMarkerPartitionResult {
  readonly topicPartition: TopicPartition;
  readonly error: ErrorName;
}
export interface TxnMarkerResult {
  readonly producerId: number;
  readonly partitions: readonly TxnMarkerPartitionResult[];
}
export type OffsetsTxnCompletion = (producerId: number, offsetsPartitions: readonly number[], isCommit: boolean) => void;
