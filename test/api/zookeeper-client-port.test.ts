/**
 * The app's backend gives the open cluster a ZooKeeper client port on 127.0.0.1, bound before the
 * brokers start: 2181, or a free port when 2181 is taken — kept in the workspace so that the next
 * opening binds it again — shown in the overview, and spoken by a real client (this folder's jute
 * client) that sees the brokers' registrations.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackend } from '../../src-main/app/create-backend';
import { ZkOpCode } from '../../src-main/protocol/zookeeper/op-codes';
import { ZooKeeperWireClient } from '../../src-main/protocol/zookeeper/client/zookeeper-wire-client';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

/** Holds 2181 for the test when it is free (when it is not, someone else holds it: just as taken). */
async function hold2181(): Promise<Server | null> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(2181, '127.0.0.1', () => resolve(server));
  });
}

describe('the backend’s ZooKeeper client port', () => {
  const tmp = makeTempDir('kafka-dojo-zk-port-');
  afterAll(() => tmp.cleanup());

  it('falls back to a free port when 2181 is taken, keeps it across a restart, and serves the cluster’s znodes', async () => {
    const held = await hold2181();
    let port: number;
    try {
      const backend = await createBackend({ dataDir: tmp.dir });
      try {
        const overview = await backend.api.cluster.overview();
        expect(overview.zookeeperConnect).toMatch(/^127\.0\.0\.1:\d+$/);
        port = Number(overview.zookeeperConnect!.split(':')[1]);
        expect(port).not.toBe(2181);
        await waitFor('the brokers’ registrations', async () => (await backend.api.cluster.overview()).controllerId >= 0);
        const client = await ZooKeeperWireClient.connect('127.0.0.1', port);
        const ids = await client.request(ZkOpCode.getChildren, (w) => w.ustring('/brokers/ids').bool(false));
        expect(ids.body.strings('children')?.sort()).toEqual(['0', '1', '2']);
        client.close();
      } finally {
        await backend.close();
      }
    } finally {
      held?.close();
    }
    const reopened = await createBackend({ dataDir: tmp.dir });
    try {
      expect((await reopened.api.cluster.overview()).zookeeperConnect).toBe(`127.0.0.1:${port}`);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
