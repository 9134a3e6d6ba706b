/**
 * A deletion as the monitor shows it: what the event log told (`DeletionRecord`) joined with the
 * cluster as it is now — the active controller's ControllerContext (queued / started / ineligible
 * sets, replica states, reassignments, live brokers) and each broker's LogManager (`-delete` dirs
 * waiting for `file.delete.delay.ms`). Also why a deletion cannot progress.
 */
import type { Cluster } from '../core/cluster/cluster';
import type { KafkaController } from '../core/controller/kafka-controller';
import type { PendingDeletion } from '../core/log/log-manager-config';
import type { DeleteDirDto, DeletionBlockerDto, DeletionReplicaDto, DeletionStageDto, TopicDeletionDto } from './deletion-contract';
import type { DeletionRecord } from './deletion-records';

/** The cluster read once per call: the controller and every running broker's pending `-delete` dirs by topic. */
export interface LiveCluster {
  readonly cluster: Cluster;
  readonly controller: KafkaController | null;
  readonly pendingByTopic: ReadonlyMap<string, ReadonlyArray<PendingDeletion & { readonly brokerId: number }>>;
}

export function readLiveCluster(cluster: Cluster): LiveCluster {
  const pendingByTopic = new Map<string, Array<PendingDeletion & { brokerId: number }>>();
  for (const broker of cluster.runningBrokers()) {
    const logManager = broker.logManager;
    if (!logManager || logManager.state !== 'running') continue;
    for (const p of logManager.pendingDeletions()) {
      let list = pendingByTopic.get(p.topicPartition.topic);
      if (!list) pendingByTopic.set(p.topicPartition.topic, (list = []));
      list.push({ ...p, brokerId: broker.id });
    }
  }
  return { cluster, controller: cluster.activeController(), pendingByTopic };
}

function brokerRunning(cluster: Cluster, id: number): boolean {
  try {
    const b = cluster.broker(id);
    return b.isRunning && b.logManager?.state === 'running';
  } catch {
    return false;
  }
}

function brokerState(cluster: Cluster, id: number): string | null {
  try {
    return cluster.broker(id).state;
  } catch {
    return null;
  }
}

function offlineLogDirsOf(cluster: Cluster, id: number): string[] {
  try {
    return [...(cluster.broker(id).logManager?.offlineLogDirs ?? [])];
  } catch {
    return [];
  }
}

function deleteDirs(record: DeletionRecord, live: LiveCluster): DeleteDirDto[] {
  const byPath = new Map<string, DeleteDirDto>();
  for (const d of record.dirs.values()) {
    byPath.set(d.path, { ...d, brokerRunning: brokerRunning(live.cluster, d.brokerId) });
  }
  for (const p of live.pendingByTopic.get(record.topic) ?? []) {
    const known = byPath.get(p.path);
    if (known?.removedAtMs !== undefined && known.removedAtMs !== null) continue;
    byPath.set(p.path, {
      brokerId: p.brokerId,
      partition: p.topicPartition.partition,
      logDir: p.dir,
      path: p.path,
      renamedAtMs: known?.renamedAtMs ?? p.scheduledAtMs,
      deleteAtMs: p.deleteAtMs,
      removedAtMs: null,
      brokerRunning: true,
    });
  }
  return [...byPath.values()].sort((a, b) => a.brokerId - b.brokerId || a.partition - b.partition || a.path.localeCompare(b.path));
}

function replicaRows(record: DeletionRecord, controller: KafkaController | null): DeletionReplicaDto[] {
  const rows = new Map<string, DeletionReplicaDto>();
  for (const r of record.replicas.values()) rows.set(`${r.partition}@${r.brokerId}`, { partition: r.partition, brokerId: r.brokerId, state: r.state, enteredMs: { ...r.enteredMs } });
  const ctx = controller?.context;
  if (ctx?.allTopics.has(record.topic)) {
    for (const r of ctx.replicasForTopic(record.topic)) {
      const key = `${r.partition}@${r.replica}`;
      rows.set(key, { partition: r.partition, brokerId: r.replica, state: ctx.replicaState(r), enteredMs: rows.get(key)?.enteredMs ?? {} });
    }
  }
  return [...rows.values()].sort((a, b) => a.partition - b.partition || a.brokerId - b.brokerId);
}

function blockers(record: DeletionRecord, live: LiveCluster, replicas: readonly DeletionReplicaDto[]): DeletionBlockerDto[] {
  if (record.outcome !== 'in-progress' || record.stageTimes['znodes-removed'] !== undefined) return [];
  const controller = live.controller;
  if (!controller) return [{ kind: 'no-controller' }];
  if (!controller.config.deleteTopicEnable) return [{ kind: 'delete-topic-disabled', controllerId: controller.config.brokerId }];
  const ctx = controller.context;
  const topic = record.topic;
  if (!ctx.allTopics.has(topic)) return [];
  const out: DeletionBlockerDto[] = [];
  const offlineBrokers = new Map<number, number[]>();
  const offlineDirs = new Map<number, number[]>();
  for (const r of ctx.replicasForTopic(topic)) {
    if (ctx.isReplicaOnline(r.replica, r) || ctx.replicaState(r) === 'ReplicaDeletionSuccessful') continue;
    const target = ctx.liveBrokerIds.has(r.replica) ? offlineDirs : offlineBrokers;
    target.set(r.replica, [...(target.get(r.replica) ?? []), r.partition]);
  }
  for (const [brokerId, partitions] of offlineBrokers) out.push({ kind: 'broker-offline', brokerId, brokerState: brokerState(live.cluster, brokerId), partitions });
  for (const [brokerId, partitions] of offlineDirs) out.push({ kind: 'log-dir-offline', brokerId, partitions, offlineLogDirs: offlineLogDirsOf(live.cluster, brokerId) });
  if (!ctx.topicsIneligibleForDeletion.has(topic)) return out;
  const reassigning = ctx.partitionsForTopic(topic).filter((p) => ctx.partitionsBeingReassigned.has(p));
  if (reassigning.length > 0) {
    out.push({
      kind: 'reassignment-in-progress',
      partitions: reassigning.map((p) => {
        const a = ctx.partitionFullReplicaAssignment(p);
        return { partition: p.partition, adding: [...a.addingReplicas], removing: [...a.removingReplicas] };
      }),
    });
  }
  if (out.length === 0) {
    // Ineligible with every replica reachable: a StopReplica (delete=true) failed.
    const failed = new Map<number, Set<number>>();
    for (const r of replicas) if (r.state === 'ReplicaDeletionIneligible') failed.set(r.brokerId, (failed.get(r.brokerId) ?? new Set()).add(r.partition));
    for (const [brokerId, e] of record.stopReplicaErrors) for (const p of e.partitions) failed.set(brokerId, (failed.get(brokerId) ?? new Set()).add(p));
    for (const [brokerId, partitions] of failed) {
      out.push({ kind: 'stop-replica-failed', brokerId, partitions: [...partitions].sort((a, b) => a - b), error: record.stopReplicaErrors.get(brokerId)?.error ?? null });
    }
  }
  return out;
}

function currentStage(record: DeletionRecord, live: LiveCluster, replicas: readonly DeletionReplicaDto[], dirs: readonly DeleteDirDto[]): DeletionStageDto {
  const s = record.stageTimes;
  if (s.gone !== undefined) return 'gone';
  if (s['znodes-removed'] !== undefined) return dirs.some((d) => d.removedAtMs === null) ? 'awaiting-file-delete' : 'znodes-removed';
  if (s['replicas-deleted'] !== undefined || (replicas.length > 0 && replicas.every((r) => r.state === 'ReplicaDeletionSuccessful'))) return 'replicas-deleted';
  const ctx = live.controller?.context;
  if (s['stop-replica-sent'] !== undefined || replicas.some((r) => r.state === 'ReplicaDeletionStarted' || r.state === 'ReplicaDeletionSuccessful')) return 'stop-replica-sent';
  if (s['partitions-offline'] !== undefined || ctx?.topicsWithDeletionStarted.has(record.topic)) return 'partitions-offline';
  if (s['picked-up'] !== undefined || ctx?.topicsToBeDeleted.has(record.topic)) return 'picked-up';
  return 'marked';
}

/** The deletion now; `full` lists its replicas, `-delete` dirs and timeline (else only their counts). */
export function deletionDto(record: DeletionRecord, live: LiveCluster, full: boolean): TopicDeletionDto {
  const replicas = replicaRows(record, live.controller);
  const dirs = deleteDirs(record, live);
  const ctx = live.controller?.context;
  const finished = record.outcome !== 'in-progress';
  const replicaStateCounts: Record<string, number> = {};
  for (const r of replicas) replicaStateCounts[r.state] = (replicaStateCounts[r.state] ?? 0) + 1;
  const pending = dirs.filter((d) => d.removedAtMs === null);
  return {
    topic: record.topic,
    id: record.id,
    stage: currentStage(record, live, replicas, dirs),
    outcome: record.outcome,
    stageTimesMs: { ...record.stageTimes },
    markedAtMs: record.markedAtMs,
    blockers: blockers(record, live, replicas),
    queued: !finished && (ctx?.topicsToBeDeleted.has(record.topic) ?? false),
    started: !finished && (ctx?.topicsWithDeletionStarted.has(record.topic) ?? false),
    ineligible: !finished && (ctx?.topicsIneligibleForDeletion.has(record.topic) ?? false),
    replicaStateCounts,
    deleteDirsPending: pending.length,
    deleteDirsRemoved: dirs.length - pending.length,
    nextDeleteAtMs: pending.reduce<number | null>((min, d) => (min === null || d.deleteAtMs < min ? d.deleteAtMs : min), null),
    replicas: full ? replicas : [],
    deleteDirs: full ? dirs : [],
    timeline: full ? [...record.timeline] : [],
    timelineDropped: record.timelineDropped,
  };
}
