// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { DeletionMatchDto, DeletionOverviewDto, TopicDeletionDto } from '../../../../src-renderer/src/api/types';
import DeletionsView from '../../../../src-renderer/src/views/deletions/DeletionsView.vue';
import { FakeApi } from '../../support/fake-api';
import { bodyTestId, byTestId, click, clickInBody } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

const NOW = 1_800_000_000_000;

/** `events` [[1,2],[2,0]] with broker 2 stopped: the replicas on 1 and 0 deleted, those on 2 held. */
function blocked(): TopicDeletionDto {
  const entered = (states: Record<string, number>) => Object.fromEntries(Object.entries(states).map(([s, d]) => [s, NOW - 10_000 + d]));
  return {
    topic: 'events',
    id: 42,
    stage: 'stop-replica-sent',
    outcome: 'in-progress',
    stageTimesMs: { marked: NOW - 10_000, 'picked-up': NOW - 9_900, 'partitions-offline': NOW - 9_800, 'stop-replica-sent': NOW - 9_500 },
    markedAtMs: NOW - 10_000,
    blockers: [{ kind: 'broker-offline', brokerId: 2, brokerState: 'NotRunning', partitions: [0, 1] }],
    queued: true,
    started: true,
    ineligible: true,
    replicaStateCounts: { ReplicaDeletionSuccessful: 1, OfflineReplica: 1 },
    deleteDirsPending: 1,
    deleteDirsRemoved: 0,
    nextDeleteAtMs: NOW + 51_000,
    replicas: [
      {
        partition: 0,
        brokerId: 1,
        state: 'ReplicaDeletionSuccessful',
        enteredMs: entered({ OfflineReplica: 300, ReplicaDeletionStarted: 500, ReplicaDeletionSuccessful: 700 }),
      },
      { partition: 0, brokerId: 2, state: 'OfflineReplica', enteredMs: entered({ ReplicaDeletionIneligible: 200, OfflineReplica: 900 }) },
    ],
    deleteDirs: [
      {
        brokerId: 1,
        partition: 0,
        logDir: '/w/brokers/broker-1/kafka-logs',
        path: '/w/brokers/broker-1/kafka-logs/events-0.0123456789abcdef0123456789abcdef-delete',
        renamedAtMs: NOW - 9_000,
        deleteAtMs: NOW + 51_000,
        removedAtMs: null,
        brokerRunning: true,
      },
    ],
    timeline: [
      {
        seq: 7,
        timeMs: NOW - 10_000,
        kind: 'zookeeper',
        brokerId: null,
        level: null,
        summary: 'create /admin/delete_topics/events',
        stages: ['marked'],
      },
    ],
    timelineDropped: 0,
  };
}

function overview(deletions: TopicDeletionDto[]): DeletionOverviewDto {
  return {
    nowMs: NOW,
    clockSpeed: 1,
    controllerId: 0,
    deleteTopicEnable: true,
    fileDeleteDelayMs: { 0: 60_000, 1: 60_000, 2: 60_000 },
    deletions,
  };
}

async function typeInBody(id: string, value: string): Promise<void> {
  const input = document.body.querySelector(`[data-testid="${id}"] input, input[data-testid="${id}"]`) as HTMLInputElement;
  expect(input, `${id} input`).not.toBeNull();
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await settle();
}

describe('DeletionsView', () => {
  it('says why a deletion is blocked, naming the broker and what unblocks it, with the grid and the -delete dir countdown', async () => {
    const fake = new FakeApi();
    fake.api.deletions.overview = async () => overview([blocked()]);
    fake.api.deletions.detail = async () => blocked();
    const { wrapper: w } = mountWithApp(DeletionsView, { client: fake.client(), router: true });
    await settle();

    expect(byTestId(w, 'deletion-row-stage-events').text()).toBe('StopReplica sent');
    expect(byTestId(w, 'deletion-row-dirs-events').text()).toMatch(/^1 waiting, 0 removed · next in (50|51) s$/);
    const reason = byTestId(w, 'blocker-broker-offline').text();
    expect(reason).toContain('Broker 2 is not live (NotRunning): its replicas of partitions 0, 1 cannot receive StopReplica');
    expect(reason).toContain('What unblocks it: start broker 2 (Brokers page)');
    const held = byTestId(w, 'grid-row-0-2');
    expect(held.find('[data-state="ReplicaDeletionIneligible"]').attributes('data-seen')).toBe('true');
    expect(held.find('[data-state="ReplicaDeletionSuccessful"]').attributes('data-seen')).toBe('false');
    expect(byTestId(w, 'grid-state-0-2').text()).toBe('OfflineReplica');
    expect(byTestId(w, 'dir-countdown-1-0').text()).toMatch(/in (50|51) s/);
    expect(byTestId(w, 'deletion-timeline').text()).toContain('create /admin/delete_topics/events');
  });

  it('shows which topics a regex matches, and deletes only once the pattern is typed again', async () => {
    const fake = new FakeApi();
    fake.api.deletions.overview = async () => overview([]);
    const matched: DeletionMatchDto = { regex: 'rx-.*', topics: ['rx-a', 'rx-b'], alreadyMarked: ['rx-b'], error: null };
    fake.api.deletions.match = async () => matched;
    fake.api.deletions.delete = async () => [
      { topic: 'rx-a', error: 'NONE', message: 'Topic rx-a is marked for deletion.' },
      { topic: 'rx-b', error: 'NONE', message: 'Topic rx-b is already marked for deletion.' },
    ];
    const { wrapper: w } = mountWithApp(DeletionsView, { client: fake.client(), router: true });
    await settle();
    await click(w, 'open-delete-dialog');
    (document.body.querySelectorAll('[data-testid="delete-mode"] input')[1] as HTMLInputElement).click();
    await settle();
    await typeInBody('delete-target', 'rx-.*');
    await new Promise((r) => setTimeout(r, 300));
    await settle();
    expect(fake.callsOf('deletions', 'match').map((c) => c.args)).toEqual([['rx-.*']]);
    expect(bodyTestId('match-rx-a')?.textContent?.trim()).toBe('rx-a');
    expect(bodyTestId('match-rx-b')?.textContent).toContain('already marked');

    const submit = bodyTestId('delete-submit') as HTMLButtonElement;
    await typeInBody('delete-confirmation', 'rx-');
    expect(submit.disabled).toBe(true);
    await typeInBody('delete-confirmation', 'rx-.*');
    expect(submit.disabled).toBe(false);
    await clickInBody('delete-submit');
    expect(fake.callsOf('deletions', 'delete').map((c) => c.args)).toEqual([[{ pattern: 'rx-.*', confirmation: 'rx-.*' }]]);
  });

  it("says why a pattern is not a regex in the UI's language (zh-CN: the Chinese text)", async () => {
    const fake = new FakeApi();
    fake.api.deletions.overview = async () => overview([]);
    const cause = 'Invalid regular expression: /^(?:rx[)$/: Unterminated character class';
    const text = { en: cause, 'zh-CN': `模式不是有效的正则表达式（${cause}）。` };
    fake.api.deletions.match = async () => ({
      regex: 'rx[',
      topics: [],
      alreadyMarked: [],
      error: { name: 'INVALID_INPUT', message: cause, text },
    });
    const { wrapper: w } = mountWithApp(DeletionsView, { client: fake.client(), router: true, locale: 'zh-CN' });
    await settle();
    await click(w, 'open-delete-dialog');
    (document.body.querySelectorAll('[data-testid="delete-mode"] input')[1] as HTMLInputElement).click();
    await settle();
    await typeInBody('delete-target', 'rx[');
    await new Promise((r) => setTimeout(r, 300));
    await settle();
    expect(bodyTestId('delete-matches')?.textContent).toContain('模式不是有效的正则表达式');
  });
});
