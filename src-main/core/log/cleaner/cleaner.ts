/**
 * `kafka.log.Cleaner` (Kafka 2.5): one pass over a log's dirty section. The offset map is built
 * from the first dirty offset (bounded by the map's capacity); then every segment from the log's
 * start up to the map's end is cleaned — grouped by size, each group into one `<base>.log.cleaned`
 * (with its indexes), trimmed and flushed, given the group's last modified time, then swapped in
 * (`Log.replaceSegments`: `.cleaned` → `.swap` → the old segments `.deleted` → no suffix). Tombstones
 * (and transaction markers) of segments last modified more than `delete.retention.ms` before the
 * last cleaned segment go; the others stay.
 *
 * `cleanSteps` is the pass as a generator: it yields between bounded pieces of work (a batch of the
 * offset map, a read buffer of a segment) so that the cleaner thread can run it as several steps
 * of the broker's scheduler; `clean` runs it to the end in one go. Both give the same files.
 */
import { IllegalArgumentException } from '../../common/java-lang';
import type { TopicPartition } from '../../common/topic-partition';
import type { Logger } from '../../common/logging';
import type { Clock } from '../../platform/clock';
import type { Log } from '../log';
import { CLEANED_FILE_SUFFIX } from '../log-manager/log-dir-names';
import { joinPath } from '../../platform/file-system';
import { logFileName, offsetIndexFileName, timeIndexFileName, transactionIndexFileName } from '../log-manager/log-dir-names';
import { LogSegment } from '../segment/log-segment';
import { CleanerStats } from './cleaner-stats';
import { CleanedTransactionMetadata } from './cleaned-transaction-metadata';
import { cleanInto, type LastRecord } from './clean-into';
import { LogCleaningAbortedException } from './log-cleaner-manager';
import { logSegments, type LogToClean } from './log-to-clean';
import { buildOffsetMap } from './offset-map-builder';
import { SkimpyOffsetMap } from './offset-map';
import { groupSegmentsBySize } from './segment-grouping';

export interface CleanerOptions {
  readonly id: number;
  /** This thread's share of `log.cleaner.dedupe.buffer.size`. */
  readonly offsetMapMemory: number;
  /** `log.cleaner.io.buffer.size` / threads / 2. */
  readonly ioBufferSize: number;
  readonly dupBufferLoadFactor: number;
  readonly clock: Clock;
  /** `checkDone`: throws when the partition's cleaning was aborted. */
  readonly checkDone: (tp: TopicPartition) => void;
  /** Bytes read or written (for `log.cleaner.io.max.bytes.per.second`). */
  readonly onIo: (bytes: number) => void;
  readonly logger: Logger;
}

/** A pass's end: the next pass's first dirty offset, and what the pass did. */
export interface CleanResult {
  readonly endOffset: number;
  readonly stats: CleanerStats;
}

export class Cleaner {
  readonly offsetMap: SkimpyOffsetMap;

  constructor(private readonly o: CleanerOptions) {
    this.offsetMap = new SkimpyOffsetMap(o.offsetMapMemory);
    if (!(this.offsetMap.slots * o.dupBufferLoadFactor > 1)) {
      throw new IllegalArgumentException(
        'requirement failed: offset map is too small to fit in even a single message, so log cleaning will never make progress. ' +
          'You can increase log.cleaner.dedupe.buffer.size or decrease log.cleaner.threads',
      );
    }
  }

  get id(): number {
    return this.o.id;
  }

  /** The read buffer's size: also how many bytes one step of the cleaner thread reads or writes at most (one batch more). */
  get ioBufferSize(): number {
    return this.o.ioBufferSize;
  }

  /** `clean` in one synchronous run: returns the first offset not cleaned (the next pass's first dirty offset) and the pass's statistics. */
  clean(cleanable: LogToClean): CleanResult {
    const steps = this.cleanSteps(cleanable);
    for (;;) {
      const r = steps.next();
      if (r.done) return r.value;
    }
  }

  /** `clean` as a generator of bounded steps (see the file comment). */
  *cleanSteps(cleanable: LogToClean): Generator<void, CleanResult, void> {
    const log = cleanable.log;
    const lastClean = logSegments(log, 0, cleanable.firstDirtyOffset).at(-1);
    const deleteHorizonMs = lastClean === undefined ? 0 : lastClean.lastModified - log.config.deleteRetentionMs;
    return yield* this.doClean(cleanable, deleteHorizonMs);
  }

  *doClean(cleanable: LogToClean, deleteHorizonMs: number): Generator<void, CleanResult, void> {
    const { logger, clock } = this.o;
    const log = cleanable.log;
    logger.info(`Beginning cleaning of log ${log.name}.`);
    const stats = new CleanerStats(clock);
    logger.info(`Building offset map for ${log.name}...`);
    const upperBoundOffset = cleanable.firstUncleanableOffset;
    yield* buildOffsetMap(log, cleanable.firstDirtyOffset, upperBoundOffset, {
      map: this.offsetMap,
      loadFactor: this.o.dupBufferLoadFactor,
      stats,
      checkDone: this.o.checkDone,
      onIo: this.o.onIo,
      debug: (m) => logger.debug(m),
      info: (m) => logger.info(m),
    });
    const endOffset = this.offsetMap.latestOffset + 1;
    stats.indexDone();
    const cleanableHorizonMs = logSegments(log, 0, cleanable.firstUncleanableOffset).at(-1)?.lastModified ?? 0;
    logger.info(
      `Cleaning log ${log.name} (cleaning prior to ${javaDate(cleanableHorizonMs)}, discarding tombstones prior to ${javaDate(deleteHorizonMs)})...`,
    );
    const transactionMetadata = new CleanedTransactionMetadata();
    const groups = groupSegmentsBySize(
      logSegments(log, 0, endOffset),
      log.config.segmentSize,
      log.config.maxIndexSize,
      cleanable.firstUncleanableOffset,
    );
    for (const group of groups) yield* this.cleanSegments(log, group, deleteHorizonMs, stats, transactionMetadata);
    stats.bufferUtilization = this.offsetMap.utilization;
    stats.allDone();
    return { endOffset, stats };
  }

  /** `cleanSegments`: a group of segments cleaned into one that replaces them. */
  private *cleanSegments(
    log: Log,
    segments: readonly LogSegment[],
    deleteHorizonMs: number,
    stats: CleanerStats,
    transactionMetadata: CleanedTransactionMetadata,
  ): Generator<void, void, void> {
    const { logger } = this.o;
    const cleaned = createNewCleanedSegment(log, segments[0].baseOffset);
    transactionMetadata.cleanedIndex = cleaned.txnIndex;
    try {
      const lastRecordsOfActiveProducers = new Map<number, LastRecord>();
      for (const [producerId, entry] of log.producerStateManager.activeProducers) {
        const lastDataOffset = entry.lastDataOffset;
        lastRecordsOfActiveProducers.set(producerId, {
          lastDataOffset: lastDataOffset >= 0 ? lastDataOffset : null,
          producerEpoch: entry.producerEpoch,
        });
      }
      for (let i = 0; i < segments.length; i++) {
        const segment = segments[i];
        const upperBoundOffset = i + 1 < segments.length ? segments[i + 1].baseOffset : this.offsetMap.latestOffset + 1;
        transactionMetadata.addAbortedTransactions(log.collectAbortedTransactions(segment.baseOffset, upperBoundOffset));
        const retainDeletesAndTxnMarkers = segment.lastModified > deleteHorizonMs;
        logger.info(
          `Cleaning ${segment.toString()} in log ${log.name} into ${cleaned.baseOffset} with deletion horizon ${deleteHorizonMs}, ` +
            `${retainDeletesAndTxnMarkers ? 'retaining' : 'discarding'} deletes.`,
        );
        yield* cleanInto(segment, cleaned, {
          topicPartition: log.topicPartition,
          map: this.offsetMap,
          retainDeletesAndTxnMarkers,
          transactionMetadata,
          lastRecordsOfActiveProducers,
          stats,
          readBufferSize: this.o.ioBufferSize,
          checkDone: this.o.checkDone,
          onIo: this.o.onIo,
        });
      }
      cleaned.onBecomeInactiveSegment();
      cleaned.flush();
      cleaned.setLastModified(segments[segments.length - 1].lastModified);
      logger.info(`Swapping in cleaned segment ${cleaned.toString()} for segment(s) ${segments.join(',')} in log ${log.toString()}`);
      log.replaceSegments([cleaned], segments);
    } catch (e) {
      if (e instanceof LogCleaningAbortedException) cleaned.deleteIfExists();
      throw e;
    }
  }
}

/** `LogCleaner.createNewCleanedSegment`: a leftover `.cleaned` of the same base goes first. */
function createNewCleanedSegment(log: Log, baseOffset: number): LogSegment {
  for (const name of [logFileName, offsetIndexFileName, timeIndexFileName, transactionIndexFileName]) {
    const path = joinPath(log.dir, name(baseOffset, CLEANED_FILE_SUFFIX));
    log.handles.release(path);
    log.fs.rm(path, { force: true });
  }
  return LogSegment.create(log.handles, log.dir, baseOffset, log.segmentConfig(), log.time, true, CLEANED_FILE_SUFFIX);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `java.util.Date.toString` in UTC: `Thu Jan 01 00:00:00 UTC 1970`. */
export function javaDate(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}
