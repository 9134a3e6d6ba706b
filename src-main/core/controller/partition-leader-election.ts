/**
 * The four leader election strategies of Kafka 2.5 (`kafka.controller.Election` and
 * `PartitionLeaderElectionAlgorithms`), as pure functions over a partition's assignment and ISR:
 *
 * | strategy           | leader                                                              | new ISR                                   |
 * |--------------------|---------------------------------------------------------------------|-------------------------------------------|
 * | Offline            | first live replica in the ISR; else, if unclean allowed, first live | ISR ∩ live if leader ∈ ISR, else [leader] |
 * | Reassign           | first of the target replicas that is live and in the ISR            | unchanged                                 |
 * | PreferredReplica   | the first assigned replica, only if it is live and in the ISR       | unchanged                                 |
 * | ControlledShutdown | first replica live (or shutting down) in the ISR and not shutting   | ISR minus the shutting-down brokers       |
 * |                    | down                                                                 |                                           |
 */

export function offlinePartitionLeaderElection(
  assignment: readonly number[],
  isr: readonly number[],
  liveReplicas: ReadonlySet<number>,
  uncleanLeaderElectionEnabled: boolean,
): { leader: number; unclean: boolean } | null {
  const clean = assignment.find((id) => liveReplicas.has(id) && isr.includes(id));
  if (clean !== undefined) return { leader: clean, unclean: false };
  if (!uncleanLeaderElectionEnabled) return null;
  const unclean = assignment.find((id) => liveReplicas.has(id));
  return unclean === undefined ? null : { leader: unclean, unclean: true };
}

export function reassignPartitionLeaderElection(
  reassignment: readonly number[],
  isr: readonly number[],
  liveReplicas: ReadonlySet<number>,
): number | null {
  return reassignment.find((id) => liveReplicas.has(id) && isr.includes(id)) ?? null;
}

export function preferredReplicaPartitionLeaderElection(
  assignment: readonly number[],
  isr: readonly number[],
  liveReplicas: ReadonlySet<number>,
): number | null {
  const preferred = assignment[0];
  return preferred !== undefined && liveReplicas.has(preferred) && isr.includes(preferred) ? preferred : null;
}

export function controlledShutdownPartitionLeaderElection(
  assignment: readonly number[],
  isr: readonly number[],
  liveReplicas: ReadonlySet<number>,
  shuttingDownBrokers: ReadonlySet<number>,
): number | null {
  return assignment.find((id) => liveReplicas.has(id) && isr.includes(id) && !shuttingDownBrokers.has(id)) ?? null;
}

export type ElectionStrategy =
  | { kind: 'OfflinePartitionLeaderElectionStrategy'; allowUnclean: boolean }
  | { kind: 'ReassignPartitionLeaderElectionStrategy' }
  | { kind: 'PreferredReplicaPartitionLeaderElectionStrategy' }
  | { kind: 'ControlledShutdownPartitionLeaderElectionStrategy' };

export const OFFLINE_CLEAN: ElectionStrategy = { kind: 'OfflinePartitionLeaderElectionStrategy', allowUnclean: false };
export const REASSIGN: ElectionStrategy = { kind: 'ReassignPartitionLeaderElectionStrategy' };
export const PREFERRED: ElectionStrategy = { kind: 'PreferredReplicaPartitionLeaderElectionStrategy' };
export const CONTROLLED_SHUTDOWN: ElectionStrategy = { kind: 'ControlledShutdownPartitionLeaderElectionStrategy' };
