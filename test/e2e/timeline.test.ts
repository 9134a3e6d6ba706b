/**
 * End-to-end: the timeline page in Chromium against headless mode. After a broker is killed, the
 * incident's story (the session expiry, the controller's reaction) shows on the page; a filter that
 * matches nothing says so.
 */
import { expect, it } from 'vitest';
import { describeInChromium } from './support/e2e-suite';
import { navigate, openAtOverview, UI_TIMEOUT, waitUntil } from './support/ui';

describeInChromium('the timeline page', (suite) => {
  it('tells the story of a killed broker, and says when a filter matches nothing', async () => {
    const api = suite.app.backend.api;
    // 100× so that zookeeper.session.timeout.ms (18 s) passes in a fraction of a second.
    await api.cluster.setClockSpeed(100);
    await api.brokers.kill(1);
    await waitUntil(
      async () => (await api.cluster.incidents(0, Number.MAX_SAFE_INTEGER)).some((i) => i.kind === 'broker-killed' && i.endMs !== null),
      'the kill incident told to its end',
      // A loaded machine runs the 100× clock in fits: leave it a minute of wall time.
      60_000,
    );
    await api.cluster.setClockSpeed(1);
    const page = await openAtOverview(suite);
    await navigate(page, 'Timeline');
    const main = page.getByRole('main');
    await main.getByTestId('incident').filter({ hasText: 'Broker 1 killed' }).first().click();
    const detail = main.getByTestId('incident-detail');
    await detail.getByText(/ZooKeeper session 0x[0-9a-f]+ expired after/).waitFor({ timeout: UI_TIMEOUT });
    expect(await detail.textContent()).toContain('handled the failure of broker 1');
    await suite.app.screenshot(page, 'timeline-incident');
    await main.getByTestId('filter-topic').fill('no-such-topic');
    await main.getByTestId('nothing-matches').getByText('No event matches these filters.').waitFor({ timeout: UI_TIMEOUT });
  }, 120_000);
});
