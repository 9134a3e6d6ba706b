// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import BrokersView from '../../../../src-renderer/src/views/brokers/BrokersView.vue';
import { FakeApi } from '../../support/fake-api';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

describe('BrokersView: replication throttles', () => {
  it('shows the throttled leader and follower bytes/s against the set rates, "none" when no rate is set', async () => {
    const fake = new FakeApi();
    const overview = fake.api.cluster.overview;
    fake.api.cluster.overview = async () => {
      const o = await overview();
      const brokers = o.brokers.map((b, i) => ({
        ...b,
        replicationThrottle:
          i === 0
            ? { leaderBytesPerSec: 1024 * 1024, followerBytesPerSec: 0, leaderRateBytesPerSec: 1024 * 1024, followerRateBytesPerSec: null }
            : { leaderBytesPerSec: 0, followerBytesPerSec: 0, leaderRateBytesPerSec: null, followerRateBytesPerSec: null },
      }));
      return { ...o, brokers };
    };
    const { wrapper: w } = mountWithApp(BrokersView, { client: fake.client(), router: true });
    await settle();
    const first = w.find('[data-testid="broker-0-throttle"]').text();
    expect(first).toContain('Leader 1.0 MB/s');
    expect(first).toContain('of 1.0 MB/s');
    expect(first).toContain('Follower 0 B/s');
    expect(first).toContain('no limit');
    expect(w.find('[data-testid="broker-1-throttle"]').text()).toBe('none');
  });
});
