/**
 * The transactions page (`TransactionService`): the facade's transaction admin as DTOs, and the
 * fence of a producer with what it did in both languages (Kafka's error names stay English).
 */
import type { TransactionSnapshot } from '../../core/cluster/transaction-admin';
import type { ClusterHost } from '../cluster-host';
import type { FenceProducerResultDto, TransactionDto, TransactionService } from './transaction-contract';

export function transactionDto(t: TransactionSnapshot, nowMs: number): TransactionDto {
  const started = t.txnStartTimestamp >= 0 && (t.state === 'Ongoing' || t.state === 'PrepareCommit' || t.state === 'PrepareAbort');
  return {
    transactionalId: t.transactionalId,
    coordinator: t.coordinator,
    txnStatePartition: t.txnStatePartition,
    coordinatorEpoch: t.coordinatorEpoch,
    state: t.state,
    pendingState: t.pendingState,
    producerId: t.producerId,
    producerEpoch: t.producerEpoch,
    txnTimeoutMs: t.txnTimeoutMs,
    partitions: t.partitions.map((p) => ({ topic: p.topic, partition: p.partition })),
    startedMs: started ? t.txnStartTimestamp : null,
    lastUpdateMs: t.txnLastUpdateTimestamp,
    timedOut: t.state === 'Ongoing' && t.txnStartTimestamp + t.txnTimeoutMs < nowMs,
  };
}

export class TransactionServiceImpl implements TransactionService {
  constructor(private readonly host: ClusterHost) {}

  async list(): Promise<TransactionDto[]> {
    const { cluster, clock } = this.host.require();
    const now = clock.nowMs();
    return cluster.transactionAdmin.transactions().map((t) => transactionDto(t, now));
  }

  async fenceProducer(transactionalId: string): Promise<FenceProducerResultDto> {
    const { error, coordinator } = await this.host.require().cluster.transactionAdmin.fenceProducer(transactionalId);
    const text =
      error === 'NONE'
        ? {
            en: `The producer of ${transactionalId} is fenced: its epoch went up by one; it had no transaction open.`,
            'zh-CN': `${transactionalId} 的生产者已被隔离（fence）：其 epoch 加一；它没有进行中的事务。`,
          }
        : error === 'CONCURRENT_TRANSACTIONS'
          ? {
              en: `The producer of ${transactionalId} is fenced and its open transaction is being aborted (ABORT markers, then CompleteAbort).`,
              'zh-CN': `${transactionalId} 的生产者已被隔离，其进行中的事务正在中止（写 ABORT 标记，然后 CompleteAbort）。`,
            }
          : {
              en: `The coordinator answered ${error}: nothing was fenced. Try again once the coordinator is available.`,
              'zh-CN': `协调器返回 ${error}：未隔离任何生产者。请在协调器可用后重试。`,
            };
    return { error, coordinator, text };
  }
}
