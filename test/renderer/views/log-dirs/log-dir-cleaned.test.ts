// @vitest-environment happy-dom
/** The log dir browser on what the log cleaner left: cleaned segments marked, the cleaner checkpoint shown (issue 17 §1). */
import { afterEach, describe, expect, it } from 'vitest';
import type { LogDirEntryDto, LogDirListingDto } from '../../../../src-renderer/src/api/types';
import LogDirListing from '../../../../src-renderer/src/views/log-dirs/LogDirListing.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

const ROOT = { id: 'external-1', kind: 'external' as const, brokerId: null, path: '/copies/kafka-logs', online: null, exists: true };

function file(name: string, kind: LogDirEntryDto['kind'], baseOffset: number | null, cleaned?: boolean): LogDirEntryDto {
  return { name, path: `keyed-0/${name}`, kind, isDirectory: false, sizeBytes: 100, partition: null, baseOffset, problem: null, cleaned };
}

const PARTITION: LogDirListingDto = {
  root: ROOT,
  path: 'keyed-0',
  dirKind: 'partition',
  partition: { topic: 'keyed', partition: 0, dirKind: 'current', orphaned: null, segments: 2 },
  offset: 0,
  total: 3,
  entries: [
    file('00000000000000000000.log', 'log', 0, true),
    file('00000000000000000042.log', 'log', 42, false),
    file('leader-epoch-checkpoint', 'leader-epoch-checkpoint', null),
  ],
  cleanerCheckpoint: { path: 'cleaner-offset-checkpoint', offsets: [{ topic: 'keyed', partition: 0, offset: 42 }], error: null },
  cleanedUpTo: 42,
};

describe('log dir listing and the log cleaner', () => {
  it('marks the cleaned segments of a partition directory and shows its checkpointed offset', async () => {
    const fake = new FakeApi();
    fake.api.logDirs.list = async () => PARTITION;
    const { wrapper } = mountWithApp(LogDirListing, { client: fake.client(), router: true, props: { root: ROOT.id, path: 'keyed-0' } });
    await settle();
    expect(byTestId(wrapper, 'cleaned-up-to').text()).toBe('cleaner-offset-checkpoint: cleaned up to offset 42');
    const cleaned = byTestId(wrapper, 'cleaned-00000000000000000000.log');
    expect(cleaned.text()).toBe('cleaned');
    expect(cleaned.attributes('title')).toBe('Below the cleaner checkpoint (42): the log cleaner has compacted it.');
    expect(wrapper.find('[data-testid="cleaned-00000000000000000042.log"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="cleaned-leader-epoch-checkpoint"]').exists()).toBe(false);
  });

  it("shows a log dir's cleaner-offset-checkpoint entries, and says when it is empty", async () => {
    const fake = new FakeApi();
    let offsets = [
      { topic: 'keyed', partition: 0, offset: 42 },
      { topic: '__consumer_offsets', partition: 7, offset: 1300 },
    ];
    fake.api.logDirs.list = async () => ({
      ...PARTITION,
      path: '',
      dirKind: 'log-dir',
      partition: null,
      entries: [],
      cleanedUpTo: null,
      cleanerCheckpoint: { path: 'cleaner-offset-checkpoint', offsets, error: null },
    });
    const { wrapper } = mountWithApp(LogDirListing, { client: fake.client(), router: true, props: { root: ROOT.id, path: '' } });
    await settle();
    const text = byTestId(wrapper, 'cleaner-checkpoint').text();
    expect(text).toContain('cleaner-offset-checkpoint');
    expect(text).toContain('keyed-0: cleaned up to 42');
    expect(text).toContain('__consumer_offsets-7: cleaned up to 1300');
    expect(wrapper.find('[data-testid="cleaned-up-to"]').exists()).toBe(false);

    offsets = [];
    await wrapper.setProps({ path: 'x' });
    await wrapper.setProps({ path: '' });
    await settle();
    expect(byTestId(wrapper, 'cleaner-checkpoint').text()).toContain('empty: no compacted partition has been cleaned in this log dir');
  });
});
