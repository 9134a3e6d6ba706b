/**
 * End-to-end: a replica moved to another log dir of its broker from the log dir browser in
 * Chromium against headless mode, and followed. Broker 0 has two log dirs; its copy is held back by
 * `replica.alter.log.dirs.io.max.bytes.per.second` = 1 (after its first fetch the quota window
 * stays exceeded), so the `-future` dir is seen lagging while records keep arriving. The person
 * asks the move from the partition dir's row, reads what moves and how much, confirms; the target
 * dir shows the `-future` dir with its offset lag, the broker page shows it too; once the throttle
 * is lifted the copy catches up and swaps: the current dir in the target, `-delete` in the source.
 */
import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { E2eApp } from './support/app-fixture';
import { describeInChromium } from './support/e2e-suite';
import { expectToast, navigate, openAtOverview, rowWithCell, waitUntil } from './support/ui';

const TEST_TIMEOUT = 120_000;
const TOPIC = 'moving';
const THROTTLE = 'replica.alter.log.dirs.io.max.bytes.per.second';
const FUTURE_DIR = new RegExp(`^${TOPIC}-0\\.[0-9a-f]{32}-future/$`);
const DELETE_DIR = new RegExp(`^${TOPIC}-0\\.[0-9a-f]{32}-delete/$`);

async function produce(app: E2eApp, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i++)
    await app.backend.api.messages.produce({ topic: TOPIC, partition: 0, key: null, value: `record-${i}-`.padEnd(500, '.'), acks: 1 });
}

async function createCluster(app: E2eApp): Promise<void> {
  const api = app.backend.api;
  await api.workspaces.create({ name: 'log-dir-move', brokers: 2, racks: null, logDirsPerBroker: 2, brokerConfig: {} });
  await waitUntil(async () => (await api.cluster.overview()).controllerId >= 0, 'a controller', 60_000);
  await api.topics.create(
    {
      name: TOPIC,
      partitions: null,
      replicationFactor: null,
      assignment: { kind: 'manual', assignment: [[0]] },
      // The -delete dir stays for the test to see it.
      configs: { 'segment.bytes': '4000', 'file.delete.delay.ms': '600000' },
    },
    { validateOnly: false },
  );
  await waitUntil(async () => (await api.topics.detail(TOPIC)).partitions[0]?.leader === 0, `${TOPIC}-0 led by broker 0`, 30_000);
  await produce(app, 0, 40);
}

describeInChromium(
  'moving a replica between log dirs',
  (suite) => {
    /** Broker 0's dir holding the current log, and the other one. */
    async function dirs(): Promise<{ source: string; target: string }> {
      const read = await suite.app.backend.api.logDirs.replicas(0);
      const source = read.logDirs.find((d) => d.replicas.some((r) => r.topic === TOPIC && !r.isFuture))!.path;
      return { source, target: read.logDirs.find((d) => d.path !== source)!.path };
    }
    const rootId = (dir: string) => `log-dir-root-broker-0/${dir.slice(dir.lastIndexOf('/') + 1)}`;

    async function openRoot(page: Page, dir: string): Promise<void> {
      await page.getByRole('main').getByTestId(rootId(dir)).click();
      await page.getByTestId('log-dir-listing').locator(`[title="${dir}"]`).first().waitFor();
    }

    it(
      'moves a replica from the log dir browser: the -future dir lags under the throttle, then the swap leaves -delete in the source',
      async () => {
        const api = suite.app.backend.api;
        const { source, target } = await dirs();
        await api.brokers.alterConfigs(0, { [THROTTLE]: '1' }, { validateOnly: false });
        await waitUntil(
          async () => (await api.brokers.configs(0)).some((c) => c.name === THROTTLE && c.value === '1'),
          'the alter-log-dirs throttle on broker 0',
        );
        const sizeBytes = (await api.logDirs.replicas(0)).logDirs
          .flatMap((d) => d.replicas)
          .find((r) => r.topic === TOPIC && !r.isFuture)!.sizeBytes;
        expect(sizeBytes).toBeGreaterThan(40 * 500);

        const page = await openAtOverview(suite);
        await navigate(page, 'Log dirs');
        await openRoot(page, source);
        const entries = page.getByTestId('log-dir-entries');
        await entries.getByText(`${TOPIC}-0/`, { exact: true }).waitFor();
        await page.getByTestId(`move-${TOPIC}-0`).click();

        const dialog = page.getByTestId('confirm-dialog');
        const sentences = dialog.getByTestId('confirm-sentences');
        const size = `${(sizeBytes / 1024).toFixed(1)} KB`;
        await sentences.getByText(`The replica ${TOPIC}-0 of broker 0 moves from ${source} to ${target}: ${size} of data.`).waitFor();
        await sentences.getByText(`${TOPIC}-0.<uniqueId>-future`, { exact: false }).waitFor();
        // The broker's only other online dir is chosen already.
        expect(await dialog.getByTestId('move-replica-target').innerText()).toContain(target);
        await suite.app.screenshot(page, 'log-dir-move-confirm');
        await dialog.getByTestId('confirm-ok').click();
        await expectToast(page, `Moving ${TOPIC}-0 on broker 0 to ${target}`);
        // Records keep arriving after the copy's first fetch, which the quota then holds back.
        let produced = 40;
        await produce(suite.app, produced, 20);
        produced += 20;
        await waitUntil(async () => {
          const future = (await api.logDirs.replicas(0)).logDirs.flatMap((d) => d.replicas).find((r) => r.topic === TOPIC && r.isFuture);
          if (future && future.offsetLag > 0) return true;
          await produce(suite.app, produced++, 1);
          return false;
        }, 'the -future log behind the current one');

        // The target dir: the -future dir, lagging behind the current log.
        await openRoot(page, target);
        await entries.getByText(FUTURE_DIR).first().waitFor();
        const lagTag = page.getByTestId(`future-lag-${TOPIC}-0`);
        await waitUntil(async () => /^offset lag [1-9]\d*$/.test((await lagTag.innerText()).trim()), 'an offset lag above 0');
        expect(readdirSync(target).filter((n) => FUTURE_DIR.test(`${n}/`))).toHaveLength(1);
        await suite.app.screenshot(page, 'log-dir-move-future');

        // The broker page says the same: the current replica in the source, the future one in the target.
        await navigate(page, 'Brokers');
        await page.getByTestId('broker-0-more').click();
        await page.getByTestId('broker-0-replicas').click();
        const drawer = page.getByTestId('broker-replicas-drawer');
        const targetSection = drawer.getByTestId(`broker-replicas-dir-${target}`);
        await rowWithCell(targetSection, `${TOPIC}-0`).getByText('future', { exact: true }).waitFor();
        await rowWithCell(drawer.getByTestId(`broker-replicas-dir-${source}`), `${TOPIC}-0`)
          .getByText('current', { exact: true })
          .waitFor();
        await page.keyboard.press('Escape');

        // The throttle lifted, the copy catches up and the broker swaps the logs.
        await api.brokers.alterConfigs(0, {}, { validateOnly: false });
        await navigate(page, 'Log dirs');
        await openRoot(page, target);
        await entries.getByText(`${TOPIC}-0/`, { exact: true }).waitFor({ timeout: 60_000 });
        await waitUntil(async () => (await entries.getByText(FUTURE_DIR).count()) === 0, 'the -future dir gone from the target');
        await openRoot(page, source);
        await entries.getByText(DELETE_DIR).first().waitFor();
        expect(await entries.getByText(`${TOPIC}-0/`, { exact: true }).count()).toBe(0);
        await suite.app.screenshot(page, 'log-dir-move-done');

        const after = await api.logDirs.replicas(0);
        expect(after.logDirs.find((d) => d.path === target)!.replicas.filter((r) => r.topic === TOPIC)).toEqual([
          expect.objectContaining({ isFuture: false, offsetLag: 0 }),
        ]);
        expect(after.logDirs.find((d) => d.path === source)!.replicas.filter((r) => r.topic === TOPIC)).toEqual([]);
        const read = await api.messages.read({ topic: TOPIC, partition: 0, from: { kind: 'earliest' }, maxRecords: 1000 });
        expect(read.records).toHaveLength(produced);
      },
      TEST_TIMEOUT,
    );
  },
  { afterStart: createCluster },
);
