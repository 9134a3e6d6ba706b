/**
 * One append's worth of a producer's batches checked against what the log knows of it (Kafka
 * 2.5's `ProducerAppendInfo`): the epoch must not go back (INVALID_PRODUCER_EPOCH), and from a
 * client each batch's first sequence must follow the last one (OUT_OF_ORDER_SEQUENCE_NUMBER), a
 * new epoch must start at 0, and a producer the log has no record of must start at 0
 * (UNKNOWN_PRODUCER_ID). Replicated batches (followers, recovery) are taken as they are.
 * The messages are Kafka's, missing space included.
 */
import { KafkaApiError } from '../../common/kafka-errors';
import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import { NO_PRODUCER_EPOCH, NO_SEQUENCE } from '../../record';
import type { RecordBatch } from '../../record';
import { ProducerStateEntry } from './producer-state-entry';

/** `AppendOrigin`: who wrote the batches (only a client's are sequence-checked). */
export type AppendOrigin = 'client' | 'replication' | 'coordinator';

export class ProducerAppendInfo {
  private readonly updatedEntry: ProducerStateEntry;

  constructor(
    private readonly topicPartition: TopicPartition,
    readonly producerId: number,
    private readonly currentEntry: ProducerStateEntry,
    private readonly origin: AppendOrigin,
    private readonly onWarn: (message: string) => void = () => {},
  ) {
    this.updatedEntry = ProducerStateEntry.empty(producerId);
    this.updatedEntry.producerEpoch = currentEntry.producerEpoch;
    this.updatedEntry.coordinatorEpoch = currentEntry.coordinatorEpoch;
    this.updatedEntry.lastTimestamp = currentEntry.lastTimestamp;
    this.updatedEntry.currentTxnFirstOffset = currentEntry.currentTxnFirstOffset;
  }

  /** `append(batch)`: a data batch checked and recorded. Control batches (transaction markers) are not written here. */
  append(batch: RecordBatch): void {
    if (batch.isControlBatch) return;
    this.appendDataBatch(
      batch.producerEpoch,
      batch.baseSequence,
      batch.lastSequence,
      batch.maxTimestamp,
      batch.baseOffset,
      batch.lastOffset,
      batch.isTransactional,
    );
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
    if (this.updatedEntry.currentTxnFirstOffset === null && isTransactional) this.updatedEntry.currentTxnFirstOffset = firstOffset;
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
