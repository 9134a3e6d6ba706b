/**
 * `kafka.log.LogCleaner` (Kafka 2.5): the cleaner threads of a broker. Each thread
 * (`kafka-log-cleaner-thread-<id>`) runs as a task on the broker's scheduler: it takes the
 * filthiest compacted log (LogCleanerManager), cleans it (Cleaner), checkpoints the next dirty
 * offset, then runs retention for the compacted logs (`compact,delete`); with nothing to clean it
 * sleeps `log.cleaner.backoff.ms`. A pass runs as several scheduler steps, each reading or writing
 * at most one read buffer (`log.cleaner.io.buffer.size` / threads / 2, plus one batch), so a big log
 * does not hold the event loop. `log.cleaner.io.max.bytes.per.second` holds the thread back after
 * each step for as long as its bytes would take at that rate. Its lines go to `log-cleaner.log` (logger
 * kafka.log.LogCleaner), the statistics block after each pass among them.
 */
import { tpKey, type TopicPartition } from '../../common/topic-partition';
import { IllegalStateException } from '../../common/java-lang';
import { errorMessage } from '../../common/throwable';
import { Logger } from '../../common/logging';
import type { LogSink } from '../../common/logging';
import type { MetricsRegistry } from '../../metrics/metrics-registry';
import type { ScheduledTask, Time } from '../../platform/scheduler';
import type { Log } from '../log';
import { KafkaStorageException } from '../errors';
import type { CleanerConfig } from './cleaner-config';
import { Cleaner, type CleanResult } from './cleaner';
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

/** A pass under way: its log and the generator of its remaining steps. */
interface CleaningJob {
  readonly cleanable: LogToClean;
  readonly steps: Generator<void, CleanResult, void>;
}

class CleanerThread {
  readonly name: string;
  readonly cleaner: Cleaner;
  lastStats: CleanerStats;
  lastPreCleanStats = new PreCleanStats();
  /** The longest step so far, in bytes read and written (for the bench and the tests). */
  longestStepBytes = 0;
  /** Steps taken by the last finished pass. */
  lastPassSteps = 0;
  private job: CleaningJob | null = null;
  private jobSteps = 0;
  private stepping = false;
  private lastPassFailed = false;
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
        // The log's dir went offline (or the log left the broker) between two steps.
        if (this.job && owner.options.getLog(tp) !== this.job.cleanable.log)
          throw new KafkaStorageException(`Log ${tp.topic}-${tp.partition} is no longer online on this broker`);
      },
      onIo: (bytes) => (this.ioBytes += bytes),
      logger: new Logger(o.log, LOGGER_NAME, { logIdent: `Cleaner ${id}: `, file: 'log-cleaner.log' }),
    });
  }

  /** The partition this thread is cleaning, between two of its steps or during one. */
  get cleaningPartition(): TopicPartition | null {
    return this.job?.cleanable.topicPartition ?? null;
  }

  start(): void {
    this.logger.info('Starting');
    this.running = true;
    this.schedule(0);
  }

  /**
   * `shutdown`: a pass under way is interrupted (as a 2.5 thread's `ThreadShutdownException`: its
   * `.cleaned` files stay for the next start to remove) and its partition is done with.
   */
  shutdown(): void {
    this.logger.info('Shutting down');
    this.running = false;
    if (this.task) this.owner.options.time.cancel(this.task);
    this.task = null;
    const job = this.job;
    this.job = null;
    if (job) {
      job.steps.return(undefined as never);
      this.owner.cleanerManager.doneCleaning(job.cleanable.topicPartition, job.cleanable.log.parentDir, job.cleanable.firstDirtyOffset);
    }
    this.logger.info('Shutdown completed');
  }

  /** The process dies: the pass under way stops where it is, nothing more is written. */
  kill(): void {
    this.running = false;
    if (this.task) this.owner.options.time.cancel(this.task);
    this.task = null;
    this.job = null;
  }

  /**
   * The pass over `tp` was aborted (LogCleaningAborted) while this thread waits between two steps:
   * it stops now, as 2.5's `abortAndPauseCleaning` waits for the thread to stop — its `.cleaned`
   * segment is removed and the partition is paused.
   */
  abortNow(tp: TopicPartition): void {
    const job = this.job;
    if (!job || this.stepping || tpKey(job.cleanable.topicPartition) !== tpKey(tp)) return;
    this.job = null;
    try {
      job.steps.throw(new LogCleaningAbortedException());
    } catch (e) {
      this.endCleaning(job, null, e);
      return;
    }
    // A generator swallowing the abort would be a bug of the cleaner's own.
    throw new IllegalStateException(`The cleaning of ${tpKey(tp)} did not stop when aborted`);
  }

  private schedule(delayMs: number): void {
    this.task = this.owner.options.time.schedule(this.name, delayMs, () => this.doWork());
  }

  /**
   * `doWork`: one step of the pass under way, or a new pass begun (its first step) if a log needs
   * it, else the compacted logs' retention and a sleep of `backOffMs`. Between steps the thread
   * waits only for the I/O throttle. A step reads or writes at most one read buffer (plus a batch).
   */
  doWork(): void {
    if (!this.running) return;
    this.ioBytes = 0;
    let cleaned = false;
    if (this.job === null) this.job = this.grabFilthiestLog();
    if (this.job !== null) {
      const done = this.step(this.job);
      if (!this.running) return;
      if (!done) {
        this.schedule(this.throttleMs());
        return;
      }
      if (this.lastPassFailed) {
        this.schedule(Math.max(this.owner.config.backOffMs, this.throttleMs()));
        return;
      }
      cleaned = true;
    }
    this.deleteOldSegmentsOfCompactedLogs();
    if (!this.running) return;
    this.schedule(cleaned ? this.throttleMs() : Math.max(this.owner.config.backOffMs, this.throttleMs()));
  }

  private throttleMs(): number {
    const rate = this.owner.throttleRateBytesPerSec;
    return rate > 0 && rate < Number.MAX_VALUE ? Math.ceil((this.ioBytes / rate) * 1000) : 0;
  }

  private grabFilthiestLog(): CleaningJob | null {
    const preCleanStats = new PreCleanStats();
    const cleanable = this.owner.cleanerManager.grabFilthiestCompactedLog(preCleanStats);
    if (!cleanable) return null;
    this.lastPreCleanStats = preCleanStats;
    this.jobSteps = 0;
    return { cleanable, steps: this.cleaner.cleanSteps(cleanable) };
  }

  /** Runs the pass until its step's bytes are used up; true once it has ended (cleaned, aborted or failed). */
  private step(job: CleaningJob): boolean {
    const budget = Math.max(this.cleaner.ioBufferSize, 1);
    this.stepping = true;
    this.jobSteps++;
    try {
      for (;;) {
        const r = job.steps.next();
        if (r.done) {
          this.endCleaning(job, r.value, null);
          return true;
        }
        if (this.ioBytes >= budget) return false;
      }
    } catch (e) {
      this.endCleaning(job, null, e);
      return true;
    } finally {
      this.stepping = false;
      this.longestStepBytes = Math.max(this.longestStepBytes, this.ioBytes);
    }
  }

  /** `cleanLog`'s end: statistics and the new first dirty offset, or the failure handled as 2.5 does. */
  private endCleaning(job: CleaningJob, result: CleanResult | null, error: unknown): void {
    if (this.job === job) this.job = null;
    this.lastPassSteps = this.jobSteps;
    const manager = this.owner.cleanerManager;
    const { cleanable } = job;
    const log = cleanable.log;
    let endOffset = cleanable.firstDirtyOffset;
    let unexpected: unknown = null;
    try {
      if (result) {
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
      } else if (error instanceof LogCleaningAbortedException || error instanceof KafkaStorageException) {
        // Aborted (deletion, truncation, swap) or the dir is already offline: let it go.
      } else if (isIoError(error)) {
        const dir = log.parentDir;
        this.owner.options.reportLogDirFailure(
          dir,
          `Failed to clean up log for ${log.partitionName} in dir ${dir} due to IOException`,
          error,
        );
      } else {
        unexpected = error;
      }
    } finally {
      manager.doneCleaning(log.topicPartition, log.parentDir, endOffset);
    }
    this.lastPassFailed = unexpected !== null;
    if (unexpected !== null) this.markUncleanable(log, unexpected);
  }

  private markUncleanable(log: Log, e: unknown): void {
    this.logger.warn(
      `Unexpected exception thrown when cleaning log ${log.toString()}. Marking its partition (${log.partitionName}) as uncleanable`,
      e,
    );
    this.owner.cleanerManager.markPartitionUncleanable(log.parentDir, log.topicPartition);
  }

  /** The retention of the compacted logs (`compact,delete`), run by the cleaner threads in 2.5. */
  private deleteOldSegmentsOfCompactedLogs(): void {
    const manager = this.owner.cleanerManager;
    const deletable = manager.deletableLogs();
    let current: Log | null = null;
    try {
      for (const log of deletable) {
        current = log;
        log.deleteOldSegments();
      }
    } catch (e) {
      if (current === null) throw e;
      this.markUncleanable(current, e);
    } finally {
      manager.doneDeleting(deletable.map((l) => l.topicPartition));
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
  /** `throttler`'s rate: built once with the LogCleaner, so (as in 2.5.1) `reconfigure` leaves it as it was. */
  readonly throttleRateBytesPerSec: number;

  constructor(readonly options: LogCleanerOptions) {
    this.config = options.config;
    this.throttleRateBytesPerSec = options.config.maxIoBytesPerSecond;
    this.logger = new Logger(options.log, LOGGER_NAME, { file: 'log-cleaner.log' });
    this.cleanerManager = new LogCleanerManager({
      logDirs: options.logDirs,
      logs: options.logs,
      getLog: options.getLog,
      checkpoints: options.checkpoints,
      clock: options.time,
      logger: this.logger,
      abortInProgress: (tp) => {
        for (const c of this.cleaners) c.abortNow(tp);
      },
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

  /** A pass over a log of `dir` ends at its thread's next step (KafkaStorageException). */
  handleLogDirFailure(dir: string): void {
    this.cleanerManager.handleLogDirFailure(dir);
  }

  /** The broker's process is killed: the threads stop where they are, writing nothing more. */
  kill(): void {
    for (const c of this.cleaners) c.kill();
    this.cleaners.length = 0;
  }

  /** Longest step of any thread so far, in bytes read and written; steps of the last pass per thread. */
  stepStats(): { longestStepBytes: number; lastPassSteps: number[] } {
    return {
      longestStepBytes: Math.max(0, ...this.cleaners.map((c) => c.longestStepBytes)),
      lastPassSteps: this.cleaners.map((c) => c.lastPassSteps),
    };
  }

  pauseCleaningForNonCompactedPartitions(): Log[] {
    return this.cleanerManager.pauseCleaningForNonCompactedPartitions();
  }
}
