import { errorMessage } from '../common/throwable';
import type { ScheduledTask, Time } from '../platform/scheduler';
import type { LogConfig } from './log-config';
import type { LogEventBody, LogEventLevel } from './log-event';
import type { LogSegment } from './segment/log-segment';

/** What the deletions read of their log (`Log` is one). */
export interface DeletingLog {
  readonly config: LogConfig;
  readonly time: Time;
  emit(level: LogEventLevel, message: string, body: LogEventBody): void;
}

/**
 * `Log.deleteSegmentFiles` with `asyncDelete`: segments already renamed `.deleted` wait
 * `file.delete.delay.ms`, then their files go. Pending ones follow the log when its dir is
 * renamed, and go with it when it is deleted.
 */
export class SegmentDeletions {
  private readonly pending: Array<{ segments: LogSegment[]; task: ScheduledTask | null }> = [];

  constructor(private readonly log: DeletingLog) {}

  /** Segments waiting for their files to be removed. */
  *segments(): IterableIterator<LogSegment> {
    for (const p of this.pending) yield* p.segments;
  }

  /** Segments already renamed `.deleted`: their files go `file.delete.delay.ms` from now. */
  schedule(segments: readonly LogSegment[], reason: string): void {
    if (segments.length === 0) return;
    const log = this.log;
    const delayMs = log.config.fileDeleteDelayMs;
    const baseOffsets = segments.map((s) => s.baseOffset);
    log.emit('INFO', `Scheduling segments for deletion ${segments.join(',')}`, {
      type: 'segments-scheduled-for-deletion',
      baseOffsets,
      reason,
      deleteAtMs: log.time.nowMs() + delayMs,
    });
    const entry: { segments: LogSegment[]; task: ScheduledTask | null } = { segments: [...segments], task: null };
    entry.task = log.time.schedule('delete-file', delayMs, () => {
      const i = this.pending.indexOf(entry);
      if (i >= 0) this.pending.splice(i, 1);
      this.deleteSegmentFiles(entry.segments);
    });
    this.pending.push(entry);
  }

  /** The log's dir is removed as a whole: nothing is left for the tasks to do. */
  cancelAll(): void {
    for (const p of this.pending) if (p.task) this.log.time.cancel(p.task);
    this.pending.length = 0;
  }

  private deleteSegmentFiles(segments: readonly LogSegment[]): void {
    const log = this.log;
    log.emit('INFO', `Deleting segments ${segments.join(',')}`, {
      type: 'segments-deleted',
      baseOffsets: segments.map((s) => s.baseOffset),
    });
    for (const s of segments) {
      try {
        s.deleteIfExists();
      } catch (e) {
        // The partition dir was renamed or removed meanwhile (topic deletion): nothing left to remove.
        log.emit('WARN', `Failed to delete segment ${s.baseOffset}: ${errorMessage(e)}`, { type: 'log-message' });
      }
    }
  }
}
