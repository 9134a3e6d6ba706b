// @vitest-environment happy-dom
/**
 * The node view after a save the cluster undoes at once: `/admin/delete_topics/<t>` written while
 * `/controller` was shown, and deleted by the controller before the view reads it back. The view
 * must name the node that was written, never the one shown before it.
 */
import { createPinia, setActivePinia } from 'pinia';
import { createApp } from 'vue';
import { describe, expect, it } from 'vitest';
import { API_CLIENT } from '../../../../src-renderer/src/api';
import type { ZnodeDetailDto } from '../../../../src-renderer/src/api/types';
import { useZooKeeperStore } from '../../../../src-renderer/src/stores/zookeeper';
import { FakeApi } from '../../support/fake-api';

const STAT = {
  czxid: 16,
  mzxid: 16,
  ctime: 0,
  mtime: 0,
  version: 0,
  cversion: 0,
  aversion: 0,
  ephemeralOwner: '0x0',
  dataLength: 0,
  numChildren: 0,
  pzxid: 16,
};
const KIND = {
  kind: 'unknown',
  title: '',
  pathPattern: '',
  kafkaName: null,
  createMode: 'persistent' as const,
  dataFormat: '',
  description: '',
  writtenBy: '',
  readBy: '',
  onInvalidData: '',
  template: null,
  pathProblem: null,
};
const node = (path: string): ZnodeDetailDto => ({ path, data: { text: '', base64: '' } as never, stat: STAT, kind: KIND as never });

function storeWith(existing: Set<string>) {
  const fake = new FakeApi();
  fake.api.zookeeper.get = async (path) => (existing.has(path) ? node(path) : null);
  fake.api.zookeeper.children = async (path) => ({ path, children: [], offset: 0, total: 0, exists: true, pzxid: 0 });
  const app = createApp({});
  const pinia = createPinia();
  app.use(pinia).provide(API_CLIENT, fake.client());
  setActivePinia(pinia);
  return app.runWithContext(() => useZooKeeperStore());
}

describe('the node view after a save', () => {
  it('a node written and deleted at once by the controller is shown as written and gone, not as the node shown before', async () => {
    const existing = new Set(['/controller']);
    const store = storeWith(existing);
    await store.select('/controller');
    expect(store.detail?.path).toBe('/controller');
    // Saved, then consumed by the controller before the view reads it back.
    await store.showSaved(node('/admin/delete_topics/orders'));
    expect(store.selected).toBe('/admin/delete_topics/orders');
    expect(store.detail?.path).toBe('/admin/delete_topics/orders');
    expect(store.selectedGone).toBe(true);
  });

  it('selecting a node that is already gone shows no other node’s data', async () => {
    const store = storeWith(new Set(['/controller']));
    await store.select('/controller');
    await store.select('/admin/delete_topics/orders');
    expect(store.detail).toBeNull();
    expect(store.selectedGone).toBe(true);
  });

  it('a saved node that still exists is shown as it is now', async () => {
    const store = storeWith(new Set(['/controller', '/admin/delete_topics/orders']));
    await store.select('/controller');
    await store.showSaved(node('/admin/delete_topics/orders'));
    expect(store.detail?.path).toBe('/admin/delete_topics/orders');
    expect(store.selectedGone).toBe(false);
  });
});
