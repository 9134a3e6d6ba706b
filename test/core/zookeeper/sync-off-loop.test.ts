/**
 * A store that syncs off the event loop (`ZkPersistence.commitThenSync`, the durable SQLite file's
 * WAL group sync): nothing is acknowledged before its commit is on disk, replies keep commit order
 * (a batch of reads behind an unsynced commit waits too), and after a failed sync nothing is.
 */
import { describe, expect, it } from 'vitest';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import type { ZkCommit, ZkPersistence } from '../../../src-main/core/zookeeper';
import { Code, ZooKeeperClient, ZooKeeperServer } from '../../../src-main/core/zookeeper';
import { utf8 } from '../../support/zk-fixture';
import { failureOf } from './zk-test-helpers';

/** A store whose syncs complete when the test says so. */
class ManualSyncStore implements ZkPersistence {
  readonly written: ZkCommit[] = [];
  readonly unsynced: Array<(error: Error | null) => void> = [];
  loadHeader() {
    return { lastZxid: 0, sessions: [] };
  }
  loadNodePages() {
    return [];
  }
  commit(commit: ZkCommit): void {
    this.written.push(commit);
  }
  commitThenSync(commit: ZkCommit, durable: (error: Error | null) => void): void {
    this.written.push(commit);
    this.unsynced.push(durable);
  }
  /** The oldest `n` commits are on disk (or failed). */
  sync(n: number, error: Error | null = null): void {
    for (const durable of this.unsynced.splice(0, n)) durable(error);
  }
  close(): void {
    this.sync(this.unsynced.length);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function started(): Promise<{ store: ManualSyncStore; server: ZooKeeperServer; client: ZooKeeperClient }> {
  const store = new ManualSyncStore();
  const time = new ManualTime();
  const server = ZooKeeperServer.open(time, store);
  const connecting = ZooKeeperClient.connect(server, time);
  await settle();
  store.sync(store.unsynced.length); // the createSession
  return { store, server, client: await connecting };
}

describe('a store that syncs off the event loop', () => {
  it('answers a write only once its commit is on disk', async () => {
    const { store, server, client } = await started();
    let done = false;
    const create = client.create('/a', utf8('x')).then(() => (done = true));
    await settle();
    expect(store.written.at(-1)?.upserts.map((n) => n.path)).toEqual(['/a', '/']);
    expect(done).toBe(false);
    store.sync(1);
    await create;
    expect(done).toBe(true);
    server.close();
  });

  it('answers a read that came behind an unsynced write after that write, not before', async () => {
    const { store, server, client } = await started();
    const order: string[] = [];
    const write = client.create('/a', utf8('x')).then(() => order.push('create'));
    await settle();
    const read = client.getData('/a').then(() => order.push('getData'));
    await settle();
    expect(order).toEqual([]);
    store.sync(1);
    await Promise.all([write, read]);
    expect(order).toEqual(['create', 'getData']);
    server.close();
  });

  it('after a failed sync answers that batch and every later one SYSTEMERROR, even if their own sync succeeded', async () => {
    const { store, server, client } = await started();
    const first = failureOf(client.create('/a', null));
    await settle();
    const second = failureOf(client.create('/b', null));
    await settle();
    expect(store.unsynced).toHaveLength(2);
    store.sync(1, new Error('EIO: i/o error, fdatasync'));
    store.sync(1);
    expect((await first).code).toBe(Code.SYSTEMERROR);
    expect((await second).code).toBe(Code.SYSTEMERROR);
    expect(server.failed).toBe('EIO: i/o error, fdatasync');
    server.close();
  });

  it('close makes what is due durable and answers it', async () => {
    const { server, client } = await started();
    const create = client.create('/a', null);
    await settle();
    server.close();
    await expect(create).resolves.toMatchObject({ path: '/a' });
  });
});
