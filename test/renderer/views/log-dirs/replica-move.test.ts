// @vitest-environment happy-dom
/**
 * Moving a replica from the log dir browser: a current partition dir of a broker's log dir offers
 * "Move to log dir…" (its other online dirs), the confirmation says what moves and how much,
 * AlterReplicaLogDirs is asked once confirmed, and a `-future` dir shows its offset lag.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BrokerReplicasDto, LogDirListingDto, ReplicaMoveDto } from '../../../../src-renderer/src/api/types';
import LogDirsView from '../../../../src-renderer/src/views/log-dirs/LogDirsView.vue';
import { ApiRefusal, FakeApi } from '../../support/fake-api';
import { bodyTestId, byTestId, clickInBody } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

const DIR_0 = '/data/brokers/broker-0/kafka-logs-0';
const DIR_1 = '/data/brokers/broker-0/kafka-logs-1';
const ROOT = { id: 'broker-0/kafka-logs-0', kind: 'broker' as const, brokerId: 0, path: DIR_0, online: true, exists: true };
const FUTURE = 'audit-0.0123456789abcdef0123456789abcdef-future';

function listing(): LogDirListingDto {
  const entry = (name: string, topic: string, dirKind: 'current' | 'future') => ({
    name,
    path: name,
    kind: 'partition' as const,
    isDirectory: true,
    sizeBytes: 999,
    partition: { topic, partition: 0, dirKind, orphaned: false, segments: 1 },
    baseOffset: null,
    problem: null,
  });
  return {
    root: ROOT,
    path: '',
    dirKind: 'log-dir',
    partition: null,
    offset: 0,
    total: 2,
    entries: [entry(FUTURE, 'audit', 'future'), entry('orders-0', 'orders', 'current')],
  };
}

const replicas: BrokerReplicasDto = {
  brokerId: 0,
  running: true,
  logDirs: [
    {
      path: DIR_0,
      online: true,
      replicas: [
        { topic: 'audit', partition: 0, sizeBytes: 512, offsetLag: 12, isFuture: true },
        { topic: 'orders', partition: 0, sizeBytes: 3 * 1024 * 1024, offsetLag: 0, isFuture: false },
      ],
    },
    { path: DIR_1, online: true, replicas: [{ topic: 'audit', partition: 0, sizeBytes: 4096, offsetLag: 0, isFuture: false }] },
  ],
};

describe('moving a replica from the log dir browser', () => {
  it('tags the -future dir with its offset lag, and moves a current one to the other dir after saying what moves', async () => {
    const fake = new FakeApi();
    const moves: ReplicaMoveDto[] = [];
    fake.api.logDirs.roots = async () => [ROOT];
    fake.api.logDirs.list = async () => listing();
    fake.api.logDirs.replicas = async () => replicas;
    fake.api.logDirs.moveReplica = async (move) => {
      moves.push(move);
      return { ...move, sourceDir: DIR_0, sizeBytes: 3 * 1024 * 1024, alreadyThere: false };
    };
    const { wrapper: w, router } = mountWithApp(LogDirsView, { client: fake.client(), router: true });
    await router!.push({ name: 'log-dirs', query: { root: ROOT.id, path: '' } });
    await settle();

    expect(byTestId(w, 'future-lag-audit-0').text()).toBe('offset lag 12');
    // A -future dir is not moved from here; the current one is.
    expect(byTestId(w, `move-${FUTURE}`).exists()).toBe(false);
    const readsBefore = fake.callsOf('logDirs', 'replicas').length;
    await byTestId(w, 'move-orders-0').trigger('click');
    await settle();
    const sentences = bodyTestId('confirm-sentences')!.textContent!;
    expect(sentences).toContain(`The replica orders-0 of broker 0 moves from ${DIR_0} to ${DIR_1}: 3.0 MB of data.`);
    expect(sentences).toContain('orders-0.<uniqueId>-future');
    expect(sentences).toContain('orders-0.<uniqueId>-delete');
    await clickInBody('confirm-ok');
    expect(moves).toEqual([{ brokerId: 0, topic: 'orders', partition: 0, logDir: DIR_1 }]);
    // Followed at once: the broker's replicas and the listing read again.
    expect(fake.callsOf('logDirs', 'replicas').length).toBeGreaterThan(readsBefore);
    expect(document.body.textContent).toContain(`Moving orders-0 on broker 0 to ${DIR_1}`);
  });

  it('shows the broker refusal in Kafka words and keeps the dialog open', async () => {
    const fake = new FakeApi();
    fake.api.logDirs.roots = async () => [ROOT];
    fake.api.logDirs.list = async () => listing();
    fake.api.logDirs.replicas = async () => replicas;
    fake.api.logDirs.moveReplica = async () => {
      throw new ApiRefusal({
        name: 'KAFKA_STORAGE_ERROR',
        message: `orders-0 on broker 0: Disk error when trying to access log file on the disk.`,
        field: 'logDir',
      });
    };
    const { wrapper: w, router } = mountWithApp(LogDirsView, { client: fake.client(), router: true });
    await router!.push({ name: 'log-dirs', query: { root: ROOT.id, path: '' } });
    await settle();
    await byTestId(w, 'move-orders-0').trigger('click');
    await settle();
    await clickInBody('confirm-ok');
    const dialog = bodyTestId('confirm-dialog')!;
    expect(dialog.textContent).toContain('KAFKA_STORAGE_ERROR');
    expect(dialog.textContent).toContain('orders-0 on broker 0: Disk error when trying to access log file on the disk.');
  });
});
