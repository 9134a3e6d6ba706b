/**
 * The state the parts of a `LogManager` share: its dirs and their liveness, the current and future
 * logs, its lifecycle state, the failure channel and the event sink. The LogManager owns one and
 * hands it to its loader, checkpoints and deleter.
 */
import { IllegalStateException } from '../../common/java-lang';
import { stackTrace } from '../../common/throwable';
import { TopicPartitionMap, type TopicPartition } from '../../common/topic-partition';
import type { Executor } from '../../platform/executor';
import type { FileSystem } from '../../platform/file-system';
import type { Random } from '../../platform/random';
import type { Time } from '../../platform/scheduler';
import type { Log, LogOptions } from '../log';
import type { LogConfig } from '../log-config';
import { parseTopicPartitionName } from './log-dir-names';
import { FileHandleCache } from '../segment/file-handle-cache';
import { LogDirFailureChannel } from './log-dir-failure-channel';
import type { LogManagerConfig, LogManagerState } from './log-manager-config';
import type { LogManagerEmit, LogManagerEvent } from './log-manager-event';
import { registerLogMetrics } from './log-metrics';
import type { MetricsRegistry } from '../../metrics/metrics-registry';

export const LOGGER = 'kafka.log.LogManager';

export interface LogManagerContextOptions {
  readonly fs: FileSystem;
  readonly time: Time;
  readonly random: Random;
  readonly executor: Executor;
  readonly brokerId: number;
  readonly logDirs: readonly string[];
  readonly config: LogManagerConfig;
  readonly onEvent: (event: LogManagerEvent) => void;
  /** Takes a failed dir offline: the ReplicaManager's handler, or `LogManager.handleLogDirFailure`. */
  readonly handleOfflineLogDir: (dir: string) => void;
  /** The broker JVM's Yammer registry for the log metrics (none for a LogManager outside a broker). */
  readonly metrics?: MetricsRegistry;
}

export class LogManagerContext {
  readonly fs: FileSystem;
  readonly time: Time;
  readonly random: Random;
  readonly executor: Executor;
  readonly brokerId: number;
  readonly logDirs: readonly string[];
  /** Replaced when a dynamic broker config changes the log defaults (`reconfigureDefaultLogConfig`). */
  config: LogManagerConfig;
  readonly failureChannel: LogDirFailureChannel;
  /** The broker's open segment files (one budget for all its logs). */
  readonly handles: FileHandleCache;

  state: LogManagerState = 'created';
  readonly live = new Set<string>();
  readonly currentLogs = new TopicPartitionMap<Log>();
  readonly futureLogs = new TopicPartitionMap<Log>();
  /** Current and future logs of each dir; its size is the dir's partition count (placement). */
  readonly logsInDir = new Map<string, TopicPartitionMap<Log>>();

  private readonly onEvent: (event: LogManagerEvent) => void;
  private readonly handleOfflineLogDir: (dir: string) => void;

  constructor(options: LogManagerContextOptions) {
    this.fs = options.fs;
    this.time = options.time;
    this.random = options.random;
    this.handles = new FileHandleCache(options.fs, options.config.maxOpenFiles);
    this.executor = options.executor;
    this.brokerId = options.brokerId;
    this.logDirs = options.logDirs;
    this.config = options.config;
    this.onEvent = options.onEvent;
    this.handleOfflineLogDir = options.handleOfflineLogDir;
    this.failureChannel = new LogDirFailureChannel(this.emit);
    if (options.metrics) registerLogMetrics(options.metrics, this, this.logDirs, (dir) => !this.live.has(dir));
  }

  /** What every `Log` of this broker is opened with: clock, jitter, file budget, and its lines as events. */
  logOptions(dir: string, config: LogConfig): LogOptions {
    const tp = parseTopicPartitionName(dir);
    return {
      fs: this.fs,
      dir,
      config,
      time: this.time,
      random: this.random,
      handles: this.handles,
      onEvent: this.logEventSink(tp),
    };
  }

  /** Returned, not written inline in `logOptions`: an inline arrow is a named closure per log, ~320 bytes under tsx. */
  private logEventSink(tp: TopicPartition): LogOptions['onEvent'] {
    return (level, message, body) => {
      this.emit(level, message, { type: 'log', topicPartition: tp, event: body }, { logger: 'kafka.log.Log' });
    };
  }

  /** Live log dirs, in `log.dirs` order. */
  get liveLogDirs(): string[] {
    return this.logDirs.filter((d) => this.live.has(d));
  }

  get offlineLogDirs(): string[] {
    return this.logDirs.filter((d) => !this.live.has(d));
  }

  addLog(log: Log, isFuture: boolean): void {
    (isFuture ? this.futureLogs : this.currentLogs).set(log.topicPartition, log);
    const dir = log.parentDir;
    let logs = this.logsInDir.get(dir);
    if (!logs) {
      logs = new TopicPartitionMap<Log>();
      this.logsInDir.set(dir, logs);
    }
    logs.set(log.topicPartition, log);
  }

  removeLog(log: Log, isFuture: boolean): void {
    (isFuture ? this.futureLogs : this.currentLogs).delete(log.topicPartition);
    const logs = this.logsInDir.get(log.parentDir);
    // A current and a future log of one partition live in different dirs; remove only this one.
    if (logs?.get(log.topicPartition) === log) logs.delete(log.topicPartition);
  }

  /** `replaceCurrentWithFutureLog`: the future log becomes the partition's current log (the old current one was removed). */
  promoteFutureLog(destLog: Log): void {
    const tp = destLog.topicPartition;
    this.futureLogs.delete(tp);
    this.currentLogs.set(tp, destLog);
  }

  /** LogDirFailureChannel.maybeAddOfflineLogDir: logs the error once per dir and queues the dir for the handler. */
  reportLogDirFailure(dir: string, message: string, cause: unknown): void {
    this.failureChannel.maybeAddOfflineLogDir(dir, message, cause);
  }

  /** Hands reported dirs to the handler (the ReplicaManager, or `handleLogDirFailure`) once startup is over. */
  processLogDirFailures(): void {
    if (this.state !== 'running' && this.state !== 'shutting-down') return;
    let dir: string | undefined;
    while ((dir = this.failureChannel.takeNextOfflineLogDir()) !== undefined) this.handleOfflineLogDir(dir);
  }

  checkRunning(what: string): void {
    if (this.state !== 'running') {
      throw new IllegalStateException(`Cannot ${what}: the LogManager of broker ${this.brokerId} is ${this.state}`);
    }
  }

  /** Runs a background task; an unexpected error becomes an event instead of breaking the scheduler. */
  guarded(task: () => void): void {
    try {
      task();
    } catch (e) {
      this.emit('ERROR', 'Uncaught exception in scheduled task', { type: 'error' }, { cause: e });
    }
  }

  fileCreated(dir: string, path: string, file: string): void {
    this.emit('DEBUG', `Created ${path}`, { type: 'log-dir-file-created', dir, path, file });
  }

  /** Startup cannot go on: KafkaServer logs this and shuts the broker down. */
  fatal(e: unknown, message = 'Fatal error during KafkaServer startup. Prepare to shutdown', logger = 'kafka.server.KafkaServer'): unknown {
    this.state = 'failed';
    this.emit('FATAL', message, { type: 'fatal' }, { cause: e, logger });
    return e;
  }

  readonly emit: LogManagerEmit = (level, message, body, extra = {}) => {
    const event = {
      timeMs: this.time.nowMs(),
      brokerId: this.brokerId,
      level: extra.level ?? level,
      logger: extra.logger ?? LOGGER,
      message,
      ...(extra.cause === undefined ? {} : { cause: stackTrace(extra.cause) }),
      ...body,
    } as LogManagerEvent;
    this.onEvent(event);
  };
}
