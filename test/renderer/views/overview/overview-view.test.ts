// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import OverviewView from '../../../../src-renderer/src/views/overview/OverviewView.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

describe('OverviewView', () => {
  it('shows the brokers with the controller badged, and the cluster’s numbers', async () => {
    const fake = new FakeApi({ brokers: [{ id: 0, rack: 'r1' }, { id: 1, rack: null }] });
    const { wrapper: w } = mountWithApp(OverviewView, { client: fake.client(), router: true });
    await settle();
    const rows = byTestId(w, 'overview-brokers').findAll('.el-table__body-wrapper tr.el-table__row');
    expect(rows.map((r) => r.findAll('td').slice(0, 4).map((td) => td.text()))).toEqual([
      ['0Controller', 'r1', 'localhost:9092', 'RunningAsBroker'],
      ['1', '-', 'localhost:9093', 'RunningAsBroker'],
    ]);
    expect(byTestId(w, 'controller-badge').text()).toBe('Controller');
    expect(byTestId(w, 'controller-card').text()).toContain('Controller epoch 1');
    expect(byTestId(w, 'offline-count').text()).toContain('0');
  });
});
