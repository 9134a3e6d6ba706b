// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WatchSessionDto } from '../../../../src-main/api/contract';
import WatchPanel from '../../../../src-renderer/src/views/zookeeper/WatchPanel.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(() => {
  unmountAll();
  vi.useRealTimers();
});

const broker: WatchSessionDto = {
  sessionId: '0x10',
  owner: 'broker-0 (controller)',
  data: ['/controller'],
  child: ['/brokers/ids'],
  persistent: [],
  recursive: [],
  connection: null,
};
const outside: WatchSessionDto = {
  sessionId: '0x11',
  owner: 'outside client',
  data: ['/config/topics/t'],
  child: [],
  persistent: [],
  recursive: [],
  connection: { address: '/127.0.0.1:54321', timeoutMs: 12000 },
};

describe('WatchPanel (sessions and their watches)', () => {
  it('lists an outside client’s address and negotiated timeout beside the in-process sessions, and sees it leave', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const fake = new FakeApi();
    let sessions = [broker, outside];
    fake.api.zookeeper.watches = async () => sessions;
    const w = mountWithApp(WatchPanel, { client: fake.client(), props: {} }).wrapper;
    await settle();
    const table = byTestId(w, 'watch-table').text();
    expect(table).toContain('outside client');
    expect(table).toContain('/127.0.0.1:54321');
    expect(table).toContain('12000 ms');
    expect(table).toContain('broker-0 (controller)');
    expect(w.findAll('[data-testid="watch-address"]').map((a) => a.text())).toEqual(['—', '/127.0.0.1:54321']);

    sessions = [broker];
    vi.advanceTimersByTime(3000);
    await settle();
    expect(byTestId(w, 'watch-table').text()).not.toContain('/127.0.0.1:54321');
  });
});
