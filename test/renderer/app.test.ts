// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import App from '../../src-renderer/src/App.vue';
import { useClusterStore } from '../../src-renderer/src/stores/cluster';
import { useUiStore } from '../../src-renderer/src/stores/ui';
import { FakeApi } from './support/fake-api';
import { byTestId } from './support/helpers';
import { mountWithApp, settle, unmountAll } from './support/mount';

afterEach(unmountAll);

/** The window's width (happy-dom's viewport; the shell folds its menu below 1200 px). */
function windowWidth(width: number): void {
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport({
    width,
    height: 800,
  });
  window.dispatchEvent(new Event('resize'));
}

beforeEach(() => {
  windowWidth(1280);
  // The language a previous test chose is remembered: start from English again.
  localStorage.clear();
});

describe('App shell', () => {
  it('shows the navigation, the open workspace and the controller in the header', async () => {
    const fake = new FakeApi();
    const { wrapper: w, router } = mountWithApp(App, { client: fake.client(), router: true, locale: 'en' });
    await router!.push('/overview');
    await settle();
    expect(byTestId(w, 'nav-clusters').text()).toBe('Clusters');
    expect(byTestId(w, 'nav-topics').text()).toBe('Topics');
    expect(byTestId(w, 'header-workspace').text()).toBe('dojo');
    expect(w.text()).toContain('Controller: broker 0');
  });

  it('switches every text, and Element Plus, to 简体中文', async () => {
    const fake = new FakeApi();
    const { wrapper: w, router } = mountWithApp(App, { client: fake.client(), router: true, locale: 'en' });
    await router!.push('/overview');
    await settle();
    useUiStore().setLocale('zh-CN');
    await settle();
    expect(byTestId(w, 'nav-clusters').text()).toBe('集群');
    expect(byTestId(w, 'nav-overview').text()).toBe('概览');
    expect(w.text()).toContain('事件时间线');
    expect(useUiStore().elementLocale.name).toBe('zh-cn');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('adds pushed events to the timeline', async () => {
    const fake = new FakeApi();
    const { wrapper: w, router } = mountWithApp(App, { client: fake.client(), router: true, locale: 'en' });
    await router!.push('/overview');
    await settle();
    fake.push({
      type: 'events',
      events: [
        {
          seq: 7,
          timeMs: 1000,
          kind: 'controller-elected',
          brokerId: 1,
          level: 'INFO',
          summary: 'Broker 1 became the controller (epoch 2)',
          text: { en: 'Broker 1 became the controller (epoch 2)', 'zh-CN': 'Broker 1 became the controller (epoch 2)' },
          category: 'controller',
          routine: false,
        },
      ],
    });
    await settle();
    expect(useClusterStore().events.map((e) => e.seq)).toEqual([7]);
    expect(byTestId(w, 'event-timeline').text()).toContain('Broker 1 became the controller (epoch 2)');
  });

  it('folds the menu to its icons in a window under 1200 px, the toggle opening it, and opens it again when the window widens', async () => {
    windowWidth(1024);
    const fake = new FakeApi();
    const { wrapper: w, router } = mountWithApp(App, { client: fake.client(), router: true, locale: 'en' });
    await router!.push('/overview');
    await settle();
    const menu = () => w.find('.shell-menu');
    expect(menu().classes()).toContain('el-menu--collapse');
    expect(byTestId(w, 'shell-aside').attributes('style')).toContain('64px');
    // Each item keeps its name for a screen reader (the label itself shows as a tooltip).
    expect(byTestId(w, 'nav-topics').attributes('aria-label')).toBe('Topics');
    expect(byTestId(w, 'menu-toggle').attributes('aria-label')).toBe('Expand the menu');
    await byTestId(w, 'menu-toggle').trigger('click');
    await settle();
    expect(menu().classes()).not.toContain('el-menu--collapse');
    expect(byTestId(w, 'nav-topics').text()).toBe('Topics');
    await byTestId(w, 'menu-toggle').trigger('click');
    await settle();
    expect(menu().classes()).toContain('el-menu--collapse');
    windowWidth(1400);
    await settle();
    expect(menu().classes()).not.toContain('el-menu--collapse');
  });
});
