import { describe, expect, it } from 'vitest';
import type { OpResult } from '../../../src-main/core/zookeeper';
import { Code, CreateMode, KeeperException, MultiException } from '../../../src-main/core/zookeeper';
import { text, utf8 } from '../../support/zk-fixture';
import { EventLog, failureOf, useZkFixture } from './zk-test-helpers';

const zk = useZkFixture();

async function multiFailure(call: Promise<unknown>): Promise<MultiException> {
  const e = await failureOf(call);
  expect(e).toBeInstanceOf(MultiException);
  return e as MultiException;
}

const errors = (...codes: number[]): OpResult[] => codes.map((err) => ({ type: 'error', err }) as OpResult);

describe('a successful multi', () => {
  it('answers one result per op: create with path and Stat, setData with Stat, delete, check', async () => {
    const client = await zk().client();
    await client.create('/old', null);
    await client.create('/cfg', utf8('v0'));

    const results = await client.multi([
      { type: 'create', path: '/new', data: utf8('n') },
      { type: 'create', path: '/new/seq-', data: null, mode: CreateMode.PERSISTENT_SEQUENTIAL },
      { type: 'setData', path: '/cfg', data: utf8('v1'), version: 0 },
      { type: 'delete', path: '/old', version: 0 },
      { type: 'check', path: '/cfg', version: 1 },
    ]);

    const zxid = zk().server.lastZxid;
    const newStat = (await client.exists('/new'))!;
    expect(results).toEqual([
      { type: 'create', path: '/new', stat: expect.objectContaining({ czxid: zxid, dataLength: 1 }) },
      { type: 'create', path: '/new/seq-0000000000', stat: await client.exists('/new/seq-0000000000') },
      { type: 'setData', stat: await client.exists('/cfg') },
      { type: 'delete' },
      { type: 'check' },
    ]);
    expect(newStat).toMatchObject({ czxid: zxid, numChildren: 1, pzxid: zxid });
    expect(await client.exists('/old')).toBeNull();
    expect(text((await client.getData('/cfg')).data)).toBe('v1');
  });

  it('applies every op under one zxid', async () => {
    const client = await zk().client();
    await client.create('/p', null);
    await client.create('/gone', null);
    const before = zk().server.lastZxid;

    await client.multi([
      { type: 'create', path: '/p/a', data: null },
      { type: 'create', path: '/p/b', data: null },
      { type: 'setData', path: '/p', data: utf8('x') },
      { type: 'delete', path: '/gone' },
    ]);

    const zxid = before + 1;
    expect(zk().server.lastZxid).toBe(zxid);
    expect((await client.exists('/p/a'))!.czxid).toBe(zxid);
    expect((await client.exists('/p/b'))!.czxid).toBe(zxid);
    expect(await client.exists('/p')).toMatchObject({ mzxid: zxid, pzxid: zxid, version: 1, numChildren: 2 });
    expect((await client.exists('/'))!.pzxid).toBe(zxid);
  });

  it('lets later ops see earlier ones: create a parent then its child', async () => {
    const client = await zk().client();
    await client.multi([
      { type: 'create', path: '/brokers', data: null },
      { type: 'create', path: '/brokers/ids', data: null },
      { type: 'create', path: '/brokers/ids/1', data: utf8('{}'), mode: CreateMode.EPHEMERAL },
      { type: 'check', path: '/brokers/ids/1', version: 0 },
    ]);
    expect((await client.exists('/brokers/ids/1'))!.ephemeralOwner).toBe(client.sessionId);
  });

  it('lets later ops see earlier ones: delete then re-create the same path', async () => {
    const client = await zk().client();
    const old = await client.create('/x', utf8('old'));
    await client.setData('/x', utf8('older'));
    await client.multi([
      { type: 'delete', path: '/x', version: 1 },
      { type: 'create', path: '/x', data: utf8('new') },
    ]);
    const now = await client.getData('/x');
    expect(text(now.data)).toBe('new');
    expect(now.stat.version).toBe(0);
    expect(now.stat.czxid).toBe(zk().server.lastZxid);
    expect(now.stat.czxid).toBeGreaterThan(old.stat.czxid);
  });

  it('numbers several sequential creates in one multi one after the other', async () => {
    const client = await zk().client();
    await client.create('/q', null);
    const results = await client.multi([
      { type: 'create', path: '/q/n-', data: null, mode: CreateMode.PERSISTENT_SEQUENTIAL },
      { type: 'create', path: '/q/n-', data: null, mode: CreateMode.PERSISTENT_SEQUENTIAL },
    ]);
    expect(results.map((r) => (r.type === 'create' ? r.path : r.type))).toEqual(['/q/n-0000000000', '/q/n-0000000001']);
  });
});

describe('a failed multi', () => {
  it('applies nothing and reports OK before the failing op, its code at it, RUNTIMEINCONSISTENCY after', async () => {
    const client = await zk().client();
    await client.create('/cfg', utf8('v0'));
    await client.create('/victim', null);
    const cfgBefore = await client.getData('/cfg');
    const before = zk().server.lastZxid;

    const e = await multiFailure(
      client.multi([
        { type: 'create', path: '/new', data: null },
        { type: 'setData', path: '/cfg', data: utf8('v1') },
        { type: 'delete', path: '/missing' },
        { type: 'delete', path: '/victim' },
        { type: 'create', path: '/new2', data: null },
      ]),
    );

    expect(e.code).toBe(Code.NONODE);
    expect(e).toBeInstanceOf(KeeperException);
    expect(e.results).toEqual(errors(Code.OK, Code.OK, Code.NONODE, Code.RUNTIMEINCONSISTENCY, Code.RUNTIMEINCONSISTENCY));
    expect(await client.exists('/new')).toBeNull();
    expect(await client.exists('/new2')).toBeNull();
    expect(await client.exists('/victim')).not.toBeNull();
    expect(await client.getData('/cfg')).toEqual(cfgBefore);
    // The failed multi is still a transaction (an error txn): it took one zxid.
    expect(zk().server.lastZxid).toBe(before + 1);
  });

  it('fails a check with the wrong version with BADVERSION (the controller fencing pattern)', async () => {
    const client = await zk().client();
    await client.create('/controller_epoch', utf8('1'));
    await client.setData('/controller_epoch', utf8('2'));
    await client.create('/brokers', null);

    const e = await multiFailure(
      client.multi([
        { type: 'check', path: '/controller_epoch', version: 0 },
        { type: 'create', path: '/brokers/topics', data: null },
      ]),
    );
    expect(e.code).toBe(Code.BADVERSION);
    expect(e.results).toEqual(errors(Code.BADVERSION, Code.RUNTIMEINCONSISTENCY));
    expect(await client.exists('/brokers/topics')).toBeNull();

    await client.multi([
      { type: 'check', path: '/controller_epoch', version: 1 },
      { type: 'create', path: '/brokers/topics', data: null },
    ]);
    expect(await client.exists('/brokers/topics')).not.toBeNull();
  });

  it('fails a check of a missing node with NONODE', async () => {
    const client = await zk().client();
    const e = await multiFailure(client.multi([{ type: 'check', path: '/nope', version: 0 }]));
    expect(e.results).toEqual(errors(Code.NONODE));
  });

  it('reports the failing op code even when an earlier op made it fail (NODEEXISTS on the second create)', async () => {
    const client = await zk().client();
    const e = await multiFailure(
      client.multi([
        { type: 'create', path: '/dup', data: null },
        { type: 'create', path: '/dup', data: null },
      ]),
    );
    expect(e.results).toEqual(errors(Code.OK, Code.NODEEXISTS));
    expect(await client.exists('/dup')).toBeNull();
  });

  it('leaves parents as they were: counters, pzxid and children, so sequence numbers are not used up', async () => {
    const client = await zk().client();
    await client.create('/q', null);
    const parentBefore = await client.exists('/q');
    await multiFailure(
      client.multi([
        { type: 'create', path: '/q/n-', data: null, mode: CreateMode.PERSISTENT_SEQUENTIAL },
        { type: 'create', path: '/q/n-', data: null, mode: CreateMode.PERSISTENT_SEQUENTIAL },
        { type: 'check', path: '/q', version: 7 },
      ]),
    );
    expect(await client.exists('/q')).toEqual(parentBefore);
    expect((await client.create('/q/n-', null, { mode: CreateMode.PERSISTENT_SEQUENTIAL })).path).toBe('/q/n-0000000000');
  });

  it('restores a node deleted and re-created inside it', async () => {
    const client = await zk().client();
    await client.create('/x', utf8('original'));
    const before = await client.getData('/x');
    await multiFailure(
      client.multi([
        { type: 'delete', path: '/x' },
        { type: 'create', path: '/x', data: utf8('replacement') },
        { type: 'delete', path: '/missing' },
      ]),
    );
    expect(await client.getData('/x')).toEqual(before);
  });
});

describe('watches and multi', () => {
  it('fire only when the multi succeeds', async () => {
    const watcher = new EventLog();
    const observer = await zk().client({ watcher: watcher.watcher });
    const writer = await zk().client();
    await writer.create('/w', null);
    await observer.getData('/w', true);
    await observer.getChildren('/w', true);
    await observer.exists('/w/child', true);

    await multiFailure(
      writer.multi([
        { type: 'setData', path: '/w', data: utf8('x') },
        { type: 'create', path: '/w/child', data: null },
        { type: 'check', path: '/w', version: 5 },
      ]),
    );
    await zk().idle();
    expect(watcher.seen).toEqual([]);

    await writer.multi([
      { type: 'setData', path: '/w', data: utf8('x') },
      { type: 'create', path: '/w/child', data: null },
    ]);
    await zk().idle();
    expect(watcher.seen.sort()).toEqual(['NodeChildrenChanged /w', 'NodeCreated /w/child', 'NodeDataChanged /w']);
    expect(new Set(watcher.events.map((e) => e.zxid))).toEqual(new Set([zk().server.lastZxid]));
  });
});
