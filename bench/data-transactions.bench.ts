/**
 * Transactional produce against idempotent produce, in the same run, through the emulated cluster
 * (3 brokers, one RF 3 partition, acks −1, one request in flight): the idempotent producer sends its
 * batches one after the other; the transactional one sends the same batches in transactions of
 * BATCHES_PER_TXN, each opened by AddPartitionsToTxn and closed by EndTxn COMMIT, the next begun
 * once the coordinator has written the markers and CompleteCommit (`npm run bench transactions`).
 * TXN_BENCH_TRANSACTIONS (default 100) sets how many transactions.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { KafkaServer } from '../src-main/core/broker/kafka-server';
import type { TopicPartition } from '../src-main/core/common/topic-partition';
import type { TransactionCoordinator } from '../src-main/core/coordinator/transaction/transaction-coordinator';
import type { Workspace } from '../src-main/core/cluster/workspace';
import { buildRecordBatch } from '../src-main/core/record';
import { openWorkspace } from '../src-main/infra/open-workspace';
import type { Figure } from './bench-support';
import { tempDir } from './bench-support';
import { createTopic, until } from './data-path.bench';

const TRANSACTIONS = Number(process.env.TXN_BENCH_TRANSACTIONS ?? 100);
const BATCHES_PER_TXN = 5;
const RECORDS_PER_BATCH = 100;
const RECORD_BYTES = 100;
const TRANSACTIONAL_ID = 'bench-txn';

function batch(producerId: number, producerEpoch: number, baseSequence: number, isTransactional: boolean): Uint8Array {
  const value = new Uint8Array(RECORD_BYTES).fill(0x61);
  const now = Date.now();
  return buildRecordBatch(
    Array.from({ length: RECORDS_PER_BATCH }, () => ({ key: null, value, timestamp: now })),
    { producerId, producerEpoch, baseSequence, isTransactional, now },
  );
}

async function send(broker: KafkaServer, tp: TopicPartition, records: Uint8Array): Promise<void> {
  const [r] = await broker.replicaManager!.appendRecords(30_000, -1, [{ topicPartition: tp, records }]);
  if (r.error !== 'NONE') throw new Error(`produce failed: ${r.error}`);
}

async function coordinatorOf(ws: Workspace): Promise<TransactionCoordinator> {
  const listener = { name: 'PLAINTEXT', host: 'localhost' };
  let found: TransactionCoordinator | null = null;
  await until(
    () => {
      const asked = ws.cluster.runningBrokers()[0].transactionCoordinator!;
      void asked.findCoordinator(TRANSACTIONAL_ID, listener).then((r) => {
        if (r.error === 'NONE') found = ws.cluster.broker(r.node.id).transactionCoordinator;
      });
      return found !== null;
    },
    60_000,
    'a transaction coordinator',
  );
  return found!;
}

async function idempotent(broker: KafkaServer, tp: TopicPartition, batches: number): Promise<number> {
  const producerId = Number(await broker.producerIdManager!.generateProducerId());
  const start = performance.now();
  for (let i = 0; i < batches; i++) await send(broker, tp, batch(producerId, 0, i * RECORDS_PER_BATCH, false));
  return performance.now() - start;
}

async function transactional(broker: KafkaServer, tp: TopicPartition, tc: TransactionCoordinator): Promise<number> {
  let init = await tc.handleInitProducerId(TRANSACTIONAL_ID, 60_000, null);
  while (init.error === 'COORDINATOR_LOAD_IN_PROGRESS' || init.error === 'CONCURRENT_TRANSACTIONS')
    init = await tc.handleInitProducerId(TRANSACTIONAL_ID, 60_000, null);
  if (init.error !== 'NONE') throw new Error(`InitProducerId: ${init.error}`);
  const { producerId, producerEpoch } = init;
  const state = () => {
    const s = tc.txnManager.getTransactionState(TRANSACTIONAL_ID);
    return s !== null && typeof s !== 'string' && !s.transactionMetadata.pendingTransitionInProgress ? s.transactionMetadata.state : null;
  };
  let sequence = 0;
  const start = performance.now();
  for (let t = 0; t < TRANSACTIONS; t++) {
    const added = await tc.handleAddPartitionsToTransaction(TRANSACTIONAL_ID, producerId, producerEpoch, [tp]);
    if (added !== 'NONE') throw new Error(`AddPartitionsToTxn: ${added}`);
    for (let b = 0; b < BATCHES_PER_TXN; b++, sequence += RECORDS_PER_BATCH)
      await send(broker, tp, batch(producerId, producerEpoch, sequence, true));
    const ended = await tc.handleEndTransaction(TRANSACTIONAL_ID, producerId, producerEpoch, 'COMMIT');
    if (ended !== 'NONE') throw new Error(`EndTxn: ${ended}`);
    await until(() => state() === 'CompleteCommit', 30_000, 'CompleteCommit');
  }
  return performance.now() - start;
}

export async function dataTransactionsBench(report: (f: Figure) => void): Promise<void> {
  const tmp = tempDir('kafka-dojo-bench-txn-');
  const keepAlive = setInterval(() => {}, 1000);
  const ws = await openWorkspace(join(tmp.dir, 'ws'));
  try {
    await ws.startAll();
    await until(() => ws.cluster.activeController() !== null, 30_000, 'a controller');
    const tc = await coordinatorOf(ws);
    const batches = TRANSACTIONS * BATCHES_PER_TXN;
    const records = batches * RECORDS_PER_BATCH;
    const plain = await createTopic(ws, 'bench-idempotent');
    const txn = await createTopic(ws, 'bench-transactional');
    const idempotentMs = await idempotent(plain.broker, plain.tp, batches);
    const transactionalMs = await transactional(txn.broker, txn.tp, tc);
    const perSec = (ms: number) => records / (ms / 1000);
    report({
      name: `transactional produce, ${BATCHES_PER_TXN} batches of ${RECORDS_PER_BATCH} × ${RECORD_BYTES} B per txn, acks −1`,
      value: perSec(transactionalMs),
      unit: 'records/s',
      baseline: perSec(idempotentMs),
      baselineName: 'idempotent produce, same batches',
    });
    report({ name: 'transaction commit (AddPartitions → CompleteCommit)', value: transactionalMs / TRANSACTIONS, unit: 'ms/txn' });
  } finally {
    await ws.close();
    clearInterval(keepAlive);
    tmp.cleanup();
  }
}
