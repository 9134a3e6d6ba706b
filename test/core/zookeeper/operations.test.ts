import { describe, expect, it } from 'vitest';
import type { ZooKeeperClient } from '../../../src-main/core/zookeeper';
import { Code, CreateMode, KeeperException, createRecursive } from '../../../src-main/core/zookeeper';
import { text, utf8 } from '../../support/zk-fixture';
import { expectKeeperError, useZkFixture } from './zk-test-helpers';

const zk = useZkFixture();

async function childrenOf(client: ZooKeeperClient, path: string): Promise<string[]> {
  return (await client.getChildren(path)).children.sort();
}

describe('create modes', () => {
  it('PERSISTENT nodes outlive the session that created them', async () => {
    const creator = await zk().client();
    const reader = await zk().client();
    await creator.create('/persistent', utf8('p'));
    await creator.close();
    expect(text((await reader.getData('/persistent')).data)).toBe('p');
  });

  it('EPHEMERAL nodes go with the session that created them', async () => {
    const creator = await zk().client();
    const reader = await zk().client();
    await creator.create('/ephemeral', utf8('e'), { mode: CreateMode.EPHEMERAL });
    expect(await reader.exists('/ephemeral')).not.toBeNull();
    await creator.close();
    expect(await reader.exists('/ephemeral')).toBeNull();
  });

  it('PERSISTENT_SEQUENTIAL appends the parent counter as 10 zero-padded digits', async () => {
    const client = await zk().client();
    await client.create('/q', null);
    const first = await client.create('/q/item-', utf8('1'), { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    const second = await client.create('/q/item-', utf8('2'), { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    expect([first.path, second.path]).toEqual(['/q/item-0000000000', '/q/item-0000000001']);
    expect(await childrenOf(client, '/q')).toEqual(['item-0000000000', 'item-0000000001']);
    expect(first.stat.ephemeralOwner).toBe(0n);
  });

  it('EPHEMERAL_SEQUENTIAL numbers the node and ties it to the session', async () => {
    const client = await zk().client();
    const other = await zk().client();
    await client.create('/locks', null);
    const lock = await client.create('/locks/lock-', null, { mode: CreateMode.EPHEMERAL_SEQUENTIAL });
    expect(lock.path).toBe('/locks/lock-0000000000');
    expect(lock.stat.ephemeralOwner).toBe(client.sessionId);
    await client.close();
    expect(await other.exists(lock.path)).toBeNull();
  });

  it('keeps counting after deletes: a sequence number is never handed out twice', async () => {
    const client = await zk().client();
    await client.create('/q', null);
    const a = await client.create('/q/n-', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    const b = await client.create('/q/n-', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    await client.delete(b.path);
    await client.delete(a.path);
    const c = await client.create('/q/n-', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    expect(c.path).toBe('/q/n-0000000002');
  });

  it('counts every child creation, not only sequential ones', async () => {
    const client = await zk().client();
    await client.create('/q', null);
    await client.create('/q/plain', null);
    await client.create('/q/other', null, { mode: CreateMode.EPHEMERAL });
    const seq = await client.create('/q/s-', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    expect(seq.path).toBe('/q/s-0000000002');
  });

  it('lets a sequential path end with a slash (ZooKeeper validates path + "1")', async () => {
    const client = await zk().client();
    await client.create('/q', null);
    await client.create('/q/x', null);
    const created = await client.create('/q/', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL });
    expect(created.path).toBe('/q/0000000001');
    expect(await childrenOf(client, '/q')).toEqual(['0000000001', 'x']);
  });
});

describe('create failures', () => {
  it('NONODE when the parent is missing, for plain and sequential creates', async () => {
    const client = await zk().client();
    const e = await expectKeeperError(client.create('/a/b', null), Code.NONODE, '/a/b');
    expect(e.message).toBe('KeeperErrorCode = NoNode for /a/b');
    await expectKeeperError(client.create('/a/s-', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL }), Code.NONODE, '/a/s-');
    await expectKeeperError(client.create('/a/', null, { mode: CreateMode.EPHEMERAL_SEQUENTIAL }), Code.NONODE);
    expect(await client.exists('/a')).toBeNull();
  });

  it('NODEEXISTS when the node is there, leaving it untouched', async () => {
    const client = await zk().client();
    const first = await client.create('/x', utf8('first'));
    const e = await expectKeeperError(client.create('/x', utf8('second')), Code.NODEEXISTS, '/x');
    expect(e.code).toBe(-110);
    expect(e.message).toBe('KeeperErrorCode = NodeExists for /x');
    expect(await client.getData('/x')).toEqual({ data: utf8('first'), stat: first.stat });
  });

  it('NOCHILDRENFOREPHEMERALS under an ephemeral parent, for plain and sequential creates', async () => {
    const client = await zk().client();
    await client.create('/eph', null, { mode: CreateMode.EPHEMERAL });
    await expectKeeperError(client.create('/eph/child', null), Code.NOCHILDRENFOREPHEMERALS, '/eph/child');
    // The Java client reports the path it was asked for, not the one with the sequence suffix.
    await expectKeeperError(
      client.create('/eph/s-', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL }),
      Code.NOCHILDRENFOREPHEMERALS,
      '/eph/s-',
    );
    await expectKeeperError(client.create('/eph/', null, { mode: CreateMode.EPHEMERAL_SEQUENTIAL }), Code.NOCHILDRENFOREPHEMERALS, '/eph/');
    const eph = await client.exists('/eph');
    expect(eph).toMatchObject({ numChildren: 0, cversion: 0 });
  });
});

describe('delete', () => {
  it('checks the version: BADVERSION on a mismatch, success on a match or -1', async () => {
    const client = await zk().client();
    await client.create('/v', null);
    await client.setData('/v', utf8('1'));
    const e = await expectKeeperError(client.delete('/v', 0), Code.BADVERSION, '/v');
    expect(e.message).toBe('KeeperErrorCode = BadVersion for /v');
    expect(await client.exists('/v')).not.toBeNull();
    await client.delete('/v', 1);
    expect(await client.exists('/v')).toBeNull();

    await client.create('/any', null);
    await client.setData('/any', utf8('1'));
    await client.delete('/any', -1);
    expect(await client.exists('/any')).toBeNull();
  });

  it('NOTEMPTY for a node with children', async () => {
    const client = await zk().client();
    await client.create('/p', null);
    await client.create('/p/c', null);
    const e = await expectKeeperError(client.delete('/p'), Code.NOTEMPTY, '/p');
    expect(e.message).toBe('KeeperErrorCode = Directory not empty for /p');
    expect(await childrenOf(client, '/p')).toEqual(['c']);
  });

  it('NONODE for a missing node', async () => {
    const client = await zk().client();
    await expectKeeperError(client.delete('/ghost'), Code.NONODE, '/ghost');
    await expectKeeperError(client.delete('/ghost/child'), Code.NONODE, '/ghost/child');
  });

  it('refuses / and the /zookeeper system nodes with BADARGUMENTS', async () => {
    const client = await zk().client();
    for (const path of ['/', '/zookeeper', '/zookeeper/quota', '/zookeeper/config']) {
      await expectKeeperError(client.delete(path), Code.BADARGUMENTS, path);
    }
    expect(await childrenOf(client, '/')).toEqual(['zookeeper']);
    expect(await childrenOf(client, '/zookeeper')).toEqual(['config', 'quota']);
  });
});

describe('setData', () => {
  it('checks the version: BADVERSION on a mismatch (nothing changes), success on a match', async () => {
    const client = await zk().client();
    await client.create('/s', utf8('a'));
    await expectKeeperError(client.setData('/s', utf8('b'), 3), Code.BADVERSION, '/s');
    expect(await client.getData('/s')).toMatchObject({ data: utf8('a'), stat: { version: 0 } });
    expect((await client.setData('/s', utf8('b'), 0)).version).toBe(1);
    expect((await client.setData('/s', utf8('c'), 1)).version).toBe(2);
    expect((await client.setData('/s', utf8('d'), -1)).version).toBe(3);
  });

  it('NONODE for a missing node', async () => {
    const client = await zk().client();
    await expectKeeperError(client.setData('/ghost', utf8('x')), Code.NONODE, '/ghost');
  });

  it('stores a copy: changing the caller buffers afterwards changes nothing', async () => {
    const client = await zk().client();
    const data = utf8('abc');
    await client.create('/copy', data);
    data[0] = 0;
    const read = (await client.getData('/copy')).data!;
    read[1] = 0;
    expect(text((await client.getData('/copy')).data)).toBe('abc');
  });
});

describe('reads', () => {
  it('exists answers null for a missing node; getData and getChildren fail with NONODE', async () => {
    const client = await zk().client();
    expect(await client.exists('/missing')).toBeNull();
    await expectKeeperError(client.getData('/missing'), Code.NONODE, '/missing');
    await expectKeeperError(client.getChildren('/missing'), Code.NONODE, '/missing');
    await expectKeeperError(client.getACL('/missing'), Code.NONODE, '/missing');
  });

  it('getChildren returns child names (not paths) with the parent Stat', async () => {
    const client = await zk().client();
    await client.create('/brokers', null);
    await client.create('/brokers/ids', null);
    await client.create('/brokers/topics', null);
    await client.create('/brokers/ids/0', null);
    const { children, stat } = await client.getChildren('/brokers');
    expect(children.sort()).toEqual(['ids', 'topics']);
    expect(stat).toEqual(await client.exists('/brokers'));
    expect(stat.numChildren).toBe(2);
    expect((await client.getChildren('/brokers/ids/0')).children).toEqual([]);
  });

  it('sync answers with the path, existing or not', async () => {
    const client = await zk().client();
    await client.create('/synced', null);
    expect(await client.sync('/synced')).toBe('/synced');
    expect(await client.sync('/not-there')).toBe('/not-there');
  });

  it('getEphemerals lists the calling session ephemerals whose path starts with the prefix', async () => {
    const mine = await zk().client();
    const theirs = await zk().client();
    await mine.create('/e', null);
    await mine.create('/e/x', null, { mode: CreateMode.EPHEMERAL });
    await mine.create('/e/y-', null, { mode: CreateMode.EPHEMERAL_SEQUENTIAL });
    await mine.create('/e1', null, { mode: CreateMode.EPHEMERAL });
    await mine.create('/f', null, { mode: CreateMode.EPHEMERAL });
    await theirs.create('/e/z', null, { mode: CreateMode.EPHEMERAL });

    // A plain string prefix, as the server's path.startsWith(prefix): /e1 matches /e too.
    expect((await mine.getEphemerals('/e')).sort()).toEqual(['/e/x', '/e/y-0000000001', '/e1']);
    expect((await mine.getEphemerals('/e/x')).sort()).toEqual(['/e/x']);
    expect((await mine.getEphemerals('/')).sort()).toEqual(['/e/x', '/e/y-0000000001', '/e1', '/f']);
    expect((await mine.getEphemerals()).sort()).toEqual(['/e/x', '/e/y-0000000001', '/e1', '/f']);
    expect(await theirs.getEphemerals('/e')).toEqual(['/e/z']);
    expect(await mine.getEphemerals('/nothing')).toEqual([]);
  });

  it('getEphemerals validates the prefix as a path, as the Java client does', async () => {
    const client = await zk().client();
    await expectKeeperError(client.getEphemerals('e'), Code.BADARGUMENTS);
    await expectKeeperError(client.getEphemerals('/e/'), Code.BADARGUMENTS);
  });

  it('getAllChildrenNumber counts all descendants, recursively', async () => {
    const client = await zk().client();
    expect(await client.getAllChildrenNumber('/')).toBe(3);
    await client.create('/t', null);
    await client.create('/t/a', null);
    await client.create('/t/a/1', null);
    await client.create('/t/a/2', null);
    await client.create('/t/b', null);
    await client.create('/tx', null);
    expect(await client.getAllChildrenNumber('/t')).toBe(4);
    expect(await client.getAllChildrenNumber('/t/a')).toBe(2);
    expect(await client.getAllChildrenNumber('/t/b')).toBe(0);
    expect(await client.getAllChildrenNumber('/')).toBe(9);
    await expectKeeperError(client.getAllChildrenNumber('/none'), Code.NONODE);
  });
});

describe('createRecursive (Kafka helper)', () => {
  it('creates the missing parents as persistent nodes with null data, then the node with its data and mode', async () => {
    const client = await zk().client();
    await client.create('/brokers', utf8('kept'));
    const created = await createRecursive(client, '/brokers/ids/topics/0', utf8('{"v":1}'), CreateMode.EPHEMERAL);
    expect(created.path).toBe('/brokers/ids/topics/0');
    expect(created.stat.ephemeralOwner).toBe(client.sessionId);
    expect((await client.getData('/brokers/ids/topics/0')).data).toEqual(utf8('{"v":1}'));

    for (const parent of ['/brokers/ids', '/brokers/ids/topics']) {
      const { data, stat } = await client.getData(parent);
      expect(data, parent).toBeNull();
      expect(stat.ephemeralOwner, parent).toBe(0n);
    }
    expect((await client.getData('/brokers')).data).toEqual(utf8('kept'));
  });

  it('creates a node whose parent exists with one write, and still fails NODEEXISTS on the node itself', async () => {
    const client = await zk().client();
    await client.create('/config', null);
    const before = zk().server.lastZxid;
    await createRecursive(client, '/config/topics', null);
    expect(zk().server.lastZxid).toBe(before + 1);
    await expectKeeperError(createRecursive(client, '/config/topics', null), Code.NODEEXISTS, '/config/topics');
  });
});

describe('KeeperException', () => {
  it('carries the numeric code, the name and the path, with ZooKeeper message text', async () => {
    const client = await zk().client();
    const e = await expectKeeperError(client.getData('/a/b'), Code.NONODE);
    expect(e).toBeInstanceOf(KeeperException);
    expect(e).toBeInstanceOf(Error);
    expect(e.code).toBe(-101);
    expect(e.codeName).toBe('NONODE');
    expect(e.path).toBe('/a/b');
    expect(e.message).toBe('KeeperErrorCode = NoNode for /a/b');
  });
});

describe('path validation (client side, before anything is sent)', () => {
  const invalid: Array<[path: string, reason: string]> = [
    ['a/b', 'Path must start with / character'],
    ['', 'Path length must be > 0'],
    ['/a/', 'Path must not end with / character'],
    ['/a//b', 'Invalid path string "/a//b" caused by empty node name specified @3'],
    ['/a/./b', 'Invalid path string "/a/./b" caused by relative paths not allowed @3'],
    ['/a/../b', 'Invalid path string "/a/../b" caused by relative paths not allowed @4'],
    ['/.', 'Invalid path string "/." caused by relative paths not allowed @1'],
    ['/..', 'Invalid path string "/.." caused by relative paths not allowed @2'],
    ['/a\u0001b', 'Invalid path string "/a\u0001b" caused by invalid character @2'],
    ['/a\u007fb', 'Invalid path string "/a\u007fb" caused by invalid character @2'],
    ['/a\u0000b', 'Invalid path string "/a\u0000b" caused by null character not allowed @2'],
    ['/a\ud800b', 'Invalid path string "/a\ud800b" caused by invalid character @2'],
    ['/a\ufff5', 'Invalid path string "/a\ufff5" caused by invalid character @2'],
  ];

  it.each(invalid)('refuses %j with BADARGUMENTS and ZooKeeper reason', async (path, reason) => {
    const client = await zk().client();
    const before = zk().server.lastZxid;
    const calls: Array<Promise<unknown>> = [
      client.create(path, null),
      client.getData(path),
      client.exists(path),
      client.getChildren(path),
      client.setData(path, null),
      client.delete(path),
      client.multi([{ type: 'create', path, data: null }]),
    ];
    for (const call of calls) {
      const e = await expectKeeperError(call, Code.BADARGUMENTS);
      expect(e.message).toContain(reason);
    }
    await zk().idle();
    expect(zk().server.lastZxid).toBe(before);
    expect(await client.getAllChildrenNumber('/')).toBe(3);
  });

  it('accepts names that only look odd: dots inside names, ... and unicode', async () => {
    const client = await zk().client();
    for (const path of ['/a.b', '/...', '/.hidden', '/__consumer_offsets', '/ünï', '/a b']) {
      expect((await client.create(path, null)).path).toBe(path);
    }
  });

  it('validates a sequential create as path + "1", as ZooKeeper does', async () => {
    const client = await zk().client();
    await expectKeeperError(client.create('/a/', null), Code.BADARGUMENTS);
    await expectKeeperError(client.create('/a//', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL }), Code.BADARGUMENTS);
    // "/." alone is a relative path, but "/.1" is a fine name: as a sequential prefix it is allowed.
    expect((await client.create('/.', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL })).path).toBe('/.0000000000');
  });
});
