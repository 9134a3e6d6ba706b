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

  it('shows the explanation in the UI’s language: 简体中文 when the UI is in Chinese', async () => {
    const fake = new FakeApi();
    const { wrapper: w } = mountWithApp(BrokersView, { client: fake.client(), router: true, locale: 'zh-CN' });
    await settle();
    await click(w, 'broker-1-kill');
    expect(bodyTestId('confirm-sentences')?.textContent).toContain('kill 1：第一句。');
    expect(bodyTestId('confirm-sentences')?.textContent).toContain('第二句。');
    expect(bodyTestId('confirm-sentences')?.textContent).not.toContain('Second sentence.');
  });

  it('shows a broker’s configs, sensitive values masked, optionally only those set in server.properties', async () => {
    const fake = new FakeApi();
    fake.api.brokers.configs = async () => [
      {
        name: 'log.retention.hours',
        value: '168',
        source: 'DEFAULT_CONFIG',
        sensitive: false,
        documentation: 'How long to keep a log.',
        type: 'INT',
        defaultValue: '168',
        validValues: null,
        readOnly: true,
        scope: null,
      },
      {
        name: 'ssl.key.password',
        value: 'secret',
        source: 'STATIC_BROKER_CONFIG',
        sensitive: true,
        documentation: '',
        type: 'PASSWORD',
        defaultValue: null,
        validValues: null,
        readOnly: false,
        scope: 'per-broker',
      },
    ];
    const { wrapper: w } = mountWithApp(BrokersView, { client: fake.client(), router: true });
    await settle();
    await click(w, 'broker-2-configs');
    const rows = () => [...document.body.querySelectorAll('[data-testid="broker-configs"] .el-table__body-wrapper tr.el-table__row')];
    const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim());
    expect(fake.callsOf('brokers', 'configs').map((c) => c.args)).toEqual([[2]]);
    expect(rows().map(cells)).toEqual([
      ['log.retention.hours', '168', 'DEFAULT_CONFIG', 'INT', '168', '', 'read-only', ''],
      ['ssl.key.password', '******', 'STATIC_BROKER_CONFIG', 'PASSWORD', '', '', 'per broker', 'Edit'],
    ]);
    expect(rows()[1].querySelector('.el-tag')?.classList.contains('el-tag--primary')).toBe(true);

    (document.body.querySelector('.el-drawer .el-checkbox') as HTMLElement).click();
    await settle();
    expect(rows().map((r) => cells(r)[0])).toEqual(['ssl.key.password']);
  });

  it('edits a dynamic broker config in place: the diff first, then AlterConfigs of the broker with its whole dynamic set', async () => {
    const fake = new FakeApi();
    fake.api.brokers.configs = async () => [
      {
        name: 'log.retention.ms',
        value: '60000',
        source: 'DYNAMIC_BROKER_CONFIG',
        sensitive: false,
        documentation: '',
        type: 'LONG',
        defaultValue: null,
        validValues: null,
        readOnly: false,
        scope: 'cluster-wide',
        synonyms: [{ name: 'log.retention.ms', value: '60000', source: 'DYNAMIC_BROKER_CONFIG' }],
      },
      {
        name: 'num.io.threads',
        value: '8',
        source: 'DYNAMIC_BROKER_CONFIG',
        sensitive: false,
        documentation: '',
        type: 'INT',
        defaultValue: '8',
        validValues: '[1,...]',
        readOnly: false,
        scope: 'cluster-wide',
        synonyms: [{ name: 'num.io.threads', value: '8', source: 'DYNAMIC_BROKER_CONFIG' }],
      },
    ];
    const { wrapper: w } = mountWithApp(BrokersView, { client: fake.client(), router: true });
    await settle();
    await click(w, 'broker-2-configs');
    await clickInBody('broker-config-edit-log.retention.ms');
    const field = bodyTestId('broker-config-input-log.retention.ms');
    const input = (field?.tagName === 'INPUT' ? field : field?.querySelector('input')) as HTMLInputElement;
    input.value = '120000';
    input.dispatchEvent(new Event('input'));
    await settle();
    await clickInBody('broker-config-review');
    expect(bodyTestId('broker-config-diff')?.textContent).toContain('log.retention.ms: 60000 → 120000');
    expect(fake.callsOf('brokers', 'alterConfigs')).toHaveLength(0);
    await clickInBody('broker-config-save');
    expect(fake.callsOf('brokers', 'alterConfigs')[0]?.args).toEqual([
      2,
      { 'log.retention.ms': '120000', 'num.io.threads': '8' },
      { validateOnly: false },
    ]);
  });

  it('edits the cluster-wide default: its keys from a running broker, its values from the default, AlterConfigs of null with the whole default set', async () => {
    const fake = new FakeApi();
    const entry = (name: string, scope: 'per-broker' | 'cluster-wide' | null) => ({
      name,
      value: '1',
      source: 'DEFAULT_CONFIG' as const,
      sensitive: false,
      documentation: '',
      type: 'LONG',
      defaultValue: '1',
      validValues: null,
      readOnly: scope === null,
      scope,
    });
    fake.api.brokers.configs = async (brokerId) =>
      brokerId === null
        ? [
            {
              ...entry('log.retention.ms', 'cluster-wide'),
              value: '3600000',
              source: 'DYNAMIC_DEFAULT_BROKER_CONFIG',
              synonyms: [{ name: 'log.retention.ms', value: '3600000', source: 'DYNAMIC_DEFAULT_BROKER_CONFIG' }],
            },
          ]
        : [
            entry('broker.id', null),
            entry('advertised.listeners', 'per-broker'),
            entry('log.retention.ms', 'cluster-wide'),
            entry('log.segment.bytes', 'cluster-wide'),
          ];
    const { wrapper: w } = mountWithApp(BrokersView, { client: fake.client(), router: true });
    await settle();
    await click(w, 'broker-defaults-configs');
    // The controller (broker 0) lists the keys; the default's describe gives the values it sets.
    expect(fake.callsOf('brokers', 'configs').map((c) => c.args)).toEqual([[0], [null]]);
    const rows = () => [...document.body.querySelectorAll('[data-testid="broker-configs"] .el-table__body-wrapper tr.el-table__row')];
    const cells = (row: Element) => [...row.querySelectorAll('td')].map((td) => td.textContent?.trim());
    expect(rows().map((r) => cells(r).slice(0, 3))).toEqual([
      ['log.retention.ms', '3600000', 'DYNAMIC_DEFAULT_BROKER_CONFIG'],
      ['log.segment.bytes', '(not set)', ''],
    ]);
    (document.body.querySelector('[data-testid="broker-defaults-per-broker"]') as HTMLElement).click();
    await settle();
    expect(rows().map((r) => cells(r)[0])).toEqual(['advertised.listeners', 'log.retention.ms', 'log.segment.bytes']);

    await clickInBody('broker-config-edit-log.segment.bytes');
    const field = bodyTestId('broker-config-input-log.segment.bytes');
    const input = (field?.tagName === 'INPUT' ? field : field?.querySelector('input')) as HTMLInputElement;
    input.value = '1048576';
    input.dispatchEvent(new Event('input'));
    await settle();
    await clickInBody('broker-config-review');
    expect(bodyTestId('broker-config-diff')?.textContent).toContain('Changes to /config/brokers/<default>');
    expect(bodyTestId('broker-config-diff')?.textContent).toContain('log.segment.bytes: (not set) → 1048576');
    await clickInBody('broker-config-save');
    expect(fake.callsOf('brokers', 'alterConfigs')[0]?.args).toEqual([
      null,
      { 'log.retention.ms': '3600000', 'log.segment.bytes': '1048576' },
      { validateOnly: false },
    ]);
  });
});
