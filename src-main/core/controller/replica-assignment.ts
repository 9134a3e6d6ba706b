import { ReplicaAssignment as Assignments } from '../kafka-zk/topic-znodes';
import type { ReplicaAssignment } from '../kafka-zk/topic-znodes';

export type { ReplicaAssignment } from '../kafka-zk/topic-znodes';

/**
 * Kafka's `ReplicaAssignment` (KIP-455) — the type and its RS/AR/RR rules live with the topic znode
 * that stores them (`kafka-zk/topic-znodes.ts`); these are the controller's shorthands.
 */
export const isBeingReassigned = Assignments.isBeingReassigned;
export const originReplicas = Assignments.originReplicas;
export const targetReplicas = Assignments.targetReplicas;
export const reassignTo = Assignments.reassignTo;

export function simpleAssignment(replicas: readonly number[]): ReplicaAssignment {
  return Assignments.of(replicas);
}

export function sameAssignment(a: ReplicaAssignment, b: ReplicaAssignment): boolean {
  const eq = (x: readonly number[], y: readonly number[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  return eq(a.replicas, b.replicas) && eq(a.addingReplicas, b.addingReplicas) && eq(a.removingReplicas, b.removingReplicas);
}

/** `ReplicaAssignment.toString` of Kafka 2.5. */
export function formatAssignment(a: ReplicaAssignment): string {
  return `ReplicaAssignment(replicas=${a.replicas.join(',')}, addingReplicas=${a.addingReplicas.join(',')}, removingReplicas=${a.removingReplicas.join(',')})`;
}
