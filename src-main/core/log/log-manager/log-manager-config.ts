/**
 * The `LogManager`'s configuration, options and public value types, shared by its parts
 * (`log-manager.ts` re-exports them).
 */
import type { TopicPartition } from '../../common/topic-partition';
import type { Executor } from '../../platform/executor';
import type { FileSystem } from '../../platform/file-system';
import type { Random } from '../../platform/random';
import type { Time } from '../../platform/scheduler';
import type { MetricsRegistry } from '../../metrics/metrics-registry';
import type { TopicConfigValues } from '../log-config';
import { LOG_CONFIG_DEFAULTS } from '../log-config';
import type { LogManagerEvent } from './log-manager-event';
import type { LogSink } from '../../common/logging';
import type { CleanerConfig } from '../cleaner/cleaner-config';

/** `LogManager.InitialTaskDelayMs`: the background tasks first run 30 s after startup. */
export const INITIAL_TASK_DELAY_MS = 30_000;

/** Partition dirs loaded (or logs closed) between two yields to the executor. */
export const LOAD_SLICE = 100;

/** Logs renamed for deletion between two yields (a rename of a dir costs up to a few ms on a slow disk). */
export const DELETE_SLICE = 8;

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
  /** `log.retention.check.interval.ms`: how often retention runs (`kafka-log-retention`). */
  readonly retentionCheckMs: number;
  /**
   * `log.flush.scheduler.interval.ms`: how often `flush.ms` is checked (`kafka-log-flusher`). Kafka's
   * default is Long.MaxValue, so `flush.ms` alone never flushes; null stands for that.
   */
  readonly flushCheckMs: number | null;
  /** Segment files a broker keeps open at once (Kafka maps them all; a process here has a limit). */
  readonly maxOpenFiles: number;
}

export const DEFAULT_LOG_MANAGER_CONFIG: LogManagerConfig = {
  fileDeleteDelayMs: 60_000,
  flushRecoveryOffsetCheckpointMs: 60_000,
  flushStartOffsetCheckpointMs: 60_000,
  highWatermarkCheckpointIntervalMs: 5_000,
  cleanerEnable: true,
  defaultLogConfig: LOG_CONFIG_DEFAULTS,
  invalidPartitionDirPolicy: 'fail-startup',
  retentionCheckMs: 300_000,
  flushCheckMs: null,
  maxOpenFiles: 1024,
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
  /** The broker JVM's Yammer registry, where the `kafka.log` metrics go. */
  readonly metrics?: MetricsRegistry;
  /** The broker's `log.cleaner.*` settings (Kafka's defaults for those not given); `cleanerEnable` turns the cleaner on. */
  readonly cleanerConfig?: Partial<CleanerConfig>;
  /** Where the log cleaner's log4j lines go (`log-cleaner.log`); none outside a broker. */
  readonly log?: LogSink;
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
