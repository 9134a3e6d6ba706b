/**
 * The ZooKeeper node editor's tree with 100,000 znodes (ZNODE_BENCH_WIDE children under one
 * parent, default 90,000, plus a deep spread of 10 × 10 × 100 under another): the backend and the
 * headless server in this process (its event loop is the app's main process), the production
 * renderer in Debian's Chromium.
 *
 * - First page of children of the wide parent through `zookeeper.children` (cold: the sorted list
 *   is read once; warm: served from the cache while the parent's cversion holds). Baseline: the raw
 *   `getChildren` of the same node by a ZooKeeper client in the same process.
 * - In Chromium: open the ZooKeeper view until the root's children show, then expand the wide
 *   parent until the first rows of its first page show.
 * Each with the longest event-loop block of this process meanwhile.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { chromiumMissing, startE2eApp, type E2eApp } from '../test/e2e/support/app-fixture';
import { navigate } from '../test/e2e/support/ui';
import { ZooKeeperClient, ZooKeeperServer } from '../src-main/core/zookeeper';
import { SqliteZkPersistence } from '../src-main/infra/sqlite-zk-persistence';
import { SystemTime } from '../src-main/infra/system-time';
import type { Figure } from './bench-support';
import { measured, tempDir } from './bench-support';

const WIDE = Number(process.env.ZNODE_BENCH_WIDE ?? 90_000);
const DEEP = [10, 10, 100] as const;
const IN_FLIGHT = 2000;
const TIMEOUT = 120_000;
const PAGE = 200;

const name = (i: number): string => `n${String(i).padStart(6, '0')}`;

async function fill(app: E2eApp): Promise<number> {
  const zk = app.backend.api.zookeeper;
  const paths: string[][] = [['/bench-wide', '/bench-deep'], Array.from({ length: WIDE }, (_, i) => `/bench-wide/${name(i)}`)];
  let level = ['/bench-deep'];
  for (const fanOut of DEEP) {
    level = level.flatMap((parent) => Array.from({ length: fanOut }, (_, i) => `${parent}/${name(i)}`));
    paths.push(level);
  }
  let created = 0;
  // Parents before children: each level after the one above it.
  const ordered = [paths[0], paths[1], ...paths.slice(2)];
  for (const batch of ordered) {
    for (let i = 0; i < batch.length; i += IN_FLIGHT) {
      await Promise.all(batch.slice(i, i + IN_FLIGHT).map((path) => zk.create({ path, data: null, mode: 'persistent' })));
      created += Math.min(IN_FLIGHT, batch.length - i);
    }
  }
  return created;
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

const row = (page: Page, path: string) => page.locator(`[data-testid="znode-row"][data-path="${path}"]`);

export async function znodeTreeBench(report: (f: Figure) => void): Promise<void> {
  const missing = chromiumMissing();
  if (missing !== null) {
    console.log(`skipped: ${missing}`);
    return;
  }
  const app = await startE2eApp();
  try {
    const filled = await measured(() => fill(app));
    console.log(`(${filled.result} znodes created through zookeeper.create in ${(filled.ms / 1000).toFixed(1)} s)`);
    const zk = app.backend.api.zookeeper;

    const cold = await measured(() => zk.children('/bench-wide', 0, PAGE));
    if (cold.result.total !== WIDE) throw new Error(`expected ${WIDE} children, got ${cold.result.total}`);
    const warmMs = await medianMs(5, () => zk.children('/bench-wide', 0, PAGE));
    const rawMs = await rawGetChildrenMs();
    report({
      name: `first page (${PAGE}) of ${WIDE} children, zookeeper.children, cold`,
      value: cold.ms,
      unit: 'ms',
      baseline: rawMs,
      baselineName: 'raw getChildren',
    });
    report({
      name: `first page (${PAGE}) of ${WIDE} children, warm (median of 5)`,
      value: warmMs,
      unit: 'ms',
      baseline: rawMs,
      baselineName: 'raw getChildren',
    });
    report({ name: 'longest event-loop block, cold first page', value: cold.maxBlockMs, unit: 'ms' });

    const tracked = await app.openPage();
    const page = tracked.page;
    page.setDefaultTimeout(TIMEOUT);
    await page
      .getByRole('main')
      .getByRole('heading', { level: 2, name: /Cluster overview/ })
      .waitFor();
    const open = await measured(async () => {
      await navigate(page, 'ZooKeeper');
      await row(page, '/bench-wide').waitFor();
    });
    report({ name: "open the ZooKeeper view until the root's children show", value: open.ms, unit: 'ms' });
    report({ name: 'longest event-loop block, opening the view', value: open.maxBlockMs, unit: 'ms' });
    // The page's own read of the cache is warm now; another child makes it cold again, as a first open would be.
    await zk.create({ path: `/bench-wide/${name(WIDE)}`, data: null, mode: 'persistent' });
    const expand = await measured(async () => {
      await page
        .locator('.el-tree-node', { has: row(page, '/bench-wide') })
        .locator('.el-tree-node__expand-icon')
        .first()
        .click();
      // The first rows of the page (the tree is virtualized: the "more" row is far below).
      await row(page, `/bench-wide/${name(0)}`).waitFor();
    });
    report({
      name: `expand the parent of ${WIDE + 1} children until the first page shows (Chromium)`,
      value: expand.ms,
      unit: 'ms',
      baseline: rawMs,
      baselineName: 'raw getChildren',
    });
    report({ name: 'longest event-loop block, expanding', value: expand.maxBlockMs, unit: 'ms' });
    await tracked.close();
  } finally {
    await app.close();
  }
}

/**
 * The baseline: the median raw `getChildren` (ZooKeeper's getChildren2: every name, sorted) of a
 * node with the same WIDE children, by a plain client of an emulated ZooKeeper store of its own.
 */
async function rawGetChildrenMs(): Promise<number> {
  const tmp = tempDir('kafka-dojo-znode-bench-');
  const time = new SystemTime();
  const server = ZooKeeperServer.open(time, SqliteZkPersistence.open(join(tmp.dir, 'metadata.db'), { durable: false }));
  try {
    const client = await ZooKeeperClient.connect(server, time);
    await client.create('/bench-wide', null);
    for (let i = 0; i < WIDE; i += IN_FLIGHT) {
      await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, WIDE - i) }, (_, j) => client.create(`/bench-wide/${name(i + j)}`, null)));
    }
    const ms = await medianMs(5, () => client.getChildren('/bench-wide'));
    await client.close();
    return ms;
  } finally {
    server.close();
    time.shutdown();
    tmp.cleanup();
  }
}
