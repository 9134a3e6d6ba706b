import { IllegalArgumentException } from '../common/java-lang';
import { KafkaApiError } from '../common/kafka-errors';
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import type { LeaderEpochFileCache } from './leader-epoch-cache';
import type { LogEventBody, LogEventLevel } from './log-event';
import type { ProducerStateManager } from './producer-state/producer-state-manager';

/** The parts of a log its high watermark and log start offset depend on (all of them on `Log`'s public surface). */
export interface OffsetsLogView {
  readonly topicPartition: TopicPartition;
  logStartOffset: number;
  readonly logEndOffset: number;
  readonly highWatermark: number;
  readonly leaderEpochCache: LeaderEpochFileCache;
  readonly producerStateManager: ProducerStateManager;
  emit(level: LogEventLevel, message: string, body: LogEventBody): void;
}

/** What moving the high watermark changes in a `Log` beyond its public surface. */
export interface OffsetsLog {
  readonly log: OffsetsLogView;
  setHighWatermark(offset: number): void;
}

/** `Log.updateHighWatermark`: set, clamped to [log start, log end]; returns the value set. */
export function updateHighWatermark(o: OffsetsLog, hw: number): number {
  const value = Math.min(Math.max(hw, o.log.logStartOffset), o.log.logEndOffset);
  o.setHighWatermark(value);
  return value;
}

/** `maybeIncrementHighWatermark`: only forward; returns the old value if it moved, else null. */
export function maybeIncrementHighWatermark(o: OffsetsLog, hw: number): number | null {
  const logEndOffset = o.log.logEndOffset;
  if (hw > logEndOffset) {
    throw new IllegalArgumentException(`High watermark ${hw} update exceeds current log end offset ${logEndOffset}`);
  }
  const old = o.log.highWatermark;
  if (hw <= old) return null;
  o.setHighWatermark(hw);
  return old;
}

/** `maybeIncrementLogStartOffset` (retention, DeleteRecords): never past the high watermark. */
export function maybeIncrementLogStartOffset(log: OffsetsLogView, newLogStartOffset: number): void {
  if (newLogStartOffset > log.highWatermark) {
    throw new KafkaApiError(
      'OFFSET_OUT_OF_RANGE',
      `Cannot increment the log start offset to ${newLogStartOffset} of partition ${tpKey(log.topicPartition)} since it is larger than the high watermark ${log.highWatermark}`,
    );
  }
  if (newLogStartOffset <= log.logStartOffset) return;
  log.logStartOffset = newLogStartOffset;
  log.leaderEpochCache.truncateFromStart(newLogStartOffset);
  log.producerStateManager.truncateHead(newLogStartOffset);
  log.emit('INFO', `Incrementing log start offset to ${newLogStartOffset}`, {
    type: 'log-start-offset-incremented',
    logStartOffset: newLogStartOffset,
  });
}
