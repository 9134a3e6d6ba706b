/**
 * Startup of a `LogManager`'s log dirs: creating and validating them, locking them, and loading
 * the partition dirs found in them (`<t>-<p>` → live log, `-future` → future log, `-delete` →
 * queued for removal), then deleting each dir's `.kafka_cleanshutdown` marker.
 */
import { IllegalStateException } from '../../common/java-lang';
import { throwableToString } from '../../common/throwable';
import type { TopicPartitionMap } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import { FileSystemError, joinPath } from '../../platform/file-system';
import { IOException, KafkaException, KafkaStorageException } from '../errors';
import { Log } from '../log';
import type { LogCheckpoints } from '../checkpoints/log-checkpoints';
import type { TopicConfigValues } from '../log-config';
import { LogConfig } from '../log-config';
import type { LogDeleter } from './log-deleter';
import { CLEAN_SHUTDOWN_FILE, LOCK_FILE, parsePartitionDirName } from './log-dir-names';
import { LOAD_SLICE, type LogManagerState } from './log-manager-config';
import type { LogManagerContext } from './log-manager-context';
import { LOGGER } from './log-manager-context';

export interface LogLoaderOptions {
  /** Topic config overrides known at startup (Kafka reads them from ZooKeeper), for logs found on disk. */
  readonly topicConfigs: ReadonlyMap<string, TopicConfigValues>;
  /** Dirs whose `meta.properties` could not be read: they start offline. */
  readonly initialOfflineDirs: ReadonlySet<string>;
  /** The broker's log config, for logs found on disk without topic overrides. */
  readonly defaultLogConfig: LogConfig;
}

export class LogLoader {
  constructor(
    private readonly ctx: LogManagerContext,
    private readonly checkpoints: LogCheckpoints,
    private readonly deleter: LogDeleter,
    private readonly options: LogLoaderOptions,
  ) {}

  /** Creates missing log dirs; a dir that cannot be created or is not a directory starts offline; none left → fatal. */
  createAndValidateLogDirs(): void {
    const ctx = this.ctx;
    const seen = new Set<string>();
    for (const dir of ctx.logDirs) {
      if (seen.has(dir)) {
        throw ctx.fatal(new KafkaException(`Duplicate log directory found: ${ctx.logDirs.join(', ')}`));
      }
      seen.add(dir);
    }
    for (const dir of ctx.logDirs) {
      try {
        if (this.options.initialOfflineDirs.has(dir)) throw new IOException(`Failed to load ${dir} during broker startup`);
        if (!ctx.fs.exists(dir)) {
          ctx.emit('INFO', `Log directory ${dir} not found, creating it.`, { type: 'log-dir-created', dir });
          try {
            ctx.fs.mkdirs(dir);
          } catch (e) {
            throw new IOException(`Failed to create data directory ${dir}`, { cause: e });
          }
        }
        if (!ctx.fs.stat(dir).isDirectory) throw new IOException(`${dir} is not a readable log directory.`);
        ctx.live.add(dir);
      } catch (e) {
        ctx.reportLogDirFailure(dir, `Failed to create or validate data directory ${dir}`, e);
      }
    }
    if (ctx.live.size === 0) {
      const message = `Shutdown broker because none of the specified log dirs from ${ctx.logDirs.join(', ')} can be created or validated`;
      throw ctx.fatal(new KafkaException(message), message, LOGGER);
    }
  }

  /** Creates `.lock` in each live dir; a dir that cannot be locked goes offline. */
  lockLogDirs(): void {
    const ctx = this.ctx;
    for (const dir of ctx.liveLogDirs) {
      const path = joinPath(dir, LOCK_FILE);
      try {
        if (ctx.fs.createFile(path)) ctx.fileCreated(dir, path, LOCK_FILE);
      } catch (e) {
        ctx.reportLogDirFailure(dir, `Disk error while locking directory ${dir}`, e);
        ctx.live.delete(dir);
      }
    }
  }

  /** `LogManager.loadLogs`: every live dir's partition dirs, yielding to the executor between slices. */
  async loadLogs(): Promise<void> {
    const ctx = this.ctx;
    ctx.emit('INFO', 'Loading logs.', { type: 'logs-loading-started' });
    const startMs = ctx.time.nowMs();
    let loaded = 0;
    const offlineDirs = new Map<string, unknown>();
    for (const dir of ctx.liveLogDirs) {
      const cleanShutdownPath = joinPath(dir, CLEAN_SHUTDOWN_FILE);
      let partitions = 0;
      let pendingDeletions = 0;
      let cleanShutdown = false;
      try {
        cleanShutdown = ctx.fs.exists(cleanShutdownPath);
        ctx.emit(
          'INFO',
          cleanShutdown
            ? `Skipping recovery for all logs in ${dir} since clean shutdown file was found`
            : `Attempting recovery for all logs in ${dir} since no clean shutdown file was found`,
          { type: 'log-dir-loading', dir, cleanShutdown },
        );
        const recoveryPoints = this.checkpoints.readRecoveryPoints(dir);
        const logStartOffsets = this.checkpoints.readLogStartOffsets(dir);
        const subdirs = ctx.fs.readdir(dir).filter((e) => e.isDirectory);
        for (let i = 0; i < subdirs.length; i++) {
          if (i > 0 && i % LOAD_SLICE === 0) {
            await ctx.executor.yield();
            // The broker was killed meanwhile: open no more logs.
            if ((ctx.state as LogManagerState) === 'halted') return;
          }
          const path = joinPath(dir, subdirs[i].name);
          try {
            const kind = this.loadLog(path, recoveryPoints, logStartOffsets, cleanShutdown);
            if (kind === 'delete') pendingDeletions++;
            else partitions++;
            loaded++;
          } catch (e) {
            if (e instanceof FileSystemError) {
              offlineDirs.set(dir, e);
              ctx.emit('ERROR', `Error while loading log dir ${dir}`, { type: 'error', dir, path }, { cause: e });
              continue;
            }
            if (
              e instanceof KafkaException &&
              ctx.config.invalidPartitionDirPolicy === 'offline-dir' &&
              !(e instanceof KafkaStorageException)
            ) {
              offlineDirs.set(dir, e);
              ctx.emit('ERROR', `Error while loading log dir ${dir}`, { type: 'error', dir, path }, { cause: e });
              break;
            }
            ctx.emit('ERROR', `There was an error in one of the threads during logs loading: ${throwableToString(e)}`, {
              type: 'error',
              dir,
              path,
            });
            throw ctx.fatal(e);
          }
        }
      } catch (e) {
        if (!(e instanceof FileSystemError)) throw e;
        offlineDirs.set(dir, e);
        ctx.emit('ERROR', `Error while loading log dir ${dir}`, { type: 'error', dir }, { cause: e });
      }
      if (cleanShutdown) {
        try {
          ctx.fs.rm(cleanShutdownPath, { force: true });
          ctx.emit('DEBUG', `Deleted clean shutdown file ${cleanShutdownPath}`, {
            type: 'clean-shutdown-marker-deleted',
            dir,
            path: cleanShutdownPath,
          });
        } catch (e) {
          offlineDirs.set(dir, e);
          ctx.emit('ERROR', `Error while deleting the clean shutdown file ${cleanShutdownPath}`, { type: 'error', dir }, { cause: e });
        }
      }
      ctx.emit('DEBUG', `Loaded ${partitions} logs and ${pendingDeletions} logs pending deletion in ${dir}`, {
        type: 'log-dir-loaded',
        dir,
        partitions,
        pendingDeletions,
        cleanShutdown,
      });
    }
    for (const [dir, e] of offlineDirs) {
      // Kafka reports every dir that failed during loading with this (misleading) message.
      ctx.reportLogDirFailure(dir, `Error while deleting the clean shutdown file in dir ${dir}`, e);
    }
    const durationMs = ctx.time.nowMs() - startMs;
    ctx.emit('INFO', `Logs loading complete in ${durationMs} ms.`, { type: 'logs-loaded', partitions: loaded, durationMs });
  }

  /** `LogManager.loadLog`: one partition dir found at startup. */
  private loadLog(
    path: string,
    recoveryPoints: TopicPartitionMap<number>,
    logStartOffsets: TopicPartitionMap<number>,
    hadCleanShutdown: boolean,
  ): 'current' | 'future' | 'delete' {
    const ctx = this.ctx;
    const { topicPartition, kind } = parsePartitionDirName(path);
    const overrides = this.options.topicConfigs.get(topicPartition.topic);
    const config = overrides ? LogConfig.fromProps(ctx.config.defaultLogConfig, overrides) : this.options.defaultLogConfig;
    const log = Log.load({
      ...ctx.logOptions(path, config),
      hadCleanShutdown,
      recoveryPoint: recoveryPoints.get(topicPartition) ?? 0,
      logStartOffset: logStartOffsets.get(topicPartition) ?? 0,
    });
    if (kind === 'delete') {
      const scheduledAtMs = this.deleter.addLogToBeDeleted(log);
      ctx.emit(
        'INFO',
        `Log for partition ${tpKey(topicPartition)} in ${path} is scheduled for deletion`,
        {
          type: 'partition-dir-queued-for-deletion',
          topicPartition,
          dir: log.parentDir,
          path,
          deleteAtMs: scheduledAtMs + ctx.config.fileDeleteDelayMs,
        },
        { level: 'DEBUG' },
      );
      return kind;
    }
    const map = kind === 'future' ? ctx.futureLogs : ctx.currentLogs;
    const previous = map.get(topicPartition);
    if (previous) {
      throw kind === 'future'
        ? new IllegalStateException(`Duplicate log directories found: ${path}, ${previous.dir}`)
        : new IllegalStateException(
            `Duplicate log directories for ${tpKey(topicPartition)} are found in both ${path} and ${previous.dir}. ` +
              'It is likely because log directory failure happened while broker was replacing current replica with future replica. ' +
              'Recover broker from this failure by manually deleting one of the two directories for this partition. ' +
              'It is recommended to delete the partition in the log directory that is known to have failed recently.',
          );
    }
    ctx.addLog(log, kind === 'future');
    return kind;
  }
}
