/**
 * The topic view's "purge up to offset": a preview per replica (offsets and segments that go, the
 * new log start offset, the error Kafka would answer) and the purge itself — DeleteRecords through
 * the leader's ReplicaManager (`RecordsAdmin`), the path a client's DeleteRecords takes.
 */
import type { ClusterFacade } from '../core/cluster/cluster-facade';
import type { PurgePreviewDto, PurgeResultDto } from './contract';

export function previewPurge(cluster: ClusterFacade, topic: string, partition: number, offset: number): PurgePreviewDto {
  const preview = cluster.recordsAdmin.preview({ topic, partition }, offset);
  return {
    topic,
    partition,
    requestedOffset: preview.requestedOffset,
    offset: preview.offset,
    highWatermark: preview.highWatermark,
    error: preview.error ? { name: preview.error, message: preview.errorMessage ?? preview.error } : null,
    replicas: preview.replicas.map((r) => ({ ...r, segmentsDeleted: r.segmentsDeleted.map((s) => ({ ...s })) })),
  };
}

export async function purge(
  cluster: ClusterFacade,
  topic: string,
  partition: number,
  offset: number,
  timeoutMs: number,
): Promise<PurgeResultDto> {
  const [outcome] = await cluster.recordsAdmin.deleteRecords([{ topicPartition: { topic, partition }, offset }], timeoutMs);
  return { topic, partition, lowWatermark: outcome.lowWatermark, error: outcome.error === 'NONE' ? null : outcome.error };
}
