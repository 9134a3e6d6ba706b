/**
 * End-to-end: leader elections from the leader election page in Chromium against headless mode.
 * A broker restarted after a controlled shutdown comes back leading nothing: the page shows its
 * imbalance as the controller's auto-rebalance measures it (over leader.imbalance.per.broker.percentage
 * = 10%), and PREFERRED elections for one partition, then a topic, then the whole cluster put every
 * leader back on its preferred replica (checked through the API), each answer shown per partition.
 * Then a partition whose only in-sync replica stopped is brought back by an UNCLEAN election once
 * the person confirmed the data-loss warning.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { E2eApp } from './support/app-fixture';
import { describeInChromium } from './support/e2e-suite';
import { navigate, openAtOverview, waitUntil } from './support/ui';

const TEST_TIMEOUT = 120_000;

/** Preferred replicas: broker 0 is first for ledger-0, ledger-3 and invoices-1. */
const TOPICS: Record<string, number[][]> = {
  ledger: [
    [0, 1, 2],
    [1, 2, 0],
    [2, 0, 1],
    [0, 2, 1],
  ],
  invoices: [
    [1, 0, 2],
    [0, 1, 2],
  ],
};

/**
 * A cluster of its own whose controller never rebalances on its own (its first auto-rebalance
 * comes 5 s after a controller failover, which a restart may cause): only the page elects.
 */
async function createCluster(app: E2eApp): Promise<void> {
  const api = app.backend.api;
  await api.workspaces.create({
    name: 'elections',
    brokers: 3,
    racks: null,
    logDirsPerBroker: 1,
    brokerConfig: { 'auto.leader.rebalance.enable': 'false' },
  });
  await waitUntil(async () => (await api.cluster.overview()).controllerId >= 0, 'a controller', 60_000);
  for (const [name, assignment] of Object.entries(TOPICS)) {
    await api.topics.create(
      { name, partitions: null, replicationFactor: null, assignment: { kind: 'manual', assignment }, configs: {} },
      { validateOnly: false },
    );
  }
  for (const name of Object.keys(TOPICS)) {
    await waitUntil(
      async () => (await api.topics.detail(name)).partitions.every((p) => p.leader === p.replicas[0] && p.isr.length === 3),
      `${name} led by its preferred replicas`,
      30_000,
    );
  }
}

describeInChromium(
  'the leader election page',
  (suite) => {
    async function open(): Promise<Page> {
      const page = await openAtOverview(suite);
      await navigate(page, 'Leader election');
      return page;
    }

    const leaders = async (topic: string) => (await suite.app.backend.api.topics.detail(topic)).partitions.map((p) => p.leader);

    /** Asks for an election with `button`, checks the confirmation says `sentence`, confirms. */
    async function elect(page: Page, button: string, sentence: string): Promise<void> {
      await page.getByRole('main').getByTestId(button).click();
      const dialog = page.getByTestId('confirm-dialog');
      await dialog.getByTestId('confirm-sentences').getByText(sentence, { exact: false }).waitFor();
      await dialog.getByTestId('confirm-ok').click();
      await dialog.waitFor({ state: 'hidden' });
    }

    it(
      'a restarted broker’s imbalance over 10%, then preferred elections for a partition, a topic and the whole cluster',
      async () => {
        const api = suite.app.backend.api;
        await api.brokers.restart(0);
        await waitUntil(
          async () => (await api.elections.overview()).partitions.every((p) => p.isr.includes(0)),
          'broker 0 back in every ISR',
          30_000,
        );
        expect(await leaders('ledger')).toEqual([1, 1, 2, 2]);
        expect((await leaders('invoices'))[1]).toBe(1);

        const page = await open();
        const main = page.getByRole('main');
        // Broker 0 is first for 3 partitions and leads none of them: 100% > 10%.
        await waitUntil(async () => (await main.getByTestId('imbalance-0').innerText()) === '100.0%', 'broker 0 at 100.0%');
        expect(await main.getByTestId('imbalance-status-0').innerText()).toBe('over 10%');
        expect(await main.getByTestId('imbalance-1').innerText()).toBe('0.0%');
        expect(await main.getByTestId('imbalance-status-1').innerText()).toBe('balanced');
        const partitions = main.getByTestId('election-partitions');
        for (const [topic, p] of [
          ['ledger', 0],
          ['ledger', 3],
          ['invoices', 1],
        ] as const) {
          expect(await partitions.getByTestId(`leader-${topic}-${p}`).innerText()).not.toBe('0');
        }
        await suite.app.screenshot(page, 'elections-imbalance');

        // One partition.
        await elect(page, 'elect-preferred-ledger-0', 'ledger-0 (1 → 0)');
        const results = main.getByTestId('election-results');
        await results.getByTestId('election-result-ledger-0').getByText('NONE', { exact: true }).waitFor();
        await results.getByText('1 elected, 0 needed no election, 0 failed.', { exact: false }).waitFor();
        expect((await leaders('ledger'))[0]).toBe(0);
        await waitUntil(async () => (await main.getByTestId('imbalance-0').innerText()) === '66.7%', 'broker 0 at 66.7%');
        expect(await main.getByTestId('imbalance-status-0').innerText()).toBe('over 10%');

        // A topic: every partition answered, those already led by their preferred replica not needing it.
        await main.getByTestId('election-topic').click();
        await page.getByRole('option', { name: 'ledger', exact: true }).click();
        await elect(page, 'elect-topic', 'ledger-3 (2 → 0)');
        await results.getByText('1 elected, 3 needed no election, 0 failed.', { exact: false }).waitFor();
        expect(await results.getByTestId('election-result-ledger-3').innerText()).toBe('NONE');
        for (const p of [0, 1, 2]) expect(await results.getByTestId(`election-result-ledger-${p}`).innerText()).toBe('ELECTION_NOT_NEEDED');
        expect(await leaders('ledger')).toEqual([0, 1, 2, 0]);
        await waitUntil(async () => (await main.getByTestId('imbalance-0').innerText()) === '33.3%', 'broker 0 at 33.3%');

        // The whole cluster: only the partitions that needed an election are answered.
        await elect(page, 'elect-all', 'invoices-1 (1 → 0)');
        await results.getByText('1 elected, 0 needed no election, 0 failed.', { exact: false }).waitFor();
        expect(await results.getByTestId('election-result-invoices-1').innerText()).toBe('NONE');
        expect(await results.getByTestId('election-result-ledger-3').count()).toBe(0);

        for (const topic of Object.keys(TOPICS)) {
          const detail = await api.topics.detail(topic);
          expect(
            detail.partitions.map((p) => p.leader),
            topic,
          ).toEqual(detail.partitions.map((p) => p.replicas[0]));
        }
        await waitUntil(async () => (await main.getByTestId('imbalance-0').innerText()) === '0.0%', 'broker 0 at 0.0%');
        for (const b of [0, 1, 2]) expect(await main.getByTestId(`imbalance-status-${b}`).innerText()).toBe('balanced');
        await partitions.getByText('No partition needs an election.').waitFor();
        await suite.app.screenshot(page, 'elections-balanced');
      },
      TEST_TIMEOUT,
    );

    it(
      'an offline partition whose only in-sync replica stopped, elected UNCLEAN after the data-loss warning',
      async () => {
        const api = suite.app.backend.api;
        await api.topics.create(
          { name: 'fragile', partitions: null, replicationFactor: null, assignment: { kind: 'manual', assignment: [[1, 2]] }, configs: {} },
          { validateOnly: false },
        );
        const fragile = async () => (await api.elections.overview()).partitions.find((p) => p.topic === 'fragile');
        await waitUntil(async () => (await fragile())?.isr.length === 2, 'fragile-0 with both replicas in the ISR', 30_000);
        // Broker 1 goes first: broker 2 is left the only in-sync replica, then it stops too.
        await api.brokers.shutdown(1);
        await waitUntil(async () => (await fragile())?.leader === 2 && (await fragile())?.isr.length === 1, 'broker 2 leads alone', 30_000);
        await api.brokers.shutdown(2);
        await api.brokers.start(1);
        await waitUntil(async () => (await api.cluster.overview()).controllerId >= 0, 'a controller', 40_000);
        await waitUntil(async () => (await fragile())?.offline === true, 'fragile-0 offline', 30_000);
        expect(await fragile()).toMatchObject({ isr: [2], offline: true, preferredElectable: false });

        const page = await open();
        const main = page.getByRole('main');
        const partitions = main.getByTestId('election-partitions');
        await waitUntil(
          async () => (await partitions.getByTestId('leader-fragile-0').innerText()) === 'offline',
          'fragile-0 shown offline',
        );

        await main.getByTestId('elect-unclean-fragile-0').click();
        const dialog = page.getByTestId('confirm-dialog');
        const sentences = dialog.getByTestId('confirm-sentences');
        await sentences.getByText('An ElectLeaders request (UNCLEAN) goes to the controller', { exact: false }).waitFor();
        await sentences.getByText('for partition fragile-0.', { exact: false }).waitFor();
        await sentences
          .getByText('An unclean leader may lack records the old leader had acknowledged: they are lost', { exact: false })
          .waitFor();
        await suite.app.screenshot(page, 'elections-unclean-confirm');
        await dialog.getByTestId('confirm-ok').click();
        await dialog.waitFor({ state: 'hidden' });

        const results = main.getByTestId('election-results');
        await results.getByTestId('election-result-fragile-0').getByText('NONE', { exact: true }).waitFor();
        expect(await fragile()).toMatchObject({ leader: 1, isr: [1], offline: false });
        await waitUntil(
          async () => (await partitions.getByTestId('leader-fragile-0').count()) === 0,
          'fragile-0 no longer listed as needing an election',
        );
        await api.brokers.start(2);
      },
      TEST_TIMEOUT,
    );
  },
  { afterStart: createCluster },
);
