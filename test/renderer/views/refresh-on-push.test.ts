// @vitest-environment happy-dom
/**
 * Views that showed stale state after an action elsewhere (issue 16's "stale state"): each one
 * reads again when a push arrives, without a manual refresh.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EventDto, LogDirListingDto } from '../../../src-renderer/src/api/types';
import { useClusterStore } from '../../../src-renderer/src/stores/cluster';
import LogDirsView from '../../../src-renderer/src/views/log-dirs/LogDirsView.vue';
import TimelineView from '../../../src-renderer/src/views/timeline/TimelineView.vue';
import { FakeApi } from '../support/fake-api';
import { byTestId } from '../support/helpers';
import { mountWithApp, settle, unmountAll } from '../support/mount';

afterEach(unmountAll);

/** A push, as the cluster store counts it. */
function push(): void {
  useClusterStore().handlePush({ type: 'events', events: [] } as never);
}

async function eventually<T>(read: () => T, expected: T): Promise<void> {
  await expect
    .poll(
      async () => {
        await settle(1);
        return read();
      },
      { timeout: 5000, interval: 100 },
    )
    .toEqual(expected);
}

const event = (seq: number, summary: string): EventDto => ({
  seq,
  timeMs: seq * 1000,
  kind: 'log',
  brokerId: 0,
  level: 'INFO',
  summary,
  text: { en: summary, 'zh-CN': summary },
  category: 'controller',
  routine: false,
});

const ROOT = {
  id: 'broker-0/kafka-logs',
  kind: 'broker' as const,
  brokerId: 0,
  path: '/d/broker-0/kafka-logs',
  online: true,
  exists: true,
};

function listingOf(names: string[]): LogDirListingDto {
  return {
    root: ROOT,
    path: '',
    dirKind: 'log-dir',
    partition: null,
    offset: 0,
    total: names.length,
    entries: names.map((name) => ({
      name,
      path: name,
      kind: 'partition' as const,
      isDirectory: true,
      sizeBytes: 0,
      partition: { topic: name.replace(/-\d+$/, ''), partition: 0, dirKind: 'current' as const, orphaned: false, segments: 1 },
      baseOffset: null,
      problem: null,
    })),
  };
}

describe('refresh on push', () => {
  it('the timeline shows the events that happened since it opened, keeping the ones it showed', async () => {
    const fake = new FakeApi({ brokers: [{ id: 0, rack: null }] });
    fake.timelineEvents = [event(2, 'Broker 1 killed'), event(1, 'Created topic orders')];
    const { wrapper: w, router } = mountWithApp(TimelineView, { client: fake.client(), router: true, locale: 'en' });
    await router!.push('/timeline');
    await settle();
    const SUMMARIES = ['Broker failure callback for 1', 'Broker 1 killed', 'Created topic orders'];
    const shown = () =>
      w.findAll('[data-testid="timeline-event"]').map((e) => SUMMARIES.find((summary) => e.text().includes(summary)) ?? e.text());
    expect(shown()).toEqual(['Broker 1 killed', 'Created topic orders']);

    fake.timelineEvents = [event(3, 'Broker failure callback for 1'), ...fake.timelineEvents];
    push();
    await eventually(shown, SUMMARIES);
  });

  it('the log dir listing shows a partition directory created since it opened', async () => {
    const fake = new FakeApi();
    let names = ['orders-0'];
    fake.api.logDirs.roots = async () => [ROOT];
    fake.api.logDirs.list = async () => listingOf(names);
    const { wrapper: w, router } = mountWithApp(LogDirsView, { client: fake.client(), router: true });
    await router!.push({ name: 'log-dirs', query: { root: ROOT.id, path: '' } });
    await settle();
    const rows = () =>
      byTestId(w, 'log-dir-entries')
        .findAll('.el-table__body-wrapper tr')
        .map((tr) => (tr.text().includes('payments-0') ? 'payments-0' : tr.text().includes('orders-0') ? 'orders-0' : tr.text()));
    expect(rows()).toEqual(['orders-0']);

    names = ['orders-0', 'payments-0'];
    push();
    await eventually(rows, ['orders-0', 'payments-0']);
  });
});
