// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import TopicCleaning from '../../../../src-renderer/src/views/topics/TopicCleaning.vue';
import type { ReplicaCleaningDto } from '../../../../src-main/api/topic-cleaning-contract';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

const replica = (overrides: Partial<ReplicaCleaningDto>): ReplicaCleaningDto => ({
  brokerId: 0,
  logStartOffset: 0,
  logEndOffset: 120,
  firstDirtyOffset: 56,
  firstUncleanableOffset: 112,
  cleanableBytes: 3000,
  totalBytes: 4000,
  dirtyRatio: 0.75,
  minCleanableRatio: 0.5,
  cleaningState: null,
  uncleanable: false,
  lastCleaning: null,
  ...overrides,
});

describe('TopicCleaning (the topic page’s log cleaner tab)', () => {
  it('shows each replica’s cleaner checkpoint, its dirty ratio against min.cleanable.dirty.ratio and its last cleaning', async () => {
    const fake = new FakeApi();
    fake.topicCleanings.set('accounts', {
      topic: 'accounts',
      compacted: true,
      partitions: [
        {
          partition: 0,
          replicas: [
            replica({}),
            replica({
              brokerId: 1,
              dirtyRatio: 0.1,
              lastCleaning: {
                threadId: 0,
                timeMs: 0,
                firstDirtyOffset: 0,
                endOffset: 56,
                bytesRead: 2048,
                bytesWritten: 512,
                messagesRead: 56,
                messagesWritten: 7,
              },
            }),
          ],
        },
      ],
    });
    const { wrapper: w } = mountWithApp(TopicCleaning, { client: fake.client(), props: { topic: 'accounts' } });
    await settle();
    expect(w.findAll('[data-testid="topic-cleaning-checkpoint"]').map((c) => c.text())).toEqual(['56', '56']);
    const ratios = w.findAll('[data-testid="topic-cleaning-ratio"]');
    expect(ratios.map((r) => r.text())).toEqual(['75.0%', '10.0%']);
    // Above the minimum ratio: the cleaner will take it.
    expect(ratios[0].classes()).toContain('el-tag--warning');
    expect(ratios[1].classes()).toContain('el-tag--success');
    const last = w.findAll('[data-testid="topic-cleaning-last"]').map((c) => c.text());
    expect(last[0]).toBe('not since the broker started');
    expect(last[1]).toContain('thread 0: offsets [0, 56), 2.0 KB → 512 B, 56 → 7 records');
  });

  it('says a topic without cleanup.policy=compact is left to retention, in Chinese too', async () => {
    const fake = new FakeApi();
    const { wrapper: w } = mountWithApp(TopicCleaning, { client: fake.client(), props: { topic: 'orders' }, locale: 'zh-CN' });
    await settle();
    expect(byTestId(w, 'topic-cleaning-not-compacted').text()).toContain('该主题的 cleanup.policy 不含 compact');
  });
});
