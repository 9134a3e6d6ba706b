/**
 * `CleanedTransactionMetadata` (LogCleaner.scala, Kafka 2.5): the transactions the cleaner walks
 * through, to tell which transaction markers it may drop. A COMMIT marker goes once none of its
 * transaction's records are left before it; an ABORT marker goes once its aborted records are gone.
 *
 * Aborted transactions come from the partition's `.txnindex` files. This log keeps none yet, so
 * `abortedTransactions` is null: aborted records are then kept like any other, and ABORT markers
 * are kept with them (dropping a marker without its records would expose them to `read_committed`).
 */
import { ControlRecordType, readControlRecord, type RecordBatch } from '../../record';

/** An entry of a `.txnindex` (`AbortedTxn`). */
export interface AbortedTxn {
  readonly producerId: number;
  readonly firstOffset: number;
  readonly lastOffset: number;
  readonly lastStableOffset: number;
}

export class CleanedTransactionMetadata {
  private readonly ongoingCommittedTxns = new Set<number>();
  private readonly ongoingAbortedTxns = new Map<number, { txn: AbortedTxn; lastObservedBatchOffset: number | null }>();
  private readonly abortedTransactions: AbortedTxn[];
  private readonly knowsAborted: boolean;

  constructor(abortedTransactions: readonly AbortedTxn[] | null) {
    this.knowsAborted = abortedTransactions !== null;
    this.abortedTransactions = [...(abortedTransactions ?? [])].sort((a, b) => a.firstOffset - b.firstOffset);
  }

  /** A control batch just read; true if it may be dropped. */
  onControlBatchRead(batch: RecordBatch): boolean {
    this.consumeAbortedTxnsUpTo(batch.lastOffset);
    const [record] = batch.records();
    if (record === undefined) return true;
    const producerId = batch.producerId;
    switch (readControlRecord(record).type) {
      case ControlRecordType.ABORT: {
        if (!this.knowsAborted) return false;
        const aborted = this.ongoingAbortedTxns.get(producerId);
        this.ongoingAbortedTxns.delete(producerId);
        return !(aborted && aborted.lastObservedBatchOffset !== null);
      }
      case ControlRecordType.COMMIT:
        return !this.ongoingCommittedTxns.delete(producerId);
      default:
        return false;
    }
  }

  /** A data batch just read; true if it belongs to an aborted transaction (its records may go). */
  onBatchRead(batch: RecordBatch): boolean {
    this.consumeAbortedTxnsUpTo(batch.lastOffset);
    if (!batch.isTransactional) return false;
    const aborted = this.ongoingAbortedTxns.get(batch.producerId);
    if (aborted) {
      aborted.lastObservedBatchOffset = batch.lastOffset;
      return true;
    }
    this.ongoingCommittedTxns.add(batch.producerId);
    return false;
  }

  private consumeAbortedTxnsUpTo(offset: number): void {
    while (this.abortedTransactions.length > 0 && this.abortedTransactions[0].firstOffset <= offset) {
      const txn = this.abortedTransactions.shift()!;
      if (!this.ongoingAbortedTxns.has(txn.producerId)) this.ongoingAbortedTxns.set(txn.producerId, { txn, lastObservedBatchOffset: null });
    }
  }
}
