/**
 * End-to-end: the ZooKeeper node editor in Chromium against headless mode, used as a person would —
 * hand-writing a topic znode from its template (validation and preview shown) and seeing the topic
 * come to life, hand-writing its deletion marker and seeing it go, saving malformed data after
 * the warning and finding the controller's complaint on the overview's timeline, and reading the
 * watches of every session (an outside client's connection among them), addauth and a refusal of the ACLs. Screenshots: zookeeper-editor,
 * zookeeper-invalid-warning, zookeeper-noauth.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { NzkClient } from '../support/node-zookeeper-client';
import { describeInChromium } from './support/e2e-suite';
import { navigate, rowWithCell, UI_TIMEOUT, waitUntil } from './support/ui';

const TEST_TIMEOUT = 40_000;
const TOPIC = 'by-hand';
const TOPIC_ZNODE = `{"version":2,"partitions":{"2":[2],"1":[1],"0":[0]},"adding_replicas":{},"removing_replicas":{}}`;

describeInChromium(
  'the ZooKeeper node editor',
  (suite) => {
    async function openEditor(): Promise<Page> {
      const { page } = await suite.openPage();
      await navigate(page, 'ZooKeeper');
      await treeRow(page, '/brokers').waitFor();
      return page;
    }

    const treeRow = (page: Page, path: string) => page.locator(`[data-testid="znode-row"][data-path="${path}"]`);

    async function expandInTree(page: Page, path: string): Promise<void> {
      const node = page.locator('.el-tree-node', { has: treeRow(page, path) });
      if ((await node.getAttribute('aria-expanded')) !== 'true') await node.locator('.el-tree-node__expand-icon').first().click();
    }

    /** The write tab, from the template of a Kafka znode, with the path and data a person types. */
    async function writeFromTemplate(page: Page, templateTitle: string, path: string, data: string | null): Promise<void> {
      await page.getByTestId('znode-new').click();
      const form = page.getByTestId('znode-write');
      await form.getByTestId('znode-template').click();
      await page.getByRole('option', { name: new RegExp(`^${templateTitle} — `) }).click();
      await form.getByTestId('znode-write-path').fill(path);
      if (data !== null) await form.getByTestId('znode-write-data').fill(data);
    }

    it(
      'hand-writes /brokers/topics/<t> from the template: the preview says what happens, the topic appears with its logs (C6)',
      async () => {
        const page = await openEditor();
        await writeFromTemplate(page, 'Topic assignment', `/brokers/topics/${TOPIC}`, TOPIC_ZNODE);
        const effects = page.getByTestId('znode-check-effects');
        await effects.getByText(`This creates topic ${TOPIC} with 3 partitions on brokers 0,1,2`, { exact: false }).waitFor();
        expect(await page.getByTestId('znode-check-problem').count()).toBe(0);
        await suite.app.screenshot(page, 'zookeeper-editor');
        await page.getByTestId('znode-save').click();

        // Saved: the node view shows it, and the controller's work appears in the tree as pushed.
        await page.getByTestId('znode-path').getByText(`/brokers/topics/${TOPIC}`, { exact: true }).waitFor();
        await expect.poll(() => page.getByTestId('znode-data').innerText(), { timeout: UI_TIMEOUT }).toContain('"partitions": {');
        await treeRow(page, `/brokers/topics/${TOPIC}`).waitFor();
        await waitUntil(
          async () => (await treeRow(page, `/brokers/topics/${TOPIC}`).innerText()).trim().endsWith('1'),
          'the topic znode to get its partitions child',
        );
        await expandInTree(page, `/brokers/topics/${TOPIC}`);
        await expandInTree(page, `/brokers/topics/${TOPIC}/partitions`);
        for (const p of [0, 1, 2]) await treeRow(page, `/brokers/topics/${TOPIC}/partitions/${p}`).waitFor();

        await navigate(page, 'Topics');
        await rowWithCell(page.getByRole('main'), TOPIC).waitFor();
        const overview = await suite.app.backend.api.cluster.overview();
        for (const p of [0, 1, 2]) {
          const dir = overview.brokers.find((b) => b.id === p)?.logDirs[0]?.path ?? '';
          expect(existsSync(join(dir, `${TOPIC}-${p}`, '00000000000000000000.log')), `${TOPIC}-${p} on broker ${p}`).toBe(true);
        }
      },
      TEST_TIMEOUT,
    );

    it(
      'hand-writes /admin/delete_topics/<t>: the preview says it marks the topic, and the topic goes (D8)',
      async () => {
        const page = await openEditor();
        await writeFromTemplate(page, 'Topic deletion marker', `/admin/delete_topics/${TOPIC}`, null);
        await page.getByTestId('znode-check-effects').getByText(`This marks topic ${TOPIC} for deletion`, { exact: false }).waitFor();
        await page.getByTestId('znode-save').click();
        // The topic znode goes once the brokers have stopped their replicas; /brokers/topics is then empty.
        await expandInTree(page, '/brokers');
        await waitUntil(
          async () => (await treeRow(page, '/brokers/topics').innerText()).trim() === 'topics',
          `${TOPIC} to leave /brokers/topics`,
        );
        await waitUntil(
          async () => (await treeRow(page, '/admin/delete_topics').innerText()).trim() === 'delete_topics',
          'the deletion marker to go',
        );
        await navigate(page, 'Topics');
        expect(await rowWithCell(page.getByRole('main'), TOPIC).count()).toBe(0);
      },
      TEST_TIMEOUT,
    );

    it(
      'saves malformed data only after a warning, and the controller says what it could not read',
      async () => {
        const page = await openEditor();
        await writeFromTemplate(page, 'Topic assignment', '/brokers/topics/broken', '{"version":2,"partitions":{"0":"zero"}}');
        await page.getByTestId('znode-check-problem').waitFor();
        await page.getByTestId('znode-check-effects').getByText('Invalid: the controller will log', { exact: false }).waitFor();
        await page.getByTestId('znode-save').click();
        const dialog = page.getByTestId('confirm-dialog').filter({ hasText: 'Save invalid data?' });
        await dialog.getByTestId('confirm-sentences').getByText('/brokers/topics/broken', { exact: false }).first().waitFor();
        await suite.app.screenshot(page, 'zookeeper-invalid-warning');
        await dialog.getByTestId('confirm-ok').click();
        await page.getByTestId('znode-path').getByText('/brokers/topics/broken', { exact: true }).waitFor();

        await navigate(page, 'Overview', /Cluster overview/);
        await page.getByPlaceholder('Filter events').fill('/brokers/topics/broken');
        await page.getByRole('main').getByText('/brokers/topics/broken: ', { exact: false }).first().waitFor({ timeout: UI_TIMEOUT });
      },
      TEST_TIMEOUT,
    );

    it(
      "lists the watches of every session: the controller's on /brokers/ids, the editor's recursive one on /, an outside client with its address while it is connected",
      async () => {
        const page = await openEditor();
        await page.getByRole('tab', { name: 'Watches' }).click();
        const panel = page.getByTestId('watch-panel');
        const controllerId = (await suite.app.backend.api.cluster.overview()).controllerId;
        const controllerRow = rowWithCell(panel, `broker-${controllerId} (controller)`);
        await controllerRow.waitFor();
        await rowWithCell(panel, 'kafka-dojo-node-editor').waitFor();
        await controllerRow.locator('.el-table__expand-icon').click();
        await panel.getByText('/brokers/ids', { exact: true }).first().waitFor();

        // An outside client on the cluster's ZooKeeper port is listed with its address and timeout while it is connected.
        const outside = await NzkClient.connect((await suite.app.backend.api.cluster.overview()).zookeeperConnect!, {
          sessionTimeoutMs: 16_000,
        });
        try {
          await outside.getChildren('/brokers/topics', () => undefined);
          const outsideRow = rowWithCell(panel, outside.sessionIdHex);
          await outsideRow.waitFor({ timeout: UI_TIMEOUT });
          expect(await outsideRow.innerText()).toMatch(/outside client\s+0x[0-9a-f]+\s+\/127\.0\.0\.1:\d+\s+16000 ms\s+0\s+1\s+0\s+0\s+1/);
        } finally {
          outside.close();
        }
        await waitUntil(async () => (await rowWithCell(panel, outside.sessionIdHex).count()) === 0, 'the outside client to leave the list');
      },
      TEST_TIMEOUT,
    );

    it(
      "addauth digest user:password for the editor's session, and a write /zookeeper/config refuses in zkCli's words",
      async () => {
        const page = await openEditor();
        const auth = page.getByTestId('znode-add-auth');
        await auth.getByTestId('znode-auth-value').fill('alice:pw');
        await auth.getByTestId('znode-auth-add').click();
        await auth.getByTestId('znode-auth-identities').getByText('digest:alice:V55/p2T0OpjQ+low3NVAH4aLvm0=', { exact: false }).waitFor();
        await expandInTree(page, '/zookeeper');
        await treeRow(page, '/zookeeper/config').click();
        await page.getByTestId('znode-path').getByText('/zookeeper/config', { exact: true }).waitFor();
        await page.getByTestId('znode-edit').click();
        const form = page.getByTestId('znode-write');
        await form.getByTestId('znode-write-data').fill('server.1=127.0.0.1:2888:3888');
        await form.getByTestId('znode-check-refusal').getByText('Insufficient permission : /zookeeper/config').waitFor();
        suite.allowProblems(/status of 422 .*\/api\/zookeeper\/setData/);
        await form.getByTestId('znode-save').click();
        await form.getByTestId('api-error').getByText('Insufficient permission : /zookeeper/config').waitFor();
        await suite.app.screenshot(page, 'zookeeper-noauth');
      },
      TEST_TIMEOUT,
    );

    it(
      "sets data with an expected version (BadVersion in ZooKeeper's words) and deletes a subtree after listing it",
      async () => {
        const zk = suite.app.backend.api.zookeeper;
        for (const path of ['/scratch', '/scratch/a', '/scratch/a/b']) await zk.create({ path, data: 'v0', mode: 'persistent' });
        const page = await openEditor();
        await treeRow(page, '/scratch').click();
        await page.getByTestId('znode-path').getByText('/scratch', { exact: true }).waitFor();
        await page.getByTestId('znode-edit').click();
        const form = page.getByTestId('znode-write');
        await form.getByTestId('znode-write-data').fill('v1');
        await zk.setData({ path: '/scratch', data: 'changed meanwhile', version: 0 });
        suite.allowProblems(/status of 422 .*\/api\/zookeeper\/setData/);
        await form.getByTestId('znode-save').click();
        await form.getByTestId('api-error').getByText('KeeperErrorCode = BadVersion for /scratch').waitFor();

        await page.getByRole('tab', { name: 'Node' }).click();
        await page.getByTestId('znode-delete').click();
        const dialog = page.getByTestId('confirm-dialog').filter({ hasText: 'Delete /scratch and everything under it' });
        await dialog.getByTestId('znode-doomed').getByText('/scratch/a/b', { exact: true }).waitFor();
        expect(await dialog.getByTestId('znode-doomed').innerText()).toBe('/scratch/a/b\n/scratch/a\n/scratch');
        await dialog.getByTestId('confirm-ok').click();
        await page.getByTestId('znode-gone').waitFor();
        await waitUntil(async () => (await treeRow(page, '/scratch').count()) === 0, '/scratch to leave the tree');
      },
      TEST_TIMEOUT,
    );
  },
  { afterStart: (app) => waitUntil(async () => (await app.backend.api.cluster.overview()).controllerId >= 0, 'a controller', 60_000) },
);
