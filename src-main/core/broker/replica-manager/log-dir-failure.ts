import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import type { ReplicaManagerCore } from './replica-manager-core';

/** `ReplicaManager.handleLogDirFailure`: the dir's partitions go offline and the controller is told through ZooKeeper. */
export async function handleLogDirFailure(rm: ReplicaManagerCore, dir: string): Promise<void> {
  const offline: TopicPartition[] = [];
  for (const [tp, hosted] of rm.partitions) {
    if (hosted !== 'offline' && hosted.log?.parentDir === dir) offline.push(tp);
  }
  const offlineFuture: TopicPartition[] = [];
  for (const [tp, hosted] of rm.partitions) {
    if (hosted !== 'offline' && hosted.futureLog?.parentDir === dir) offlineFuture.push(tp);
  }
  rm.fetcherManager.removeFetcherForPartitions(offline);
  rm.alterLogDirsManager.removeFetcherForPartitions([...offline, ...offlineFuture]);
  for (const tp of offlineFuture) {
    const hosted = rm.partitions.get(tp);
    if (hosted && hosted !== 'offline') hosted.removeFutureLocalReplica(rm.deps.logManager, false);
  }
  for (const tp of offline) {
    rm.partitions.set(tp, 'offline');
    rm.metrics.partitionRemoved(tp);
    rm.isr.forgetIsrChange(tp);
    rm.tryCompleteDelayedRequests(tp);
  }
  rm.deps.logManager.handleLogDirFailure(dir);
  rm.logger.warn(
    `Broker ${rm.brokerId} stopped fetcher for partitions ${offline.map(tpKey).join(',')} and stopped moving logs for partitions ${offlineFuture.map(tpKey).join(',')} because they are in the failed log directory ${dir}.`,
  );
  await rm.deps.zk.propagateLogDirEvent(rm.brokerId);
}
