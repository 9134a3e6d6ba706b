/**
 * AlterReplicaLogDirs (KafkaApis.handleAlterReplicaLogDirsRequest): every partition named under a
 * dir moves there on this broker (`ReplicaManager.alterReplicaLogDirs`), answered per partition,
 * grouped by topic. Without an authorizer every caller may alter (no CLUSTER_AUTHORIZATION_FAILED).
 */
import { javaIntegerHashMapOrder, javaNewHashMapOrder } from '../../../core/common/jvm-hash-order';
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
    // `CollectionUtils.groupPartitionDataByTopic`: a HashMap of topics, each a HashMap of partitions.
    const byTopic = new Map<string, Map<number, number>>();
    for (const { topicPartition, error } of results) {
      const partitions = byTopic.get(topicPartition.topic) ?? new Map<number, number>();
      partitions.set(topicPartition.partition, Errors[error].code);
      byTopic.set(topicPartition.topic, partitions);
    }
    return {
      throttleTimeMs: 0,
      results: javaNewHashMapOrder([...byTopic.keys()]).map((topicName) => {
        const partitions = byTopic.get(topicName)!;
        return {
          topicName,
          partitions: javaIntegerHashMapOrder([...partitions.keys()]).map((partitionIndex) => ({
            partitionIndex,
            errorCode: partitions.get(partitionIndex)!,
          })),
        };
      }),
    };
  };
}
