/**
 * `LogManager.truncateTo` and `LogManager.truncateFullyAndStartAt` (Kafka 2.5): a current log's
 * truncation below its active segment first aborts and pauses its cleaning (the cleaner may be
 * reading the segments that go), then the cleaner checkpoint is brought back to the new active
 * segment's base, and cleaning resumes. A future log is never cleaned, so it is truncated as is.
 */
import type { Log } from '../log';
import type { LogCleaner } from '../cleaner/log-cleaner';

export function truncateLogTo(log: Log, cleaner: LogCleaner | null, truncateOffset: number): boolean {
  const needToStopCleaner = cleaner !== null && !log.isFuture && truncateOffset < log.activeSegment.baseOffset;
  return whilePaused(log, needToStopCleaner ? cleaner : null, () => log.truncateTo(truncateOffset));
}

export function truncateLogFullyAndStartAt(log: Log, cleaner: LogCleaner | null, newOffset: number): void {
  whilePaused(log, log.isFuture ? null : cleaner, () => log.truncateFullyAndStartAt(newOffset));
}

function whilePaused<T>(log: Log, cleaner: LogCleaner | null, truncate: () => T): T {
  if (cleaner === null) return truncate();
  const tp = log.topicPartition;
  cleaner.abortAndPauseCleaning(tp);
  try {
    const result = truncate();
    // `maybeTruncateCleanerCheckpointToActiveSegmentBaseOffset`.
    cleaner.maybeTruncateCheckpoint(log.parentDir, tp, log.activeSegment.baseOffset);
    return result;
  } finally {
    cleaner.resumeCleaning([tp]);
  }
}
