/**
 * End-to-end: the metrics dashboard in Chromium against headless mode. After records are produced
 * and a broker is killed on a sped-up clock, the overview's ECharts charts are drawn (as SVG) from
 * the sampled series, the kill's incident (as the timeline grouped it) is a labelled marker line
 * on every chart at the incident's time, and a click on the marker opens its story on /timeline.
 */
import { expect, it } from 'vitest';
import type { IncidentDto } from '../../src-main/api/contract';
import { describeInChromium } from './support/e2e-suite';
import { openAtOverview, waitUntil } from './support/ui';

const TOPIC = 'charted';
const KILLED = 2;
/** The plot area's margins, CHART_GRID_PX of src-renderer/src/views/dashboard/dashboard-charts.ts (outside this project). */
const CHART_GRID_PX = { left: 64, right: 16 } as const;

describeInChromium('the metrics dashboard', (suite) => {
  it('draws the overview charts from the sampled series, with the marker of a real kill linking to its story', async () => {
    const api = suite.app.backend.api;
    await api.topics.create(
      { name: TOPIC, partitions: 1, replicationFactor: 1, assignment: { kind: 'automatic', rackAware: true }, configs: {} },
      { validateOnly: false },
    );
    await waitUntil(async () => (await api.topics.detail(TOPIC)).partitions.every((p) => p.leader >= 0), `${TOPIC} has a leader`);
    for (let i = 0; i < 20; i++) await api.messages.produce({ topic: TOPIC, key: `k${i}`, value: `v${i}`, acks: -1 });
    // 100×: a sample round (15 s of cluster time) every 150 ms, zookeeper.session.timeout.ms (18 s) in 180 ms.
    await api.cluster.setClockSpeed(100);
    const sampled = () =>
      api.metrics.series({ metric: 'BytesInPerSec', scope: 'cluster', fromMs: 0, toMs: Number.MAX_SAFE_INTEGER, maxPoints: 100 });
    // A few minutes of cluster time first, so the kill's marker stands apart from the brokers' starts.
    await waitUntil(async () => (await sampled()).points.length >= 6, 'six sample rounds');
    await api.brokers.kill(KILLED);
    let incident: IncidentDto | undefined;
    await waitUntil(
      async () => {
        const all = await api.cluster.incidents(0, Number.MAX_SAFE_INTEGER);
        incident = all.find((i) => i.kind === 'broker-killed' && i.brokerId === KILLED && i.endMs !== null);
        return incident !== undefined;
        // A loaded machine runs the 100× clock in fits: leave it a minute of wall time.
      },
      `the kill of broker ${KILLED} told to its end`,
      60_000,
    );
    await waitUntil(async () => (await sampled()).points.length >= 10, 'sample rounds after the kill');
    await api.cluster.setClockSpeed(1);
    const killed = incident!;

    const page = await openAtOverview(suite);
    // Opened on a range by its link: the last 6 hours (the default is the last hour), so that a slow machine running 100× cannot push the kill out of it.
    await page.evaluate(`location.hash = '#/dashboard?range=6h'`);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: 'Dashboard', exact: true }).waitFor();
    expect(await main.getByTestId('dashboard-range').locator('.is-active').innerText()).toBe('6 h');
    for (const id of ['bytesIn', 'messagesIn', 'underReplicated', 'activeController']) {
      const card = main.getByTestId(`chart-${id}`);
      await waitUntil(async () => Number(await card.getAttribute('data-points')) >= 2, `${id} has points`);
      expect((await card.getAttribute('data-marker-ms'))?.split(',')).toContain(String(killed.startMs));
      await card.locator('svg text', { hasText: killed.title.en }).waitFor();
      // The dashed marker line stands where the time axis has the incident's start. Read again until
      // it does: the chart redraws after a refresh or a resize, between which range, width and paths can disagree.
      await waitUntil(async () => {
        const fromMs = Number(await card.getAttribute('data-from-ms'));
        const toMs = Number(await card.getAttribute('data-to-ms'));
        const svg = card.locator('svg').first();
        const width = Number(await svg.getAttribute('width'));
        const markerXs = await svg
          .locator('path[stroke-dasharray]')
          .evaluateAll((paths) => paths.map((p) => /^M\s*([\d.]+)/.exec(p.getAttribute('d') ?? '')?.[1]).map(Number));
        const expectedX =
          CHART_GRID_PX.left + ((killed.startMs - fromMs) / (toMs - fromMs)) * (width - CHART_GRID_PX.left - CHART_GRID_PX.right);
        if (markerXs.some((x) => Math.abs(x - expectedX) < 2)) return true;
        throw new Error(`a marker at x≈${expectedX.toFixed(1)} among ${markerXs.join(', ')}`);
      }, `${id}: the kill's marker where the axis has its start`);
    }
    await suite.app.screenshot(page, 'dashboard');

    await main.getByTestId('chart-bytesIn').locator('svg text', { hasText: killed.title.en }).click();
    // Hash history: #/timeline?incident=<id>.
    await page.waitForURL((url) => {
      const [path, query] = url.hash.slice(1).split('?');
      return path === '/timeline' && new URLSearchParams(query).get('incident') === killed.id;
    });
    const detail = main.getByTestId('incident-detail');
    await detail.getByText(/ZooKeeper session 0x[0-9a-f]+ expired after/).waitFor();
    expect(await detail.textContent()).toContain(`handled the failure of broker ${KILLED}`);
  }, 120_000);
});
