import { join } from 'node:path';
import { expect } from 'vitest';
import type { CreatableTopic } from '../../src-main/core/admin/create-topic';
import { ClusterAdmin } from '../../src-main/core/cluster/cluster-admin';
import type { ClusterEvent } from '../../src-main/core/cluster/cluster-events';
import type { ControllerRequest } from '../../src-main/core/controller/broker-requests';
import type { KafkaController } from '../../src-main/core/controller/kafka-controller';
import type { Random } from '../../src-main/core/platform/random';
import type { ZooKeeperClient } from '../../src-main/core/zookeeper';
import { ReplicaAssignment, TopicZNode } from '../../src-main/core/zk/topic-znodes';
import type { ClusterHarness } from './cluster-harness';

/**
 * Helpers shared by the topic creation (C*) and partition expansion (A*) scenarios: reading
 * znodes as text, the files of a partition dir, the controller's requests and log lines since a
 * mark, and a CreatableTopic builder.
 */

export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
export const dec = (b: Uint8Array | null): string | null => (b === null ? null : new TextDecoder().decode(b));

export const tp = (topic: string, partition: number) => ({ topic, partition });

export function adminOf(h: ClusterHarness, random: Random = h.random): ClusterAdmin {
  return new ClusterAdmin(h.cluster, h.time, random);
}

export function controllerOf(h: ClusterHarness): KafkaController {
  const c = h.cluster.activeController();
  if (!c) throw new Error(`no active controller (seed ${h.seed})`);
  return c;
}

/** A CreateTopics entry: counts, or an explicit assignment (then counts are −1, as clients send them). */
export function topic(
  name: string,
  spec: { partitions?: number; rf?: number; assignment?: number[][]; configs?: Record<string, string | null> } = {},
): CreatableTopic {
  const assignments = (spec.assignment ?? []).map((brokerIds, partitionIndex) => ({ partitionIndex, brokerIds }));
  return {
    name,
    numPartitions: spec.partitions ?? -1,
    replicationFactor: spec.rf ?? -1,
    assignments,
    configs: spec.configs ?? {},
  };
}

/** The znode's data as text (null data → null); throws NONODE like zkCli's `get`. */
export async function text(zk: ZooKeeperClient, path: string): Promise<string | null> {
  return dec((await zk.getData(path)).data);
}

/** The topic znode a 2.5 broker writes for this assignment (partition p = index p), via the encoder. */
export function topicJson(assignment: number[][]): string {
  return dec(TopicZNode.encode(assignment.map((replicas, p) => [p, ReplicaAssignment.of(replicas)] as const))) as string;
}

/** `{"controller_epoch":E,"leader":L,"version":1,"leader_epoch":LE,"isr":[…]}`, the order a 2.5 broker writes. */
export function stateJson(controllerEpoch: number, leader: number, leaderEpoch: number, isr: number[]): string {
  return `{"controller_epoch":${controllerEpoch},"leader":${leader},"version":1,"leader_epoch":${leaderEpoch},"isr":[${isr.join(',')}]}`;
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

/** A position in `h.events`, so that a step's events can be looked at alone. */
export function mark(h: ClusterHarness): number {
  return h.events.length;
}

export function eventsSince(h: ClusterHarness, from: number): ClusterEvent[] {
  return h.events.slice(from);
}

/** Log lines of one file since `from`, with the broker that wrote them. */
export function linesSince(h: ClusterHarness, from: number, file: 'server.log' | 'controller.log' | 'state-change.log', level?: string): string[] {
  return eventsSince(h, from)
    .filter((e): e is Extract<ClusterEvent, { kind: 'log' }> => e.kind === 'log' && e.line.file === file && (level === undefined || e.line.level === level))
    .map((e) => e.line.message);
}

/** Requests the controller sent since `from`, with the broker each went to. */
export function requestsSince<K extends ControllerRequest['apiKey']>(h: ClusterHarness, from: number, apiKey: K): Array<{ to: number; request: Extract<ControllerRequest, { apiKey: K }> }> {
  const out: Array<{ to: number; request: Extract<ControllerRequest, { apiKey: K }> }> = [];
  for (const e of eventsSince(h, from)) {
    if (e.kind === 'channel' && e.event.kind === 'request-sent' && e.event.request.apiKey === apiKey) {
      out.push({ to: e.event.brokerId, request: e.event.request as Extract<ControllerRequest, { apiKey: K }> });
    }
  }
  return out;
}

/** `(broker, topic-partition)` pairs named by the LeaderAndIsr requests since `from`, e.g. `1:t-0 leader=0 epoch=0 new`. */
export function leaderAndIsrSince(h: ClusterHarness, from: number, topicName: string): string[] {
  return requestsSince(h, from, 'LeaderAndIsr').flatMap(({ to, request }) =>
    request.partitionStates
      .filter((s) => s.topicName === topicName)
      .map((s) => `${to}:${s.topicName}-${s.partitionIndex} leader=${s.leader} epoch=${s.leaderEpoch} isr=[${s.isr.join(',')}] replicas=[${s.replicas.join(',')}]${s.isNew ? ' new' : ''}`),
  );
}

/** ZooKeeper write transactions since `from` as `op path err` (multi ops have no path). */
export function zkWritesSince(h: ClusterHarness, from: number): string[] {
  return eventsSince(h, from).flatMap((e) => (e.kind === 'zookeeper' && e.event.kind === 'txn' && e.event.op !== 'createSession' ? [`${e.event.op} ${e.event.path ?? ''} ${e.event.err}`] : []));
}
