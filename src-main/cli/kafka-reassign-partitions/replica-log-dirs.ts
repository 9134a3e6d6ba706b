/**
 * The log-dir half of 2.6.0's `ReassignPartitionsCommand`: `describeReplicaLogDirs` (DescribeLogDirs
 * to each replica's broker), `findLogDirMoveStates` and `replicaMoveStatesToString`. Starting a move
 * needs AlterReplicaLogDirs (34), which these brokers do not answer: the Java client then fails the
 * call with UnsupportedVersionException, and `alterReplicaLogDirs` turns that into its
 * AdminCommandFailedException.
 */
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { AdminException, type AdminClient } from '../../protocol/kafka/client/admin-client';
import { DESCRIBE_LOG_DIRS } from '../../protocol/kafka/messages/describe-log-dirs';

/** `TopicPartitionReplica`, printed `topic-partition-brokerId`. */
export interface TopicPartitionReplica {
  readonly topic: string;
  readonly partition: number;
  readonly brokerId: number;
}

export const replicaString = (r: TopicPartitionReplica) => `${r.topic}-${r.partition}-${r.brokerId}`;

/** `compareTopicPartitionReplicas`: by broker, then topic, then partition. */
export function compareReplicas(a: TopicPartitionReplica, b: TopicPartitionReplica): number {
  if (a.brokerId !== b.brokerId) return a.brokerId - b.brokerId;
  if (a.topic !== b.topic) return a.topic < b.topic ? -1 : 1;
  return a.partition - b.partition;
}

export type LogDirMoveState =
  | { readonly kind: 'MissingReplica'; readonly targetLogDir: string }
  | { readonly kind: 'MissingLogDir'; readonly targetLogDir: string }
  | { readonly kind: 'Active'; readonly currentLogDir: string; readonly targetLogDir: string; readonly futureLogDir: string }
  | { readonly kind: 'Cancelled'; readonly currentLogDir: string; readonly targetLogDir: string }
  | { readonly kind: 'Completed'; readonly targetLogDir: string };

export const moveDone = (s: LogDirMoveState) => s.kind === 'Cancelled' || s.kind === 'Completed';

interface ReplicaLogDirInfo {
  current: string | null;
  future: string | null;
}

/** `describeReplicaLogDirs`: each replica's current and future log dir, as its broker reports them. */
async function describeReplicaLogDirs(
  admin: AdminClient,
  replicas: readonly TopicPartitionReplica[],
): Promise<Map<string, ReplicaLogDirInfo>> {
  const infos = new Map<string, ReplicaLogDirInfo>(replicas.map((r) => [replicaString(r), { current: null, future: null }]));
  for (const brokerId of [...new Set(replicas.map((r) => r.brokerId))]) {
    const byTopic = new Map<string, number[]>();
    for (const r of replicas.filter((x) => x.brokerId === brokerId)) byTopic.set(r.topic, [...(byTopic.get(r.topic) ?? []), r.partition]);
    const response = await admin.send(DESCRIBE_LOG_DIRS, brokerId, {
      topics: [...byTopic].map(([topic, partitionIndex]) => ({ topic, partitionIndex })),
    });
    for (const result of response.results) {
      if (result.errorCode !== 0) continue;
      for (const t of result.topics) {
        for (const p of t.partitions) {
          const info = infos.get(replicaString({ topic: t.name, partition: p.partitionIndex, brokerId }));
          if (!info) continue;
          if (p.isFutureKey) info.future = result.logDir;
          else info.current = result.logDir;
        }
      }
    }
  }
  return infos;
}

/** `findLogDirMoveStates`: the target replicas in the order given. */
export async function findLogDirMoveStates(
  admin: AdminClient,
  targets: ReadonlyArray<readonly [TopicPartitionReplica, string]>,
): Promise<Array<[TopicPartitionReplica, LogDirMoveState]>> {
  if (targets.length === 0) return [];
  const infos = await describeReplicaLogDirs(
    admin,
    targets.map(([r]) => r),
  );
  return targets.map(([replica, targetLogDir]): [TopicPartitionReplica, LogDirMoveState] => {
    const info = infos.get(replicaString(replica));
    if (!info) return [replica, { kind: 'MissingReplica', targetLogDir }];
    if (info.current === null) return [replica, { kind: 'MissingLogDir', targetLogDir }];
    if (info.future === null)
      return [
        replica,
        info.current === targetLogDir
          ? { kind: 'Completed', targetLogDir }
          : { kind: 'Cancelled', currentLogDir: info.current, targetLogDir },
      ];
    return [replica, { kind: 'Active', currentLogDir: info.current, targetLogDir, futureLogDir: info.future }];
  });
}

/** `replicaMoveStatesToString`: one line per replica, by broker, topic, partition. */
export function replicaMoveStatesToString(states: ReadonlyArray<readonly [TopicPartitionReplica, LogDirMoveState]>): string {
  return [...states]
    .sort(([a], [b]) => compareReplicas(a, b))
    .map(([r, s]) => {
      const part = `${r.topic}-${r.partition}`;
      switch (s.kind) {
        case 'MissingLogDir':
          return `Partition ${part} is not found in any live log dir on broker ${r.brokerId}. There is likely an offline log directory on the broker.`;
        case 'MissingReplica':
          return `Partition ${part} cannot be found in any live log directory on broker ${r.brokerId}.`;
        case 'Active':
          return s.targetLogDir === s.futureLogDir
            ? `Reassignment of replica ${replicaString(r)} is still in progress.`
            : `Partition ${part} on broker ${r.brokerId} is being moved to log dir ${s.futureLogDir} instead of ${s.targetLogDir}.`;
        case 'Cancelled':
          return `Partition ${part} on broker ${r.brokerId} is not being moved from log dir ${s.currentLogDir} to ${s.targetLogDir}.`;
        case 'Completed':
          return `Reassignment of replica ${replicaString(r)} completed successfully.`;
      }
    })
    .join('\n');
}

/**
 * `executeMoves` → `alterReplicaLogDirs`: the brokers answer no AlterReplicaLogDirs, so the first
 * replica's future fails as the Java client fails it and the tool stops there.
 */
export function executeMoves(replicas: readonly TopicPartitionReplica[]): never {
  const [first] = [...replicas].sort(compareReplicas);
  const cause = new AdminException(
    'org.apache.kafka.common.errors.UnsupportedVersionException',
    'The broker does not support ALTER_REPLICA_LOG_DIRS',
  );
  throw AdminJavaException.adminCommandFailed(
    `Failed to alter dir for ${replicaString(first)}`,
    new AdminJavaException(cause.exceptionClass, cause.message),
  );
}
