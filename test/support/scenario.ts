import type { CreatableTopic } from '../../src-main/core/admin/create-topic';
import { ClusterAdmin } from '../../src-main/core/cluster/cluster-admin';
import { logLineOf } from '../../src-main/core/cluster/cluster-events';
import type { ClusterEvent } from '../../src-main/core/cluster/cluster-events';
import type { ControllerRequest } from '../../src-main/core/controller/broker-requests';
import type { PartitionOutcome } from '../../src-main/core/controller/controller-events';
import type { KafkaController } from '../../src-main/core/controller/kafka-controller';
import type { Random } from '../../src-main/core/platform/random';
import type { ZkServerEvent, ZooKeeperClient } from '../../src-main/core/zookeeper';
import type { ClusterHarness } from './cluster-harness';

/**
 * What every cluster scenario uses: text ⇄ bytes, the admin client and the active controller, the
 * znodes written by hand and read back, and what happened since a mark in `h.events` (log lines,
 * the controller's requests, ZooKeeper transactions). The helpers of one family of scenarios are
 * in topic-scenario.ts (C*, A*), deletion-support.ts (D*) and controller-scenario.ts (K*).
 */

export const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
export const dec = (b: Uint8Array | null): string | null => (b === null ? null : new TextDecoder().decode(b));

export const tp = (topic: string, partition: number) => ({ topic, partition });

/** Orders election / reassignment outcomes by topic, then partition. */
export const byPartition = (a: PartitionOutcome, b: PartitionOutcome): number =>
  a.partition.topic.localeCompare(b.partition.topic) || a.partition.partition - b.partition.partition;

/** The options of a CreateTopics / CreatePartitions request that really creates (and waits up to 30 s). */
export const CREATE = { timeoutMs: 30000, validateOnly: false };

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

export function adminOf(h: ClusterHarness, random: Random = h.random): ClusterAdmin {
  return new ClusterAdmin(h.cluster, h.time, random);
}

/** The active controller (fails the test if there is none). */
export function controllerOf(h: ClusterHarness): KafkaController {
  const c = h.cluster.activeController();
  if (!c) throw new Error(`no active controller (seed ${h.seed})`);
  return c;
}

// ---- znodes -------------------------------------------------------------------------------------

/** The znode's data as text (null data → null); throws NONODE like zkCli's `get`. */
export async function text(zk: ZooKeeperClient, path: string): Promise<string | null> {
  return dec((await zk.getData(path)).data);
}

/** Every path under `path` (itself included, parents before children, children sorted); [] if it does not exist. */
export async function znodeTree(zk: ZooKeeperClient, path: string): Promise<string[]> {
  if (!(await zk.exists(path))) return [];
  const out = [path];
  for (const child of [...(await zk.getChildren(path)).children].sort()) out.push(...(await znodeTree(zk, `${path}/${child}`)));
  return out;
}

/**
 * A v2 topic znode as an operator would type it into the node editor (partition → replicas, in
 * ascending partition order; an array gives partition i → `partitions[i]`).
 */
export function topicZnode(partitions: Readonly<Record<number, readonly number[]>>): string {
  const body = Object.entries(partitions)
    .map(([p, r]) => `"${p}":[${r.join(',')}]`)
    .join(',');
  return `{"version":2,"partitions":{${body}},"adding_replicas":{},"removing_replicas":{}}`;
}

/** `{"controller_epoch":E,"leader":L,"version":1,"leader_epoch":LE,"isr":[…]}`, the order a 2.5 broker writes. */
export function stateJson(controllerEpoch: number, leader: number, leaderEpoch: number, isr: number[]): string {
  return `{"controller_epoch":${controllerEpoch},"leader":${leader},"version":1,"leader_epoch":${leaderEpoch},"isr":[${isr.join(',')}]}`;
}

// ---- what happened since a mark -----------------------------------------------------------------

/** A position in `h.events`, so that a step's events can be looked at alone. */
export function mark(h: ClusterHarness): number {
  return h.events.length;
}

export function eventsSince(h: ClusterHarness, from: number): ClusterEvent[] {
  return h.events.slice(from);
}

type LogFile = 'server.log' | 'controller.log' | 'state-change.log';

/** Log lines of one file written since `from`: by any broker, by one broker, or of one level. */
export function linesSince(h: ClusterHarness, from: number, file: LogFile, brokerId?: number): string[];
export function linesSince(h: ClusterHarness, from: number, file: LogFile, level?: string): string[];
export function linesSince(h: ClusterHarness, from: number, file: LogFile, brokerOrLevel?: number | string): string[] {
  const out: string[] = [];
  for (const e of eventsSince(h, from)) {
    const log = logLineOf(e);
    if (!log || log.line.file !== file) continue;
    if (typeof brokerOrLevel === 'number' && log.brokerId !== brokerOrLevel) continue;
    if (typeof brokerOrLevel === 'string' && log.line.level !== brokerOrLevel) continue;
    out.push(log.line.message);
  }
  return out;
}

/** As `linesSince` for one level, each line followed by the exception logged with it, as log4j prints it on the lines below. */
export function linesWithThrowablesSince(h: ClusterHarness, from: number, file: LogFile, level: string): string[] {
  const out: string[] = [];
  for (const e of eventsSince(h, from)) {
    const log = logLineOf(e);
    if (!log || log.line.file !== file || log.line.level !== level) continue;
    out.push(log.line.throwable === undefined ? log.line.message : `${log.line.message}\n${log.line.throwable}`);
  }
  return out;
}

/** The controller events broker `brokerId` started (by type) since `from`. */
export function controllerEvents(h: ClusterHarness, brokerId: number, from = 0): string[] {
  const out: string[] = [];
  for (const e of eventsSince(h, from)) {
    if (e.kind === 'controller' && e.brokerId === brokerId && e.notice.kind === 'event-started') out.push(e.notice.event.type);
  }
  return out;
}

/** A request a controller put on the wire (a `request-sent` channel event). */
export interface SentRequest<R extends ControllerRequest = ControllerRequest> {
  /** The broker whose controller sent it. */
  controller: number;
  to: number;
  request: R;
}

/** The requests sent since `from`, by the controller on broker `controllerId` (any when undefined). */
export function sentRequests(h: ClusterHarness, from = 0, controllerId?: number): SentRequest[] {
  const out: SentRequest[] = [];
  for (const e of eventsSince(h, from)) {
    if (e.kind !== 'channel' || e.event.kind !== 'request-sent') continue;
    if (controllerId !== undefined && e.brokerId !== controllerId) continue;
    out.push({ controller: e.brokerId, to: e.event.brokerId, request: e.event.request });
  }
  return out;
}

/** The requests of one API sent since `from`. */
export function requestsSince<K extends ControllerRequest['apiKey']>(
  h: ClusterHarness,
  from: number,
  apiKey: K,
): Array<SentRequest<Extract<ControllerRequest, { apiKey: K }>>> {
  return sentRequests(h, from).filter((s): s is SentRequest<Extract<ControllerRequest, { apiKey: K }>> => s.request.apiKey === apiKey);
}

/** ZooKeeper transactions since `from`. */
export function txns(h: ClusterHarness, from = 0): Array<Extract<ZkServerEvent, { kind: 'txn' }>> {
  const out: Array<Extract<ZkServerEvent, { kind: 'txn' }>> = [];
  for (const e of eventsSince(h, from)) if (e.kind === 'zookeeper' && e.event.kind === 'txn') out.push(e.event);
  return out;
}

/** ZooKeeper write transactions since `from` as `op path err` (multi ops have no path). */
export function zkWritesSince(h: ClusterHarness, from: number): string[] {
  return txns(h, from)
    .filter((t) => t.op !== 'createSession')
    .map((t) => `${t.op} ${t.path ?? ''} ${t.err}`);
}

// ---- driving the clock --------------------------------------------------------------------------

/**
 * Awaits an operation that may wait on the clock (a controlled shutdown's retry backoff, an admin
 * request's timeout): the clock moves `stepMs` at a time until it is done.
 */
export async function drive<T>(h: ClusterHarness, operation: Promise<T>, stepMs = 100, maxMs = 120_000): Promise<T> {
  let done = false;
  const result = operation.finally(() => {
    done = true;
  });
  await h.settle();
  for (let waited = 0; !done; waited += stepMs) {
    if (waited > maxMs) throw new Error(`operation still pending after ${maxMs} ms of cluster time`);
    await h.advance(stepMs);
  }
  return result;
}

/**
 * `kill -9` of a broker, then the clock moved to the moment ZooKeeper expires its session (18 s
 * after it was last heard from, on the 2 s tick). Returns the expiry time.
 */
export async function killAndExpire(h: ClusterHarness, brokerId: number): Promise<number> {
  const sessionId = h.cluster.broker(brokerId).sessionId;
  if (sessionId === null) throw new Error(`broker ${brokerId} has no session`);
  h.cluster.killBroker(brokerId);
  await h.settle();
  const expiresAt = h.zkServer.sessionExpiresAtMs(sessionId);
  if (expiresAt === undefined) throw new Error(`session of broker ${brokerId} is gone already`);
  await h.advance(expiresAt - h.time.nowMs());
  return expiresAt;
}
