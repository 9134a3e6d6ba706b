/**
 * The log-dir half of 2.6.0's `ReassignPartitionsCommand`: `describeReplicaLogDirs` (DescribeLogDirs
 * to each replica's broker), `findLogDirMoveStates` and `replicaMoveStatesToString`, and the moves
 * started with AlterReplicaLogDirs (34): `alterReplicaLogDirs` and `executeMoves`.
 */
import { AdminJavaException } from '../../core/admin/admin-exceptions';
import { AdminException, type AdminClient } from '../../protocol/kafka/client/admin-client';
import { javaStringHashCode } from '../../core/common/java-lang';
import { javaNewHashMapOrderBy } from '../../core/common/jvm-hash-order';
import { errorForCode } from '../../core/common/kafka-errors';
import { ALTER_REPLICA_LOG_DIRS } from '../../protocol/kafka/messages/alter-replica-log-dirs';
import { DESCRIBE_LOG_DIRS } from '../../protocol/kafka/messages/describe-log-dirs';
import { TerseReassignmentFailure } from './terse-reassignment-failure';

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

/** `TopicPartitionReplica.hashCode()`. */
function replicaHashCode(r: TopicPartitionReplica): number {
  let h = (31 + javaStringHashCode(r.topic)) | 0;
  h = (Math.imul(h, 31) + r.partition) | 0;
  return (Math.imul(h, 31) + r.brokerId) | 0;
}

/** One AlterReplicaLogDirs per broker: each replica's error, or the exception its broker's call failed with. */
async function sendAlterReplicaLogDirs(
  admin: AdminClient,
  assignment: ReadonlyArray<readonly [TopicPartitionReplica, string]>,
): Promise<Map<string, AdminJavaException | null>> {
  const outcomes = new Map<string, AdminJavaException | null>();
  const brokers = [...new Set(assignment.map(([r]) => r.brokerId))];
  await Promise.all(
    brokers.map(async (brokerId) => {
      const mine = assignment.filter(([r]) => r.brokerId === brokerId);
      const dirs = new Map<string, Map<string, number[]>>();
      for (const [r, dir] of mine) {
        const topics = dirs.get(dir) ?? new Map<string, number[]>();
        topics.set(r.topic, [...(topics.get(r.topic) ?? []), r.partition]);
        dirs.set(dir, topics);
      }
      try {
        const response = await admin.send(ALTER_REPLICA_LOG_DIRS, brokerId, {
          dirs: [...dirs].map(([path, topics]) => ({ path, topics: [...topics].map(([name, partitions]) => ({ name, partitions })) })),
        });
        for (const t of response.results) {
          for (const p of t.partitions) {
            const error = errorForCode(p.errorCode);
            outcomes.set(
              replicaString({ topic: t.topicName, partition: p.partitionIndex, brokerId }),
              p.errorCode === 0
                ? null
                : new AdminJavaException(error.exceptionClass ?? 'org.apache.kafka.common.errors.UnknownServerException', error.message),
            );
          }
        }
      } catch (e) {
        if (!(e instanceof AdminException)) throw e;
        for (const [r] of mine) outcomes.set(replicaString(r), new AdminJavaException(e.exceptionClass, e.message));
      }
    }),
  );
  return outcomes;
}

/**
 * 2.6.0's `alterReplicaLogDirs`: the replicas whose move the brokers accepted. REPLICA_NOT_AVAILABLE
 * (the replica is not on its broker yet) is left for the next try; any other failure stops the
 * tool at the first failed future, in the order of the client's `HashMap` of futures.
 */
export async function alterReplicaLogDirs(
  admin: AdminClient,
  assignment: ReadonlyArray<readonly [TopicPartitionReplica, string]>,
): Promise<TopicPartitionReplica[]> {
  const outcomes = await sendAlterReplicaLogDirs(admin, assignment);
  const completed: TopicPartitionReplica[] = [];
  // The client's futures: a `new HashMap<TopicPartitionReplica, …>(assignment.size())`.
  for (const [replica] of javaNewHashMapOrderBy(assignment, ([r]) => replicaHashCode(r), assignment.length)) {
    const outcome = outcomes.get(replicaString(replica));
    // A replica the broker did not answer for: its future never completes (neither done nor failed).
    if (outcome === undefined) continue;
    if (outcome === null) completed.push(replica);
    else if (outcome.javaClass !== REPLICA_NOT_AVAILABLE_EXCEPTION)
      throw AdminJavaException.adminCommandFailed(`Failed to alter dir for ${replicaString(replica)}`, outcome);
  }
  return completed;
}

const REPLICA_NOT_AVAILABLE_EXCEPTION = 'org.apache.kafka.common.errors.ReplicaNotAvailableException';

const plural = (n: number) => (n === 1 ? '' : 's');
const replicaList = (replicas: readonly TopicPartitionReplica[]) => [...replicas].sort(compareReplicas).map(replicaString).join(',');

/**
 * 2.6.0's `executeMoves`: AlterReplicaLogDirs until every replica's move has started (a replica
 * being added by the reassignment only exists on its new broker after a while), every 100 ms, for
 * at most `timeoutMs` (`--timeout`).
 */
export async function executeMoves(
  admin: AdminClient,
  proposed: ReadonlyArray<readonly [TopicPartitionReplica, string]>,
  timeoutMs: number,
  println: (line: string) => void,
): Promise<void> {
  const startTimeMs = Date.now();
  let pending = [...proposed];
  for (;;) {
    const completed = await alterReplicaLogDirs(admin, pending);
    if (completed.length > 0) println(`Successfully started log directory move${plural(completed.length)} for: ${replicaList(completed)}`);
    const done = new Set(completed.map(replicaString));
    pending = pending.filter(([r]) => !done.has(replicaString(r)));
    if (pending.length === 0) return;
    if (Date.now() >= startTimeMs + timeoutMs) {
      throw new TerseReassignmentFailure(
        `Timed out before log directory move${plural(pending.length)} could be started for: ${replicaList(pending.map(([r]) => r))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
