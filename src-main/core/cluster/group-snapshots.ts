/**
 * Consumer groups as the facade shows them: every group each running broker's GroupCoordinator
 * holds for the `__consumer_offsets` partitions it leads, with its members (DescribeGroups'
 * summary: assignments only once Stable) and, per partition, the committed offset beside the
 * partition leader's log end as `kafka-consumer-groups --describe` computes the lag
 * (`ConsumerGroupCommand.collectGroupOffsets`: assigned partitions, then committed ones no member holds).
 */
import type { KafkaServer } from '../broker/kafka-server';
import { tpKey, type TopicPartition } from '../common/topic-partition';
import type { GroupMetadata, GroupState } from '../coordinator/group/group-metadata';
import type { GroupMetadataManager } from '../coordinator/group/group-metadata-manager';
import type { Cluster } from './cluster';
import { consumerAssignmentPartitions } from '../coordinator/group/consumer-protocol';

export interface GroupMemberSnapshot {
  readonly memberId: string;
  readonly groupInstanceId: string | null;
  readonly clientId: string;
  readonly host: string;
  /** Decoded for the `consumer` protocol type once the group is Stable; empty otherwise. */
  readonly assignment: readonly TopicPartition[];
}

export interface GroupPartitionSnapshot {
  readonly topicPartition: TopicPartition;
  /** The member assigned the partition, null when only a committed offset is left. */
  readonly memberId: string | null;
  readonly committedOffset: number | null;
  /** What consumers see as the end (`endOffsets`, READ_UNCOMMITTED): the leader's high watermark; null without a running leader. */
  readonly logEndOffset: number | null;
  /** `logEndOffset − committedOffset`, null when either is unknown. */
  readonly lag: number | null;
}

export interface GroupSnapshot {
  readonly groupId: string;
  readonly state: GroupState;
  readonly protocolType: string;
  /** The chosen protocol (the assignor for consumers: `range`, `roundrobin` …), '' while rebalancing. */
  readonly protocol: string;
  readonly generationId: number;
  readonly leaderId: string | null;
  /** The broker whose coordinator holds the group. */
  readonly coordinator: number;
  /** The `__consumer_offsets` partition of the group. */
  readonly offsetsPartition: number;
  readonly members: readonly GroupMemberSnapshot[];
  readonly partitions: readonly GroupPartitionSnapshot[];
}

/** The end of each partition a consumer sees, read from the running leader's log, cached per call by `topic-partition`. */
function leaderEnds(cluster: Cluster): (key: string, tp: TopicPartition) => number | null {
  const running = cluster.runningBrokers();
  const cache = new Map<string, number | null>();
  return (key, tp) => {
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    let end: number | null = null;
    for (const broker of running) {
      const p = broker.running?.replicaManager.getPartition(tp);
      if (p && p !== 'offline' && p.isLeader && p.log) {
        end = p.log.highWatermark;
        break;
      }
    }
    cache.set(key, end);
    return end;
  };
}

function byTopicPartition(a: TopicPartition, b: TopicPartition): number {
  return a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : a.partition - b.partition;
}

type EndOf = (key: string, tp: TopicPartition) => number | null;

function snapshotOf(broker: KafkaServer, manager: GroupMetadataManager, group: GroupMetadata, endOf: EndOf): GroupSnapshot {
  const summary = group.summary();
  const consumer = summary.protocolType === 'consumer';
  const members = summary.members.map((m) => ({
    memberId: m.memberId,
    groupInstanceId: m.groupInstanceId,
    clientId: m.clientId,
    host: m.clientHost,
    assignment: consumer ? (consumerAssignmentPartitions(m.assignment) ?? []).sort(byTopicPartition) : [],
  }));
  // Keyed as the group keys its offsets (`topic-partition`), so each key is built once per row.
  const rows = new Map<string, { tp: TopicPartition; memberId: string | null }>();
  for (const m of members) for (const tp of m.assignment) rows.set(tpKey(tp), { tp, memberId: m.memberId });
  for (const [key, { topic, partition }] of group.offsets) {
    if (!rows.has(key)) rows.set(key, { tp: { topic, partition }, memberId: null });
  }
  const partitions = [...rows]
    .sort(([, a], [, b]) => byTopicPartition(a.tp, b.tp))
    .map(([key, { tp, memberId }]) => {
      const committedOffset = group.offsets.get(key)?.value.offset ?? null;
      const logEndOffset = endOf(key, tp);
      const lag = committedOffset === null || logEndOffset === null ? null : logEndOffset - committedOffset;
      return { topicPartition: tp, memberId, committedOffset, logEndOffset, lag };
    });
  return {
    groupId: group.groupId,
    state: group.state,
    protocolType: summary.protocolType,
    protocol: summary.protocol,
    generationId: group.generationId,
    leaderId: group.leaderId,
    coordinator: broker.id,
    offsetsPartition: manager.partitionFor(group.groupId),
    members,
    partitions,
  };
}

function groupsOf(broker: KafkaServer, endOf: EndOf): GroupSnapshot[] {
  const manager = broker.groupCoordinator?.groupManager;
  if (!manager) return [];
  const out: GroupSnapshot[] = [];
  for (const group of manager.currentGroups()) {
    if (manager.isGroupLocal(group.groupId)) out.push(snapshotOf(broker, manager, group, endOf));
  }
  return out;
}

/** Every group of every running coordinator, by group id. */
export function groupSnapshots(cluster: Cluster): GroupSnapshot[] {
  const endOf = leaderEnds(cluster);
  const out = cluster.runningBrokers().flatMap((b) => groupsOf(b, endOf));
  return out.sort((a, b) => (a.groupId < b.groupId ? -1 : a.groupId > b.groupId ? 1 : 0));
}

/** One group, from the running coordinator that holds it (what the detail asks for: not every group's lag); null when none does. */
export function groupSnapshot(cluster: Cluster, groupId: string): GroupSnapshot | null {
  for (const broker of cluster.runningBrokers()) {
    const manager = broker.groupCoordinator?.groupManager;
    const group = manager?.getGroup(groupId);
    if (manager && group && manager.isGroupLocal(groupId)) return snapshotOf(broker, manager, group, leaderEnds(cluster));
  }
  return null;
}
