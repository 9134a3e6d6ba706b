/**
 * The log metrics of Kafka 2.5.1 in the broker's Yammer registry: per log
 * `kafka.log:type=Log,name=NumLogSegments|LogStartOffset|LogEndOffset|Size,topic=…,partition=…`
 * (with `is-future=true` for a future log of AlterReplicaLogDirs), registered when the log is
 * opened or created and removed when it is deleted, goes offline or is replaced; and the
 * LogManager's `OfflineLogDirectoryCount` and `LogDirectoryOffline,logDirectory=<dir>` gauges.
 *
 * A gauge reads the log the LogManager holds now for its partition, so a future log swapped in
 * as the current one reports under the current log's name — Kafka 2.5.1 instead removes the old
 * current log's gauges and leaves the moved log's under `is-future=true`, which reads as if the
 * partition had no current log any more.
 */
import type { TopicPartition } from '../../common/topic-partition';
import type { MetricsRegistry } from '../../metrics/metrics-registry';
import type { Log } from '../log';

const LOG_GAUGES = {
  NumLogSegments: (log: Log) => log.numberOfSegments,
  LogStartOffset: (log: Log) => log.logStartOffset,
  LogEndOffset: (log: Log) => log.logEndOffset,
  Size: (log: Log) => log.size,
} as const;

export interface HeldLogs {
  readonly currentLogs: { get(tp: TopicPartition): Log | undefined };
  readonly futureLogs: { get(tp: TopicPartition): Log | undefined };
}

function logTags(tp: TopicPartition, isFuture: boolean): ReadonlyArray<readonly [string, string]> {
  const tags: Array<readonly [string, string]> = [
    ['topic', tp.topic],
    ['partition', String(tp.partition)],
  ];
  if (isFuture) tags.push(['is-future', 'true']);
  return tags;
}

export class LogMetrics {
  constructor(
    private readonly registry: MetricsRegistry,
    private readonly logs: HeldLogs,
    logDirs: readonly string[],
    isOffline: (dir: string) => boolean,
  ) {
    registry.newGauge('kafka.log', 'LogManager', 'OfflineLogDirectoryCount', () => logDirs.filter(isOffline).length);
    for (const dir of logDirs) {
      registry.newGauge('kafka.log', 'LogManager', 'LogDirectoryOffline', () => (isOffline(dir) ? 1 : 0), [['logDirectory', dir]]);
    }
  }

  logAdded(tp: TopicPartition, isFuture: boolean): void {
    const held = isFuture ? this.logs.futureLogs : this.logs.currentLogs;
    const tags = logTags(tp, isFuture);
    for (const [name, read] of Object.entries(LOG_GAUGES)) {
      this.registry.newGauge(
        'kafka.log',
        'Log',
        name,
        () => {
          const log = held.get(tp);
          return log ? read(log) : 0;
        },
        tags,
      );
    }
  }

  /** `Log.removeLogMetrics`. */
  logRemoved(tp: TopicPartition, isFuture: boolean): void {
    const tags = logTags(tp, isFuture);
    for (const name of Object.keys(LOG_GAUGES)) this.registry.remove('kafka.log', 'Log', name, tags);
  }
}
