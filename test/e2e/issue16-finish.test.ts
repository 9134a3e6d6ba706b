/**
 * End-to-end, the rest of issue 16 in Chromium against headless mode: every destructive action is
 * confirmed in the one dialog (its consequences listed, a red button, the name typed for a topic's
 * delete) and nothing happens on Cancel; and views that went stale after an action elsewhere (the
 * timeline's events, the log dir browser) follow the cluster without a manual refresh.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { kafkaPythonUnavailable } from '../support/kafka-python';
import { kafkaPython } from '../support/kafka-wire';
import { describeInChromium } from './support/e2e-suite';
import { openAtOverview, waitUntil } from './support/ui';

const TOPIC = 'doomed';
const GROUP = 'ledger';
const QUOTA_CLIENT = 'doomed-app';
const ZNODE = '/doomed-node';
const SNAPSHOT = 'before-the-exercise';
/** The broker the reassignment moves a replica to, killed first so the move never finishes. */
const UNREACHABLE = 2;
const unavailable = kafkaPythonUnavailable();
// Without kafka-python (outside CI only) there is no consumer group to delete: that one check is left out.
const withGroup = unavailable === null || Boolean(process.env.CI);

/** Goes to a route of the app (hash history) and waits for the page's heading. */
async function go(page: Page, route: string, heading: string | RegExp): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(`#${route}`)}`);
  await page.getByRole('main').getByRole('heading', { level: 2, name: heading }).first().waitFor();
}

/**
 * The confirmation now open: it lists `consequences`, its confirm button is red (and, with
 * `typeName`, enabled only once the name is typed); Cancel closes it.
 */
async function expectConfirmation(page: Page, consequences: readonly string[], typeName?: string): Promise<void> {
  const dialog = page.locator('[data-testid="confirm-dialog"]:visible');
  await dialog.waitFor();
  const listed = await dialog.getByTestId('confirm-sentences').innerText();
  for (const sentence of consequences) expect(listed).toContain(sentence);
  const ok = dialog.getByTestId('confirm-ok');
  expect(await ok.getAttribute('class')).toContain('el-button--danger');
  if (typeName !== undefined) {
    expect(await ok.isDisabled()).toBe(true);
    await dialog.getByTestId('confirm-name').fill(typeName);
    expect(await ok.isDisabled()).toBe(false);
  }
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describeInChromium('the rest of issue 16', (suite) => {
  it('confirms every destructive action in the one dialog, and Cancel changes nothing', async () => {
    const api = suite.app.backend.api;
    // The snapshot first: taking it restarts the cluster.
    const workspace = (await api.workspaces.current())!;
    const snapshot = await api.workspaces.snapshot(workspace.id, SNAPSHOT);
    await api.topics.create(
      { name: TOPIC, partitions: null, replicationFactor: null, assignment: { kind: 'manual', assignment: [[0]] }, configs: {} },
      { validateOnly: false },
    );
    await waitUntil(async () => (await api.topics.detail(TOPIC)).partitions[0].leader === 0, `${TOPIC} led by broker 0`);
    for (let i = 0; i < 10; i++) await api.messages.produce({ topic: TOPIC, key: `k${i}`, value: `v${i}`, acks: -1 });
    if (withGroup) {
      const bootstrap = `127.0.0.1:${(await api.cluster.overview()).brokers[0].port}`;
      await kafkaPython('group-consume', bootstrap, TOPIC, GROUP, 10);
    }
    await api.quotas.set({ user: null, clientId: QUOTA_CLIENT }, { producer_byte_rate: '1024' });
    await api.zookeeper.create({ path: ZNODE, data: 'keep me', mode: 'persistent' });
    await api.brokers.kill(UNREACHABLE);
    await api.reassignments.execute(
      { partitions: [{ topic: TOPIC, partition: 0, replicas: [0, UNREACHABLE] }] },
      { throttleBytesPerSec: null },
    );

    const page = await openAtOverview(suite);
    const main = page.getByRole('main');

    await go(page, `/topics/${TOPIC}`, new RegExp(TOPIC));
    await main.getByTestId('delete-topic').click();
    await expectConfirmation(page, [`ZooKeeper gets /admin/delete_topics/${TOPIC}`], TOPIC);
    await main.getByTestId('purge-partition-0').click();
    const purge = page.getByTestId('purge-dialog');
    await setPurgeOffset(page, 4);
    await purge.getByTestId('purge-preview').click();
    await purge.getByTestId('purge-replicas').waitFor();
    await purge.getByTestId('purge-submit').click();
    await expectConfirmation(page, [
      `DeleteRecords moves the log start offset of ${TOPIC}-0 to 4 on the leader (broker 0)`,
      'No record below offset 4 can be read any more: 4 offsets go from the leader.',
      'This cannot be undone.',
    ]);
    await page.keyboard.press('Escape');
    await purge.waitFor({ state: 'hidden' });

    if (withGroup) {
      await go(page, '/groups', 'Consumer groups');
      await main.getByTestId(`group-row-${GROUP}`).click();
      await main.getByTestId('delete-group').click();
      await expectConfirmation(page, ['kafka-consumer-groups --delete', 'NON_EMPTY_GROUP', 'This cannot be undone.']);
    }

    await go(page, '/reassignments', 'Partition reassignment');
    const cancel = main.getByTestId('reassign-cancel');
    await waitUntil(async () => !(await cancel.isDisabled()), 'the ongoing reassignment');
    await cancel.click();
    await expectConfirmation(page, [
      'kafka-reassign-partitions.sh --cancel',
      `${TOPIC}-0 goes back to its replicas [0]; the replicas being added (on brokers ${UNREACHABLE}) stop`,
    ]);

    await go(page, '/elections', /Leader election/);
    await main.getByTestId('elect-unclean-all').click();
    await expectConfirmation(page, ['An ElectLeaders request (UNCLEAN)', 'they are lost']);

    await go(page, '/quotas', /quotas/i);
    await main.getByTestId(`quota-delete-clients/${QUOTA_CLIENT}`).click();
    await expectConfirmation(page, ['Its quotas are removed (producer_byte_rate)']);

    await go(page, `/zookeeper?path=${ZNODE}`, /ZooKeeper/);
    await main.getByTestId('znode-delete').first().click();
    await expectConfirmation(page, ['Deletes version 0 only']);

    await go(page, '/clusters', 'Clusters');
    await main.getByTestId('clusters-table').locator('.el-table__expand-icon').first().click();
    const snapshotRow = main.getByRole('row').filter({ hasText: SNAPSHOT });
    await snapshotRow.getByRole('button', { name: 'Restore', exact: true }).click();
    await expectConfirmation(page, [
      `its folder (metadata.db and every log dir) is replaced by the copy in snapshot ${SNAPSHOT}`,
      'since the snapshot is lost',
    ]);
    await snapshotRow.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectConfirmation(page, [`it can no longer be restored to this point`, 'This cannot be undone.']);

    // Nothing happened.
    const detail = await api.topics.detail(TOPIC);
    expect(detail.partitions[0].logStartOffset).toBe(0);
    expect(detail.beingDeleted).toBe(false);
    if (withGroup) expect((await api.groups.detail(GROUP)).groupId).toBe(GROUP);
    expect((await api.reassignments.progress()).partitions.some((p) => p.topic === TOPIC && !p.done)).toBe(true);
    expect(
      (await api.quotas.overview()).entities.some((e) => e.path === `clients/${QUOTA_CLIENT}` && e.configs.producer_byte_rate === '1024'),
    ).toBe(true);
    expect(await api.zookeeper.get(ZNODE)).not.toBeNull();
    expect((await api.workspaces.list()).flatMap((w) => w.snapshots).some((s) => s.id === snapshot.id)).toBe(true);
  }, 120_000);

  it('shows what an action changed without a reload: the timeline gets its events, the log dir its partition dir', async () => {
    const api = suite.app.backend.api;
    const root = (await api.logDirs.roots()).find((r) => r.kind === 'broker' && r.brokerId === 0)!;
    const page = await openAtOverview(suite);
    const main = page.getByRole('main');
    await go(page, `/log-dirs?root=${encodeURIComponent(root.id)}&path=`, /Log dirs/);
    const entries = main.getByTestId('log-dir-entries');
    await entries.getByText('meta.properties').first().waitFor();
    await createTopicOnBroker0('appears-in-log-dir');
    await entries.getByText('appears-in-log-dir-0', { exact: false }).first().waitFor();

    await go(page, '/timeline', /Timeline/);
    await main.getByTestId('timeline-event').first().waitFor();
    await createTopicOnBroker0('appears-in-timeline');
    await main.getByTestId('timeline-event').filter({ hasText: 'appears-in-timeline' }).first().waitFor();

    async function createTopicOnBroker0(name: string): Promise<void> {
      await api.topics.create(
        { name, partitions: null, replicationFactor: null, assignment: { kind: 'manual', assignment: [[0]] }, configs: {} },
        { validateOnly: false },
      );
    }
  }, 60_000);
});

async function setPurgeOffset(page: Page, offset: number): Promise<void> {
  const spin = page.getByTestId('purge-dialog').getByTestId('purge-offset').getByRole('spinbutton');
  await spin.fill(String(offset));
  await spin.press('Tab');
}
