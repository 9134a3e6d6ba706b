/**
 * The transaction coordinator (issue 17 §2) on the manual clock, as Kafka 2.5.1's
 * `TransactionCoordinator`, `TransactionStateManager` and `TransactionMarkerChannelManager` have
 * it: `__transaction_state` created on the first FindCoordinator with key type 1; a commit and an
 * abort closed by markers on every partition and CompleteCommit/CompleteAbort written; the
 * timeout abort; a coordinator killed between EndTxn and the markers, its successor loading the
 * log and finishing the commit; a zombie's old epoch refused; transactional offsets visible only
 * after the COMMIT marker.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ControlRecordType } from '../../src-main/core/record/control-record-type';
import { TRANSACTION_STATE_TOPIC_NAME } from '../../src-main/core/coordinator/transaction/transaction-log';
import { coordinatorOf } from '../core/coordinator/group-support';
import {
  batchesOf,
  leaderLog,
  metadataOf,
  ordersCluster,
  TestTxnProducer,
  txnCoordinatorOf,
  untilState,
} from '../core/coordinator/transaction-support';
import { TransactionAdmin } from '../../src-main/core/cluster/transaction-admin';
import type { ClusterHarness } from '../support/cluster-harness';
import { drive, text, tp } from '../support/scenario';

const markersOf = (h: ClusterHarness, topicName: string, partition: number) =>
  batchesOf(leaderLog(h, tp(topicName, partition)))
    .filter((b) => b.isControlBatch)
    .map((b) => ({ producerId: b.producerId, type: b.marker?.type, coordinatorEpoch: b.marker?.coordinatorEpoch }));

describe('transaction coordinator (manual clock)', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  /** Three brokers; `orders` has two partitions led by brokers 1 and 2. */
  async function cluster(seed: number, brokerConfig: Record<string, string> = {}): Promise<ClusterHarness> {
    h = await ordersCluster(seed, brokerConfig);
    return h;
  }

  it('the first FindCoordinator with key type 1 creates __transaction_state with 2.5’s settings; COORDINATOR_NOT_AVAILABLE until it has a leader', async () => {
    const c = await cluster(1801);
    const tc = c.cluster.broker(0).transactionCoordinator!;
    expect((await tc.findCoordinator('app-1', { name: 'PLAINTEXT', host: 'localhost' })).error).toBe('COORDINATOR_NOT_AVAILABLE');
    const zk = await c.session();
    expect(JSON.parse((await text(zk, `/config/topics/${TRANSACTION_STATE_TOPIC_NAME}`))!).config).toEqual({
      'unclean.leader.election.enable': 'false',
      'compression.type': 'uncompressed',
      'cleanup.policy': 'compact',
      'min.insync.replicas': '2',
      'segment.bytes': '104857600',
    });
    const assignment = JSON.parse((await text(zk, `/brokers/topics/${TRANSACTION_STATE_TOPIC_NAME}`))!).partitions as Record<
      string,
      number[]
    >;
    expect(Object.keys(assignment)).toHaveLength(5);
    for (const replicas of Object.values(assignment)) expect(replicas).toHaveLength(3);
    const found = await txnCoordinatorOf(c, 'app-1');
    // Utils.abs("app-1".hashCode) % 5 = 93027205 % 5
    expect(found.tc.partitionFor('app-1')).toBe(0);
    expect(c.cluster.broker(0).metadataCache.getPartitionInfo(TRANSACTION_STATE_TOPIC_NAME, 0)?.leader).toBe(found.broker.id);
  });

  it('with fewer live brokers than transaction.state.log.replication.factor the topic is not created (2.5 does not lower it)', async () => {
    const c = await cluster(1802, { 'transaction.state.log.replication.factor': '4' });
    const tc = c.cluster.broker(0).transactionCoordinator!;
    expect((await tc.findCoordinator('app-1', { name: 'PLAINTEXT', host: 'localhost' })).error).toBe('COORDINATOR_NOT_AVAILABLE');
    await c.advance(1000);
    expect(c.cluster.broker(0).metadataCache.contains(TRANSACTION_STATE_TOPIC_NAME)).toBe(false);
    expect(
      c
        .logLines('server.log', 0)
        .some((l) =>
          l.includes(
            "Number of alive brokers '3' does not meet the required replication factor '4' for the transactions state topic (configured via 'transaction.state.log.replication.factor')",
          ),
        ),
    ).toBe(true);
  });

  it('commit: InitProducerId (a new id, epoch 0), AddPartitionsToTxn (Ongoing), EndTxn COMMIT (PrepareCommit), COMMIT markers on both partitions, CompleteCommit', async () => {
    const c = await cluster(1803);
    const p = new TestTxnProducer(c, 'app-commit');
    await p.init();
    expect(p.producerEpoch).toBe(0);
    const { tc } = await txnCoordinatorOf(c, 'app-commit');
    expect(metadataOf(tc, 'app-commit').state).toBe('Empty');
    expect(await p.addPartitions([tp('orders', 0), tp('orders', 1)])).toBe('NONE');
    expect(metadataOf(tc, 'app-commit').state).toBe('Ongoing');
    expect(await p.produce(tp('orders', 0), ['a', 'b'])).toBe('NONE');
    expect(await p.produce(tp('orders', 1), ['c'])).toBe('NONE');
    // The open transaction holds the last stable offset at its first record.
    expect(leaderLog(c, tp('orders', 0)).lastStableOffset).toBe(0);
    expect(await p.end('COMMIT')).toBe('NONE');
    await untilState(c, tc, 'app-commit', 'CompleteCommit');
    for (const partition of [0, 1])
      expect(markersOf(c, 'orders', partition)).toEqual([
        { producerId: p.producerId, type: ControlRecordType.COMMIT, coordinatorEpoch: 0 },
      ]);
    expect(metadataOf(tc, 'app-commit').partitions).toEqual([]);
    // A second EndTxn COMMIT is answered NONE (a retry), an ABORT now INVALID_TXN_STATE.
    expect(await p.end('COMMIT')).toBe('NONE');
    expect(await p.end('ABORT')).toBe('INVALID_TXN_STATE');
  });

  it('abort: EndTxn ABORT writes ABORT markers and CompleteAbort; the next InitProducerId bumps the epoch', async () => {
    const c = await cluster(1804);
    const p = new TestTxnProducer(c, 'app-abort');
    await p.init();
    expect(await p.addPartitions([tp('orders', 1)])).toBe('NONE');
    expect(await p.produce(tp('orders', 1), ['x'])).toBe('NONE');
    expect(await p.end('ABORT')).toBe('NONE');
    const { tc } = await txnCoordinatorOf(c, 'app-abort');
    await untilState(c, tc, 'app-abort', 'CompleteAbort');
    expect(markersOf(c, 'orders', 1)).toEqual([{ producerId: p.producerId, type: ControlRecordType.ABORT, coordinatorEpoch: 0 }]);
    expect(markersOf(c, 'orders', 0)).toEqual([]);
    await p.init();
    expect(p.producerEpoch).toBe(1);
  });

  it('EndTxn without a transaction is INVALID_TXN_STATE; unknown ids INVALID_PRODUCER_ID_MAPPING; a timeout above transaction.max.timeout.ms INVALID_TRANSACTION_TIMEOUT', async () => {
    const c = await cluster(1805);
    const p = new TestTxnProducer(c, 'app-errors');
    await p.init();
    expect(await p.end('COMMIT')).toBe('INVALID_TXN_STATE');
    const { tc } = await txnCoordinatorOf(c, 'app-errors');
    expect(await tc.handleAddPartitionsToTransaction('app-errors', p.producerId + 1, 0, [tp('orders', 0)])).toBe(
      'INVALID_PRODUCER_ID_MAPPING',
    );
    const other = await txnCoordinatorOf(c, 'never-initialised');
    expect(await other.tc.handleEndTransaction('never-initialised', 5, 0, 'COMMIT')).toBe('INVALID_PRODUCER_ID_MAPPING');
    expect((await tc.handleInitProducerId('app-errors', 900_001, null)).error).toBe('INVALID_TRANSACTION_TIMEOUT');
    expect((await tc.handleInitProducerId('', 1000, null)).error).toBe('INVALID_REQUEST');
  });

  it('a transaction past transaction.timeout.ms is aborted on the 10 s check: producer fenced (epoch + 1), ABORT markers, CompleteAbort', async () => {
    const c = await cluster(1806);
    const p = new TestTxnProducer(c, 'app-slow', 5000);
    await p.init();
    expect(await p.addPartitions([tp('orders', 0)])).toBe('NONE');
    expect(await p.produce(tp('orders', 0), ['late'])).toBe('NONE');
    const { tc } = await txnCoordinatorOf(c, 'app-slow');
    await untilState(c, tc, 'app-slow', 'CompleteAbort', 20_000);
    const m = metadataOf(tc, 'app-slow');
    expect(m.producerEpoch).toBe(1);
    expect(markersOf(c, 'orders', 0)).toEqual([{ producerId: p.producerId, type: ControlRecordType.ABORT, coordinatorEpoch: 0 }]);
    expect(batchesOf(leaderLog(c, tp('orders', 0))).find((b) => b.isControlBatch)?.producerEpoch).toBe(1);
    // The producer's own EndTxn with its old epoch is now fenced.
    expect(await p.end('COMMIT')).toBe('INVALID_PRODUCER_EPOCH');
  });

  it('zombie fencing: a second InitProducerId aborts the first producer’s transaction (CONCURRENT_TRANSACTIONS, then epoch 2); the old epoch is refused', async () => {
    const c = await cluster(1807);
    const zombie = new TestTxnProducer(c, 'app-zombie');
    await zombie.init();
    expect(await zombie.addPartitions([tp('orders', 0)])).toBe('NONE');
    expect(await zombie.produce(tp('orders', 0), ['z'])).toBe('NONE');
    const successor = new TestTxnProducer(c, 'app-zombie');
    expect(await successor.initOnce()).toBe('CONCURRENT_TRANSACTIONS');
    await successor.init();
    expect(successor.producerId).toBe(zombie.producerId);
    expect(successor.producerEpoch).toBe(2);
    expect(markersOf(c, 'orders', 0)).toEqual([{ producerId: zombie.producerId, type: ControlRecordType.ABORT, coordinatorEpoch: 0 }]);
    expect(await zombie.addPartitions([tp('orders', 1)])).toBe('INVALID_PRODUCER_EPOCH');
    expect(await zombie.end('COMMIT')).toBe('INVALID_PRODUCER_EPOCH');
    // The partition leader knows the new epoch from the ABORT marker: the zombie's records are refused too.
    expect(await zombie.produce(tp('orders', 0), ['late'])).toBe('INVALID_PRODUCER_EPOCH');
    expect(await successor.addPartitions([tp('orders', 1)])).toBe('NONE');
  });

  it('failover: the coordinator’s broker killed between EndTxn and the markers; the new leader of the partition loads PrepareCommit and completes the commit', async () => {
    const c = await cluster(1808);
    // An id whose coordinator is not broker 1 or 2 (the data leaders), so that the markers' destinations survive.
    const ids = Array.from({ length: 20 }, (_, i) => `app-failover-${i}`);
    let id = '';
    let coordinatorId = -1;
    for (const candidate of ids) {
      const found = await txnCoordinatorOf(c, candidate);
      if (found.broker.id === 0) {
        id = candidate;
        coordinatorId = 0;
        break;
      }
    }
    expect(coordinatorId).toBe(0);
    const p = new TestTxnProducer(c, id).askVia(1);
    await p.init();
    expect(await p.addPartitions([tp('orders', 0), tp('orders', 1)])).toBe('NONE');
    expect(await p.produce(tp('orders', 0), ['f0'])).toBe('NONE');
    expect(await p.produce(tp('orders', 1), ['f1'])).toBe('NONE');
    const tc = c.cluster.broker(0).transactionCoordinator!;
    const sessionId = c.cluster.broker(0).sessionId!;
    const ended = tc.handleEndTransaction(id, p.producerId, p.producerEpoch, 'COMMIT');
    // Killed the moment the client has its answer: CompleteCommit is never written by broker 0.
    const answered = ended.then((error) => {
      c.cluster.killBroker(0);
      return error;
    });
    expect(await drive(c, answered)).toBe('NONE');
    // ZooKeeper expires the dead broker's session; the controller elects new leaders for its partitions.
    await c.advance(c.zkServer.sessionExpiresAtMs(sessionId)! - c.time.nowMs());
    await c.advance(2000);
    const successor = await txnCoordinatorOf(c, id, 1);
    expect(successor.broker.id).not.toBe(0);
    const leaderEpoch = successor.broker.replicaManager!.getPartition(tp(TRANSACTION_STATE_TOPIC_NAME, successor.tc.partitionFor(id)));
    const epoch = leaderEpoch && leaderEpoch !== 'offline' ? leaderEpoch.leaderEpoch : -1;
    expect(epoch).toBeGreaterThan(0);
    await untilState(c, successor.tc, id, 'CompleteCommit');
    for (const partition of [0, 1]) {
      const markers = markersOf(c, 'orders', partition);
      expect(markers.every((m) => m.type === ControlRecordType.COMMIT && m.producerId === p.producerId)).toBe(true);
      // The new coordinator sent its own, with its epoch.
      expect(markers.at(-1)?.coordinatorEpoch).toBe(epoch);
    }
  });

  it('TxnOffsetCommit: the offsets stay pending (OffsetFetch shows none) until the COMMIT marker reaches __consumer_offsets; an abort drops them', async () => {
    const c = await cluster(1809);
    const { gc } = await coordinatorOf(c, 'readers');
    const commitAndEnd = async (transactionalId: string, offset: number, result: 'COMMIT' | 'ABORT') => {
      const p = new TestTxnProducer(c, transactionalId);
      await p.init();
      const offsetsPartition = { topic: '__consumer_offsets', partition: gc.partitionFor('readers') };
      expect(await p.addPartitions([offsetsPartition])).toBe('NONE');
      const errors = await drive(
        c,
        gc.handleTxnCommitOffsets('readers', p.producerId, p.producerEpoch, '', null, -1, [
          {
            topic: 'orders',
            partition: 0,
            value: { offset, leaderEpoch: null, metadata: '', commitTimestamp: c.time.nowMs(), expireTimestamp: null },
          },
        ]),
      );
      expect([...errors.values()]).toEqual(['NONE']);
      expect(gc.handleFetchOffsets('readers', [tp('orders', 0)]).partitions[0].offset).toBe(result === 'ABORT' ? 5 : -1);
      expect(await p.end(result)).toBe('NONE');
      const { tc } = await txnCoordinatorOf(c, transactionalId);
      await untilState(c, tc, transactionalId, result === 'COMMIT' ? 'CompleteCommit' : 'CompleteAbort');
      await c.settle();
    };
    await commitAndEnd('offsets-1', 5, 'COMMIT');
    expect(gc.handleFetchOffsets('readers', [tp('orders', 0)]).partitions[0].offset).toBe(5);
    await commitAndEnd('offsets-2', 9, 'ABORT');
    expect(gc.handleFetchOffsets('readers', [tp('orders', 0)]).partitions[0].offset).toBe(5);
  });

  it('the operator’s abort of a hanging transaction (TransactionAdmin): InitProducerId from the dojo fences the producer and aborts it', async () => {
    const c = await cluster(1810);
    const p = new TestTxnProducer(c, 'app-hanging');
    await p.init();
    expect(await p.addPartitions([tp('orders', 0)])).toBe('NONE');
    expect(await p.produce(tp('orders', 0), ['stuck'])).toBe('NONE');
    const admin = new TransactionAdmin(c.cluster);
    const [listed] = admin.transactions();
    expect(listed).toMatchObject({ transactionalId: 'app-hanging', state: 'Ongoing', producerId: p.producerId, producerEpoch: 0 });
    expect(listed.partitions).toEqual([tp('orders', 0)]);
    expect(await drive(c, admin.fenceProducer('app-hanging'))).toMatchObject({
      error: 'CONCURRENT_TRANSACTIONS',
      coordinator: listed.coordinator,
    });
    const { tc } = await txnCoordinatorOf(c, 'app-hanging');
    await untilState(c, tc, 'app-hanging', 'CompleteAbort');
    expect(admin.transactions()[0]).toMatchObject({ state: 'CompleteAbort', producerEpoch: 1, partitions: [] });
    expect(markersOf(c, 'orders', 0)).toEqual([{ producerId: p.producerId, type: ControlRecordType.ABORT, coordinatorEpoch: 0 }]);
    expect(await p.produce(tp('orders', 0), ['more'])).toBe('INVALID_PRODUCER_EPOCH');
    expect((await drive(c, admin.fenceProducer('unknown-id'))).error).toBe('INVALID_PRODUCER_ID_MAPPING');
  });
});
