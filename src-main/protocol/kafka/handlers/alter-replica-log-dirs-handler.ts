/**
 * AlterReplicaLogDirs (KafkaApis.handleAlterReplicaLogDirsRequest): every partition named under a
 * dir moves there on this broker (`ReplicaManager.alterReplicaLogDirs`), answered per partition,
 * grouped by topic. Without an authorizer every caller may alter (no CLUSTER_AUTHORIZATION_FAILED).
 */
import { Errors } from '../../../core/common/kafka-errors';
import type { TopicPartition } from '../../../core/common/topic-partition';
import type { ApiHandler } from '../kafka-apis';
import type { AlterReplicaLogDirsRequest, AlterReplicaLogDirsResponse } from '../messages/alter-replica-log-dirs';
import type { BrokerApiDeps } from './broker-api-deps';

export function alterReplicaLogDirsHandler({ broker }: BrokerApiDeps): ApiHandler<AlterReplicaLogDirsRequest, AlterReplicaLogDirsResponse> {
  return async (request) => {
    const partitionDirs: Array<readonly [TopicPartition, string]> = [];
    for (const dir of request.dirs)
      for (const t of dir.topics) for (const partition of t.partitions) partitionDirs.push([{ topic: t.name, partition }, dir.path]);
    const rm = broker.replicaManager;
    const results = rm
      ? await rm.alterReplicaLogDirs(partitionDirs)
      : partitionDirs.map(([topicPartition]) => ({ topicPartition, error: 'UNKNOWN_SERVER_ERROR' as const }));
    const byTopic = new Map<string, Array<{ partitionIndex: number; errorCode: number }>>();
    for (const { topicPartition, error } of results) {
      const list = byTopic.get(topicPartition.topic) ?? [];
      list.push({ partitionIndex: topicPartition.partition, errorCode: Errors[error].code });
      byTopic.set(topicPartition.topic, list);
    }
    return { throttleTimeMs: 0, results: [...byTopic].map(([topicName, partitions]) => ({ topicName, partitions })) };
  };
}
