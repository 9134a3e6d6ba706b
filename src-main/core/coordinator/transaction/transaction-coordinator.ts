/**
 * Kafka 2.5's `TransactionCoordinator` for one broker: InitProducerId, AddPartitionsToTxn (and
 * AddOffsetsToTxn, which adds the group's `__consumer_offsets` partition), EndTxn, with 2.5's
 * errors — a stale epoch is INVALID_PRODUCER_EPOCH (2.5 has no PRODUCER_FENCED), a producer id that
 * is not the transactional id's INVALID_PRODUCER_ID_MAPPING, a transition still being written or
 * markers still being sent CONCURRENT_TRANSACTIONS, a commit after an abort INVALID_TXN_STATE.
 * Every `transaction.abort.timed.out.transaction.cleanup.interval.ms` it aborts the transactions
 * past their timeout by fencing their producer, and every
 * `transaction.remove.expired.transaction.cleanup.interval.ms` it expires idle transactional ids.
 */
import type { MetadataCache } from '../../broker/metadata-cache';
import type { ProducerIdManager } from '../../broker/producer-id-manager';
import type { ReplicaManager } from '../../broker/replica-manager';
import { IllegalStateException } from '../../common/java-lang';
import type { ErrorName } from '../../common/kafka-errors';
import { Logger, type LogSink } from '../../common/logging';
import type { TopicPartition } from '../../common/topic-partition';
import type { KafkaZkClient } from '../../kafka-zk/kafka-zk-client';
import type { Executor } from '../../platform/executor';
import type { Random } from '../../platform/random';
import type { ScheduledTask, Time } from '../../platform/scheduler';
import { NO_PRODUCER_EPOCH } from '../../record/constants';
import type { CoordinatorNode } from '../group/offsets-topic';
import { TransactionMarkerChannelManager, type TxnMarkerDestination } from './transaction-marker-channel-manager';
import { TRANSACTION_STATE_TOPIC_NAME } from './transaction-log';
import { isEpochExhausted, TransactionMetadata, type TransactionResult, type TxnTransitMetadata } from './transaction-metadata';
import { TransactionStateManager, type TransactionStateConfig } from './transaction-state-manager';
import {
  createTransactionStateTopic,
  findTransactionCoordinator,
  type TransactionTopicConfig,
  type TransactionTopicDeps,
} from './transaction-state-topic';

export interface TransactionConfig extends TransactionStateConfig, TransactionTopicConfig {
  abortTimedOutTransactionsIntervalMs: number;
  removeExpiredTransactionalIdsIntervalMs: number;
}

export interface TransactionCoordinatorDeps {
  brokerId: number;
  time: Time;
  random: Random;
  config: TransactionConfig;
  replicaManager: () => ReplicaManager | null;
  producerIdManager: () => ProducerIdManager | null;
  metadataCache: MetadataCache;
  zk: () => KafkaZkClient | null;
  /** A running broker's WriteTxnMarkers, or undefined while it cannot be reached. */
  markerDestination: (brokerId: number) => TxnMarkerDestination | undefined;
  log: LogSink;
  executor?: Executor;
}

export interface InitProducerIdResult {
  readonly error: ErrorName;
  readonly producerId: number;
  readonly producerEpoch: number;
}

const initTransactionError = (error: ErrorName): InitProducerIdResult => ({ error, producerId: -1, producerEpoch: NO_PRODUCER_EPOCH });

export class TransactionCoordinator {
  readonly txnManager: TransactionStateManager;
  readonly txnMarkerChannelManager: TransactionMarkerChannelManager;
  private active = false;
  private readonly tasks: ScheduledTask[] = [];
  private readonly logger: Logger;

  constructor(private readonly deps: TransactionCoordinatorDeps) {
    this.logger = new Logger(deps.log, 'kafka.coordinator.transaction.TransactionCoordinator', {
      logIdent: `[TransactionCoordinator id=${deps.brokerId}] `,
    });
    this.txnManager = new TransactionStateManager({
      brokerId: deps.brokerId,
      time: deps.time,
      config: deps.config,
      replicaManager: deps.replicaManager,
      log: deps.log,
      executor: deps.executor,
    });
    this.txnMarkerChannelManager = new TransactionMarkerChannelManager({
      brokerId: deps.brokerId,
      time: deps.time,
      metadataCache: deps.metadataCache,
      stateManager: this.txnManager,
      destination: deps.markerDestination,
      requestTimeoutMs: deps.config.requestTimeoutMs,
      log: deps.log,
      executor: deps.executor,
    });
  }

  private get now(): number {
    return this.deps.time.nowMs();
  }

  get isActive(): boolean {
    return this.active;
  }

  startup(): void {
    this.logger.info('Starting up.');
    const c = this.deps.config;
    const t = this.deps.time;
    this.tasks.push(
      t.schedulePeriodic('transaction-abort', c.abortTimedOutTransactionsIntervalMs, c.abortTimedOutTransactionsIntervalMs, () =>
        this.abortTimedOutTransactions(),
      ),
      t.schedulePeriodic(
        'transactionalId-expiration',
        c.removeExpiredTransactionalIdsIntervalMs,
        c.removeExpiredTransactionalIdsIntervalMs,
        () => {
          void this.txnManager.removeExpiredTransactionalIds();
        },
      ),
    );
    this.active = true;
    this.logger.info('Startup complete.');
  }

  shutdown(): void {
    this.logger.info('Shutting down.');
    this.stop();
    this.txnManager.shutdown();
    this.logger.info('Shutdown complete.');
  }

  /** The broker process dies: timers and queued markers go, with nothing logged. */
  kill(): void {
    this.stop();
  }

  private stop(): void {
    this.active = false;
    for (const task of this.tasks.splice(0)) this.deps.time.cancel(task);
    this.txnMarkerChannelManager.shutdown();
  }

  partitionFor(transactionalId: string): number {
    return this.txnManager.partitionFor(transactionalId);
  }

  private topicDeps(): TransactionTopicDeps {
    return {
      brokerId: this.deps.brokerId,
      metadataCache: this.deps.metadataCache,
      zk: this.deps.zk(),
      random: this.deps.random,
      config: this.deps.config,
      log: this.deps.log,
    };
  }

  /** FindCoordinator with key type 1: the id's `__transaction_state` partition's leader, the topic created on first use. */
  findCoordinator(transactionalId: string, listener: { name: string; host: string }): Promise<{ error: ErrorName; node: CoordinatorNode }> {
    return findTransactionCoordinator(this.topicDeps(), this.partitionFor(transactionalId), listener);
  }

  /** What Metadata does when a client names `__transaction_state`. */
  createTransactionStateTopic(): Promise<ErrorName> {
    return createTransactionStateTopic(this.topicDeps());
  }

  // ---- InitProducerId ----

  async handleInitProducerId(
    transactionalId: string | null,
    transactionTimeoutMs: number,
    expected: { producerId: number; producerEpoch: number } | null,
  ): Promise<InitProducerIdResult> {
    const ids = this.deps.producerIdManager();
    if (transactionalId === null) {
      // No transactional id: a new producer id, whatever was asked.
      if (!ids) return initTransactionError('NOT_COORDINATOR');
      return { error: 'NONE', producerId: Number(await ids.generateProducerId()), producerEpoch: 0 };
    }
    if (transactionalId === '') return initTransactionError('INVALID_REQUEST');
    if (!this.txnManager.validateTransactionTimeoutMs(transactionTimeoutMs)) return initTransactionError('INVALID_TRANSACTION_TIMEOUT');
    let found = this.txnManager.getTransactionState(transactionalId);
    if (found === null) {
      if (!ids) return initTransactionError('NOT_COORDINATOR');
      const producerId = Number(await ids.generateProducerId());
      found = this.txnManager.putTransactionStateIfNotExists(
        TransactionMetadata.created(transactionalId, producerId, transactionTimeoutMs, this.now),
      );
    }
    if (typeof found === 'string') return initTransactionError(found);
    const { coordinatorEpoch, transactionMetadata: txnMetadata } = found;
    const prepared = await this.prepareInitProducerIdTransit(transactionalId, transactionTimeoutMs, txnMetadata, expected);
    if (typeof prepared === 'string') return initTransactionError(prepared);
    if (prepared.txnState === 'PrepareEpochFence') {
      // Abort the ongoing transaction first; the client retries and gets the epoch bumped once more.
      const error = await this.handleEndTransaction(transactionalId, prepared.producerId, prepared.producerEpoch, 'ABORT');
      return initTransactionError(error === 'NONE' ? 'CONCURRENT_TRANSACTIONS' : error);
    }
    const error = await this.txnManager.appendTransactionToLog(transactionalId, coordinatorEpoch, prepared);
    if (error !== 'NONE') {
      this.logger.info(`Returning ${error} error code to client for ${transactionalId}'s InitProducerId request`);
      return initTransactionError(error);
    }
    this.logger.info(
      `Initialized transactionalId ${transactionalId} with producerId ${prepared.producerId} and producer epoch ${prepared.producerEpoch} on partition ${TRANSACTION_STATE_TOPIC_NAME}-${this.partitionFor(transactionalId)}`,
    );
    return { error: 'NONE', producerId: prepared.producerId, producerEpoch: prepared.producerEpoch };
  }

  private async prepareInitProducerIdTransit(
    transactionalId: string,
    transactionTimeoutMs: number,
    m: TransactionMetadata,
    expected: { producerId: number; producerEpoch: number } | null,
  ): Promise<ErrorName | TxnTransitMetadata> {
    // KIP-360: a producer that names its id and epoch is fenced unless it is this id's (or the last one's, on a retry of an exhausted epoch).
    const isValidProducerId = (e: { producerId: number; producerEpoch: number }) =>
      m.producerEpoch === NO_PRODUCER_EPOCH ||
      e.producerId === m.producerId ||
      (e.producerId === m.lastProducerId && isEpochExhausted(e.producerEpoch));
    if (m.pendingTransitionInProgress) return 'CONCURRENT_TRANSACTIONS';
    if (expected !== null && !isValidProducerId(expected)) return 'INVALID_PRODUCER_EPOCH';
    switch (m.state) {
      case 'PrepareAbort':
      case 'PrepareCommit':
        return 'CONCURRENT_TRANSACTIONS';
      case 'CompleteAbort':
      case 'CompleteCommit':
      case 'Empty': {
        if (m.isProducerEpochExhausted && (expected === null || expected.producerEpoch === m.producerEpoch)) {
          const ids = this.deps.producerIdManager();
          if (!ids) return 'NOT_COORDINATOR';
          const newProducerId = Number(await ids.generateProducerId());
          return m.prepareProducerIdRotation(newProducerId, transactionTimeoutMs, this.now, expected !== null);
        }
        const bumped = m.prepareIncrementProducerEpoch(transactionTimeoutMs, expected?.producerEpoch ?? null, this.now);
        return 'error' in bumped ? bumped.error : bumped.transit;
      }
      case 'Ongoing':
        return m.prepareFenceProducerEpoch();
      case 'Dead':
      case 'PrepareEpochFence':
        throw new IllegalStateException(
          `Found transactionalId ${transactionalId} with state ${m.state}. This is illegal as we should never have transitioned to this state.`,
        );
    }
  }

  // ---- AddPartitionsToTxn / AddOffsetsToTxn ----

  async handleAddPartitionsToTransaction(
    transactionalId: string | null,
    producerId: number,
    producerEpoch: number,
    partitions: readonly TopicPartition[],
  ): Promise<ErrorName> {
    if (transactionalId === null || transactionalId === '') return 'INVALID_REQUEST';
    const found = this.txnManager.getTransactionState(transactionalId);
    if (typeof found === 'string') return found;
    if (found === null) return 'INVALID_PRODUCER_ID_MAPPING';
    const m = found.transactionMetadata;
    if (m.producerId !== producerId) return 'INVALID_PRODUCER_ID_MAPPING';
    if (m.producerEpoch !== producerEpoch) return 'INVALID_PRODUCER_EPOCH';
    if (m.pendingTransitionInProgress) return 'CONCURRENT_TRANSACTIONS';
    if (m.state === 'PrepareCommit' || m.state === 'PrepareAbort') return 'CONCURRENT_TRANSACTIONS';
    // Already all in the transaction: answered at once, nothing written.
    if (m.state === 'Ongoing' && partitions.every((tp) => m.topicPartitions.has(`${tp.topic}-${tp.partition}`))) return 'NONE';
    return this.txnManager.appendTransactionToLog(transactionalId, found.coordinatorEpoch, m.prepareAddPartitions(partitions, this.now));
  }

  // ---- EndTxn ----

  async handleEndTransaction(
    transactionalId: string | null,
    producerId: number,
    producerEpoch: number,
    result: TransactionResult,
  ): Promise<ErrorName> {
    if (transactionalId === null || transactionalId === '') return 'INVALID_REQUEST';
    const found = this.txnManager.getTransactionState(transactionalId);
    if (typeof found === 'string') return found;
    if (found === null) return 'INVALID_PRODUCER_ID_MAPPING';
    const { coordinatorEpoch, transactionMetadata: m } = found;
    const invalidState = () => {
      this.logger.debug(
        `TransactionalId: ${transactionalId}'s state is ${m.state}, but received transaction marker result to send: ${result}`,
      );
      return 'INVALID_TXN_STATE' as const;
    };
    let prepared: TxnTransitMetadata;
    if (m.producerId !== producerId) return 'INVALID_PRODUCER_ID_MAPPING';
    if (producerEpoch < m.producerEpoch) return 'INVALID_PRODUCER_EPOCH';
    if (m.pendingTransitionInProgress && m.pendingState !== 'PrepareEpochFence') return 'CONCURRENT_TRANSACTIONS';
    switch (m.state) {
      case 'Ongoing': {
        const nextState = result === 'COMMIT' ? 'PrepareCommit' : 'PrepareAbort';
        if (nextState === 'PrepareAbort' && m.pendingState === 'PrepareEpochFence') {
          // The fence's bumped epoch goes into the PrepareAbort written now.
          m.pendingState = null;
          m.lastProducerEpoch = m.producerEpoch;
          m.producerEpoch = producerEpoch;
        }
        prepared = m.prepareAbortOrCommit(nextState, this.now);
        break;
      }
      case 'CompleteCommit':
        return result === 'COMMIT' ? 'NONE' : invalidState();
      case 'CompleteAbort':
        return result === 'ABORT' ? 'NONE' : invalidState();
      case 'PrepareCommit':
        return result === 'COMMIT' ? 'CONCURRENT_TRANSACTIONS' : invalidState();
      case 'PrepareAbort':
        return result === 'ABORT' ? 'CONCURRENT_TRANSACTIONS' : invalidState();
      case 'Empty':
        return invalidState();
      default:
        throw new IllegalStateException(
          `Found transactionalId ${transactionalId} with state ${m.state}. This is illegal as we should never have transitioned to this state.`,
        );
    }
    const error = await this.txnManager.appendTransactionToLog(transactionalId, coordinatorEpoch, prepared);
    if (error !== 'NONE') {
      this.logger.info(
        `Aborting sending of transaction markers and returning ${error} error to client for ${transactionalId}'s EndTransaction request of ${result}, since appending ${prepared.txnState} to transaction log with coordinator epoch ${coordinatorEpoch} failed`,
      );
      return error;
    }
    const preSend = this.preSendMarkers(transactionalId, coordinatorEpoch, producerId, producerEpoch, result);
    if (typeof preSend === 'string') {
      this.logger.info(
        `Aborting sending of transaction markers after appended ${result} to transaction log and returning ${preSend} error to client for ${transactionalId}'s EndTransaction request`,
      );
      return preSend;
    }
    // The client is answered now; the markers go on being written.
    this.txnMarkerChannelManager.addTxnMarkersToSend(transactionalId, coordinatorEpoch, result, preSend.txnMetadata, preSend.transit);
    return 'NONE';
  }

  private preSendMarkers(
    transactionalId: string,
    coordinatorEpoch: number,
    producerId: number,
    producerEpoch: number,
    result: TransactionResult,
  ): ErrorName | { txnMetadata: TransactionMetadata; transit: TxnTransitMetadata } {
    const found = this.txnManager.getTransactionState(transactionalId);
    if (typeof found === 'string') return found;
    if (found === null)
      throw new IllegalStateException(
        `The coordinator still owns the transaction partition for ${transactionalId}, but there is no metadata in the cache; this is not expected`,
      );
    if (found.coordinatorEpoch !== coordinatorEpoch) return 'NOT_COORDINATOR';
    const m = found.transactionMetadata;
    if (m.producerId !== producerId) return 'INVALID_PRODUCER_ID_MAPPING';
    if (m.producerEpoch !== producerEpoch) return 'INVALID_PRODUCER_EPOCH';
    if (m.pendingTransitionInProgress) return 'CONCURRENT_TRANSACTIONS';
    if ((m.state === 'PrepareCommit' && result === 'COMMIT') || (m.state === 'PrepareAbort' && result === 'ABORT'))
      return { txnMetadata: m, transit: m.prepareComplete(this.now) };
    return 'INVALID_TXN_STATE';
  }

  // ---- timeouts ----

  /** `abortTimedOutTransactions`: each Ongoing transaction past its timeout is aborted by fencing its producer. */
  abortTimedOutTransactions(): void {
    for (const timedOut of this.txnManager.timedOutTransactions()) {
      const found = this.txnManager.getTransactionState(timedOut.transactionalId);
      if (found === null) {
        this.logger.error(`Could not find transaction metadata when trying to timeout transaction for ${idAndEpochText(timedOut)}`);
        continue;
      }
      if (typeof found === 'string') continue;
      const m = found.transactionMetadata;
      if (m.producerId !== timedOut.producerId) {
        this.logger.error(
          `Found incorrect producerId when expiring transactionalId: ${timedOut.transactionalId}. Expected producerId: ${timedOut.producerId}. Found producerId: ${m.producerId}`,
        );
        continue;
      }
      if (m.pendingTransitionInProgress) continue;
      const fence = m.prepareFenceProducerEpoch();
      void this.handleEndTransaction(m.transactionalId, fence.producerId, fence.producerEpoch, 'ABORT').then((error) => {
        if (error === 'NONE')
          this.logger.info(`Completed rollback of ongoing transaction for transactionalId ${timedOut.transactionalId} due to timeout`);
        else if (error !== 'INVALID_PRODUCER_ID_MAPPING' && error !== 'INVALID_PRODUCER_EPOCH' && error !== 'CONCURRENT_TRANSACTIONS')
          this.logger.warn(`Rollback of ongoing transaction for transactionalId ${timedOut.transactionalId} failed due to error ${error}`);
      });
    }
  }

  // ---- leadership of __transaction_state ----

  onElection(txnTopicPartitionId: number, coordinatorEpoch: number): void {
    // Whatever an earlier term of this broker left for the partition goes first.
    this.txnMarkerChannelManager.removeMarkersForTxnTopicPartition(txnTopicPartitionId);
    this.txnManager.loadTransactionsForTxnTopicPartition(txnTopicPartitionId, coordinatorEpoch, (id, epoch, result, m, transit) =>
      this.txnMarkerChannelManager.addTxnMarkersToSend(id, epoch, result, m, transit),
    );
  }

  onResignation(txnTopicPartitionId: number, coordinatorEpoch?: number): void {
    this.txnManager.removeTransactionsForTxnTopicPartition(txnTopicPartitionId, coordinatorEpoch);
    this.txnMarkerChannelManager.removeMarkersForTxnTopicPartition(txnTopicPartitionId);
  }

  /** For ReplicaManager's LeaderAndIsr: the txn-state partitions this broker now leads or follows, with their leader epochs. */
  onLeadershipChange(leaders: readonly TopicPartition[], followers: readonly TopicPartition[]): void {
    const epochOf = (tp: TopicPartition) => {
      const p = this.deps.replicaManager()?.getPartition(tp);
      return p && p !== 'offline' ? p.leaderEpoch : -1;
    };
    for (const tp of leaders) if (tp.topic === TRANSACTION_STATE_TOPIC_NAME) this.onElection(tp.partition, epochOf(tp));
    for (const tp of followers) if (tp.topic === TRANSACTION_STATE_TOPIC_NAME) this.onResignation(tp.partition, epochOf(tp));
  }
}

function idAndEpochText(t: { transactionalId: string; producerId: number; producerEpoch: number }): string {
  return `(transactionalId=${t.transactionalId}, producerId=${t.producerId}, producerEpoch=${t.producerEpoch})`;
}
