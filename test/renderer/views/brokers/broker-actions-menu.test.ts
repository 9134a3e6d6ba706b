// @vitest-environment happy-dom
/**
 * The Brokers page's actions: one button for what an operator expects (a clean shutdown of a
 * running broker, the start of a stopped one), a menu for the rest with the destructive actions
 * apart and in red, and Remove disabled with the reason on a running broker.
 */
import { afterEach, describe, expect, it } from 'vitest';
import BrokersView from '../../../../src-renderer/src/views/brokers/BrokersView.vue';
import { FakeApi } from '../../support/fake-api';
import { bodyTestId, byTestId, click } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

async function mountWithStopped(stopped: number[]) {
  const fake = new FakeApi();
  const overview = fake.api.cluster.overview;
  fake.api.cluster.overview = async () => {
    const o = await overview();
    return { ...o, brokers: o.brokers.map((b) => (stopped.includes(b.id) ? { ...b, state: 'NotRunning' as const } : b)) };
  };
  const { wrapper } = mountWithApp(BrokersView, { client: fake.client(), router: true });
  await settle();
  return wrapper;
}

describe('the broker actions', () => {
  it('a running broker: controlled shutdown as the button; kill, fail log dir and remove apart in red, remove disabled with the reason', async () => {
    const w = await mountWithStopped([]);
    expect(byTestId(w, 'broker-1-controlled-shutdown').text()).toBe('Controlled shutdown');
    // The row itself holds only the button and the menu's trigger.
    expect(byTestId(w, 'broker-1-kill').exists()).toBe(false);
    await click(w, 'broker-1-more');
    const items = [...bodyTestId('broker-1-menu')!.querySelectorAll('li')];
    const ids = items.map((li) => li.getAttribute('data-testid')).filter((id) => id !== null);
    expect(ids).toEqual([
      'broker-1-start',
      'broker-1-restart',
      'broker-1-configs',
      'broker-1-replicas',
      'broker-1-kill',
      'broker-1-fail-log-dir',
      'broker-1-remove',
    ]);
    const kill = bodyTestId('broker-1-kill')!;
    expect(kill.classList.contains('destructive')).toBe(true);
    // Apart: a divider comes before the first destructive action.
    expect(kill.previousElementSibling?.classList.contains('el-dropdown-menu__item--divided')).toBe(true);
    const remove = bodyTestId('broker-1-remove')!;
    expect(remove.classList.contains('destructive')).toBe(true);
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(bodyTestId('broker-1-remove-reason')?.textContent).toBe('Running: shut it down or kill it first.');
    expect(bodyTestId('broker-1-start')?.getAttribute('aria-disabled')).toBe('true');
  });

  it('a stopped broker: start as the button, remove allowed', async () => {
    const w = await mountWithStopped([2]);
    expect(byTestId(w, 'broker-2-start').text()).toBe('Start');
    await click(w, 'broker-2-more');
    expect(bodyTestId('broker-2-remove')?.getAttribute('aria-disabled')).toBe('false');
    expect(bodyTestId('broker-2-remove-reason')).toBeNull();
    expect(bodyTestId('broker-2-kill-reason')?.textContent).toBe('The broker is not running.');
  });
});
