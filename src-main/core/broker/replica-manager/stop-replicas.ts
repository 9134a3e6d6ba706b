import { Errors } from '../../common/kafka-errors';
import type { TopicPartition } from '../../common/topic-partition';
import { TopicPartitionMap, tpKey } from '../../common/topic-partition';
import type { PartitionError, StopReplicaRequest, StopReplicaResponse } from '../../controller/broker-requests';
import { errorMessage } from '../../common/throwable';
import type { ReplicaManagerCore } from './replica-manager-core';

/**
 * `ReplicaManager.stopReplicas`: a StopReplica from the controller; a storage failure is that
 * partition's error. The fetchers of all its partitions stop first (as Kafka 2.5), then each replica;
 * the logs of a StopReplica with delete go in one batch (`LogManager.asyncDeleteAll`), so that each
 * log dir's checkpoints are rewritten once per request instead of once per partition — later Kafka's
 * remedy for the same quadratic cost.
 */
export async function stopReplicas(rm: ReplicaManagerCore, request: StopReplicaRequest): Promise<StopReplicaResponse> {
  rm.ensureRunning();
  const log = rm.deps.stateChangeLog;
  if (request.controllerEpoch < rm.controllerEpoch) {
    log.warn(
      `Received stop replica request from an old controller epoch ${request.controllerEpoch}. Latest known controller epoch is ${rm.controllerEpoch}`,
    );
    return { apiKey: 'StopReplica', errorCode: Errors.STALE_CONTROLLER_EPOCH.code, partitionErrors: [] };
  }
  rm.controllerEpoch = request.controllerEpoch;
  const deletePartition = request.deletePartitions;
  rm.fetcherManager.removeFetcherForPartitions(request.partitions);
  rm.alterLogDirsManager.removeFetcherForPartitions(request.partitions);
  const failed = new TopicPartitionMap<unknown>();
  const logsToDelete: TopicPartition[] = [];
  for (const tp of request.partitions) {
    try {
      if (stopReplica(rm, tp, deletePartition)) logsToDelete.push(tp);
    } catch (e) {
      failed.set(tp, e);
    }
  }
  if (logsToDelete.length > 0) await rm.deps.logManager.asyncDeleteAll(logsToDelete, (tp, e) => failed.set(tp, e));
  const partitionErrors: PartitionError[] = [];
  for (const tp of request.partitions) {
    let errorCode = Errors.NONE.code;
    const e = failed.get(tp);
    if (e !== undefined) {
      log.error(
        `Ignoring stop replica (delete=${deletePartition}) for partition ${tpKey(tp)} due to storage exception: ${errorMessage(e)}`,
      );
      errorCode = Errors.KAFKA_STORAGE_ERROR.code;
    } else {
      log.trace(`Finished handling stop replica (delete=${deletePartition}) for partition ${tpKey(tp)}`);
    }
    partitionErrors.push({ topicName: tp.topic, partitionIndex: tp.partition, errorCode });
  }
  return { apiKey: 'StopReplica', errorCode: Errors.NONE.code, partitionErrors };
}

/** One replica stopped (its fetchers already are); returns whether its logs are to be deleted. */
function stopReplica(rm: ReplicaManagerCore, tp: TopicPartition, deletePartition: boolean): boolean {
  const log = rm.deps.stateChangeLog;
  log.trace(`Handling stop replica (delete=${deletePartition}) for partition ${tpKey(tp)}`);
  const hosted = rm.partitions.get(tp);
  let deleteLogs = false;
  if (deletePartition) {
    if (hosted === 'offline') throw new Error(`Partition ${tpKey(tp)} is on an offline disk`);
    if (hosted) {
      hosted.futureLog = null;
      rm.partitions.delete(tp);
      rm.metrics.partitionRemoved(tp);
      rm.isr.forgetIsrChange(tp);
    } else {
      log.trace(`Ignoring stop replica (delete=${deletePartition}) for partition ${tpKey(tp)} as replica doesn't exist on broker`);
    }
    // Also a log the ReplicaManager no longer holds (a topic deleted while this broker was down).
    deleteLogs = rm.deps.logManager.getLog(tp) !== undefined || rm.deps.logManager.getLog(tp, true) !== undefined;
  } else if (hosted && hosted !== 'offline') {
    // A stopped replica stops fetching; it stays hosted until deleted or led again.
    hosted.leader = -1;
    hosted.becomeFollower();
  }
  rm.tryCompleteDelayedRequests(tp);
  return deleteLogs;
}
