/**
 * End-to-end: a dynamic broker config edited in Chromium against headless mode — broker 0's
 * log.retention.ms changed from the broker config drawer, the diff reviewed, saved, and the
 * drawer showing the new value with source DYNAMIC_BROKER_CONFIG once the broker applied it.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium } from './support/e2e-suite';
import { navigate, waitUntil, openAtOverview } from './support/ui';

const TEST_TIMEOUT = 40_000;

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
      await page.getByTestId('broker-0-configs').click();
      const drawer = page.locator('.el-drawer');
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
});
