// @vitest-environment happy-dom
/**
 * The destructive actions moved to the one confirmation dialog do nothing until confirmed there:
 * a consumer group's --delete, and a reassignment's --cancel (each partition back to its
 * replicas without the ones being added).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupDetailDto, PartitionProgressDto } from '../../../src-renderer/src/api/types';
import GroupActions from '../../../src-renderer/src/views/groups/GroupActions.vue';
import ReassignmentsView from '../../../src-renderer/src/views/reassignments/ReassignmentsView.vue';
import { FakeApi } from '../support/fake-api';
import { bodyTestId, click, clickInBody } from '../support/helpers';
import { mountWithApp, settle, unmountAll } from '../support/mount';

afterEach(unmountAll);

const group: GroupDetailDto = {
  groupId: 'billing',
  state: 'Empty',
  protocolType: 'consumer',
  protocol: '',
  generationId: 3,
  coordinator: 1,
  members: 0,
  partitions: 1,
  totalLag: 0,
  maxLag: 0,
  leaderId: null,
  offsetsPartition: 12,
  memberList: [],
  partitionList: [],
} as unknown as GroupDetailDto;

function visibleDialogButton(label: string): HTMLButtonElement {
  const buttons = [...document.body.querySelectorAll('[data-testid="confirm-dialog"] button')] as HTMLButtonElement[];
  const found = buttons.find((b) => b.textContent?.trim() === label);
  expect(found, `${label} button`).toBeDefined();
  return found!;
}

describe('destructive confirmations', () => {
  it("deletes a consumer group only once confirmed, after Kafka's refusal and what follows are listed", async () => {
    const fake = new FakeApi();
    const deleted: string[] = [];
    fake.api.groups.deleteGroup = async (id) => void deleted.push(id);
    const { wrapper: w } = mountWithApp(GroupActions, { client: fake.client(), props: { group } });
    await settle();
    await click(w, 'delete-group');
    const sentences = bodyTestId('confirm-sentences')!.textContent!;
    expect(sentences).toContain('kafka-consumer-groups --delete');
    expect(sentences).toContain('NON_EMPTY_GROUP');
    expect(sentences).toContain('auto.offset.reset');
    expect(bodyTestId('confirm-ok')!.classList.contains('el-button--danger')).toBe(true);
    visibleDialogButton('Cancel').click();
    await settle();
    expect(deleted).toEqual([]);

    await click(w, 'delete-group');
    await clickInBody('confirm-ok');
    expect(deleted).toEqual(['billing']);
  });

  it('cancels a reassignment only once confirmed, saying where each partition goes back to', async () => {
    const fake = new FakeApi();
    const ongoing = {
      topic: 'orders',
      partition: 0,
      replicas: [0, 1, 2],
      targetReplicas: [1, 2],
      adding: [2],
      removing: [0],
      isr: [0, 1],
      leader: 0,
      leaderLogEndOffset: 10,
      leaderSizeBytes: 100,
      replicaLogs: [],
      done: false,
    } as PartitionProgressDto;
    fake.api.reassignments.progress = async () => ({ partitions: [ongoing], executedPlan: null, brokerThrottles: [], topicThrottles: [] });
    const cancelled: unknown[] = [];
    fake.api.reassignments.cancel = async (partitions) => {
      cancelled.push(partitions);
      return { outcomes: [], messages: [] } as never;
    };
    const { wrapper: w } = mountWithApp(ReassignmentsView, { client: fake.client() });
    await settle();
    await click(w, 'reassign-cancel');
    const dialog = [...document.body.querySelectorAll('[data-testid="confirm-sentences"]')].map((e) => e.textContent ?? '').join(' ');
    expect(dialog).toContain('kafka-reassign-partitions.sh --cancel');
    expect(dialog).toContain('orders-0 goes back to its replicas [0, 1]; the replicas being added (on brokers 2) stop');
    expect(cancelled).toEqual([]);
    visibleDialogButton('Cancel the reassignments in progress').click();
    await settle();
    expect(cancelled).toEqual([[{ topic: 'orders', partition: 0 }]]);
  });
});
