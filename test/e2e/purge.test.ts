/**
 * End-to-end: "purge up to offset" from the topic page in Chromium against headless mode. A
 * partition of three replicas with small segments is purged up to an offset: the dialog previews
 * each replica's new log start offset and the segments that go, the person confirms, DeleteRecords
 * answers the low watermark of every replica; then the log start offset has moved (API), the
 * retention check has deleted the segment files below it on disk, and log-start-offset-checkpoint
 * keeps it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { E2eApp } from './support/app-fixture';
import { describeInChromium } from './support/e2e-suite';
import { expectToast, navigate, openAtOverview, setNumber, waitUntil } from './support/ui';

const TEST_TIMEOUT = 120_000;
const TOPIC = 'purge-me';

async function createCluster(app: E2eApp): Promise<void> {
  const api = app.backend.api;
  await api.workspaces.create({
    name: 'purge',
    brokers: 3,
    racks: null,
    logDirsPerBroker: 1,
    brokerConfig: { 'log.retention.check.interval.ms': '1000', 'log.flush.start.offset.checkpoint.interval.ms': '1000' },
  });
  await waitUntil(async () => (await api.cluster.overview()).controllerId >= 0, 'a controller', 60_000);
  await api.topics.create(
    {
      name: TOPIC,
      partitions: null,
      replicationFactor: null,
      assignment: { kind: 'manual', assignment: [[0, 1, 2]] },
      configs: { 'segment.bytes': '700', 'file.delete.delay.ms': '1000' },
    },
    { validateOnly: false },
  );
  await waitUntil(async () => (await api.topics.detail(TOPIC)).partitions[0]?.isr.length === 3, `${TOPIC}-0 fully in sync`, 30_000);
  for (let i = 0; i < 10; i++)
    await api.messages.produce({ topic: TOPIC, partition: 0, key: null, value: `record-${i}-`.padEnd(100, '.'), acks: -1 });
}

describeInChromium(
  'the partition purge',
  (suite) => {
    const segmentFiles = async (broker: number) => {
      const root = (await suite.app.backend.api.logDirs.roots()).find((r) => r.id === `broker-${broker}/kafka-logs`)!.path;
      return {
        root,
        logs: readdirSync(join(root, `${TOPIC}-0`))
          .filter((n) => n.endsWith('.log'))
          .sort(),
      };
    };

    it(
      'previews each replica, purges up to offset 6 after the confirmation, and the segment below it goes on every broker',
      async () => {
        const api = suite.app.backend.api;
        for (const b of [0, 1, 2])
          expect((await segmentFiles(b)).logs).toEqual([
            '00000000000000000000.log',
            '00000000000000000004.log',
            '00000000000000000008.log',
          ]);
        const page = await openAtOverview(suite);
        await navigate(page, 'Topics');
        await page.getByTestId('topics-table').getByRole('link', { name: TOPIC, exact: true }).click();
        const main = page.getByRole('main');
        await main.getByTestId('purge-partition-0').click();
        const dialog = page.getByTestId('purge-dialog');
        await setNumber(dialog.getByTestId('purge-offset').getByRole('spinbutton'), 11);
        await dialog.getByTestId('purge-preview').click();
        await dialog
          .getByTestId('purge-refusal')
          .getByText('Cannot increment the log start offset to 11 of partition purge-me-0 since it is larger than the high watermark 10', {
            exact: false,
          })
          .waitFor();
        expect(await dialog.getByTestId('purge-submit').isDisabled()).toBe(true);

        await setNumber(dialog.getByTestId('purge-offset').getByRole('spinbutton'), 6);
        await dialog.getByTestId('purge-preview').click();
        const replicas = dialog.getByTestId('purge-replicas');
        await waitUntil(async () => (await replicas.locator('tbody tr').count()) === 3, 'three replicas previewed');
        const rows = await replicas.locator('tbody tr').allInnerTexts();
        for (const row of rows) {
          expect(row).toContain('0 → 6');
          expect(row).toContain('00000000000000000000.log');
        }
        await suite.app.screenshot(page, 'purge-preview');

        await dialog.getByTestId('purge-submit').click();
        const box = page.getByTestId('confirm-dialog');
        await box.getByText('Purge purge-me-0 up to offset 6?', { exact: false }).waitFor();
        await box.getByTestId('confirm-ok').click();
        await expectToast(page, 'Purged purge-me-0: low watermark 6');

        expect((await api.topics.detail(TOPIC)).partitions[0].logStartOffset).toBe(6);
        // The retention check (every second here, the first 30 s after startup) deletes segment 0 on each broker.
        await api.cluster.setClockSpeed(20);
        for (const b of [0, 1, 2]) {
          await waitUntil(
            async () => !(await segmentFiles(b)).logs.includes('00000000000000000000.log'),
            `segment 0 gone on broker ${b}`,
            30_000,
          );
          expect((await segmentFiles(b)).logs).toEqual(['00000000000000000004.log', '00000000000000000008.log']);
          const checkpoint = join((await segmentFiles(b)).root, 'log-start-offset-checkpoint');
          await waitUntil(
            async () => existsSync(checkpoint) && readFileSync(checkpoint, 'utf8').includes(`${TOPIC} 0 6`),
            `checkpoint on broker ${b}`,
            30_000,
          );
        }
        await api.cluster.setClockSpeed(1);
        await suite.app.screenshot(page, 'purge-done');
      },
      TEST_TIMEOUT,
    );
  },
  { afterStart: createCluster },
);
