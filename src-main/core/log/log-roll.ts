import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import type { FileSystem } from '../platform/file-system';
import { joinPath } from '../platform/file-system';
import type { Time } from '../platform/scheduler';
import { KafkaException } from './errors';
import type { LogConfig } from './log-config';
import { logFileName, offsetIndexFileName, timeIndexFileName } from './log-manager/log-dir-names';
import type { LogEventBody, LogEventLevel } from './log-event';
import type { LogAppendInfo } from './log-validator';
import type { ProducerStateManager } from './producer-state/producer-state-manager';
import type { FileHandleCache } from './segment/file-handle-cache';
import type { LogSegment } from './segment/log-segment';

/** The parts of a log a roll reads (all of them on `Log`'s public surface). */
export interface RollableLogView {
  readonly topicPartition: TopicPartition;
  readonly dir: string;
  readonly config: LogConfig;
  readonly fs: FileSystem;
  readonly time: Time;
  readonly handles: FileHandleCache;
  readonly logEndOffset: number;
  readonly activeSegment: LogSegment;
  readonly producerStateManager: ProducerStateManager;
  emit(level: LogEventLevel, message: string, body: LogEventBody): void;
  newSegment(baseOffset: number): LogSegment;
}

/** What a roll changes in a `Log` beyond its public surface (the log hands it over, nobody else holds it). */
export interface RollableLog {
  readonly log: RollableLogView;
  addSegment(segment: LogSegment): void;
  /** The empty active segment leaves the segment list (a roll at its own base offset replaces it). */
  removeActiveSegment(): void;
  /** The log end moves to `offset`; the high watermark and recovery point follow it down. */
  updateLogEndOffset(offset: number): void;
  /** A background flush up to `offset` (nothing if the log is closed by then). */
  flushSafely(offset: number): void;
}

/** `Log.maybeRoll`: the segment the chunk goes to, rolling first if it must. */
export function maybeRoll(r: RollableLog, messagesSize: number, info: LogAppendInfo): LogSegment {
  const log = r.log;
  const config = log.config;
  const segment = log.activeSegment;
  const now = log.time.nowMs();
  const reason = segment.shouldRoll({
    maxSegmentBytes: config.segmentSize,
    maxSegmentMs: config.maxSegmentMs,
    maxTimestampInMessages: info.maxTimestamp,
    maxOffsetInMessages: info.lastOffset,
    messagesSize,
    now,
  });
  if (reason === null) return segment;
  log.emit(
    'DEBUG',
    `Rolling new log segment (log_size = ${segment.size}/${config.segmentSize}}, ` +
      `offset_index_size = ${segment.offsetIndex.entries}/${segment.offsetIndex.maxEntries}, ` +
      `time_index_size = ${segment.timeIndex.entries}/${segment.timeIndex.maxEntries}, ` +
      `inactive_time_ms = ${segment.timeWaitedForRoll(now, info.maxTimestamp)}/${config.segmentMs - segment.rollJitterMs}).`,
    { type: 'log-message' },
  );
  return roll(r, info.firstOffset ?? info.lastOffset - 2147483647, reason);
}

/**
 * `Log.roll`: a new active segment at max(expected next offset, log end offset); the old one gets
 * its last time-index entry and its files trimmed, then is flushed in the background.
 */
export function roll(r: RollableLog, expectedNextOffset: number, reason: string): LogSegment {
  const log = r.log;
  const logEndOffset = log.logEndOffset;
  const newOffset = Math.max(expectedNextOffset, logEndOffset);
  const active = log.activeSegment;
  const describe = `start offset ${newOffset} =max(provided offset = Some(${expectedNextOffset}), LEO = ${logEndOffset})`;
  if (active && active.baseOffset === newOffset) {
    if (active.size !== 0) {
      throw new KafkaException(
        `Trying to roll a new log segment for topic partition ${tpKey(log.topicPartition)} with ${describe} while it already exists. Existing segment is ${active}.`,
      );
    }
    log.emit('WARN', `Trying to roll a new log segment with ${describe} while it already exists and is active with size 0.`, {
      type: 'log-message',
    });
    r.removeActiveSegment();
    active.deleteIfExists();
  } else if (active && newOffset < active.baseOffset) {
    throw new KafkaException(
      `Trying to roll a new log segment for topic partition ${tpKey(log.topicPartition)} with ${describe} lower than start offset of the active segment ${active}`,
    );
  } else {
    for (const name of [logFileName(newOffset), offsetIndexFileName(newOffset), timeIndexFileName(newOffset)]) {
      const path = joinPath(log.dir, name);
      if (log.fs.exists(path)) {
        log.emit('WARN', `Newly rolled segment file ${path} already exists; deleting it first`, { type: 'log-message' });
        log.handles.release(path);
        log.fs.rm(path, { force: true });
      }
    }
    active?.onBecomeInactiveSegment();
  }
  const segment = log.newSegment(newOffset);
  r.addSegment(segment);
  r.updateLogEndOffset(logEndOffset);
  // The snapshot sits at the new base offset, so recovering a segment can start from its snapshot.
  log.producerStateManager.updateMapEndOffset(newOffset);
  log.producerStateManager.takeSnapshot();
  log.time.schedule('flush-log', 0, () => r.flushSafely(newOffset));
  log.emit('INFO', `Rolled new log segment at offset ${newOffset} in 0 ms.`, { type: 'segment-rolled', baseOffset: newOffset, reason });
  return segment;
}
