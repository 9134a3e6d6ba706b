/**
 * The topic page's log cleaner panel: each replica's compaction as its broker's log cleaner sees it
 * (dirty ratio against `min.cleanable.dirty.ratio`, the cleaner checkpoint, the last cleaning).
 */
import type { ClusterFacade } from '../core/cluster/cluster-facade';
import type { TopicView } from './cluster-view';
import type { TopicCleaningDto } from './topic-cleaning-contract';

export function topicCleaning(cluster: ClusterFacade, view: TopicView): TopicCleaningDto {
  const partitions = view.partitions.map((p) => p.topicPartition);
  const replicas = cluster.replicaCleaning(partitions);
  const all = replicas.flat();
  return {
    topic: view.name,
    compacted: all.some((r) => r.compacted),
    partitions: partitions.map((tp, i) => ({
      partition: tp.partition,
      replicas: replicas[i].map((r) => ({
        brokerId: r.brokerId,
        logStartOffset: r.logStartOffset,
        logEndOffset: r.logEndOffset,
        firstDirtyOffset: r.firstDirtyOffset,
        firstUncleanableOffset: r.firstUncleanableOffset,
        cleanableBytes: r.cleanableBytes,
        totalBytes: r.totalBytes,
        dirtyRatio: r.dirtyRatio,
        minCleanableRatio: r.minCleanableRatio,
        cleaningState: r.cleaningState,
        uncleanable: r.uncleanable,
        lastCleaning: r.lastCleaning
          ? {
              threadId: r.lastCleaning.threadId,
              timeMs: r.lastCleaning.timeMs,
              firstDirtyOffset: r.lastCleaning.firstDirtyOffset,
              endOffset: r.lastCleaning.endOffset,
              bytesRead: r.lastCleaning.bytesRead,
              bytesWritten: r.lastCleaning.bytesWritten,
              messagesRead: r.lastCleaning.messagesRead,
              messagesWritten: r.lastCleaning.messagesWritten,
            }
          : null,
      })),
    })),
  };
}
