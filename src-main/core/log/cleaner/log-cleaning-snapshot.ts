/**
 * What the UI shows of a log's compaction: where its dirty section starts (the cleaner checkpoint,
 * or the log start offset), its dirty ratio as the cleaner threads compute it now (cleanable bytes
 * over the bytes up to the first uncleanable segment) against `min.cleanable.dirty.ratio`, its
 * cleaning state, and the last pass that cleaned it on this broker.
 */
import type { Log } from '../log';
import type { LastCleaning, LogCleaner } from './log-cleaner';
import { LogToClean, cleanableOffsets } from './log-to-clean';

export interface LogCleaningSnapshot {
  readonly compacted: boolean;
  readonly firstDirtyOffset: number;
  readonly firstUncleanableOffset: number;
  readonly cleanableBytes: number;
  readonly totalBytes: number;
  /** cleanable / total (0 for an empty log). */
  readonly dirtyRatio: number;
  readonly minCleanableRatio: number;
  /** `LogCleaningInProgress`, `LogCleaningAborted`, `LogCleaningPaused(n)`; null when none. */
  readonly cleaningState: string | null;
  readonly uncleanable: boolean;
  readonly lastCleaning: LastCleaning | null;
}

export function logCleaningSnapshot(log: Log, cleaner: LogCleaner | null, nowMs: number): LogCleaningSnapshot {
  const tp = log.topicPartition;
  const checkpointed = cleaner?.cleanerManager.allCleanerCheckpoints().get(tp);
  const offsets = cleanableOffsets(log, checkpointed, nowMs);
  const ltc = new LogToClean(log, offsets.firstDirtyOffset, offsets.firstUncleanableDirtyOffset);
  const state = cleaner?.cleanerManager.cleaningState(tp);
  return {
    compacted: log.config.compact,
    firstDirtyOffset: offsets.firstDirtyOffset,
    firstUncleanableOffset: ltc.firstUncleanableOffset,
    cleanableBytes: ltc.cleanableBytes,
    totalBytes: ltc.totalBytes,
    dirtyRatio: ltc.totalBytes > 0 ? ltc.cleanableRatio : 0,
    minCleanableRatio: log.config.minCleanableRatio,
    cleaningState: state === undefined ? null : state.kind === 'LogCleaningPaused' ? `LogCleaningPaused(${state.pausedCount})` : state.kind,
    uncleanable: cleaner?.cleanerManager.isUncleanablePartition(log) ?? false,
    lastCleaning: cleaner?.lastCleaning(tp) ?? null,
  };
}
