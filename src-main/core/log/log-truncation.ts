import { IllegalArgumentException } from '../common/java-lang';
import { tpKey } from '../common/topic-partition';
import type { TopicPartition } from '../common/topic-partition';
import type { LeaderEpochFileCache } from './leader-epoch-cache';
import type { LogEventBody, LogEventLevel } from './log-event';
import type { ProducerStateManager } from './producer-state/producer-state-manager';
import type { LogSegment } from './segment/log-segment';

/** What truncation reads and changes of a log's public surface (`Log` is one). */
export interface TruncatedLog {
  readonly topicPartition: TopicPartition;
  readonly segments: readonly LogSegment[];
  readonly activeSegment: LogSegment;
  readonly leaderEpochCache: LeaderEpochFileCache;
  readonly producerStateManager: ProducerStateManager;
  readonly logEndOffset: number;
  logStartOffset: number;
  recoveryPoint: number;
  emit(level: LogEventLevel, message: string, body: LogEventBody): void;
  newSegment(baseOffset: number): LogSegment;
  removeAndDeleteSegments(segments: readonly LogSegment[], reason: string): void;
}

/** What truncation changes in a `Log` beyond its public surface (the log hands it over, nobody else holds it). */
export interface TruncatableLog {
  readonly log: TruncatedLog;
  addSegment(segment: LogSegment): void;
  /** The log end moves to `offset`; the high watermark and recovery point follow it down. */
  updateLogEndOffset(offset: number): void;
  /** Log end and high watermark both at `offset` (an empty log). */
  restartAt(offset: number): void;
  /** `Log.loadProducerState`: the producer table brought to `lastOffset`. */
  loadProducerState(lastOffset: number, reloadFromCleanShutdown: boolean): void;
}

/** `Log.truncateTo`: removes every offset ≥ `targetOffset` (a follower following a new leader). */
export function truncateTo(t: TruncatableLog, targetOffset: number): boolean {
  const log = t.log;
  if (targetOffset < 0)
    throw new IllegalArgumentException(`Cannot truncate partition ${tpKey(log.topicPartition)} to a negative offset (${targetOffset}).`);
  if (targetOffset >= log.logEndOffset) {
    log.emit('INFO', `Truncating to ${targetOffset} has no effect as the largest offset in the log is ${log.logEndOffset - 1}`, {
      type: 'log-message',
    });
    return false;
  }
  log.emit('INFO', `Truncating to offset ${targetOffset}`, { type: 'log-truncated', offset: targetOffset, fully: false });
  if (log.segments[0].baseOffset > targetOffset) {
    truncateFullyAndStartAt(t, targetOffset);
    return true;
  }
  const deletable = log.segments.filter((s) => s.baseOffset > targetOffset);
  log.removeAndDeleteSegments(deletable, 'truncation');
  log.activeSegment.truncateTo(targetOffset);
  t.updateLogEndOffset(targetOffset);
  log.recoveryPoint = Math.min(targetOffset, log.recoveryPoint);
  log.logStartOffset = Math.min(targetOffset, log.logStartOffset);
  log.leaderEpochCache.truncateFromEnd(targetOffset);
  t.loadProducerState(targetOffset, false);
  return true;
}

/** `truncateFullyAndStartAt`: every segment goes; the log restarts empty at `newOffset`. */
export function truncateFullyAndStartAt(t: TruncatableLog, newOffset: number): void {
  const log = t.log;
  log.emit('DEBUG', `Truncate and start at offset ${newOffset}`, { type: 'log-truncated', offset: newOffset, fully: true });
  log.removeAndDeleteSegments([...log.segments], 'truncation');
  t.addSegment(log.newSegment(newOffset));
  t.restartAt(newOffset);
  log.leaderEpochCache.clearAndFlush();
  log.producerStateManager.truncate();
  log.producerStateManager.updateMapEndOffset(newOffset);
  log.recoveryPoint = Math.min(newOffset, log.recoveryPoint);
  log.logStartOffset = newOffset;
}
