/**
 * `kafka.log.LogCleaner` (Kafka 2.5): the cleaner threads of a broker. Each thread
 * (`kafka-log-cleaner-thread-<id>`) runs as a task on the broker's scheduler: it takes the
 * filthiest compacted log (LogCleanerManager), cleans it (Cleaner), checkpoints the next dirty
 * offset, then runs retention for the compacted logs (`compact,delete`); with nothing to clean it
 * sleeps `log.cleaner.backoff.ms`. `log.cleaner.io.max.bytes.per.second` holds the thread back for
 * as long as its bytes would take at that rate. Its lines go to `log-cleaner.log` (logger
 * kafka.log.LogCleaner), the statistics block after each pass among them.
 */
import type { TopicPartition } from '../../common/topic-partition';
import { errorMessage } from '../../common/throwable';
import { Logger } from '../../common/logging';
import type { LogSink } from '../../common/logging';
import type { MetricsRegistry } from '../../metrics/metrics-registry';
import type { ScheduledTask, Time } from '../../platform/scheduler';
import type { Log } from '../log';
import { KafkaStorageException } from '../errors';
import type { CleanerConfig } from './cleaner-config';
import { Cleaner } from './cleaner';
import { CleanerStats, PreCleanStats, cleanerStatsMessage } from './cleaner-stats';
import { LogCleanerManager, LogCleaningAbortedException } from './log-cleaner-manager';
import type { CleanerCheckpoints } from './log-cleaner-manager';
import type { LogToClean } from './log-to-clean';

const LOGGER_NAME = 'kafka.log.LogCleaner';

export interface LogCleanerOptions {
  readonly config: CleanerConfig;
  readonly logDirs: readonly string[];
  readonly logs: () => Iterable<Log>;
  readonly getLog: (tp: TopicPartition) => Log | undefined;
  readonly checkpoints: CleanerCheckpoints;
  readonly time: Time;
  readonly log: LogSink;
  /** `logDirFailureChannel.maybeAddOfflineLogDir`. */
  readonly reportLogDirFailure: (dir: string, message: string, e: unknown) => void;
  readonly metrics?: MetricsRegistry;
}

/** The last pass of a partition, for the UI. */
export interface LastCleaning {
  readonly topicPartition: TopicPartition;
  readonly threadId: number;
  readonly timeMs: number;
  readonly firstDirtyOffset: number;
  readonly endOffset: number;
  readonly bytesRead: number;
  readonly bytesWritten: number;
  readonly messagesRead: number;
  readonly messagesWritten: number;
}

class CleanerThread {
  readonly name: string;
  readonly cleaner: Cleaner;
  lastStats: CleanerStats;
  lastPreCleanStats = new PreCleanStats();
  private task: ScheduledTask | null = null;
  private running = false;
  private ioBytes = 0;
  private readonly logger: Logger;

  constructor(
    private readonly owner: LogCleaner,
    readonly id: number,
  ) {
    const o = owner.options;
    this.name = `kafka-log-cleaner-thread-${id}`;
    this.logger = new Logger(o.log, LOGGER_NAME, { logIdent: `[${this.name}]: `, file: 'log-cleaner.log' });
    const config = owner.config;
    this.lastStats = new CleanerStats(o.time);
    this.cleaner = new Cleaner({
      id,
      offsetMapMemory: Math.min(Math.trunc(config.dedupeBufferSize / config.numThreads), 2147483647),
      ioBufferSize: Math.trunc(config.ioBufferSize / config.numThreads / 2),
      dupBufferLoadFactor: config.dedupeBufferLoadFactor,
      clock: o.time,
      checkDone: (tp) => {
        if (!this.running) throw new LogCleaningAbortedException();
        owner.cleanerManager.checkCleaningAborted(tp);
      },
      onIo: (bytes) => (this.ioBytes += bytes),
      logger: new Logger(o.log, LOGGER_NAME, { logIdent: `Cleaner ${id}: `, file: 'log-cleaner.log' }),
    });
  }

  start(): void {
    this.logger.info('Starting');
    this.running = true;
    this.schedule(0);
  }

  shutdown(): void {
    this.logger.info('Shutting down');
    this.running = false;
    if (this.task) this.owner.options.time.cancel(this.task);
    this.task = null;
    this.logger.info('Shutdown completed');
  }

  private schedule(delayMs: number): void {
    this.task = this.owner.options.time.schedule(this.name, delayMs, () => this.doWork());
  }

  /** `doWork`: clean a log if one needs it, else sleep `backOffMs`; the I/O throttle adds its wait. */
  doWork(): void {
    if (!this.running) return;
    this.ioBytes = 0;
    const cleaned = this.tryCleanFilthiestLog();
    if (!this.running) return;
    const rate = this.owner.config.maxIoBytesPerSecond;
    const throttleMs = rate > 0 && rate < Number.MAX_VALUE ? Math.ceil((this.ioBytes / rate) * 1000) : 0;
    this.schedule(cleaned ? throttleMs : Math.max(this.owner.config.backOffMs, throttleMs));
  }

  private tryCleanFilthiestLog(): boolean {
    const manager = this.owner.cleanerManager;
    let current: Log | null = null;
    try {
      const preCleanStats = new PreCleanStats();
      const cleanable = manager.grabFilthiestCompactedLog(preCleanStats);
      let cleaned = false;
      if (cleanable) {
        this.lastPreCleanStats = preCleanStats;
        current = cleanable.log;
        this.cleanLog(cleanable);
        cleaned = true;
      }
      const deletable = manager.deletableLogs();
      try {
        for (const log of deletable) {
          current = log;
          log.deleteOldSegments();
        }
      } finally {
        manager.doneDeleting(deletable.map((l) => l.topicPartition));
      }
      return cleaned;
    } catch (e) {
      if (current === null) throw e;
      this.logger.warn(
        `Unexpected exception thrown when cleaning log ${current.toString()}. Marking its partition (${current.partitionName}) as uncleanable`,
        e,
      );
      manager.markPartitionUncleanable(current.parentDir, current.topicPartition);
      return false;
    }
  }

  private cleanLog(cleanable: LogToClean): void {
    const manager = this.owner.cleanerManager;
    const log = cleanable.log;
    let endOffset = cleanable.firstDirtyOffset;
    try {
      const result = this.cleaner.clean(cleanable);
      // As 2.5: the statistics are recorded before the end offset is known (KAFKA-9826 fixed it later).
      this.recordStats(log.name, cleanable.firstDirtyOffset, endOffset, result.stats);
      endOffset = result.endOffset;
      this.owner.recordLastCleaning({
        topicPartition: log.topicPartition,
        threadId: this.id,
        timeMs: this.owner.options.time.nowMs(),
        firstDirtyOffset: cleanable.firstDirtyOffset,
        endOffset,
        bytesRead: result.stats.bytesRead,
        bytesWritten: result.stats.bytesWritten,
        messagesRead: result.stats.messagesRead,
        messagesWritten: result.stats.messagesWritten,
      });
    } catch (e) {
      if (e instanceof LogCleaningAbortedException || e instanceof KafkaStorageException) {
        // Aborted (deletion, truncation, swap) or the dir is already offline: let it go.
      } else if (isIoError(e)) {
        const dir = log.parentDir;
        this.owner.options.reportLogDirFailure(dir, `Failed to clean up log for ${log.partitionName} in dir ${dir} due to IOException`, e);
      } else {
        throw e;
      }
    } finally {
      manager.doneCleaning(log.topicPartition, log.parentDir, endOffset);
    }
  }

  private recordStats(name: string, from: number, to: number, stats: CleanerStats): void {
    this.lastStats = stats;
    this.logger.info(cleanerStatsMessage(this.id, name, from, to, stats));
    const pre = this.lastPreCleanStats;
    if (pre.delayedPartitions > 0) {
      this.logger.info(
        `\tCleanable partitions: ${pre.cleanablePartitions}, Delayed partitions: ${pre.delayedPartitions}, max delay: ${pre.maxCompactionDelayMs}`,
      );
    }
    if (stats.invalidMessagesRead > 0) this.logger.warn(`\tFound ${stats.invalidMessagesRead} invalid messages during compaction.`);
  }
}

function isIoError(e: unknown): boolean {
  return e instanceof Error && (e.name === 'FileSystemError' || errorMessage(e).includes('EIO'));
}

export class LogCleaner {
  readonly cleanerManager: LogCleanerManager;
  private readonly cleaners: CleanerThread[] = [];
  private readonly logger: Logger;
  private readonly lastCleanings = new Map<string, LastCleaning>();
  config: CleanerConfig;

  constructor(readonly options: LogCleanerOptions) {
    this.config = options.config;
    this.logger = new Logger(options.log, LOGGER_NAME, { file: 'log-cleaner.log' });
    this.cleanerManager = new LogCleanerManager({
      logDirs: options.logDirs,
      logs: options.logs,
      getLog: options.getLog,
      checkpoints: options.checkpoints,
      clock: options.time,
      logger: this.logger,
    });
    if (options.metrics) this.registerMetrics(options.metrics);
  }

  private registerMetrics(registry: MetricsRegistry): void {
    const gauge = (type: string, name: string, read: () => number, tags: Array<readonly [string, string]> = []): void => {
      registry.remove('kafka.log', type, name, tags);
      registry.newGauge('kafka.log', type, name, read, tags);
    };
    const max = (values: number[]): number => (values.length === 0 ? 0 : Math.max(...values));
    gauge('LogCleaner', 'max-buffer-utilization-percent', () =>
      Math.trunc(max(this.cleaners.map((c) => 100 * c.lastStats.bufferUtilization))),
    );
    gauge('LogCleaner', 'cleaner-recopy-percent', () => {
      const stats = this.cleaners.map((c) => c.lastStats);
      const written = stats.reduce((n, s) => n + s.bytesWritten, 0);
      const read = stats.reduce((n, s) => n + s.bytesRead, 0);
      return Math.trunc((100 * written) / Math.max(read, 1));
    });
    gauge('LogCleaner', 'max-clean-time-secs', () => Math.trunc(max(this.cleaners.map((c) => Math.max(c.lastStats.elapsedSecs, 0)))));
    gauge('LogCleaner', 'max-compaction-delay-secs', () =>
      Math.max(0, Math.trunc(max(this.cleaners.map((c) => c.lastPreCleanStats.maxCompactionDelayMs)) / 1000)),
    );
    gauge('LogCleaner', 'DeadThreadCount', () => 0);
    const manager = this.cleanerManager;
    gauge('LogCleanerManager', 'max-dirty-percent', () => Math.trunc(100 * manager.dirtiestLogCleanableRatio));
    gauge('LogCleanerManager', 'time-since-last-run-ms', () => this.options.time.nowMs() - manager.timeOfLastRun);
    for (const dir of this.options.logDirs) {
      gauge('LogCleanerManager', 'uncleanable-partitions-count', () => manager.uncleanablePartitionsCount(dir), [['logDirectory', dir]]);
    }
  }

  /** `startup`: the cleaner threads start. */
  startup(): void {
    this.logger.info('Starting the log cleaner');
    for (let i = 0; i < this.config.numThreads; i++) {
      const thread = new CleanerThread(this, i);
      this.cleaners.push(thread);
      thread.start();
    }
  }

  shutdown(): void {
    this.logger.info('Shutting down the log cleaner.');
    for (const c of this.cleaners) c.shutdown();
    this.cleaners.length = 0;
  }

  /** `reconfigure`: the threads restart with the new config. */
  reconfigure(config: CleanerConfig): void {
    this.config = config;
    this.shutdown();
    this.startup();
  }

  recordLastCleaning(c: LastCleaning): void {
    this.lastCleanings.set(`${c.topicPartition.topic}-${c.topicPartition.partition}`, c);
  }

  /** The last pass that cleaned `tp` on this broker since it started, or null. */
  lastCleaning(tp: TopicPartition): LastCleaning | null {
    return this.lastCleanings.get(`${tp.topic}-${tp.partition}`) ?? null;
  }

  abortCleaning(tp: TopicPartition): void {
    this.cleanerManager.abortCleaning(tp);
  }

  abortAndPauseCleaning(tp: TopicPartition): void {
    this.cleanerManager.abortAndPauseCleaning(tp);
  }

  resumeCleaning(tps: Iterable<TopicPartition>): void {
    this.cleanerManager.resumeCleaning(tps);
  }

  updateCheckpoints(dir: string): void {
    this.cleanerManager.updateCheckpoints(dir);
  }

  alterCheckpointDir(tp: TopicPartition, sourceLogDir: string, destLogDir: string): void {
    this.cleanerManager.alterCheckpointDir(tp, sourceLogDir, destLogDir);
  }

  maybeTruncateCheckpoint(dir: string, tp: TopicPartition, offset: number): void {
    this.cleanerManager.maybeTruncateCheckpoint(dir, tp, offset);
  }

  handleLogDirFailure(dir: string): void {
    this.logger.warn(`Stopping cleaning logs in dir ${dir}`);
  }

  pauseCleaningForNonCompactedPartitions(): Log[] {
    return this.cleanerManager.pauseCleaningForNonCompactedPartitions();
  }
}
