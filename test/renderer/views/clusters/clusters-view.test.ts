// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { COUNT_CONFIGS, SWITCH_CONFIGS } from '../../../../src-renderer/src/views/clusters/cluster-profile';
import ClustersView from '../../../../src-renderer/src/views/clusters/ClustersView.vue';
import { FakeApi } from '../../support/fake-api';
import { bodyTestId, click, clickInBody } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

describe('ClustersView', () => {
  it('opens a fresh new-cluster form with the key broker configs, and checks the name first', async () => {
    const fake = new FakeApi();
    const { wrapper: w } = mountWithApp(ClustersView, { client: fake.client(), router: true });
    await settle();
    await click(w, 'new-cluster');
    const dialog = bodyTestId('new-cluster-dialog')!;
    const labels = [...dialog.querySelectorAll('.el-form-item__label')].map((l) => l.textContent?.trim());
    expect(labels).toEqual(expect.arrayContaining([...SWITCH_CONFIGS, ...COUNT_CONFIGS].map((c) => c.property)));

    await clickInBody('profile-create');
    expect(bodyTestId('field-error')?.textContent?.trim()).toBe('A name is required.');
    expect(fake.callsOf('workspaces', 'create')).toHaveLength(0);
  });
});
