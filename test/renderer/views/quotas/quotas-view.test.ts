// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { QuotaOverviewDto } from '../../../../src-renderer/src/api/types';
import QuotasView from '../../../../src-renderer/src/views/quotas/QuotasView.vue';
import { FakeApi } from '../../support/fake-api';
import { bodyTestId, byTestId, clickInBody } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

const overview: QuotaOverviewDto = {
  entities: [
    { user: '<default>', clientId: null, path: 'users/<default>', configs: { request_percentage: '200' } },
    { user: null, clientId: 'billing', path: 'clients/billing', configs: { producer_byte_rate: '1024' } },
  ],
  clients: [
    {
      brokerId: 1,
      user: 'ANONYMOUS',
      clientId: 'billing',
      quotas: [
        { key: 'producer_byte_rate', quota: 1024, source: 'clients/billing', observedRate: 3072, throttleTimeAvgMs: 812.4 },
        { key: 'consumer_byte_rate', quota: null, source: null, observedRate: 0, throttleTimeAvgMs: null },
        { key: 'request_percentage', quota: null, source: null, observedRate: 1.25, throttleTimeAvgMs: null },
      ],
    },
  ],
};

async function type(id: string, value: string): Promise<void> {
  const host = bodyTestId(id)!;
  const input = (host.tagName === 'INPUT' ? host : host.querySelector('input')) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await settle();
}

describe('QuotasView', () => {
  it('shows each entity as kafka-configs names it, the clients it applies to, and a client’s bound, source, rate and throttle', async () => {
    const fake = new FakeApi();
    fake.api.quotas.overview = async () => overview;
    const { wrapper: w } = mountWithApp(QuotasView, { client: fake.client() });
    await settle();
    expect(byTestId(w, 'quota-entity-users/<default>').text()).toBe('default user-principal');
    expect(byTestId(w, 'quota-entity-clients/billing').text()).toBe("client-id 'billing'");
    expect(byTestId(w, 'quota-users/<default>-request_percentage').text()).toBe('200');
    expect(byTestId(w, 'quota-users/<default>-producer_byte_rate').text()).toBe('—');
    expect(byTestId(w, 'quota-in-effect-clients/billing').text()).toBe('billing @ 1: producer_byte_rate');
    expect(byTestId(w, 'client-bound-1-billing-producer_byte_rate').text()).toBe('quota 1024 B/s');
    expect(byTestId(w, 'client-source-1-billing-producer_byte_rate').text()).toBe('from clients/billing');
    expect(byTestId(w, 'client-rate-1-billing-producer_byte_rate').text()).toBe('observed 3.0 KB/s');
    expect(byTestId(w, 'client-throttle-1-billing-producer_byte_rate').text()).toBe('throttle 812 ms');
    expect(byTestId(w, 'client-throttle-1-billing-consumer_byte_rate').text()).toBe('not throttled');
    expect(
      byTestId(w, 'quota-precedence')
        .findAll('li')
        .map((li) => li.text())[0],
    ).toBe('/config/users/<user>/clients/<client-id>');
  });

  it('edits a quota: a value that is not a LONG is refused in Kafka’s words, then the review shows the diff and saves it', async () => {
    const fake = new FakeApi();
    let entities = overview.entities;
    fake.api.quotas.overview = async () => ({ ...overview, entities });
    fake.api.quotas.alter = async (_entity, set) => {
      entities = entities.map((e) => (e.path === 'clients/billing' ? { ...e, configs: { ...e.configs, ...set } } : e));
    };
    const { wrapper: w } = mountWithApp(QuotasView, { client: fake.client() });
    await settle();
    await byTestId(w, 'quota-edit-clients/billing').trigger('click');
    await settle();
    await type('quota-value-producer_byte_rate', '2 MB');
    expect(bodyTestId('quota-value-error-producer_byte_rate')?.textContent?.trim()).toBe(
      'Invalid value 2 MB for configuration producer_byte_rate: Not a number of type LONG',
    );
    expect((bodyTestId('quota-review-button') as HTMLButtonElement).disabled).toBe(true);
    await type('quota-value-producer_byte_rate', '2097152');
    await clickInBody('quota-review-button');
    expect(bodyTestId('quota-diff-kind-producer_byte_rate')?.textContent).toBe('changed');
    expect(bodyTestId('quota-diff-after-producer_byte_rate')?.textContent).toBe('2097152');
    expect(bodyTestId('quota-sentences')?.textContent).toContain(
      'kafka-configs --zookeeper localhost:2181 --alter --entity-type clients --entity-name billing --add-config producer_byte_rate=2097152',
    );
    await clickInBody('quota-save');
    // One alter, as one kafka-configs --alter: one znode write.
    expect(fake.callsOf('quotas', 'alter').map((c) => c.args)).toEqual([
      [{ user: null, clientId: 'billing' }, { producer_byte_rate: '2097152' }, []],
    ]);
    expect(byTestId(w, 'quota-clients/billing-producer_byte_rate').text()).toBe('2097152');
  });

  it('deletes an entity’s quotas after a confirmation naming the kafka-configs command, sending only its names', async () => {
    const fake = new FakeApi();
    fake.api.quotas.overview = async () => overview;
    fake.api.quotas.alter = async () => undefined;
    const { wrapper: w } = mountWithApp(QuotasView, { client: fake.client() });
    await settle();
    await byTestId(w, 'quota-delete-users/<default>').trigger('click');
    await settle();
    expect(bodyTestId('confirm-sentences')?.textContent).toContain(
      'kafka-configs --zookeeper localhost:2181 --alter --entity-type users --entity-default --delete-config request_percentage',
    );
    expect(fake.callsOf('quotas', 'alter')).toEqual([]);
    await clickInBody('confirm-ok');
    expect(fake.callsOf('quotas', 'alter').map((c) => c.args)).toEqual([
      [{ user: '<default>', clientId: null }, {}, ['request_percentage']],
    ]);
  });
});
