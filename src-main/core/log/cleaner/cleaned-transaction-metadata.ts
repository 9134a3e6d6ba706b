/**
 * `CleanedTransactionMetadata` (LogCleaner.scala, Kafka 2.5): the transactions the cleaner walks
 * through, to tell which records and transaction markers it may drop. The records of an aborted
 * transaction (from the `.txnindex` files) go; its ABORT marker stays while any of them is left
 * (and the aborted transaction is then written to the cleaned segment's `.txnindex`); a COMMIT
 * marker goes once none of its transaction's records are left before it.
 */
import { ControlRecordType, readControlRecord, type RecordBatch } from '../../record';
import type { AbortedTxn } from '../index/transaction-index';

export type { AbortedTxn };

/** Where a kept aborted transaction is recorded (the cleaned segment's TransactionIndex). */
export interface CleanedTxnIndex {
  append(txn: Omit<AbortedTxn, 'version'>): void;
}

export class CleanedTransactionMetadata {
  private readonly ongoingCommittedTxns = new Set<number>();
  private readonly ongoingAbortedTxns = new Map<number, { txn: AbortedTxn; lastObservedBatchOffset: number | null }>();
  /** By first offset (Kafka's priority queue). */
  private abortedTransactions: AbortedTxn[] = [];
  cleanedIndex: CleanedTxnIndex | null = null;

  addAbortedTransactions(txns: readonly AbortedTxn[]): void {
    this.abortedTransactions = [...this.abortedTransactions, ...txns].sort((a, b) => a.firstOffset - b.firstOffset);
  }

  /** A control batch just read; true if it may be dropped. */
  onControlBatchRead(batch: RecordBatch): boolean {
    this.consumeAbortedTxnsUpTo(batch.lastOffset);
    const [record] = batch.records();
    if (record === undefined) return true;
    const producerId = batch.producerId;
    switch (readControlRecord(record).type) {
      case ControlRecordType.ABORT: {
        const aborted = this.ongoingAbortedTxns.get(producerId);
        this.ongoingAbortedTxns.delete(producerId);
        if (aborted && aborted.lastObservedBatchOffset !== null) {
          this.cleanedIndex?.append(aborted.txn);
          return false;
        }
        return true;
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
