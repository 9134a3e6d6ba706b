/**
 * Loading a partition log at startup (`Log.loadSegments` and `Log.recoverLog`, Kafka 2.5):
 *
 * 1. leftovers: `*.deleted` files removed; `*.cleaned` removed; a log `*.swap` (an interrupted
 *    cleaner swap) is recovered and replaces the segments it covers once they are loaded (2.);
 * 2. segments opened in base-offset order; index files without a `.log` removed; a segment whose
 *    `.index` is missing, or whose index length is not a whole number of entries, is rebuilt;
 * 3. without `.kafka_cleanshutdown`: every segment from the one holding the recovery point to the
 *    end is re-validated batch by batch (CRC-32C, sizes, offsets); at the first invalid batch the
 *    segment is cut there and every later segment is removed;
 * 4. a log end below the log start offset empties the log; an empty dir gets a segment at the log
 *    start offset; the active segment's indexes are re-expanded to `segment.index.bytes`.
 */
import { errorMessage } from '../common/throwable';
import type { FileSystem } from '../platform/file-system';
import { joinPath } from '../platform/file-system';
import type { Time } from '../platform/scheduler';
import type { LeaderEpochFileCache } from './leader-epoch-cache';
import type { LogConfig } from './log-config';
import type { LogEventBody, LogEventLevel } from './log-event';
import type { FileHandleCache } from './segment/file-handle-cache';
import {
  CLEANED_FILE_SUFFIX,
  DELETED_FILE_SUFFIX,
  SWAP_FILE_SUFFIX,
  isIndexFileName,
  isLogFileName,
  logFileName,
  offsetFromFileName,
  offsetIndexFileName,
  timeIndexFileName,
  transactionIndexFileName,
} from './log-manager/log-dir-names';
import { LogSegment, NoSuchIndexFile, OFFSET_INDEX_ENTRY_SIZE, TIME_INDEX_ENTRY_SIZE } from './segment/log-segment';
import type { LogSegmentConfig } from './segment/log-segment';
import { InvalidOffsetException } from './index/abstract-index';
import { parseTopicPartitionName } from './log-manager/log-dir-names';
import { ProducerStateManager } from './producer-state/producer-state-manager';
import { rebuildProducerState, updateProducerStateForRecovery } from './producer-state/producer-state-loading';

/** The state a loader hands over (load-segments.ts). */
export interface LoadedLogState {
  readonly segments: LogSegment[];
  readonly logStartOffset: number;
  readonly recoveryPoint: number;
  /** Segments after a corrupt one, already renamed `.deleted`, to be removed later. */
  readonly removedByRecovery: readonly LogSegment[];
}

/** What loading reads of the log being opened (`Log` is one). */
export interface LoadingLog {
  readonly fs: FileSystem;
  readonly dir: string;
  readonly config: LogConfig;
  readonly time: Time;
  readonly handles: FileHandleCache;
  readonly isDeleteDir: boolean;
  readonly leaderEpochCache: LeaderEpochFileCache;
  readonly logStartOffset: number;
  readonly recoveryPoint: number;
  segmentConfig(): LogSegmentConfig;
  newSegment(baseOffset: number, activeIndexes?: boolean): LogSegment;
  emit(level: LogEventLevel, message: string, body: LogEventBody): void;
}

export function loadSegments(log: LoadingLog, hadCleanShutdown: boolean): LoadedLogState {
  const fs = log.fs;
  const dir = log.dir;
  const swapBases = removeTempFilesAndCollectSwapFiles(log);
  const names = fs
    .readdir(dir)
    .filter((e) => e.isFile)
    .map((e) => e.name);
  const logBases = new Set(names.filter(isLogFileName).map(offsetFromFileName));
  for (const name of names) {
    if (isIndexFileName(name) && !logBases.has(offsetFromFileName(name))) {
      const path = joinPath(dir, name);
      log.emit('WARN', `Found an orphaned index file ${path}, with no corresponding log file.`, { type: 'log-message' });
      fs.rm(path, { force: true });
    }
  }
  const segments: LogSegment[] = [];
  for (const base of [...logBases].sort((a, b) => a - b)) {
    const segment = LogSegment.open(log.handles, dir, base, log.segmentConfig(), log.time);
    segments.push(segment);
    const problem = indexProblem(log, segment);
    if (problem !== null) {
      log.emit(problem.level, problem.reason, { type: 'index-rebuilt', baseOffset: base, reason: problem.reason });
      recoverSegment(log, segment, segments);
    }
  }
  const removedBySwap = completeSwapOperations(log, segments, swapBases);

  const removedByRecovery: LogSegment[] = [...removedBySwap];
  let logStartOffset = log.logStartOffset;
  let recoveryPoint = log.recoveryPoint;
  const isDeleteDir = log.isDeleteDir;
  if (segments.length > 0 && !isDeleteDir && !hadCleanShutdown) {
    const firstUnflushed = Math.max(
      0,
      segments.findLastIndex((s) => s.baseOffset <= recoveryPoint),
    );
    for (let i = firstUnflushed; i < segments.length; i++) {
      const segment = segments[i];
      log.emit('INFO', `Recovering unflushed segment ${segment.baseOffset}`, { type: 'log-message' });
      let truncatedBytes: number;
      try {
        truncatedBytes = recoverSegment(log, segment, segments);
      } catch (e) {
        if (!(e instanceof InvalidOffsetException)) throw e;
        log.emit(
          'WARN',
          `Found invalid offset during recovery. Deleting the corrupt segment and creating an empty one with starting offset ${segment.baseOffset}`,
          {
            type: 'log-message',
          },
        );
        truncatedBytes = segment.truncateTo(segment.baseOffset);
      }
      if (truncatedBytes > 0) {
        log.emit('WARN', `Corruption found in segment ${segment.baseOffset}, truncating to offset ${segment.readNextOffset()}`, {
          type: 'log-message',
        });
        const later = segments.splice(i + 1);
        if (later.length > 0) {
          const baseOffsets = later.map((s) => s.baseOffset);
          log.emit('WARN', `Deleting segments ${later.join(',')} after the corrupt segment ${segment.baseOffset}`, {
            type: 'segments-removed-by-recovery',
            baseOffsets,
          });
          // Kafka's removeAndDeleteSegments(asyncDelete = true): `.deleted` now, gone after file.delete.delay.ms.
          for (const s of later) s.changeFileSuffixes('', DELETED_FILE_SUFFIX);
          removedByRecovery.push(...later);
        }
        break;
      }
    }
  }
  if (segments.length > 0 && !isDeleteDir) {
    const logEndOffset = segments[segments.length - 1].readNextOffset();
    if (logEndOffset < logStartOffset) {
      log.emit(
        'WARN',
        `Deleting all segments because logEndOffset (${logEndOffset}) is smaller than logStartOffset (${logStartOffset}). This could happen if segment files were deleted from the file system.`,
        {
          type: 'log-message',
        },
      );
      for (const s of segments.splice(0)) s.deleteIfExists();
    }
  }
  if (segments.length === 0) {
    // A -delete dir gets a bare segment (no index files), as Kafka loads it.
    segments.push(log.newSegment(logStartOffset, !isDeleteDir));
  } else if (!isDeleteDir) {
    segments[segments.length - 1].resizeIndexes(log.config.maxIndexSize);
  }
  if (segments[0].baseOffset > logStartOffset) logStartOffset = segments[0].baseOffset;
  recoveryPoint = isDeleteDir ? 0 : segments[segments.length - 1].readNextOffset();
  return { segments, logStartOffset, recoveryPoint, removedByRecovery };
}

/**
 * `removeTempFilesAndCollectSwapFiles`: `.deleted` and `.cleaned` files go; an index `.swap` goes
 * (it is rebuilt); a log `.swap` is kept to complete the swap, and the indexes of its base name are
 * removed (rebuilt at load). KAFKA-6264: a `.swap` at or above the smallest `.cleaned` offset was
 * renamed before all of its operation's segments were, so that operation is abandoned: it goes too.
 * Returns the base offsets of the log `.swap` files to complete.
 */
function removeTempFilesAndCollectSwapFiles(log: LoadingLog): number[] {
  const fs = log.fs;
  const dir = log.dir;
  const swapBases: number[] = [];
  let minCleanedFileOffset = Number.MAX_SAFE_INTEGER;
  const deleteIndicesIfExist = (base: number, suffix: string): void => {
    for (const name of [offsetIndexFileName(base, suffix), timeIndexFileName(base, suffix), transactionIndexFileName(base, suffix)])
      fs.rm(joinPath(dir, name), { force: true });
  };
  for (const entry of fs.readdir(dir)) {
    if (!entry.isFile) continue;
    const path = joinPath(dir, entry.name);
    if (entry.name.endsWith(DELETED_FILE_SUFFIX)) {
      fs.rm(path, { force: true });
    } else if (entry.name.endsWith(CLEANED_FILE_SUFFIX)) {
      minCleanedFileOffset = Math.min(minCleanedFileOffset, offsetFromFileName(entry.name));
      fs.rm(path, { force: true });
    } else if (entry.name.endsWith(SWAP_FILE_SUFFIX)) {
      const name = entry.name.slice(0, -SWAP_FILE_SUFFIX.length);
      log.emit('INFO', `Found file ${path} from interrupted swap operation.`, { type: 'log-message' });
      if (isIndexFileName(name)) {
        deleteIndicesIfExist(offsetFromFileName(name), '');
        fs.rm(path, { force: true });
      } else if (isLogFileName(name)) {
        deleteIndicesIfExist(offsetFromFileName(name), '');
        swapBases.push(offsetFromFileName(name));
      }
    }
  }
  const valid: number[] = [];
  for (const base of swapBases) {
    if (base < minCleanedFileOffset) {
      valid.push(base);
      continue;
    }
    deleteIndicesIfExist(base, SWAP_FILE_SUFFIX);
    fs.rm(joinPath(dir, logFileName(base, SWAP_FILE_SUFFIX)), { force: true });
  }
  return valid.sort((a, b) => a - b);
}

/**
 * `completeSwapOperations`: each `.swap` segment is recovered (indexes rebuilt), then replaces the
 * loaded segments whose offsets it covers — those are renamed `.deleted` first (removed later),
 * then the `.swap` loses its suffix — so a crash at any point of a cleaner's swap loses nothing.
 * Returns the replaced segments.
 */
function completeSwapOperations(log: LoadingLog, segments: LogSegment[], swapBases: readonly number[]): LogSegment[] {
  const replaced: LogSegment[] = [];
  for (const base of swapBases) {
    const swapSegment = LogSegment.open(log.handles, log.dir, base, log.segmentConfig(), log.time, SWAP_FILE_SUFFIX);
    log.emit('INFO', `Found log file ${swapSegment.logPath} from interrupted swap operation, repairing.`, {
      type: 'index-rebuilt',
      baseOffset: base,
      reason: `Rebuilding the index files of swapped segment ${swapSegment.logPath}`,
    });
    recoverSegment(log, swapSegment, segments);
    const swapEnd = swapSegment.readNextOffset();
    // The segments holding offsets in [base, swap end); the one at the swap's own base offset in any
    // case, since the swap's rename takes its file's place (an emptied group leaves an empty swap).
    const old = segments.filter((s, i) => {
      if (s.baseOffset === base) return true;
      const next = segments[i + 1];
      const overlaps = s.baseOffset < swapEnd && (next === undefined || next.baseOffset > base);
      return overlaps && s.readNextOffset() > base;
    });
    for (const s of old) {
      s.changeFileSuffixes('', DELETED_FILE_SUFFIX);
      segments.splice(segments.indexOf(s), 1);
      replaced.push(s);
    }
    swapSegment.changeFileSuffixes(SWAP_FILE_SUFFIX, '');
    const at = segments.findIndex((s) => s.baseOffset > base);
    segments.splice(at < 0 ? segments.length : at, 0, swapSegment);
  }
  return replaced;
}

/** Why a segment's indexes cannot be trusted (they are then rebuilt), and the level Kafka logs it at; or null. */
function indexProblem(log: LoadingLog, segment: LogSegment): { level: 'WARN' | 'ERROR'; reason: string } | null {
  const corrupt = (why: string) => ({
    level: 'WARN' as const,
    reason: `Found a corrupted index file corresponding to log file ${segment.logPath} due to ${why}}, recovering segment and rebuilding index files...`,
  });
  try {
    segment.sanityCheck();
  } catch (e) {
    if (e instanceof NoSuchIndexFile) {
      return {
        level: 'ERROR',
        reason: `Could not find offset index file corresponding to log file ${segment.logPath}, recovering segment and rebuilding index files...`,
      };
    }
    return corrupt(errorMessage(e));
  }
  const fs = log.fs;
  for (const [path, entrySize, kind] of [
    [segment.offsetIndexPath, OFFSET_INDEX_ENTRY_SIZE, 'Index'],
    [segment.timeIndexPath, TIME_INDEX_ENTRY_SIZE, 'Time index'],
  ] as const) {
    if (!fs.exists(path)) continue;
    const length = fs.stat(path).size;
    if (length % entrySize !== 0) {
      return corrupt(`${kind} file ${path} is corrupt, found ${length} bytes which is neither positive nor a multiple of ${entrySize}.`);
    }
  }
  return null;
}

/**
 * `Log.recoverSegment`: the segment re-validated; leader epochs of its batches re-entered in the
 * cache; its `.txnindex` rebuilt by a producer table brought to the segment's base offset (the
 * earlier segments hold the start of transactions it aborts) and fed its batches.
 */
function recoverSegment(log: LoadingLog, segment: LogSegment, segments: readonly LogSegment[]): number {
  const cache = log.leaderEpochCache;
  const producerStateManager = new ProducerStateManager({
    fs: log.fs,
    topicPartition: parseTopicPartitionName(log.dir),
    dir: log.dir,
    readOnlySnapshots: true,
  });
  rebuildProducerState(
    {
      segments: segments.filter((s) => s.baseOffset < segment.baseOffset),
      logStartOffset: log.logStartOffset,
      messageFormatRecordVersion: log.config.messageFormatVersion.recordVersion,
      nowMs: log.time.nowMs(),
    },
    segment.baseOffset,
    false,
    producerStateManager,
  );
  const { truncatedBytes, problem } = segment.recover((batch) => {
    if (batch.magic < 2) return;
    updateProducerStateForRecovery(producerStateManager, segment, batch);
    if (batch.partitionLeaderEpoch < 0) return;
    const latest = cache.latestEpoch;
    if (latest === null || batch.partitionLeaderEpoch > latest) cache.assign(batch.partitionLeaderEpoch, batch.baseOffset);
  });
  // One 'segment-recovered' event per recovery: on Kafka's WARN line when a batch was invalid, else on its DEBUG line.
  if (problem) log.emit('WARN', problem, { type: 'segment-recovered', baseOffset: segment.baseOffset, truncatedBytes, problem });
  if (truncatedBytes > 0) {
    log.emit(
      'DEBUG',
      `Truncated ${truncatedBytes} invalid bytes at the end of segment ${segment.logPath} during recovery`,
      problem ? { type: 'log-message' } : { type: 'segment-recovered', baseOffset: segment.baseOffset, truncatedBytes, problem },
    );
  }
  return truncatedBytes;
}
