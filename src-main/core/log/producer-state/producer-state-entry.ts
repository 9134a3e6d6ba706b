/**
 * What a partition log remembers of one idempotent producer (Kafka 2.5's `ProducerStateEntry`
 * and `BatchMetadata`, kafka/log/ProducerStateManager.scala): its epoch and the metadata of its
 * last `NUM_BATCHES_TO_RETAIN` (5) batches — the most a producer may have in flight
 * (`max.in.flight.requests.per.connection` ≤ 5), so a retried batch is always recognised.
 */
import { NO_PRODUCER_EPOCH, NO_SEQUENCE, NO_TIMESTAMP } from '../../record';
import type { RecordBatch } from '../../record';

export const NUM_BATCHES_TO_RETAIN = 5;
/** `RecordBatch.NO_PARTITION_LEADER_EPOCH`: a fresh entry's coordinator epoch. */
const NO_COORDINATOR_EPOCH = -1;

/** `DefaultRecordBatch.decrementSequence`: sequences wrap below 0 to Integer.MAX_VALUE. */
export function decrementSequence(sequence: number, decrement: number): number {
  if (sequence < decrement) return 2147483647 - (decrement - sequence) + 1;
  return sequence - decrement;
}

/** `BatchMetadata(lastSeq, lastOffset, offsetDelta, timestamp)`. */
export interface BatchMetadata {
  readonly lastSeq: number;
  readonly lastOffset: number;
  readonly offsetDelta: number;
  readonly timestamp: number;
}

export function batchFirstSeq(b: BatchMetadata): number {
  return decrementSequence(b.lastSeq, b.offsetDelta);
}

export function batchFirstOffset(b: BatchMetadata): number {
  return b.lastOffset - b.offsetDelta;
}

export class ProducerStateEntry {
  constructor(
    readonly producerId: number,
    readonly batchMetadata: BatchMetadata[],
    public producerEpoch: number,
    public coordinatorEpoch: number,
    public lastTimestamp: number,
    public currentTxnFirstOffset: number | null,
  ) {}

  static empty(producerId: number): ProducerStateEntry {
    return new ProducerStateEntry(producerId, [], NO_PRODUCER_EPOCH, NO_COORDINATOR_EPOCH, NO_TIMESTAMP, null);
  }

  get isEmpty(): boolean {
    return this.batchMetadata.length === 0;
  }

  get firstSeq(): number {
    return this.isEmpty ? NO_SEQUENCE : batchFirstSeq(this.batchMetadata[0]);
  }

  get firstDataOffset(): number {
    return this.isEmpty ? -1 : batchFirstOffset(this.batchMetadata[0]);
  }

  get lastSeq(): number {
    return this.isEmpty ? NO_SEQUENCE : this.batchMetadata[this.batchMetadata.length - 1].lastSeq;
  }

  get lastDataOffset(): number {
    return this.isEmpty ? -1 : this.batchMetadata[this.batchMetadata.length - 1].lastOffset;
  }

  get lastOffsetDelta(): number {
    return this.isEmpty ? 0 : this.batchMetadata[this.batchMetadata.length - 1].offsetDelta;
  }

  addBatch(producerEpoch: number, lastSeq: number, lastOffset: number, offsetDelta: number, timestamp: number): void {
    this.maybeUpdateProducerEpoch(producerEpoch);
    this.addBatchMetadata({ lastSeq, lastOffset, offsetDelta, timestamp });
    this.lastTimestamp = timestamp;
  }

  /** A new epoch forgets the batches of the old one. */
  maybeUpdateProducerEpoch(producerEpoch: number): boolean {
    if (this.producerEpoch === producerEpoch) return false;
    this.batchMetadata.length = 0;
    this.producerEpoch = producerEpoch;
    return true;
  }

  private addBatchMetadata(batch: BatchMetadata): void {
    if (this.batchMetadata.length === NUM_BATCHES_TO_RETAIN) this.batchMetadata.shift();
    this.batchMetadata.push(batch);
  }

  /** `update(nextEntry)`: what an append learned is merged into the entry the manager holds. */
  update(next: ProducerStateEntry): void {
    this.maybeUpdateProducerEpoch(next.producerEpoch);
    for (const b of next.batchMetadata.splice(0)) this.addBatchMetadata(b);
    this.coordinatorEpoch = next.coordinatorEpoch;
    this.currentTxnFirstOffset = next.currentTxnFirstOffset;
    this.lastTimestamp = next.lastTimestamp;
  }

  /** Retention moved the log start: batches wholly below it are forgotten. */
  removeBatchesOlderThan(offset: number): void {
    while (this.batchMetadata.length > 0 && this.batchMetadata[0].lastOffset < offset) this.batchMetadata.shift();
  }

  /** `findDuplicateBatch`: a retained batch of the same epoch with exactly this sequence range. */
  findDuplicateBatch(batch: RecordBatch): BatchMetadata | null {
    if (batch.producerEpoch !== this.producerEpoch) return null;
    return this.batchWithSequenceRange(batch.baseSequence, batch.lastSequence);
  }

  batchWithSequenceRange(firstSeq: number, lastSeq: number): BatchMetadata | null {
    return this.batchMetadata.find((m) => batchFirstSeq(m) === firstSeq && m.lastSeq === lastSeq) ?? null;
  }

  copy(): ProducerStateEntry {
    return new ProducerStateEntry(
      this.producerId,
      [...this.batchMetadata],
      this.producerEpoch,
      this.coordinatorEpoch,
      this.lastTimestamp,
      this.currentTxnFirstOffset,
    );
  }
}
