// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupDetailDto, GroupSummaryDto } from '../../../../src-renderer/src/api/types';
import GroupsView from '../../../../src-renderer/src/views/groups/GroupsView.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

const summary = (groupId: string, totalLag: number, members: number): GroupSummaryDto => ({
  groupId,
  state: members > 0 ? 'Stable' : 'Empty',
  protocolType: 'consumer',
  protocol: members > 0 ? 'range' : '',
  generationId: 3,
  coordinator: 1,
  members,
  partitions: 2,
  totalLag,
  maxLag: totalLag,
});

const detail: GroupDetailDto = {
  ...summary('billing', 7, 1),
  leaderId: 'billing-app-1',
  offsetsPartition: 12,
  memberList: [
    {
      memberId: 'billing-app-1',
      groupInstanceId: null,
      clientId: 'billing-app',
      host: '/127.0.0.1',
      assignment: [{ topic: 'orders', partition: 0 }],
    },
  ],
  partitionList: [
    {
      topic: 'orders',
      partition: 0,
      committedOffset: 3,
      logEndOffset: 10,
      lag: 7,
      memberId: 'billing-app-1',
      clientId: 'billing-app',
      host: '/127.0.0.1',
    },
    { topic: 'orders', partition: 1, committedOffset: null, logEndOffset: 4, lag: null, memberId: null, clientId: null, host: null },
  ],
};

describe('GroupsView', () => {
  it('lists the groups from the API, asks it to sort by lag, and shows a group’s lag rows with - where unknown', async () => {
    const fake = new FakeApi();
    fake.api.groups.list = async () => ({ total: 2, matched: 2, groups: [summary('audit', 0, 0), summary('billing', 7, 1)] });
    fake.api.groups.detail = async () => detail;
    fake.api.groups.history = async () => [
      {
        seq: 5,
        timeMs: 0,
        brokerId: 1,
        kind: 'stabilized',
        generationId: 3,
        summary: 'Stabilized group billing generation 3 (__consumer_offsets-12)',
      },
    ];
    const { wrapper: w } = mountWithApp(GroupsView, { client: fake.client(), router: true });
    await settle();
    expect(byTestId(w, 'group-state-audit').text()).toBe('Empty');
    expect(byTestId(w, 'group-lag-billing').text()).toBe('7');
    expect(fake.callsOf('groups', 'list')[0].args).toEqual([{ sort: 'group', offset: 0, limit: 50 }]);

    // The Total lag header's sort arrow: the API sorts (largest first on the first click).
    const header = w.findAll('th').find((th) => th.text().includes('Total lag'));
    expect(header).toBeDefined();
    await header!.trigger('click');
    await settle();
    expect(fake.callsOf('groups', 'list').at(-1)!.args).toEqual([{ sort: 'lag', ascending: false, offset: 0, limit: 50 }]);

    await w.find('[data-testid="group-row-billing"]').trigger('click');
    await settle();
    expect(byTestId(w, 'partition-lag-orders-0').text()).toBe('7');
    expect(byTestId(w, 'partition-lag-orders-1').text()).toBe('-');
    expect(byTestId(w, 'group-detail').text()).toContain('Coordinator: broker 1 · __consumer_offsets-12 · generation 3');
    expect(byTestId(w, 'group-history').text()).toContain('Stable at generation 3');
  });
});
