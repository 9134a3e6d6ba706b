import { join } from 'node:path';
import { expect } from 'vitest';
import { ReplicaAssignment, TopicZNode } from '../../src-main/core/kafka-zk/topic-znodes';
import type { ClusterHarness } from './cluster-harness';
import { dec, requestsSince } from './scenario';

/**
 * For the topic creation (C*) and partition expansion (A*) scenarios: the topic znode a broker
 * writes, the files of a partition dir and the LeaderAndIsr requests for a topic. What they share with the other scenarios is in scenario.ts.
 */

/** The topic znode a 2.5 broker writes for this assignment (partition p = index p), via the encoder. */
export function topicJson(assignment: number[][]): string {
  return dec(TopicZNode.encode(assignment.map((replicas, p) => [p, ReplicaAssignment.of(replicas)] as const))) as string;
}

/** A partition dir's entries with their sizes, sorted by name. */
export function partitionFiles(h: ClusterHarness, brokerId: number, dirName: string): Array<[string, number]> {
  const dir = join(h.logDir(brokerId), dirName);
  return h.fs
    .readdir(dir)
    .map((e) => [e.name, h.fs.stat(join(dir, e.name)).size] as [string, number])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The `<topic>-<p>` dirs in a broker's log dir that belong to `topicName` (no `-delete` ones). */
export function partitionDirs(h: ClusterHarness, brokerId: number, topicName: string): string[] {
  const pattern = new RegExp(`^${topicName.replace(/[.]/g, '\\.')}-\\d+$`);
  return h.fs
    .readdir(h.logDir(brokerId))
    .filter((e) => e.isDirectory && pattern.test(e.name))
    .map((e) => e.name)
    .sort();
}

export function leaderEpochCheckpoint(h: ClusterHarness, brokerId: number, dirName: string): string {
  return new TextDecoder().decode(h.fs.readFile(join(h.logDir(brokerId), dirName, 'leader-epoch-checkpoint')));
}

/**
 * A fresh partition log as LogManager creates it: an empty segment, the pre-allocated indexes
 * (10485760 = 10 MiB rounded down to 8-byte entries, 10485756 to 12-byte ones) and the
 * leader-epoch-checkpoint, written by the leader only (`0\n1\n0 0\n`: version 0, one entry, epoch
 * 0 from offset 0) and left empty by followers.
 */
export function expectFreshLog(h: ClusterHarness, brokerId: number, dirName: string, role: 'leader' | 'follower', leaderEpoch = 0): void {
  const m = `seed ${h.seed}, broker ${brokerId}, ${dirName}`;
  const checkpoint = role === 'leader' ? `0\n1\n${leaderEpoch} 0\n` : '';
  expect(partitionFiles(h, brokerId, dirName), m).toEqual([
    ['00000000000000000000.index', 10485760],
    ['00000000000000000000.log', 0],
    ['00000000000000000000.timeindex', 10485756],
    ['leader-epoch-checkpoint', checkpoint.length],
  ]);
  expect(leaderEpochCheckpoint(h, brokerId, dirName), m).toBe(checkpoint);
}

/** `(broker, topic-partition)` pairs named by the LeaderAndIsr requests since `from`, e.g. `1:t-0 leader=0 epoch=0 new`. */
export function leaderAndIsrSince(h: ClusterHarness, from: number, topicName: string): string[] {
  return requestsSince(h, from, 'LeaderAndIsr').flatMap(({ to, request }) =>
    request.partitionStates
      .filter((s) => s.topicName === topicName)
      .map(
        (s) =>
          `${to}:${s.topicName}-${s.partitionIndex} leader=${s.leader} epoch=${s.leaderEpoch} isr=[${s.isr.join(',')}] replicas=[${s.replicas.join(',')}]${s.isNew ? ' new' : ''}`,
      ),
  );
}
