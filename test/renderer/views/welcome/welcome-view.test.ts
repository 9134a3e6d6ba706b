// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../../../../src-renderer/src/App.vue';
import WelcomeView from '../../../../src-renderer/src/views/welcome/WelcomeView.vue';
import ZooKeeperView from '../../../../src-renderer/src/views/zookeeper/ZooKeeperView.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId, click, inputOf } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

beforeEach(() => localStorage.clear());
afterEach(unmountAll);

describe('WelcomeView (the first-run welcome)', () => {
  it('opens the app on the welcome page the first time only, and the header links back to it', async () => {
    const fake = new FakeApi();
    const first = mountWithApp(App, { client: fake.client(), router: true });
    await first.router!.push('/');
    await settle();
    expect(first.router!.currentRoute.value.path).toBe('/welcome');
    expect(byTestId(first.wrapper, 'welcome-view').exists()).toBe(true);
    unmountAll();

    const again = mountWithApp(App, { client: fake.client(), router: true });
    await again.router!.push('/');
    await settle();
    expect(again.router!.currentRoute.value.path).toBe('/overview');
    await click(again.wrapper, 'header-welcome');
    expect(again.router!.currentRoute.value.path).toBe('/welcome');
  });

  it('shows the default cluster from the API: its brokers, bootstrap servers and ZooKeeper connect string', async () => {
    const fake = new FakeApi({ brokers: [0, 1, 2].map((id) => ({ id, rack: null })) });
    const { wrapper: w } = mountWithApp(WelcomeView, { client: fake.client(), router: true });
    await settle();
    const card = byTestId(w, 'welcome-cluster');
    expect(card.text()).toContain('3 brokers');
    expect(card.text()).toContain('Controller: broker 0');
    expect(byTestId(w, 'connect-bootstrap').text()).toContain('localhost:9092,localhost:9093,localhost:9094');
    expect(byTestId(w, 'connect-zookeeper').text()).toContain('127.0.0.1:2181');
    expect(byTestId(w, 'welcome-broker-2').text()).toContain('localhost:9094');
  });

  it.each([
    ['killController', '/brokers', {}],
    ['deleteWithBrokerDown', '/deletions', {}],
    ['handWriteTopic', '/zookeeper', { template: 'topic' }],
  ])('the %s exercise lists its steps and its button opens %s', async (key, path, query) => {
    const fake = new FakeApi();
    const { wrapper: w, router } = mountWithApp(WelcomeView, { client: fake.client(), router: true });
    await settle();
    expect(byTestId(w, `exercise-${key}`).findAll('li')).toHaveLength(3);
    await click(w, `exercise-${key}-go`);
    // The route's view loads on demand: wait for the navigation, not a fixed time.
    await vi.waitFor(() => expect(router!.currentRoute.value.path).toBe(path), { timeout: 10_000 });
    expect(router!.currentRoute.value.query).toEqual(query);
    await settle();
  });

  it('speaks 简体中文', async () => {
    const fake = new FakeApi({ brokers: [{ id: 0, rack: null }] });
    const { wrapper: w } = mountWithApp(WelcomeView, { client: fake.client(), router: true, locale: 'zh-CN' });
    await settle();
    expect(w.text()).toContain('欢迎使用 Kafka Dojo');
    expect(byTestId(w, 'welcome-cluster').text()).toContain('1 个 broker');
    expect(byTestId(w, 'exercise-killController').text()).toContain('杀掉控制器');
    expect(w.text()).not.toContain('Kill the controller');
  });

  it('the hand-written topic exercise opens the node editor on its Write tab, filled with the topic template', async () => {
    const fake = new FakeApi();
    const data = '{"version":2,"partitions":{"0":[0]},"adding_replicas":{},"removing_replicas":{}}';
    fake.api.zookeeper.templates = async () => [
      {
        kind: 'topic',
        title: { en: 'Topic assignment', 'zh-CN': 'Topic 副本分配' },
        path: '/brokers/topics/my-topic',
        mode: 'persistent',
        data,
      },
    ];
    fake.api.zookeeper.children = async (path) => ({ path, children: [], offset: 0, total: 0, exists: true, pzxid: 0 });
    const { wrapper: w, router } = mountWithApp(ZooKeeperView, { client: fake.client(), router: true });
    await router!.push({ path: '/zookeeper', query: { template: 'topic' } });
    await settle();
    await vi.waitFor(() => expect((inputOf(w, 'znode-write-data').element as HTMLTextAreaElement).value).toBe(data), { timeout: 10_000 });
    expect(w.find('#tab-write').classes()).toContain('is-active');
    expect((inputOf(w, 'znode-write-path').element as HTMLInputElement).value).toBe('/brokers/topics/my-topic');
  });
});
