// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import { assignReplicasToBrokers } from '../../../../../src-main/core/admin/replica-assignment';
import AlterTopicWizard from '../../../../../src-renderer/src/views/topics/alter/AlterTopicWizard.vue';
import { FakeApi } from '../../../support/fake-api';
import { byTestId, click, inputOf, pickOption } from '../../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../../support/mount';

afterEach(unmountAll);

function rows(w: VueWrapper, scope: string): number[][] {
  return byTestId(w, scope)
    .findAll('tr[data-testid^="grid-row-"]')
    .map((r) =>
      (r.attributes('data-replicas') ?? '')
        .split(',')
        .filter((x) => x !== '')
        .map(Number),
    );
}

async function mountAlter(fake: FakeApi) {
  const { wrapper: w } = mountWithApp(AlterTopicWizard, { client: fake.client(), props: { topic: 'orders' } });
  await settle();
  return w;
}

describe('AlterTopicWizard', () => {
  it('previews the new partitions as Kafka assigns them (existing ones untouched) and adds exactly those', async () => {
    const fake = new FakeApi({
      brokers: [0, 1, 2, 3, 4].map((id) => ({ id, rack: null })),
    });
    // Seed 000 "alter": p0 [0,2,3], p1 [1,3,0] on brokers 0–4 → new p2 = [2,3,4] (scenario A1).
    fake.cluster.topics.set('orders', [
      [0, 2, 3],
      [1, 3, 0],
    ]);
    const w = await mountAlter(fake);
    const total = inputOf(w, 'total-count');
    await total.setValue('3');
    await total.trigger('change');
    await settle();
    await click(w, 'preview-add-partitions');
    const preview = fake.callsOf('topics', 'previewAddPartitions').at(-1)!;
    expect(preview.args[0]).toEqual({ topic: 'orders', totalCount: 3, newAssignment: null });
    const core = assignReplicasToBrokers(
      [0, 1, 2, 3, 4].map((id) => ({ id, rack: null })),
      1,
      3,
      0,
      2,
    );
    expect(core.get(2)).toEqual([2, 3, 4]);
    expect(rows(w, 'add-partitions').slice(-3)).toEqual([
      [0, 2, 3],
      [1, 3, 0],
      [2, 3, 4],
    ]);

    await click(w, 'apply-add-partitions');
    expect(fake.callsOf('topics', 'addPartitions').at(-1)!.args[0]).toEqual({ topic: 'orders', totalCount: 3, newAssignment: [[2, 3, 4]] });
    expect(fake.cluster.topics.get('orders')).toEqual([
      [0, 2, 3],
      [1, 3, 0],
      [2, 3, 4],
    ]);
  });

  it('shows the config diff and validates it without writing', async () => {
    const fake = new FakeApi();
    fake.cluster.topics.set('orders', [[0, 1]]);
    fake.cluster.configs.set('orders', { 'retention.ms': '1000' });
    const w = await mountAlter(fake);
    await w
      .findAll('.el-tabs__item')
      .find((t) => t.text() === 'Edit configs')!
      .trigger('click');
    await settle();
    await inputOf(w, 'config-input-retention.ms').setValue('');
    // An enumerated config (ValidList.in(compact, delete)) is chosen from a select.
    await pickOption(w, 'config-select-cleanup.policy', 'compact');
    await settle();
    const diff = byTestId(w, 'config-diff').text();
    expect(diff).toContain('cleanup.policy');
    expect(diff).toContain('added');
    expect(diff).toContain('retention.ms');
    expect(diff).toContain('removed');
    await click(w, 'configs-validate-only');
    expect(fake.callsOf('topics', 'alterConfigs').at(-1)!.args).toEqual([
      'orders',
      { 'cleanup.policy': 'compact' },
      { validateOnly: true },
    ]);
    expect(fake.cluster.configs.get('orders')).toEqual({ 'retention.ms': '1000' });
    expect(byTestId(w, 'configs-validate-ok').exists()).toBe(true);
  });

  it("shows Kafka's refusal of an increase that is not one next to the count", async () => {
    const fake = new FakeApi();
    fake.cluster.topics.set('orders', [[0], [1]]);
    const w = await mountAlter(fake);
    const total = inputOf(w, 'total-count');
    await total.setValue('2');
    await total.trigger('change');
    await settle();
    await click(w, 'preview-add-partitions');
    const countItem = inputOf(w, 'total-count').element.closest('.el-form-item')!;
    expect(countItem.querySelector('.field-error')?.textContent?.trim()).toBe(
      'Topic currently has 2 partitions, 2 would not be an increase.',
    );
    expect(fake.callsOf('topics', 'addPartitions')).toHaveLength(0);
  });
});
