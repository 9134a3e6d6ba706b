/**
 * The `partitions` array of an election JSON file, as both election tools read it
 * (`LeaderElectionCommand.parseReplicaElectionData` and `PreferredReplicaLeaderElectionCommand.parsePreferredReplicaElectionData`):
 * each entry a topic and a partition (Jackson's mapping error otherwise), no partition twice.
 * `what` is the tool's name for the data in its duplicate message.
 */
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { tpKey, type TopicPartition } from '../../core/common/topic-partition';
import { tpString } from '../kafka-reassign-partitions/reassignment-json';

export function readElectionPartitions(
  partitions: readonly unknown[],
  what: 'Replica election data' | 'Preferred replica election data',
): TopicPartition[] {
  const list = partitions.map((entry) => {
    const p = entry as { topic?: unknown; partition?: unknown } | null;
    if (typeof p?.topic !== 'string' || !Number.isInteger(p?.partition))
      throw new AdminJavaException(
        'com.fasterxml.jackson.databind.JsonMappingException',
        `Expected a topic and a partition, received ${JSON.stringify(p)}`,
      );
    return { topic: p.topic, partition: p.partition as number };
  });
  const seen = new Set<string>();
  const duplicates = new Map<string, TopicPartition>();
  for (const p of list) {
    if (seen.has(tpKey(p))) duplicates.set(tpKey(p), p);
    seen.add(tpKey(p));
  }
  if (duplicates.size > 0)
    throw AdminJavaException.adminOperation(`${what} contains duplicate partitions: ${[...duplicates.values()].map(tpString).join(',')}`);
  return list;
}
