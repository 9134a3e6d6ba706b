/**
 * Kafka 2.5.1's `TransactionMarkerChannelManager` and `TransactionStateManager` housekeeping on the
 * manual clock: markers whose leader is gone wait in the queues of the send thread and go out at its
 * next `doWork` — here the UpdateMetadata naming the new leader — not on a timer of their own; and
 * transactional ids idle past `transactional.id.expiration.ms` are removed on the
 * `transaction.remove.expired.transaction.cleanup.interval.ms` check.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ControlRecordType } from '../../src-main/core/record/control-record-type';
import { TRANSACTION_STATE_TOPIC_NAME } from '../../src-main/core/coordinator/transaction/transaction-log';
import { batchesOf, leaderLog, TestTxnProducer, txnCoordinatorOf, untilState } from '../core/coordinator/transaction-support';
import { ClusterHarness } from '../support/cluster-harness';
import { adminOf, CREATE, drive, topic, tp } from '../support/scenario';

describe('transaction markers and transactional-id expiry (manual clock)', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  async function cluster(seed: number, brokerConfig: Record<string, string> = {}): Promise<ClusterHarness> {
    h = await ClusterHarness.create({ seed, brokerConfig: { 'transaction.state.log.num.partitions': '5', ...brokerConfig } });
    await drive(h, adminOf(h).createTopics([topic('orders', { assignment: [[1, 2]] })], CREATE));
    return h;
  }

  /** A transactional id coordinated by broker `brokerId`. */
  async function idCoordinatedBy(c: ClusterHarness, brokerId: number, prefix: string): Promise<string> {
    for (let i = 0; i < 40; i++) if ((await txnCoordinatorOf(c, `${prefix}-${i}`)).broker.id === brokerId) return `${prefix}-${i}`;
    throw new Error(`no id coordinated by ${brokerId}`);
  }

  it('a marker whose leader died waits in the send thread’s queues and is written when the UpdateMetadata naming the new leader arrives', async () => {
    // The coordinator's __transaction_state partition on broker 0 alone: broker 1's death leaves it writable.
    const c = await cluster(1861, { 'transaction.state.log.replication.factor': '1', 'transaction.state.log.min.isr': '1' });
    const id = await idCoordinatedBy(c, 0, 'markers');
    const p = new TestTxnProducer(c, id);
    await p.init();
    expect(await p.addPartitions([tp('orders', 0)])).toBe('NONE');
    expect(await p.produce(tp('orders', 0), ['m0'])).toBe('NONE');
    const coordinator = c.cluster.broker(0);
    const sessionId = c.cluster.broker(1).sessionId!;
    c.cluster.killBroker(1);
    expect(await p.end('COMMIT')).toBe('NONE');
    await c.settle();
    const channel = coordinator.transactionCoordinator!.txnMarkerChannelManager;
    expect(channel.queuedPartitions(id)).toEqual([tp('orders', 0)]);

    // The moment broker 0's cache learns of broker 2 as the leader.
    let electedAtMs = -1;
    const stop = coordinator.metadataCache.onUpdate(() => {
      const info = coordinator.metadataCache.getPartitionInfo('orders', 0);
      if (electedAtMs < 0 && info?.leader === 2) electedAtMs = c.time.nowMs();
    });
    await c.advance(c.zkServer.sessionExpiresAtMs(sessionId)! - c.time.nowMs());
    // One due task at a time, so that the clock stands where the UpdateMetadata came.
    while (electedAtMs < 0) {
      c.time.advanceTo(c.time.nextDueMs()!);
      await c.settle();
    }
    stop();
    expect(c.time.nowMs()).toBe(electedAtMs);
    expect(channel.queuedPartitions(id)).toEqual([]);
    const markers = batchesOf(leaderLog(c, tp('orders', 0))).filter((b) => b.isControlBatch);
    expect(markers.map((b) => ({ producerId: b.producerId, type: b.marker?.type }))).toEqual([
      { producerId: p.producerId, type: ControlRecordType.COMMIT },
    ]);
    await untilState(c, coordinator.transactionCoordinator!, id, 'CompleteCommit');
  });

  it('a transactional id idle past transactional.id.expiration.ms is removed on the cleanup check: a tombstone in __transaction_state, a new producer id after', async () => {
    const c = await cluster(1862, {
      'transactional.id.expiration.ms': '60000',
      'transaction.remove.expired.transaction.cleanup.interval.ms': '20000',
    });
    const id = await idCoordinatedBy(c, 0, 'expiring');
    const p = new TestTxnProducer(c, id);
    await p.init();
    expect(await p.addPartitions([tp('orders', 0)])).toBe('NONE');
    expect(await p.produce(tp('orders', 0), ['e0'])).toBe('NONE');
    expect(await p.end('COMMIT')).toBe('NONE');
    const tc = c.cluster.broker(0).transactionCoordinator!;
    await untilState(c, tc, id, 'CompleteCommit');
    const firstProducerId = p.producerId;
    const idleSinceMs = c.time.nowMs();
    // Not yet expired: still known a cleanup interval before the expiration.
    await c.advance(40_000);
    expect(tc.txnManager.getTransactionState(id)).not.toBeNull();
    // The first check after 60 s idle removes it.
    await c.advance(idleSinceMs + 60_000 + 20_000 - c.time.nowMs());
    expect(tc.txnManager.getTransactionState(id)).toBeNull();
    const log = leaderLog(c, tp(TRANSACTION_STATE_TOPIC_NAME, tc.partitionFor(id)));
    const last = log.segments.flatMap((s) => [...s.batches({ full: true })].flatMap(({ batch }) => batch.records())).at(-1);
    expect(last?.value).toBeNull();
    // A later InitProducerId starts the id afresh (epoch 0 of a new producer id).
    await p.init();
    expect(p.producerEpoch).toBe(0);
    expect(p.producerId).not.toBe(firstProducerId);
  });
});
