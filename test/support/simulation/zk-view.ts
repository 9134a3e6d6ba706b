import { tpKey } from '../../../src-main/core/common/topic-partition';
import type { TopicPartition } from '../../../src-main/core/common/topic-partition';
import type { ZooKeeperClient } from '../../../src-main/core/zookeeper';
import { Code, KeeperException } from '../../../src-main/core/zookeeper';

export const dec = (b: Uint8Array | null): string => (b === null ? '' : new TextDecoder().decode(b));

export interface StateZnode {
  leader: number;
  leaderEpoch: number;
  isr: number[];
  controllerEpoch: number;
  zkVersion: number;
  /** The zxid of the last write, to tell who wrote it. */
  mzxid: number;
}

/** What ZooKeeper holds about topics, read in one go after the cluster settled. */
export interface ZkView {
  topics: Map<string, Map<number, number[]>>;
  states: Map<string, { partition: TopicPartition; state: StateZnode }>;
  configs: Set<string>;
  deletions: string[];
  controller: { brokerId: number; owner: bigint } | null;
  controllerEpoch: { epoch: number; version: number } | null;
}

/** The ZkView, read with one session. */
export async function readZkView(zk: ZooKeeperClient): Promise<ZkView> {
  const children = async (path: string): Promise<string[]> => {
    try {
      return (await zk.getChildren(path)).children.sort();
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.NONODE) return [];
      throw e;
    }
  };
  const data = async (path: string) => {
    try {
      return await zk.getData(path);
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.NONODE) return null;
      throw e;
    }
  };
  const topicNames = await children('/brokers/topics');
  const topics = new Map<string, Map<number, number[]>>();
  const states = new Map<string, { partition: TopicPartition; state: StateZnode }>();
  await Promise.all(
    topicNames.map(async (topic) => {
      const node = await data(`/brokers/topics/${topic}`);
      if (node) {
        const parsed = JSON.parse(dec(node.data)) as { partitions: Record<string, number[]> };
        topics.set(topic, new Map(Object.entries(parsed.partitions).map(([p, r]) => [Number(p), r])));
      }
      const partitions = await children(`/brokers/topics/${topic}/partitions`);
      await Promise.all(
        partitions.map(async (p) => {
          const s = await data(`/brokers/topics/${topic}/partitions/${p}/state`);
          if (!s) return;
          const j = JSON.parse(dec(s.data)) as { leader: number; leader_epoch: number; isr: number[]; controller_epoch: number };
          const partition = { topic, partition: Number(p) };
          states.set(tpKey(partition), {
            partition,
            state: {
              leader: j.leader,
              leaderEpoch: j.leader_epoch,
              isr: j.isr,
              controllerEpoch: j.controller_epoch,
              zkVersion: s.stat.version,
              mzxid: s.stat.mzxid,
            },
          });
        }),
      );
    }),
  );
  const controllerNode = await data('/controller');
  const epochNode = await data('/controller_epoch');
  return {
    topics,
    states,
    configs: new Set(await children('/config/topics')),
    deletions: await children('/admin/delete_topics'),
    controller: controllerNode
      ? { brokerId: (JSON.parse(dec(controllerNode.data)) as { brokerid: number }).brokerid, owner: controllerNode.stat.ephemeralOwner }
      : null,
    controllerEpoch: epochNode ? { epoch: Number(dec(epochNode.data)), version: epochNode.stat.version } : null,
  };
}
