import type { TopicPartition } from '../../common/topic-partition';
import { tpKey } from '../../common/topic-partition';
import type { ReplicaManagerCore } from './replica-manager-core';

/** `ReplicaManager.handleLogDirFailure`: the dir's partitions go offline and the controller is told through ZooKeeper. */
export async function handleLogDirFailure(rm: ReplicaManagerCore, dir: string): Promise<void> {
  const offline: TopicPartition[] = [];
  for (const [tp, hosted] of rm.partitions) {
    if (hosted !== 'offline' && hosted.log?.parentDir === dir) offline.push(tp);
  }
  rm.fetcherManager.removeFetcherForPartitions(offline);
  for (const tp of offline) {
    rm.partitions.set(tp, 'offline');
    rm.isr.forgetIsrChange(tp);
    rm.tryCompleteDelayedRequests(tp);
  }
  rm.deps.logManager.handleLogDirFailure(dir);
  rm.logger.warn(
    `Broker ${rm.brokerId} stopped fetcher for partitions ${offline.map(tpKey).join(',')} and stopped moving logs for partitions  because they are in the failed log directory ${dir}.`,
  );
  await rm.deps.zk.propagateLogDirEvent(rm.brokerId);
}
