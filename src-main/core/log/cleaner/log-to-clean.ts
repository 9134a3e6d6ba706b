/**
 * `LogToClean` and `LogCleanerManager`'s offset arithmetic (Kafka 2.5): where a log's dirty
 * section starts (the cleaner checkpoint, or the log start offset), where cleaning must stop (the
 * active segment, the first segment younger than `min.compaction.lag.ms`), how many bytes are
 * cleanable, the dirty ratio compared with `min.cleanable.dirty.ratio`, and how overdue the log is
 * by `max.compaction.lag.ms`.
 */
import type { Log } from '../log';
import type { LogSegment } from '../segment/log-segment';

/** `Log.logSegments(from, to)`: none when from = to. */
export function logSegments(log: Log, from: number, to: number): LogSegment[] {
  return from >= to ? [] : log.segmentsBetween(from, to);
}

/** Where the cleaner's dirty section starts and where it must stop (`cleanableOffsets`), with the warning to log, if any. */
export function cleanableOffsets(
  log: Log,
  lastCleanOffset: number | undefined,
  now: number,
): { firstDirtyOffset: number; firstUncleanableDirtyOffset: number; warning: string | null } {
  const logStartOffset = log.logStartOffset;
  const checkpointDirtyOffset = lastCleanOffset ?? logStartOffset;
  let firstDirtyOffset = checkpointDirtyOffset;
  let warning: string | null = null;
  if (checkpointDirtyOffset < logStartOffset) {
    if (!(log.config.compact && log.config.delete)) {
      warning = `Resetting first dirty offset of ${log.name} to log start offset ${logStartOffset} since the checkpointed offset ${checkpointDirtyOffset} is invalid.`;
    }
    firstDirtyOffset = logStartOffset;
  } else if (checkpointDirtyOffset > log.logEndOffset) {
    warning =
      `The last checkpoint dirty offset for partition ${log.name} is ${checkpointDirtyOffset}, which is larger than the log end offset ` +
      `${log.logEndOffset}. Resetting to the log start offset ${logStartOffset}.`;
    firstDirtyOffset = logStartOffset;
  }
  const minCompactionLagMs = Math.max(log.config.compactionLagMs, 0);
  // Not past the first unstable offset (an open transaction), nor the active segment, nor a segment
  // with a record younger than the minimum lag.
  let firstUncleanable = log.activeSegment.baseOffset;
  const firstUnstable = log.firstUnstableOffset;
  if (firstUnstable !== null) firstUncleanable = Math.min(firstUncleanable, firstUnstable);
  if (minCompactionLagMs > 0) {
    const young = log.nonActiveLogSegmentsFrom(firstDirtyOffset).find((s) => s.largestTimestamp > now - minCompactionLagMs);
    if (young) firstUncleanable = Math.min(firstUncleanable, young.baseOffset);
  }
  return { firstDirtyOffset, firstUncleanableDirtyOffset: Math.max(firstDirtyOffset, firstUncleanable), warning };
}

/** `calculateCleanableBytes`: the base offset of the first uncleanable segment, and the bytes before it from the first dirty offset. */
export function calculateCleanableBytes(
  log: Log,
  firstDirtyOffset: number,
  uncleanableOffset: number,
): { firstUncleanableOffset: number; cleanableBytes: number } {
  const firstUncleanableSegment = log.nonActiveLogSegmentsFrom(uncleanableOffset)[0] ?? log.activeSegment;
  const firstUncleanableOffset = firstUncleanableSegment.baseOffset;
  let cleanableBytes = 0;
  for (const s of logSegments(log, Math.min(firstDirtyOffset, firstUncleanableOffset), firstUncleanableOffset)) cleanableBytes += s.size;
  return { firstUncleanableOffset, cleanableBytes };
}

/** `maxCompactionDelay`: how long past `max.compaction.lag.ms` the log's oldest dirty record is (0 if not). */
export function maxCompactionDelay(log: Log, firstDirtyOffset: number, now: number): number {
  let earliest = Number.MAX_SAFE_INTEGER;
  for (const s of log.nonActiveLogSegmentsFrom(firstDirtyOffset)) {
    const t = s.firstBatchTimestamp();
    if (t > 0 && t < earliest) earliest = t;
  }
  const cleanUntilTime = now - Math.max(log.config.maxCompactionLagMs, 0);
  return earliest < cleanUntilTime ? cleanUntilTime - earliest : 0;
}

/** A log chosen for cleaning, with its dirty section (`LogToClean`). */
export class LogToClean {
  readonly cleanBytes: number;
  readonly firstUncleanableOffset: number;
  readonly cleanableBytes: number;
  readonly totalBytes: number;
  /** The dirty ratio: cleanable bytes over all bytes up to the first uncleanable segment. */
  readonly cleanableRatio: number;

  constructor(
    readonly log: Log,
    readonly firstDirtyOffset: number,
    uncleanableOffset: number,
    readonly needCompactionNow = false,
  ) {
    let clean = 0;
    for (const s of logSegments(log, -1, firstDirtyOffset)) clean += s.size;
    this.cleanBytes = clean;
    const { firstUncleanableOffset, cleanableBytes } = calculateCleanableBytes(log, firstDirtyOffset, uncleanableOffset);
    this.firstUncleanableOffset = firstUncleanableOffset;
    this.cleanableBytes = cleanableBytes;
    this.totalBytes = clean + cleanableBytes;
    this.cleanableRatio = cleanableBytes / this.totalBytes;
  }

  get topicPartition() {
    return this.log.topicPartition;
  }
}
