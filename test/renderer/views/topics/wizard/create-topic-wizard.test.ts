// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { VueWrapper } from '@vue/test-utils';
import { SeededRandom } from '../../../../../src-main/core/platform/random';
import CreateTopicWizard from '../../../../../src-renderer/src/views/topics/wizard/CreateTopicWizard.vue';
import { useCreateTopicStore } from '../../../../../src-renderer/src/stores/create-topic';
import { FakeApi } from '../../../support/fake-api';
import { byTestId, click, inputOf } from '../../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../../support/mount';

afterEach(unmountAll);

async function setNumber(w: VueWrapper, id: string, value: number): Promise<void> {
  const input = inputOf(w, id);
  await input.setValue(String(value));
  await input.trigger('change');
  await settle();
}

function gridRows(w: VueWrapper): number[][] {
  return w
    .find('[data-testid="assignment-step"]')
    .findAll('tr[data-testid^="grid-row-"]')
    .map((row) => {
      const text = row.attributes('data-replicas') ?? '';
      return text === '' ? [] : text.split(',').map(Number);
    });
}

async function start(fake: FakeApi) {
  const mounted = mountWithApp(CreateTopicWizard, { client: fake.client() });
  await settle();
  return { w: mounted.wrapper, store: useCreateTopicStore() };
}

/** Name → partitions → the assignment step, with `partitions` and `rf`. */
async function toAssignmentStep(fake: FakeApi, partitions: number, rf: number) {
  const ctx = await start(fake);
  await inputOf(ctx.w, 'topic-name').setValue('orders');
  await click(ctx.w, 'wizard-next');
  expect(byTestId(ctx.w, 'partitions-step').exists()).toBe(true);
  await setNumber(ctx.w, 'partitions', partitions);
  await setNumber(ctx.w, 'replication-factor', rf);
  await click(ctx.w, 'wizard-next');
  expect(byTestId(ctx.w, 'assignment-step').exists()).toBe(true);
  return ctx;
}

/** What Kafka's algorithm (the core's) assigns for the same inputs and the same random draws. */
function replayAutomatic(fake: FakeApi, seed = 42): number[][][] {
  const random = new SeededRandom(seed);
  return fake.automaticInputs.map((input) => fake.computeAutomatic(input.partitions, input.replicationFactor, input.rackAware, random));
}

describe('CreateTopicWizard', () => {
  it("shows as the automatic preview grid exactly the assignment the api returned, which is the core's for the same inputs", async () => {
    const fake = new FakeApi({ seed: 42 });
    const { w } = await toAssignmentStep(fake, 6, 2);
    const returned = fake.previews.at(-1)!.assignment;
    expect(returned).toHaveLength(6);
    expect(gridRows(w)).toEqual(returned);
    expect(gridRows(w)).toEqual(replayAutomatic(fake).at(-1));
    // The first replica is marked as the preferred leader in its broker's column.
    const leader = returned[0][0];
    expect(byTestId(w, `grid-cell-0-${leader}`).text()).toBe('L');

    // A new preview draws again: the grid follows what the api returned this time.
    await click(w, 'regenerate');
    expect(gridRows(w)).toEqual(fake.previews.at(-1)!.assignment);
    expect(gridRows(w)).toEqual(replayAutomatic(fake).at(-1));
  });

  it("uses the rack-aware algorithm over the live brokers' racks, as the core does", async () => {
    const fake = new FakeApi({
      seed: 7,
      brokers: [
        { id: 0, rack: 'a' },
        { id: 1, rack: 'a' },
        { id: 2, rack: 'b' },
        { id: 3, rack: 'b' },
      ],
    });
    const { w } = await toAssignmentStep(fake, 8, 2);
    expect(fake.automaticInputs.at(-1)).toEqual({ partitions: 8, replicationFactor: 2, rackAware: true });
    expect(gridRows(w)).toEqual(replayAutomatic(fake, 7).at(-1));
    // Rack-aware: the two replicas of every partition are on different racks.
    const rack = (b: number) => (b < 2 ? 'a' : 'b');
    for (const replicas of gridRows(w)) expect(rack(replicas[0])).not.toBe(rack(replicas[1]));
  });

  it("shows Kafka's message next to the replication factor and stays on the step when it exceeds the live brokers", async () => {
    const fake = new FakeApi();
    const { w, store } = await start(fake);
    await inputOf(w, 'topic-name').setValue('orders');
    await click(w, 'wizard-next');
    await setNumber(w, 'replication-factor', 4);
    await click(w, 'wizard-next');
    expect(byTestId(w, 'replication-factor-error').text()).toBe('Replication factor: 4 larger than available brokers: 3.');
    expect(byTestId(w, 'partitions-step').exists()).toBe(true);
    expect(store.step).toBe(1);
    expect(fake.callsOf('topics', 'create')).toHaveLength(0);
  });

  it("shows an existing topic's refusal next to the name", async () => {
    const fake = new FakeApi();
    fake.cluster.topics.set('orders', [[0]]);
    const { w } = await start(fake);
    await inputOf(w, 'topic-name').setValue('orders');
    await click(w, 'wizard-next');
    expect(byTestId(w, 'name-error').text()).toBe("Topic 'orders' already exists.");
    expect(byTestId(w, 'name-step').exists()).toBe(true);
  });

  it('refuses an invalid manual grid with the message next to the grid, sends nothing, and accepts it once fixed', async () => {
    const fake = new FakeApi({ seed: 3 });
    const { w, store } = await toAssignmentStep(fake, 3, 2);
    const automatic = gridRows(w);
    await click(w, 'assignment-kind-manual');
    // The grid starts from the automatic preview.
    expect(gridRows(w)).toEqual(automatic);

    // Remove partition 0's second replica: one replica where the replication factor is 2.
    const [first, second] = automatic[0];
    await click(w, `grid-cell-0-${second}`);
    expect(gridRows(w)[0]).toEqual([first]);
    const previewsBefore = fake.callsOf('topics', 'previewCreate').length;
    await click(w, 'wizard-next');
    expect(byTestId(w, 'assignment-error').text()).toBe('Partition 0 has 1 replicas; the replication factor is 2.');
    expect(byTestId(w, 'assignment-step').exists()).toBe(true);
    expect(store.step).toBe(2);
    expect(fake.callsOf('topics', 'previewCreate')).toHaveLength(previewsBefore);

    // Add another broker to partition 0: the message goes away and the grid is accepted as given.
    const other = [0, 1, 2].find((b) => b !== first && b !== second)!;
    await click(w, `grid-cell-0-${other}`);
    expect(byTestId(w, 'assignment-error').exists()).toBe(false);
    await click(w, 'wizard-next');
    expect(byTestId(w, 'configs-step').exists()).toBe(true);
    const manualPreview = fake.callsOf('topics', 'previewCreate').at(-1)!.args[0] as { assignment: unknown; partitions: unknown };
    expect(manualPreview.assignment).toEqual({ kind: 'manual', assignment: [[first, other], ...automatic.slice(1)] });
    expect(manualPreview.partitions).toBeNull();
  });

  it("refuses a pasted --replica-assignment in kafka-topics' words", async () => {
    const fake = new FakeApi();
    const { w } = await toAssignmentStep(fake, 3, 2);
    await click(w, 'assignment-kind-replica-assignment');
    await inputOf(w, 'replica-assignment-text').setValue('0:0,1:2');
    await new Promise((r) => setTimeout(r, 350));
    await settle();
    expect(byTestId(w, 'assignment-error').text()).toBe(
      'AdminCommandFailedException: Partition replica lists may not contain duplicate entries: 0',
    );
    await click(w, 'wizard-next');
    expect(byTestId(w, 'assignment-step').exists()).toBe(true);

    await inputOf(w, 'replica-assignment-text').setValue('0:1,1:2,2:0,0:2');
    await new Promise((r) => setTimeout(r, 350));
    await settle();
    expect(byTestId(w, 'assignment-error').exists()).toBe(false);
    expect(gridRows(w)).toEqual([
      [0, 1],
      [1, 2],
      [2, 0],
      [0, 2],
    ]);
  });

  it('shows a config refused by Kafka next to that config and stays on the configs step', async () => {
    const fake = new FakeApi();
    const { w } = await toAssignmentStep(fake, 2, 1);
    await click(w, 'wizard-next');
    await inputOf(w, 'config-input-retention.ms').setValue('abc');
    await settle();
    await click(w, 'wizard-next');
    expect(byTestId(w, 'config-error-retention.ms').text()).toBe(
      'Invalid value abc for configuration retention.ms: Not a number of type LONG',
    );
    expect(byTestId(w, 'configs-step').exists()).toBe(true);
  });

  it('validate only calls create with validateOnly true and writes nothing', async () => {
    const fake = new FakeApi();
    const { w } = await toAssignmentStep(fake, 4, 2);
    const shown = gridRows(w);
    await click(w, 'wizard-next');
    await click(w, 'wizard-next');
    expect(byTestId(w, 'review-step').exists()).toBe(true);

    await click(w, 'validate-only');
    const creates = fake.callsOf('topics', 'create');
    expect(creates).toHaveLength(1);
    expect(creates[0].args[1]).toEqual({ validateOnly: true });
    expect(creates[0].args[0]).toMatchObject({ name: 'orders', assignment: { kind: 'manual', assignment: shown } });
    expect(fake.cluster.topics.has('orders')).toBe(false);
    expect(byTestId(w, 'validate-ok').exists()).toBe(true);
    expect(byTestId(w, 'review-step').exists()).toBe(true);
  });

  it('reviews the znodes of the preview, creates exactly the previewed assignment and follows the partitions until online', async () => {
    const fake = new FakeApi({ seed: 11 });
    const { w } = await toAssignmentStep(fake, 5, 3);
    const shown = gridRows(w);
    await click(w, 'wizard-next');
    await inputOf(w, 'config-input-retention.ms').setValue('1000');
    await settle();
    await click(w, 'wizard-next');

    const znodes = byTestId(w, 'znodes').text();
    expect(znodes).toContain('/config/topics/orders');
    expect(znodes).toContain('/brokers/topics/orders');
    expect(znodes).toContain('"retention.ms": "1000"');
    // The command that writes the same: the shown assignment, the override.
    expect(byTestId(w, 'create-command').text()).toContain(
      `--topic orders --replica-assignment ${shown.map((r) => r.join(':')).join(',')} --config retention.ms=1000`,
    );

    await click(w, 'create');
    const create = fake.callsOf('topics', 'create').at(-1)!;
    expect(create.args[1]).toEqual({ validateOnly: false });
    expect(fake.cluster.topics.get('orders')).toEqual(shown);
    expect(byTestId(w, 'follow-step').exists()).toBe(true);
    await expect
      .poll(
        async () => {
          await settle(1);
          return byTestId(w, 'all-online').exists();
        },
        { timeout: 4000, interval: 100 },
      )
      .toBe(true);
    expect(fake.callsOf('topics', 'detail').length).toBeGreaterThanOrEqual(2);
  });

  it("shows a refusal of the create itself in Kafka's words on the review step, and writes nothing", async () => {
    const fake = new FakeApi();
    const { w } = await toAssignmentStep(fake, 2, 2);
    await click(w, 'wizard-next');
    await click(w, 'wizard-next');
    // Someone else creates the topic meanwhile.
    fake.cluster.topics.set('orders', [[0]]);
    await click(w, 'create');
    expect(byTestId(w, 'review-step').exists()).toBe(true);
    expect(byTestId(w, 'api-error').text()).toContain('TOPIC_ALREADY_EXISTS');
    expect(byTestId(w, 'api-error').text()).toContain("Topic 'orders' already exists.");
    expect(fake.cluster.topics.get('orders')).toEqual([[0]]);
  });

  it('goes back to the step of the field a later check refuses, with the message next to it', async () => {
    const fake = new FakeApi();
    const { w, store } = await toAssignmentStep(fake, 2, 2);
    await click(w, 'wizard-next');
    // The name became taken after the name step: the configs step's check names the name field.
    fake.cluster.topics.set('orders', [[0]]);
    await click(w, 'wizard-next');
    expect(store.step).toBe(0);
    expect(byTestId(w, 'name-error').text()).toBe("Topic 'orders' already exists.");
  });
});
