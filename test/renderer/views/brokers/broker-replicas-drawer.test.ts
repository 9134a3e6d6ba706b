// @vitest-environment happy-dom
/**
 * The broker page's replicas per log dir: each dir of the broker with its replicas (size, current
 * or future, offset lag), a move offered for a current replica not already moving, AlterReplicaLogDirs
 * once the confirmation is accepted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrokerReplicasDto, ReplicaMoveDto } from '../../../../src-renderer/src/api/types';
import BrokersView from '../../../../src-renderer/src/views/brokers/BrokersView.vue';
import { FakeApi } from '../../support/fake-api';
import { bodyTestId, click, clickInBody } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

const DIR_0 = '/data/broker-1/kafka-logs-0';
const DIR_1 = '/data/broker-1/kafka-logs-1';
const replicas: BrokerReplicasDto = {
  brokerId: 1,
  running: true,
  logDirs: [
    {
      path: DIR_0,
      online: true,
      replicas: [
        { topic: 'audit', partition: 0, sizeBytes: 4096, offsetLag: 0, isFuture: false },
        { topic: 'orders', partition: 1, sizeBytes: 2048, offsetLag: 0, isFuture: false },
      ],
    },
    { path: DIR_1, online: true, replicas: [{ topic: 'audit', partition: 0, sizeBytes: 1024, offsetLag: 7, isFuture: true }] },
  ],
};

describe('the broker page replicas per log dir', () => {
  it('lists each dir with its replicas and moves a current one to the other dir once confirmed', async () => {
    const fake = new FakeApi();
    const moves: ReplicaMoveDto[] = [];
    fake.api.logDirs.replicas = async () => replicas;
    fake.api.logDirs.moveReplica = async (move) => {
      moves.push(move);
      return { ...move, sourceDir: DIR_0, sizeBytes: 2048, alreadyThere: false };
    };
    const { wrapper: w } = mountWithApp(BrokersView, { client: fake.client(), router: true });
    await settle();
    await click(w, 'broker-1-more');
    await clickInBody('broker-1-replicas');
    expect(fake.callsOf('logDirs', 'replicas').map((c) => c.args)).toContainEqual([1]);
    const rows = (dir: string) =>
      [...bodyTestId(`broker-replicas-dir-${dir}`)!.querySelectorAll('.el-table__body-wrapper tr')].map((tr) => tr.textContent ?? '');
    expect(rows(DIR_0)[0]).toContain('audit-0');
    expect(rows(DIR_0)[0]).toContain('current');
    expect(rows(DIR_0)[0]).toContain('4.0 KB');
    expect(rows(DIR_1)[0]).toContain('future');
    expect(rows(DIR_1)[0]).toContain('7');
    // audit-0 is moving already: not offered again; orders-1 is.
    expect((bodyTestId('move-audit-0') as HTMLButtonElement).disabled).toBe(true);
    expect(bodyTestId('move-orders-1')).not.toBeNull();
    await clickInBody('move-orders-1');
    expect(bodyTestId('confirm-sentences')?.textContent).toContain(
      `The replica orders-1 of broker 1 moves from ${DIR_0} to ${DIR_1}: 2.0 KB of data.`,
    );
    await clickInBody('confirm-ok');
    expect(moves).toEqual([{ brokerId: 1, topic: 'orders', partition: 1, logDir: DIR_1 }]);
  });
});
