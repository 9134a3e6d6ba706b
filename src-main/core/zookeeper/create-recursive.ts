import { Code, KeeperException } from './errors';
import { parentPath } from './path-utils';
import type { CreateModeFlag, CreateResult, ZnodeData } from './types';
import { CreateMode } from './types';
import type { ZooKeeperClient } from './zookeeper-client';

/**
 * Kafka's `KafkaZkClient.createRecursive`: create the node; on NONODE create the missing parents
 * (persistent, null data, NODEEXISTS ignored) and try again. Only the node itself gets `data`/`mode`.
 */
export async function createRecursive(
  client: ZooKeeperClient,
  path: string,
  data: ZnodeData,
  mode: CreateModeFlag = CreateMode.PERSISTENT,
): Promise<CreateResult> {
  try {
    return await client.create(path, data, { mode });
  } catch (e) {
    if (!(e instanceof KeeperException) || e.code !== Code.NONODE) throw e;
  }
  await createParents(client, parentPath(path));
  return client.create(path, data, { mode });
}

async function createParents(client: ZooKeeperClient, path: string): Promise<void> {
  if (path === '/') return;
  try {
    await client.create(path, null);
  } catch (e) {
    if (!(e instanceof KeeperException)) throw e;
    if (e.code === Code.NODEEXISTS) return;
    if (e.code !== Code.NONODE) throw e;
    await createParents(client, parentPath(path));
    try {
      await client.create(path, null);
    } catch (again) {
      if (!(again instanceof KeeperException) || again.code !== Code.NODEEXISTS) throw again;
    }
  }
}
