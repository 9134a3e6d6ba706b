import { expect } from 'vitest';
import type { BrokerMetadata, PartitionReplicaAssignment } from '../../../src-main/core/admin/replica-assignment';
import { KafkaApiError } from '../../../src-main/core/common/kafka-errors';
import type { Random } from '../../../src-main/core/platform/random';

/** A Random that hands out the given values in order, so a test can pick AdminUtils' "random" start and shift. */
export class ScriptedRandom implements Random {
  private readonly values: number[];
  readonly bounds: number[] = [];

  constructor(...values: number[]) {
    this.values = values;
  }

  nextInt(bound: number): number {
    this.bounds.push(bound);
    const next = this.values.shift();
    if (next === undefined) throw new Error('ScriptedRandom ran out of values');
    if (next >= bound) throw new Error(`scripted value ${next} not below bound ${bound}`);
    return next;
  }

  nextFloat(): number {
    throw new Error('not scripted');
  }

  nextBytes(): Uint8Array {
    throw new Error('not scripted');
  }
}

export function brokers(...ids: number[]): BrokerMetadata[] {
  return ids.map((id) => ({ id, rack: null }));
}

export function rackBrokers(rackMap: Record<number, string>): BrokerMetadata[] {
  return Object.entries(rackMap)
    .map(([id, rack]) => ({ id: Number(id), rack }))
    .sort((a, b) => a.id - b.id);
}

export function asObject(assignment: PartitionReplicaAssignment): Record<number, number[]> {
  return Object.fromEntries(assignment);
}

/** Kafka's RackAwareTest.checkReplicaDistribution. */
export function checkReplicaDistribution(
  assignment: PartitionReplicaAssignment,
  rackMap: Record<number, string>,
  numBrokers: number,
  numPartitions: number,
  replicationFactor: number,
  verify: { rackAware?: boolean; leaderDistribution?: boolean; replicasDistribution?: boolean } = {},
): void {
  const { rackAware = true, leaderDistribution = true, replicasDistribution = true } = verify;
  expect(assignment.size).toBe(numPartitions);
  for (const replicas of assignment.values()) expect(new Set(replicas).size).toBe(replicas.length);
  if (rackAware) {
    for (const replicas of assignment.values()) expect(new Set(replicas.map((b) => rackMap[b])).size).toBe(replicationFactor);
  }
  const leaders = new Map<number, number>();
  const replicaCounts = new Map<number, number>();
  for (const replicas of assignment.values()) {
    leaders.set(replicas[0], (leaders.get(replicas[0]) ?? 0) + 1);
    for (const b of replicas) replicaCounts.set(b, (replicaCounts.get(b) ?? 0) + 1);
  }
  if (leaderDistribution) {
    expect([...leaders.values()]).toEqual(Array(numBrokers).fill(numPartitions / numBrokers));
  }
  if (replicasDistribution) {
    expect([...replicaCounts.values()]).toEqual(Array(numBrokers).fill((numPartitions * replicationFactor) / numBrokers));
  }
}

/** The error `fn` throws, which must be a `type` (anything else fails the test). */
export function thrownBy<E>(type: abstract new (...args: never[]) => E, fn: () => unknown): E {
  try {
    fn();
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
  throw new Error(`expected a ${type.name}`);
}

/** The KafkaApiError `fn` throws. */
export function thrown(fn: () => unknown): KafkaApiError {
  return thrownBy(KafkaApiError, fn);
}
