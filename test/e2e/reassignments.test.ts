/**
 * End-to-end: a throttled partition reassignment from the reassignment page in Chromium against
 * headless mode, followed to completion and verified. The page generates a plan for a topic onto
 * two other brokers (as --generate), previews the data each of them fetches, states what moves and
 * how much before it starts, executes it with a throttle (the rates in the brokers' config znodes),
 * shows the partitions complete, and Verify clears the throttles as --verify does.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium } from './support/e2e-suite';
import { navigate, waitUntil, openAtOverview } from './support/ui';

const TEST_TIMEOUT = 90_000;
const TOPIC = 'shipments';

describeInChromium('the partition reassignment page', (suite) => {
  async function open(): Promise<Page> {
    const page = await openAtOverview(suite);
    return page;
  }

  it(
    'a throttled reassignment followed to completion and verified',
    async () => {
      const api = suite.app.backend.api;
      const configOf = async (path: string): Promise<Record<string, string>> => {
        const text = (await api.zookeeper.get(path))?.data?.text;
        return text ? (JSON.parse(text) as { config: Record<string, string> }).config : {};
      };
      await api.topics.create(
        { name: TOPIC, partitions: null, replicationFactor: null, assignment: { kind: 'manual', assignment: [[0], [0]] }, configs: {} },
        { validateOnly: false },
      );
      await waitUntil(async () => (await api.topics.detail(TOPIC)).partitions.every((p) => p.leader === 0), `${TOPIC} led by broker 0`);
      for (let i = 0; i < 10; i++)
        await api.messages.produce({ topic: TOPIC, partition: i % 2, key: null, value: `parcel ${i} `.repeat(30), acks: -1 });

      const page = await open();
      await navigate(page, 'Reassignments', 'Partition reassignment');
      const main = page.getByRole('main');
      await main.getByTestId('reassign-topics').click();
      await page.getByRole('option', { name: TOPIC, exact: true }).click();
      await main.getByTestId('reassign-brokers').click();
      await page.getByRole('option', { name: /^1( |$)/ }).click();
      await page.getByRole('option', { name: /^2( |$)/ }).click();
      await page.keyboard.press('Escape');
      await main.getByTestId('reassign-generate').click();

      // The proposal puts one partition on each target broker; the preview shows what each fetches.
      const plan = main.getByTestId('reassign-plan');
      await plan.waitFor();
      const preview = main.getByTestId('reassign-preview-card');
      await preview.waitFor();
      const sizes = (await api.topics.detail(TOPIC)).partitions.length;
      expect(sizes).toBe(2);
      await preview.getByText('2 partitions gain a replica', { exact: false }).waitFor();
      for (const b of [1, 2]) expect(await preview.getByTestId(`reassign-bytes-${b}`).innerText()).toMatch(/\d+(\.\d)? (B|KB)/);
      const proposed = await Promise.all([0, 1].map((p) => plan.getByTestId(`plan-replicas-${TOPIC}-${p}`).inputValue()));
      expect([...proposed].sort()).toEqual(['1', '2']);

      await preview.getByTestId('reassign-execute').click();
      const dialog = page.getByTestId('confirm-dialog');
      const sentences = dialog.getByTestId('confirm-sentences');
      await sentences.getByText(`The controller reassigns 2 partitions of ${TOPIC}`, { exact: false }).waitFor();
      await sentences.getByText(`${TOPIC}-0: [0] → [${proposed[0]}]`, { exact: false }).waitFor();
      await sentences.getByText('The new replicas fetch', { exact: false }).waitFor();
      await sentences.getByText('Replication is throttled to 1000000 B/s on brokers 0,1,2', { exact: false }).waitFor();
      await suite.app.screenshot(page, 'reassignment-confirm');
      await dialog.getByTestId('confirm-ok').click();
      await dialog.waitFor({ state: 'hidden' });

      const output = main.getByTestId('reassign-output');
      await output.getByText('The inter-broker throttle limit was set to 1000000 B/s', { exact: false }).waitFor();
      expect(await configOf('/config/brokers/1')).toMatchObject({
        'leader.replication.throttled.rate': '1000000',
        'follower.replication.throttled.rate': '1000000',
      });
      expect(await configOf(`/config/topics/${TOPIC}`)).toEqual({
        'leader.replication.throttled.replicas': '0:0,1:0',
        'follower.replication.throttled.replicas': `0:${proposed[0]},1:${proposed[1]}`,
      });

      // Followed on the page to completion.
      const progress = main.getByTestId('reassign-progress');
      for (const p of [0, 1]) {
        await waitUntil(
          async () =>
            (await progress.getByTestId(`progress-status-${TOPIC}-${p}`).innerText()) === 'complete' &&
            (await progress.getByTestId(`progress-replicas-${TOPIC}-${p}`).innerText()) === `[${proposed[p]}]`,
          `${TOPIC}-${p} complete on broker ${proposed[p]}: ${JSON.stringify(await api.reassignments.progress())}`,
        );
      }
      await suite.app.screenshot(page, 'reassignment-complete');

      await progress.getByTestId('reassign-verify').click();
      await output.getByText(`Reassignment of partition ${TOPIC}-0 is complete.`, { exact: false }).waitFor();
      await output.getByText('Clearing broker-level throttles on brokers', { exact: false }).waitFor();
      await progress.getByText('No reassignment throttle in place.').waitFor();

      expect((await api.topics.detail(TOPIC)).partitions.map((p) => p.replicas.join(','))).toEqual(proposed);
      for (const b of (await api.cluster.overview()).brokers) {
        const config = await configOf(`/config/brokers/${b.id}`);
        expect(config['leader.replication.throttled.rate']).toBeUndefined();
        expect(config['follower.replication.throttled.rate']).toBeUndefined();
      }
      expect(await configOf(`/config/topics/${TOPIC}`)).toEqual({});
    },
    TEST_TIMEOUT,
  );
});
