/**
 * End-to-end: a dynamic broker config edited in Chromium against headless mode — broker 0's
 * log.retention.ms changed from the broker config drawer, the diff reviewed, saved, and the
 * drawer showing the new value with source DYNAMIC_BROKER_CONFIG once the broker applied it; then
 * the cluster-wide default (/config/brokers/<default>) edited from the same drawer: a broker without
 * its own value takes it (DYNAMIC_DEFAULT_BROKER_CONFIG), broker 0's own value still wins, and a
 * per-broker key is refused at the default level with Kafka 2.5.1's message.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium } from './support/e2e-suite';
import { clickControl, navigate, waitUntil, openAtOverview } from './support/ui';

const TEST_TIMEOUT = 40_000;
const RETENTION = 'log.retention.ms';

/** The value field of a row being edited (an el-input: the test id may sit on its wrapper or its input). */
function input(drawer: Locator, name: string): Locator {
  return drawer.locator(`input[data-testid="broker-config-input-${name}"], [data-testid="broker-config-input-${name}"] input`);
}

const sourceOf = (drawer: Locator, name: string) => drawer.getByTestId(`broker-config-source-${name}`).getAttribute('data-source');

describeInChromium('broker configs', (suite) => {
  async function open(): Promise<Page> {
    const page = await openAtOverview(suite);
    return page;
  }

  it(
    'changes log.retention.ms on broker 0 from the drawer: diff, save, source DYNAMIC_BROKER_CONFIG',
    async () => {
      const page = await open();
      await navigate(page, 'Brokers');
      await page.getByTestId('broker-0-more').click();
      await page.getByTestId('broker-0-configs').click();
      const drawer = page.getByTestId('broker-configs-drawer');
      await drawer.getByPlaceholder('Search').fill('log.retention.ms');
      await drawer.getByTestId('broker-config-source-log.retention.ms').waitFor();
      expect(await drawer.getByTestId('broker-config-source-log.retention.ms').getAttribute('data-source')).toBe('DEFAULT_CONFIG');
      await drawer.getByTestId('broker-config-edit-log.retention.ms').click();
      await drawer
        .locator('input[data-testid="broker-config-input-log.retention.ms"], [data-testid="broker-config-input-log.retention.ms"] input')
        .fill('3600000');
      await drawer.getByTestId('broker-config-review').click();
      await drawer.getByTestId('broker-config-diff').getByText('log.retention.ms: (not set) → 3600000').waitFor();
      await drawer.getByTestId('broker-config-save').click();
      await waitUntil(
        async () =>
          (await drawer.getByTestId('broker-config-source-log.retention.ms').getAttribute('data-source')) === 'DYNAMIC_BROKER_CONFIG',
        'log.retention.ms from DYNAMIC_BROKER_CONFIG',
      );
      expect(await drawer.getByTestId('broker-config-value-log.retention.ms').innerText()).toBe('3600000');
      const configs = await suite.app.backend.api.brokers.configs(0);
      expect(configs.find((c) => c.name === 'log.retention.ms')).toMatchObject({ value: '3600000', source: 'DYNAMIC_BROKER_CONFIG' });
    },
    TEST_TIMEOUT,
  );

  it(
    'edits the cluster-wide default log.retention.ms: a broker without its own value takes it, broker 0 keeps its own',
    async () => {
      const api = suite.app.backend.api;
      // Broker 0 has a value of its own (as the test before leaves it).
      const own = (await api.brokers.configs(0)).find((c) => c.name === RETENTION);
      if (own?.source !== 'DYNAMIC_BROKER_CONFIG') await api.brokers.alterConfigs(0, { [RETENTION]: '3600000' }, { validateOnly: false });
      const page = await open();
      await navigate(page, 'Brokers');
      await page.getByTestId('broker-defaults-configs').click();
      const drawer = page.getByTestId('broker-configs-drawer');
      await drawer.getByText('Cluster-wide default broker configs (/config/brokers/<default>)').waitFor();
      await drawer.getByPlaceholder('Search').fill('log.retention');
      await drawer.getByTestId(`broker-config-value-${RETENTION}`).waitFor();
      // Only keys that can be set cluster-wide, none set yet.
      expect(await drawer.getByTestId(`broker-config-value-${RETENTION}`).innerText()).toBe('(not set)');
      expect(await sourceOf(drawer, RETENTION)).toBe('');
      await drawer.getByPlaceholder('Search').fill('advertised.listeners');
      await drawer.getByText('No Data').waitFor();
      await drawer.getByPlaceholder('Search').fill(RETENTION);

      await drawer.getByTestId(`broker-config-edit-${RETENTION}`).click();
      await input(drawer, RETENTION).fill('7200000');
      await drawer.getByTestId('broker-config-review').click();
      const diff = drawer.getByTestId('broker-config-diff');
      await diff.getByText('Changes to /config/brokers/<default>').waitFor();
      await diff.getByText(`${RETENTION}: (not set) → 7200000`).waitFor();
      await suite.app.screenshot(page, 'broker-default-config-diff');
      await drawer.getByTestId('broker-config-save').click();
      await waitUntil(async () => (await sourceOf(drawer, RETENTION)) === 'DYNAMIC_DEFAULT_BROKER_CONFIG', 'the default set');
      expect(await drawer.getByTestId(`broker-config-value-${RETENTION}`).innerText()).toBe('7200000');
      const defaultZnode = (await api.zookeeper.get('/config/brokers/<default>'))?.data?.text;
      expect(JSON.parse(defaultZnode ?? 'null')).toEqual({ version: 1, config: { [RETENTION]: '7200000' } });

      // A per-broker key listed on request, and refused by the broker in Kafka's words.
      suite.allowProblems(/Cannot update these configs at default cluster level|status of 4\d\d|400/);
      await clickControl(drawer.getByTestId('broker-defaults-per-broker').locator('input'));
      await drawer.getByPlaceholder('Search').fill('advertised.listeners');
      await drawer.getByTestId('broker-config-edit-advertised.listeners').click();
      await input(drawer, 'advertised.listeners').fill('PLAINTEXT://127.0.0.1:9092');
      await drawer.getByTestId('broker-config-review').click();
      await drawer.getByTestId('broker-config-save').click();
      await drawer
        .getByTestId('broker-config-diff')
        .getByText(
          "Invalid config value for resource ConfigResource(type=BROKER, name=''): Cannot update these configs at default cluster level, broker id must be specified: Set(advertised.listeners)",
        )
        .waitFor();
      expect(JSON.parse((await api.zookeeper.get('/config/brokers/<default>'))?.data?.text ?? 'null')).toEqual({
        version: 1,
        config: { [RETENTION]: '7200000' },
      });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      // Broker 1 has no value of its own: it runs with the default; broker 0 keeps its own.
      await page.getByTestId('broker-1-more').click();
      await page.getByTestId('broker-1-configs').click();
      await drawer.getByText('Configs of broker 1').waitFor();
      await drawer.getByPlaceholder('Search').fill(RETENTION);
      await waitUntil(async () => (await sourceOf(drawer, RETENTION)) === 'DYNAMIC_DEFAULT_BROKER_CONFIG', 'broker 1 on the default');
      expect(await drawer.getByTestId(`broker-config-value-${RETENTION}`).innerText()).toBe('7200000');
      expect((await api.brokers.configs(1)).find((c) => c.name === RETENTION)).toMatchObject({
        value: '7200000',
        source: 'DYNAMIC_DEFAULT_BROKER_CONFIG',
      });
      expect((await api.brokers.configs(0)).find((c) => c.name === RETENTION)).toMatchObject({
        value: '3600000',
        source: 'DYNAMIC_BROKER_CONFIG',
      });
    },
    TEST_TIMEOUT,
  );
});
