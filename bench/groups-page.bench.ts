/**
 * The consumer groups page in Debian's Chromium against headless mode (the backend and the server
 * in this process, the production build of the renderer), with GROUPS_PAGE_BENCH_GROUPS groups
 * (default 1,000) of 10 partitions each; baseline: the same page with 10 groups, measured first
 * in the same cluster.
 *
 * - First render: from the click on "Consumer groups" in the side menu until the first page of
 *   rows and "Showing N of N." are shown.
 * - Refresh: a new group is committed, then from the click on Refresh (the store's reload:
 *   `groups.list` over HTTP, the table rendered again) until the new group's row and total are
 *   shown. A sample in which the page's own 2 s poll or a push also reloaded the list is taken again.
 *
 * The groups are simple groups whose offsets are committed in-process through the app's API
 * (`groups.resetOffsets --from-file --execute`, which is GroupAdmin.commit: OffsetCommit with
 * generation −1 and no member, `GroupCoordinator.handleCommitOffsets`), not by 1,000 clients.
 * Their partitions are distinct: 10 topics of 1,000 partitions, RF 1, group g has 10 of them.
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import type { DojoApi } from '../src-main/api/contract';
import { FIND_COORDINATOR } from '../src-main/protocol/kafka/messages/find-coordinator';
import { chromiumMissing, startE2eApp, type E2eApp } from '../test/e2e/support/app-fixture';
import { callApi } from '../test/support/raw-kafka-client';
import type { Figure } from './bench-support';
import { measured } from './bench-support';

const GROUPS = Number(process.env.GROUPS_PAGE_BENCH_GROUPS ?? 1000);
const BASELINE_GROUPS = 10;
const PER_GROUP = 10;
const TOPICS = 10;
const TIMEOUT = Number(process.env.GROUPS_PAGE_BENCH_TIMEOUT_MS ?? 600_000);
const REFRESHES = 5;
/** Group commits in flight while filling the cluster. */
const FILL_CONCURRENCY = 16;
/** The page's first page of the list (stores/groups.ts PAGE_SIZE). */
const PAGE_SIZE = 50;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const groupId = (g: number) => `group-${String(g).padStart(4, '0')}`;

/** Group g's partitions: 10 consecutive partitions of one topic, no two groups sharing one. */
function partitionsOf(g: number): Array<[string, number]> {
  const perTopic = Math.ceil((GROUPS * PER_GROUP) / TOPICS);
  return Array.from({ length: PER_GROUP }, (_, i) => {
    const n = g * PER_GROUP + i;
    return [`lagged-${Math.floor(n / perTopic)}`, n % perTopic];
  });
}

/** Commits offset 0 of group g's partitions (from-file CSV), retrying while __consumer_offsets is not yet led. */
async function commitGroup(api: DojoApi, name: string, g: number): Promise<void> {
  const csv = partitionsOf(g)
    .map(([t, p]) => `${t},${p},0`)
    .join('\n');
  for (let attempt = 0; ; attempt++) {
    try {
      await api.groups.resetOffsets({ groupId: name, spec: { kind: 'from-file', csv }, scope: { kind: 'all-topics' }, execute: true });
      return;
    } catch (e) {
      if (attempt > 100) throw e;
      await sleep(100);
    }
  }
}

async function commitGroups(api: DojoApi, from: number, to: number): Promise<void> {
  let next = from;
  await Promise.all(
    Array.from({ length: FILL_CONCURRENCY }, async () => {
      while (next < to) {
        const g = next++;
        await commitGroup(api, groupId(g), g);
      }
    }),
  );
}

/** The little of the DOM read in the page (this project's Node build has no DOM types). */
interface PageDocument {
  querySelector(selector: string): { querySelectorAll(selector: string): { length: number }; textContent: string | null } | null;
}

/** The first page's rows and "Showing N of N." shown, and (when given) the first row naming `first`. */
function groupsShown(page: Page, rows: number, total: number, first?: string): Promise<unknown> {
  return page.waitForFunction(
    ([rows, total, first]) => {
      const document = (globalThis as unknown as { document: PageDocument }).document;
      const table = document.querySelector('[data-testid="groups-table"]');
      const footer = document.querySelector('[data-testid="groups-view"] .footer .muted');
      if (!table || !footer) return false;
      if (table.querySelectorAll('.el-table__body tr.el-table__row').length !== rows) return false;
      if (first && !document.querySelector(`[data-testid="group-row-${first}"]`)) return false;
      return (footer.textContent ?? '').trim() === `Showing ${total} of ${total}.`;
    },
    [rows, total, first ?? ''] as const,
    { polling: 'raf', timeout: TIMEOUT },
  );
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Opens the groups page (first render), then REFRESHES refreshes each showing one new group: the times in ms. */
async function measurePage(
  app: E2eApp,
  total: number,
  tag: string,
  refreshCount = REFRESHES,
): Promise<{ firstMs: number; refreshMs: number }> {
  const api = app.backend.api;
  const page = await openOverview(app);
  let lists = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/groups/list')) lists++;
  });
  const first = await measured(async () => {
    await page.getByRole('menuitem', { name: 'Consumer groups', exact: true }).click();
    await groupsShown(page, Math.min(PAGE_SIZE, total), total);
  });
  const refreshes: number[] = [];
  let shown = total;
  for (let i = 0; refreshes.length < refreshCount; i++) {
    if (i > refreshCount * 4) throw new Error(`the page's own reloads kept overlapping the refreshes (${tag})`);
    // Right after one of the page's polls, so that the next is 2 s away.
    await page.waitForResponse((r) => r.url().endsWith('/api/groups/list'));
    const name = `aaa-${tag}-${String(i).padStart(2, '0')}`;
    await commitGroup(api, name, 0);
    shown++;
    const before = lists;
    const start = performance.now();
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await groupsShown(page, Math.min(PAGE_SIZE, shown), shown, name);
    const ms = performance.now() - start;
    if (lists - before === 1) refreshes.push(ms);
  }
  await page.context().close();
  return { firstMs: first.ms, refreshMs: refreshCount === 0 ? Number.NaN : median(refreshes) };
}

export async function groupsPageBench(report: (f: Figure) => void): Promise<void> {
  const missing = chromiumMissing();
  if (missing !== null) {
    console.log(`skipped: ${missing}`);
    return;
  }
  const setupStart = performance.now();
  const app = await startE2eApp();
  console.log(`(renderer built, backend, server and Chromium started in ${((performance.now() - setupStart) / 1000).toFixed(1)} s)`);
  try {
    const api = app.backend.api;
    const fillStart = performance.now();
    const perTopic = Math.ceil((GROUPS * PER_GROUP) / TOPICS);
    for (let t = 0; t < TOPICS; t++) {
      const created = await api.topics.create(
        {
          name: `lagged-${t}`,
          partitions: perTopic,
          replicationFactor: 1,
          assignment: { kind: 'automatic', rackAware: false },
          configs: {},
        },
        { validateOnly: false },
      );
      if (created.error) throw new Error(`create lagged-${t}: ${created.error.name} ${created.error.message}`);
    }
    for (let t = 0; t < TOPICS; t++) {
      for (;;) {
        const detail = await api.topics.detail(`lagged-${t}`).catch(() => null);
        if (detail?.partitions.length === perTopic && detail.partitions.every((p) => p.leader >= 0)) break;
        await sleep(50);
      }
    }
    // FindCoordinator (as any client's first group request) creates __consumer_offsets.
    const port = (await api.cluster.overview()).brokers[0].port;
    await callApi(port, FIND_COORDINATOR, 1, { key: groupId(0), keyType: 0 });
    await commitGroups(api, 0, BASELINE_GROUPS);
    console.log(
      `(${TOPICS * perTopic} partitions in ${TOPICS} topics, RF 1, and ${BASELINE_GROUPS} groups made in ${((performance.now() - fillStart) / 1000).toFixed(1)} s)`,
    );
    // Once unmeasured, so that neither measure pays for the server's and the renderer's first run.
    await measurePage(app, BASELINE_GROUPS, 'warm', 0);
    const baseline = await measurePage(app, BASELINE_GROUPS, 'base');

    const moreStart = performance.now();
    await commitGroups(api, BASELINE_GROUPS, GROUPS);
    const total = (await api.groups.list({ limit: 0 })).total;
    if (total < GROUPS + REFRESHES) throw new Error(`expected at least ${GROUPS + REFRESHES} groups, the API lists ${total}`);
    console.log(`(${GROUPS - BASELINE_GROUPS} more groups committed in ${((performance.now() - moreStart) / 1000).toFixed(1)} s)`);
    const big = await measurePage(app, total, 'big');

    report({
      name: `groups page, ${total} groups × ${PER_GROUP} partitions: click until first ${Math.min(PAGE_SIZE, total)} rows shown`,
      value: big.firstMs,
      unit: 'ms',
      baseline: baseline.firstMs,
      baselineName: `the page with ${BASELINE_GROUPS} groups`,
    });
    report({
      name: `groups page refresh (groups.list + re-render), ${total} groups, median of ${REFRESHES}`,
      value: big.refreshMs,
      unit: 'ms',
      baseline: baseline.refreshMs,
      baselineName: `the page with ${BASELINE_GROUPS} groups`,
    });
  } finally {
    await app.close();
  }
  if (app.serverErrors.length > 0) throw new Error(`unexpected server errors: ${JSON.stringify(app.serverErrors)}`);
}
