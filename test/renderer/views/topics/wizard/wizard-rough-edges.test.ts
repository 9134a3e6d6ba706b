// @vitest-environment happy-dom
/**
 * The create-topic wizard's rough edges a new user found: 0 partitions sent as typed and refused in
 * Kafka's words (never clamped to 1), refusals gone as soon as the value is corrected, Kafka's
 * '.'/'_' metric-name warning, enumerated configs as selects, milliseconds and bytes in human units,
 * and a review of the znodes and the kafka-topics.sh command rather than the internal request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import CreateTopicWizard from '../../../../../src-renderer/src/views/topics/wizard/CreateTopicWizard.vue';
import { useCreateTopicStore } from '../../../../../src-renderer/src/stores/create-topic';
import { FakeApi } from '../../../support/fake-api';
import { byTestId, click, inputOf, pickOption } from '../../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../../support/mount';

afterEach(unmountAll);

async function setNumber(w: VueWrapper, id: string, value: number): Promise<void> {
  const input = inputOf(w, id);
  await input.setValue(String(value));
  await input.trigger('change');
  await settle();
}

async function start(fake: FakeApi) {
  const mounted = mountWithApp(CreateTopicWizard, { client: fake.client() });
  await settle();
  return { w: mounted.wrapper, store: useCreateTopicStore() };
}

describe('the create-topic wizard, as a new user met it', () => {
  it("sends 0 partitions as typed and shows Kafka's refusal, which goes once the count is corrected", async () => {
    const fake = new FakeApi();
    const { w, store } = await start(fake);
    await inputOf(w, 'topic-name').setValue('orders');
    await click(w, 'wizard-next');
    await setNumber(w, 'partitions', 0);
    expect((inputOf(w, 'partitions').element as HTMLInputElement).value).toBe('0');
    await click(w, 'wizard-next');
    expect(byTestId(w, 'partitions-error').text()).toBe('Number of partitions must be larger than 0.');
    const sent = fake.callsOf('topics', 'previewCreate').at(-1)!.args[0] as { partitions: number };
    expect(sent.partitions).toBe(0);
    expect(store.step).toBe(1);
    await setNumber(w, 'partitions', 2);
    expect(byTestId(w, 'partitions-error').exists()).toBe(false);
  });

  it('the replication factor refusal goes once it is corrected, before Next is pressed again', async () => {
    const fake = new FakeApi();
    const { w } = await start(fake);
    await inputOf(w, 'topic-name').setValue('orders');
    await click(w, 'wizard-next');
    await setNumber(w, 'replication-factor', 0);
    await click(w, 'wizard-next');
    expect(byTestId(w, 'replication-factor-error').text()).toBe('Replication factor must be larger than 0.');
    await setNumber(w, 'replication-factor', 2);
    expect(byTestId(w, 'replication-factor-error').exists()).toBe(false);
  });

  it('the name refusal goes as soon as the name is changed', async () => {
    const fake = new FakeApi();
    fake.cluster.topics.set('orders', [[0]]);
    const { w } = await start(fake);
    await inputOf(w, 'topic-name').setValue('orders');
    await click(w, 'wizard-next');
    expect(byTestId(w, 'name-error').text()).toBe("Topic 'orders' already exists.");
    await inputOf(w, 'topic-name').setValue('orders-2');
    await settle();
    expect(byTestId(w, 'name-error').exists()).toBe(false);
  });

  it("prints kafka-topics.sh's metric-name warning for a name with '.' or '_', not for others", async () => {
    const { w } = await start(new FakeApi());
    await inputOf(w, 'topic-name').setValue('orders-eu');
    await settle();
    expect(byTestId(w, 'name-collision-warning').exists()).toBe(false);
    await inputOf(w, 'topic-name').setValue('orders.eu');
    await settle();
    expect(byTestId(w, 'name-collision-warning').text()).toContain(
      "WARNING: Due to limitations in metric names, topics with a period ('.') or underscore ('_') could collide. To avoid issues it is best to use either, but not both.",
    );
  });

  it('offers an enumerated config as a select, shows milliseconds in human units, and reviews the znodes and the command', async () => {
    const fake = new FakeApi({ seed: 5 });
    const { w, store } = await start(fake);
    await inputOf(w, 'topic-name').setValue('orders');
    await click(w, 'wizard-next');
    await setNumber(w, 'partitions', 2);
    await setNumber(w, 'replication-factor', 2);
    await click(w, 'wizard-next');
    await click(w, 'wizard-next');
    expect(byTestId(w, 'configs-step').exists()).toBe(true);
    // cleanup.policy is ValidList.in(compact, delete): chosen, not typed.
    expect(byTestId(w, 'config-input-cleanup.policy').exists()).toBe(false);
    await pickOption(w, 'config-select-cleanup.policy', 'compact');
    await inputOf(w, 'config-input-retention.ms').setValue('604800000');
    await settle();
    expect(byTestId(w, 'config-human-retention.ms').text()).toBe('= 7 d');
    await click(w, 'wizard-next');
    expect(byTestId(w, 'review-step').exists()).toBe(true);
    const assignment = store.previewed!;
    const text = byTestId(w, 'review-step').text();
    expect(text).toContain('/brokers/topics/orders');
    expect(text).toContain('/config/topics/orders');
    expect(byTestId(w, 'request-json').exists()).toBe(false);
    expect(byTestId(w, 'create-command').text()).toBe(
      `kafka-topics.sh --create --bootstrap-server localhost:9092 --topic orders --replica-assignment ${assignment.map((r) => r.join(':')).join(',')} --config cleanup.policy=compact --config retention.ms=604800000`,
    );
  });
});
