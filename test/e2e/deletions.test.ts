/**
 * End-to-end: the topic deletion monitor in Chromium against headless mode, used as a person uses
 * it — delete a topic by typing its name, follow it to gone; delete one while a replica's broker is
 * stopped, read why it waits, start the broker from the Brokers page, see it finish. The clock runs
 * at 10× (the header's control), so `file.delete.delay.ms` = 60 s passes in 6 s. (At 100× an
 * 18 s ZooKeeper session lasts 180 ms: on a loaded 2-core machine brokers' sessions expire.)
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { E2eApp } from './support/app-fixture';
import { describeInChromium } from './support/e2e-suite';
import { clickControl, navigate, rowWithCell, waitToastGone, waitUntil, openAtOverview } from './support/ui';

const TEST_TIMEOUT = 40_000;

/** Two topics to delete: one whose replicas all live, one with replicas on broker 2 (stopped in a test). */
async function createTopics(app: E2eApp): Promise<void> {
  for (const [name, assignment] of [
    [
      'doomed',
      [
        [0, 1],
        [1, 2],
        [2, 0],
      ],
    ],
    [
      'stuck',
      [
        [1, 2],
        [2, 0],
      ],
    ],
  ] as const) {
    const created = await app.backend.api.topics.create(
      {
        name,
        partitions: null,
        replicationFactor: null,
        assignment: { kind: 'manual', assignment: assignment.map((r) => [...r]) },
        configs: {},
      },
      { validateOnly: false },
    );
    expect(created.error).toBeNull();
  }
}

describeInChromium(
  'the deletion monitor',
  (suite) => {
    async function open(): Promise<Page> {
      const page = await openAtOverview(suite);
      const speed10 = page.getByTestId('clock-speed').getByRole('radio', { name: '10×', exact: true });
      await clickControl(speed10);
      await waitUntil(() => speed10.isChecked(), 'the 10× clock selected');
      return page;
    }

    /** Opens the dialog from the monitor, types the topic and the confirmation, and deletes. */
    async function deleteFromMonitor(page: Page, topic: string): Promise<void> {
      await navigate(page, 'Deletions');
      await page.getByRole('button', { name: 'Delete topics', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete topics', exact: true });
      await dialog.getByRole('textbox', { name: 'Topic name', exact: true }).fill(topic);
      await dialog.getByText(`Writes /admin/delete_topics/${topic};`).waitFor();
      const submit = dialog.getByRole('button', { name: 'Delete', exact: true });
      const confirmation = dialog.getByRole('textbox', { name: `Type ${topic} to confirm`, exact: true });
      await confirmation.fill(topic.slice(0, -1));
      expect(await submit.isDisabled()).toBe(true);
      await confirmation.fill(topic);
      await submit.click();
      await dialog.waitFor({ state: 'hidden' });
    }

    it(
      'deletes a topic from the monitor (typing its name) and follows it through every stage to gone, then finds it in the history with its duration',
      async () => {
        const page = await open();
        await deleteFromMonitor(page, 'doomed');
        const detail = page.locator('[data-testid="deletion-detail"][data-topic="doomed"]');
        await detail.waitFor();
        await waitUntil(async () => (await detail.getAttribute('data-stage')) === 'gone', 'doomed gone', 25_000);
        // Six replicas, each through the deletion's states to NonExistentReplica.
        const grid = detail.getByTestId('replica-grid');
        for (const [p, b] of [
          [0, 0],
          [0, 1],
          [1, 1],
          [1, 2],
          [2, 2],
          [2, 0],
        ]) {
          expect(await grid.getByTestId(`grid-state-${p}-${b}`).innerText()).toBe('NonExistentReplica');
        }
        const dirs = detail.getByTestId('delete-dirs');
        await waitUntil(async () => (await dirs.locator('[data-removed="true"]').count()) === 6, 'six -delete dirs removed');
        const timeline = detail.getByTestId('deletion-timeline');
        await timeline.getByText('[Topic Deletion Manager', { exact: false }).first().waitFor();
        await timeline.getByText(/Deletion of topic doomed successfully completed/).waitFor();
        const history = page.getByTestId('deletion-history');
        const row = rowWithCell(history, 'doomed');
        await row.waitFor();
        await row.getByRole('cell', { name: 'Deleted', exact: true }).waitFor();
        // 60 s of file.delete.delay.ms at least, as minutes and seconds.
        expect(await row.getByTestId('history-duration-doomed').innerText()).toMatch(/^1 min \d\d s$/);
        await waitToastGone(page, 'Deletion requested: doomed');
        await suite.app.screenshot(page, 'deletion-monitor');
      },
      TEST_TIMEOUT,
    );

    it(
      'deleting a topic while a replica’s broker is stopped: blocked with that broker named; starting the broker on the Brokers page finishes it',
      async () => {
        const page = await open();
        await navigate(page, 'Brokers');
        const brokers = page.getByTestId('brokers-table');
        await page.getByTestId('broker-2-controlled-shutdown').click();
        const shutdown = page.getByRole('dialog', { name: 'Controlled shutdown: broker 2', exact: true });
        await waitUntil(async () => (await shutdown.getByRole('listitem').count()) > 0, 'the explanation of the shutdown');
        await shutdown.getByRole('button', { name: 'Controlled shutdown', exact: true }).click();
        await shutdown.waitFor({ state: 'hidden' });
        await rowWithCell(brokers, /^2$/).getByRole('cell', { name: 'NotRunning', exact: true }).waitFor();

        await deleteFromMonitor(page, 'stuck');
        const detail = page.locator('[data-testid="deletion-detail"][data-topic="stuck"]');
        const blocker = detail.getByTestId('blocker-broker-offline');
        await blocker.waitFor();
        expect(await blocker.innerText()).toContain('Broker 2 is not live (NotRunning)');
        expect(await blocker.innerText()).toContain('start broker 2');
        const ineligibleCell = detail.getByTestId('grid-row-0-2').locator('[data-state="ReplicaDeletionIneligible"]');
        await waitUntil(
          async () => (await ineligibleCell.getAttribute('data-seen')) === 'true',
          'replica 0@2 seen ReplicaDeletionIneligible',
        );
        expect(await page.getByTestId('deletion-row-stage-stuck').innerText()).toBe('StopReplica sent');
        await waitToastGone(page, 'Controlled shutdown broker 2: done');
        await waitToastGone(page, 'Deletion requested: stuck');
        // The reason and the replica × state grid in the picture.
        await detail.getByTestId('deletion-blockers').evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await suite.app.screenshot(page, 'deletion-blocked');

        await navigate(page, 'Brokers');
        await page.getByTestId('broker-2-start').click();
        const start = page.getByRole('dialog', { name: 'Start: broker 2', exact: true });
        await waitUntil(async () => (await start.getByRole('listitem').count()) > 0, 'the explanation of the start');
        await start.getByRole('button', { name: 'Start', exact: true }).click();
        await start.waitFor({ state: 'hidden' });

        await navigate(page, 'Deletions');
        await waitUntil(async () => (await detail.getAttribute('data-stage')) === 'gone', 'stuck gone', 25_000);
        expect(await detail.getByTestId('blocker-broker-offline').count()).toBe(0);
        await rowWithCell(page.getByTestId('deletion-history'), 'stuck').waitFor();
      },
      TEST_TIMEOUT,
    );
  },
  { afterStart: createTopics },
);
