/**
 * How a log brings its producer table up to an offset (Kafka 2.5's `Log.rebuildProducerState`,
 * at load and after truncation) and checks a leader append against it
 * (`Log.analyzeAndValidateProducerState`).
 *
 * Rebuilding starts from the latest snapshot at or below the offset and reads the batch headers
 * after it. A clean shutdown that left no snapshot (a log written before producer state existed)
 * skips the scan and writes empty snapshots at the last two segments' bases and the offset, as
 * Kafka's upgrade path does.
 */
import { MAGIC_VALUE_V2, NO_PRODUCER_ID, RecordBatch } from '../../record';
import type { Time } from '../../platform/scheduler';
import type { LogConfig } from '../log-config';
import type { LogSegment } from '../segment/log-segment';
import { segmentsBetween } from '../segment/segment-lookup';
import type { AppendOrigin, CompletedTxn, ProducerAppendInfo } from './producer-append-info';
import type { BatchMetadata } from './producer-state-entry';
import type { ProducerStateManager } from './producer-state-manager';

export interface ProducerStateLog {
  readonly segments: readonly LogSegment[];
  readonly logStartOffset: number;
  readonly messageFormatRecordVersion: number;
  readonly nowMs: number;
}

/** The parts of a log its producer table is rebuilt from (all of them on `Log`'s public surface). */
export interface ProducerStateSource {
  readonly segments: readonly LogSegment[];
  readonly logStartOffset: number;
  readonly config: LogConfig;
  readonly time: Time;
  readonly producerStateManager: ProducerStateManager;
}

/** `Log.loadProducerState`: the producer table brought to `lastOffset` (snapshot, then the log). */
export function loadProducerState(log: ProducerStateSource, lastOffset: number, reloadFromCleanShutdown: boolean): void {
  const view = {
    segments: log.segments,
    logStartOffset: log.logStartOffset,
    messageFormatRecordVersion: log.config.messageFormatVersion.recordVersion,
    nowMs: log.time.nowMs(),
  };
  rebuildProducerState(view, lastOffset, reloadFromCleanShutdown, log.producerStateManager);
}

export function rebuildProducerState(
  log: ProducerStateLog,
  lastOffset: number,
  reloadFromCleanShutdown: boolean,
  psm: ProducerStateManager,
): void {
  const segments = log.segments;
  const offsetsToSnapshot = new Set<number>([lastOffset]);
  if (segments.length > 0) {
    offsetsToSnapshot.add(segments[segments.length - 1].baseOffset);
    if (segments.length > 1) offsetsToSnapshot.add(segments[segments.length - 2].baseOffset);
  }
  if (log.messageFormatRecordVersion < MAGIC_VALUE_V2 || (psm.latestSnapshotOffset === null && reloadFromCleanShutdown)) {
    for (const offset of [...offsetsToSnapshot].sort((a, b) => a - b)) {
      psm.updateMapEndOffset(offset);
      psm.takeSnapshot();
    }
    return;
  }
  const isEmptyBeforeTruncation = psm.isEmpty && psm.mapEndOffset >= lastOffset;
  psm.truncateAndReload(log.logStartOffset, lastOffset, log.nowMs);
  if (lastOffset > psm.mapEndOffset && !isEmptyBeforeTruncation) {
    for (const segment of segmentsBetween(segments, psm.mapEndOffset, lastOffset)) {
      const startOffset = Math.max(segment.baseOffset, psm.mapEndOffset, log.logStartOffset);
      psm.updateMapEndOffset(startOffset);
      if (offsetsToSnapshot.has(segment.baseOffset)) psm.takeSnapshot();
      const start = segment.translateOffset(startOffset);
      if (start === null) continue;
      // `loadProducersFromLog`: the segment's producers merged, then the transactions its markers closed completed.
      const loaded = new Map<number, ProducerAppendInfo>();
      const completedTxns: CompletedTxn[] = [];
      for (const b of segment.batches({ startPosition: start.position })) {
        // Kafka reads up to the batch holding lastOffset, not into it.
        if (b.batch.lastOffset >= lastOffset) break;
        // A marker's record is needed; data batches are read by their headers only.
        const batch = b.batch.isControlBatch && !b.complete ? RecordBatch.readAt(segment.log.read(b.position, b.sizeInBytes), 0) : b.batch;
        const completed = updateProducers(psm, batch, loaded, 'replication');
        if (completed) completedTxns.push(completed);
      }
      for (const info of loaded.values()) psm.update(info);
      for (const txn of completedTxns) psm.completeTxn(txn);
    }
  }
  psm.updateMapEndOffset(lastOffset);
  psm.takeSnapshot();
}

function updateProducers(
  psm: ProducerStateManager,
  batch: RecordBatch,
  producers: Map<number, ProducerAppendInfo>,
  origin: AppendOrigin,
): CompletedTxn | null {
  if (batch.magic < MAGIC_VALUE_V2 || batch.producerId === NO_PRODUCER_ID) return null;
  let info = producers.get(batch.producerId);
  if (!info) {
    info = psm.prepareUpdate(batch.producerId, origin);
    producers.set(batch.producerId, info);
  }
  return info.append(batch);
}

/**
 * `analyzeAndValidateProducerState`: the producers' appends checked (throwing Kafka's errors), or
 * — for a client's retry of one of the last five batches — the metadata of the batch already written.
 */
export function analyzeAndValidateProducerState(
  psm: ProducerStateManager,
  batches: Iterable<RecordBatch>,
  origin: AppendOrigin,
): { updatedProducers: Map<number, ProducerAppendInfo>; completedTxns: CompletedTxn[]; duplicate: BatchMetadata | null } {
  const updatedProducers = new Map<number, ProducerAppendInfo>();
  const completedTxns: CompletedTxn[] = [];
  for (const batch of batches) {
    if (batch.magic < MAGIC_VALUE_V2 || batch.producerId === NO_PRODUCER_ID) continue;
    if (origin === 'client') {
      const duplicate = psm.lastEntry(batch.producerId)?.findDuplicateBatch(batch) ?? null;
      if (duplicate) return { updatedProducers, completedTxns, duplicate };
    }
    const completed = updateProducers(psm, batch, updatedProducers, origin);
    if (completed) completedTxns.push(completed);
  }
  return { updatedProducers, completedTxns, duplicate: null };
}

/**
 * `LogSegment.updateProducerState` (segment recovery): one batch into the table; an aborted
 * transaction its marker closes gets its entry in the segment's `.txnindex`.
 */
export function updateProducerStateForRecovery(psm: ProducerStateManager, segment: LogSegment, batch: RecordBatch): void {
  if (batch.producerId !== NO_PRODUCER_ID) {
    const info = psm.prepareUpdate(batch.producerId, 'replication');
    const completed = info.append(batch);
    psm.update(info);
    if (completed) {
      segment.updateTxnIndex(completed, psm.lastStableOffset(completed));
      psm.completeTxn(completed);
    }
  }
  psm.updateMapEndOffset(batch.lastOffset + 1);
}
