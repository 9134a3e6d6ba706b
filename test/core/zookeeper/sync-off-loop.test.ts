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

/** A server on the manual store with two sessions: requests of both in one batch sync off the loop. */
async function started(): Promise<{ store: ManualSyncStore; server: ZooKeeperServer; client: ZooKeeperClient; other: ZooKeeperClient }> {
  const store = new ManualSyncStore();
  const time = new ManualTime();
  const server = ZooKeeperServer.open(time, store);
  const connecting = Promise.all([ZooKeeperClient.connect(server, time), ZooKeeperClient.connect(server, time)]);
  await settle();
  store.sync(store.unsynced.length); // the createSessions
  const [client, other] = await connecting;
  return { store, server, client, other };
}

describe('a store that syncs off the event loop', () => {
  it('answers a write only once its commit is on disk', async () => {
    const { store, server, client, other } = await started();
    let done = false;
    const create = client.create('/a', utf8('x')).then(() => (done = true));
    const read = other.exists('/');
    await settle();
    expect(store.written.at(-1)?.upserts.map((n) => n.path)).toEqual(['/a', '/']);
    expect(done).toBe(false);
    store.sync(1);
    await Promise.all([create, read]);
    expect(done).toBe(true);
    server.close();
  });

  it("commits a batch of one session's requests inline: it waits for its replies anyway", async () => {
    const { store, server, client } = await started();
    await client.create('/a', utf8('x'));
    expect(store.unsynced).toHaveLength(0);
    expect(store.written.at(-1)?.upserts.map((n) => n.path)).toEqual(['/a', '/']);
    server.close();
  });

  it('answers a read that came behind an unsynced write after that write, not before', async () => {
    const { store, server, client, other } = await started();
    const order: string[] = [];
    const write = client.create('/a', utf8('x')).then(() => order.push('create'));
    void other.exists('/');
    await settle();
    // One session's read, behind the unsynced commit: it may not overtake it.
    const read = client.getData('/a').then(() => order.push('getData'));
    await settle();
    expect(order).toEqual([]);
    store.sync(1);
    await Promise.all([write, read]);
    expect(order).toEqual(['create', 'getData']);
    server.close();
  });

  it('after a failed sync answers that batch and every later one SYSTEMERROR, even if their own sync succeeded', async () => {
    const { store, server, client, other } = await started();
    const first = failureOf(client.create('/a', null));
    const otherRead = failureOf(other.exists('/'));
    await settle();
    const second = failureOf(client.create('/b', null));
    await settle();
    expect(store.unsynced).toHaveLength(2);
    store.sync(1, new Error('EIO: i/o error, fdatasync'));
    store.sync(1);
    expect((await first).code).toBe(Code.SYSTEMERROR);
    expect((await otherRead).code).toBe(Code.SYSTEMERROR);
    expect((await second).code).toBe(Code.SYSTEMERROR);
    expect(server.failed).toBe('EIO: i/o error, fdatasync');
    server.close();
  });

  it('close makes what is due durable and answers it', async () => {
    const { store, server, client, other } = await started();
    const create = client.create('/a', null);
    void other.exists('/');
    await settle();
    expect(store.unsynced).toHaveLength(1);
    server.close();
    await expect(create).resolves.toMatchObject({ path: '/a' });
  });
});
