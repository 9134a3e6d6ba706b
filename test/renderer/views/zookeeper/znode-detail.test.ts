// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalizedText, ZnodeDetailDto } from '../../../../src-renderer/src/api/types';
import ZnodeDetail from '../../../../src-renderer/src/views/zookeeper/ZnodeDetail.vue';
import { formattedJson, hexDump } from '../../../../src-renderer/src/views/zookeeper/znode-format';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

const STAT = {
  czxid: 16,
  mzxid: 33,
  ctime: 1_800_000_000_000,
  mtime: 1_800_000_001_000,
  version: 2,
  cversion: 0,
  aversion: 0,
  ephemeralOwner: '0x0',
  dataLength: 0,
  numChildren: 0,
  pzxid: 16,
};
const KIND = {
  kind: 'topic',
  title: { en: 'Topic assignment', 'zh-CN': 'Topic 副本分配' },
  pathPattern: '/brokers/topics/<topic>',
  kafkaName: 'TopicZNode',
  createMode: 'persistent' as const,
  dataFormat: 'json',
  description: { en: 'A topic.', 'zh-CN': '一个主题。' },
  writtenBy: { en: '', 'zh-CN': '' },
  readBy: { en: '', 'zh-CN': '' },
  onInvalidData: { en: '', 'zh-CN': '' },
  template: null,
  pathProblem: null as LocalizedText | null,
};

function detail(data: ZnodeDetailDto['data']): ZnodeDetailDto {
  return { path: '/brokers/topics/t', data, stat: { ...STAT, dataLength: data?.size ?? 0 }, kind: KIND };
}

const base64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const text = (s: string) => {
  const bytes = new TextEncoder().encode(s);
  return { text: s, base64: base64(bytes), size: bytes.length };
};

describe('ZnodeDetail (the node view)', () => {
  it('says what the znode is in the UI’s language', async () => {
    const fake = new FakeApi();
    const problem = { en: 'Negative broker id -1', 'zh-CN': 'broker id -1 是负数' };
    const zh = mountWithApp(ZnodeDetail, {
      client: fake.client(),
      locale: 'zh-CN',
      props: { detail: { ...detail(null), kind: { ...KIND, pathProblem: problem } }, gone: false },
    }).wrapper;
    await settle();
    expect(zh.text()).toContain('Topic 副本分配');
    expect(zh.text()).toContain('一个主题。');
    expect(zh.text()).toContain('broker id -1 是负数');
    expect(zh.text()).not.toContain('A topic.');
    const en = mountWithApp(ZnodeDetail, { client: fake.client(), props: { detail: detail(null), gone: false } }).wrapper;
    await settle();
    expect(en.text()).toContain('Topic assignment');
    expect(en.text()).toContain('A topic.');
  });

  it('shows null data as null and empty data as empty, distinctly', async () => {
    const fake = new FakeApi();
    const nul = mountWithApp(ZnodeDetail, { client: fake.client(), props: { detail: detail(null), gone: false } }).wrapper;
    await settle();
    expect(byTestId(nul, 'znode-data-null').text()).toBe('null');
    expect(nul.find('[data-testid="znode-data-empty"]').exists()).toBe(false);
    const empty = mountWithApp(ZnodeDetail, { client: fake.client(), props: { detail: detail(text('')), gone: false } }).wrapper;
    await settle();
    expect(byTestId(empty, 'znode-data-empty').text()).toBe('(empty: 0 bytes)');
    expect(empty.find('[data-testid="znode-data-null"]').exists()).toBe(false);
  });

  it("formats JSON keeping Kafka's key order, and lists every Stat field", async () => {
    const fake = new FakeApi();
    const json = '{"version":2,"partitions":{"2":[3],"1":[3],"0":[3]},"adding_replicas":{},"removing_replicas":{}}';
    const w = mountWithApp(ZnodeDetail, { client: fake.client(), props: { detail: detail(text(json)), gone: false } }).wrapper;
    await settle();
    expect(byTestId(w, 'znode-data').text()).toBe(formattedJson(json));
    expect(formattedJson(json)).toContain('"2": [3],\n    "1": [3],\n    "0": [3]');
    const stat = byTestId(w, 'znode-stat').text();
    for (const field of [
      'czxid',
      'mzxid',
      'pzxid',
      'ctime',
      'mtime',
      'version',
      'cversion',
      'aversion',
      'ephemeralOwner',
      'dataLength',
      'numChildren',
    ])
      expect(stat).toContain(field);
    expect(stat).toContain('0x21');
  });

  it('shows bytes that are not text as hex', async () => {
    const fake = new FakeApi();
    const bytes = Uint8Array.from([0xff, 0x00, 0x41]);
    const w = mountWithApp(ZnodeDetail, {
      client: fake.client(),
      props: { detail: detail({ text: null, base64: base64(bytes), size: 3 }), gone: false },
    }).wrapper;
    await settle();
    expect(byTestId(w, 'znode-data').text()).toBe(hexDump(bytes));
    expect(hexDump(bytes)).toBe('00000000  ff 00 41');
  });
});
