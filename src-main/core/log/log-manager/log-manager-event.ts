/**
 * What a broker's LogManager reports to the people watching it. Every event carries the line Kafka
 * 2.5 would write to server.log for it (`level`, `logger`, `message`; `cause` is the exception Kafka
 * would print under the line). Events Kafka does not log (a checkpoint written, an empty checkpoint
 * file created) carry a plain description at DEBUG level.
 */
import type { TopicPartition } from '../../common/topic-partition';
import type { LogEventBody } from '../log-event';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'FATAL';

export interface LogManagerEventBase {
  readonly timeMs: number;
  readonly brokerId: number;
  readonly level: LogLevel;
  /** The Kafka logger (class) that writes the line, e.g. `kafka.log.LogManager`. */
  readonly logger: string;
  readonly message: string;
  /** The exception under the line (`<java class>: <message>`, causes after `Caused by: `). */
  readonly cause?: string;
}

export type LogManagerEventBody =
  /** A log dir from `log.dirs` did not exist and was created. */
  | { readonly type: 'log-dir-created'; readonly dir: string }
  /** A file Kafka creates in a log dir: `.lock`, an empty checkpoint, `.kafka_cleanshutdown`. */
  | { readonly type: 'log-dir-file-created'; readonly dir: string; readonly path: string; readonly file: string }
  | { readonly type: 'logs-loading-started' }
  /** A log dir is about to be loaded; without `.kafka_cleanshutdown` its logs are recovered. */
  | { readonly type: 'log-dir-loading'; readonly dir: string; readonly cleanShutdown: boolean }
  /** One log dir loaded; `pendingDeletions` counts the `-delete` dirs re-queued for removal. */
  | {
      readonly type: 'log-dir-loaded';
      readonly dir: string;
      readonly partitions: number;
      readonly pendingDeletions: number;
      readonly cleanShutdown: boolean;
    }
  /** `.kafka_cleanshutdown` removed after loading. */
  | { readonly type: 'clean-shutdown-marker-deleted'; readonly dir: string; readonly path: string }
  | { readonly type: 'logs-loaded'; readonly partitions: number; readonly durationMs: number }
  | { readonly type: 'partition-dir-created'; readonly topicPartition: TopicPartition; readonly dir: string; readonly path: string }
  /** `asyncDelete`: renamed to `<topic>-<p>.<uuid>-delete`, physically removed at `deleteAtMs`. */
  | {
      readonly type: 'partition-dir-renamed-for-deletion';
      readonly topicPartition: TopicPartition;
      readonly dir: string;
      readonly from: string;
      readonly to: string;
      readonly deleteAtMs: number;
    }
  /** A `-delete` dir found at startup, queued again for removal at `deleteAtMs`. */
  | {
      readonly type: 'partition-dir-queued-for-deletion';
      readonly topicPartition: TopicPartition;
      readonly dir: string;
      readonly path: string;
      readonly deleteAtMs: number;
    }
  | { readonly type: 'partition-dir-removed'; readonly topicPartition: TopicPartition; readonly dir: string; readonly path: string }
  /** `replaceCurrentWithFutureLog` (AlterReplicaLogDirs): the future log in `to` became the current log; `from` is renamed `-delete`. */
  | {
      readonly type: 'future-log-swap';
      readonly phase: 'attempting' | 'completed';
      readonly topicPartition: TopicPartition;
      readonly from: string;
      readonly to: string;
    }
  | {
      readonly type: 'checkpoint-written';
      readonly dir: string;
      readonly path: string;
      readonly file: string;
      readonly entries: number;
    }
  /** A log dir taken offline: its partitions are gone from the live set, new logs go elsewhere. */
  | {
      readonly type: 'log-dir-failed';
      readonly dir: string;
      readonly offlinePartitions: readonly TopicPartition[];
      readonly offlineFuturePartitions: readonly TopicPartition[];
    }
  | { readonly type: 'started' }
  | { readonly type: 'shutdown-started' }
  | { readonly type: 'shutdown-completed' }
  | { readonly type: 'warning'; readonly dir?: string; readonly path?: string }
  | { readonly type: 'error'; readonly dir?: string; readonly path?: string }
  /** A line of a partition's `Log` (roll, recovery, retention, truncation). */
  | { readonly type: 'log'; readonly topicPartition: TopicPartition; readonly event: LogEventBody }
  /** Kafka would halt the broker's JVM here (`Exit.halt(1)`) or fail its startup. */
  | { readonly type: 'fatal' };

export type LogManagerEvent = LogManagerEventBase & LogManagerEventBody;

export type LogManagerEventType = LogManagerEvent['type'];

/** How the LogManager's parts report an event (the context adds time, broker and the cause's trace). */
export type LogManagerEmit = (
  level: LogLevel,
  message: string,
  body: LogManagerEventBody,
  extra?: { cause?: unknown; logger?: string; level?: LogLevel },
) => void;
