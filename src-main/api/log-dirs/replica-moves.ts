/**
 * Moving a replica between the log dirs of its broker, from the log dir browser and the broker
 * page: the broker's dirs with the replicas each holds (DescribeLogDirs' size, offset lag and
 * `isFuture`), and AlterReplicaLogDirs of one replica through the facade's admin — the path a
 * client's request takes to the broker's ReplicaManager, which creates the `-future` log in the
 * target dir, copies it there and swaps it in, renaming the old dir `-delete`.
 */
import type { ClusterFacade, LogDirReplicasSnapshot } from '../../core/cluster/cluster-facade';
import { errorForCode } from '../../core/common/kafka-errors';
import { ApiError } from '../backend';
import type { BrokerReplicasDto, ReplicaMoveDto, ReplicaMoveResultDto } from './log-dir-contract';

/** The argument a refusal points at: the dir for the dir's errors, else the partition. */
const FIELD_OF_ERROR: Readonly<Record<string, keyof ReplicaMoveDto>> = {
  LOG_DIR_NOT_FOUND: 'logDir',
  KAFKA_STORAGE_ERROR: 'logDir',
  BROKER_NOT_AVAILABLE: 'brokerId',
};

function logDirsOf(cluster: ClusterFacade, brokerId: number): LogDirReplicasSnapshot[] {
  const dirs = cluster.logDirReplicas(brokerId);
  if (!dirs)
    throw new ApiError('INVALID_INPUT', { en: `There is no broker ${brokerId}.`, 'zh-CN': `不存在 broker ${brokerId}。` }, 'brokerId');
  return dirs;
}

export function brokerReplicas(cluster: ClusterFacade, brokerId: number): BrokerReplicasDto {
  const logDirs = logDirsOf(cluster, brokerId);
  return {
    brokerId,
    running: cluster.broker(brokerId)?.isRunning ?? false,
    logDirs: logDirs.map((d) => ({
      path: d.path,
      online: d.online,
      replicas: d.replicas.map((r) => ({
        topic: r.topicPartition.topic,
        partition: r.topicPartition.partition,
        sizeBytes: r.sizeBytes,
        offsetLag: r.offsetLag,
        isFuture: r.isFuture,
      })),
    })),
  };
}

export async function moveReplica(cluster: ClusterFacade, move: ReplicaMoveDto): Promise<ReplicaMoveResultDto> {
  const { brokerId, topic, partition, logDir } = move;
  const logDirs = logDirsOf(cluster, brokerId);
  if (!cluster.broker(brokerId)?.isRunning)
    throw new ApiError(
      'BROKER_NOT_AVAILABLE',
      {
        en: `Broker ${brokerId} is not running: only a running broker moves its replicas.`,
        'zh-CN': `broker ${brokerId} 未在运行：只有运行中的 broker 才能迁移其副本。`,
      },
      'brokerId',
    );
  const source = logDirs.find((d) =>
    d.replicas.some((r) => !r.isFuture && r.topicPartition.topic === topic && r.topicPartition.partition === partition),
  );
  const current = source?.replicas.find((r) => !r.isFuture && r.topicPartition.topic === topic && r.topicPartition.partition === partition);
  const [result] = await cluster.admin.alterReplicaLogDirs([{ brokerId, topic, partition, logDir }]);
  if (!result)
    throw new ApiError('UNKNOWN_SERVER_ERROR', {
      en: `Broker ${brokerId} did not answer for ${topic}-${partition}.`,
      'zh-CN': `broker ${brokerId} 没有对 ${topic}-${partition} 作出应答。`,
    });
  if (result.errorName !== 'NONE') {
    const message = errorForCode(result.errorCode).message;
    throw new ApiError(
      result.errorName,
      // Kafka's message after the partition it is about.
      {
        en: `${topic}-${partition} on broker ${brokerId}: ${message}`,
        'zh-CN': `broker ${brokerId} 上的 ${topic}-${partition}：${message}`,
      },
      FIELD_OF_ERROR[result.errorName] ?? 'partition',
    );
  }
  return {
    brokerId,
    topic,
    partition,
    logDir,
    sourceDir: source?.path ?? null,
    sizeBytes: current?.sizeBytes ?? 0,
    alreadyThere: source?.path === logDir,
  };
}
