/** A running cluster whose group coordinator tests drive directly, on the harness's manual clock. */
import { expect } from 'vitest';
import type { KafkaServer } from '../../../src-main/core/broker/kafka-server';
import type { GroupCoordinator, JoinGroupRequestArgs } from '../../../src-main/core/coordinator/group/group-coordinator';
import type { JoinGroupResult } from '../../../src-main/core/coordinator/group/group-metadata';
import { ClusterHarness, type HarnessOptions } from '../../support/cluster-harness';

export const enc = (s: string) => new TextEncoder().encode(s);
const LISTENER = { name: 'PLAINTEXT', host: 'localhost' };

/** FindCoordinator until the group's offsets partition has a leader that has loaded it. */
export async function coordinatorOf(h: ClusterHarness, groupId: string, via = 0): Promise<{ broker: KafkaServer; gc: GroupCoordinator }> {
  const asked = h.cluster.broker(via).groupCoordinator!;
  for (let attempt = 0; attempt < 20; attempt++) {
    const found = await asked.findCoordinator(groupId, LISTENER);
    if (found.error === 'NONE') {
      const broker = h.cluster.broker(found.node.id);
      await h.settle();
      return { broker, gc: broker.groupCoordinator! };
    }
    expect(found.error).toBe('COORDINATOR_NOT_AVAILABLE');
    await h.advance(100);
  }
  throw new Error(`no coordinator for ${groupId}`);
}

/**
 * A three-broker cluster with a small `__consumer_offsets` and commits acknowledged by the leader
 * alone (`offsets.commit.required.acks=1`): group writes complete without the clock moving, so the
 * tests place each step at an exact time.
 */
export async function harness(options: HarnessOptions = {}): Promise<ClusterHarness> {
  return ClusterHarness.create({
    ...options,
    brokerConfig: { 'offsets.topic.num.partitions': '5', 'offsets.commit.required.acks': '1', ...options.brokerConfig },
  });
}

/** Moves the clock in small steps until `promise` settles (acks=−1 writes wait on the followers' fetches). */
export async function whileClockRuns<T>(h: ClusterHarness, promise: Promise<T>, stepMs = 10, maxMs = 30000): Promise<T> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let waited = 0; !done && waited < maxMs; waited += stepMs) await h.advance(stepMs);
  return promise;
}

export function joinArgs(groupId: string, overrides: Partial<JoinGroupRequestArgs> = {}): JoinGroupRequestArgs {
  return {
    groupId,
    memberId: '',
    groupInstanceId: null,
    requireKnownMemberId: false,
    clientId: 'client',
    clientHost: '/127.0.0.1',
    rebalanceTimeoutMs: 10000,
    sessionTimeoutMs: 10000,
    protocolType: 'consumer',
    protocols: [{ name: 'range', metadata: enc('sub') }],
    ...overrides,
  };
}

/** A JoinGroup whose answer may come later: `result` is set once it has. */
export function pendingJoin(
  gc: GroupCoordinator,
  args: JoinGroupRequestArgs,
): { promise: Promise<JoinGroupResult>; result: JoinGroupResult | null } {
  const pending: { promise: Promise<JoinGroupResult>; result: JoinGroupResult | null } = {
    promise: gc.handleJoinGroup(args),
    result: null,
  };
  void pending.promise.then((r) => (pending.result = r));
  return pending;
}
