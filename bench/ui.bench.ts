/**
 * The UI in headless mode, as the end-to-end suite runs it: the backend and the headless server in
 * this process (so this process's event loop is the app's main process), the production build of
 * the renderer, Debian's Chromium driven by playwright-core.
 *
 * - Creating a topic of UI_BENCH_PARTITIONS partitions (default 1,000), RF 3, through the wizard:
 *   from the click on Create until the follow step shows every partition online. Baseline: the same
 *   topic created through `topics.create` in-process and polled with `topics.detail`.
 * - The topic list with UI_BENCH_TOPICS topics (default 10,000): from the click on Topics in the
 *   side menu until the first page of rows and the total are shown, and a search that narrows the
 *   list. Baseline: the same `topics.list` call over HTTP from Node, with the bearer token.
 * - The metrics dashboard on its 24 h range (`uiDashboardBench`, an app of its own): the history of
 *   the workspace filled with 5,760 samples per series (a whole day of 15 s rounds, as many as a
 *   ring keeps) before the page opens, from the link to the dashboard until every overview chart
 *   has drawn its line. Baseline: the same with 1 h of samples (240 per series), in the same run.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import type { CreateTopicRequestDto, TopicListQueryDto, TopicPageDto } from '../src-main/api/contract';
import { chromiumMissing, startE2eApp, type E2eApp } from '../test/e2e/support/app-fixture';
import { navigate, setNumber } from '../test/e2e/support/ui';
import { METRICS_SAMPLE_INTERVAL_MS } from '../src-main/core/metrics-history/metrics-sampler';
import { DEFAULT_RING_CAPACITY } from '../src-main/infra/sqlite-metrics-history';
import type { Figure, LoopDelay } from './bench-support';
import { measured, reportLoopDelay, xorshift } from './bench-support';

const PARTITIONS = Number(process.env.UI_BENCH_PARTITIONS ?? 1000);
const TOPICS = Number(process.env.UI_BENCH_TOPICS ?? 10_000);
const REPLICATION_FACTOR = 3;
/** Topic creations in flight while filling the cluster (lets ZooKeeper group-commit them). */
const FILL_CONCURRENCY = 64;
const TIMEOUT = Number(process.env.UI_BENCH_TIMEOUT_MS ?? 600_000);

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function request(name: string, partitions: number, replicationFactor: number): CreateTopicRequestDto {
  return { name, partitions, replicationFactor, assignment: { kind: 'automatic', rackAware: true }, configs: {} };
}

async function allOnline(app: E2eApp, name: string, partitions: number): Promise<boolean> {
  try {
    const detail = await app.backend.api.topics.detail(name);
    return detail.partitions.length === partitions && detail.partitions.every((p) => p.state === 'OnlinePartition');
  } catch {
    return false; // not there yet
  }
}

async function listOverHttp(app: E2eApp, query: TopicListQueryDto): Promise<TopicPageDto> {
  const response = await fetch(new URL('/api/topics/list', app.server.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
    body: JSON.stringify([query]),
  });
  if (!response.ok) throw new Error(`topics.list over HTTP: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: TopicPageDto }).result;
}

/** Median wall time of `runs` calls (after one warm-up call). */
async function medianMs(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** The little of the DOM read in the page (this project's Node build has no DOM types). */
interface PageDocument {
  querySelector(selector: string): { querySelectorAll(selector: string): { length: number }; textContent: string | null } | null;
}

/** Rows in the topics table's body and the pager's total, read in the page. */
function topicsShown(page: Page, rows: number, total: number): Promise<unknown> {
  return page
    .waitForFunction(
      ([rows, total]) => {
        const document = (globalThis as unknown as { document: PageDocument }).document;
        const table = document.querySelector('[data-testid="topics-table"]');
        const pager = document.querySelector('[data-testid="topic-pager"] .el-pagination__total');
        if (!table || !pager) return false;
        const shown = table.querySelectorAll('.el-table__body tr.el-table__row').length;
        const totalText = (pager.textContent ?? '').replace(/\D/g, '');
        return shown === rows && totalText === String(total);
      },
      [rows, total] as const,
      { polling: 'raf', timeout: TIMEOUT },
    )
    .catch(async (error: unknown) => {
      const state = await page.evaluate(() => {
        const document = (globalThis as unknown as { document: PageDocument }).document;
        return {
          rows: document.querySelector('[data-testid="topics-table"]')?.querySelectorAll('.el-table__body tr.el-table__row').length,
          total: document.querySelector('[data-testid="topic-pager"] .el-pagination__total')?.textContent,
        };
      });
      throw new Error(`waiting for ${rows} rows and total ${total}, the page shows ${JSON.stringify(state)}: ${String(error)}`);
    });
}

async function openOverview(app: E2eApp): Promise<Page> {
  const tracked = await app.openPage();
  tracked.page.setDefaultTimeout(TIMEOUT);
  await tracked.page
    .getByRole('main')
    .getByRole('heading', { level: 2, name: /Cluster overview/ })
    .waitFor();
  return tracked.page;
}

export async function uiBench(report: (f: Figure) => void): Promise<void> {
  const missing = chromiumMissing();
  if (missing !== null) {
    console.log(`skipped: ${missing}`);
    return;
  }
  const setupStart = performance.now();
  const app = await startE2eApp();
  console.log(`(renderer built, backend, server and Chromium started in ${((performance.now() - setupStart) / 1000).toFixed(1)} s)`);
  try {
    // --- Case 1: create a topic of PARTITIONS partitions, RF 3 ---------------------------------
    const api = await measured(async () => {
      const preview = await app.backend.api.topics.create(request('api-big', PARTITIONS, REPLICATION_FACTOR), { validateOnly: false });
      if (preview.error) throw new Error(`create failed: ${preview.error.name} ${preview.error.message}`);
      while (!(await allOnline(app, 'api-big', PARTITIONS))) await sleep(10);
    });

    let page = await openOverview(app);
    await navigate(page, 'Topics');
    await page.getByRole('button', { name: 'Create topic', exact: true }).click();
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: 'Topics / Create topic', exact: true }).waitFor();
    await main.getByRole('textbox', { name: 'Topic name', exact: true }).fill('ui-big');
    await main.getByRole('button', { name: 'Next', exact: true }).click();
    await setNumber(main.getByRole('spinbutton', { name: 'Partitions', exact: true }), PARTITIONS);
    await setNumber(main.getByRole('spinbutton', { name: 'Replication factor', exact: true }), REPLICATION_FACTOR);
    await main.getByRole('button', { name: 'Next', exact: true }).click(); // assignment
    await main.getByRole('button', { name: 'Next', exact: true }).click(); // configs
    await main.getByRole('textbox', { name: /Search configs/ }).waitFor();
    await main.getByRole('button', { name: 'Next', exact: true }).click(); // review
    await main.getByRole('heading', { name: 'Znodes that will be written', exact: true }).waitFor();
    const ui = await measured(async () => {
      await main.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByTestId('all-online').waitFor();
    });
    const followText = await page.getByTestId('all-online').innerText();
    if (!followText.includes(`All ${PARTITIONS} partitions are online`)) throw new Error(`unexpected follow step: ${followText}`);
    if (!(await allOnline(app, 'ui-big', PARTITIONS))) throw new Error('the UI shows all online, the API does not');
    report({
      name: `create ${PARTITIONS} partitions, RF ${REPLICATION_FACTOR}: click Create until all shown online`,
      value: ui.ms,
      unit: 'ms',
      baseline: api.ms,
      baselineName: 'topics.create + detail polled in-process',
    });
    reportLoopDelay(report, 'the UI create (main process)', ui, { delay: api, name: 'during the API create' });
    await page.context().close();

    // --- Case 2: the topic list with TOPICS topics ---------------------------------------------
    const fillStart = performance.now();
    let next = 0;
    const digits = String(TOPICS - 1).length;
    const name = (i: number) => `t-${String(i).padStart(digits, '0')}`;
    await Promise.all(
      Array.from({ length: FILL_CONCURRENCY }, async () => {
        while (next < TOPICS) {
          const i = next++;
          const preview = await app.backend.api.topics.create(request(name(i), 1, 1), { validateOnly: false });
          if (preview.error) throw new Error(`create ${name(i)} failed: ${preview.error.name} ${preview.error.message}`);
        }
      }),
    );
    console.log(
      `(${TOPICS} topics of 1 partition, RF 1, created through topics.create in ${((performance.now() - fillStart) / 1000).toFixed(1)} s)`,
    );

    const firstPage = { offset: 0, limit: 50 };
    const expected = await listOverHttp(app, firstPage);
    if (expected.total < TOPICS) throw new Error(`expected at least ${TOPICS} topics, the list has ${expected.total}`);
    // A search that keeps 10 topics (or fewer in a quick run): the names sharing all but the last digit.
    const search = name(Math.min(TOPICS - 1, 123)).slice(0, -1);
    const narrowed = await listOverHttp(app, { ...firstPage, search });

    page = await openOverview(app);
    const listUi = await measured(async () => {
      await page.getByRole('menuitem', { name: 'Topics', exact: true }).click();
      await topicsShown(page, expected.topics.length, expected.total);
    });
    const listApi = await measured(() => medianMs(5, () => listOverHttp(app, firstPage)));
    report({
      name: `topic list, ${expected.total} topics: click Topics until first ${expected.topics.length} rows + total shown`,
      value: listUi.ms,
      unit: 'ms',
      baseline: listApi.result,
      baselineName: 'topics.list over HTTP, median of 5',
    });
    reportLoopDelay(report, 'the topic list render (main process)', listUi, { delay: listApi, name: 'during the HTTP calls' });

    const searchUi = await measured(async () => {
      await page.getByPlaceholder('Search topic names', { exact: true }).fill(search);
      await topicsShown(page, narrowed.topics.length, narrowed.total);
    });
    const searchApi = await medianMs(5, () => listOverHttp(app, { ...firstPage, search }));
    report({
      name: `search "${search}" (${narrowed.total} of ${expected.total}) until shown, incl. 250 ms debounce`,
      value: searchUi.ms,
      unit: 'ms',
      baseline: searchApi,
      baselineName: 'topics.list with the search over HTTP',
    });
    reportLoopDelay(report, 'the search (main process)', searchUi);
    await page.context().close();
  } finally {
    await app.close();
  }
  if (app.serverErrors.length > 0) throw new Error(`unexpected server errors: ${JSON.stringify(app.serverErrors)}`);
}

/** A day of samples per series (what a ring keeps), and an hour of them. */
const DAY_SAMPLES = DEFAULT_RING_CAPACITY;
const HOUR_SAMPLES = 3_600_000 / METRICS_SAMPLE_INTERVAL_MS;
const DAY_MS = 24 * 3_600_000;
/** The overview tab's charts (DASHBOARD_CHARTS.overview of the renderer). */
const OVERVIEW_CHARTS = 8;
const RENDER_RUNS = 3;

/**
 * Back-fills every series of the workspace's metrics history to `count` samples, 15 s apart,
 * ending at its newest sample, through a second connection to its metadata.db (WAL). The slots
 * are the ring's own (time / interval modulo capacity), so the store reads them as it reads its
 * own samples. Returns the number of series.
 */
function fillHistory(metadataDb: string, count: number): number {
  const db = new Database(metadataDb);
  try {
    db.pragma('busy_timeout = 10000');
    const series = db
      .prepare('SELECT series_id AS id, MAX(time_ms) AS newest, AVG(value) AS mean FROM metrics_sample GROUP BY series_id')
      .all() as Array<{ id: number; newest: number; mean: number }>;
    const upsert = db.prepare<[number, number, number, number]>(
      'INSERT INTO metrics_sample (series_id, slot, time_ms, value) VALUES (?, ?, ?, ?) ' +
        'ON CONFLICT (series_id, slot) DO UPDATE SET time_ms = excluded.time_ms, value = excluded.value',
    );
    const random = xorshift(16);
    db.transaction(() => {
      for (const s of series) {
        // The newest sample is the sampler's own; the ones before it, a wave around the series' mean.
        for (let i = 1; i < count; i++) {
          const timeMs = s.newest - i * METRICS_SAMPLE_INTERVAL_MS;
          const slot = Math.floor(timeMs / METRICS_SAMPLE_INTERVAL_MS) % DEFAULT_RING_CAPACITY;
          const value = Math.max(0, (s.mean || 1) * (1 + 0.5 * Math.sin(i / 60)) + random() * 0.1);
          upsert.run(s.id, slot, timeMs, value);
        }
      }
    })();
    return series.length;
  } finally {
    db.close();
  }
}

/** The little of the DOM the dashboard's check reads in the page. */
interface DashboardDocument {
  querySelectorAll(selector: string): ArrayLike<{
    getAttribute(name: string): string | null;
    querySelectorAll(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>;
  }>;
}

/** A new page at the overview, then the dashboard on its 24 h range until every chart drew `minPoints`. */
async function renderDashboard(app: E2eApp, minPoints: number): Promise<{ ms: number } & LoopDelay> {
  const page = await openOverview(app);
  const run = await measured(async () => {
    await page.evaluate(`location.hash = '#/dashboard?range=24h'`);
    await page.waitForFunction(
      ([charts, min, spanMs]) => {
        const document = (globalThis as unknown as { document: DashboardDocument }).document;
        const cards = Array.from(document.querySelectorAll('[data-testid^="chart-"]'));
        if (cards.length < charts) return false;
        return cards.every((card) => {
          const span = Number(card.getAttribute('data-to-ms')) - Number(card.getAttribute('data-from-ms'));
          if (span !== spanMs || Number(card.getAttribute('data-points')) < min) return false;
          // ECharts drew the line: an SVG path of (at least) a segment per point.
          const segments = Array.from(card.querySelectorAll('svg path')).map((p) => (p.getAttribute('d') ?? '').split('L').length - 1);
          return Math.max(0, ...segments) >= min - 1;
        });
      },
      [OVERVIEW_CHARTS, minPoints, DAY_MS] as const,
      { polling: 'raf', timeout: TIMEOUT },
    );
  });
  await page.context().close();
  return run;
}

/** The run of median time among RENDER_RUNS renders (each on a new page). */
async function medianRender(app: E2eApp, minPoints: number): Promise<{ ms: number } & LoopDelay> {
  const runs: Array<{ ms: number } & LoopDelay> = [];
  for (let i = 0; i < RENDER_RUNS; i++) runs.push(await renderDashboard(app, minPoints));
  runs.sort((a, b) => a.ms - b.ms);
  return runs[Math.floor(runs.length / 2)];
}

export async function uiDashboardBench(report: (f: Figure) => void): Promise<void> {
  const missing = chromiumMissing();
  if (missing !== null) {
    console.log(`skipped: ${missing}`);
    return;
  }
  const app = await startE2eApp();
  try {
    const api = app.backend.api;
    // A few sample rounds at 100×, so that every series the dashboard reads exists.
    await api.cluster.setClockSpeed(100);
    const rounds = () =>
      api.metrics.series({ metric: 'BytesInPerSec', scope: 'cluster', fromMs: 0, toMs: Number.MAX_SAFE_INTEGER, maxPoints: 100 });
    while ((await rounds()).points.length < 3) await sleep(50);
    await api.cluster.setClockSpeed(1);
    const workspace = await api.workspaces.current();
    if (workspace === null) throw new Error('no workspace open');
    const metadataDb = join(app.dataDir, 'workspaces', workspace.id, 'metadata.db');

    const series = fillHistory(metadataDb, HOUR_SAMPLES);
    // Warm-up: the dashboard's route chunk and ECharts loaded once, as in a session.
    await renderDashboard(app, HOUR_SAMPLES * 0.8);
    const hour = await medianRender(app, HOUR_SAMPLES * 0.8);
    fillHistory(metadataDb, DAY_SAMPLES);
    const day = await medianRender(app, 300);
    report({
      name: `dashboard 24 h, ${DAY_SAMPLES} samples x ${series} series: link until all ${OVERVIEW_CHARTS} charts drawn, median of ${RENDER_RUNS}`,
      value: day.ms,
      unit: 'ms',
      baseline: hour.ms,
      baselineName: `the same with 1 h of samples, ${HOUR_SAMPLES} per series`,
    });
    reportLoopDelay(report, 'the 24 h dashboard render (main process)', day, { delay: hour, name: 'with 1 h of samples' });
  } finally {
    await app.close();
  }
  if (app.serverErrors.length > 0) throw new Error(`unexpected server errors: ${JSON.stringify(app.serverErrors)}`);
}
