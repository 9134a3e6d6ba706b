/**
 * End-to-end: the rough edges a new user found (issue 16 §3, first half), each as only a browser
 * shows it. The node view after saving /admin/delete_topics/<t> names that node, never the one shown
 * before; the create wizard refuses 0 partitions in Kafka's words and drops the refusal once the
 * count is corrected, prints the '.'/'_' warning and reviews the kafka-topics.sh command; a
 * malformed hand-written topic is listed as such and a delete is confirmed by typing the name; the
 * Brokers page has one primary action and a menu, Remove disabled with its reason, log-dir sizes
 * on one line, and after a kill the countdown to the session expiry.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { CreateTopicRequestDto } from '../../src-main/api/contract';
import { describeInChromium } from './support/e2e-suite';
import { navigate, openAtOverview, rowWithCell, setNumber, waitUntil } from './support/ui';

const TEST_TIMEOUT = 60_000;

const oneReplica = (name: string): CreateTopicRequestDto => ({
  name,
  partitions: null,
  replicationFactor: null,
  assignment: { kind: 'manual', assignment: [[0], [1]] },
  configs: {},
});

describeInChromium('the rough edges a new user found (first half)', (suite) => {
  const api = () => suite.app.backend.api;

  it(
    'after saving /admin/delete_topics/<t> while /controller was shown, the node view names the marker, gone once the controller took it',
    async () => {
      await api().topics.create(oneReplica('doomed-by-znode'), { validateOnly: false });
      const page = await openAtOverview(suite);
      await navigate(page, 'ZooKeeper');
      await page.locator('[data-testid="znode-row"][data-path="/controller"]').click();
      await page.getByTestId('znode-path').getByText('/controller', { exact: true }).waitFor();
      await page.getByTestId('znode-new').click();
      const form = page.getByTestId('znode-write');
      await form.getByTestId('znode-write-path').fill('/admin/delete_topics/doomed-by-znode');
      await page.getByTestId('znode-check-effects').getByText('This marks topic doomed-by-znode for deletion', { exact: false }).waitFor();
      await page.getByTestId('znode-save').click();
      await page.getByTestId('znode-gone').waitFor();
      expect(await page.getByTestId('znode-path').innerText()).toBe('/admin/delete_topics/doomed-by-znode');
    },
    TEST_TIMEOUT,
  );

  it(
    "the wizard: 0 partitions refused in Kafka's words until corrected, the '.'/'_' warning, cleanup.policy as a select, the command in the review",
    async () => {
      const page = await openAtOverview(suite);
      await navigate(page, 'Topics');
      await page.getByRole('button', { name: 'Create topic', exact: true }).click();
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 2, name: 'Topics / Create topic', exact: true }).waitFor();
      await main.getByRole('textbox', { name: 'Topic name', exact: true }).fill('edges.orders');
      await main.getByTestId('name-collision-warning').getByText('WARNING: Due to limitations in metric names', { exact: false }).waitFor();
      await main.getByRole('button', { name: 'Next', exact: true }).click();
      const partitions = main.getByRole('spinbutton', { name: 'Partitions', exact: true });
      await setNumber(partitions, 0);
      await main.getByRole('button', { name: 'Next', exact: true }).click();
      await main.getByTestId('partitions-error').getByText('Number of partitions must be larger than 0.', { exact: true }).waitFor();
      expect(await partitions.inputValue()).toBe('0');
      await setNumber(partitions, 2);
      await main.getByTestId('partitions-error').waitFor({ state: 'detached' });
      await setNumber(main.getByRole('spinbutton', { name: 'Replication factor', exact: true }), 2);
      await main.getByRole('button', { name: 'Next', exact: true }).click();
      await main.getByTestId('assignment-step').waitFor();
      await main.getByRole('button', { name: 'Next', exact: true }).click();
      await main.getByTestId('config-select-cleanup.policy').waitFor();
      await main.getByTestId('config-input-retention.ms').fill('86400000');
      await main.getByTestId('config-human-retention.ms').getByText('= 1 d', { exact: true }).waitFor();
      await main.getByRole('button', { name: 'Next', exact: true }).click();
      const command = main.getByTestId('create-command');
      await command.waitFor();
      expect(await command.innerText()).toMatch(
        /^kafka-topics\.sh --create --bootstrap-server \S+ --topic edges\.orders --replica-assignment \d:\d,\d:\d --config retention\.ms=86400000$/,
      );
      expect(await main.getByTestId('request-json').count()).toBe(0);
      await main.getByTestId('review-step').getByText('/brokers/topics/edges.orders', { exact: true }).first().waitFor();
    },
    TEST_TIMEOUT,
  );

  it(
    'a hand-written malformed topic is listed as malformed with Kafka’s complaint; a delete is confirmed by typing the name',
    async () => {
      await api().zookeeper.create({ path: '/brokers/topics/handmade', data: '{"version":1,', mode: 'persistent' });
      await api().topics.create(oneReplica('doomed-by-ui'), { validateOnly: false });
      const page = await openAtOverview(suite);
      await navigate(page, 'Topics');
      const main = page.getByRole('main');
      const row = rowWithCell(main, 'handmade');
      await waitUntil(async () => (await row.count()) === 1, 'the handmade topic listed');
      await row.getByText('malformed znode', { exact: true }).waitFor();
      expect(await row.getByText('healthy', { exact: true }).count()).toBe(0);
      await row.getByTestId('topic-problem-handmade').getByText('Not valid JSON', { exact: false }).waitFor();

      await page.goto(`${suite.app.server.url}#/topics/doomed-by-ui`);
      await page.getByTestId('delete-topic').click();
      const dialog = page.getByTestId('confirm-dialog');
      await dialog.getByTestId('confirm-sentences').getByText('/admin/delete_topics/doomed-by-ui', { exact: false }).waitFor();
      const ok = dialog.getByTestId('confirm-ok');
      expect(await ok.isDisabled()).toBe(true);
      await dialog.getByTestId('confirm-name').fill('doomed-by-ui');
      await waitUntil(async () => !(await ok.isDisabled()), 'the red button enabled');
      await ok.click();
      await main.getByRole('heading', { level: 2, name: 'Topics', exact: true }).waitFor();
    },
    TEST_TIMEOUT,
  );

  it(
    'brokers: a primary action and a menu, Remove disabled with its reason, sizes on one line; after a kill, the session countdown',
    async () => {
      const page: Page = await openAtOverview(suite);
      await navigate(page, 'Brokers');
      const main = page.getByRole('main');
      await main.getByTestId('broker-2-controlled-shutdown').waitFor();
      // Each log dir's size stays on one line.
      for (const size of await main.getByTestId('log-dir-size').all()) {
        const box = await size.boundingBox();
        expect(box!.height).toBeLessThan(24);
      }
      await main.getByTestId('broker-2-more').click();
      const remove = page.getByTestId('broker-2-remove');
      await remove.getByText('Running: shut it down or kill it first.', { exact: true }).waitFor();
      expect(await remove.getAttribute('aria-disabled')).toBe('true');
      await page.getByRole('menuitem', { name: 'Kill', exact: true }).click();
      const dialog = page.getByTestId('confirm-dialog');
      await waitUntil(async () => (await dialog.getByRole('listitem').count()) > 0, 'the explanation of the kill');
      await dialog.getByTestId('confirm-ok').click();
      const hint = main.getByTestId('session-expiry-2');
      await hint.getByText('zookeeper.session.timeout.ms = 18000', { exact: false }).waitFor();
      expect(await main.getByTestId('session-expiry-countdown-2').innerText()).toMatch(/^Session expires in \d+(\.\d)? s$/);
      await suite.app.screenshot(page, 'brokers-session-countdown');
      // The countdown ends when ZooKeeper expires the session (sped up here).
      await api().cluster.setClockSpeed(100);
      await hint.waitFor({ state: 'detached' });
      await api().cluster.setClockSpeed(1);
      await main.getByTestId('broker-2-start').waitFor();
    },
    TEST_TIMEOUT,
  );
});
