// @vitest-environment happy-dom
/**
 * The dashboard over a fake api: the overview charts read the cluster's series for the range,
 * every chart marks the incidents of the range with their title in the UI's language, and a
 * click on a marker opens the incident in the timeline; the per-group tab reads the group's lag.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardView from '../../../../src-renderer/src/views/dashboard/DashboardView.vue';
import { DASHBOARD_CHARTS } from '../../../../src-renderer/src/views/dashboard/dashboard-charts';
import { FakeApi } from '../../support/fake-api';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

const NOW_MS = 1_700_000_000_000;

function fakeWithHistory(): FakeApi {
  const fake = new FakeApi();
  fake.metricsCatalog = { nowMs: NOW_MS, intervalMs: 15_000, brokers: [0, 1], topics: ['orders'], groups: ['billing'] };
  fake.metricPoints = (q) =>
    q.scope === 'cluster' || q.scope === 'group:billing'
      ? [
          [NOW_MS - 30_000, 1],
          [NOW_MS - 15_000, q.metric === 'Lag' ? 42 : 2],
        ]
      : [];
  fake.incidentList = [
    {
      id: '17',
      kind: 'broker-killed',
      startMs: NOW_MS - 20_000,
      endMs: null,
      brokerId: 1,
      title: { en: 'Broker 1 killed', 'zh-CN': 'Broker 1 被强制终止' },
      steps: [],
    },
    // Older than the range: not asked for, not drawn.
    {
      id: '3',
      kind: 'broker-killed',
      startMs: NOW_MS - 7_200_000,
      endMs: null,
      brokerId: 0,
      title: { en: 'old', 'zh-CN': 'old' },
      steps: [],
    },
  ];
  return fake;
}

type Option = { series: Array<{ data: unknown[]; markLine?: { data: Array<{ name: string; xAxis: number; incidentId: string }> } }> };

afterEach(unmountAll);

describe('DashboardView', () => {
  it('draws the overview charts from the cluster’s series of the last hour, each with the incident marker', async () => {
    const fake = fakeWithHistory();
    const { wrapper } = mountWithApp(DashboardView, { client: fake.client(), router: true });
    await settle(10);
    const queries = fake
      .callsOf('metrics', 'series')
      .map((c) => c.args[0] as { metric: string; scope: string; fromMs: number; toMs: number });
    expect(new Set(queries.map((q) => q.metric))).toEqual(new Set(DASHBOARD_CHARTS.overview.flatMap((c) => c.lines.map((l) => l.metric))));
    expect(queries.every((q) => q.scope === 'cluster' && q.toMs === NOW_MS && q.fromMs === NOW_MS - 3_600_000)).toBe(true);
    for (const chart of DASHBOARD_CHARTS.overview) {
      const card = wrapper.get(`[data-testid="chart-${chart.id}"]`);
      expect(card.attributes('data-points')).toBe(String(2 * chart.lines.length));
      expect(card.attributes('data-markers')).toBe('1');
    }
    const charts = wrapper.findAllComponents({ name: 'echarts' });
    expect(charts).toHaveLength(DASHBOARD_CHARTS.overview.length);
    const option = charts[0]!.props('option') as Option;
    expect(option.series[0]!.data).toEqual([
      [NOW_MS - 30_000, 1],
      [NOW_MS - 15_000, 2],
    ]);
    expect(option.series[0]!.markLine!.data).toMatchObject([
      { name: 'Broker 1 killed', xAxis: NOW_MS - 20_000, incidentId: '17', label: { show: true } },
    ]);
  });

  it('opens the incident in the timeline when its marker is clicked, and names it in Chinese in 简体中文', async () => {
    const fake = fakeWithHistory();
    const { wrapper, router } = mountWithApp(DashboardView, { client: fake.client(), router: true, locale: 'zh-CN' });
    await settle(10);
    const push = vi.spyOn(router!, 'push');
    const chart = wrapper.findAllComponents({ name: 'echarts' })[0]!;
    expect((chart.props('option') as Option).series[0]!.markLine!.data[0]!.name).toBe('Broker 1 被强制终止');
    chart.vm.$emit('click', { componentType: 'series', data: [1, 2] });
    expect(push).not.toHaveBeenCalled();
    chart.vm.$emit('click', { componentType: 'markLine', data: { incidentId: '17' } });
    expect(push).toHaveBeenCalledWith({ path: '/timeline', query: { incident: '17' } });
  });

  it('reads the series and the incidents of the last 24 h when that range is chosen', async () => {
    const fake = fakeWithHistory();
    const { wrapper } = mountWithApp(DashboardView, { client: fake.client(), router: true });
    await settle(10);
    const before = fake.callsOf('metrics', 'series').length;
    await wrapper
      .get('[data-testid="dashboard-range"]')
      .findAll('label')
      .find((l) => l.text() === '24 h')!
      .trigger('click');
    await settle(10);
    const after = fake
      .callsOf('metrics', 'series')
      .slice(before)
      .map((c) => c.args[0] as { fromMs: number });
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((q) => q.fromMs === NOW_MS - 24 * 3_600_000)).toBe(true);
    expect(fake.callsOf('cluster', 'incidents').at(-1)!.args).toEqual([NOW_MS - 24 * 3_600_000, NOW_MS]);
    expect(wrapper.get('[data-testid="chart-bytesIn"]').attributes('data-markers')).toBe('2');
  });

  it('shows a group’s lag on the per-group tab', async () => {
    const fake = fakeWithHistory();
    const { wrapper } = mountWithApp(DashboardView, { client: fake.client(), router: true });
    await settle(10);
    await wrapper.get('#tab-group').trigger('click');
    await settle(10);
    expect(fake.callsOf('metrics', 'series').some((c) => (c.args[0] as { scope: string }).scope === 'group:billing')).toBe(true);
    expect(wrapper.get('[data-testid="chart-lag"]').attributes('data-points')).toBe('2');
    const option = wrapper.findAllComponents({ name: 'echarts' })[0]!.props('option') as Option;
    expect(option.series[0]!.data.at(-1)).toEqual([NOW_MS - 15_000, 42]);
  });
});
