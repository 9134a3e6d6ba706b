/**
 * One append's worth of a producer's batches checked against what the log knows of it (Kafka
 * 2.5's `ProducerAppendInfo`): the epoch must not go back (INVALID_PRODUCER_EPOCH), and from a
 * client each batch's first sequence must follow the last one (OUT_OF_ORDER_SEQUENCE_NUMBER), a
 * new epoch must start at 0, and a producer the log has no record of must start at 0
 * (UNKNOWN_PRODUCER_ID). Replicated batches (followers, recovery) are taken as they are.
 * A transactional batch opens the producer's transaction (one it starts is in `startedTransactions`),
 * a non-transactional one while it is open is INVALID_TXN_STATE; a COMMIT / ABORT marker closes it
 * (a `CompletedTxn`), refused from an older producer epoch (INVALID_PRODUCER_EPOCH) or an older
 * coordinator epoch (TRANSACTION_COORDINATOR_FENCED).
 * The messages are Kafka's, missing space included.
 */
import { KafkaApiError } from '../../common/kafka-errors';
import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import { NO_PRODUCER_EPOCH, NO_SEQUENCE } from '../../record';
import type { RecordBatch } from '../../record';
import { ControlRecordType } from '../../record/control-record-type';
import { readControlRecord } from '../../record/end-transaction-marker';
import { ProducerStateEntry } from './producer-state-entry';

/** `AppendOrigin`: who wrote the batches (only a client's are sequence-checked). */
export type AppendOrigin = 'client' | 'replication' | 'coordinator';

/** `TxnMetadata`: a transaction open in this partition from `firstOffset`; `lastOffset` is its marker's once completed. */
export interface TxnMetadata {
  readonly producerId: number;
  readonly firstOffset: number;
  lastOffset: number | null;
}

/** `CompletedTxn`: a transaction a marker closed, from its first offset to the marker's. */
export interface CompletedTxn {
  readonly producerId: number;
  readonly firstOffset: number;
  readonly lastOffset: number;
  readonly isAborted: boolean;
}

export class ProducerAppendInfo {
  private readonly updatedEntry: ProducerStateEntry;
  private readonly transactions: TxnMetadata[] = [];

  constructor(
    private readonly topicPartition: TopicPartition,
    readonly producerId: number,
    private readonly currentEntry: ProducerStateEntry,
    private readonly origin: AppendOrigin,
    private readonly onWarn: (message: string) => void = () => {},
    private readonly onInfo: (message: string) => void = () => {},
  ) {
    this.updatedEntry = ProducerStateEntry.empty(producerId);
    this.updatedEntry.producerEpoch = currentEntry.producerEpoch;
    this.updatedEntry.coordinatorEpoch = currentEntry.coordinatorEpoch;
    this.updatedEntry.lastTimestamp = currentEntry.lastTimestamp;
    this.updatedEntry.currentTxnFirstOffset = currentEntry.currentTxnFirstOffset;
  }

  /** `append(batch)`: a data batch checked and recorded, or a transaction marker's batch closing the open transaction. */
  append(batch: RecordBatch): CompletedTxn | null {
    if (batch.isControlBatch) {
      const [record] = batch.records();
      // An empty control batch: the cleaner removed the whole transaction.
      if (record === undefined) return null;
      const marker = readControlRecord(record);
      if (marker.type === ControlRecordType.UNKNOWN) return null;
      return this.appendEndTxnMarker(marker.type, marker.coordinatorEpoch, batch.producerEpoch, batch.baseOffset, record.timestamp);
    }
    this.appendDataBatch(
      batch.producerEpoch,
      batch.baseSequence,
      batch.lastSequence,
      batch.maxTimestamp,
      batch.baseOffset,
      batch.lastOffset,
      batch.isTransactional,
    );
    return null;
  }

  appendDataBatch(
    epoch: number,
    firstSeq: number,
    lastSeq: number,
    lastTimestamp: number,
    firstOffset: number,
    lastOffset: number,
    isTransactional: boolean,
  ): void {
    this.checkProducerEpoch(epoch, firstOffset);
    if (this.origin === 'client') this.checkSequence(epoch, firstSeq, firstOffset);
    this.updatedEntry.addBatch(epoch, lastSeq, lastOffset, lastOffset - firstOffset, lastTimestamp);
    if (this.updatedEntry.currentTxnFirstOffset !== null && !isTransactional) {
      throw new KafkaApiError(
        'INVALID_TXN_STATE',
        `Expected transactional write from producer ${this.producerId} at offset ${firstOffset} in partition ${tpKey(this.topicPartition)}`,
      );
    }
    if (this.updatedEntry.currentTxnFirstOffset === null && isTransactional) {
      this.updatedEntry.currentTxnFirstOffset = firstOffset;
      this.transactions.push({ producerId: this.producerId, firstOffset, lastOffset: null });
    }
  }

  private checkCoordinatorEpoch(coordinatorEpoch: number, offset: number): void {
    if (this.updatedEntry.coordinatorEpoch <= coordinatorEpoch) return;
    const tp = tpKey(this.topicPartition);
    if (this.origin === 'replication') {
      this.onInfo(
        `Detected invalid coordinator epoch for producerId ${this.producerId} at offset ${offset} in partition ${tp}: ` +
          `${coordinatorEpoch} is older than previously known coordinator epoch ${this.updatedEntry.coordinatorEpoch}`,
      );
      return;
    }
    throw new KafkaApiError(
      'TRANSACTION_COORDINATOR_FENCED',
      `Invalid coordinator epoch for producerId ${this.producerId} at offset ${offset} in partition ${tp}: ` +
        `${coordinatorEpoch} (zombie), ${this.updatedEntry.coordinatorEpoch} (current)`,
    );
  }

  /** `appendEndTxnMarker`: a marker with no transaction open still completes one, from the marker's own offset. */
  appendEndTxnMarker(
    type: ControlRecordType.COMMIT | ControlRecordType.ABORT,
    coordinatorEpoch: number,
    producerEpoch: number,
    offset: number,
    timestamp: number,
  ): CompletedTxn {
    this.checkProducerEpoch(producerEpoch, offset);
    this.checkCoordinatorEpoch(coordinatorEpoch, offset);
    let firstOffset = this.updatedEntry.currentTxnFirstOffset;
    if (firstOffset === null) {
      this.transactions.push({ producerId: this.producerId, firstOffset: offset, lastOffset: null });
      firstOffset = offset;
    }
    this.updatedEntry.maybeUpdateProducerEpoch(producerEpoch);
    this.updatedEntry.currentTxnFirstOffset = null;
    this.updatedEntry.coordinatorEpoch = coordinatorEpoch;
    this.updatedEntry.lastTimestamp = timestamp;
    return { producerId: this.producerId, firstOffset, lastOffset: offset, isAborted: type === ControlRecordType.ABORT };
  }

  /** The transactions this append opened. */
  get startedTransactions(): readonly TxnMetadata[] {
    return this.transactions;
  }

  private checkProducerEpoch(producerEpoch: number, offset: number): void {
    if (producerEpoch >= this.updatedEntry.producerEpoch) return;
    const message =
      `Producer's epoch at offset ${offset} in ${tpKey(this.topicPartition)} is ${producerEpoch}, which is ` +
      `smaller than the last seen epoch ${this.updatedEntry.producerEpoch}`;
    if (this.origin === 'replication') this.onWarn(message);
    else throw new KafkaApiError('INVALID_PRODUCER_EPOCH', message);
  }

  private checkSequence(producerEpoch: number, appendFirstSeq: number, offset: number): void {
    const tp = tpKey(this.topicPartition);
    if (producerEpoch !== this.updatedEntry.producerEpoch) {
      if (appendFirstSeq === 0) return;
      if (this.updatedEntry.producerEpoch !== NO_PRODUCER_EPOCH) {
        throw new KafkaApiError(
          'OUT_OF_ORDER_SEQUENCE_NUMBER',
          `Invalid sequence number for new epoch at offset ${offset} in partition ${tp}: ${producerEpoch} (request epoch), ${appendFirstSeq} (seq. number)`,
        );
      }
      throw new KafkaApiError(
        'UNKNOWN_PRODUCER_ID',
        `Found no record of producerId=${this.producerId} on the broker at offset ${offset}` +
          `in partition ${tp}. It is possible that the last message with the producerId=${this.producerId} has ` +
          'been removed due to hitting the retention limit.',
      );
    }
    const currentLastSeq = !this.updatedEntry.isEmpty
      ? this.updatedEntry.lastSeq
      : producerEpoch === this.currentEntry.producerEpoch
        ? this.currentEntry.lastSeq
        : NO_SEQUENCE;
    if (currentLastSeq === NO_SEQUENCE && appendFirstSeq !== 0) {
      // The epoch matches but the next sequence is unknown: only a transaction marker was written.
      throw new KafkaApiError(
        'OUT_OF_ORDER_SEQUENCE_NUMBER',
        `Out of order sequence number for producerId ${this.producerId} at offset ${offset} in partition ${tp}: found ${appendFirstSeq} (incoming seq. number), but expected 0`,
      );
    }
    if (!inSequence(currentLastSeq, appendFirstSeq)) {
      throw new KafkaApiError(
        'OUT_OF_ORDER_SEQUENCE_NUMBER',
        `Out of order sequence number for producerId ${this.producerId} at offset ${offset} in partition ${tp}: ${appendFirstSeq} (incoming seq. number), ${currentLastSeq} (current end sequence number)`,
      );
    }
  }

  /** What the manager merges in (`toEntry`). */
  toEntry(): ProducerStateEntry {
    return this.updatedEntry;
  }
}

/** Sequences wrap from Integer.MAX_VALUE to 0. */
function inSequence(lastSeq: number, nextSeq: number): boolean {
  return nextSeq === lastSeq + 1 || (nextSeq === 0 && lastSeq === 2147483647);
}
