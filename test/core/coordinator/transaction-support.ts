/**
 * A transactional producer driven straight through the cluster's transaction coordinator and
 * partition leaders (what a client's TransactionManager does over the wire), on the harness's
 * manual clock; and the batches of a log, to see the markers.
 */
import type { KafkaServer } from '../../../src-main/core/broker/kafka-server';
import type { ErrorName } from '../../../src-main/core/common/kafka-errors';
import { tpKey, type TopicPartition } from '../../../src-main/core/common/topic-partition';
import type { TransactionCoordinator } from '../../../src-main/core/coordinator/transaction/transaction-coordinator';
import type { TransactionMetadata } from '../../../src-main/core/coordinator/transaction/transaction-metadata';
import type { Log } from '../../../src-main/core/log/log';
import { buildRecordBatch } from '../../../src-main/core/record';
import { readControlRecord } from '../../../src-main/core/record/end-transaction-marker';
import { ClusterHarness } from '../../support/cluster-harness';
import { adminOf, CREATE, drive, enc, topic } from '../../support/scenario';

const LISTENER = { name: 'PLAINTEXT', host: 'localhost' };

/** Three brokers with small internal topics; `orders` has two partitions led by brokers 1 and 2. */
export async function ordersCluster(seed: number, brokerConfig: Record<string, string> = {}): Promise<ClusterHarness> {
  const h = await ClusterHarness.create({
    seed,
    brokerConfig: { 'transaction.state.log.num.partitions': '5', 'offsets.topic.num.partitions': '3', ...brokerConfig },
  });
  const assignment = [
    [1, 2],
    [2, 1],
  ];
  await drive(h, adminOf(h).createTopics([topic('orders', { assignment })], CREATE));
  return h;
}

/** FindCoordinator (key type 1) through broker `via` until the id's `__transaction_state` partition has a leader. */
export async function txnCoordinatorOf(
  h: ClusterHarness,
  transactionalId: string,
  via = 0,
): Promise<{ broker: KafkaServer; tc: TransactionCoordinator }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const asked = h.cluster.broker(via).transactionCoordinator!;
    const found = await asked.findCoordinator(transactionalId, LISTENER);
    if (found.error === 'NONE') {
      await h.settle();
      const broker = h.cluster.broker(found.node.id);
      return { broker, tc: broker.transactionCoordinator! };
    }
    if (found.error !== 'COORDINATOR_NOT_AVAILABLE') throw new Error(`FindCoordinator answered ${found.error} (seed ${h.seed})`);
    await h.advance(100);
  }
  throw new Error(`no transaction coordinator for ${transactionalId} (seed ${h.seed})`);
}

export function metadataOf(tc: TransactionCoordinator, transactionalId: string): TransactionMetadata {
  const found = tc.txnManager.getTransactionState(transactionalId);
  if (found === null || typeof found === 'string') throw new Error(`no metadata for ${transactionalId}: ${String(found)}`);
  return found.transactionMetadata;
}

const RETRIABLE: ReadonlySet<ErrorName> = new Set([
  'CONCURRENT_TRANSACTIONS',
  'COORDINATOR_LOAD_IN_PROGRESS',
  'NOT_COORDINATOR',
  'COORDINATOR_NOT_AVAILABLE',
]);

export class TestTxnProducer {
  producerId = -1;
  producerEpoch = -1;
  private readonly sequences = new Map<string, number>();
  private via = 0;

  constructor(
    private readonly h: ClusterHarness,
    readonly transactionalId: string,
    private readonly transactionTimeoutMs = 60_000,
  ) {}

  async coordinator(): Promise<TransactionCoordinator> {
    return (await txnCoordinatorOf(this.h, this.transactionalId, this.via)).tc;
  }

  /** Asks from a broker other than 0 (when broker 0 is down). */
  askVia(brokerId: number): this {
    this.via = brokerId;
    return this;
  }

  /** InitProducerId once: the coordinator's answer as it is. */
  async initOnce(): Promise<ErrorName> {
    const tc = await this.coordinator();
    const result = await drive(this.h, tc.handleInitProducerId(this.transactionalId, this.transactionTimeoutMs, null));
    if (result.error === 'NONE') {
      this.producerId = result.producerId;
      this.producerEpoch = result.producerEpoch;
      this.sequences.clear();
    }
    return result.error;
  }

  /** `init_transactions`: InitProducerId again while the answer is retriable (an abort of the previous epoch's transaction). */
  async init(): Promise<void> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const error = await this.initOnce();
      if (error === 'NONE') return;
      if (!RETRIABLE.has(error)) throw new Error(`InitProducerId answered ${error} (seed ${this.h.seed})`);
      await this.h.advance(100);
    }
    throw new Error(`InitProducerId still retriable (seed ${this.h.seed})`);
  }

  async addPartitions(partitions: readonly TopicPartition[], epoch = this.producerEpoch): Promise<ErrorName> {
    const tc = await this.coordinator();
    return drive(this.h, tc.handleAddPartitionsToTransaction(this.transactionalId, this.producerId, epoch, partitions));
  }

  /** One transactional batch to the partition's leader, as the client sends it. */
  async produce(tp: TopicPartition, values: readonly string[], epoch = this.producerEpoch): Promise<ErrorName> {
    const leader = this.h.cluster.broker(0).metadataCache.getPartitionInfo(tp.topic, tp.partition)?.leader ?? -1;
    const rm = this.h.cluster.broker(leader).replicaManager!;
    const baseSequence = this.sequences.get(tpKey(tp)) ?? 0;
    const now = this.h.time.nowMs();
    const batch = buildRecordBatch(
      values.map((v) => ({ key: null, value: enc(v), timestamp: now })),
      { producerId: this.producerId, producerEpoch: epoch, baseSequence, isTransactional: true, now },
    );
    const [result] = await drive(this.h, rm.appendRecords(30_000, -1, [{ topicPartition: tp, records: batch }]));
    if (result.error === 'NONE') this.sequences.set(tpKey(tp), baseSequence + values.length);
    return result.error;
  }

  async end(result: 'COMMIT' | 'ABORT', epoch = this.producerEpoch): Promise<ErrorName> {
    const tc = await this.coordinator();
    return drive(this.h, tc.handleEndTransaction(this.transactionalId, this.producerId, epoch, result));
  }
}

/** The log's batches: producer fields and, for a control batch, its marker. */
export function batchesOf(log: Log) {
  return log.segments.flatMap((s) =>
    [...s.batches({ full: true })].map(({ batch }) => ({
      baseOffset: batch.baseOffset,
      producerId: batch.producerId,
      producerEpoch: batch.producerEpoch,
      isControlBatch: batch.isControlBatch,
      marker: batch.isControlBatch ? readControlRecord(batch.records()[0]) : null,
    })),
  );
}

export function leaderLog(h: ClusterHarness, tp: TopicPartition): Log {
  const leader = h.cluster.broker(0).metadataCache.getPartitionInfo(tp.topic, tp.partition)?.leader ?? -1;
  const p = h.cluster.broker(leader).replicaManager?.getPartition(tp);
  if (!p || p === 'offline' || !p.log) throw new Error(`no leader log for ${tpKey(tp)} (seed ${h.seed})`);
  return p.log;
}

/** Moves the clock until the id's transaction has reached `state` at its coordinator (its markers written). */
export async function untilState(
  h: ClusterHarness,
  tc: TransactionCoordinator,
  transactionalId: string,
  state: string,
  maxMs = 30_000,
): Promise<void> {
  for (let waited = 0; waited <= maxMs; waited += 100) {
    const found = tc.txnManager.getTransactionState(transactionalId);
    if (
      found !== null &&
      typeof found !== 'string' &&
      found.transactionMetadata.state === state &&
      !found.transactionMetadata.pendingTransitionInProgress
    )
      return;
    await h.advance(100);
  }
  throw new Error(`${transactionalId} never reached ${state} (seed ${h.seed})`);
}
