import type { Time } from '../platform/scheduler';
import type { LogEventBody, LogEventLevel } from './log-event';
import type { ProducerStateManager } from './producer-state/producer-state-manager';
import type { LogSegment } from './segment/log-segment';
import { segmentsBetween } from './segment/segment-lookup';

/** The parts of a log its recovery point depends on (all of them on `Log`'s public surface). */
export interface FlushableLog {
  recoveryPoint: number;
  lastFlushTimeMs: number;
  readonly time: Time;
  readonly segments: readonly LogSegment[];
  readonly activeSegment: LogSegment;
  readonly unflushedMessages: number;
  readonly producerStateManager: ProducerStateManager;
  emit(level: LogEventLevel, message: string, body: LogEventBody): void;
}

/** `Log.flush`: fsyncs the segments holding offsets below `offset` and moves the recovery point there. */
export function flush(log: FlushableLog, offset: number): void {
  if (offset <= log.recoveryPoint) return;
  for (const segment of segmentsBetween(log.segments, log.recoveryPoint, offset)) segment.flush();
  if (offset > log.recoveryPoint) {
    log.recoveryPoint = offset;
    log.lastFlushTimeMs = log.time.nowMs();
  }
  log.emit(
    'DEBUG',
    `Flushing log up to offset ${offset}, last flushed: ${log.lastFlushTimeMs},  current time: ${log.time.nowMs()}, unflushed: ${log.unflushedMessages}`,
    {
      type: 'log-flushed',
      recoveryPoint: log.recoveryPoint,
    },
  );
}

/**
 * `deleteSnapshotsAfterRecoveryPointCheckpoint`: snapshots below both the segment before the
 * active one and the segment before the recovery point are no longer needed by recovery.
 */
export function deleteSnapshotsAfterRecoveryPointCheckpoint(log: FlushableLog): number {
  const segments = log.segments;
  const active = log.activeSegment;
  const lower = (offset: number) => {
    const i = segments.findLastIndex((s) => s.baseOffset < offset);
    return i >= 0 ? segments[i].baseOffset : null;
  };
  const twoSegmentsMinOffset = lower(active.baseOffset) ?? active.baseOffset;
  const recoveryPointOffset = lower(log.recoveryPoint) ?? log.recoveryPoint;
  const minOffsetToRetain = Math.min(recoveryPointOffset, twoSegmentsMinOffset);
  log.producerStateManager.deleteSnapshotsBefore(minOffsetToRetain);
  return minOffsetToRetain;
}
