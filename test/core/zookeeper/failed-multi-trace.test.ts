/**
 * A failed multi leaves no trace in the tree's Java collections: in ZooKeeper 3.8 the multi is
 * refused by PrepRequestProcessor before the DataTree is touched, so a parent's child `HashSet`
 * keeps its table size and every bucket its order, and a session's ephemeral set is not created.
 * The expected orders are what `java.util.HashSet` gives for the successful changes alone
 * (java-hash-set.ts models it).
 */
import { describe, expect, it } from 'vitest';
import { Code, CreateMode } from '../../../src-main/core/zookeeper';
import { JavaHashSet } from '../../../src-main/core/common/java-hash-set';
import { expectKeeperError, useZkFixture } from './zk-test-helpers';

const zk = useZkFixture();

/** DataNode.children as Java fills it: `new HashSet<>(8)` and the successful adds, in order. */
const javaOrder = (names: string[]) => [...names.reduce((set, n) => set.add(n), new JavaHashSet(8))];

describe('a failed multi', () => {
  it("whose create resized the parent's child table leaves the table at its size (the order of 3.8)", async () => {
    const client = await zk().client();
    await client.create('/p', null);
    // Six children fill 8 buckets to the load factor; h is in bucket 0 of 8 but bucket 8 of 16.
    const names = ['a', 'b', 'c', 'd', 'e', 'h'];
    for (const n of names) await client.create(`/p/${n}`, null);
    expect((await client.getChildren('/p')).children).toEqual(['h', 'a', 'b', 'c', 'd', 'e']);

    await expectKeeperError(
      client.multi([
        { type: 'create', path: '/p/g', data: null },
        { type: 'check', path: '/missing', version: -1 },
      ]),
      Code.NONODE,
    );

    expect((await client.getChildren('/p')).children).toEqual(javaOrder(names));
    // And later changes go on from the table 3.8 has: a seventh child resizes it only now.
    await client.create('/p/q', null);
    expect((await client.getChildren('/p')).children).toEqual(javaOrder([...names, 'q']));
  });

  it('whose delete was taken back leaves the child where it was in its bucket', async () => {
    const client = await zk().client();
    await client.create('/p', null);
    // a and i share bucket 1 of 8, in that order.
    for (const n of ['a', 'i', 'b']) await client.create(`/p/${n}`, null);
    expect((await client.getChildren('/p')).children).toEqual(['a', 'i', 'b']);

    await expectKeeperError(
      client.multi([
        { type: 'delete', path: '/p/a', version: -1 },
        { type: 'create', path: '/p/a', data: null },
        { type: 'delete', path: '/p/b', version: -1 },
        { type: 'check', path: '/p/i', version: 7 },
      ]),
      Code.BADVERSION,
    );

    expect((await client.getChildren('/p')).children).toEqual(['a', 'i', 'b']);
  });

  it("whose ephemeral create resized the session's ephemeral set leaves getEphemerals in 3.8's order", async () => {
    const client = await zk().client();
    await client.create('/e', null);
    // A session's set is a `new HashSet<>()` (16 buckets): twelve paths reach its load factor.
    const paths = Array.from({ length: 12 }, (_, i) => `/e/n${i}`);
    for (const p of paths) await client.create(p, null, { mode: CreateMode.EPHEMERAL });
    const before = await client.getEphemerals('/');

    await expectKeeperError(
      client.multi([
        { type: 'create', path: '/e/n12', data: null, mode: CreateMode.EPHEMERAL },
        { type: 'check', path: '/missing', version: -1 },
      ]),
      Code.NONODE,
    );

    expect(await client.getEphemerals('/')).toEqual(before);
    await client.create('/e/n12', null, { mode: CreateMode.EPHEMERAL });
    expect(await client.getEphemerals('/')).toEqual([
      ...JavaHashSet.copyOf(
        [...paths, '/e/n12'].reduce((s, p) => s.add(p), new JavaHashSet()),
        13,
      ),
    ]);
  });

  it('of a session that owns no ephemeral does not leave it an (empty) ephemeral set', async () => {
    const client = await zk().client();
    await expectKeeperError(
      client.multi([
        { type: 'create', path: '/eph', data: null, mode: CreateMode.EPHEMERAL },
        { type: 'check', path: '/missing', version: -1 },
      ]),
      Code.NONODE,
    );
    expect([...zk().server.ephemerals().keys()]).toEqual([]);
  });
});
