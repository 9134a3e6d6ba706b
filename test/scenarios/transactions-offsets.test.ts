/**
 * Transactional offsets against plain ones, and the internal topics a Metadata request creates, on
 * the manual clock as Kafka 2.5.1 has them: `GroupMetadata` orders a TxnOffsetCommit and an
 * OffsetCommit of one partition by the log offsets of their records (`CommitRecordMetadataAndOffset.olderThan`),
 * not by when the transaction completes — in the cache and in `GroupMetadataManager.loadGroupsAndOffsets`
 * when the `__consumer_offsets` partition's leadership moves; `KafkaApis.getTopicMetadata` creates
 * `__transaction_state` through `createInternalTopic`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TRANSACTION_STATE_TOPIC_NAME } from '../../src-main/core/coordinator/transaction/transaction-log';
import type { GroupCoordinator } from '../../src-main/core/coordinator/group/group-coordinator';
import { metadataHandler } from '../../src-main/protocol/kafka/handlers/metadata-handler';
import type { RequestContext } from '../../src-main/protocol/kafka/kafka-apis';
import { Errors } from '../../src-main/core/common/kafka-errors';
import { coordinatorOf } from '../core/coordinator/group-support';
import { ordersCluster, TestTxnProducer, txnCoordinatorOf, untilState } from '../core/coordinator/transaction-support';
import type { ClusterHarness } from '../support/cluster-harness';
import { adminOf, drive, text, tp } from '../support/scenario';

describe('transactional offsets and internal topics (manual clock)', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  async function cluster(seed: number, brokerConfig: Record<string, string> = {}): Promise<ClusterHarness> {
    h = await ordersCluster(seed, brokerConfig);
    return h;
  }

  async function metadataOf(c: ClusterHarness, name: string, allowAutoTopicCreation: boolean) {
    const handler = metadataHandler({ broker: c.cluster.broker(0), time: c.time, admin: adminOf(c) });
    const context = { header: { apiVersion: 9 }, listener: { host: 'localhost', port: 9092 } } as unknown as RequestContext;
    const response = await drive(
      c,
      handler(
        {
          topics: [{ name }],
          allowAutoTopicCreation,
          includeClusterAuthorizedOperations: false,
          includeTopicAuthorizedOperations: false,
        },
        context,
      ),
    );
    return response!.topics[0];
  }

  const offset = (c: ClusterHarness, value: number) => ({
    offset: value,
    leaderEpoch: null,
    metadata: '',
    commitTimestamp: c.time.nowMs(),
    expireTimestamp: null,
  });
  const fetched = (gc: GroupCoordinator, partition: number) =>
    gc.handleFetchOffsets('readers', [tp('orders', partition)]).partitions[0].offset;

  /** A transactional producer whose TxnOffsetCommit of `orders-<partition>` is written (its transaction still open). */
  async function txnCommit(c: ClusterHarness, gc: GroupCoordinator, transactionalId: string, partition: number, value: number) {
    const p = new TestTxnProducer(c, transactionalId);
    await p.init();
    expect(await p.addPartitions([{ topic: '__consumer_offsets', partition: gc.partitionFor('readers') }])).toBe('NONE');
    const errors = await drive(
      c,
      gc.handleTxnCommitOffsets('readers', p.producerId, p.producerEpoch, '', null, -1, [
        { topic: 'orders', partition, value: offset(c, value) },
      ]),
    );
    expect([...errors.values()]).toEqual(['NONE']);
    return p;
  }

  async function plainCommit(c: ClusterHarness, gc: GroupCoordinator, partition: number, value: number) {
    const errors = await drive(c, gc.handleCommitOffsets('readers', '', -1, [{ topic: 'orders', partition, value: offset(c, value) }]));
    expect([...errors.values()]).toEqual(['NONE']);
  }

  async function commitTxn(c: ClusterHarness, p: TestTxnProducer) {
    expect(await p.end('COMMIT')).toBe('NONE');
    const { tc } = await txnCoordinatorOf(c, p.transactionalId);
    await untilState(c, tc, p.transactionalId, 'CompleteCommit');
    await c.settle();
  }

  it('a Metadata request naming __transaction_state creates it with 2.5’s settings even without auto-creation; too few brokers: INVALID_REPLICATION_FACTOR', async () => {
    const c = await cluster(1851, { 'auto.create.topics.enable': 'false' });
    const answer = await metadataOf(c, TRANSACTION_STATE_TOPIC_NAME, false);
    expect(answer).toMatchObject({ errorCode: Errors.LEADER_NOT_AVAILABLE.code, name: TRANSACTION_STATE_TOPIC_NAME, isInternal: true });
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
    expect(Object.values(assignment).map((replicas) => replicas.length)).toEqual([3, 3, 3, 3, 3]);
    expect(
      c
        .logLines('server.log', 0)
        .some((l) => l.includes('Auto creation of topic __transaction_state with 5 partitions and replication factor 3 is successful')),
    ).toBe(true);
    await c.advance(1000);
    expect((await metadataOf(c, TRANSACTION_STATE_TOPIC_NAME, false)).partitions).toHaveLength(5);

    await h!.close();
    const few = await cluster(1852, { 'transaction.state.log.replication.factor': '4' });
    const refused = await metadataOf(few, TRANSACTION_STATE_TOPIC_NAME, true);
    expect(refused).toMatchObject({ errorCode: Errors.INVALID_REPLICATION_FACTOR.code, isInternal: true, partitions: [] });
    await few.advance(1000);
    expect(few.cluster.broker(0).metadataCache.contains(TRANSACTION_STATE_TOPIC_NAME)).toBe(false);
  });

  it('a plain commit written after a TxnOffsetCommit stays when that transaction commits; one written before it is replaced', async () => {
    const c = await cluster(1853);
    const { gc } = await coordinatorOf(c, 'readers');
    // orders-0: transactional 5, then plain 7, then the COMMIT marker — the plain commit is the later record.
    const first = await txnCommit(c, gc, 'offsets-a', 0, 5);
    await plainCommit(c, gc, 0, 7);
    expect(fetched(gc, 0)).toBe(7);
    await commitTxn(c, first);
    expect(fetched(gc, 0)).toBe(7);
    // orders-1: plain 3, then transactional 4, then the COMMIT marker — the transactional record is the later one.
    await plainCommit(c, gc, 1, 3);
    const second = await txnCommit(c, gc, 'offsets-b', 1, 4);
    expect(fetched(gc, 1)).toBe(3);
    await commitTxn(c, second);
    expect(fetched(gc, 1)).toBe(4);
  });

  it('leadership of the offsets partition moves: the new coordinator loads committed transactional offsets in log order and keeps an open transaction’s pending until its marker', async () => {
    const c = await cluster(1854);
    const { broker, gc } = await coordinatorOf(c, 'readers');
    // Transaction ids whose coordinator outlives the group coordinator's broker.
    const ids: string[] = [];
    for (let i = 0; ids.length < 3; i++) {
      const found = await txnCoordinatorOf(c, `loader-${i}`);
      if (found.broker.id !== broker.id) ids.push(`loader-${i}`);
    }
    // orders-0: transactional 5 committed, then plain 7 — the plain one wins on load.
    const committed = await txnCommit(c, gc, ids[0], 0, 5);
    await plainCommit(c, gc, 0, 7);
    await commitTxn(c, committed);
    // orders-1: plain 2, then transactional 6 committed — the transactional one wins on load.
    await plainCommit(c, gc, 1, 2);
    await commitTxn(c, await txnCommit(c, gc, ids[1], 1, 6));
    // orders-0 again: an open transaction's 9, no marker yet.
    const open = await txnCommit(c, gc, ids[2], 0, 9);
    expect([fetched(gc, 0), fetched(gc, 1)]).toEqual([7, 6]);

    const sessionId = broker.sessionId!;
    c.cluster.killBroker(broker.id);
    await c.advance(c.zkServer.sessionExpiresAtMs(sessionId)! - c.time.nowMs());
    await c.advance(2000);
    const via = [0, 1, 2].find((id) => id !== broker.id)!;
    const successor = await coordinatorOf(c, 'readers', via);
    expect(successor.broker.id).not.toBe(broker.id);
    expect([fetched(successor.gc, 0), fetched(successor.gc, 1)]).toEqual([7, 6]);
    const group = successor.broker.groupCoordinator!.groupManager.getGroup('readers')!;
    expect([...group.pendingTransactionalOffsetCommits.keys()]).toEqual([open.producerId]);

    // Its COMMIT marker reaches the new leader: the open transaction's offset, written last, is committed.
    await commitTxn(c, open);
    expect(fetched(successor.gc, 0)).toBe(9);
    expect(group.pendingTransactionalOffsetCommits.size).toBe(0);
  });
});
