// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import PageHeader from '../../../src-renderer/src/components/PageHeader.vue';
import { FakeApi } from '../support/fake-api';
import { mountWithApp, settle, unmountAll } from '../support/mount';

afterEach(unmountAll);

describe('PageHeader', () => {
  it('shows only the title when the page has no actions', async () => {
    const { wrapper: w } = mountWithApp(PageHeader, { client: new FakeApi().client(), props: { title: 'Messages' } });
    await settle();
    expect(w.find('h2').text()).toBe('Messages');
    expect(w.find('.page-actions').exists()).toBe(false);
  });

  it('puts Refresh before the page’s own actions and reports its clicks', async () => {
    const onRefresh = vi.fn();
    const { wrapper: w } = mountWithApp(PageHeader, {
      client: new FakeApi().client(),
      props: { title: 'Topics', refreshing: false, onRefresh },
    });
    await settle();
    expect(w.findAll('.page-actions button').map((b) => b.text())).toEqual(['Refresh']);
    await w.find('.page-actions button').trigger('click');
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
