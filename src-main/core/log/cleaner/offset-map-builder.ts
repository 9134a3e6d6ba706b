/**
 * `Cleaner.buildOffsetMap` (Kafka 2.5): the dirty section's keys → their latest offsets, segment by
 * segment from the first dirty offset, until the map holds `slots × load factor` keys. A full map
 * ends the pass early: its latest offset (+1) is where this pass's cleaning stops and the next
 * pass's dirty section begins.
 *
 * A generator: it yields before each batch it reads, so the cleaner thread can hand the scheduler
 * back between bounded steps (see log-cleaner.ts); the map it builds does not depend on where the
 * steps end.
 */
import type { TopicPartition } from '../../common/topic-partition';
import type { Log } from '../log';
import type { LogSegment } from '../segment/log-segment';
import type { CleanerStats } from './cleaner-stats';
import { CleanedTransactionMetadata } from './cleaned-transaction-metadata';
import type { SkimpyOffsetMap } from './offset-map';
import { logSegments } from './log-to-clean';

export interface OffsetMapPass {
  readonly map: SkimpyOffsetMap;
  readonly loadFactor: number;
  readonly stats: CleanerStats;
  /** Throws when the partition's cleaning was aborted (`checkDone`). */
  readonly checkDone: (tp: TopicPartition) => void;
  /** Bytes read or written, for the I/O throttle. */
  readonly onIo: (bytes: number) => void;
  readonly debug: (message: string) => void;
  readonly info: (message: string) => void;
}

export function* buildOffsetMap(log: Log, start: number, end: number, pass: OffsetMapPass): Generator<void, void, void> {
  const map = pass.map;
  map.clear();
  const dirty = logSegments(log, start, end);
  pass.info(`Building offset map for log ${log.name} for ${dirty.length} segments in offset range [${start}, ${end}).`);
  const transactionMetadata = new CleanedTransactionMetadata();
  transactionMetadata.addAbortedTransactions(log.collectAbortedTransactions(start, end));
  for (let i = 0; i < dirty.length; i++) {
    pass.checkDone(log.topicPartition);
    const nextSegmentStartOffset = i + 1 < dirty.length ? dirty[i + 1].baseOffset : end;
    const full = yield* buildOffsetMapForSegment(log, dirty[i], start, nextSegmentStartOffset, transactionMetadata, pass);
    if (full) {
      pass.debug(`Offset map is full, ${i} segments fully mapped, segment with base offset ${dirty[i].baseOffset} is partially mapped`);
      break;
    }
  }
  pass.info(`Offset map for log ${log.name} complete.`);
}

/** `buildOffsetMapForSegment`: true if the map filled up in this segment. */
function* buildOffsetMapForSegment(
  log: Log,
  segment: LogSegment,
  startOffset: number,
  nextSegmentStartOffset: number,
  transactionMetadata: CleanedTransactionMetadata,
  pass: OffsetMapPass,
): Generator<void, boolean, void> {
  const { map, stats } = pass;
  const maxDesiredMapSize = Math.trunc(map.slots * pass.loadFactor);
  const position = segment.offsetIndex.lookup(startOffset).position;
  for (const { batch, sizeInBytes } of segment.batches({ full: true, startPosition: position })) {
    yield;
    pass.checkDone(log.topicPartition);
    pass.onIo(sizeInBytes);
    if (batch.isControlBatch) {
      transactionMetadata.onControlBatchRead(batch);
      stats.indexMessagesRead(1);
    } else if (transactionMetadata.onBatchRead(batch)) {
      stats.indexMessagesRead(batch.countOrNull ?? 0);
    } else {
      for (const record of batch.records()) {
        if (record.key !== null && record.offset >= startOffset) {
          if (map.size < maxDesiredMapSize) map.put(record.key, record.offset);
          else return true;
        }
        stats.indexMessagesRead(1);
      }
    }
    if (batch.lastOffset >= startOffset) map.updateLatestOffset(batch.lastOffset);
    stats.indexBytesRead(sizeInBytes);
  }
  map.updateLatestOffset(nextSegmentStartOffset - 1);
  return false;
}
