// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupDetailDto, GroupListQueryDto } from '../../../../src-renderer/src/api/types';
import TopicDetailView from '../../../../src-renderer/src/views/topics/TopicDetailView.vue';
import { topicConfigsCommand } from '../../../../src-renderer/src/views/topics/alter/topic-configs-command';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

/** orders: partition 0 led by its first replica, partition 1 led by its second (after a failover). */
function orders(): FakeApi {
  const fake = new FakeApi();
  fake.newPartitionReads = 0;
  fake.cluster.topics.set('orders', [
    [0, 1],
    [1, 2],
  ]);
  const detail = fake.api.topics.detail.bind(fake.api.topics);
  fake.api.topics.detail = async (name) => {
    const d = await detail(name);
    return { ...d, partitions: d.partitions.map((p) => (p.partition === 1 ? { ...p, leader: p.replicas[1] } : p)) };
  };
  return fake;
}

function group(groupId: string, lags: Array<[string, number, number | null]>): GroupDetailDto {
  return {
    groupId,
    state: 'Stable',
    protocolType: 'consumer',
    protocol: 'range',
    generationId: 1,
    coordinator: 0,
    members: 1,
    partitions: lags.length,
    totalLag: 0,
    maxLag: 0,
    leaderId: null,
    offsetsPartition: 0,
    memberList: [],
    partitionList: lags.map(([topic, partition, lag]) => ({
      topic,
      partition,
      committedOffset: 0,
      logEndOffset: lag,
      lag,
      memberId: null,
      clientId: null,
      host: null,
    })),
  };
}

describe('TopicDetailView: what a new user missed', () => {
  it('marks each partition on or off its preferred leader and counts those off it', async () => {
    const { wrapper: w } = mountWithApp(TopicDetailView, { client: orders().client(), router: true, props: { name: 'orders' } });
    await settle();
    const rows = byTestId(w, 'partitions-table').findAll('.el-table__body-wrapper tr.el-table__row');
    expect(rows[0].find('[data-testid="on-preferred-leader"]').exists()).toBe(true);
    expect(rows[1].find('[data-testid="not-preferred-leader"]').text()).toBe('preferred: 1');
    expect(byTestId(w, 'not-on-preferred-count').text()).toBe('1');
  });

  it('lists the topic’s consumer groups with the lag of this topic alone, each linking to the group', async () => {
    const fake = orders();
    const queries: GroupListQueryDto[] = [];
    fake.api.groups.list = async (query) => {
      queries.push(query);
      return { total: 3, matched: 1, groups: [{ ...group('billing', []), groupId: 'billing' }] };
    };
    fake.api.groups.detail = async () =>
      group('billing', [
        ['orders', 0, 5],
        ['orders', 1, 2],
        ['payments', 0, 100],
      ]);
    const { wrapper: w } = mountWithApp(TopicDetailView, { client: fake.client(), router: true, props: { name: 'orders' } });
    await settle();
    await w.find('#tab-consumers').trigger('click');
    await settle();
    expect(queries[0]).toMatchObject({ topic: 'orders' });
    const consumers = byTestId(w, 'topic-consumers');
    expect(consumers.find('[data-testid="topic-consumer-lag"]').text()).toBe('7');
    expect(consumers.text()).toContain('0: 5 · 1: 2');
    expect(consumers.find('[data-testid="topic-consumer-group"]').attributes('href')).toContain('/groups?group=billing');
  });

  it('links each znode path to the node editor at that path', async () => {
    const { wrapper: w } = mountWithApp(TopicDetailView, { client: orders().client(), router: true, props: { name: 'orders' } });
    await settle();
    await w.find('#tab-znodes').trigger('click');
    await settle();
    const links = w.findAll('[data-testid="znode-link"]');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(decodeURIComponent(link.attributes('href') ?? '')).toContain(`/zookeeper?path=${link.text()}`);
  });

  it('shows the Messages tab with the read panel on this topic (no topic to choose)', async () => {
    const { wrapper: w } = mountWithApp(TopicDetailView, { client: orders().client(), router: true, props: { name: 'orders' } });
    await settle();
    await w.find('#tab-messages').trigger('click');
    await settle();
    const pane = w.find('#pane-messages');
    expect(pane.find('[data-testid="read-fetch"]').exists()).toBe(true);
    expect(pane.find('[data-testid="read-topic"]').exists()).toBe(false);
  });
});

describe('topicConfigsCommand', () => {
  it('writes the change as kafka-configs would make it: added and changed with --add-config, removed with --delete-config (a list in brackets, quoted for the shell)', () => {
    expect(
      topicConfigsCommand('127.0.0.1:2181', 'orders', [
        { name: 'retention.ms', kind: 'changed', before: '1000', after: '2000' },
        { name: 'cleanup.policy', kind: 'added', before: null, after: 'compact,delete' },
        { name: 'segment.bytes', kind: 'removed', before: '1024', after: null },
      ]),
    ).toBe(
      "kafka-configs --zookeeper 127.0.0.1:2181 --entity-type topics --entity-name orders --alter --add-config 'retention.ms=2000,cleanup.policy=[compact,delete]' --delete-config segment.bytes",
    );
  });
});
