// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { TransactionDto } from '../../../../src-renderer/src/api/types';
import TransactionsView from '../../../../src-renderer/src/views/transactions/TransactionsView.vue';
import { FakeApi } from '../../support/fake-api';
import { bodyTestId, byTestId, clickInBody } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

const hanging: TransactionDto = {
  transactionalId: 'billing-tx',
  coordinator: 2,
  txnStatePartition: 17,
  coordinatorEpoch: 3,
  state: 'Ongoing',
  pendingState: null,
  producerId: 4000,
  producerEpoch: 5,
  txnTimeoutMs: 60000,
  partitions: [
    { topic: 'orders', partition: 0 },
    { topic: 'orders', partition: 1 },
  ],
  startedMs: 0,
  lastUpdateMs: 0,
  timedOut: true,
};

async function typeName(value: string): Promise<void> {
  const host = bodyTestId('confirm-name')!;
  const input = (host.tagName === 'INPUT' ? host : host.querySelector('input')) as HTMLInputElement;
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await settle();
}

describe('TransactionsView', () => {
  it('lists each transactional id with its state, producer id / epoch, partitions and coordinator', async () => {
    const fake = new FakeApi();
    fake.transactions = [hanging, { ...hanging, transactionalId: 'idle-tx', state: 'CompleteCommit', partitions: [], timedOut: false }];
    const { wrapper: w } = mountWithApp(TransactionsView, { client: fake.client() });
    await settle();
    expect(byTestId(w, 'txn-state-billing-tx').text()).toBe('Ongoing');
    expect(byTestId(w, 'txn-producer-billing-tx').text()).toBe('4000 / 5');
    expect(byTestId(w, 'txn-state-idle-tx').text()).toBe('CompleteCommit');
    const table = byTestId(w, 'transactions-table').text();
    expect(table).toContain('orders-0, orders-1');
    expect(table).toContain('broker 2 · __transaction_state-17 · epoch 3');
    expect(table).toContain('past its timeout');
  });

  it('fences a hanging transaction’s producer only after saying what it writes and the id is typed, then shows the answer (简体中文)', async () => {
    const fake = new FakeApi();
    fake.transactions = [hanging];
    const { wrapper: w } = mountWithApp(TransactionsView, { client: fake.client(), locale: 'zh-CN' });
    await settle();
    await byTestId(w, 'fence-billing-tx').trigger('click');
    await settle();
    const sentences = bodyTestId('confirm-sentences')!.textContent ?? '';
    expect(sentences).toContain('broker 2');
    expect(sentences).toContain('从 5 变为 6');
    expect(sentences).toContain('2 个分区');
    expect((bodyTestId('confirm-ok') as HTMLButtonElement).disabled).toBe(true);
    await typeName('billing-tx');
    await clickInBody('confirm-ok');
    await settle();
    expect(fake.fenced).toEqual(['billing-tx']);
    expect(byTestId(w, 'fence-result').text()).toContain('已隔离 billing-tx');
  });
});
