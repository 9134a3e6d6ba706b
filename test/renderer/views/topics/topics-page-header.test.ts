// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import AlterTopicView from '../../../../src-renderer/src/views/topics/AlterTopicView.vue';
import CreateTopicView from '../../../../src-renderer/src/views/topics/CreateTopicView.vue';
import { FakeApi } from '../../support/fake-api';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

describe('pages under Topics', () => {
  it('title the create page "Topics / Create topic", with no actions', async () => {
    const { wrapper: w } = mountWithApp(CreateTopicView, { client: new FakeApi().client(), router: true });
    await settle();
    expect(w.find('.page-header h2').text()).toMatch(/^Topics\s+\/\s+Create topic$/);
    expect(w.find('.page-header .page-actions').exists()).toBe(false);
  });

  it('title the alter page "Topics / <topic> / Alter", the topic linking to its page', async () => {
    const fake = new FakeApi();
    fake.cluster.topics.set('orders', [[0, 1]]);
    const { wrapper: w } = mountWithApp(AlterTopicView, { client: fake.client(), router: true, props: { name: 'orders' } });
    await settle();
    const title = w.find('.page-header h2');
    expect(title.text()).toMatch(/^Topics\s+\/\s+orders\s+\/\s+Alter$/);
    expect(title.findAll('a').map((a) => a.text())).toEqual(['Topics', 'orders']);
  });
});
