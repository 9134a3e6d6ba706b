// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import BrokersView from '../../../../src-renderer/src/views/brokers/BrokersView.vue';
import { FakeApi } from '../../support/fake-api';
import { bodyTestId, click, clickInBody } from '../../support/helpers';
import { mountWithApp, settle } from '../../support/mount';

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
  document.body.innerHTML = '';
});

describe('BrokersView', () => {
  it('says what killing a broker will do before doing it, and kills only once confirmed', async () => {
    const fake = new FakeApi();
    const { wrapper: w } = mountWithApp(BrokersView, { client: fake.client(), router: true });
    wrapper = w;
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
});
