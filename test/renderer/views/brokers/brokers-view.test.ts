// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import BrokersView from '../../../../src-renderer/src/views/brokers/BrokersView.vue';
import { FakeApi } from '../../support/fake-api';
import { bodyTestId, click, clickInBody } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

describe('BrokersView', () => {
  it('says what killing a broker will do before doing it, and kills only once confirmed', async () => {
    const fake = new FakeApi();
    const { wrapper: w } = mountWithApp(BrokersView, { client: fake.client(), router: true });
    await settle();
    await click(w, 'broker-1-kill');
    expect(fake.callsOf('brokers', 'explain').map((c) => c.args)).toEqual([[1, 'kill']]);
    expect(bodyTestId('confirm-sentences')?.textContent).toContain('kill 1: first sentence.');
    expect(bodyTestId('confirm-sentences')?.textContent).toContain('Second sentence.');
    expect(fake.callsOf('brokers', 'kill')).toHaveLength(0);

    await clickInBody('confirm-ok');
    expect(fake.callsOf('brokers', 'kill').map((c) => c.args)).toEqual([[1]]);
    // The overview is read again after the action.
    expect(fake.callsOf('cluster', 'overview').length).toBeGreaterThanOrEqual(2);
  });

  it('shows a broker’s configs, sensitive values masked, optionally only those set in server.properties', async () => {
    const fake = new FakeApi();
    fake.api.brokers.configs = async () => [
      { name: 'log.retention.hours', value: '168', source: 'DEFAULT_CONFIG', sensitive: false, documentation: 'How long to keep a log.' },
      { name: 'ssl.key.password', value: 'secret', source: 'STATIC_BROKER_CONFIG', sensitive: true, documentation: '' },
    ];
    const { wrapper: w } = mountWithApp(BrokersView, { client: fake.client(), router: true });
    await settle();
    await click(w, 'broker-2-configs');
    const rows = () => [...document.body.querySelectorAll('[data-testid="broker-configs"] .el-table__body-wrapper tr.el-table__row')];
    const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim());
    expect(fake.callsOf('brokers', 'configs').map((c) => c.args)).toEqual([[2]]);
    expect(rows().map(cells)).toEqual([
      ['log.retention.hours', '168', 'DEFAULT_CONFIG'],
      ['ssl.key.password', '******', 'STATIC_BROKER_CONFIG'],
    ]);
    expect(rows()[1].querySelector('.el-tag')?.classList.contains('el-tag--primary')).toBe(true);

    (document.body.querySelector('.el-drawer .el-checkbox') as HTMLElement).click();
    await settle();
    expect(rows().map((r) => cells(r)[0])).toEqual(['ssl.key.password']);
  });
});
