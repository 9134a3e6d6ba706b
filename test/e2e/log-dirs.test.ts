/**
 * End-to-end: the log dir browser in Chromium against headless mode, as a person uses it —
 * records produced in the message tester, the partition's segment opened in the log dir browser,
 * an offset found through the index, the records shown; a byte flipped on disk shown as a CRC
 * error; a copy of the broker's log dir opened read-only from outside and browsed to its segment.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { makeTempDir } from '../support/temp-dir';
import type { E2eApp } from './support/app-fixture';
import { describeInChromium } from './support/e2e-suite';
import { bodyRows, navigate, waitUntil, openAtOverview } from './support/ui';

const TEST_TIMEOUT = 40_000;
const TOPIC = 'audit';
const SEGMENT = `${TOPIC}-0/00000000000000000000.log`;

const copies = makeTempDir('kafka-dojo-e2e-logdir-copy-');

/** The topic the tests produce to: one partition on broker 0, an index entry every 60 bytes. */
async function createTopic(app: E2eApp): Promise<void> {
  const api = app.backend.api;
  const deadline = Date.now() + 30_000;
  while ((await api.cluster.overview()).controllerId < 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const created = await api.topics.create(
    {
      name: TOPIC,
      partitions: 1,
      replicationFactor: 1,
      assignment: { kind: 'manual', assignment: [[0]] },
      configs: { 'index.interval.bytes': '60' },
    },
    { validateOnly: false },
  );
  expect(created.error).toBeNull();
  while (!(await api.topics.detail(TOPIC)).partitions.every((p) => p.state === 'OnlinePartition'))
    await new Promise((r) => setTimeout(r, 100));
}

describeInChromium(
  'the log dir browser',
  (suite) => {
    async function open(): Promise<Page> {
      const page = await openAtOverview(suite);
      return page;
    }

    async function brokerDir(): Promise<string> {
      return (await suite.app.backend.api.logDirs.roots()).find((r) => r.id === 'broker-0/kafka-logs')!.path;
    }

    /** From the log dirs page with a root open: into the partition directory, until its segment is listed. */
    async function openPartitionDir(page: Page): Promise<void> {
      const main = page.getByRole('main');
      await main.getByText(`${TOPIC}-0/`, { exact: true }).click();
      await main.getByTestId('log-dir-entries').getByText('00000000000000000000.log', { exact: true }).waitFor();
    }

    async function waitBatches(page: Page, count: number): Promise<void> {
      const table = page.getByTestId('batches-table');
      await waitUntil(async () => (await bodyRows(table).count()) === count, `${count} batches in the segment viewer`);
    }

    it(
      'produces records in the message tester, opens their segment, finds an offset through the index and shows its records',
      async () => {
        const page = await open();
        await navigate(page, 'Messages', 'Message tester');
        const main = page.getByRole('main');
        await main.getByTestId('produce-topic').click();
        await page.keyboard.type(TOPIC);
        await page.getByRole('option', { name: TOPIC, exact: true }).click();
        const results = page.getByTestId('produce-results');
        for (let i = 0; i < 6; i++) {
          await main.getByRole('textbox', { name: 'Value', exact: true }).fill(`{"order":${i},"note":"from the e2e test"}`);
          await main.getByRole('button', { name: 'Send', exact: true }).click();
          await waitUntil(async () => (await bodyRows(results).count()) === i + 1, `${i + 1} produce results`);
        }
        expect(await bodyRows(results).first().innerText()).toContain('Written (leader');

        await navigate(page, 'Log dirs');
        await main.getByTestId('log-dir-root-broker-0/kafka-logs').click();
        await main.getByText(`${TOPIC}-0/`, { exact: true }).waitFor();
        await main.getByTestId('log-dir-entries').getByText('meta.properties', { exact: true }).first().click();
        await main.getByTestId('log-dir-file').getByText('cluster.id', { exact: true }).first().waitFor();
        await suite.app.screenshot(page, 'log-dir-browser');
        await openPartitionDir(page);
        await main.getByText('leader epoch checkpoint', { exact: true }).waitFor();

        await main.getByTestId('log-dir-entries').getByText('00000000000000000000.log', { exact: true }).click();
        await waitBatches(page, 6);
        await main.getByRole('textbox', { name: 'offset', exact: true }).fill('4');
        await main.getByRole('button', { name: 'Find', exact: true }).click();
        await waitBatches(page, 2);
        const firstRow = bodyRows(page.getByTestId('batches-table')).first();
        expect(await firstRow.innerText()).toContain('4..4');
        await main
          .getByTestId('segment-found')
          .getByText(/Index entry \d+ \(offset \d+, position \d+\)/)
          .waitFor();
        await firstRow.locator('.el-table__expand-icon').click();
        await main.getByTestId('batch-records').getByText('{"order":4,"note":"from the e2e test"}', { exact: true }).waitFor();
        await main.getByTestId('batch-records').getByText('JSON', { exact: true }).click();
        await main.getByTestId('batch-records').getByText('"order": 4,', { exact: false }).waitFor();
        await suite.app.screenshot(page, 'segment-viewer');
      },
      TEST_TIMEOUT,
    );

    it(
      'shows a byte flipped on disk as a CRC error, stored against computed',
      async () => {
        const dir = await brokerDir();
        const page0 = await suite.app.backend.api.logDirs.batches('broker-0/kafka-logs', SEGMENT, 0);
        const target = page0.batches[2];
        const path = join(dir, SEGMENT);
        const bytes = readFileSync(path);
        bytes[target.position + target.sizeInBytes - 5] ^= 0x20;
        writeFileSync(path, bytes);

        const page = await open();
        await navigate(page, 'Log dirs');
        const main = page.getByRole('main');
        await main.getByTestId('log-dir-root-broker-0/kafka-logs').click();
        await openPartitionDir(page);
        await main.getByTestId('log-dir-entries').getByText('00000000000000000000.log', { exact: true }).click();
        await waitBatches(page, 6);
        const row = bodyRows(page.getByTestId('batches-table')).nth(2);
        await row.getByText('invalid', { exact: true }).waitFor();
        const text = await row.innerText();
        expect(text).toContain(`stored ${target.storedCrc}`);
        expect(text).toMatch(/computed \d+/);
        expect(text).toContain(`Record is corrupt (stored crc = ${target.storedCrc}, computed crc = `);
        expect(await bodyRows(page.getByTestId('batches-table')).getByText('invalid', { exact: true }).count()).toBe(1);
        await suite.app.screenshot(page, 'segment-crc-error');
      },
      TEST_TIMEOUT,
    );

    it(
      "opens a copy of the broker's log dir read-only from outside the app and browses to its segment",
      async () => {
        const copy = join(copies.dir, 'prod-broker-0-kafka-logs');
        cpSync(await brokerDir(), copy, { recursive: true });
        const page = await open();
        await navigate(page, 'Log dirs');
        const main = page.getByRole('main');
        await main.getByRole('textbox', { name: 'Absolute path of a log dir (or a partition directory)' }).fill(copy);
        await main.getByRole('button', { name: 'Open folder', exact: true }).click();
        await main.getByTestId('log-dir-listing').getByText('read-only', { exact: true }).waitFor();
        await main.getByTestId('log-dir-listing').getByText(copy, { exact: true }).waitFor();
        await main.getByTestId('log-dir-entries').getByText('meta.properties', { exact: true }).first().click();
        await main.getByTestId('log-dir-file').getByText('broker.id', { exact: true }).first().waitFor();
        await openPartitionDir(page);
        await main.getByTestId('log-dir-entries').getByText('00000000000000000000.log', { exact: true }).click();
        await waitBatches(page, 6);
        await main.getByText('read-only', { exact: true }).waitFor();
        expect(await bodyRows(page.getByTestId('batches-table')).first().innerText()).toContain('0..0');
      },
      TEST_TIMEOUT,
    );
  },
  { afterStart: createTopic, afterClose: () => copies.cleanup() },
);
