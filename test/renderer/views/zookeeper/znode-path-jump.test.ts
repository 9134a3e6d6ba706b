// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ZnodeCheckRequestDto, ZnodeDetailDto } from '../../../../src-renderer/src/api/types';
import ZooKeeperView from '../../../../src-renderer/src/views/zookeeper/ZooKeeperView.vue';
import ZnodeWriteForm from '../../../../src-renderer/src/views/zookeeper/ZnodeWriteForm.vue';
import { normalizeZnodePath } from '../../../../src-renderer/src/views/zookeeper/use-znode-jump';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

const STAT = {
  czxid: 1,
  mzxid: 1,
  ctime: 0,
  mtime: 0,
  version: 0,
  cversion: 0,
  aversion: 0,
  ephemeralOwner: '0x0',
  dataLength: 0,
  numChildren: 0,
  pzxid: 1,
};
const KIND = {
  kind: 'unknown',
  title: { en: '', 'zh-CN': '' },
  pathPattern: '',
  kafkaName: null,
  createMode: 'persistent' as const,
  dataFormat: 'text',
  description: { en: '', 'zh-CN': '' },
  writtenBy: { en: '', 'zh-CN': '' },
  readBy: { en: '', 'zh-CN': '' },
  onInvalidData: { en: '', 'zh-CN': '' },
  template: null,
  pathProblem: null,
};

/** A znode space of /brokers/ids/0 only. */
function zookeeper(): { fake: FakeApi; checks: ZnodeCheckRequestDto[] } {
  const fake = new FakeApi();
  const tree = new Map([
    ['/', ['brokers']],
    ['/brokers', ['ids']],
    ['/brokers/ids', ['0']],
    ['/brokers/ids/0', []],
  ]);
  fake.api.zookeeper.children = async (path, offset, limit) => {
    const names = tree.get(path);
    if (!names) return { path, children: [], offset: 0, total: 0, exists: false, pzxid: -1 };
    const child = (n: string) => (path === '/' ? `/${n}` : `${path}/${n}`);
    const children = names
      .slice(offset, offset + limit)
      .map((n) => ({ name: n, path: child(n), numChildren: tree.get(child(n))?.length ?? 0, ephemeral: false }));
    return { path, children, offset, total: names.length, exists: true, pzxid: 1 };
  };
  fake.api.zookeeper.get = async (path): Promise<ZnodeDetailDto | null> =>
    tree.has(path) ? { path, data: null, stat: { ...STAT, numChildren: tree.get(path)!.length }, kind: KIND } : null;
  const checks: ZnodeCheckRequestDto[] = [];
  fake.api.zookeeper.check = async (request) => {
    checks.push(request);
    return { kind: KIND, refusal: null, problem: null, notes: [], effects: [] };
  };
  return { fake, checks };
}

/** An el-input's <input> by the test id (Element Plus gives the id to the input itself). */
function inputOf(w: ReturnType<typeof mountWithApp>['wrapper'], id: string) {
  const found = byTestId(w, id);
  return found.element.tagName === 'INPUT' ? found : found.find('input');
}

async function typePath(w: ReturnType<typeof mountWithApp>['wrapper'], path: string): Promise<void> {
  const input = inputOf(w, 'znode-jump');
  await input.setValue(path);
  await input.trigger('keyup', { key: 'Enter' });
  await settle();
}

describe('the ZooKeeper path box', () => {
  it('takes a path as typed: a leading / added, trailing ones dropped', () => {
    expect(normalizeZnodePath(' brokers/ids/ ')).toBe('/brokers/ids');
    expect(normalizeZnodePath('/')).toBe('/');
    expect(normalizeZnodePath('')).toBe('/');
  });

  it('opens the node a link names (/zookeeper?path=…) and the one typed, or says it does not exist', async () => {
    const { fake } = zookeeper();
    const { wrapper: w, router } = mountWithApp(ZooKeeperView, { client: fake.client(), router: true });
    await router!.push('/zookeeper?path=/brokers/ids/0');
    await settle(10);
    expect(byTestId(w, 'znode-path').text()).toBe('/brokers/ids/0');

    await typePath(w, '/brokers/nope');
    expect(byTestId(w, 'znode-jump-missing').text()).toBe('Node does not exist: /brokers/nope');
    // The selection stays where it was.
    expect(byTestId(w, 'znode-path').text()).toBe('/brokers/ids/0');

    await typePath(w, 'brokers/ids/');
    expect(byTestId(w, 'znode-path').text()).toBe('/brokers/ids');
    expect(byTestId(w, 'znode-jump-missing').exists()).toBe(false);
  });
});

describe('the Write tab', () => {
  it('opens on a create under / with what to type, not ZooKeeper’s refusal of a path ending in /', async () => {
    const { fake, checks } = zookeeper();
    const request = { op: 'create' as const, path: '/', mode: 'persistent' as const, data: '', encoding: 'text' as const, version: -1 };
    const { wrapper: w } = mountWithApp(ZnodeWriteForm, { client: fake.client(), props: { request } });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await settle();
    expect(checks).toEqual([]);
    expect(byTestId(w, 'znode-write-hint').text()).toContain('after /');
    expect(byTestId(w, 'znode-save').attributes('disabled')).toBeDefined();

    await inputOf(w, 'znode-write-path').setValue('/mine');
    await new Promise((resolve) => setTimeout(resolve, 400));
    await settle();
    expect(checks.map((c) => c.path)).toEqual(['/mine']);
    expect(byTestId(w, 'znode-write-hint').exists()).toBe(false);
  });

  it("shows the check's refusal in the UI's language (zh-CN: the Chinese text)", async () => {
    const { fake } = zookeeper();
    const refusal = { en: 'The data is not hex: two hex digits per byte.', 'zh-CN': '数据不是十六进制：每个字节两位十六进制数字。' };
    fake.api.zookeeper.check = async () => ({ kind: KIND, refusal, problem: null, notes: [], effects: [] });
    const request = { op: 'create' as const, path: '/x', mode: 'persistent' as const, data: 'zz', encoding: 'hex' as const, version: -1 };
    const { wrapper: w } = mountWithApp(ZnodeWriteForm, { client: fake.client(), props: { request }, locale: 'zh-CN' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await settle();
    expect(byTestId(w, 'znode-check-refusal').text()).toContain(refusal['zh-CN']);
    expect(byTestId(w, 'znode-check-refusal').text()).not.toContain(refusal.en);
  });
});
