import type { ControllerRequest } from '../../src-main/core/controller/broker-requests';
import type { ZkServerEvent, ZooKeeperClient } from '../../src-main/core/zookeeper';
import type { ClusterHarness } from './cluster-harness';

/**
 * Small readers for the controller and broker scenarios (K1–K8): znodes as zkCli shows them,
 * partition state znodes parsed, the requests the controller sent and ZooKeeper's transactions.
 */

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));

export { enc, dec };

export interface PartitionStateZnode {
  controller_epoch: number;
  leader: number;
  version: number;
  leader_epoch: number;
  isr: number[];
}

export class ZnodeReader {
  constructor(readonly zk: ZooKeeperClient) {}

  static async open(h: ClusterHarness): Promise<ZnodeReader> {
    return new ZnodeReader(await h.session());
  }

  /** The data as text (`get` in zkCli), or undefined when the node does not exist. */
  async text(path: string): Promise<string | null | undefined> {
    if ((await this.zk.exists(path)) === null) return undefined;
    return dec((await this.zk.getData(path)).data);
  }

  async exists(path: string): Promise<boolean> {
    return (await this.zk.exists(path)) !== null;
  }

  async children(path: string): Promise<string[]> {
    return (await this.zk.getChildren(path)).children;
  }

  async state(topic: string, partition: number): Promise<PartitionStateZnode> {
    const text = await this.text(`/brokers/topics/${topic}/partitions/${partition}/state`);
    if (typeof text !== 'string') throw new Error(`no state znode for ${topic}-${partition}`);
    return JSON.parse(text) as PartitionStateZnode;
  }

  async stateText(topic: string, partition: number): Promise<string | null | undefined> {
    return this.text(`/brokers/topics/${topic}/partitions/${partition}/state`);
  }

  async controllerId(): Promise<number | null> {
    const text = await this.text('/controller');
    return typeof text === 'string' ? (JSON.parse(text) as { brokerid: number }).brokerid : null;
  }

  async write(path: string, data: string): Promise<void> {
    await this.zk.create(path, enc(data));
  }
}

/** Requests the controller of `controllerId` (any when undefined) sent, from index `from` of the event list. */
export function sentRequests(h: ClusterHarness, from = 0, controllerId?: number): Array<{ to: number; request: ControllerRequest }> {
  const out: Array<{ to: number; request: ControllerRequest }> = [];
  for (const e of h.events.slice(from)) {
    if (e.kind !== 'channel' || e.event.kind !== 'request-sent') continue;
    if (controllerId !== undefined && e.brokerId !== controllerId) continue;
    out.push({ to: e.event.brokerId, request: e.event.request });
  }
  return out;
}

/** ZooKeeper transactions from index `from` of the event list. */
export function txns(h: ClusterHarness, from = 0): Array<Extract<ZkServerEvent, { kind: 'txn' }>> {
  const out: Array<Extract<ZkServerEvent, { kind: 'txn' }>> = [];
  for (const e of h.events.slice(from)) if (e.kind === 'zookeeper' && e.event.kind === 'txn') out.push(e.event);
  return out;
}

/** Controller events started (by type) from index `from`, per broker. */
export function controllerEvents(h: ClusterHarness, brokerId: number, from = 0): string[] {
  const out: string[] = [];
  for (const e of h.events.slice(from)) {
    if (e.kind === 'controller' && e.brokerId === brokerId && e.notice.kind === 'event-started') out.push(e.notice.event.type);
  }
  return out;
}

/** Log lines of one file (and broker) written from index `from`. */
export function linesSince(h: ClusterHarness, from: number, file: 'server.log' | 'controller.log' | 'state-change.log', brokerId?: number): string[] {
  const out: string[] = [];
  for (const e of h.events.slice(from)) {
    if (e.kind === 'log' && e.line.file === file && (brokerId === undefined || e.brokerId === brokerId)) out.push(e.line.message);
  }
  return out;
}

/** A v2 topic znode as an operator would type it into the node editor. */
export function topicZnode(partitions: Record<number, number[]>): string {
  const body = Object.entries(partitions)
    .map(([p, r]) => `"${p}":[${r.join(',')}]`)
    .join(',');
  return `{"version":2,"partitions":{${body}},"adding_replicas":{},"removing_replicas":{}}`;
}

/** The state znode exactly as Kafka writes it. */
export function stateJson(controllerEpoch: number, leader: number, leaderEpoch: number, isr: number[]): string {
  return `{"controller_epoch":${controllerEpoch},"leader":${leader},"version":1,"leader_epoch":${leaderEpoch},"isr":[${isr.join(',')}]}`;
}

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
