// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import OverviewView from '../../../../src-renderer/src/views/overview/OverviewView.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

describe('OverviewView', () => {
  it('shows the brokers with the controller badged, and the cluster’s numbers', async () => {
    const fake = new FakeApi({
      brokers: [
        { id: 0, rack: 'r1' },
        { id: 1, rack: null },
      ],
    });
    const { wrapper: w } = mountWithApp(OverviewView, { client: fake.client(), router: true });
    await settle();
    const rows = byTestId(w, 'overview-brokers').findAll('.el-table__body-wrapper tr.el-table__row');
    expect(
      rows.map((r) =>
        r
          .findAll('td')
          .slice(0, 4)
          .map((td) => td.text()),
      ),
    ).toEqual([
      ['0Controller', 'r1', 'localhost:9092', 'RunningAsBroker'],
      ['1', '-', 'localhost:9093', 'RunningAsBroker'],
    ]);
    expect(byTestId(w, 'controller-badge').text()).toBe('Controller');
    expect(byTestId(w, 'controller-card').text()).toContain('Controller epoch 1');
    expect(byTestId(w, 'offline-count').text()).toContain('0');
  });

  it('shows the bootstrap servers and the ZooKeeper connect string, each copied by its button', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fake = new FakeApi({
      brokers: [
        { id: 0, rack: null },
        { id: 1, rack: null },
      ],
    });
    const { wrapper: w } = mountWithApp(OverviewView, { client: fake.client(), router: true });
    await settle();
    expect(byTestId(w, 'connect-bootstrap').text()).toContain('localhost:9092,localhost:9093');
    expect(byTestId(w, 'connect-zookeeper').text()).toContain('127.0.0.1:2181');
    await byTestId(w, 'copy-zookeeper').trigger('click');
    await byTestId(w, 'copy-bootstrap').trigger('click');
    expect(writeText.mock.calls).toEqual([['127.0.0.1:2181'], ['localhost:9092,localhost:9093']]);
  });
});
