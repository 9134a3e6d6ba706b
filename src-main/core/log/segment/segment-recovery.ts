/**
 * `LogSegment.recover` (Kafka 2.5): a segment's indexes rebuilt from its `.log`, batch by batch, by
 * the same sparse-index rule `append` follows; the first invalid batch and everything after it
 * are cut off.
 */
import { CorruptRecordException, InvalidRecordException, type RecordBatch } from '../../record';
import { KafkaException } from '../errors';
import type { OffsetIndex } from '../index/offset-index';
import type { TimeIndex } from '../index/time-index';
import type { FileRecords } from './file-records';

/** `LogSegmentOffsetOverflowException`: an offset that does not fit the segment's int32 relative offsets. */
export class LogSegmentOffsetOverflowException extends KafkaException {
  override readonly name = 'LogSegmentOffsetOverflowException';
  override readonly javaClass = 'kafka.common.LogSegmentOffsetOverflowException';
}

/** What recovery reads and rewrites of a segment. */
export interface RecoverableSegment {
  readonly log: FileRecords;
  readonly offsetIndex: OffsetIndex;
  readonly timeIndex: TimeIndex;
  readonly logPath: string;
  canConvertToRelativeOffset(offset: number): boolean;
  toString(): string;
}

export interface SegmentRecovery {
  /** The bytes cut off the `.log`. */
  truncatedBytes: number;
  /** Why the walk stopped early, or null. */
  problem: string | null;
  maxTimestamp: number;
  offsetOfMaxTimestamp: number;
  /** Bytes after the last index entry, where `append` goes on counting. */
  bytesSinceLastIndexEntry: number;
}

/** `onValidBatch` lets the log rebuild its leader-epoch cache. */
export function recoverSegment(
  segment: RecoverableSegment,
  config: { readonly maxIndexSize: number; readonly indexIntervalBytes: number },
  onValidBatch: (batch: RecordBatch) => void,
): SegmentRecovery {
  const { log: records, offsetIndex, timeIndex } = segment;
  offsetIndex.reset(config.maxIndexSize);
  timeIndex.reset(config.maxIndexSize);
  let validBytes = 0;
  let lastIndexEntry = 0;
  let maxTimestampSoFar = -1;
  let offsetOfMax = -1;
  let problem: string | null = null;
  try {
    for (const b of records.batches(0, { full: true })) {
      const batch = b.batch;
      batch.ensureValid();
      if (!segment.canConvertToRelativeOffset(batch.lastOffset)) {
        throw new LogSegmentOffsetOverflowException(
          `Detected offset overflow at offset ${batch.lastOffset} in segment ${segment.toString()}`,
        );
      }
      if (batch.maxTimestamp > maxTimestampSoFar) {
        maxTimestampSoFar = batch.maxTimestamp;
        offsetOfMax = batch.lastOffset;
      }
      if (validBytes - lastIndexEntry > config.indexIntervalBytes) {
        offsetIndex.append(batch.lastOffset, validBytes);
        timeIndex.maybeAppend(maxTimestampSoFar, offsetOfMax);
        lastIndexEntry = validBytes;
      }
      validBytes += b.sizeInBytes;
      onValidBatch(batch);
    }
  } catch (e) {
    if (!(e instanceof CorruptRecordException || e instanceof InvalidRecordException)) throw e;
    // Kafka formats "%s. %s" with the exception's cause, which is null here.
    problem = `Found invalid messages in log segment ${segment.logPath} at byte offset ${validBytes}: ${e.message}. null`;
  }
  const truncatedBytes = records.sizeInBytes - validBytes;
  records.truncateTo(validBytes);
  timeIndex.maybeAppend(maxTimestampSoFar, offsetOfMax, true);
  offsetIndex.trimToValidSize();
  timeIndex.trimToValidSize();
  return {
    truncatedBytes,
    problem,
    maxTimestamp: maxTimestampSoFar,
    offsetOfMaxTimestamp: offsetOfMax,
    bytesSinceLastIndexEntry: validBytes - lastIndexEntry,
  };
}
