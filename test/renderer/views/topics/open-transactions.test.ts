// @vitest-environment happy-dom
/** A topic's open transactions: which one holds each partition's LSO, by whom and since when, in English and 简体中文. */
import { afterEach, describe, expect, it } from 'vitest';
import type { PartitionDto } from '../../../../src-renderer/src/api/types';
import OpenTransactions from '../../../../src-renderer/src/views/topics/OpenTransactions.vue';
import { useClusterStore } from '../../../../src-renderer/src/stores/cluster';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(() => unmountAll());

const NOW = 1_700_000_090_000;

function partition(p: number, openTransactions: PartitionDto['openTransactions'], lastStableOffset: number): PartitionDto {
  return {
    partition: p,
    leader: 0,
    leaderEpoch: 0,
    replicas: [0],
    isr: [0],
    addingReplicas: [],
    removingReplicas: [],
    state: 'OnlinePartition',
    replicaStates: { 0: 'OnlineReplica' },
    logStartOffset: 0,
    highWatermark: 20,
    logEndOffset: 20,
    sizeBytes: 0,
    lastStableOffset,
    openTransactions,
  };
}

const PARTITIONS = [
  partition(
    0,
    [
      { producerId: 4000, producerEpoch: 2, firstOffset: 7, startedMs: NOW - 90_000 },
      { producerId: 4001, producerEpoch: 0, firstOffset: 12, startedMs: -1 },
    ],
    7,
  ),
  partition(1, [], 20),
];

async function mounted(locale: 'en' | 'zh-CN') {
  const fake = new FakeApi();
  const { wrapper } = mountWithApp(OpenTransactions, { client: fake.client(), locale, props: { partitions: PARTITIONS } });
  const store = useClusterStore();
  store.overview = { ...(await fake.client().cluster.overview()), nowMs: NOW };
  await settle();
  return wrapper;
}

describe('open transactions on the topic page', () => {
  it('says which transaction holds the LSO, by which producer, started how long ago; the others as open', async () => {
    const w = await mounted('en');
    expect(byTestId(w, 'open-txn-0-4000').text()).toBe(
      'Partition 0’s LSO is held at 7 by producer id 4000 (epoch 2) · started 1 min 30 s ago',
    );
    expect(byTestId(w, 'open-txn-0-4001').text()).toBe(
      'Partition 0: producer id 4001 (epoch 0) has a transaction open from offset 12 · start time unknown',
    );
    expect(w.findAll('li')).toHaveLength(2);
  });

  it('in 简体中文', async () => {
    const w = await mounted('zh-CN');
    expect(byTestId(w, 'open-transactions').text()).toContain('未完成的事务');
    expect(byTestId(w, 'open-txn-0-4000').text()).toContain('分区 0 的 LSO 被 producer id 4000（epoch 2）停在 7');
    expect(byTestId(w, 'open-txn-0-4001').text()).toContain('开始时间未知');
  });

  it('shows nothing when no transaction is open', async () => {
    const fake = new FakeApi();
    const { wrapper } = mountWithApp(OpenTransactions, { client: fake.client(), props: { partitions: [partition(1, [], 20)] } });
    await settle();
    expect(wrapper.find('[data-testid="open-transactions"]').exists()).toBe(false);
  });
});
