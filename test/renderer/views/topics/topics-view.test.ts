// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import TopicsView from '../../../../src-renderer/src/views/topics/TopicsView.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId, inputOf } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

describe('TopicsView', () => {
  it('renders one page of 50 rows out of 10,000 topics, paging on the server', async () => {
    const fake = new FakeApi({ topics: 10_000 });
    const { wrapper: w } = mountWithApp(TopicsView, { client: fake.client(), router: true });
    await settle();
    const list = fake.callsOf('topics', 'list');
    expect(list).toHaveLength(1);
    expect(list[0].args[0]).toMatchObject({ filter: 'all', offset: 0, limit: 50 });
    const rows = w.findAll('[data-testid="topics-table"] .el-table__body-wrapper tr.el-table__row');
    expect(rows).toHaveLength(50);
    expect(rows[0].text()).toContain('topic-00000');
    expect(byTestId(w, 'topic-pager').text()).toContain('10000');

    // Page 3: offset 100, still 50 rows.
    const pager = w.findAll('[data-testid="topic-pager"] .el-pager li');
    await pager.find((li) => li.text() === '3')!.trigger('click');
    await settle();
    expect(fake.callsOf('topics', 'list').at(-1)!.args[0]).toMatchObject({ offset: 100, limit: 50 });
    expect(w.find('[data-testid="topics-table"] .el-table__body-wrapper tr.el-table__row').text()).toContain('topic-00100');
  });

  it('searches on the server after typing stops, from the first page', async () => {
    const fake = new FakeApi({ topics: 300 });
    const { wrapper: w } = mountWithApp(TopicsView, { client: fake.client(), router: true });
    await settle();
    await inputOf(w, 'topic-search').setValue('0012');
    await new Promise((r) => setTimeout(r, 300));
    await settle();
    expect(fake.callsOf('topics', 'list').at(-1)!.args[0]).toMatchObject({ search: '0012', offset: 0 });
    const rows = w.findAll('[data-testid="topics-table"] .el-table__body-wrapper tr.el-table__row');
    expect(rows.map((r) => r.find('a').text())).toEqual([
      'topic-00012',
      'topic-00120',
      'topic-00121',
      'topic-00122',
      'topic-00123',
      'topic-00124',
      'topic-00125',
      'topic-00126',
      'topic-00127',
      'topic-00128',
      'topic-00129',
    ]);
  });
});
