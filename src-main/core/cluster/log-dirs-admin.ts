/**
 * AlterReplicaLogDirs as an admin client sends it (`KafkaAdminClient.alterReplicaLogDirs`, Kafka
 * 2.5.1): the moves are grouped by broker, each broker answers for its own replicas
 * (`ReplicaManager.alterReplicaLogDirs`), and every move gets its partition's error. A broker that
 * is not running cannot answer: its moves fail with BROKER_NOT_AVAILABLE (the admin client would
 * time out waiting for the node).
 */
import { Errors, type ErrorName } from '../common/kafka-errors';
import { TopicPartitionMap } from '../common/topic-partition';
import type { Cluster } from './cluster';

export interface ReplicaLogDirMove {
  readonly brokerId: number;
  readonly topic: string;
  readonly partition: number;
  /** An absolute path, one of the broker's `log.dirs`. */
  readonly logDir: string;
}

export interface ReplicaLogDirMoveResult {
  readonly brokerId: number;
  readonly topic: string;
  readonly partition: number;
  readonly errorCode: number;
  readonly errorName: string;
}

export async function alterReplicaLogDirs(cluster: Cluster, moves: readonly ReplicaLogDirMove[]): Promise<ReplicaLogDirMoveResult[]> {
  const byBroker = new Map<number, ReplicaLogDirMove[]>();
  for (const move of moves) byBroker.set(move.brokerId, [...(byBroker.get(move.brokerId) ?? []), move]);
  const answers = new Map<number, TopicPartitionMap<ErrorName>>();
  await Promise.all(
    [...byBroker].map(async ([brokerId, brokerMoves]) => {
      const errors = new TopicPartitionMap<ErrorName>();
      answers.set(brokerId, errors);
      const server = cluster.brokerIds().includes(brokerId) ? cluster.broker(brokerId) : null;
      const rm = server?.isRunning ? server.replicaManager : null;
      if (!rm) {
        for (const m of brokerMoves) errors.set({ topic: m.topic, partition: m.partition }, 'BROKER_NOT_AVAILABLE');
        return;
      }
      const results = await rm.alterReplicaLogDirs(brokerMoves.map((m) => [{ topic: m.topic, partition: m.partition }, m.logDir] as const));
      for (const r of results) errors.set(r.topicPartition, r.error);
    }),
  );
  return moves.map((m) => {
    const errorName = answers.get(m.brokerId)?.get({ topic: m.topic, partition: m.partition }) ?? 'UNKNOWN_SERVER_ERROR';
    return { brokerId: m.brokerId, topic: m.topic, partition: m.partition, errorCode: Errors[errorName].code, errorName };
  });
}
