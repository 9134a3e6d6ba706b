import { existsSync } from 'node:fs';
import type { ControllerRequest } from '../../src-main/core/controller/broker-requests';
import type { KafkaController } from '../../src-main/core/controller/kafka-controller';
import type { ReplicaState } from '../../src-main/core/controller/replica-states';
import type { LogManagerEvent } from '../../src-main/core/log/log-manager/log-manager-event';
import type { ZooKeeperClient } from '../../src-main/core/zookeeper';
import type { ClusterHarness } from './cluster-harness';
import { adminOf, CREATE, eventsSince, linesSince, sentRequests, topic, znodeTree, type SentRequest } from './scenario';

/**
 * For the topic deletion scenarios (D1–D9): creating topics with a fixed assignment, the requests
 * the controller sent in a compact form, the replica and partition transitions it logged, the
 * partition dirs on disk. What they share with the other scenarios is in scenario.ts.
 */

/** CreateTopics with an explicit assignment (partition i → `assignment[i]`); waits for the leaders. */
export async function createTopic(
  h: ClusterHarness,
  name: string,
  assignment: number[][],
  configs: Record<string, string> = {},
): Promise<void> {
  const pending = adminOf(h).createTopics([topic(name, { assignment, configs })], CREATE);
  await h.settle();
  const [result] = await pending;
  if (result.errorCode !== 0) throw new Error(`creating ${name} failed: ${result.errorName} ${result.errorMessage ?? ''}`);
}

/** The topic's entries in a broker's log dir (`<t>-<p>` and `<t>-<p>.<uuid>-delete`), sorted. */
export function topicDirs(h: ClusterHarness, brokerId: number, topic: string): string[] {
  const prefix = `${topic}-`;
  if (!existsSync(h.logDir(brokerId))) return [];
  return h.fs
    .readdir(h.logDir(brokerId))
    .map((e) => e.name)
    .filter((n) => n.startsWith(prefix) && /^\d+(\.[0-9a-f]{32}-delete)?$/.test(n.slice(prefix.length)))
    .sort();
}

/** Kafka's delete dir name: `<t>-<p>.<32 hex uuid>-delete`. */
export const deleteDirPattern = (topic: string, partition: number): RegExp => new RegExp(`^${topic}-${partition}\\.[0-9a-f]{32}-delete$`);

/** A request the controller put on the wire, with a compact description. */
export interface Sent extends SentRequest {
  /** e.g. `StopReplica(delete=true) t-0,t-1`, `UpdateMetadata t-0:-2,t-1:-2`, `LeaderAndIsr t-0:1` */
  text: string;
}

export function describeRequest(r: ControllerRequest): string {
  switch (r.apiKey) {
    case 'StopReplica':
      return `StopReplica(delete=${r.deletePartitions}) ${r.partitions.map((p) => `${p.topic}-${p.partition}`).join(',')}`;
    case 'UpdateMetadata':
      return `UpdateMetadata ${r.partitionStates.map((s) => `${s.topicName}-${s.partitionIndex}:${s.leader}`).join(',')}`;
    case 'LeaderAndIsr':
      return `LeaderAndIsr ${r.partitionStates.map((s) => `${s.topicName}-${s.partitionIndex}:${s.leader}`).join(',')}`;
  }
}

/** Requests sent since event index `from` (use `h.events.length` as a mark). */
export function sentSince(h: ClusterHarness, from = 0): Sent[] {
  return sentRequests(h, from).map((s) => ({ ...s, text: describeRequest(s.request) }));
}

/** Requests that name the topic, as `to: text` lines in sending order. */
export function topicRequests(h: ClusterHarness, topic: string, from = 0): string[] {
  return sentSince(h, from)
    .filter((s) => s.text.includes(` ${topic}-`) || s.text.includes(`,${topic}-`))
    .map((s) => `${s.to}: ${s.text}`);
}

/** The replica transitions the controller logged for a topic: `t-0@1 OnlineReplica→OfflineReplica`. */
export function replicaTransitions(h: ClusterHarness, topic: string, from = 0): string[] {
  const re = new RegExp(`Changed state of replica (\\d+) for partition (${topic}-\\d+) from (\\w+) to (\\w+)$`);
  return linesSince(h, from, 'state-change.log').flatMap((line) => {
    const m = re.exec(line);
    return m ? [`${m[2]}@${m[1]} ${m[3]}→${m[4]}`] : [];
  });
}

/** The partition transitions the controller logged for a topic: `t-0 OnlinePartition→OfflinePartition`. */
export function partitionTransitions(h: ClusterHarness, topic: string, from = 0): string[] {
  const re = new RegExp(`Changed partition (${topic}-\\d+) (?:state )?from (\\w+) to (\\w+)`);
  return linesSince(h, from, 'state-change.log').flatMap((line) => {
    const m = re.exec(line);
    return m ? [`${m[1]} ${m[2]}→${m[3]}`] : [];
  });
}

/** The controller's replica states for a topic: `{ 't-0@1': 'OnlineReplica', … }`. */
export function replicaStates(c: KafkaController, topic: string): Record<string, ReplicaState> {
  return Object.fromEntries(
    c.context.replicasForTopic(topic).map((r) => [`${r.topic}-${r.partition}@${r.replica}`, c.context.replicaState(r)]),
  );
}

/** Deletes a znode and everything under it, children first (zkCli's `deleteall`). */
export async function deleteAll(zk: ZooKeeperClient, path: string): Promise<void> {
  for (const p of (await znodeTree(zk, path)).reverse()) await zk.delete(p);
}

/** Watches a promise without awaiting it: `done` turns true (and `value` is set) once it resolves. */
export function track<T>(p: Promise<T>): { readonly done: boolean; readonly value: T | undefined } {
  const state: { done: boolean; value: T | undefined } = { done: false, value: undefined };
  void p.then((v) => {
    state.done = true;
    state.value = v;
  });
  return state;
}

/** The log-manager events of one kind since event index `from`. */
export function logManagerEvents<T extends string>(
  h: ClusterHarness,
  type: T,
  from = 0,
): Array<{ brokerId: number; timeMs: number; event: Extract<LogManagerEvent, { type: T }> }> {
  const out: Array<{ brokerId: number; timeMs: number; event: Extract<LogManagerEvent, { type: T }> }> = [];
  for (const e of eventsSince(h, from)) {
    if (e.kind === 'log-manager' && e.event.type === type)
      out.push({ brokerId: e.brokerId, timeMs: e.timeMs, event: e.event as Extract<LogManagerEvent, { type: T }> });
  }
  return out;
}
