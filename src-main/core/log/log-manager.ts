/**
 * A broker's `LogManager` (`kafka.log.LogManager`, Kafka 2.5): the log dirs of one broker, the
 * partition logs in them, their creation, placement and asynchronous deletion, and the log-dir
 * checkpoints.
 *
 * startup(), in Kafka's order:
 *   1. create missing log dirs ("Log directory … not found, creating it."); a dir that cannot be
 *      created or is not a directory starts offline; none left → fatal
 *   2. `.lock` in each live dir; `recovery-point-offset-checkpoint` and `log-start-offset-checkpoint`
 *      opened (created empty, 0 bytes, if missing)
 *   3. load logs, dir by dir: read both checkpoints (a bad one: warning, offsets fall back to 0, and
 *      the dir is reported failed), then every subdirectory: `<t>-<p>` → live log, `-future` →
 *      future log, `-delete` → queued for removal `file.delete.delay.ms` from now; anything else is
 *      Kafka's "Found directory … is not in the form of topic-partition …" (fatal for startup, or the
 *      dir goes offline with `invalidPartitionDirPolicy: 'offline-dir'`); then `.kafka_cleanshutdown`
 *      is deleted
 *   4. `cleaner-offset-checkpoint` (when `log.cleaner.enable`, as the LogCleaner opens it) and
 *      `replication-offset-checkpoint` (as the ReplicaManager opens it): created empty
 *   5. periodic tasks on the injected clock: kafka-recovery-point-checkpoint,
 *      kafka-log-start-offset-checkpoint (30 s, then every interval) and kafka-delete-logs (30 s, then
 *      re-scheduled for the next due deletion)
 *
 * Checkpoints are written only for dirs that hold at least one log (Kafka iterates `logsByDir`), so
 * an empty log dir keeps 0-byte checkpoint files, and deleting a dir's last partition leaves its
 * entry in that dir's recovery-point checkpoint — both as a 2.5 broker does.
 *
 * Cost: `getOrCreateLog` touches only the new partition's files and in-memory counters; callers
 * creating thousands of logs loop and yield between slices. `asyncDelete` rewrites the dir's
 * checkpoints (as Kafka does), so it costs O(partitions in that dir).
 *
 * Not here yet: log retention and the flusher (data path), the log cleaner itself, preferred log dirs
 * and future-log creation (AlterReplicaLogDirs).
 */
import { describeError, IllegalStateException, throwableToString } from '../common/java-lang';
import type { TopicPartition } from '../common/topic-partition';
import { TopicPartitionMap, compareTopicPartitions, tpKey } from '../common/topic-partition';
import type { Executor } from '../platform/executor';
import { microtaskExecutor } from '../platform/executor';
import type { FileSystem } from '../platform/file-system';
import { FileSystemError, isAbsolutePath, joinPath, parentPath, trimTrailingSeparators } from '../platform/file-system';
import type { Random } from '../platform/random';
import type { ScheduledTask, Time } from '../platform/scheduler';
import { OffsetCheckpointFile } from './checkpoint-file';
import { IOException, KafkaException, KafkaStorageException, LogDirNotFoundException } from './errors';
import { Log } from './log';
import type { TopicConfigValues } from './log-config';
import { LOG_CONFIG_DEFAULTS, LogConfig } from './log-config';
import {
  CLEANER_OFFSET_CHECKPOINT_FILE,
  CLEAN_SHUTDOWN_FILE,
  LOCK_FILE,
  LOG_START_OFFSET_CHECKPOINT_FILE,
  RECOVERY_POINT_CHECKPOINT_FILE,
  REPLICATION_OFFSET_CHECKPOINT_FILE,
  logDeleteDirName,
  logDirName,
  newUniqueId,
  parsePartitionDirName,
} from './log-dir-names';
import type { LogLevel, LogManagerEvent, LogManagerEventBody } from './log-manager-event';

/** `LogManager.InitialTaskDelayMs`: the background tasks first run 30 s after startup. */
export const INITIAL_TASK_DELAY_MS = 30_000;

const LOGGER = 'kafka.log.LogManager';
const FAILURE_CHANNEL_LOGGER = 'kafka.server.LogDirFailureChannel';
/** Partition dirs loaded (or logs closed) between two yields to the executor. */
const LOAD_SLICE = 100;

export interface LogManagerConfig {
  /** `log.segment.delete.delay.ms` (default of the topic config `file.delete.delay.ms`): how long a `-delete` dir stays. */
  readonly fileDeleteDelayMs: number;
  /** `log.flush.offset.checkpoint.interval.ms`: recovery-point checkpoint period. */
  readonly flushRecoveryOffsetCheckpointMs: number;
  /** `log.flush.start.offset.checkpoint.interval.ms`: log-start-offset checkpoint period. */
  readonly flushStartOffsetCheckpointMs: number;
  /** `replica.high.watermark.checkpoint.interval.ms`: high-watermark checkpoint period (see `startHighWatermarkCheckpointTask`). */
  readonly highWatermarkCheckpointIntervalMs: number;
  /** `log.cleaner.enable`: the cleaner opens (creates) `cleaner-offset-checkpoint` in each dir. */
  readonly cleanerEnable: boolean;
  /** The broker's log config defaults (`KafkaServer.copyKafkaConfigToLog`), used for logs found on disk. */
  readonly defaultLogConfig: TopicConfigValues;
  /**
   * A subdirectory that is not a partition dir: Kafka 2.5 fails the broker's startup
   * (`'fail-startup'`, default); `'offline-dir'` takes only that log dir offline.
   */
  readonly invalidPartitionDirPolicy: 'fail-startup' | 'offline-dir';
}

export const DEFAULT_LOG_MANAGER_CONFIG: LogManagerConfig = {
  fileDeleteDelayMs: 60_000,
  flushRecoveryOffsetCheckpointMs: 60_000,
  flushStartOffsetCheckpointMs: 60_000,
  highWatermarkCheckpointIntervalMs: 5_000,
  cleanerEnable: true,
  defaultLogConfig: LOG_CONFIG_DEFAULTS,
  invalidPartitionDirPolicy: 'fail-startup',
};

export interface LogManagerOptions {
  readonly fs: FileSystem;
  readonly time: Time;
  readonly random: Random;
  /** Where long loops (loading, shutdown) yield; default: microtasks. */
  readonly executor?: Executor;
  readonly brokerId: number;
  /** `log.dirs`: absolute paths. */
  readonly logDirs: readonly string[];
  readonly config?: Partial<LogManagerConfig>;
  /** Topic config overrides known at startup (Kafka reads them from ZooKeeper), for logs found on disk. */
  readonly topicConfigs?: ReadonlyMap<string, TopicConfigValues>;
  /** Dirs whose `meta.properties` could not be read: they start offline. */
  readonly initialOfflineDirs?: readonly string[];
  readonly onEvent?: (event: LogManagerEvent) => void;
  /**
   * The consumer of Kafka's LogDirFailureChannel (the ReplicaManager, which also tells the
   * controller). Default: the LogManager takes the dir offline itself (`handleLogDirFailure`).
   */
  readonly onLogDirFailure?: (dir: string) => void;
}

export type LogManagerState = 'created' | 'starting' | 'running' | 'shutting-down' | 'shut-down' | 'failed' | 'halted';

/** A `-delete` dir waiting for its physical removal. */
export interface PendingDeletion {
  readonly topicPartition: TopicPartition;
  readonly dir: string;
  readonly path: string;
  readonly scheduledAtMs: number;
  readonly deleteAtMs: number;
}

interface QueuedLog {
  readonly log: Log;
  readonly scheduledAtMs: number;
}

export class LogManager {
  readonly brokerId: number;
  readonly logDirs: readonly string[];
  readonly config: LogManagerConfig;

  private readonly fs: FileSystem;
  private readonly time: Time;
  private readonly random: Random;
  private readonly executor: Executor;
  private readonly topicConfigs: ReadonlyMap<string, TopicConfigValues>;
  private readonly initialOfflineDirs: ReadonlySet<string>;
  private readonly onEvent: (event: LogManagerEvent) => void;
  private readonly onLogDirFailure: ((dir: string) => void) | undefined;
  private readonly defaultLogConfig: LogConfig;

  private stateValue: LogManagerState = 'created';
  private readonly live = new Set<string>();
  private readonly currentLogs = new TopicPartitionMap<Log>();
  private readonly futureLogs = new TopicPartitionMap<Log>();
  /** Current and future logs of each dir; its size is the dir's partition count (placement). */
  private readonly logsInDir = new Map<string, TopicPartitionMap<Log>>();
  /** FIFO of logs waiting for removal (`logsToBeDeleted`); `deleteHead` is the index of the oldest. */
  private readonly deleteQueue: QueuedLog[] = [];
  private deleteHead = 0;
  private readonly recoveryPointCheckpoints = new Map<string, OffsetCheckpointFile>();
  private readonly logStartOffsetCheckpoints = new Map<string, OffsetCheckpointFile>();
  private readonly highWatermarkCheckpoints = new Map<string, OffsetCheckpointFile>();
  private readonly cleanerCheckpoints = new Map<string, OffsetCheckpointFile>();
  /** LogDirFailureChannel: dirs reported failed, and those not yet handed to the handler. */
  private readonly reportedOfflineDirs = new Set<string>();
  private readonly pendingOfflineDirs: string[] = [];
  /** Dirs `handleLogDirFailure` has taken offline. */
  private readonly handledOfflineDirs = new Set<string>();
  private readonly tasks: ScheduledTask[] = [];
  private deleteLogsTask: ScheduledTask | null = null;
  private highWatermarkTask: ScheduledTask | null = null;

  constructor(options: LogManagerOptions) {
    this.fs = options.fs;
    this.time = options.time;
    this.random = options.random;
    this.executor = options.executor ?? microtaskExecutor;
    this.brokerId = options.brokerId;
    this.config = { ...DEFAULT_LOG_MANAGER_CONFIG, ...options.config };
    this.topicConfigs = options.topicConfigs ?? new Map();
    this.onEvent = options.onEvent ?? (() => {});
    this.onLogDirFailure = options.onLogDirFailure;
    this.defaultLogConfig = LogConfig.fromProps(this.config.defaultLogConfig);
    if (options.logDirs.length === 0) throw new IllegalStateException('log.dirs must name at least one directory');
    for (const dir of options.logDirs) {
      if (!isAbsolutePath(dir)) throw new IllegalStateException(`Log dir ${dir} is not an absolute path`);
    }
    this.logDirs = options.logDirs.map(trimTrailingSeparators);
    this.initialOfflineDirs = new Set((options.initialOfflineDirs ?? []).map(trimTrailingSeparators));
  }

  get state(): LogManagerState {
    return this.stateValue;
  }

  /** Live log dirs, in `log.dirs` order. */
  get liveLogDirs(): string[] {
    return this.logDirs.filter((d) => this.live.has(d));
  }

  get offlineLogDirs(): string[] {
    return this.logDirs.filter((d) => !this.live.has(d));
  }

  // --- startup ---------------------------------------------------------------------------------

  /** Creates, locks and loads the log dirs and starts the background tasks (see the file comment). */
  async startup(): Promise<void> {
    if (this.stateValue !== 'created') throw new IllegalStateException(`LogManager cannot start: it is ${this.stateValue}`);
    this.stateValue = 'starting';
    try {
      this.createAndValidateLogDirs();
      this.lockLogDirs();
      for (const dir of this.liveLogDirs) {
        this.recoveryPointCheckpoints.set(dir, this.openCheckpoint(dir, RECOVERY_POINT_CHECKPOINT_FILE));
        this.logStartOffsetCheckpoints.set(dir, this.openCheckpoint(dir, LOG_START_OFFSET_CHECKPOINT_FILE));
      }
      await this.loadLogs();
      if (this.config.cleanerEnable) {
        for (const dir of this.liveLogDirs) this.cleanerCheckpoints.set(dir, this.openCheckpoint(dir, CLEANER_OFFSET_CHECKPOINT_FILE));
      }
      for (const dir of this.liveLogDirs) {
        this.highWatermarkCheckpoints.set(dir, this.openCheckpoint(dir, REPLICATION_OFFSET_CHECKPOINT_FILE));
      }
    } catch (e) {
      if (this.stateValue === 'starting') this.stateValue = 'failed';
      throw e;
    }
    this.scheduleTasks();
    this.stateValue = 'running';
    this.emit('DEBUG', `LogManager of broker ${this.brokerId} started with log dirs ${this.liveLogDirs.join(', ')}`, {
      type: 'started',
    });
    this.processLogDirFailures();
  }

  private createAndValidateLogDirs(): void {
    const seen = new Set<string>();
    for (const dir of this.logDirs) {
      if (seen.has(dir)) {
        throw this.fatal(new KafkaException(`Duplicate log directory found: ${this.logDirs.join(', ')}`));
      }
      seen.add(dir);
    }
    for (const dir of this.logDirs) {
      try {
        if (this.initialOfflineDirs.has(dir)) throw new IOException(`Failed to load ${dir} during broker startup`);
        if (!this.fs.exists(dir)) {
          this.emit('INFO', `Log directory ${dir} not found, creating it.`, { type: 'log-dir-created', dir });
          try {
            this.fs.mkdirs(dir);
          } catch (e) {
            throw new IOException(`Failed to create data directory ${dir}`, { cause: e });
          }
        }
        if (!this.fs.stat(dir).isDirectory) throw new IOException(`${dir} is not a readable log directory.`);
        this.live.add(dir);
      } catch (e) {
        this.reportLogDirFailure(dir, `Failed to create or validate data directory ${dir}`, e);
      }
    }
    if (this.live.size === 0) {
      const message = `Shutdown broker because none of the specified log dirs from ${this.logDirs.join(', ')} can be created or validated`;
      throw this.fatal(new KafkaException(message), message, LOGGER);
    }
  }

  private lockLogDirs(): void {
    for (const dir of this.liveLogDirs) {
      const path = joinPath(dir, LOCK_FILE);
      try {
        if (this.fs.createFile(path)) this.fileCreated(dir, path, LOCK_FILE);
      } catch (e) {
        this.reportLogDirFailure(dir, `Disk error while locking directory ${dir}`, e);
        this.live.delete(dir);
      }
    }
  }

  private openCheckpoint(dir: string, file: string): OffsetCheckpointFile {
    const checkpoint = new OffsetCheckpointFile(this.fs, joinPath(dir, file));
    try {
      if (checkpoint.createIfMissing()) this.fileCreated(dir, checkpoint.path, file);
    } catch (e) {
      this.reportLogDirFailure(dir, `Error while creating checkpoint file ${checkpoint.path}`, e);
    }
    return checkpoint;
  }

  private async loadLogs(): Promise<void> {
    this.emit('INFO', 'Loading logs.', { type: 'logs-loading-started' });
    const startMs = this.time.nowMs();
    let loaded = 0;
    const offlineDirs = new Map<string, unknown>();
    for (const dir of this.liveLogDirs) {
      const cleanShutdownPath = joinPath(dir, CLEAN_SHUTDOWN_FILE);
      let partitions = 0;
      let pendingDeletions = 0;
      let cleanShutdown = false;
      try {
        cleanShutdown = this.fs.exists(cleanShutdownPath);
        this.emit(
          'INFO',
          cleanShutdown
            ? `Skipping recovery for all logs in ${dir} since clean shutdown file was found`
            : `Attempting recovery for all logs in ${dir} since no clean shutdown file was found`,
          { type: 'log-dir-loading', dir, cleanShutdown },
        );
        const recoveryPoints = this.readLoadTimeCheckpoint(dir, this.recoveryPointCheckpoints, RECOVERY_POINT_CHECKPOINT_FILE, [
          'Resetting the recovery checkpoint to 0',
        ]);
        const logStartOffsets = this.readLoadTimeCheckpoint(dir, this.logStartOffsetCheckpoints, LOG_START_OFFSET_CHECKPOINT_FILE, []);
        const subdirs = this.fs.readdir(dir).filter((e) => e.isDirectory);
        for (let i = 0; i < subdirs.length; i++) {
          if (i > 0 && i % LOAD_SLICE === 0) await this.executor.yield();
          const path = joinPath(dir, subdirs[i].name);
          try {
            const kind = this.loadLog(path, recoveryPoints, logStartOffsets);
            if (kind === 'delete') pendingDeletions++;
            else partitions++;
            loaded++;
          } catch (e) {
            if (e instanceof FileSystemError) {
              offlineDirs.set(dir, e);
              this.emit('ERROR', `Error while loading log dir ${dir}`, { type: 'error', dir, path }, { cause: e });
              continue;
            }
            if (e instanceof KafkaException && this.config.invalidPartitionDirPolicy === 'offline-dir' && !(e instanceof KafkaStorageException)) {
              offlineDirs.set(dir, e);
              this.emit('ERROR', `Error while loading log dir ${dir}`, { type: 'error', dir, path }, { cause: e });
              break;
            }
            this.emit('ERROR', `There was an error in one of the threads during logs loading: ${throwableToString(e)}`, {
              type: 'error',
              dir,
              path,
            });
            throw this.fatal(e);
          }
        }
      } catch (e) {
        if (!(e instanceof FileSystemError)) throw e;
        offlineDirs.set(dir, e);
        this.emit('ERROR', `Error while loading log dir ${dir}`, { type: 'error', dir }, { cause: e });
      }
      if (cleanShutdown) {
        try {
          this.fs.rm(cleanShutdownPath, { force: true });
          this.emit('DEBUG', `Deleted clean shutdown file ${cleanShutdownPath}`, {
            type: 'clean-shutdown-marker-deleted',
            dir,
            path: cleanShutdownPath,
          });
        } catch (e) {
          offlineDirs.set(dir, e);
          this.emit('ERROR', `Error while deleting the clean shutdown file ${cleanShutdownPath}`, { type: 'error', dir }, { cause: e });
        }
      }
      this.emit('DEBUG', `Loaded ${partitions} logs and ${pendingDeletions} logs pending deletion in ${dir}`, {
        type: 'log-dir-loaded',
        dir,
        partitions,
        pendingDeletions,
        cleanShutdown,
      });
    }
    for (const [dir, e] of offlineDirs) {
      // Kafka reports every dir that failed during loading with this (misleading) message.
      this.reportLogDirFailure(dir, `Error while deleting the clean shutdown file in dir ${dir}`, e);
    }
    const durationMs = this.time.nowMs() - startMs;
    this.emit('INFO', `Logs loading complete in ${durationMs} ms.`, { type: 'logs-loaded', partitions: loaded, durationMs });
  }

  /** Reads a checkpoint at load time: a bad one is a warning (offsets default to 0) and a failed dir. */
  private readLoadTimeCheckpoint(
    dir: string,
    checkpoints: Map<string, OffsetCheckpointFile>,
    file: string,
    extraWarnings: string[],
  ): TopicPartitionMap<number> {
    const checkpoint = checkpoints.get(dir);
    if (!checkpoint) return new TopicPartitionMap();
    try {
      return checkpoint.read();
    } catch (e) {
      this.reportLogDirFailure(dir, e instanceof Error ? e.message : String(e), e instanceof Error && e.cause ? e.cause : e);
      this.emit('WARN', `Error occurred while reading ${file} file of directory ${dir}`, { type: 'warning', dir, path: checkpoint.path }, { cause: e });
      for (const w of extraWarnings) this.emit('WARN', w, { type: 'warning', dir });
      return new TopicPartitionMap();
    }
  }

  /** `LogManager.loadLog`: one partition dir found at startup. */
  private loadLog(
    path: string,
    recoveryPoints: TopicPartitionMap<number>,
    logStartOffsets: TopicPartitionMap<number>,
  ): 'current' | 'future' | 'delete' {
    const { topicPartition, kind } = parsePartitionDirName(path);
    const overrides = this.topicConfigs.get(topicPartition.topic);
    const config = overrides ? LogConfig.fromProps(this.config.defaultLogConfig, overrides) : this.defaultLogConfig;
    const log = Log.load({
      fs: this.fs,
      dir: path,
      config,
      recoveryPoint: recoveryPoints.get(topicPartition) ?? 0,
      logStartOffset: logStartOffsets.get(topicPartition) ?? 0,
    });
    if (kind === 'delete') {
      const scheduledAtMs = this.addLogToBeDeleted(log);
      this.emit(
        'INFO',
        `Log for partition ${tpKey(topicPartition)} in ${path} is scheduled for deletion`,
        {
          type: 'partition-dir-queued-for-deletion',
          topicPartition,
          dir: log.parentDir,
          path,
          deleteAtMs: scheduledAtMs + this.config.fileDeleteDelayMs,
        },
        { level: 'DEBUG' },
      );
      return kind;
    }
    const map = kind === 'future' ? this.futureLogs : this.currentLogs;
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
    this.addLog(log, kind === 'future');
    return kind;
  }

  private scheduleTasks(): void {
    this.tasks.push(
      this.time.schedulePeriodic(
        'kafka-recovery-point-checkpoint',
        INITIAL_TASK_DELAY_MS,
        this.config.flushRecoveryOffsetCheckpointMs,
        () => this.guarded(() => this.checkpointLogRecoveryOffsets()),
      ),
      this.time.schedulePeriodic(
        'kafka-log-start-offset-checkpoint',
        INITIAL_TASK_DELAY_MS,
        this.config.flushStartOffsetCheckpointMs,
        () => this.guarded(() => this.checkpointLogStartOffsets()),
      ),
    );
    // Log retention and the flusher (kafka-log-retention, kafka-log-flusher) come with the data path.
    this.deleteLogsTask = this.time.schedule('kafka-delete-logs', INITIAL_TASK_DELAY_MS, () => this.deleteLogs());
  }

  // --- logs --------------------------------------------------------------------------------------

  getLog(tp: TopicPartition, isFuture = false): Log | undefined {
    return (isFuture ? this.futureLogs : this.currentLogs).get(tp);
  }

  /** Current and future logs. */
  allLogs(): Log[] {
    return [...this.currentLogs.values(), ...this.futureLogs.values()];
  }

  /** Current and future logs of `topic`. */
  logsByTopic(topic: string): Log[] {
    return this.allLogs().filter((l) => l.topicPartition.topic === topic);
  }

  /** Log dir → its logs (current and future), for every dir that holds at least one. */
  logsByDir(): Map<string, Log[]> {
    const out = new Map<string, Log[]>();
    for (const [dir, logs] of this.logsInDir) if (logs.size > 0) out.set(dir, [...logs.values()]);
    return out;
  }

  /** Number of partition logs in each live dir (what placement compares). */
  partitionCounts(): Map<string, number> {
    return new Map(this.liveLogDirs.map((d) => [d, this.logsInDir.get(d)?.size ?? 0]));
  }

  /** `-delete` dirs waiting for removal, oldest first. */
  pendingDeletions(): PendingDeletion[] {
    return this.deleteQueue.slice(this.deleteHead).map(({ log, scheduledAtMs }) => ({
      topicPartition: log.topicPartition,
      dir: log.parentDir,
      path: log.dir,
      scheduledAtMs,
      deleteAtMs: scheduledAtMs + this.config.fileDeleteDelayMs,
    }));
  }

  /** `LogManager.isLogDirOnline`. */
  isLogDirOnline(dir: string): boolean {
    const d = trimTrailingSeparators(dir);
    if (!this.logDirs.includes(d)) throw new LogDirNotFoundException(`Log dir ${dir} is not found in the config.`);
    return this.live.has(d);
  }

  /**
   * `LogManager.getOrCreateLog`: the partition's log, created if missing in the live log dir that
   * holds the fewest partitions (ties: the first in `log.dirs`). `isNew` is LeaderAndIsr's flag: a
   * replica that should already exist is not re-created while a log dir is offline (it may be there).
   */
  getOrCreateLog(tp: TopicPartition, config: TopicConfigValues | LogConfig = {}, options: { isNew?: boolean } = {}): Log {
    this.checkRunning('create a log');
    const existing = this.currentLogs.get(tp);
    if (existing) return existing;
    try {
      const offline = this.offlineLogDirs;
      if (!options.isNew && offline.length > 0) {
        throw new KafkaStorageException(`Can not create log for ${tpKey(tp)} because log directories ${offline.join(',')} are offline`);
      }
      const logConfig = config instanceof LogConfig ? config : LogConfig.fromProps(this.config.defaultLogConfig, config);
      const name = logDirName(tp);
      const candidates = this.nextLogDirs();
      let partitionDir: string | null = null;
      for (const dir of candidates) {
        const path = joinPath(dir, name);
        try {
          this.fs.mkdirs(path);
          partitionDir = path;
          break;
        } catch (e) {
          const msg = `Error while creating log for ${name} in dir ${dir}`;
          this.emit('WARN', msg, { type: 'warning', dir, path }, { cause: e });
          this.reportLogDirFailure(dir, msg, e);
        }
      }
      if (partitionDir === null) {
        throw new KafkaStorageException(`No log directories available. Tried ${candidates.join(', ')}`);
      }
      let log: Log;
      try {
        log = Log.create({ fs: this.fs, dir: partitionDir, config: logConfig });
      } catch (e) {
        const dir = parentPath(partitionDir);
        const msg = `Error while creating log for ${name} in dir ${dir}`;
        this.reportLogDirFailure(dir, msg, e);
        throw new KafkaStorageException(msg, { cause: e });
      }
      this.addLog(log, false);
      this.emit('INFO', `Created log for partition ${tpKey(tp)} in ${log.dir} with properties ${logConfig.formatOriginals()}.`, {
        type: 'partition-dir-created',
        topicPartition: tp,
        dir: log.parentDir,
        path: log.dir,
      });
      return log;
    } finally {
      this.processLogDirFailures();
    }
  }

  /** `LogManager.nextLogDirs`: live dirs by ascending partition count (stable: `log.dirs` order on ties). */
  private nextLogDirs(): string[] {
    const live = this.liveLogDirs;
    if (live.length === 1) return live;
    const count = (d: string): number => this.logsInDir.get(d)?.size ?? 0;
    return live.map((d, i) => ({ d, i, n: count(d) })).sort((a, b) => a.n - b.n || a.i - b.i).map((x) => x.d);
  }

  /**
   * `LogManager.asyncDelete`: takes the log out of the live set, renames its dir to
   * `<topic>-<p>.<uuid>-delete`, rewrites the dir's checkpoints without it and queues it for
   * removal `fileDeleteDelayMs` from now. Returns the removed log, or undefined if there was none.
   */
  asyncDelete(tp: TopicPartition, isFuture = false): Log | undefined {
    this.checkRunning('delete a log');
    try {
      const map = isFuture ? this.futureLogs : this.currentLogs;
      const removed = map.get(tp);
      if (!removed) {
        const offline = this.offlineLogDirs;
        if (offline.length > 0) {
          throw new KafkaStorageException(
            `Failed to delete log for ${isFuture ? 'future' : ''} ${tpKey(tp)} because it may be in one of the offline directories ${offline.join(',')}`,
          );
        }
        return undefined;
      }
      this.removeLog(removed, isFuture);
      const dir = removed.parentDir;
      const from = removed.dir;
      if (this.config.cleanerEnable && !isFuture) this.updateCleanerCheckpoint(dir);
      try {
        removed.renameDir(logDeleteDirName(tp, newUniqueId(this.random)));
      } catch (e) {
        const msg = `Error while renaming dir for ${tpKey(tp)} in log dir ${dir}`;
        this.reportLogDirFailure(dir, msg, e);
        throw new KafkaStorageException(msg, { cause: e });
      }
      this.checkpointLogRecoveryOffsetsInDir(dir);
      this.checkpointLogStartOffsetsInDir(dir);
      const scheduledAtMs = this.addLogToBeDeleted(removed);
      this.emit('INFO', `Log for partition ${tpKey(tp)} is renamed to ${removed.dir} and is scheduled for deletion`, {
        type: 'partition-dir-renamed-for-deletion',
        topicPartition: tp,
        dir,
        from,
        to: removed.dir,
        deleteAtMs: scheduledAtMs + this.config.fileDeleteDelayMs,
      });
      return removed;
    } finally {
      this.processLogDirFailures();
    }
  }

  private addLogToBeDeleted(log: Log): number {
    const scheduledAtMs = this.time.nowMs();
    this.deleteQueue.push({ log, scheduledAtMs });
    return scheduledAtMs;
  }

  /**
   * The kafka-delete-logs task: removes every queued log whose delay has passed, then re-schedules
   * itself for the next one due (or `fileDeleteDelayMs` later when none is queued).
   */
  private deleteLogs(): void {
    let nextDelayMs = 0;
    const nextDeleteDelayMs = (): number => {
      const head = this.deleteQueue[this.deleteHead];
      // Kafka would spin with file.delete.delay.ms = 0 and nothing queued; wait at least 1 ms.
      return head ? head.scheduledAtMs + this.config.fileDeleteDelayMs - this.time.nowMs() : Math.max(1, this.config.fileDeleteDelayMs);
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
      this.emit('ERROR', 'Exception in kafka-delete-logs thread.', { type: 'error' }, { cause: e });
    } finally {
      this.processLogDirFailures();
      if (this.stateValue === 'running') {
        this.deleteLogsTask = this.time.schedule('kafka-delete-logs', Math.max(0, nextDelayMs), () => this.deleteLogs());
      }
    }
  }

  private deleteOneLog(log: Log): void {
    const dir = log.parentDir;
    const path = log.dir;
    try {
      if (!this.live.has(dir)) {
        throw new KafkaStorageException(`The log dir ${dir} is already offline due to a previous IO exception.`);
      }
      try {
        log.delete();
      } catch (e) {
        const msg = `Error while deleting log for ${log.partitionName} in dir ${dir}`;
        this.reportLogDirFailure(dir, msg, e);
        throw new KafkaStorageException(msg, { cause: e });
      }
      this.emit('INFO', `Deleted log for partition ${log.partitionName} in ${path}.`, {
        type: 'partition-dir-removed',
        topicPartition: log.topicPartition,
        dir,
        path,
      });
    } catch (e) {
      this.emit('ERROR', `Exception while deleting ${log.toString()} in dir ${dir}.`, { type: 'error', dir, path }, { cause: e });
    }
  }

  // --- log dir failure ---------------------------------------------------------------------------

  /**
   * `LogManager.handleLogDirFailure`: stops serving the dir. Its logs leave the live set (their
   * files stay on disk), its checkpoints are no longer written, new logs go to other dirs. If no
   * dir is left, Kafka halts the broker: a 'fatal' event says so and the LogManager stops.
   */
  handleLogDirFailure(dir: string): void {
    const d = trimTrailingSeparators(dir);
    if (!this.logDirs.includes(d)) throw new LogDirNotFoundException(`Log dir ${dir} is not found in the config.`);
    if (this.handledOfflineDirs.has(d)) return;
    this.handledOfflineDirs.add(d);
    this.emit('WARN', `Stopping serving logs in dir ${d}`, { type: 'warning', dir: d });
    this.live.delete(d);
    const halt = this.live.size === 0 && this.stateValue !== 'halted';
    if (halt) {
      this.emit('FATAL', `Shutdown broker because all log dirs in ${this.logDirs.join(', ')} have failed`, { type: 'fatal' });
    }
    this.recoveryPointCheckpoints.delete(d);
    this.logStartOffsetCheckpoints.delete(d);
    this.highWatermarkCheckpoints.delete(d);
    this.cleanerCheckpoints.delete(d);
    const offlineCurrent: TopicPartition[] = [];
    const offlineFuture: TopicPartition[] = [];
    for (const log of [...(this.logsInDir.get(d)?.values() ?? [])]) {
      (log.isFuture ? offlineFuture : offlineCurrent).push(log.topicPartition);
      this.removeLog(log, log.isFuture);
      log.closeHandlers();
    }
    offlineCurrent.sort(compareTopicPartitions);
    offlineFuture.sort(compareTopicPartitions);
    this.emit(
      'WARN',
      `Logs for partitions ${offlineCurrent.map(tpKey).join(',')} are offline and logs for future partitions ` +
        `${offlineFuture.map(tpKey).join(',')} are offline due to failure on log directory ${d}`,
      { type: 'log-dir-failed', dir: d, offlinePartitions: offlineCurrent, offlineFuturePartitions: offlineFuture },
    );
    if (halt) this.halt();
  }

  /** LogDirFailureChannel.maybeAddOfflineLogDir: logs the error once per dir and queues the dir for the handler. */
  private reportLogDirFailure(dir: string, message: string, cause: unknown): void {
    this.emit('ERROR', message, { type: 'error', dir }, { cause, logger: FAILURE_CHANNEL_LOGGER });
    if (this.reportedOfflineDirs.has(dir)) return;
    this.reportedOfflineDirs.add(dir);
    this.pendingOfflineDirs.push(dir);
  }

  /** Hands reported dirs to the handler (the ReplicaManager, or `handleLogDirFailure`) once startup is over. */
  private processLogDirFailures(): void {
    if (this.stateValue !== 'running' && this.stateValue !== 'shutting-down') return;
    while (this.pendingOfflineDirs.length > 0) {
      const dir = this.pendingOfflineDirs.shift() as string;
      if (this.onLogDirFailure) this.onLogDirFailure(dir);
      else this.handleLogDirFailure(dir);
    }
  }

  /**
   * The broker's process is killed: background tasks stop, nothing is checkpointed and no
   * `.kafka_cleanshutdown` is written, so the next start recovers as after a crash.
   */
  kill(): void {
    this.halt();
  }

  private halt(): void {
    this.cancelTasks();
    this.stateValue = 'halted';
  }

  /** Stops every background task: the periodic ones, the log deleter and the high-watermark checkpoint. */
  private cancelTasks(): void {
    for (const t of this.tasks) this.time.cancel(t);
    this.tasks.length = 0;
    if (this.deleteLogsTask) this.time.cancel(this.deleteLogsTask);
    if (this.highWatermarkTask) this.time.cancel(this.highWatermarkTask);
    this.deleteLogsTask = null;
    this.highWatermarkTask = null;
  }

  // --- checkpoints -------------------------------------------------------------------------------

  /** kafka-recovery-point-checkpoint: each live dir's logs' recovery points (dirs with logs only). */
  checkpointLogRecoveryOffsets(): void {
    for (const dir of this.liveLogDirs) this.checkpointLogRecoveryOffsetsInDir(dir);
    this.processLogDirFailures();
  }

  /** kafka-log-start-offset-checkpoint: log start offsets above the first segment's base (dirs with logs only). */
  checkpointLogStartOffsets(): void {
    for (const dir of this.liveLogDirs) this.checkpointLogStartOffsetsInDir(dir);
    this.processLogDirFailures();
  }

  /**
   * ReplicaManager's highwatermark-checkpoint: each log's high watermark into its dir's
   * `replication-offset-checkpoint` (dirs with logs only).
   */
  checkpointHighWatermarks(): void {
    for (const dir of this.liveLogDirs) {
      const logs = this.logsInDir.get(dir);
      if (!logs || logs.size === 0) continue;
      this.writeCheckpoint(dir, this.highWatermarkCheckpoints.get(dir), [...logs.values()].map((l) => [l.topicPartition, l.highWatermark] as const));
    }
    this.processLogDirFailures();
  }

  /**
   * Starts the periodic high-watermark checkpoint, as the ReplicaManager does on its first
   * LeaderAndIsr (first run now, then every `highWatermarkCheckpointIntervalMs`). Idempotent.
   */
  startHighWatermarkCheckpointTask(): void {
    this.checkRunning('start the high watermark checkpoint');
    if (this.highWatermarkTask) return;
    this.highWatermarkTask = this.time.schedulePeriodic(
      'highwatermark-checkpoint',
      0,
      this.config.highWatermarkCheckpointIntervalMs,
      () => this.guarded(() => this.checkpointHighWatermarks()),
    );
  }

  private checkpointLogRecoveryOffsetsInDir(dir: string): void {
    const logs = this.logsInDir.get(dir);
    if (!logs || logs.size === 0 || !this.live.has(dir)) return;
    this.writeCheckpoint(dir, this.recoveryPointCheckpoints.get(dir), [...logs].map(([tp, l]) => [tp, l.recoveryPoint] as const));
  }

  private checkpointLogStartOffsetsInDir(dir: string): void {
    const logs = this.logsInDir.get(dir);
    if (!logs || logs.size === 0 || !this.live.has(dir)) return;
    const entries: (readonly [TopicPartition, number])[] = [];
    for (const [tp, log] of logs) {
      const firstBase = log.segments[0]?.baseOffset ?? 0;
      if (log.logStartOffset > firstBase) entries.push([tp, log.logStartOffset]);
    }
    this.writeCheckpoint(dir, this.logStartOffsetCheckpoints.get(dir), entries);
  }

  /** `LogCleanerManager.updateCheckpoints(dir, None)`: keeps only entries of partitions still live. */
  private updateCleanerCheckpoint(dir: string): void {
    const checkpoint = this.cleanerCheckpoints.get(dir);
    if (!checkpoint) return;
    try {
      const kept = [...checkpoint.read()].filter(([tp]) => this.currentLogs.has(tp));
      this.writeCheckpoint(dir, checkpoint, kept);
    } catch (e) {
      this.reportLogDirFailure(dir, `Failed to access checkpoint file ${CLEANER_OFFSET_CHECKPOINT_FILE} in dir ${dir}`, e);
    }
  }

  private writeCheckpoint(
    dir: string,
    checkpoint: OffsetCheckpointFile | undefined,
    entries: Iterable<readonly [TopicPartition, number]>,
  ): void {
    if (!checkpoint) return;
    try {
      const n = checkpoint.write(entries);
      this.emit('DEBUG', `Wrote ${n} entries to ${checkpoint.path}`, {
        type: 'checkpoint-written',
        dir,
        path: checkpoint.path,
        file: checkpoint.path.slice(dir.length + 1),
        entries: n,
      });
    } catch (e) {
      this.reportLogDirFailure(dir, e instanceof Error ? e.message : String(e), e instanceof Error && e.cause ? e.cause : e);
    }
  }

  // --- shutdown ----------------------------------------------------------------------------------

  /**
   * `LogManager.shutdown`: stops the background tasks; for each live dir closes its logs (indexes
   * trimmed), writes the recovery-point and log-start checkpoints and creates
   * `.kafka_cleanshutdown`. With `checkpointHighWatermarks` (default true, standing in for the
   * ReplicaManager's own shutdown) the high-watermark checkpoints are written first.
   * `-delete` dirs not yet removed stay on disk and are re-queued at the next startup.
   */
  async shutdown(options: { checkpointHighWatermarks?: boolean } = {}): Promise<void> {
    if (this.stateValue !== 'running') throw new IllegalStateException(`LogManager cannot shut down: it is ${this.stateValue}`);
    this.stateValue = 'shutting-down';
    this.emit('INFO', 'Shutting down.', { type: 'shutdown-started' });
    if (options.checkpointHighWatermarks ?? true) this.checkpointHighWatermarks();
    this.cancelTasks();
    for (const dir of this.liveLogDirs) {
      const logs = [...(this.logsInDir.get(dir)?.values() ?? [])];
      for (let i = 0; i < logs.length; i++) {
        if (i > 0 && i % LOAD_SLICE === 0) await this.executor.yield();
        try {
          logs[i].close();
        } catch (e) {
          this.reportLogDirFailure(dir, `Error while closing log for ${logs[i].partitionName} in dir ${dir}`, e);
        }
      }
      if (!this.live.has(dir)) continue;
      this.checkpointLogRecoveryOffsetsInDir(dir);
      this.checkpointLogStartOffsetsInDir(dir);
      const marker = joinPath(dir, CLEAN_SHUTDOWN_FILE);
      try {
        if (this.fs.createFile(marker)) this.fileCreated(dir, marker, CLEAN_SHUTDOWN_FILE);
      } catch (e) {
        // Kafka swallows a failure to write the marker (the next startup then recovers the dir).
        this.emit('WARN', `Failed to create clean shutdown file ${marker}`, { type: 'warning', dir, path: marker }, { cause: e });
      }
    }
    this.pendingOfflineDirs.length = 0;
    this.stateValue = 'shut-down';
    this.emit('INFO', 'Shutdown complete.', { type: 'shutdown-completed' });
  }

  // --- internals ---------------------------------------------------------------------------------

  private addLog(log: Log, isFuture: boolean): void {
    (isFuture ? this.futureLogs : this.currentLogs).set(log.topicPartition, log);
    const dir = log.parentDir;
    let logs = this.logsInDir.get(dir);
    if (!logs) {
      logs = new TopicPartitionMap<Log>();
      this.logsInDir.set(dir, logs);
    }
    logs.set(log.topicPartition, log);
  }

  private removeLog(log: Log, isFuture: boolean): void {
    (isFuture ? this.futureLogs : this.currentLogs).delete(log.topicPartition);
    const logs = this.logsInDir.get(log.parentDir);
    // A current and a future log of one partition live in different dirs; remove only this one.
    if (logs?.get(log.topicPartition) === log) logs.delete(log.topicPartition);
  }

  private checkRunning(what: string): void {
    if (this.stateValue !== 'running') {
      throw new IllegalStateException(`Cannot ${what}: the LogManager of broker ${this.brokerId} is ${this.stateValue}`);
    }
  }

  /** Runs a background task; an unexpected error becomes an event instead of breaking the scheduler. */
  private guarded(task: () => void): void {
    try {
      task();
    } catch (e) {
      this.emit('ERROR', 'Uncaught exception in scheduled task', { type: 'error' }, { cause: e });
    }
  }

  private fileCreated(dir: string, path: string, file: string): void {
    this.emit('DEBUG', `Created ${path}`, { type: 'log-dir-file-created', dir, path, file });
  }

  /** Startup cannot go on: KafkaServer logs this and shuts the broker down. */
  private fatal(e: unknown, message = 'Fatal error during KafkaServer startup. Prepare to shutdown', logger = 'kafka.server.KafkaServer'): unknown {
    this.stateValue = 'failed';
    this.emit('FATAL', message, { type: 'fatal' }, { cause: e, logger });
    return e;
  }

  private emit(
    level: LogLevel,
    message: string,
    body: LogManagerEventBody,
    extra: { cause?: unknown; logger?: string; level?: LogLevel } = {},
  ): void {
    const event = {
      timeMs: this.time.nowMs(),
      brokerId: this.brokerId,
      level: extra.level ?? level,
      logger: extra.logger ?? LOGGER,
      message,
      ...(extra.cause === undefined ? {} : { cause: describeError(extra.cause) }),
      ...body,
    } as LogManagerEvent;
    this.onEvent(event);
  }
}
