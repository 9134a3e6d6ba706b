/**
 * What the UI shows of the open cluster, read from its parts as an operator's tools would: the
 * active controller's context for topics, assignments and states (a cluster without a controller
 * falls back to a running broker's metadata cache), and each broker's own ReplicaManager and
 * LogManager for what it hosts and its disks.
 */
import type { KafkaServer } from '../core/broker/kafka-server';
import type { Cluster } from '../core/cluster/cluster';
import type { TopicPartition } from '../core/common/topic-partition';
import { API_KEY_NAMES } from '../protocol/kafka/api-keys';
import type { ConnectionStats } from '../protocol/kafka/kafka-socket-server';
import type { BrokerClientsDto, BrokerDto, LogDirDto } from './contract';

export interface PartitionView {
  readonly topicPartition: TopicPartition;
  readonly replicas: readonly number[];
  readonly addingReplicas: readonly number[];
  readonly removingReplicas: readonly number[];
  readonly leader: number;
  readonly leaderEpoch: number;
  readonly isr: readonly number[];
}

export interface TopicView {
  readonly name: string;
  readonly partitions: PartitionView[];
  readonly beingDeleted: boolean;
}

/** Every topic with its partitions, sorted by name and partition. */
export function topicViews(cluster: Cluster): TopicView[] {
  const controller = cluster.activeController();
  const out: TopicView[] = [];
  if (controller) {
    const ctx = controller.context;
    for (const name of [...ctx.allTopics].sort()) {
      const partitions = ctx
        .partitionsForTopic(name)
        .sort((a, b) => a.partition - b.partition)
        .map((tp) => {
          const assignment = ctx.partitionFullReplicaAssignment(tp);
          const leadership = ctx.partitionLeadershipInfo.get(tp)?.leaderAndIsr;
          return {
            topicPartition: tp,
            replicas: assignment.replicas,
            addingReplicas: assignment.addingReplicas,
            removingReplicas: assignment.removingReplicas,
            leader: leadership?.leader ?? -1,
            leaderEpoch: leadership?.leaderEpoch ?? -1,
            isr: leadership?.isr ?? [],
          };
        });
      out.push({ name, partitions, beingDeleted: ctx.isTopicQueuedUpForDeletion(name) });
    }
    return out;
  }
  const broker = cluster.runningBrokers()[0];
  if (!broker) return [];
  const cache = broker.metadataCache;
  for (const name of cache.getAllTopics().sort()) {
    const partitions = cache
      .partitionsOf(name)
      .sort((a, b) => a.partitionIndex - b.partitionIndex)
      .map((p) => ({
        topicPartition: { topic: name, partition: p.partitionIndex },
        replicas: p.replicas,
        addingReplicas: [],
        removingReplicas: [],
        leader: p.leader,
        leaderEpoch: p.leaderEpoch,
        isr: p.isr,
      }));
    out.push({ name, partitions, beingDeleted: false });
  }
  return out;
}

/** A partition is offline without a live leader, under-replicated with fewer in-sync replicas than replicas. */
export function isOffline(p: PartitionView, cluster: Cluster): boolean {
  return p.leader < 0 || !cluster.runningBrokers().some((b) => b.id === p.leader);
}

export function isUnderReplicated(p: PartitionView): boolean {
  return p.isr.length < p.replicas.length;
}

function logDirs(broker: KafkaServer, definedDirs: readonly string[]): LogDirDto[] {
  const lm = broker.logManager;
  const byDir = lm?.logsByDir() ?? new Map();
  return definedDirs.map((path) => {
    const logs = byDir.get(path) ?? [];
    let sizeBytes = 0;
    for (const log of logs) sizeBytes += log.size;
    return { path, online: broker.isRunning && (lm ? lm.liveLogDirs.includes(path) : false), partitions: logs.length, sizeBytes };
  });
}

export function brokerDto(
  cluster: Cluster,
  broker: KafkaServer,
  definition: { rack: string | null; host: string; port: number; logDirs: readonly string[] },
  listener?: { stats(): ConnectionStats },
): BrokerDto {
  const hosted = broker.replicaManager?.hostedPartitions() ?? [];
  return {
    id: broker.id,
    rack: definition.rack,
    host: broker.registeredEndpoint?.host ?? definition.host,
    port: broker.registeredEndpoint?.port ?? definition.port,
    state: broker.state,
    isController: broker.controller?.isActive() ?? false,
    partitions: hosted.length,
    leaders: hosted.filter((p) => p.isLeader).length,
    logDirs: logDirs(broker, definition.logDirs),
    clients: listener ? clientsDto(listener.stats()) : null,
  };
}

function clientsDto(stats: ConnectionStats): BrokerClientsDto {
  const requestsByApi: Record<string, number> = {};
  for (const [key, count] of stats.requestsByApiKey) requestsByApi[API_KEY_NAMES[key] ?? `ApiKey ${key}`] = count;
  return { connections: stats.open, requestsByApi };
}
