/**
 * Transactions from the UI (`TransactionService`): each transactional id the running transaction
 * coordinators hold, and fencing its producer to abort a hanging transaction.
 */
import type { LocalizedText } from '../localized-text';

/** Kafka 2.5's `TransactionState` names. */
export type TransactionStateDto =
  'Empty' | 'Ongoing' | 'PrepareCommit' | 'PrepareAbort' | 'CompleteCommit' | 'CompleteAbort' | 'Dead' | 'PrepareEpochFence';

export interface TransactionDto {
  readonly transactionalId: string;
  /** The broker leading its `__transaction_state` partition. */
  readonly coordinator: number;
  readonly txnStatePartition: number;
  readonly coordinatorEpoch: number;
  readonly state: TransactionStateDto;
  /** A transition being written (the state it will have), null when none. */
  readonly pendingState: TransactionStateDto | null;
  readonly producerId: number;
  readonly producerEpoch: number;
  readonly txnTimeoutMs: number;
  readonly partitions: ReadonlyArray<{ readonly topic: string; readonly partition: number }>;
  /** Cluster time the open transaction began; null without one. */
  readonly startedMs: number | null;
  readonly lastUpdateMs: number;
  /** Ongoing past its timeout (the coordinator's next check aborts it). */
  readonly timedOut: boolean;
}

/** What fencing did, Kafka's error name and a sentence for the person. */
export interface FenceProducerResultDto {
  readonly error: string;
  readonly coordinator: number;
  readonly text: LocalizedText;
}

export interface TransactionService {
  list(): Promise<TransactionDto[]>;
  /** InitProducerId for the id from the dojo: its producer's epoch goes up by one and an open transaction is aborted. */
  fenceProducer(transactionalId: string): Promise<FenceProducerResultDto>;
}

/** A transaction open in a partition (its producer, where it began, and when: the first batch's timestamp, −1 unknown). */
export interface OpenTransactionDto {
  readonly producerId: number;
  readonly producerEpoch: number;
  readonly firstOffset: number;
  readonly startedMs: number;
}
