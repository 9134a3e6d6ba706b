// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import OverviewView from '../../../../src-renderer/src/views/overview/OverviewView.vue';
import TopicsView from '../../../../src-renderer/src/views/topics/TopicsView.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

describe('the overview’s cards link to their lists', () => {
  it('controller and brokers to the brokers page, topics to the list, offline and URP to the list filtered', async () => {
    const { wrapper: w } = mountWithApp(OverviewView, { client: new FakeApi().client(), router: true });
    await settle();
    const href = (id: string) => decodeURIComponent(byTestId(w, id).attributes('href') ?? '');
    expect(href('controller-card')).toMatch(/\/brokers$/);
    expect(href('overview-brokers-link')).toMatch(/\/brokers$/);
    expect(href('topics-card')).toMatch(/\/topics$/);
    expect(href('offline-card')).toMatch(/\/topics\?filter=offline$/);
    expect(href('urp-card')).toMatch(/\/topics\?filter=under-replicated$/);
  });

  it('the topic list takes its filter from the address, and keeps the chosen one there', async () => {
    const fake = new FakeApi({ topics: 3 });
    const { wrapper: w, router } = mountWithApp(TopicsView, { client: fake.client(), router: true });
    await router!.push('/topics?filter=under-replicated');
    await settle();
    expect(fake.callsOf('topics', 'list').at(-1)!.args[0]).toMatchObject({ filter: 'under-replicated' });
    const offline = byTestId(w, 'topic-filter')
      .findAll('label')
      .find((l) => l.text() === 'Offline')!;
    await offline.find('input').setValue(true);
    await settle();
    expect(router!.currentRoute.value.query.filter).toBe('offline');
    expect(fake.callsOf('topics', 'list').at(-1)!.args[0]).toMatchObject({ filter: 'offline' });
    await router!.push('/topics');
    await settle();
    expect(fake.callsOf('topics', 'list').at(-1)!.args[0]).toMatchObject({ filter: 'all' });
  });
});
