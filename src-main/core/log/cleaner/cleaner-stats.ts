/**
 * `CleanerStats` and `PreCleanStats` (LogCleaner.scala): what one cleaning pass read, indexed and
 * wrote, and the compaction delays seen while choosing the log; and `recordStats`' block of
 * `log-cleaner.log` lines, in Kafka's words and Java's number formats.
 */
import type { Clock } from '../../platform/clock';

export class CleanerStats {
  readonly startTime: number;
  mapCompleteTime = -1;
  endTime = -1;
  bytesRead = 0;
  bytesWritten = 0;
  mapBytesRead = 0;
  mapMessagesRead = 0;
  messagesRead = 0;
  invalidMessagesRead = 0;
  messagesWritten = 0;
  bufferUtilization = 0;

  constructor(private readonly clock: Clock) {
    this.startTime = clock.nowMs();
  }

  readMessages(messagesRead: number, bytesRead: number): void {
    this.messagesRead += messagesRead;
    this.bytesRead += bytesRead;
  }

  invalidMessage(): void {
    this.invalidMessagesRead += 1;
  }

  recopyMessages(messagesWritten: number, bytesWritten: number): void {
    this.messagesWritten += messagesWritten;
    this.bytesWritten += bytesWritten;
  }

  indexMessagesRead(count: number): void {
    this.mapMessagesRead += count;
  }

  indexBytesRead(size: number): void {
    this.mapBytesRead += size;
  }

  indexDone(): void {
    this.mapCompleteTime = this.clock.nowMs();
  }

  allDone(): void {
    this.endTime = this.clock.nowMs();
  }

  get elapsedSecs(): number {
    return (this.endTime - this.startTime) / 1000;
  }

  get elapsedIndexSecs(): number {
    return (this.mapCompleteTime - this.startTime) / 1000;
  }
}

/** What choosing the filthiest log saw of `max.compaction.lag.ms`. */
export class PreCleanStats {
  maxCompactionDelayMs = 0;
  delayedPartitions = 0;
  cleanablePartitions = 0;

  updateMaxCompactionDelay(delayMs: number): void {
    this.maxCompactionDelayMs = Math.max(this.maxCompactionDelayMs, delayMs);
    if (delayMs > 0) this.delayedPartitions += 1;
  }

  recordCleanablePartitions(count: number): void {
    this.cleanablePartitions = count;
  }
}

/** Java's `%.1f` (`grouping`: `%,.1f`): NaN and Infinity spelled as Java spells them. */
export function javaFixed1(value: number, grouping = false): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  const text = value.toFixed(1);
  if (!grouping) return text;
  const [int, frac] = text.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** Java's `%,d`. */
export function javaGroupedInt(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const mb = (bytes: number): number => bytes / (1024 * 1024);

/**
 * `CleanerThread.recordStats`' message: one INFO line whose text spans the lines of the block
 * (`%n` is the line separator, the first one opens the block). `from` and `to` are what 2.5
 * passes — the dirty section's end is read before the pass's end is known, so both are the first
 * dirty offset, as in a 2.5 broker's log.
 */
export function cleanerStatsMessage(id: number, name: string, from: number, to: number, stats: CleanerStats): string {
  const elapsed = stats.elapsedSecs;
  const index = stats.elapsedIndexSecs;
  const cleaning = elapsed - index;
  return (
    `\n\tLog cleaner thread ${id} cleaned log ${name} (dirty section = [${from}, ${to}])\n` +
    `\t${javaFixed1(mb(stats.bytesRead), true)} MB of log processed in ${javaFixed1(elapsed, true)} seconds (${javaFixed1(mb(stats.bytesRead / elapsed), true)} MB/sec).\n` +
    `\tIndexed ${javaFixed1(mb(stats.mapBytesRead), true)} MB in ${javaFixed1(index)} seconds (${javaFixed1(mb(stats.mapBytesRead) / index, true)} Mb/sec, ${javaFixed1((100 * index) / elapsed)}% of total time)\n` +
    `\tBuffer utilization: ${javaFixed1(100 * stats.bufferUtilization)}%\n` +
    `\tCleaned ${javaFixed1(mb(stats.bytesRead), true)} MB in ${javaFixed1(cleaning)} seconds (${javaFixed1(mb(stats.bytesRead) / cleaning, true)} Mb/sec, ${javaFixed1((100 * cleaning) / elapsed)}% of total time)\n` +
    `\tStart size: ${javaFixed1(mb(stats.bytesRead), true)} MB (${javaGroupedInt(stats.messagesRead)} messages)\n` +
    `\tEnd size: ${javaFixed1(mb(stats.bytesWritten), true)} MB (${javaGroupedInt(stats.messagesWritten)} messages)\n` +
    `\t${javaFixed1(100 * (1 - stats.bytesWritten / stats.bytesRead))}% size reduction (${javaFixed1(100 * (1 - stats.messagesWritten / stats.messagesRead))}% fewer messages)\n`
  );
}
