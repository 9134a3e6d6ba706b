/** The reassignment editor's checks and the JSON kafka-reassign-partitions.sh takes. */
import type { Assignment, GridProblem } from '../../../lib/topics/assignment-grid';
import { validateManualAssignment } from '../../../lib/topics/assignment-grid';

/**
 * A reassignment target may change the replication factor, so only an empty replica list, a
 * duplicate or an unknown broker is refused here (Kafka checks the rest).
 */
export function validateReassignment(target: Assignment, brokers: readonly number[]): GridProblem[] {
  return validateManualAssignment(target, { replicationFactor: -1, brokers })
    .filter((p) => p.code !== 'replica-count' || p.actual === 0)
    .map((p) => (p.code === 'replica-count' ? { ...p, expected: 1 } : p));
}

/** Partitions whose target differs from their current replicas. */
export function changedPartitions(current: Assignment, target: Assignment): number[] {
  return target.flatMap((replicas, p) => {
    const now = current[p] ?? [];
    return replicas.length === now.length && replicas.every((b, i) => b === now[i]) ? [] : [p];
  });
}

/** `--reassignment-json-file` content for the changed partitions, as kafka-reassign-partitions.sh writes it. */
export function reassignmentJson(topic: string, current: Assignment, target: Assignment): string {
  const partitions = changedPartitions(current, target).map((p) => ({
    topic,
    partition: p,
    replicas: [...target[p]],
    log_dirs: target[p].map(() => 'any'),
  }));
  return JSON.stringify({ version: 1, partitions });
}
