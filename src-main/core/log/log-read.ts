import { KafkaApiError } from '../common/kafka-errors';
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import { NO_TIMESTAMP } from '../record';
import type { LeaderEpochFileCache } from './leader-epoch-cache';
import type { FetchDataInfo, LogOffsetMetadata, LogSegment } from './segment/log-segment';
import { floorSegment } from './segment/segment-lookup';
import type { AbortedTxn } from './index/transaction-index';

/**
 * How far a read may go (`FetchIsolation`): followers to the log end, consumers to the high
 * watermark (`FetchHighWatermark`), read_committed consumers to the last stable offset (`FetchTxnCommitted`).
 */
export type FetchIsolation = 'log-end' | 'high-watermark' | 'txn-committed';

/** `FetchResponse.AbortedTransaction`: what a read_committed consumer learns of an aborted transaction in its range. */
export interface AbortedTransaction {
  readonly producerId: number;
  readonly firstOffset: number;
}

export interface TimestampAndOffset {
  readonly timestamp: number;
  readonly offset: number;
  readonly leaderEpoch: number | null;
}

/** `ListOffsetRequest.LATEST_TIMESTAMP` / `EARLIEST_TIMESTAMP`. */
export const LATEST_TIMESTAMP = -1;
export const EARLIEST_TIMESTAMP = -2;

/** The parts of a log a read looks at (all of them on `Log`'s public surface). */
export interface ReadableLogView {
  readonly topicPartition: TopicPartition;
  readonly logStartOffset: number;
  readonly logEndOffset: number;
  readonly highWatermark: number;
  readonly lastStableOffset: number;
  readonly segments: readonly LogSegment[];
  readonly activeSegment: LogSegment;
  readonly leaderEpochCache: LeaderEpochFileCache;
}

/** What a read keeps in a `Log` beyond its public surface: where the high watermark lies, until it moves. */
export interface ReadableLog {
  readonly log: ReadableLogView;
  /** The cached position of the high watermark (null once it moved). */
  cachedHighWatermarkMetadata(): LogOffsetMetadata | null;
  cacheHighWatermarkMetadata(metadata: LogOffsetMetadata): void;
}

/**
 * `Log.read`: whole batches from the one holding `startOffset`, at most `maxLength` bytes (at
 * least one batch with `minOneMessage`), not past the high watermark for consumers (the last
 * stable offset for read_committed ones, which also get the aborted transactions overlapping what
 * was read). Throws OFFSET_OUT_OF_RANGE outside [log start, log end].
 */
export function read(
  r: ReadableLog,
  startOffset: number,
  maxLength: number,
  isolation: FetchIsolation,
  minOneMessage: boolean,
): FetchDataInfo {
  const log = r.log;
  const segments = log.segments;
  const endOffset = log.logEndOffset;
  const includeAbortedTxns = isolation === 'txn-committed';
  const empty = (offset: number): FetchDataInfo => ({
    fetchOffsetMetadata: {
      messageOffset: offset,
      segmentBaseOffset: floorSegment(segments, offset)?.baseOffset ?? -1,
      relativePositionInSegment: -1,
    },
    records: new Uint8Array(0),
    firstEntryIncomplete: false,
    abortedTransactions: includeAbortedTxns ? [] : null,
  });
  if (startOffset === endOffset) return empty(endOffset);
  const first = floorSegment(segments, startOffset);
  if (startOffset > endOffset || first === undefined || startOffset < log.logStartOffset) {
    throw new KafkaApiError(
      'OFFSET_OUT_OF_RANGE',
      `Received request for offset ${startOffset} for partition ${tpKey(log.topicPartition)}, but we only have log segments in the range ${log.logStartOffset} to ${endOffset}.`,
    );
  }
  const maxOffset = isolation === 'log-end' ? endOffset : isolation === 'high-watermark' ? log.highWatermark : log.lastStableOffset;
  if (startOffset >= maxOffset) return empty(startOffset);
  const max = isolation === 'log-end' ? null : isolation === 'high-watermark' ? highWatermarkMetadata(r) : lastStableOffsetMetadata(r);
  for (let i = segments.indexOf(first); i < segments.length; i++) {
    const segment = segments[i];
    const maxPosition = max && max.segmentBaseOffset === segment.baseOffset ? max.relativePositionInSegment : segment.size;
    const info = segment.read(startOffset, maxLength, maxPosition, minOneMessage);
    if (info) return includeAbortedTxns ? addAbortedTransactions(log, startOffset, i, info) : { ...info, abortedTransactions: null };
  }
  return empty(endOffset);
}

/**
 * `addAbortedTransactions`: the upper bound is the offset index's first entry past what was read
 * (`fetchUpperBoundOffset`), else the next segment's base, else the log end.
 */
function addAbortedTransactions(log: ReadableLogView, startOffset: number, segmentIndex: number, info: FetchDataInfo): FetchDataInfo {
  const segments = log.segments;
  const segment = segments[segmentIndex];
  const upper = segment.offsetIndex.fetchUpperBoundOffset(info.fetchOffsetMetadata.relativePositionInSegment, info.records.length);
  const upperBoundOffset = upper?.offset ?? segments[segmentIndex + 1]?.baseOffset ?? log.logEndOffset;
  const abortedTransactions = collectAbortedTransactions(segments, segmentIndex, startOffset, upperBoundOffset).map((t) => ({
    producerId: t.producerId,
    firstOffset: t.firstOffset,
  }));
  return { ...info, abortedTransactions };
}

/** `collectAbortedTransactions`: segment by segment from `segmentIndex`, until one's index says the search is complete. */
export function collectAbortedTransactions(
  segments: readonly LogSegment[],
  segmentIndex: number,
  startOffset: number,
  upperBoundOffset: number,
): AbortedTxn[] {
  const all: AbortedTxn[] = [];
  for (let i = Math.max(segmentIndex, 0); i < segments.length; i++) {
    const result = segments[i].collectAbortedTxns(startOffset, upperBoundOffset);
    all.push(...result.abortedTransactions);
    if (result.isComplete) break;
  }
  return all;
}

/** `fetchLastStableOffsetMetadata`: where the last stable offset lies (the high watermark's place when they are equal). */
function lastStableOffsetMetadata(r: ReadableLog): LogOffsetMetadata {
  const log = r.log;
  const lso = log.lastStableOffset;
  if (lso >= log.highWatermark) return highWatermarkMetadata(r);
  const segment = floorSegment(log.segments, lso) ?? log.activeSegment;
  const at = segment.translateOffset(lso);
  return { messageOffset: lso, segmentBaseOffset: segment.baseOffset, relativePositionInSegment: at ? at.position : segment.size };
}

/** Where the high watermark lies in the log (`fetchHighWatermarkMetadata`), cached until it moves. */
function highWatermarkMetadata(r: ReadableLog): LogOffsetMetadata {
  const log = r.log;
  const hw = log.highWatermark;
  const cached = r.cachedHighWatermarkMetadata();
  if (cached && cached.messageOffset === hw) return cached;
  const segment = floorSegment(log.segments, hw) ?? log.activeSegment;
  const at = hw >= log.logEndOffset ? null : segment.translateOffset(hw);
  const metadata = {
    messageOffset: hw,
    segmentBaseOffset: segment.baseOffset,
    relativePositionInSegment: at ? at.position : segment.size,
  };
  r.cacheHighWatermarkMetadata(metadata);
  return metadata;
}

/**
 * `Log.fetchOffsetByTimestamp` (ListOffsets): −1 → the log end, −2 → the log start, otherwise
 * the first record whose timestamp is ≥ the target (null if none).
 */
export function fetchOffsetByTimestamp(log: ReadableLogView, targetTimestamp: number): TimestampAndOffset | null {
  if (targetTimestamp === LATEST_TIMESTAMP) {
    return { timestamp: NO_TIMESTAMP, offset: log.logEndOffset, leaderEpoch: log.leaderEpochCache.latestEpoch };
  }
  if (targetTimestamp === EARLIEST_TIMESTAMP) {
    const earliest = log.leaderEpochCache.earliestEntry;
    return {
      timestamp: NO_TIMESTAMP,
      offset: log.logStartOffset,
      leaderEpoch: earliest && earliest.startOffset <= log.logStartOffset ? earliest.epoch : null,
    };
  }
  const target = log.segments.find((s) => s.largestTimestamp >= targetTimestamp);
  if (!target) return null;
  const found = target.findOffsetByTimestamp(targetTimestamp, log.logStartOffset);
  if (!found) return null;
  return { timestamp: found.timestamp, offset: found.offset, leaderEpoch: found.leaderEpoch >= 0 ? found.leaderEpoch : null };
}
