/**
 * Asynchronous log deletion (`LogManager.asyncDelete` and the kafka-delete-logs task): a deleted
 * log's dir is renamed to `<topic>-<p>.<uuid>-delete` and queued (`logsToBeDeleted`); the task
 * removes it from disk `file.delete.delay.ms` later. `-delete` dirs found at startup are queued too.
 */
import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import { Slicer } from '../../platform/executor';
import type { Random } from '../../platform/random';
import type { ScheduledTask } from '../../platform/scheduler';
import { KafkaStorageException } from '../errors';
import type { Log } from '../log';
import type { LogCheckpoints } from '../checkpoints/log-checkpoints';
import { logDeleteDirName, newUniqueId } from './log-dir-names';
import type { PendingDeletion } from './log-manager-config';
import { DELETE_SLICE, INITIAL_TASK_DELAY_MS } from './log-manager-config';
import type { LogManagerContext } from './log-manager-context';

interface QueuedLog {
  readonly log: Log;
  readonly scheduledAtMs: number;
}

export class LogDeleter {
  /** FIFO of logs waiting for removal (`logsToBeDeleted`); `deleteHead` is the index of the oldest. */
  private readonly deleteQueue: QueuedLog[] = [];
  private deleteHead = 0;
  private deleteLogsTask: ScheduledTask | null = null;

  constructor(
    private readonly ctx: LogManagerContext,
    private readonly checkpoints: LogCheckpoints,
    private readonly random: Random,
  ) {}

  /** kafka-delete-logs: 30 s after startup, then re-scheduled for the next due deletion. */
  scheduleTask(): void {
    this.deleteLogsTask = this.ctx.time.schedule('kafka-delete-logs', INITIAL_TASK_DELAY_MS, () => this.deleteLogs());
  }

  cancelTask(): void {
    if (this.deleteLogsTask) this.ctx.time.cancel(this.deleteLogsTask);
    this.deleteLogsTask = null;
  }

  /** `-delete` dirs waiting for removal, oldest first. */
  pendingDeletions(): PendingDeletion[] {
    return this.deleteQueue.slice(this.deleteHead).map(({ log, scheduledAtMs }) => ({
      topicPartition: log.topicPartition,
      dir: log.parentDir,
      path: log.dir,
      scheduledAtMs,
      deleteAtMs: scheduledAtMs + this.ctx.config.fileDeleteDelayMs,
    }));
  }

  /**
   * `LogManager.asyncDelete`: takes the log out of the live set, renames its dir to
   * `<topic>-<p>.<uuid>-delete`, rewrites the dir's checkpoints without it and queues it for
   * removal `fileDeleteDelayMs` from now. Returns the removed log, or undefined if there was none.
   */
  asyncDelete(tp: TopicPartition, isFuture: boolean): Log | undefined {
    try {
      const removed = this.removeAndRename(tp, isFuture);
      if (removed) this.checkpointAfterDeletion(removed.parentDir, !isFuture);
      return removed;
    } finally {
      this.ctx.processLogDirFailures();
    }
  }

  /**
   * `LogManager.asyncDeleteAll`: each partition's current and future logs removed and renamed, a
   * slice at a time; then each dir that lost a log gets its checkpoints once. `abortCleaning` runs
   * before a current log goes; a partition that fails goes to `onError` and the rest go on.
   */
  async asyncDeleteAll(
    tps: readonly TopicPartition[],
    abortCleaning: (tp: TopicPartition) => void,
    onError: (tp: TopicPartition, e: unknown) => void,
  ): Promise<void> {
    const ctx = this.ctx;
    /** Each dir that lost a log → whether a current (not only a future) log went. */
    const touchedDirs = new Map<string, boolean>();
    const slicer = new Slicer(ctx.executor, DELETE_SLICE);
    for (const tp of tps) {
      await slicer.tick();
      if (ctx.state !== 'running') break;
      try {
        if (ctx.currentLogs.has(tp)) {
          abortCleaning(tp);
          const removed = this.removeAndRename(tp, false);
          if (removed) touchedDirs.set(removed.parentDir, true);
        }
        const future = ctx.futureLogs.has(tp) ? this.removeAndRename(tp, true) : undefined;
        if (future) touchedDirs.set(future.parentDir, touchedDirs.get(future.parentDir) ?? false);
      } catch (e) {
        onError(tp, e);
      } finally {
        ctx.processLogDirFailures();
      }
    }
    for (const [dir, currentLogRemoved] of touchedDirs) if (ctx.live.has(dir)) this.checkpointAfterDeletion(dir, currentLogRemoved);
    ctx.processLogDirFailures();
  }

  /**
   * Takes the log out of the live set, renames its dir for deletion and queues it, without touching
   * the dir's checkpoints: a caller deleting many logs writes them once per dir afterwards
   * (`checkpointAfterDeletion`), as later Kafka's batched `asyncDelete(topicPartitions, …)` does.
   */
  removeAndRename(tp: TopicPartition, isFuture: boolean): Log | undefined {
    const ctx = this.ctx;
    const map = isFuture ? ctx.futureLogs : ctx.currentLogs;
    const removed = map.get(tp);
    if (!removed) {
      const offline = ctx.offlineLogDirs;
      if (offline.length > 0) {
        throw new KafkaStorageException(
          `Failed to delete log for ${isFuture ? 'future' : ''} ${tpKey(tp)} because it may be in one of the offline directories ${offline.join(',')}`,
        );
      }
      return undefined;
    }
    ctx.removeLog(removed, isFuture);
    const dir = removed.parentDir;
    const from = removed.dir;
    try {
      removed.renameDir(logDeleteDirName(tp, newUniqueId(this.random)));
    } catch (e) {
      const msg = `Error while renaming dir for ${tpKey(tp)} in log dir ${dir}`;
      ctx.reportLogDirFailure(dir, msg, e);
      throw new KafkaStorageException(msg, { cause: e });
    }
    const scheduledAtMs = this.addLogToBeDeleted(removed);
    ctx.emit('INFO', `Log for partition ${tpKey(tp)} is renamed to ${removed.dir} and is scheduled for deletion`, {
      type: 'partition-dir-renamed-for-deletion',
      topicPartition: tp,
      dir,
      from,
      to: removed.dir,
      deleteAtMs: scheduledAtMs + ctx.config.fileDeleteDelayMs,
    });
    return removed;
  }

  /**
   * The dir's checkpoints without the logs just removed from it: the cleaner's (when a current log
   * went and the cleaner runs), the recovery points (no snapshot cleaning: Kafka passes no logs to
   * `checkpointRecoveryOffsetsAndCleanSnapshot` here) and the log start offsets.
   */
  checkpointAfterDeletion(dir: string, currentLogRemoved: boolean): void {
    if (this.ctx.config.cleanerEnable && currentLogRemoved) this.checkpoints.updateCleanerCheckpoint(dir);
    this.checkpoints.checkpointLogRecoveryOffsetsInDir(dir, []);
    this.checkpoints.checkpointLogStartOffsetsInDir(dir);
  }

  /** Queues a log for removal `fileDeleteDelayMs` from now; returns when it was queued. */
  addLogToBeDeleted(log: Log): number {
    const scheduledAtMs = this.ctx.time.nowMs();
    this.deleteQueue.push({ log, scheduledAtMs });
    return scheduledAtMs;
  }

  /**
   * The kafka-delete-logs task: removes every queued log whose delay has passed, then re-schedules
   * itself for the next one due (or `fileDeleteDelayMs` later when none is queued).
   */
  private deleteLogs(): void {
    const ctx = this.ctx;
    let nextDelayMs = 0;
    const nextDeleteDelayMs = (): number => {
      const head = this.deleteQueue[this.deleteHead];
      // Kafka would spin with file.delete.delay.ms = 0 and nothing queued; wait at least 1 ms.
      return head ? head.scheduledAtMs + ctx.config.fileDeleteDelayMs - ctx.time.nowMs() : Math.max(1, ctx.config.fileDeleteDelayMs);
    };
    try {
      while ((nextDelayMs = nextDeleteDelayMs()) <= 0) {
        const { log } = this.deleteQueue[this.deleteHead];
        this.deleteQueue[this.deleteHead++] = undefined as unknown as QueuedLog;
        this.deleteOneLog(log);
      }
      if (this.deleteHead > 1024 && this.deleteHead * 2 > this.deleteQueue.length) {
        this.deleteQueue.splice(0, this.deleteHead);
        this.deleteHead = 0;
      }
    } catch (e) {
      ctx.emit('ERROR', 'Exception in kafka-delete-logs thread.', { type: 'error' }, { cause: e });
    } finally {
      ctx.processLogDirFailures();
      if (ctx.state === 'running') {
        this.deleteLogsTask = ctx.time.schedule('kafka-delete-logs', Math.max(0, nextDelayMs), () => this.deleteLogs());
      }
    }
  }

  private deleteOneLog(log: Log): void {
    const ctx = this.ctx;
    const dir = log.parentDir;
    const path = log.dir;
    try {
      if (!ctx.live.has(dir)) {
        throw new KafkaStorageException(`The log dir ${dir} is already offline due to a previous IO exception.`);
      }
      try {
        log.delete();
      } catch (e) {
        const msg = `Error while deleting log for ${log.partitionName} in dir ${dir}`;
        ctx.reportLogDirFailure(dir, msg, e);
        throw new KafkaStorageException(msg, { cause: e });
      }
      ctx.emit('INFO', `Deleted log for partition ${log.partitionName} in ${path}.`, {
        type: 'partition-dir-removed',
        topicPartition: log.topicPartition,
        dir,
        path,
      });
    } catch (e) {
      ctx.emit('ERROR', `Exception while deleting ${log.toString()} in dir ${dir}.`, { type: 'error', dir, path }, { cause: e });
    }
  }
}
