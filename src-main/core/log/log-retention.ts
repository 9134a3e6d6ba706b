import type { Time } from '../platform/scheduler';
import type { LogConfig } from './log-config';
import type { LogEventBody, LogEventLevel } from './log-event';
import type { LogSegment } from './segment/log-segment';

/** What retention reads and changes of a log (`Log` is one). */
export interface RetainedLog {
  readonly config: LogConfig;
  readonly time: Time;
  readonly segments: readonly LogSegment[];
  readonly size: number;
  readonly logStartOffset: number;
  readonly logEndOffset: number;
  readonly highWatermark: number;
  emit(level: LogEventLevel, message: string, body: LogEventBody): void;
  roll(expectedNextOffset?: number, reason?: string): LogSegment;
  removeAndDeleteSegments(segments: readonly LogSegment[], reason: string): void;
  maybeIncrementLogStartOffset(newLogStartOffset: number): void;
}

/**
 * `Log.deleteOldSegments`: retention by time and size (delete policy), then by log start offset.
 * Whole segments go, oldest first, only those wholly below the high watermark: files renamed
 * `.deleted`, removed `file.delete.delay.ms` later. Returns the number of segments scheduled for deletion.
 */
export function deleteOldSegments(log: RetainedLog): number {
  if (!log.config.delete) return deleteLogStartOffsetBreachedSegments(log);
  return deleteRetentionMsBreachedSegments(log) + deleteRetentionSizeBreachedSegments(log) + deleteLogStartOffsetBreachedSegments(log);
}

function deleteRetentionMsBreachedSegments(log: RetainedLog): number {
  const retentionMs = log.config.retentionMs;
  if (retentionMs < 0) return 0;
  const startMs = log.time.nowMs();
  return deleteSegmentsWhile(log, (segment) => startMs - segment.largestTimestamp > retentionMs, `retention time ${retentionMs}ms breach`);
}

function deleteRetentionSizeBreachedSegments(log: RetainedLog): number {
  const retentionSize = log.config.retentionSize;
  const size = log.size;
  if (retentionSize < 0 || size < retentionSize) return 0;
  let diff = size - retentionSize;
  return deleteSegmentsWhile(
    log,
    (segment) => {
      if (diff - segment.size < 0) return false;
      diff -= segment.size;
      return true;
    },
    `retention size in bytes ${retentionSize} breach`,
  );
}

function deleteLogStartOffsetBreachedSegments(log: RetainedLog): number {
  return deleteSegmentsWhile(
    log,
    (_, next) => next !== undefined && next.baseOffset <= log.logStartOffset,
    `log start offset ${log.logStartOffset} breach`,
  );
}

/** `deletableSegments` + `deleteSegments`: oldest first, only segments wholly below the high watermark. */
function deleteSegmentsWhile(
  log: RetainedLog,
  predicate: (segment: LogSegment, next: LogSegment | undefined) => boolean,
  reason: string,
): number {
  const segments = log.segments;
  const deletable: LogSegment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const next = segments[i + 1];
    const upperBoundOffset = next ? next.baseOffset : log.logEndOffset;
    const isLastSegmentAndEmpty = !next && segment.size === 0;
    if (log.highWatermark >= upperBoundOffset && !isLastSegmentAndEmpty && predicate(segment, next)) deletable.push(segment);
    else break;
  }
  if (deletable.length === 0) return 0;
  log.emit('INFO', `Found deletable segments with base offsets [${deletable.map((s) => s.baseOffset).join(',')}] due to ${reason}`, {
    type: 'log-message',
  });
  if (deletable.length === log.segments.length) log.roll(0, 'retention');
  log.removeAndDeleteSegments(deletable, reason);
  log.maybeIncrementLogStartOffset(log.segments[0].baseOffset);
  return deletable.length;
}
