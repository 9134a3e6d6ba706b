// @vitest-environment happy-dom
/**
 * Right after a kill the dead broker still leads: the hint says that the controller acts only when
 * ZooKeeper expires the session, with the broker's zookeeper.session.timeout.ms and a countdown to
 * the expiry on the cluster clock; nothing is said of a broker without a pending expiry.
 */
import { afterEach, describe, expect, it } from 'vitest';
import SessionExpiryHint from '../../../src-renderer/src/components/SessionExpiryHint.vue';
import { useClusterStore } from '../../../src-renderer/src/stores/cluster';
import { FakeApi } from '../support/fake-api';
import { byTestId } from '../support/helpers';
import { mountWithApp, settle, unmountAll } from '../support/mount';

afterEach(unmountAll);

async function mountWithKilled(props: { brokerIds?: number[] } = {}) {
  const fake = new FakeApi();
  const { wrapper } = mountWithApp(SessionExpiryHint, { client: fake.client(), props });
  const cluster = useClusterStore();
  const base = await fake.api.cluster.overview();
  cluster.overview = {
    ...base,
    nowMs: 1_000_000,
    brokers: base.brokers.map((b) =>
      b.id === 2
        ? {
            ...b,
            state: 'Killed',
            sessionExpiry: { killedAtMs: 1_000_000 - 6_000, sessionTimeoutMs: 18_000, expiresAtMs: 1_000_000 + 12_000 },
          }
        : { ...b, sessionExpiry: null },
    ),
  };
  await settle();
  return wrapper;
}

describe('SessionExpiryHint', () => {
  it('explains why the killed broker still leads, with its session timeout and a countdown on the cluster clock', async () => {
    const w = await mountWithKilled();
    const hint = byTestId(w, 'session-expiry-2');
    expect(hint.text()).toContain('Broker 2 was killed, but the controller does not know yet');
    expect(hint.text()).toContain('zookeeper.session.timeout.ms = 18000');
    expect(byTestId(w, 'session-expiry-countdown-2').text()).toBe('Session expires in 12 s');
    expect(hint.text()).toContain('killed 6 s ago');
    expect(byTestId(w, 'session-expiry-0').exists()).toBe(false);
  });

  it("says nothing about a killed broker that is not one of the view's", async () => {
    const w = await mountWithKilled({ brokerIds: [0, 1] });
    expect(byTestId(w, 'session-expiry-2').exists()).toBe(false);
  });
});
