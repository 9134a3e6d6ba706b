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
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import type { CreateTopicRequestDto, TopicListQueryDto, TopicPageDto } from '../src-main/api/contract';
import { chromiumMissing, startE2eApp, type E2eApp } from '../test/e2e/support/app-fixture';
import { navigate, setNumber } from '../test/e2e/support/ui';
import type { Figure } from './bench-support';
import { measured } from './bench-support';

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
    report({
      name: 'longest main-process event-loop block during the UI create',
      value: ui.maxBlockMs,
      unit: 'ms',
      baseline: api.maxBlockMs,
      baselineName: 'during the API create',
    });
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
    report({
      name: 'longest main-process event-loop block while the list renders',
      value: listUi.maxBlockMs,
      unit: 'ms',
      baseline: listApi.maxBlockMs,
      baselineName: 'during the HTTP calls',
    });

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
    report({ name: 'longest main-process event-loop block during the search', value: searchUi.maxBlockMs, unit: 'ms' });
    await page.context().close();
  } finally {
    await app.close();
  }
  if (app.serverErrors.length > 0) throw new Error(`unexpected server errors: ${JSON.stringify(app.serverErrors)}`);
}
