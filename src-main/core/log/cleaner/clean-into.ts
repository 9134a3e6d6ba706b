/**
 * `Cleaner.cleanInto` with its `RecordFilter` and `MemoryRecords.filterTo` (Kafka 2.5): one source
 * segment's batches copied into the cleaned segment, keeping of each key only its latest record
 * (the offset map's), tombstones only while `retainDeletes`, and every record past the map's
 * latest offset. A batch that is its producer's last (the producer's sequence and epoch live in
 * it) stays even when empty; transaction markers go by CleanedTransactionMetadata's rules. The
 * source is read as the cleaner's read buffer holds it, and each buffer's output is one append.
 * A generator: it yields before each read buffer, where the cleaner thread may end its step.
 */
import type { TopicPartition } from '../../common/topic-partition';
import { NO_PRODUCER_ID, type Record, type RecordBatch } from '../../record';
import type { LogSegment } from '../segment/log-segment';
import type { CleanerStats } from './cleaner-stats';
import type { CleanedTransactionMetadata } from './cleaned-transaction-metadata';
import type { SkimpyOffsetMap } from './offset-map';
import { buildEmptyBatch, buildRetainedBatch, type RetainedBatch } from './retained-batch';

/** An active producer's last data offset (null when its last entry is a marker) and epoch (`LastRecord`). */
export interface LastRecord {
  readonly lastDataOffset: number | null;
  readonly producerEpoch: number;
}

export interface CleanIntoPass {
  readonly topicPartition: TopicPartition;
  readonly map: SkimpyOffsetMap;
  readonly retainDeletesAndTxnMarkers: boolean;
  readonly transactionMetadata: CleanedTransactionMetadata;
  readonly lastRecordsOfActiveProducers: ReadonlyMap<number, LastRecord>;
  readonly stats: CleanerStats;
  /** The read buffer's size (`log.cleaner.io.buffer.size` / threads / 2); a larger batch is read alone. */
  readonly readBufferSize: number;
  readonly checkDone: (tp: TopicPartition) => void;
  readonly onIo: (bytes: number) => void;
}

type BatchRetention = 'DELETE' | 'DELETE_EMPTY' | 'RETAIN_EMPTY';

export function* cleanInto(source: LogSegment, dest: LogSegment, pass: CleanIntoPass): Generator<void, void, void> {
  let chunk: RetainedBatch[] = [];
  let chunkBytes = 0;
  const flushChunk = (): void => {
    if (chunk.length === 0) return;
    const out = new Uint8Array(chunk.reduce((n, b) => n + b.bytes.length, 0));
    let at = 0;
    let maxOffset = -1;
    let maxTimestamp = -1;
    let shallowOffsetOfMaxTimestamp = -1;
    for (const b of chunk) {
      out.set(b.bytes, at);
      at += b.bytes.length;
      maxOffset = Math.max(maxOffset, b.maxOffset);
      if (b.maxTimestamp > maxTimestamp) {
        maxTimestamp = b.maxTimestamp;
        shallowOffsetOfMaxTimestamp = b.shallowOffsetOfMaxTimestamp;
      }
    }
    dest.append(maxOffset, maxTimestamp, shallowOffsetOfMaxTimestamp, out);
    pass.onIo(out.length);
    chunk = [];
  };
  for (const { batch, sizeInBytes } of source.batches({ full: true })) {
    if (chunkBytes > 0 && chunkBytes + sizeInBytes > pass.readBufferSize) {
      flushChunk();
      chunkBytes = 0;
    }
    if (chunkBytes === 0) {
      yield;
      pass.checkDone(pass.topicPartition);
    }
    chunkBytes += sizeInBytes;
    pass.onIo(sizeInBytes);
    const retained = filterBatch(batch, sizeInBytes, pass);
    if (retained) chunk.push(retained);
  }
  flushChunk();
}

/** One batch through `filterTo`: what is written of it, or null. */
function filterBatch(batch: RecordBatch, sizeInBytes: number, pass: CleanIntoPass): RetainedBatch | null {
  const { stats } = pass;
  const discardBatchRecords = shouldDiscardBatch(batch, pass);
  const retention = batchRetention(batch, discardBatchRecords, pass);
  stats.readMessages(0, sizeInBytes);
  if (retention === 'DELETE') return null;
  const records = batch.records();
  const kept: Record[] = [];
  for (const record of records) {
    stats.readMessages(1, 0);
    if (!discardBatchRecords && shouldRetainRecord(record, pass)) kept.push(record);
  }
  let out: RetainedBatch | null = null;
  if (kept.length > 0 && kept.length === records.length) {
    out = {
      bytes: batch.bytes,
      maxOffset: batch.lastOffset,
      maxTimestamp: batch.maxTimestamp,
      shallowOffsetOfMaxTimestamp: batch.lastOffset,
      messages: kept.length,
    };
  } else if (kept.length > 0) {
    out = buildRetainedBatch(batch, kept);
  } else if (retention === 'RETAIN_EMPTY') {
    out = buildEmptyBatch(batch);
  }
  if (out) stats.recopyMessages(out.messages, out.bytes.length);
  return out;
}

function shouldDiscardBatch(batch: RecordBatch, pass: CleanIntoPass): boolean {
  if (batch.isControlBatch) return pass.transactionMetadata.onControlBatchRead(batch) && !pass.retainDeletesAndTxnMarkers;
  return pass.transactionMetadata.onBatchRead(batch);
}

function batchRetention(batch: RecordBatch, discardBatchRecords: boolean, pass: CleanIntoPass): BatchRetention {
  const last = batch.producerId === NO_PRODUCER_ID ? undefined : pass.lastRecordsOfActiveProducers.get(batch.producerId);
  const isBatchLastRecordOfProducer =
    last !== undefined &&
    (last.lastDataOffset !== null
      ? batch.lastOffset === last.lastDataOffset
      : batch.isControlBatch && batch.producerEpoch === last.producerEpoch);
  if (isBatchLastRecordOfProducer) return 'RETAIN_EMPTY';
  return discardBatchRecords ? 'DELETE' : 'DELETE_EMPTY';
}

/** `Cleaner.shouldRetainRecord`. */
function shouldRetainRecord(record: Record, pass: CleanIntoPass): boolean {
  const { map } = pass;
  if (record.offset > map.latestOffset) return true;
  if (record.key === null) {
    pass.stats.invalidMessage();
    return false;
  }
  const latestOffsetForKey = record.offset >= map.get(record.key);
  const isRetainedValue = record.value !== null || pass.retainDeletesAndTxnMarkers;
  return latestOffsetForKey && isRetainedValue;
}
