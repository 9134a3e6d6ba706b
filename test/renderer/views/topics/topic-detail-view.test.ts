// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import TopicDetailView from '../../../../src-renderer/src/views/topics/TopicDetailView.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

function orders(): FakeApi {
  const fake = new FakeApi();
  fake.newPartitionReads = 0;
  fake.cluster.topics.set('orders', [
    [0, 1],
    [1, 2],
  ]);
  fake.cluster.configs.set('orders', { 'retention.ms': '1000' });
  return fake;
}

describe('TopicDetailView', () => {
  it('titles the page under Topics and sums the topic up', async () => {
    const { wrapper: w } = mountWithApp(TopicDetailView, { client: orders().client(), router: true, props: { name: 'orders' } });
    await settle();
    expect(w.find('.page-header h2').text()).toMatch(/^Topics\s+\/\s+orders$/);
    expect(w.find('.page-header a[href="#/topics"], .page-header a[href="/topics"]').exists()).toBe(true);
    expect(w.find('.page-header .page-actions').text()).toContain('Refresh');
    const summary = w.find('.el-descriptions').text();
    expect(summary).toContain('Partitions');
    expect(summary).toContain('Size');
  });

  it('shows each partition with its leader, ISR, state and size', async () => {
    const { wrapper: w } = mountWithApp(TopicDetailView, { client: orders().client(), router: true, props: { name: 'orders' } });
    await settle();
    const rows = byTestId(w, 'partitions-table').findAll('.el-table__body-wrapper tr.el-table__row');
    expect(rows).toHaveLength(2);
    const cells = rows[1].findAll('td').map((td) => td.text());
    expect(cells[0]).toBe('1');
    // Leader 1 is the first replica of [1, 2]: on its preferred leader.
    expect(cells[1]).toBe('1★');
    expect(cells[4]).toBe('[1, 2]');
    expect(cells[6]).toBe('OnlinePartition');
    expect(cells[8]).toBe('0 B');
  });

  it('lists the configs, the topic’s own overrides highlighted', async () => {
    const { wrapper: w } = mountWithApp(TopicDetailView, { client: orders().client(), router: true, props: { name: 'orders' } });
    await settle();
    const rows = byTestId(w, 'topic-configs').findAll('.el-table__body-wrapper tr.el-table__row');
    const retention = rows.find((r) => r.text().includes('retention.ms'))!;
    expect(retention.findAll('td').map((td) => td.text())).toEqual(['retention.ms', '1000', 'TOPIC_CONFIG']);
    expect(retention.find('.el-tag').classes()).toContain('el-tag--primary');
    const policy = rows.find((r) => r.text().includes('cleanup.policy'))!;
    expect(policy.find('.el-tag').classes()).toContain('el-tag--info');
  });

  it('edits the configs in place with the Alter wizard’s editor (its diff table), reading the config keys once', async () => {
    const fake = orders();
    const { wrapper: w } = mountWithApp(TopicDetailView, { client: fake.client(), router: true, props: { name: 'orders' } });
    await settle();
    expect(byTestId(w, 'edit-configs').exists()).toBe(false);
    await byTestId(w, 'topic-configs-edit').trigger('click');
    await settle();
    expect(byTestId(w, 'edit-configs').exists()).toBe(true);
    expect(byTestId(w, 'config-diff').exists()).toBe(true);
    expect(byTestId(w, 'topic-configs').exists()).toBe(false);
    expect(fake.callsOf('topics', 'configKeys')).toHaveLength(1);
  });
});
