/**
 * The log metrics of Kafka 2.5.1 in the broker's Yammer registry: per log
 * `kafka.log:type=Log,name=NumLogSegments|LogStartOffset|LogEndOffset|Size,topic=…,partition=…`
 * (with `is-future=true` for a future log of AlterReplicaLogDirs) for every log the LogManager
 * holds now — gone with a deleted, offline or replaced log; and the LogManager's
 * `OfflineLogDirectoryCount` and `LogDirectoryOffline,logDirectory=<dir>` gauges.
 *
 * A future log swapped in as the current one reports under the current log's name — Kafka 2.5.1
 * instead removes the old current log's gauges and keeps the moved log's under `is-future=true`,
 * which reads as if the partition had no current log any more.
 */
import type { TopicPartition } from '../../common/topic-partition';
import type { MetricsRegistry } from '../../metrics/metrics-registry';
import type { Log } from '../log';
import type { MetricTags } from '../../metrics/metric-name';
import { gaugeFamily } from '../../metrics/gauge-family';

const LOG_GAUGES = {
  NumLogSegments: (log: Log) => log.numberOfSegments,
  LogStartOffset: (log: Log) => log.logStartOffset,
  LogEndOffset: (log: Log) => log.logEndOffset,
  Size: (log: Log) => log.size,
} as const;

export interface HeldLogs {
  readonly currentLogs: { get(tp: TopicPartition): Log | undefined; values(): IterableIterator<Log> };
  readonly futureLogs: { get(tp: TopicPartition): Log | undefined; values(): IterableIterator<Log> };
}

function logTags(log: Log): MetricTags {
  const tags: Array<readonly [string, string]> = [
    ['topic', log.topicPartition.topic],
    ['partition', String(log.topicPartition.partition)],
  ];
  if (log.isFuture) tags.push(['is-future', 'true']);
  return tags;
}

/** Registers the LogManager's gauges and the per-log family in the broker's registry. */
export function registerLogMetrics(
  registry: MetricsRegistry,
  logs: HeldLogs,
  logDirs: readonly string[],
  isOffline: (dir: string) => boolean,
): void {
  registry.newGauge('kafka.log', 'LogManager', 'OfflineLogDirectoryCount', () => logDirs.filter(isOffline).length);
  for (const dir of logDirs) {
    registry.newGauge('kafka.log', 'LogManager', 'LogDirectoryOffline', () => (isOffline(dir) ? 1 : 0), [['logDirectory', dir]]);
  }
  registry.addFamily(
    gaugeFamily<Log>({
      group: 'kafka.log',
      type: 'Log',
      gauges: LOG_GAUGES,
      *entities() {
        yield* logs.currentLogs.values();
        yield* logs.futureLogs.values();
      },
      tags: logTags,
      find: (properties) => {
        const tp = { topic: properties.get('topic') ?? '', partition: Number(properties.get('partition')) };
        return properties.get('is-future') === 'true' ? logs.futureLogs.get(tp) : logs.currentLogs.get(tp);
      },
    }),
  );
}
