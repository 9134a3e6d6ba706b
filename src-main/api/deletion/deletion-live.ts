/**
 * A deletion as the monitor shows it: what the event log told (`DeletionRecord`) joined with the
 * cluster as it is now, through the facade — the active controller's deletion state (queued /
 * started / ineligible, replica states, reassignments, live brokers) and the running brokers'
 * `-delete` dirs waiting for `file.delete.delay.ms`. Also why a deletion cannot progress.
 */
import type {
  BrokerSnapshot,
  ClusterFacade,
  ControllerSnapshot,
  PendingDeleteDirSnapshot,
  TopicDeletionSnapshot,
} from '../../core/cluster/cluster-facade';
import type { DeleteDirDto, DeletionBlockerDto, DeletionReplicaDto, DeletionStageDto, TopicDeletionDto } from './deletion-contract';
import type { DeletionRecord } from './deletion-records';

/** The cluster read once per call: the controller, the brokers and every running broker's pending `-delete` dirs by topic. */
export interface LiveCluster {
  readonly cluster: ClusterFacade;
  readonly controller: ControllerSnapshot | null;
  /** The brokers as they are when first asked (after the awaits of a call), read once. */
  brokers(): ReadonlyMap<number, BrokerSnapshot>;
  readonly pendingByTopic: ReadonlyMap<string, readonly PendingDeleteDirSnapshot[]>;
  /** The controller's deletion state of each topic asked for, read once. */
  deletionOf(topic: string): TopicDeletionSnapshot | null;
}

export function readLiveCluster(cluster: ClusterFacade): LiveCluster {
  const pendingByTopic = new Map<string, PendingDeleteDirSnapshot[]>();
  for (const p of cluster.pendingDeleteDirs()) {
    let list = pendingByTopic.get(p.topicPartition.topic);
    if (!list) pendingByTopic.set(p.topicPartition.topic, (list = []));
    list.push(p);
  }
  const deletions = new Map<string, TopicDeletionSnapshot | null>();
  const deletionOf = (topic: string) => {
    if (!deletions.has(topic)) deletions.set(topic, cluster.topicDeletion(topic));
    return deletions.get(topic) ?? null;
  };
  let brokers: Map<number, BrokerSnapshot> | null = null;
  return {
    cluster,
    controller: cluster.controller(),
    brokers: () => (brokers ??= new Map(cluster.brokers().map((b) => [b.id, b]))),
    pendingByTopic,
    deletionOf,
  };
}

function brokerRunning(live: LiveCluster, id: number): boolean {
  const b = live.brokers().get(id);
  return b !== undefined && b.isRunning && b.logManagerRunning;
}

function brokerState(live: LiveCluster, id: number): string | null {
  return live.brokers().get(id)?.state ?? null;
}

function offlineLogDirsOf(live: LiveCluster, id: number): string[] {
  return [...(live.brokers().get(id)?.offlineLogDirs ?? [])];
}

function deleteDirs(record: DeletionRecord, live: LiveCluster): DeleteDirDto[] {
  const byPath = new Map<string, DeleteDirDto>();
  for (const d of record.dirs.values()) {
    byPath.set(d.path, { ...d, brokerRunning: brokerRunning(live, d.brokerId) });
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

function replicaRows(record: DeletionRecord, live: LiveCluster): DeletionReplicaDto[] {
  const rows = new Map<string, DeletionReplicaDto>();
  for (const r of record.replicas.values())
    rows.set(`${r.partition}@${r.brokerId}`, {
      partition: r.partition,
      brokerId: r.brokerId,
      state: r.state,
      enteredMs: { ...r.enteredMs },
    });
  const deletion = live.deletionOf(record.topic);
  if (deletion?.known) {
    for (const r of deletion.replicas) {
      const key = `${r.partition}@${r.brokerId}`;
      rows.set(key, { partition: r.partition, brokerId: r.brokerId, state: r.state, enteredMs: rows.get(key)?.enteredMs ?? {} });
    }
  }
  return [...rows.values()].sort((a, b) => a.partition - b.partition || a.brokerId - b.brokerId);
}

function blockers(record: DeletionRecord, live: LiveCluster, replicas: readonly DeletionReplicaDto[]): DeletionBlockerDto[] {
  if (record.outcome !== 'in-progress' || record.stageTimes['znodes-removed'] !== undefined) return [];
  const controller = live.controller;
  if (!controller) return [{ kind: 'no-controller' }];
  if (!controller.deleteTopicEnable) return [{ kind: 'delete-topic-disabled', controllerId: controller.brokerId }];
  const deletion = live.deletionOf(record.topic);
  if (!deletion?.known) return [];
  const out: DeletionBlockerDto[] = [];
  const offlineBrokers = new Map<number, number[]>();
  const offlineDirs = new Map<number, number[]>();
  const liveBrokerIds = new Set(deletion.liveBrokerIds);
  for (const r of deletion.replicas) {
    if (r.online || r.state === 'ReplicaDeletionSuccessful') continue;
    const target = liveBrokerIds.has(r.brokerId) ? offlineDirs : offlineBrokers;
    target.set(r.brokerId, [...(target.get(r.brokerId) ?? []), r.partition]);
  }
  for (const [brokerId, partitions] of offlineBrokers)
    out.push({ kind: 'broker-offline', brokerId, brokerState: brokerState(live, brokerId), partitions });
  for (const [brokerId, partitions] of offlineDirs)
    out.push({ kind: 'log-dir-offline', brokerId, partitions, offlineLogDirs: offlineLogDirsOf(live, brokerId) });
  if (!deletion.ineligible) return out;
  if (deletion.reassigning.length > 0) {
    out.push({
      kind: 'reassignment-in-progress',
      partitions: deletion.reassigning.map((p) => ({ partition: p.partition, adding: [...p.adding], removing: [...p.removing] })),
    });
  }
  if (out.length === 0) {
    // Ineligible with every replica reachable: a StopReplica (delete=true) failed.
    const failed = new Map<number, Set<number>>();
    for (const r of replicas)
      if (r.state === 'ReplicaDeletionIneligible') failed.set(r.brokerId, (failed.get(r.brokerId) ?? new Set()).add(r.partition));
    for (const [brokerId, e] of record.stopReplicaErrors)
      for (const p of e.partitions) failed.set(brokerId, (failed.get(brokerId) ?? new Set()).add(p));
    for (const [brokerId, partitions] of failed) {
      out.push({
        kind: 'stop-replica-failed',
        brokerId,
        partitions: [...partitions].sort((a, b) => a - b),
        error: record.stopReplicaErrors.get(brokerId)?.error ?? null,
      });
    }
  }
  return out;
}

function currentStage(
  record: DeletionRecord,
  live: LiveCluster,
  replicas: readonly DeletionReplicaDto[],
  dirs: readonly DeleteDirDto[],
): DeletionStageDto {
  const s = record.stageTimes;
  if (s.gone !== undefined) return 'gone';
  if (s['znodes-removed'] !== undefined) return dirs.some((d) => d.removedAtMs === null) ? 'awaiting-file-delete' : 'znodes-removed';
  if (s['replicas-deleted'] !== undefined || (replicas.length > 0 && replicas.every((r) => r.state === 'ReplicaDeletionSuccessful')))
    return 'replicas-deleted';
  const deletion = live.deletionOf(record.topic);
  if (
    s['stop-replica-sent'] !== undefined ||
    replicas.some((r) => r.state === 'ReplicaDeletionStarted' || r.state === 'ReplicaDeletionSuccessful')
  )
    return 'stop-replica-sent';
  if (s['partitions-offline'] !== undefined || deletion?.started) return 'partitions-offline';
  if (s['picked-up'] !== undefined || deletion?.queued) return 'picked-up';
  return 'marked';
}

/** The deletion now; `full` lists its replicas, `-delete` dirs and timeline (else only their counts). */
export function deletionDto(record: DeletionRecord, live: LiveCluster, full: boolean): TopicDeletionDto {
  const replicas = replicaRows(record, live);
  const dirs = deleteDirs(record, live);
  const deletion = live.deletionOf(record.topic);
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
    queued: !finished && (deletion?.queued ?? false),
    started: !finished && (deletion?.started ?? false),
    ineligible: !finished && (deletion?.ineligible ?? false),
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
