import { Errors } from '../../common/kafka-errors';
import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import type { PartitionError, StopReplicaRequest, StopReplicaResponse } from '../../controller/broker-requests';
import { errorMessage } from '../../common/throwable';
import type { ReplicaManagerCore } from './replica-manager-core';

/** `ReplicaManager.stopReplicas`: a StopReplica from the controller; a storage failure is that partition's error. */
export function stopReplicas(rm: ReplicaManagerCore, request: StopReplicaRequest): StopReplicaResponse {
  rm.ensureRunning();
  const log = rm.deps.stateChangeLog;
  if (request.controllerEpoch < rm.controllerEpoch) {
    log.warn(
      `Received stop replica request from an old controller epoch ${request.controllerEpoch}. Latest known controller epoch is ${rm.controllerEpoch}`,
    );
    return { apiKey: 'StopReplica', errorCode: Errors.STALE_CONTROLLER_EPOCH.code, partitionErrors: [] };
  }
  rm.controllerEpoch = request.controllerEpoch;
  const partitionErrors: PartitionError[] = [];
  for (const tp of request.partitions) {
    let errorCode = Errors.NONE.code;
    try {
      stopReplica(rm, tp, request.deletePartitions);
    } catch (e) {
      log.error(
        `Ignoring stop replica (delete=${request.deletePartitions}) for partition ${tpKey(tp)} due to storage exception: ${errorMessage(e)}`,
      );
      errorCode = Errors.KAFKA_STORAGE_ERROR.code;
    }
    partitionErrors.push({ topicName: tp.topic, partitionIndex: tp.partition, errorCode });
  }
  return { apiKey: 'StopReplica', errorCode: Errors.NONE.code, partitionErrors };
}

function stopReplica(rm: ReplicaManagerCore, tp: TopicPartition, deletePartition: boolean): void {
  const log = rm.deps.stateChangeLog;
  log.trace(`Handling stop replica (delete=${deletePartition}) for partition ${tpKey(tp)}`);
  const hosted = rm.partitions.get(tp);
  rm.fetcherManager.removeFetcherForPartitions([tp]);
  rm.alterLogDirsManager.removeFetcherForPartitions([tp]);
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
    if (rm.deps.logManager.getLog(tp)) rm.deps.logManager.asyncDelete(tp);
    if (rm.deps.logManager.getLog(tp, true)) rm.deps.logManager.asyncDelete(tp, true);
  } else if (hosted && hosted !== 'offline') {
    // A stopped replica stops fetching; it stays hosted until deleted or led again.
    hosted.leader = -1;
    hosted.becomeFollower();
  }
  rm.tryCompleteDelayedRequests(tp);
  log.trace(`Finished handling stop replica (delete=${deletePartition}) for partition ${tpKey(tp)}`);
}
