// @vitest-environment happy-dom
/**
 * Deleting a topic is confirmed as every destructive action is, in the one confirmation dialog:
 * what goes and what Kafka will do listed, a red button enabled only once the name is typed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import TopicDetailView from '../../../src-renderer/src/views/topics/TopicDetailView.vue';
import { FakeApi } from '../support/fake-api';
import { bodyTestId, click, clickInBody } from '../support/helpers';
import { mountWithApp, settle, unmountAll } from '../support/mount';

afterEach(unmountAll);

async function typeName(text: string): Promise<void> {
  const input = bodyTestId('confirm-name') as HTMLInputElement;
  const native = (input.tagName === 'INPUT' ? input : input.querySelector('input')) as HTMLInputElement;
  native.value = text;
  native.dispatchEvent(new Event('input'));
  await settle();
}

describe('the destructive confirmation', () => {
  it('deletes a topic only after its name is typed, with the consequences listed and a red button', async () => {
    const fake = new FakeApi();
    fake.newPartitionReads = 0;
    fake.cluster.topics.set('orders', [
      [0, 1],
      [1, 2],
    ]);
    const deleted: string[] = [];
    fake.api.topics.delete = async (name) => {
      deleted.push(name);
    };
    const { wrapper: w } = mountWithApp(TopicDetailView, { client: fake.client(), router: true, props: { name: 'orders' } });
    await settle();
    await click(w, 'delete-topic');
    const sentences = bodyTestId('confirm-sentences')!.textContent!;
    expect(sentences).toContain('/admin/delete_topics/orders');
    expect(sentences).toContain('its 2 partitions offline');
    expect(sentences).toContain('its 4 replicas');
    expect(sentences).toContain('file.delete.delay.ms');
    const ok = bodyTestId('confirm-ok') as HTMLButtonElement;
    expect(ok.classList.contains('el-button--danger')).toBe(true);
    expect(ok.disabled).toBe(true);
    await typeName('order');
    expect(ok.disabled).toBe(true);
    await clickInBody('confirm-ok');
    expect(deleted).toEqual([]);
    await typeName('orders');
    expect(ok.disabled).toBe(false);
    await clickInBody('confirm-ok');
    expect(deleted).toEqual(['orders']);
  });
});
