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
 * checkpoints (as Kafka does), so it costs O(partitions in that dir); `asyncDeleteAll` (StopReplica)
 * rewrites them once per dir for the whole batch.
 *
 * The parts: `LogLoader` (startup, load-logs.ts), `LogCheckpoints` (../checkpoints/log-checkpoints.ts),
 * `LogDeleter` (asynchronous deletion, log-deleter.ts) and `LogDirFailureChannel`
 * (log-dir-failure-channel.ts), sharing a `LogManagerContext` (log-manager-context.ts).
 *
 * AlterReplicaLogDirs: `maybeUpdatePreferredLogDir` records where a partition should live; the next
 * `getOrCreateLog` of it (a future log `<t>-<p>.<uuid>-future`, or a current log not yet created)
 * goes there, and `replaceCurrentWithFutureLog` (future-log-swap.ts) swaps a caught-up future log in.
 *
 * With `log.cleaner.enable` the LogManager owns the `LogCleaner` (../cleaner/log-cleaner.ts): started
 * with the background tasks, paused for retention of non-compacted logs, aborted for deletions,
 * aborted and paused around truncations (truncate-logs.ts) and future-log swaps, stopped at
 * shutdown and kill.
 */
import { IllegalStateException } from '../../common/java-lang';
import type { TopicPartition } from '../../common/topic-partition';
import { TopicPartitionMap, compareTopicPartitions, tpKey } from '../../common/topic-partition';
import { microtaskExecutor } from '../../platform/executor';
import { isAbsolutePath, joinPath, parentPath, trimTrailingSeparators } from '../../platform/file-system';
import { KafkaStorageException, LogDirNotFoundException } from '../errors';
import { replaceCurrentWithFutureLog } from './future-log-swap';
import { Log } from '../log';
import { LogCheckpoints } from '../checkpoints/log-checkpoints';
import type { TopicConfigValues } from '../log-config';
import { LogConfig } from '../log-config';
import { LogDeleter } from './log-deleter';
import { CLEAN_SHUTDOWN_FILE, logDirName, logFutureDirName, newUniqueId } from './log-dir-names';
import { LogLoader } from './load-logs';
import type { LogManagerConfig, LogManagerOptions, LogManagerState, PendingDeletion } from './log-manager-config';
import { DEFAULT_LOG_MANAGER_CONFIG, INITIAL_TASK_DELAY_MS, LOAD_SLICE } from './log-manager-config';
import type { ScheduledTask } from '../../platform/scheduler';
import { LogManagerContext } from './log-manager-context';
import { LogCleaner } from '../cleaner/log-cleaner';
import { DEFAULT_CLEANER_CONFIG } from '../cleaner/cleaner-config';
import { truncateLogFullyAndStartAt, truncateLogTo } from './truncate-logs';

export { DEFAULT_LOG_MANAGER_CONFIG, INITIAL_TASK_DELAY_MS } from './log-manager-config';
export type { LogManagerConfig, LogManagerOptions, LogManagerState, PendingDeletion } from './log-manager-config';

export class LogManager {
  readonly brokerId: number;
  readonly logDirs: readonly string[];
  private readonly ctx: LogManagerContext;
  private readonly checkpoints: LogCheckpoints;
  private readonly deleter: LogDeleter;
  private readonly loader: LogLoader;
  /** Dirs `handleLogDirFailure` has taken offline. */
  private readonly handledOfflineDirs = new Set<string>();
  /** `preferredLogDirs`: where AlterReplicaLogDirs wants a partition's next log created. */
  private readonly preferredLogDirs = new TopicPartitionMap<string>();
  /** The log cleaner (`log.cleaner.enable`), or null. */
  readonly cleaner: LogCleaner | null;

  constructor(options: LogManagerOptions) {
    this.brokerId = options.brokerId;
    const config = { ...DEFAULT_LOG_MANAGER_CONFIG, ...options.config };
    const defaultLogConfig = LogConfig.fromProps(config.defaultLogConfig);
    if (options.logDirs.length === 0) throw new IllegalStateException('log.dirs must name at least one directory');
    for (const dir of options.logDirs) {
      if (!isAbsolutePath(dir)) throw new IllegalStateException(`Log dir ${dir} is not an absolute path`);
    }
    this.logDirs = options.logDirs.map(trimTrailingSeparators);
    const onLogDirFailure = options.onLogDirFailure;
    this.ctx = new LogManagerContext({
      fs: options.fs,
      time: options.time,
      random: options.random,
      executor: options.executor ?? microtaskExecutor,
      brokerId: this.brokerId,
      logDirs: this.logDirs,
      config,
      onEvent: options.onEvent ?? (() => {}),
      metrics: options.metrics,
      handleOfflineLogDir: (dir) => {
        if (onLogDirFailure) onLogDirFailure(dir);
        else this.handleLogDirFailure(dir);
      },
    });
    this.checkpoints = new LogCheckpoints(this.ctx);
    this.deleter = new LogDeleter(this.ctx, this.checkpoints, options.random);
    const ctx = this.ctx;
    this.cleaner = config.cleanerEnable
      ? new LogCleaner({
          config: { ...DEFAULT_CLEANER_CONFIG, ...options.cleanerConfig, enableCleaner: true },
          logDirs: this.logDirs,
          logs: () => ctx.currentLogs.values(),
          getLog: (tp) => ctx.currentLogs.get(tp),
          checkpoints: this.checkpoints,
          time: options.time,
          log: options.log ?? (() => {}),
          reportLogDirFailure: (dir, message, e) => ctx.reportLogDirFailure(dir, message, e),
          metrics: options.metrics,
        })
      : null;
    this.loader = new LogLoader(this.ctx, this.checkpoints, this.deleter, {
      topicConfigs: options.topicConfigs ?? new Map(),
      initialOfflineDirs: new Set((options.initialOfflineDirs ?? []).map(trimTrailingSeparators)),
      defaultLogConfig,
    });
  }

  get config(): LogManagerConfig {
    return this.ctx.config;
  }

  /**
   * `reconfigureDefaultLogConfig` (Kafka's `currentDefaultConfig` replaced by DynamicLogConfig): the
   * broker defaults new logs and topic config changes are built from from now on.
   */
  reconfigureDefaultLogConfig(defaultLogConfig: TopicConfigValues): void {
    this.ctx.config = { ...this.ctx.config, defaultLogConfig };
  }

  get state(): LogManagerState {
    return this.ctx.state;
  }

  /** Live log dirs, in `log.dirs` order. */
  get liveLogDirs(): string[] {
    return this.ctx.liveLogDirs;
  }

  get offlineLogDirs(): string[] {
    return this.ctx.offlineLogDirs;
  }

  /** Killed (`kill`): what was under way stops at its next step. */
  get isHalted(): boolean {
    return this.ctx.state === 'halted';
  }

  // --- startup ---------------------------------------------------------------------------------

  /** Creates, locks and loads the log dirs and starts the background tasks (see the file comment). */
  async startup(): Promise<void> {
    const ctx = this.ctx;
    if (ctx.state !== 'created') throw new IllegalStateException(`LogManager cannot start: it is ${ctx.state}`);
    ctx.state = 'starting';
    try {
      this.loader.createAndValidateLogDirs();
      this.loader.lockLogDirs();
      this.checkpoints.openOffsetCheckpoints();
      await this.loader.loadLogs();
      // Killed while loading (the broker's process died): nothing more starts.
      if (this.isHalted) throw new IllegalStateException(`LogManager of broker ${this.brokerId} was halted while loading logs`);
      this.checkpoints.openCleanerAndHighWatermarkCheckpoints();
    } catch (e) {
      if (ctx.state === 'starting') ctx.state = 'failed';
      throw e;
    }
    this.scheduleTasks();
    ctx.state = 'running';
    ctx.emit('DEBUG', `LogManager of broker ${this.brokerId} started with log dirs ${this.liveLogDirs.join(', ')}`, {
      type: 'started',
    });
    ctx.processLogDirFailures();
  }

  private scheduleTasks(): void {
    this.cleaner?.startup();
    this.checkpoints.scheduleTasks(
      () => this.checkpointLogRecoveryOffsets(),
      () => this.checkpointLogStartOffsets(),
    );
    this.deleter.scheduleTask();
    const time = this.ctx.time;
    this.dataTasks.push(
      time.schedulePeriodic('kafka-log-retention', INITIAL_TASK_DELAY_MS, this.config.retentionCheckMs, () => this.cleanupLogs()),
    );
    const flushCheckMs = this.config.flushCheckMs;
    if (flushCheckMs !== null) {
      this.dataTasks.push(time.schedulePeriodic('kafka-log-flusher', INITIAL_TASK_DELAY_MS, flushCheckMs, () => this.flushDirtyLogs()));
    }
  }

  private readonly dataTasks: ScheduledTask[] = [];

  /**
   * `LogManager.cleanupLogs` (kafka-log-retention): retention for every log that is not compacted
   * (compacted logs are the cleaner's). Returns the number of segments scheduled for deletion.
   */
  cleanupLogs(): number {
    let total = 0;
    // The cleaner pauses the logs retention works on (and runs the compacted ones' retention itself).
    const deletable = this.cleaner
      ? this.cleaner.pauseCleaningForNonCompactedPartitions()
      : [...this.ctx.currentLogs.values()].filter((l) => !l.config.compact);
    try {
      for (const log of deletable) {
        try {
          total += log.deleteOldSegments();
        } catch (e) {
          this.ctx.reportLogDirFailure(log.parentDir, `Error while deleting segments for ${log.partitionName} in dir ${log.parentDir}`, e);
        }
      }
    } finally {
      this.cleaner?.resumeCleaning(deletable.map((l) => l.topicPartition));
    }
    this.ctx.processLogDirFailures();
    return total;
  }

  /** `LogManager.flushDirtyLogs` (kafka-log-flusher): logs not flushed for `flush.ms` are. */
  flushDirtyLogs(): void {
    const now = this.ctx.time.nowMs();
    for (const log of this.allLogs()) {
      if (now - log.lastFlushTimeMs < log.config.flushMs) continue;
      try {
        log.flush();
      } catch (e) {
        this.ctx.reportLogDirFailure(log.parentDir, `Error while flushing log for ${log.partitionName} in dir ${log.parentDir}`, e);
      }
    }
    this.ctx.processLogDirFailures();
  }

  // --- logs --------------------------------------------------------------------------------------

  getLog(tp: TopicPartition, isFuture = false): Log | undefined {
    return (isFuture ? this.ctx.futureLogs : this.ctx.currentLogs).get(tp);
  }

  /** Current and future logs. */
  allLogs(): Log[] {
    return [...this.ctx.currentLogs.values(), ...this.ctx.futureLogs.values()];
  }

  /** Current and future logs of `topic`. */
  logsByTopic(topic: string): Log[] {
    return this.allLogs().filter((l) => l.topicPartition.topic === topic);
  }

  /** Log dir → its logs (current and future), for every dir that holds at least one. */
  logsByDir(): Map<string, Log[]> {
    const out = new Map<string, Log[]>();
    for (const [dir, logs] of this.ctx.logsInDir) if (logs.size > 0) out.set(dir, [...logs.values()]);
    return out;
  }

  /** Number of partition logs in each live dir (what placement compares). */
  partitionCounts(): Map<string, number> {
    return new Map(this.liveLogDirs.map((d) => [d, this.ctx.logsInDir.get(d)?.size ?? 0]));
  }

  /** `-delete` dirs waiting for removal, oldest first. */
  pendingDeletions(): PendingDeletion[] {
    return this.deleter.pendingDeletions();
  }

  /** `LogManager.isLogDirOnline`. */
  isLogDirOnline(dir: string): boolean {
    const d = trimTrailingSeparators(dir);
    if (!this.logDirs.includes(d)) throw new LogDirNotFoundException(`Log dir ${dir} is not found in the config.`);
    return this.ctx.live.has(d);
  }

  /**
   * `LogManager.getOrCreateLog`: the partition's log, created if missing in its preferred log dir
   * (AlterReplicaLogDirs) or else the live log dir that holds the fewest partitions (ties: the first
   * in `log.dirs`). `isNew` is LeaderAndIsr's flag: a replica that should already exist is not
   * re-created while a log dir is offline (it may be there). `isFuture`: the future log
   * `<t>-<p>.<uuid>-future`, only ever in the preferred dir.
   */
  getOrCreateLog(
    tp: TopicPartition,
    config: TopicConfigValues | LogConfig = {},
    options: { isNew?: boolean; isFuture?: boolean } = {},
  ): Log {
    const ctx = this.ctx;
    ctx.checkRunning('create a log');
    const isFuture = options.isFuture ?? false;
    const existing = (isFuture ? ctx.futureLogs : ctx.currentLogs).get(tp);
    if (existing) return existing;
    try {
      const offline = this.offlineLogDirs;
      if (!options.isNew && offline.length > 0) {
        throw new KafkaStorageException(`Can not create log for ${tpKey(tp)} because log directories ${offline.join(',')} are offline`);
      }
      const preferred = this.preferredLogDirs.get(tp);
      if (isFuture) {
        if (preferred === undefined)
          throw new IllegalStateException(`Can not create the future log for ${tpKey(tp)} without having a preferred log directory`);
        if (ctx.currentLogs.get(tp)?.parentDir === preferred)
          throw new IllegalStateException(`Can not create the future log for ${tpKey(tp)} in the current log directory of this partition`);
      }
      const logConfig = config instanceof LogConfig ? config : LogConfig.fromProps(this.config.defaultLogConfig, config);
      const name = isFuture ? logFutureDirName(tp, newUniqueId(ctx.random)) : logDirName(tp);
      const candidates = preferred === undefined ? this.nextLogDirs() : [preferred];
      let partitionDir: string | null = null;
      for (const dir of candidates) {
        // `createLogDirectory`: an offline dir is skipped.
        if (!ctx.live.has(dir)) continue;
        const path = joinPath(dir, name);
        try {
          ctx.fs.mkdirs(path);
          partitionDir = path;
          break;
        } catch (e) {
          const msg = `Error while creating log for ${name} in dir ${dir}`;
          ctx.emit('WARN', msg, { type: 'warning', dir, path }, { cause: e });
          ctx.reportLogDirFailure(dir, msg, e);
        }
      }
      if (partitionDir === null) {
        throw new KafkaStorageException(`No log directories available. Tried ${candidates.join(', ')}`);
      }
      let log: Log;
      try {
        log = Log.create(ctx.logOptions(partitionDir, logConfig));
      } catch (e) {
        const dir = parentPath(partitionDir);
        const msg = `Error while creating log for ${name} in dir ${dir}`;
        ctx.reportLogDirFailure(dir, msg, e);
        throw new KafkaStorageException(msg, { cause: e });
      }
      ctx.addLog(log, isFuture);
      // Satisfied: the preferred dir is forgotten.
      this.preferredLogDirs.delete(tp);
      ctx.emit('INFO', `Created log for partition ${tpKey(tp)} in ${log.dir} with properties ${logConfig.formatOriginals()}.`, {
        type: 'partition-dir-created',
        topicPartition: tp,
        dir: log.parentDir,
        path: log.dir,
      });
      return log;
    } finally {
      ctx.processLogDirFailures();
    }
  }

  /**
   * `LogManager.maybeUpdatePreferredLogDir`: `dir` is where the partition's next log is created,
   * unless its current or future log is already there.
   */
  maybeUpdatePreferredLogDir(tp: TopicPartition, dir: string): void {
    const d = trimTrailingSeparators(dir);
    if (this.ctx.currentLogs.get(tp)?.parentDir === d || this.ctx.futureLogs.get(tp)?.parentDir === d) return;
    this.preferredLogDirs.set(tp, d);
  }

  /** The dir AlterReplicaLogDirs asked for and no log has taken yet, for the UI and tests. */
  preferredLogDir(tp: TopicPartition): string | undefined {
    return this.preferredLogDirs.get(tp);
  }

  /** `LogManager.abortAndPauseCleaning`: the partition's cleaning stops until `resumeCleaning`. */
  abortAndPauseCleaning(tp: TopicPartition): void {
    this.cleaner?.abortAndPauseCleaning(tp);
  }

  /** `LogManager.resumeCleaning`: undoes one `abortAndPauseCleaning`. */
  resumeCleaning(tp: TopicPartition): void {
    this.cleaner?.resumeCleaning([tp]);
  }

  /** `LogManager.truncateTo` for one partition (see truncate-logs.ts); true if the log changed. */
  truncateTo(tp: TopicPartition, truncateOffset: number, isFuture = false): boolean {
    const log = this.getLog(tp, isFuture);
    return log ? truncateLogTo(log, this.cleaner, truncateOffset) : false;
  }

  /** `LogManager.truncateFullyAndStartAt` (see truncate-logs.ts). */
  truncateFullyAndStartAt(tp: TopicPartition, newOffset: number, isFuture = false): void {
    const log = this.getLog(tp, isFuture);
    if (log) truncateLogFullyAndStartAt(log, this.cleaner, newOffset);
  }

  /** The offset the cleaner has cleaned `tp` up to in its dir's `cleaner-offset-checkpoint`, or null. */
  cleanerCheckpoint(dir: string): TopicPartitionMap<number> | null {
    return this.checkpoints.readCleanerCheckpoint(trimTrailingSeparators(dir));
  }

  /** `LogManager.replaceCurrentWithFutureLog` (see future-log-swap.ts). */
  replaceCurrentWithFutureLog(tp: TopicPartition): void {
    this.ctx.checkRunning('replace a log');
    try {
      const from = this.ctx.currentLogs.get(tp)?.parentDir;
      const to = this.ctx.futureLogs.get(tp)?.parentDir;
      replaceCurrentWithFutureLog(this.ctx, this.checkpoints, this.deleter, tp);
      if (this.cleaner && from !== undefined && to !== undefined) {
        this.cleaner.alterCheckpointDir(tp, from, to);
        if (this.cleaner.cleanerManager.cleaningState(tp)?.kind === 'LogCleaningPaused') this.cleaner.resumeCleaning([tp]);
      }
    } finally {
      this.ctx.processLogDirFailures();
    }
  }

  /** `LogManager.nextLogDirs`: live dirs by ascending partition count (stable: `log.dirs` order on ties). */
  private nextLogDirs(): string[] {
    const live = this.liveLogDirs;
    if (live.length === 1) return live;
    const count = (d: string): number => this.ctx.logsInDir.get(d)?.size ?? 0;
    return live
      .map((d, i) => ({ d, i, n: count(d) }))
      .sort((a, b) => a.n - b.n || a.i - b.i)
      .map((x) => x.d);
  }

  /**
   * `LogManager.asyncDelete`: takes the log out of the live set, renames its dir to
   * `<topic>-<p>.<uuid>-delete`, rewrites the dir's checkpoints without it and queues it for
   * removal `fileDeleteDelayMs` from now. Returns the removed log, or undefined if there was none.
   */
  asyncDelete(tp: TopicPartition, isFuture = false): Log | undefined {
    this.ctx.checkRunning('delete a log');
    if (this.cleaner && !isFuture && this.ctx.currentLogs.has(tp)) this.cleaner.abortCleaning(tp);
    return this.deleter.asyncDelete(tp, isFuture);
  }

  /**
   * The current and future logs of many partitions deleted at once (a StopReplica with delete for a
   * topic of thousands of partitions), as later Kafka's `asyncDelete(topicPartitions, errorHandler)`:
   * each log as `asyncDelete` does, but each affected dir's checkpoints written once at the end
   * instead of once per log — Kafka 2.5's per-log rewrite made the deletion quadratic. Yields to the
   * executor between slices; a partition whose deletion fails goes to `onError` and the rest go on.
   */
  async asyncDeleteAll(tps: readonly TopicPartition[], onError: (tp: TopicPartition, e: unknown) => void): Promise<void> {
    this.ctx.checkRunning('delete logs');
    await this.deleter.asyncDeleteAll(tps, (tp) => this.cleaner?.abortCleaning(tp), onError);
  }

  // --- log dir failure ---------------------------------------------------------------------------

  /**
   * `LogManager.handleLogDirFailure`: stops serving the dir. Its logs leave the live set (their
   * files stay on disk), its checkpoints are no longer written, new logs go to other dirs. If no
   * dir is left, Kafka halts the broker: a 'fatal' event says so and the LogManager stops.
   */
  handleLogDirFailure(dir: string): void {
    const ctx = this.ctx;
    const d = trimTrailingSeparators(dir);
    if (!this.logDirs.includes(d)) throw new LogDirNotFoundException(`Log dir ${dir} is not found in the config.`);
    if (this.handledOfflineDirs.has(d)) return;
    this.handledOfflineDirs.add(d);
    ctx.emit('WARN', `Stopping serving logs in dir ${d}`, { type: 'warning', dir: d });
    ctx.live.delete(d);
    this.cleaner?.handleLogDirFailure(d);
    const halt = ctx.live.size === 0 && ctx.state !== 'halted';
    if (halt) {
      ctx.emit('FATAL', `Shutdown broker because all log dirs in ${this.logDirs.join(', ')} have failed`, { type: 'fatal' });
    }
    this.checkpoints.removeDir(d);
    const offlineCurrent: TopicPartition[] = [];
    const offlineFuture: TopicPartition[] = [];
    for (const log of [...(ctx.logsInDir.get(d)?.values() ?? [])]) {
      (log.isFuture ? offlineFuture : offlineCurrent).push(log.topicPartition);
      ctx.removeLog(log, log.isFuture);
      log.closeHandlers();
    }
    offlineCurrent.sort(compareTopicPartitions);
    offlineFuture.sort(compareTopicPartitions);
    ctx.emit(
      'WARN',
      `Logs for partitions ${offlineCurrent.map(tpKey).join(',')} are offline and logs for future partitions ` +
        `${offlineFuture.map(tpKey).join(',')} are offline due to failure on log directory ${d}`,
      { type: 'log-dir-failed', dir: d, offlinePartitions: offlineCurrent, offlineFuturePartitions: offlineFuture },
    );
    if (halt) this.halt();
  }

  /**
   * The broker's process is killed: background tasks stop, nothing is checkpointed and no
   * `.kafka_cleanshutdown` is written, so the next start recovers as after a crash.
   */
  kill(): void {
    this.cleaner?.kill();
    this.halt();
    for (const log of this.allLogs()) log.closeHandlers();
    this.ctx.handles.releaseAll();
  }

  private halt(): void {
    this.cancelTasks();
    this.ctx.state = 'halted';
  }

  /** Stops every background task: the periodic ones, the log deleter and the high-watermark checkpoint. */
  private cancelTasks(): void {
    this.cleaner?.shutdown();
    for (const task of this.dataTasks.splice(0)) this.ctx.time.cancel(task);
    this.checkpoints.cancelTasks();
    this.deleter.cancelTask();
    this.checkpoints.cancelHighWatermarkTask();
  }

  // --- checkpoints -------------------------------------------------------------------------------

  /** kafka-recovery-point-checkpoint: each live dir's logs' recovery points (dirs with logs only). */
  checkpointLogRecoveryOffsets(): void {
    for (const dir of this.liveLogDirs) this.checkpoints.checkpointLogRecoveryOffsetsInDir(dir, 'all');
    this.ctx.processLogDirFailures();
  }

  /** kafka-log-start-offset-checkpoint: log start offsets above the first segment's base (dirs with logs only). */
  checkpointLogStartOffsets(): void {
    for (const dir of this.liveLogDirs) this.checkpoints.checkpointLogStartOffsetsInDir(dir);
    this.ctx.processLogDirFailures();
  }

  /**
   * ReplicaManager's highwatermark-checkpoint: each log's high watermark into its dir's
   * `replication-offset-checkpoint` (dirs with logs only).
   */
  checkpointHighWatermarks(): void {
    this.checkpoints.checkpointHighWatermarks();
    this.ctx.processLogDirFailures();
  }

  /** The high watermark checkpointed for `tp` in `dir` (see `LogCheckpoints.checkpointedHighWatermark`). */
  checkpointedHighWatermark(dir: string, tp: TopicPartition): number | null {
    try {
      return this.checkpoints.checkpointedHighWatermark(dir, tp);
    } finally {
      this.ctx.processLogDirFailures();
    }
  }

  /**
   * Starts the periodic high-watermark checkpoint, as the ReplicaManager does on its first
   * LeaderAndIsr (first run now, then every `highWatermarkCheckpointIntervalMs`). Idempotent.
   */
  startHighWatermarkCheckpointTask(): void {
    this.ctx.checkRunning('start the high watermark checkpoint');
    this.checkpoints.startHighWatermarkCheckpointTask(() => this.checkpointHighWatermarks());
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
    const ctx = this.ctx;
    if (ctx.state !== 'running') throw new IllegalStateException(`LogManager cannot shut down: it is ${ctx.state}`);
    ctx.state = 'shutting-down';
    ctx.emit('INFO', 'Shutting down.', { type: 'shutdown-started' });
    if (options.checkpointHighWatermarks ?? true) this.checkpointHighWatermarks();
    this.cancelTasks();
    for (const dir of this.liveLogDirs) {
      const logs = [...(ctx.logsInDir.get(dir)?.values() ?? [])];
      for (let i = 0; i < logs.length; i++) {
        if (i > 0 && i % LOAD_SLICE === 0) await ctx.executor.yield();
        try {
          logs[i].close();
        } catch (e) {
          ctx.reportLogDirFailure(dir, `Error while closing log for ${logs[i].partitionName} in dir ${dir}`, e);
        }
      }
      if (!ctx.live.has(dir)) continue;
      this.checkpoints.checkpointLogRecoveryOffsetsInDir(dir, 'all');
      this.checkpoints.checkpointLogStartOffsetsInDir(dir);
      const marker = joinPath(dir, CLEAN_SHUTDOWN_FILE);
      try {
        if (ctx.fs.createFile(marker)) ctx.fileCreated(dir, marker, CLEAN_SHUTDOWN_FILE);
      } catch (e) {
        // Kafka swallows a failure to write the marker (the next startup then recovers the dir).
        ctx.emit('WARN', `Failed to create clean shutdown file ${marker}`, { type: 'warning', dir, path: marker }, { cause: e });
      }
    }
    ctx.failureChannel.clearPending();
    ctx.state = 'shut-down';
    ctx.emit('INFO', 'Shutdown complete.', { type: 'shutdown-completed' });
  }
}
