import type { ErrorName } from '../../common/kafka-errors';
import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import type { Log } from '../../log/log';
import type { Partition } from '../partition';
import type { ReplicaManagerCore } from './replica-manager-core';

/**
 * `getPartitionOrException` + `localLogWithEpochOrException`: the partition's log here, checked
 * for leadership (`requireLeader`) and for the caller's view of the leader epoch.
 */
export function leaderPartitionOrError(
  rm: ReplicaManagerCore,
  tp: TopicPartition,
  currentLeaderEpoch: number | null,
  requireLeader: boolean,
): { partition: Partition; log: Log } | { error: ErrorName; message: string } {
  const hosted = rm.partitions.get(tp);
  if (hosted === 'offline') return { error: 'KAFKA_STORAGE_ERROR', message: `Partition ${tpKey(tp)} is in an offline log directory` };
  if (!hosted || !hosted.log) {
    return rm.deps.metadataCache.getPartitionInfo(tp.topic, tp.partition) !== undefined
      ? { error: 'NOT_LEADER_FOR_PARTITION', message: `Broker ${rm.brokerId} is not leader for partition ${tpKey(tp)}` }
      : { error: 'UNKNOWN_TOPIC_OR_PARTITION', message: `Partition ${tpKey(tp)} doesn't exist` };
  }
  if (currentLeaderEpoch !== null && currentLeaderEpoch >= 0) {
    if (hosted.leaderEpoch > currentLeaderEpoch)
      return {
        error: 'FENCED_LEADER_EPOCH',
        message: `The leader epoch in the request (${currentLeaderEpoch}) is older than ${hosted.leaderEpoch}`,
      };
    if (hosted.leaderEpoch < currentLeaderEpoch)
      return {
        error: 'UNKNOWN_LEADER_EPOCH',
        message: `The leader epoch in the request (${currentLeaderEpoch}) is newer than ${hosted.leaderEpoch}`,
      };
  }
  if (requireLeader && !hosted.isLeader) {
    return { error: 'NOT_LEADER_FOR_PARTITION', message: `Leader not local for partition ${tpKey(tp)} on broker ${rm.brokerId}` };
  }
  return { partition: hosted, log: hosted.log };
}
