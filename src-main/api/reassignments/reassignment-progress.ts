/**
 * A reassignment's progress per partition: the replicas the controller is adding and removing, the
 * ISR, and each replica's local log against the leader's (bytes caught up); and the throttles in place.
 */
import type { ClusterFacade } from '../../core/cluster/cluster-facade';
import { compareTopicPartitions, tpKey } from '../../core/common/topic-partition';
import type { PartitionProgressDto, ReassignmentPlanDto, ReassignmentProgressDto } from './reassignment-contract';
import { FOLLOWER_RATE, FOLLOWER_REPLICAS, LEADER_RATE, LEADER_REPLICAS, topicOverrides } from './reassignment-throttles';

export function partitionProgress(cluster: ClusterFacade, plan: ReassignmentPlanDto | null): PartitionProgressDto[] {
  const targets = new Map((plan?.partitions ?? []).map((p) => [tpKey(p), p.replicas]));
  const shown = cluster
    .topics()
    .flatMap((t) => t.partitions)
    .filter((p) => p.addingReplicas.length > 0 || p.removingReplicas.length > 0 || targets.has(tpKey(p.topicPartition)))
    .sort((a, b) => compareTopicPartitions(a.topicPartition, b.topicPartition));
  const logs = cluster.replicaLogs(shown.map((p) => p.topicPartition));
  return shown.map((p, i) => {
    const target = targets.get(tpKey(p.topicPartition)) ?? p.replicas.filter((r) => !p.removingReplicas.includes(r));
    const byBroker = new Map(logs[i].map((l) => [l.brokerId, l]));
    const leaderLog = byBroker.get(p.leader);
    return {
      topic: p.topicPartition.topic,
      partition: p.topicPartition.partition,
      replicas: [...p.replicas],
      targetReplicas: [...target],
      adding: [...p.addingReplicas],
      removing: [...p.removingReplicas],
      isr: [...p.isr],
      leader: p.leader,
      leaderLogEndOffset: leaderLog?.logEndOffset ?? -1,
      leaderSizeBytes: leaderLog?.sizeBytes ?? 0,
      replicaLogs: [...new Set([...p.replicas, ...target])].map((brokerId) => ({
        brokerId,
        adding: p.addingReplicas.includes(brokerId),
        removing: p.removingReplicas.includes(brokerId),
        logEndOffset: byBroker.get(brokerId)?.logEndOffset ?? -1,
        sizeBytes: byBroker.get(brokerId)?.sizeBytes ?? 0,
        inIsr: p.isr.includes(brokerId),
      })),
      done: p.addingReplicas.length === 0 && p.removingReplicas.length === 0,
    };
  });
}

export async function throttlesInPlace(
  cluster: ClusterFacade,
  topics: ReadonlySet<string>,
): Promise<Pick<ReassignmentProgressDto, 'brokerThrottles' | 'topicThrottles'>> {
  const brokerThrottles = cluster
    .brokers()
    .map((b) => ({
      brokerId: b.id,
      leaderRate: b.dynamicConfig.dynamicBrokerConfigs.get(LEADER_RATE) ?? null,
      followerRate: b.dynamicConfig.dynamicBrokerConfigs.get(FOLLOWER_RATE) ?? null,
    }))
    .filter((b) => b.leaderRate !== null || b.followerRate !== null);
  const topicThrottles = [];
  for (const topic of [...topics].sort()) {
    const configs = await topicOverrides(cluster, topic);
    const leader = configs[LEADER_REPLICAS] ?? null;
    const follower = configs[FOLLOWER_REPLICAS] ?? null;
    if (leader !== null || follower !== null) topicThrottles.push({ topic, leader, follower });
  }
  return { brokerThrottles, topicThrottles };
}
