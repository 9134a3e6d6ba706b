import type { ZooKeeperClient } from '../../src-main/core/zookeeper';
import type { ClusterHarness } from './cluster-harness';
import { dec, enc } from './scenario';

/**
 * For the controller and broker scenarios (K1–K8): znodes as zkCli shows them, partition state
 * znodes parsed. What they share with the other scenarios is in scenario.ts.
 */

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
