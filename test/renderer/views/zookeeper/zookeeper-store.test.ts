// @vitest-environment happy-dom
import { createPinia, setActivePinia } from 'pinia';
import { createApp, nextTick } from 'vue';
import { describe, expect, it, vi } from 'vitest';
import { API_CLIENT } from '../../../../src-renderer/src/api';
import { useWorkspacesStore } from '../../../../src-renderer/src/stores/workspaces';
import { CHILDREN_PAGE, useZooKeeperStore, type TreeRow } from '../../../../src-renderer/src/stores/zookeeper';
import { FakeApi } from '../../support/fake-api';

/** A znode space in memory: path → children names, served a page at a time as the backend does. */
function storeOver(tree: Map<string, string[]>, answers: { pzxid: number; stale?: Map<string, string[]> } = { pzxid: 0 }) {
  const fake = new FakeApi();
  fake.api.zookeeper.children = async (path, offset, limit) => {
    // An answer read before the last change: the old children and the old pzxid, once.
    const from = answers.stale ?? tree;
    const pzxid = answers.stale ? 5 : answers.pzxid;
    answers.stale = undefined;
    const names = from.get(path);
    if (!names) return { path, children: [], offset: 0, total: 0, exists: false, pzxid: -1 };
    const child = (n: string) => (path === '/' ? `/${n}` : `${path}/${n}`);
    const page = names
      .slice(offset, offset + limit)
      .map((n) => ({ name: n, path: child(n), numChildren: tree.get(child(n))?.length ?? 0, ephemeral: false }));
    return { path, children: page, offset, total: names.length, exists: true, pzxid };
  };
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(API_CLIENT, fake.client());
  setActivePinia(pinia);
  return app.runWithContext(() => useZooKeeperStore());
}

const labels = (rows: TreeRow[] | undefined) => (rows ?? []).map((r) => (r.type === 'more' ? `more ${r.shown}/${r.total}` : r.label));

describe("the node editor's tree store", () => {
  it('loads children a page at a time, with a row that loads the next page', async () => {
    const wide = Array.from({ length: 450 }, (_, i) => `c${String(i).padStart(3, '0')}`);
    const tree = new Map([
      ['/', ['wide']],
      ['/wide', wide],
    ]);
    const store = storeOver(tree);
    await store.init();
    await store.expand('/wide');
    const wideRow = () => store.treeData[0].children?.[0];
    expect(labels(wideRow()?.children).slice(-2)).toEqual([wide[CHILDREN_PAGE - 1], `more ${CHILDREN_PAGE}/450`]);
    await store.loadMore('/wide');
    await store.loadMore('/wide');
    expect(labels(wideRow()?.children)).toEqual(wide);
  });

  it('follows pushes: a new child appears under its loaded parent, a deleted node leaves the tree', async () => {
    const tree = new Map([
      ['/', ['a', 'b']],
      ['/a', ['x']],
      ['/b', []],
    ]);
    const store = storeOver(tree);
    await store.init();
    await store.expand('/a');
    tree.set('/a', ['x', 'y']);
    tree.set('/b', []);
    tree.delete('/b');
    tree.set('/', ['a']);
    await store.handlePush({
      type: 'znodes',
      changes: [
        { type: 'created', path: '/a/y', zxid: 0 },
        { type: 'deleted', path: '/b', zxid: 0 },
      ],
      overflow: false,
    });
    expect(labels(store.treeData[0].children)).toEqual(['a']);
    expect(labels(store.treeData[0].children?.[0].children)).toEqual(['x', 'y']);
  });

  it('reads a node again when its page is older than a change already pushed', async () => {
    const tree = new Map([
      ['/', ['a']],
      ['/a', ['x']],
    ]);
    const answers: { pzxid: number; stale?: Map<string, string[]> } = { pzxid: 5 };
    const store = storeOver(tree, answers);
    await store.init();
    await store.expand('/a');
    answers.stale = new Map(tree);
    tree.set('/a', ['x', 'y']);
    answers.pzxid = 10;
    await store.handlePush({ type: 'znodes', changes: [{ type: 'created', path: '/a/y', zxid: 10 }], overflow: false });
    expect(labels(store.treeData[0].children?.[0].children)).toEqual(['x', 'y']);
  });

  it('starts again from the root when another workspace is opened', async () => {
    const tree = new Map([
      ['/', ['a']],
      ['/a', ['x']],
    ]);
    const store = storeOver(tree);
    await store.init();
    await store.expand('/a');
    await store.select('/a');
    tree.clear();
    tree.set('/', ['other']);
    useWorkspacesStore().current = { id: 'w1', name: 'dojo', brokers: 3, createdMs: 0, isOpen: true, snapshots: [] };
    await nextTick();
    useWorkspacesStore().current = { id: 'w2', name: 'second', brokers: 1, createdMs: 0, isOpen: true, snapshots: [] };
    await vi.waitFor(() => expect(labels(store.treeData[0].children)).toEqual(['other']));
    expect(store.selected).toBeNull();
    expect(store.expanded).toEqual(['/']);
  });
});
