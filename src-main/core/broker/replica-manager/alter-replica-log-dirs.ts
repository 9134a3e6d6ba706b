/**
 * `ReplicaManager.alterReplicaLogDirs` and `maybeAddLogDirFetchers` (Kafka 2.5.1): moving a
 * replica to another log dir of its broker. Per partition, in 2.5.1's order:
 *
 *   topic too long for a `-future` name      → INVALID_TOPIC_EXCEPTION "The topic name is too long."
 *   dir not in `log.dirs`                    → LOG_DIR_NOT_FOUND "Log dir … is not found in the config."
 *   dir offline                              → KAFKA_STORAGE_ERROR "Log directory … is offline"
 *   partition in an offline dir              → KAFKA_STORAGE_ERROR
 *   a move to another dir under way          → that future log is abandoned (deleted)
 *   the dir is recorded as preferred; then
 *   no replica here (topic known)            → REPLICA_NOT_AVAILABLE (its log is created there later)
 *   no replica, topic unknown                → UNKNOWN_TOPIC_OR_PARTITION
 *   already in that dir                      → NONE, nothing happens
 *   otherwise                                → NONE: the future log is created in the dir and the
 *                                              ReplicaAlterLogDirs fetcher starts copying
 */
import type { ErrorName } from '../../common/kafka-errors';
import { KafkaApiError } from '../../common/kafka-errors';
import { IllegalStateException } from '../../common/java-lang';
import type { TopicPartition } from '../../common/topic-partition';
import { TopicPartitionMap, tpKey } from '../../common/topic-partition';
import { KafkaStorageException, LogDirNotFoundException } from '../../log/errors';
import type { TopicConfigValues } from '../../log/log-config';
import { MAX_FILE_NAME_LENGTH, logFutureDirName } from '../../log/log-manager/log-dir-names';
import { trimTrailingSeparators } from '../../platform/file-system';
import type { Partition } from '../partition';
import type { ReplicaManagerCore } from './replica-manager-core';

export interface AlterReplicaLogDirResult {
  readonly topicPartition: TopicPartition;
  readonly error: ErrorName;
}

/** A uuid's 32 hex digits: `Log.logFutureDirName` is `<t>-<p>.<uuid>-future`. */
const UUID_PLACEHOLDER = '0'.repeat(32);

/** `Errors.forException` for what this path throws. */
function errorOf(e: unknown): ErrorName {
  if (e instanceof KafkaApiError) return e.errorName as ErrorName;
  if (e instanceof LogDirNotFoundException) return 'LOG_DIR_NOT_FOUND';
  if (e instanceof KafkaStorageException) return 'KAFKA_STORAGE_ERROR';
  return 'UNKNOWN_SERVER_ERROR';
}

/** `getPartitionOrException(tp, expectLeader = false)`. */
function partitionOrException(rm: ReplicaManagerCore, tp: TopicPartition): Partition {
  const hosted = rm.partitions.get(tp);
  if (hosted === 'offline') throw new KafkaStorageException(`Partition ${tpKey(tp)} is in an offline log directory`);
  if (hosted) return hosted;
  const error = rm.deps.metadataCache.getPartitionInfo(tp.topic, tp.partition) ? 'REPLICA_NOT_AVAILABLE' : 'UNKNOWN_TOPIC_OR_PARTITION';
  throw new KafkaApiError(error, `Error while fetching partition state for ${tpKey(tp)}`);
}

/**
 * `Partition.maybeCreateFutureReplica`: false when the replica is already in `dir` or its future
 * log already is; otherwise the future log is created there (its high watermark from that dir's
 * `replication-offset-checkpoint`).
 */
function maybeCreateFutureReplica(rm: ReplicaManagerCore, partition: Partition, dir: string, config: TopicConfigValues): boolean {
  const currentLogDir = partition.localLogOrException().parentDir;
  if (currentLogDir === dir) {
    rm.partitionLogger(partition).info(
      `Current log directory ${currentLogDir} is same as requested log dir ${dir}. Skipping future replica creation.`,
    );
    return false;
  }
  if (partition.futureLog) {
    const futureLogDir = partition.futureLog.parentDir;
    if (futureLogDir !== dir)
      throw new IllegalStateException(
        `The future log dir ${futureLogDir} of ${partition.name} is different from the requested log dir ${dir}`,
      );
    return false;
  }
  createFutureLog(rm, partition, config);
  return true;
}

/** `createLogIfNotExists(isFutureReplica = true)`: found (a restart) or created in the preferred dir. */
function createFutureLog(rm: ReplicaManagerCore, partition: Partition, config: TopicConfigValues): void {
  const lm = rm.deps.logManager;
  const log = lm.getOrCreateLog(partition.topicPartition, config, { isNew: false, isFuture: true });
  const checkpointed = lm.checkpointedHighWatermark(log.parentDir, partition.topicPartition);
  if (checkpointed === null) rm.partitionLogger(partition).info(`No checkpointed highwatermark is found for partition ${partition.name}`);
  const hw = log.updateHighWatermark(checkpointed ?? 0);
  rm.partitionLogger(partition).info(`Log loaded for partition ${partition.name} with initial high watermark ${hw}`);
  partition.futureLog = log;
}

export async function alterReplicaLogDirs(
  rm: ReplicaManagerCore,
  partitionDirs: ReadonlyArray<readonly [TopicPartition, string]>,
): Promise<AlterReplicaLogDirResult[]> {
  rm.ensureRunning();
  // A Java map: a partition named twice keeps its last dir.
  const dirs = new TopicPartitionMap<string>();
  for (const [tp, dir] of partitionDirs) dirs.set(tp, dir);
  // `stateStore.fetchTopicConfig()` is a ZooKeeper read: done first, so the moves below run in one step.
  const configs = new Map<string, TopicConfigValues>();
  for (const [tp] of dirs) {
    if (!configs.has(tp.topic) && rm.partitions.get(tp)) configs.set(tp.topic, await rm.deps.topicConfig(tp.topic));
  }
  rm.ensureRunning();
  const lm = rm.deps.logManager;
  const results: AlterReplicaLogDirResult[] = [];
  for (const [tp, destinationDir] of dirs) {
    try {
      if (logFutureDirName(tp, UUID_PLACEHOLDER).length > MAX_FILE_NAME_LENGTH)
        throw new KafkaApiError('INVALID_TOPIC_EXCEPTION', 'The topic name is too long.');
      if (!lm.isLogDirOnline(destinationDir)) throw new KafkaStorageException(`Log directory ${destinationDir} is offline`);
      const dir = trimTrailingSeparators(destinationDir);
      const hosted = rm.partitions.get(tp);
      if (hosted === 'offline') throw new KafkaStorageException(`Partition ${tpKey(tp)} is offline`);
      if (hosted?.futureReplicaDirChanged(dir)) {
        rm.alterLogDirsManager.removeFetcherForPartitions([tp]);
        hosted.removeFutureLocalReplica(lm);
      }
      lm.maybeUpdatePreferredLogDir(tp, dir);
      const partition = partitionOrException(rm, tp);
      partition.localLogOrException();
      if (maybeCreateFutureReplica(rm, partition, dir, configs.get(tp.topic) ?? {})) {
        const futureLog = partition.futureLocalLogOrException();
        lm.abortAndPauseCleaning(tp);
        rm.alterLogDirsManager.addFetcherForPartitions([[tp, { leaderEpoch: partition.leaderEpoch, initOffset: futureLog.highWatermark }]]);
      }
      results.push({ topicPartition: tp, error: 'NONE' });
    } catch (e) {
      const error = errorOf(e);
      const expected = ['INVALID_TOPIC_EXCEPTION', 'LOG_DIR_NOT_FOUND', 'REPLICA_NOT_AVAILABLE', 'KAFKA_STORAGE_ERROR'];
      if (!expected.includes(error)) rm.logger.error(`Error while changing replica dir for partition ${tpKey(tp)}`, e);
      results.push({ topicPartition: tp, error });
    }
  }
  return results;
}

/**
 * `maybeAddLogDirFetchers` (end of becomeLeaderOrFollower): a partition just led or followed that
 * has a future log on disk (a move interrupted by a restart) takes it up again and its copy resumes
 * from the current log's high watermark.
 */
export function maybeAddLogDirFetchers(
  rm: ReplicaManagerCore,
  partitions: readonly Partition[],
  configs: ReadonlyMap<string, TopicConfigValues>,
): void {
  const lm = rm.deps.logManager;
  const initial: Array<readonly [TopicPartition, { leaderEpoch: number; initOffset: number }]> = [];
  for (const partition of partitions) {
    const tp = partition.topicPartition;
    const log = partition.log;
    if (!log || !lm.getLog(tp, true)) continue;
    if (!partition.futureLog) createFutureLog(rm, partition, configs.get(tp.topic) ?? {});
    lm.abortAndPauseCleaning(tp);
    initial.push([tp, { leaderEpoch: partition.leaderEpoch, initOffset: log.highWatermark }]);
  }
  rm.alterLogDirsManager.addFetcherForPartitions(initial);
  rm.alterLogDirsManager.shutdownIdleFetcherThreads();
}
