import { describe, expect, it } from 'vitest';
import type { Acl, Stat, ZnodeData, ZooKeeperClient } from '../../../src-main/core/zookeeper';
import { Code, CreateMode, OPEN_ACL_UNSAFE, Perms, READ_ACL_UNSAFE, digestId } from '../../../src-main/core/zookeeper';
import { utf8 } from '../../support/zk-fixture';
import { expectKeeperError, useZkFixture } from './zk-test-helpers';

const zk = useZkFixture();

interface NodeImage {
  data: ZnodeData;
  stat: Stat;
  acl: Acl[];
}

/** Every node of the tree as a client reads it: data, Stat and ACL, by path. */
async function readTree(client: ZooKeeperClient): Promise<Map<string, NodeImage>> {
  const image = new Map<string, NodeImage>();
  const visit = async (path: string): Promise<void> => {
    const { data, stat } = await client.getData(path);
    const { acl } = await client.getACL(path);
    image.set(path, { data, stat, acl });
    const { children } = await client.getChildren(path);
    for (const child of children.sort()) await visit(path === '/' ? `/${child}` : `${path}/${child}`);
  };
  await visit('/');
  return image;
}

/** The builder and the readers authenticate as kafka, who may do all; anyone else may only read. */
const KAFKA_AUTH = [{ scheme: 'digest', auth: 'kafka:kafka-secret' }];
const DIGEST_ACL: Acl[] = [
  { perms: Perms.ALL, scheme: 'digest', id: digestId('kafka:kafka-secret') },
  { perms: Perms.READ, scheme: 'world', id: 'anyone' },
];

/** A tree with every kind of node and history the Stat can show. */
async function buildVariedTree(client: ZooKeeperClient, owner: ZooKeeperClient): Promise<void> {
  const { time } = zk();
  await client.create('/brokers', null);
  await client.create('/brokers/seqid', null);
  time.advance(1000);
  await client.setData('/brokers/seqid', new Uint8Array(0));
  await client.create('/brokers/ids', new Uint8Array(0));
  await owner.create('/brokers/ids/1', utf8('{"host":"b1","port":9092}'), { mode: CreateMode.EPHEMERAL });
  time.advance(1000);
  await client.create('/config', utf8('c'), { acl: DIGEST_ACL });
  await client.create('/config/topics', utf8('{}'));
  // Read and ADMIN: without ADMIN the ACL could not be set back (NOAUTH).
  await client.setACL('/config/topics', [{ perms: Perms.READ | Perms.ADMIN, scheme: 'world', id: 'anyone' }]);
  await client.setACL('/config/topics', OPEN_ACL_UNSAFE);
  time.advance(1000);
  await client.create('/q', null);
  for (let i = 0; i < 5; i++) await client.create('/q/item-', utf8(String(i)), { mode: CreateMode.PERSISTENT_SEQUENTIAL });
  await client.delete('/q/item-0000000001');
  await client.delete('/q/item-0000000004');
  time.advance(1000);
  await client.create('/data', utf8('v0'));
  await client.setData('/data', utf8('v1'));
  await client.setData('/data', new Uint8Array([0, 255, 1, 254]));
  await client.create('/gone', null);
  await client.delete('/gone');
}

describe('after a restart of the store', () => {
  it('every node comes back with its data (null and empty kept apart), every Stat field and its ACL', async () => {
    const client = await zk().client({ authInfo: KAFKA_AUTH });
    const owner = await zk().client();
    await buildVariedTree(client, owner);
    const before = await readTree(client);
    owner.disconnect();

    zk().reopen();
    const after = await readTree(await zk().client({ authInfo: KAFKA_AUTH }));

    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [path, image] of before) expect(after.get(path), path).toEqual(image);
    // Spot checks that the image really holds what the comparison relies on.
    expect(after.get('/brokers')!.data).toBeNull();
    expect(after.get('/brokers/seqid')!.data).toEqual(new Uint8Array(0));
    expect(after.get('/brokers/ids/1')!.stat.ephemeralOwner).toBe(owner.sessionId);
    expect(after.get('/config')!.acl).toEqual(DIGEST_ACL);
    expect(after.get('/config/topics')!.stat.aversion).toBe(2);
    expect(after.get('/data')!.data).toEqual(new Uint8Array([0, 255, 1, 254]));
    expect(after.get('/q')!.stat).toMatchObject({ numChildren: 3, cversion: 7 });
    expect(after.get('/zookeeper/config')!.acl).toEqual(READ_ACL_UNSAFE);
  });

  it('the zxid counter goes on from the last zxid, even when the last transaction failed or closed a session', async () => {
    const client = await zk().client();
    await client.create('/a', null);
    await expectKeeperError(client.create('/a', null), Code.NODEEXISTS);
    const afterFailedWrite = zk().server.lastZxid;

    zk().reopen();
    expect(zk().server.lastZxid).toBe(afterFailedWrite);
    const next = await zk().client();
    expect(zk().server.lastZxid).toBe(afterFailedWrite + 1);
    expect((await next.create('/b', null)).stat.czxid).toBe(afterFailedWrite + 2);
    await next.close();
    const afterClose = zk().server.lastZxid;
    expect(afterClose).toBe(afterFailedWrite + 3);

    zk().reopen();
    expect(zk().server.lastZxid).toBe(afterClose);
    const again = await zk().client();
    expect((await again.create('/c', null)).stat.czxid).toBe(afterClose + 2);
  });

  it('the zxid never goes backwards over many restarts', async () => {
    let last = zk().server.lastZxid;
    for (let round = 0; round < 4; round++) {
      const client = await zk().client();
      await client.create(`/round-${round}`, null);
      await client.multi([
        { type: 'create', path: `/round-${round}/a`, data: null },
        { type: 'create', path: `/round-${round}/b`, data: null },
      ]);
      expect(zk().server.lastZxid).toBeGreaterThan(last);
      last = zk().server.lastZxid;
      zk().reopen();
      expect(zk().server.lastZxid).toBe(last);
    }
  });

  it('sequential numbering continues exactly where it stopped', async () => {
    const client = await zk().client();
    await client.create('/q', null);
    await client.create('/q/plain', null);
    const first = await client.create('/q/n-', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    const second = await client.create('/q/n-', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    await client.delete(second.path);
    expect(first.path).toBe('/q/n-0000000001');

    zk().reopen();
    const after = await zk().client();
    expect((await after.create('/q/n-', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL })).path).toBe('/q/n-0000000003');
  });

  it('a write made after the restart lands on the restored tree with the restored parent counters', async () => {
    const client = await zk().client();
    await client.create('/p', null);
    await client.create('/p/a', null);
    await client.delete('/p/a');
    const parentBefore = (await client.exists('/p'))!;

    zk().reopen();
    const after = await zk().client();
    expect(await after.exists('/p')).toEqual(parentBefore);
    const child = await after.create('/p/b', null);
    expect(await after.exists('/p')).toEqual({
      ...parentBefore,
      cversion: parentBefore.cversion + 1,
      pzxid: child.stat.czxid,
      numChildren: 1,
    });
  });
});
