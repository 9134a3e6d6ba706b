/**
 * The transactions the UI shows and the one operation it has on them, answered in process: every
 * transactional id each running transaction coordinator holds (those of the `__transaction_state`
 * partitions it leads and has loaded), and "abort a hanging transaction" as an operator does it —
 * an InitProducerId for the transactional id, which fences its producer (epoch + 1) and, when a
 * transaction is open, aborts it (the coordinator answers CONCURRENT_TRANSACTIONS while it does).
 */
import type { ErrorName } from '../common/kafka-errors';
import type { TopicPartition } from '../common/topic-partition';
import type { TransactionCoordinator } from '../coordinator/transaction/transaction-coordinator';
import type { TransactionState } from '../coordinator/transaction/transaction-metadata';
import type { Cluster } from './cluster';

export interface TransactionSnapshot {
  readonly transactionalId: string;
  readonly coordinator: number;
  /** Its `__transaction_state` partition and the coordinator epoch the coordinator loaded it under. */
  readonly txnStatePartition: number;
  readonly coordinatorEpoch: number;
  readonly state: TransactionState;
  readonly pendingState: TransactionState | null;
  readonly producerId: number;
  readonly producerEpoch: number;
  readonly txnTimeoutMs: number;
  readonly partitions: readonly TopicPartition[];
  /** −1 without a transaction begun. */
  readonly txnStartTimestamp: number;
  readonly txnLastUpdateTimestamp: number;
}

export class TransactionAdmin {
  constructor(private readonly cluster: Cluster) {}

  private coordinators(): Array<{ brokerId: number; tc: TransactionCoordinator }> {
    return this.cluster
      .runningBrokers()
      .flatMap((b) => (b.transactionCoordinator?.isActive ? [{ brokerId: b.id, tc: b.transactionCoordinator }] : []));
  }

  /** Every transactional id of the running coordinators, by id. */
  transactions(): TransactionSnapshot[] {
    const out: TransactionSnapshot[] = [];
    for (const { brokerId, tc } of this.coordinators())
      for (const { partition, coordinatorEpoch, metadata: m } of tc.txnManager.allTransactions())
        out.push({
          transactionalId: m.transactionalId,
          coordinator: brokerId,
          txnStatePartition: partition,
          coordinatorEpoch,
          state: m.state,
          pendingState: m.pendingState,
          producerId: m.producerId,
          producerEpoch: m.producerEpoch,
          txnTimeoutMs: m.txnTimeoutMs,
          partitions: m.partitions,
          txnStartTimestamp: m.txnStartTimestamp,
          txnLastUpdateTimestamp: m.txnLastUpdateTimestamp,
        });
    return out.sort((a, b) => (a.transactionalId < b.transactionalId ? -1 : a.transactionalId > b.transactionalId ? 1 : 0));
  }

  /**
   * InitProducerId for the id at its coordinator, with the id's current timeout: NONE (the epoch
   * bumped, nothing was open), CONCURRENT_TRANSACTIONS (the open transaction is being aborted), or
   * the coordinator's error.
   */
  async fenceProducer(transactionalId: string): Promise<{ error: ErrorName; coordinator: number }> {
    for (const { brokerId, tc } of this.coordinators()) {
      const found = tc.txnManager.getTransactionState(transactionalId);
      if (found === 'NOT_COORDINATOR') continue;
      if (found === null) return { error: 'INVALID_PRODUCER_ID_MAPPING', coordinator: brokerId };
      if (typeof found === 'string') return { error: found, coordinator: brokerId };
      const result = await tc.handleInitProducerId(transactionalId, found.transactionMetadata.txnTimeoutMs, null);
      return { error: result.error, coordinator: brokerId };
    }
    return { error: 'COORDINATOR_NOT_AVAILABLE', coordinator: -1 };
  }
}
