/**
 * End-to-end: the production build of the UI in Debian's Chromium (playwright-core), against the
 * headless server over a real backend, used the way a person uses it — clicks and typing, waiting
 * on what the page shows. Each test opens its own browser context; they share one backend and run
 * in order (the cluster the first one creates is the one the others work on). A console error or
 * an uncaught exception in the page fails the test it happened in.
 *
 * Screenshots of every main view go to test-results/screenshots/. With DOJO_E2E_UPDATE_DOCS=1 the
 * ones the README shows are copied to docs/screenshots/ as well.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { CreateTopicRequestDto } from '../../src-main/api/contract';
import { describeInChromium } from './support/e2e-suite';
import {
  bodyRows,
  clickControl,
  navigate,
  readAssignmentGrid,
  rowWithCell,
  setNumber,
  expectToast,
  waitToastGone,
  waitUntil,
  openAtOverview,
} from './support/ui';

const TEST_TIMEOUT = 60_000;
const CLUSTER = 'e2e-racks';

describeInChromium('Kafka Dojo', (suite) => {
  async function open(): Promise<Page> {
    const page = await openAtOverview(suite);
    return page;
  }

  /** Fills the wizard's first two steps: name, then partitions and replication factor. */
  async function wizardCounts(page: Page, name: string, partitions: number, replicationFactor: number): Promise<void> {
    await navigate(page, 'Topics');
    await page.getByRole('button', { name: 'Create topic', exact: true }).click();
    const main = page.getByRole('main');
    // The wizard is a lazily loaded route: until it shows, the topics page's search box is there.
    await main.getByRole('heading', { level: 2, name: 'Topics / Create topic', exact: true }).waitFor();
    await main.getByRole('textbox', { name: 'Topic name', exact: true }).fill(name);
    await main.getByRole('button', { name: 'Next', exact: true }).click();
    await setNumber(main.getByRole('spinbutton', { name: 'Partitions', exact: true }), partitions);
    await setNumber(main.getByRole('spinbutton', { name: 'Replication factor', exact: true }), replicationFactor);
  }

  /** From the assignment step: configs, review, Create; then waits for every partition online. */
  async function wizardCreate(page: Page, partitions: number): Promise<void> {
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Next', exact: true }).click();
    await main.getByRole('textbox', { name: /Search configs/ }).waitFor();
    await main.getByRole('button', { name: 'Next', exact: true }).click();
    await main.getByRole('heading', { name: 'Znodes that will be written', exact: true }).waitFor();
    await main.getByRole('button', { name: 'Create', exact: true }).click();
    await main.getByText(`All ${partitions} partitions are online`).waitFor();
    const follow = page.getByTestId('follow-table');
    await waitUntil(async () => (await bodyRows(follow).count()) === partitions, `${partitions} rows in the follow table`);
    for (const row of await bodyRows(follow).all()) {
      expect(await row.getByRole('cell').nth(1).innerText()).toBe('OnlinePartition');
    }
  }

  async function apiAssignment(topic: string): Promise<number[][]> {
    const detail = await suite.app.backend.api.topics.detail(topic);
    return detail.partitions.map((p) => [...p.replicas]);
  }

  it(
    'loads in headless mode, lists the default cluster, and creates a 3-broker cluster with racks that opens',
    async () => {
      const page = await open();
      await navigate(page, 'Clusters');
      const table = page.getByRole('main');
      const dojo = rowWithCell(table, /^dojo\s+open$/);
      await dojo.waitFor();
      expect(await dojo.getByRole('button', { name: 'Open', exact: true }).isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'New cluster', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New cluster', exact: true });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(CLUSTER);
      await setNumber(dialog.getByRole('spinbutton', { name: 'Brokers', exact: true }), 3);
      await clickControl(dialog.getByRole('switch', { name: 'Racks', exact: true }));
      // With racks on, the form item holds the switch and the rack count.
      const racks = dialog.getByRole('group', { name: 'Racks', exact: true });
      await setNumber(racks.getByRole('spinbutton'), 3);
      await racks.getByText('0 → rack-0, 1 → rack-1, 2 → rack-2').waitFor();
      await dialog.getByRole('heading', { name: 'New cluster', exact: true }).click(); // nothing focused in the picture
      await suite.app.screenshot(page, 'new-cluster');
      await dialog.getByRole('button', { name: 'Create and open', exact: true }).click();

      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 2, name: `Cluster overview ${CLUSTER}`, exact: true }).waitFor();
      await page.getByRole('link', { name: CLUSTER, exact: true }).waitFor();
      const brokers = bodyRows(page.getByTestId('overview-brokers'));
      await waitUntil(async () => (await brokers.filter({ hasText: 'RunningAsBroker' }).count()) === 3, 'three running brokers');
      for (const id of [0, 1, 2]) {
        await rowWithCell(page.getByTestId('overview-brokers'), new RegExp(`^${id}(\\s+Controller)?$`))
          .getByRole('cell', { name: `rack-${id}`, exact: true })
          .waitFor();
      }
      // One controller: the badge on one broker, its id in the header and in the controller card.
      const controllerRow = brokers.filter({ has: page.getByText('Controller', { exact: true }) });
      await waitUntil(async () => (await controllerRow.count()) === 1, 'one broker with the Controller badge');
      const controllerId = Number((await controllerRow.getByRole('cell').first().innerText()).replace('Controller', '').trim());
      await page.getByText(`Controller: broker ${controllerId}`, { exact: true }).waitFor();
      expect((await suite.app.backend.api.cluster.overview()).controllerId).toBe(controllerId);
      await waitToastGone(page, `Cluster ${CLUSTER} created and started`);
      await suite.app.screenshot(page, 'overview');

      // The clusters page now shows both, the new one open.
      await navigate(page, 'Clusters');
      await rowWithCell(table, new RegExp(`^${CLUSTER}\\s+open$`)).waitFor();
      await rowWithCell(table, /^dojo$/).waitFor();
      await suite.app.screenshot(page, 'clusters');
    },
    TEST_TIMEOUT,
  );

  it(
    "creates a topic with Kafka's automatic assignment as previewed, and follows every partition to OnlinePartition",
    async () => {
      const page = await open();
      await wizardCounts(page, 'orders', 6, 3);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Next', exact: true }).click();

      const grid = page.getByTestId('assignment-grid');
      await grid.waitFor();
      expect(await main.getByRole('radio', { name: 'Automatic', exact: true }).isChecked()).toBe(true);
      const previewed = await readAssignmentGrid(grid);
      expect(previewed).toHaveLength(6);
      for (const replicas of previewed) expect(new Set(replicas).size).toBe(3);
      const command = `kafka-topics.sh --create --topic orders --replica-assignment ${previewed.map((r) => r.join(':')).join(',')}`;
      await main.getByText(command, { exact: true }).waitFor();
      await suite.app.screenshot(page, 'create-topic-wizard');

      await wizardCreate(page, 6);
      // What the wizard showed is what was written.
      expect(await apiAssignment('orders')).toEqual(previewed);

      await main.getByRole('button', { name: 'Open the topic', exact: true }).click();
      await main.getByRole('heading', { level: 2, name: 'Topics / orders', exact: true }).waitFor();
      const partitions = bodyRows(page.getByTestId('partitions-table'));
      await waitUntil(async () => (await partitions.filter({ hasText: 'OnlinePartition' }).count()) === 6, 'six OnlinePartition rows');
      await suite.app.screenshot(page, 'topic-detail');

      await navigate(page, 'Topics');
      await rowWithCell(page.getByTestId('topics-table'), 'orders').getByText('healthy').waitFor();
      await suite.app.screenshot(page, 'topics');
    },
    TEST_TIMEOUT,
  );

  it(
    'creates a topic from a manual assignment grid',
    async () => {
      const page = await open();
      await wizardCounts(page, 'manual-grid', 3, 2);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Next', exact: true }).click();
      await clickControl(main.getByRole('radio', { name: 'Manual grid', exact: true }));
      await main.getByRole('button', { name: 'Clear', exact: true }).click();
      const grid = page.getByTestId('assignment-grid');
      const wanted = [
        [0, 1],
        [1, 2],
        [2, 0],
      ];
      for (const [partition, replicas] of wanted.entries()) {
        for (const broker of replicas) await grid.getByTestId(`grid-cell-${partition}-${broker}`).click();
      }
      expect(await readAssignmentGrid(grid)).toEqual(wanted);
      await main.getByText('kafka-topics.sh --create --topic manual-grid --replica-assignment 0:1,1:2,2:0', { exact: true }).waitFor();
      await suite.app.screenshot(page, 'create-topic-manual-grid');

      await wizardCreate(page, 3);
      expect(await apiAssignment('manual-grid')).toEqual(wanted);
    },
    TEST_TIMEOUT,
  );

  it(
    "refuses a replication factor larger than the cluster in Kafka's words, next to the field, and writes nothing",
    async () => {
      const page = await open();
      await wizardCounts(page, 'too-many-replicas', 1, 4);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Next', exact: true }).click();

      const message = main.getByRole('alert').filter({ hasText: 'Replication factor: 4 larger than available brokers: 3.' });
      await message.waitFor();
      expect((await message.innerText()).trim()).toBe('Replication factor: 4 larger than available brokers: 3.');
      // Next to the field: below the replication factor input, above the next form item.
      const field = main.getByRole('spinbutton', { name: 'Replication factor', exact: true });
      const nextItem = main.getByRole('group', { name: 'Live brokers', exact: true });
      const [fieldBox, messageBox, nextBox] = await Promise.all([field.boundingBox(), message.boundingBox(), nextItem.boundingBox()]);
      expect(fieldBox && messageBox && nextBox).toBeTruthy();
      expect(messageBox!.y).toBeGreaterThanOrEqual(fieldBox!.y + fieldBox!.height - 1);
      expect(messageBox!.y + messageBox!.height).toBeLessThanOrEqual(nextBox!.y + 1);
      // The wizard stays on this step.
      await main.getByRole('spinbutton', { name: 'Replication factor', exact: true }).waitFor();
      await suite.app.screenshot(page, 'create-topic-refused');

      const listed = await suite.app.backend.api.topics.list({ search: 'too-many-replicas' });
      expect(listed.total).toBe(0);
      await expect(suite.app.backend.api.topics.detail('too-many-replicas')).rejects.toThrow();
    },
    TEST_TIMEOUT,
  );

  it(
    'adds partitions through the alter wizard and changes retention.ms, shown with source TOPIC_CONFIG',
    async () => {
      const request: CreateTopicRequestDto = {
        name: 'alter-me',
        partitions: 2,
        replicationFactor: 2,
        assignment: { kind: 'automatic', rackAware: false },
        configs: {},
      };
      const created = await suite.app.backend.api.topics.create(request, { validateOnly: false });
      expect(created.error).toBeNull();

      const page = await open();
      await navigate(page, 'Topics');
      await page.getByTestId('topics-table').getByRole('link', { name: 'alter-me', exact: true }).click();
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 2, name: 'Topics / alter-me', exact: true }).waitFor();
      await main.getByRole('button', { name: 'Alter', exact: true }).click();
      await main.getByRole('heading', { level: 2, name: 'Topics / alter-me / Alter', exact: true }).waitFor();

      // Add partitions: 2 → 4, Kafka's assignment for the new ones.
      await main.getByRole('tab', { name: 'Add partitions', exact: true }).click();
      await setNumber(main.getByRole('spinbutton', { name: 'New partition count', exact: true }), 4);
      await main.getByRole('button', { name: 'Preview', exact: true }).click();
      await main.getByRole('heading', { name: 'Assignment after the change (new partitions highlighted)', exact: true }).waitFor();
      const preview = await readAssignmentGrid(main.getByTestId('assignment-grid'));
      expect(preview).toHaveLength(4);
      await suite.app.screenshot(page, 'alter-add-partitions');
      await main.getByRole('button', { name: 'Add partitions', exact: true }).click();
      await expectToast(page, '2 partitions added');
      await waitUntil(
        async () => (await suite.app.backend.api.topics.detail('alter-me')).partitions.length === 4,
        'four partitions in the API',
      );
      expect(await apiAssignment('alter-me')).toEqual(preview);

      // Edit configs: retention.ms = 3600000.
      await main.getByRole('tab', { name: 'Edit configs', exact: true }).click();
      const configs = page.getByTestId('edit-configs');
      await configs.getByRole('textbox', { name: /Search configs/ }).fill('retention.ms');
      const row = rowWithCell(configs.getByTestId('config-table'), 'retention.ms');
      await row.getByRole('textbox').fill('3600000');
      await rowWithCell(configs.getByTestId('config-diff'), 'retention.ms').getByText('added').waitFor();
      await configs.getByRole('button', { name: 'Apply', exact: true }).click();
      await expectToast(page, '1 config change applied');

      // The topic's configs: retention.ms from the topic's own override.
      await main.getByRole('link', { name: 'alter-me', exact: true }).click();
      await main.getByRole('heading', { level: 2, name: 'Topics / alter-me', exact: true }).waitFor();
      await waitUntil(
        async () => (await bodyRows(page.getByTestId('partitions-table')).count()) === 4,
        'four partitions on the topic page',
      );
      await main.getByRole('tab', { name: 'Configs', exact: true }).click();
      const retention = rowWithCell(page.getByTestId('topic-configs'), 'retention.ms');
      await retention.getByRole('cell', { name: '3600000', exact: true }).waitFor();
      await retention.getByRole('cell', { name: 'TOPIC_CONFIG', exact: true }).waitFor();
      const entry = (await suite.app.backend.api.topics.detail('alter-me')).configs.find((c) => c.name === 'retention.ms');
      expect(entry).toMatchObject({ value: '3600000', source: 'TOPIC_CONFIG' });
      await suite.app.screenshot(page, 'topic-configs');
    },
    TEST_TIMEOUT,
  );

  it(
    'produces a record in the message tester',
    async () => {
      const page = await open();
      await navigate(page, 'Messages', 'Message tester');
      const main = page.getByRole('main');
      const produce = main.getByTestId('produce-topic');
      await produce.click();
      await page.keyboard.type('orders');
      await page.getByRole('option', { name: 'orders', exact: true }).click();
      await main.getByRole('textbox', { name: 'Value', exact: true }).fill('hello from the e2e test');
      await main.getByRole('button', { name: 'Send', exact: true }).click();
      const results = page.getByTestId('produce-results');
      // Written: Kafka's error name shows only on an error.
      await bodyRows(results).first().getByText('Written (leader', { exact: false }).waitFor();
      await suite.app.screenshot(page, 'messages');
    },
    TEST_TIMEOUT,
  );

  it(
    "kills the controller's broker from the brokers page and a new controller takes over",
    async () => {
      const page = await open();
      const before = await suite.app.backend.api.cluster.overview();
      const oldController = before.controllerId;
      expect(oldController).toBeGreaterThanOrEqual(0);

      // 100×: the killed broker's 18 s ZooKeeper session expires in a fraction of a second.
      const speed100 = page.getByTestId('clock-speed').getByRole('radio', { name: '100×', exact: true });
      await clickControl(speed100);
      await waitUntil(() => speed100.isChecked(), 'the 100× clock selected');
      expect((await suite.app.backend.api.cluster.overview()).clockSpeed).toBe(100);

      await navigate(page, 'Brokers');
      const table = page.getByTestId('brokers-table');
      const row = rowWithCell(table, new RegExp(`^${oldController}\\s+Controller$`));
      await suite.app.screenshot(page, 'brokers');
      await row.getByTestId(`broker-${oldController}-more`).click();
      await page.getByRole('menuitem', { name: 'Kill', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Kill: broker ${oldController}`, exact: true });
      await dialog.getByText('This is what will happen:').waitFor();
      await waitUntil(async () => (await dialog.getByRole('listitem').count()) > 0, 'the explanation of the kill');
      await suite.app.screenshot(page, 'brokers-kill-dialog');
      await dialog.getByRole('button', { name: 'Kill', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await rowWithCell(table, new RegExp(`^${oldController}$`))
        .getByRole('cell', { name: 'Killed', exact: true })
        .waitFor();

      await navigate(page, 'Overview', /Cluster overview/);
      const header = page.getByText(/^Controller: broker \d+$/);
      await waitUntil(async () => {
        const text = await header.innerText();
        return text !== `Controller: broker ${oldController}`;
      }, 'a new controller in the header');
      const newController = Number((await header.innerText()).replace('Controller: broker ', ''));
      expect(newController).not.toBe(oldController);
      const brokers = page.getByTestId('overview-brokers');
      await rowWithCell(brokers, new RegExp(`^${newController}\\s+Controller$`)).waitFor();
      await rowWithCell(brokers, new RegExp(`^${oldController}$`))
        .getByRole('cell', { name: 'Killed', exact: true })
        .waitFor();
      const after = await suite.app.backend.api.cluster.overview();
      expect(after.controllerId).toBe(newController);
      expect(after.controllerEpoch).toBeGreaterThan(before.controllerEpoch);
      await waitToastGone(page, `Kill broker ${oldController}: done`);
      await suite.app.screenshot(page, 'overview-after-kill');
    },
    TEST_TIMEOUT,
  );

  it(
    'switches the UI to 简体中文',
    async () => {
      const page = await open();
      // The select's input sits under the shown value, which takes the click.
      await page.getByRole('combobox', { name: 'Language', exact: true }).waitFor();
      await page.getByTestId('language-switch').click();
      await page.getByRole('option', { name: '简体中文', exact: true }).click();
      await page.getByRole('menuitem', { name: '集群', exact: true }).waitFor();
      await page.getByRole('menuitem', { name: '概览', exact: true }).waitFor();
      await page
        .getByRole('main')
        .getByRole('heading', { level: 2, name: /集群概览/ })
        .waitFor();
      await page.getByRole('combobox', { name: '语言', exact: true }).waitFor();
      await page.getByRole('menuitem', { name: '集群', exact: true }).click();
      await page.getByRole('button', { name: '新建集群', exact: true }).waitFor();
      await suite.app.screenshot(page, 'clusters-zh-CN');
    },
    TEST_TIMEOUT,
  );
});
