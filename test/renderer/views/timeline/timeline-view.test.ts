// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { EventDto, IncidentDto } from '../../../../src-renderer/src/api/types';
import TimelineView from '../../../../src-renderer/src/views/timeline/TimelineView.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

const event = (seq: number, summary: string, extra: Partial<EventDto> = {}): EventDto => ({
  seq,
  timeMs: seq * 1000,
  kind: 'log',
  brokerId: 0,
  level: 'INFO',
  summary,
  text: { en: summary, 'zh-CN': summary },
  category: 'broker',
  routine: false,
  ...extra,
});

const killed: IncidentDto = {
  id: '11',
  kind: 'broker-killed',
  startMs: 1000,
  endMs: 20_000,
  brokerId: 1,
  title: { en: 'Broker 1 killed', 'zh-CN': 'Broker 1 被强制终止' },
  steps: [
    { timeMs: 1000, seq: 11, text: { en: 'Broker 1 killed (kill -9)', 'zh-CN': 'Broker 1 被强制终止（kill -9）' } },
    { timeMs: 20_000, seq: 40, text: { en: 'ZooKeeper session 0x1 expired after 19 s', 'zh-CN': 'ZooKeeper 会话 0x1 在 19 秒后过期' } },
  ],
};

function fakeWithTimeline(): FakeApi {
  const fake = new FakeApi({ brokers: [{ id: 0, rack: null }] });
  fake.timelineEvents = [
    event(3, 'Wrote 8 entries to /d/replication-offset-checkpoint', { category: 'log-manager', level: 'DEBUG', routine: true }),
    event(2, '[Controller id=0] Broker failure callback for 1', { category: 'controller' }),
    event(1, 'session 0x1 expired', {
      category: 'zookeeper',
      level: 'WARN',
      text: { en: 'session 0x1 expired', 'zh-CN': '会话 0x1 已过期' },
    }),
  ];
  fake.incidentList = [killed];
  return fake;
}

describe('TimelineView', () => {
  it('opens the incident of ?incident= with its steps, and hides routine noise until asked', async () => {
    const fake = fakeWithTimeline();
    const { wrapper: w, router } = mountWithApp(TimelineView, { client: fake.client(), router: true, locale: 'en' });
    await router!.push({ path: '/timeline', query: { incident: '11' } });
    await settle();
    expect(byTestId(w, 'incident-list').text()).toContain('Broker 1 killed');
    expect(byTestId(w, 'incident-list').text()).toContain('took 19 s');
    const steps = w.findAll('[data-testid="incident-step"]').map((s) => s.text());
    expect(steps[1]).toContain('ZooKeeper session 0x1 expired after 19 s');
    expect(steps[1]).toContain('event #40');
    expect(w.findAll('[data-testid="timeline-event"]').map((e) => e.text())).toHaveLength(2);
    await byTestId(w, 'filter-routine').find('input').setValue(true);
    await settle();
    expect(w.findAll('[data-testid="timeline-event"]')).toHaveLength(3);
    const call = fake.calls.filter((c) => c.method === 'timeline').at(-1)!;
    expect(call.args[0]).toMatchObject({ includeRoutine: true });
  });

  it('says when nothing matches, how to widen the filter, and clearing brings the events back', async () => {
    const fake = fakeWithTimeline();
    const { wrapper: w, router } = mountWithApp(TimelineView, { client: fake.client(), router: true, locale: 'en' });
    await router!.push('/timeline');
    await settle();
    // Element Plus puts the test id on the <input> itself.
    await byTestId(w, 'filter-topic').setValue('no-such-topic');
    await settle();
    expect(fake.calls.filter((c) => c.method === 'timeline').at(-1)!.args[0]).toMatchObject({ topic: 'no-such-topic' });
    expect(byTestId(w, 'nothing-matches').text()).toContain('No event matches these filters.');
    expect(byTestId(w, 'nothing-matches').text()).toContain('Widen the filter');
    await byTestId(w, 'nothing-matches').find('button').trigger('click');
    await settle();
    expect(w.findAll('[data-testid="timeline-event"]')).toHaveLength(3);
  });

  it('shows the incident and the dojo’s own event texts in 简体中文', async () => {
    const fake = fakeWithTimeline();
    const { wrapper: w, router } = mountWithApp(TimelineView, { client: fake.client(), router: true, locale: 'zh-CN' });
    await router!.push({ path: '/timeline', query: { incident: '11' } });
    await settle();
    expect(byTestId(w, 'incident-detail').text()).toContain('ZooKeeper 会话 0x1 在 19 秒后过期');
    expect(w.text()).toContain('会话 0x1 已过期');
    expect(w.text()).toContain('[Controller id=0] Broker failure callback for 1');
  });
});
