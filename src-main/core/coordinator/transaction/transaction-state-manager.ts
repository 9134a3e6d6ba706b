/**
 * Kafka 2.5's `TransactionStateManager`: the transactional ids whose `__transaction_state`
 * partition this broker leads, per partition with the coordinator epoch (the partition's leader
 * epoch) they were loaded under; the writes of their transitions (acks −1, uncompressed, each
 * taking effect only once written and only if the epoch did not move meanwhile); the load of a
 * partition when this broker becomes its leader (COORDINATOR_LOAD_IN_PROGRESS meanwhile, and
 * transactions found in PrepareCommit/PrepareAbort handed back to have their markers sent); timed
 * out transactions; and the expiry of idle transactional ids (`transactional.id.expiration.ms`).
 */
import type { ReplicaManager } from '../../broker/replica-manager';
import { javaStringHashCode, INT_MIN } from '../../common/java-lang';
import type { ErrorName } from '../../common/kafka-errors';
import { Logger, type LogSink } from '../../common/logging';
import { tpKey, type TopicPartition } from '../../common/topic-partition';
import type { Executor } from '../../platform/executor';
import type { Time } from '../../platform/scheduler';
import { batchesIn, buildRecordBatch, CompressionType, TimestampType } from '../../record';
import {
  readTransactionLogKey,
  readTransactionLogValue,
  TRANSACTION_STATE_TOPIC_NAME,
  transactionLogKey,
  transactionLogValue,
} from './transaction-log';
import { TransactionMetadata, transitText, type TransactionResult, type TxnTransitMetadata } from './transaction-metadata';

export interface TransactionStateConfig {
  transactionalIdExpirationMs: number;
  transactionMaxTimeoutMs: number;
  transactionLogNumPartitions: number;
  transactionLogLoadBufferSize: number;
  requestTimeoutMs: number;
}

export interface TransactionStateManagerDeps {
  brokerId: number;
  time: Time;
  config: TransactionStateConfig;
  replicaManager: () => ReplicaManager | null;
  log: LogSink;
  executor?: Executor;
}

export interface CoordinatorEpochAndTxnMetadata {
  readonly coordinatorEpoch: number;
  readonly transactionMetadata: TransactionMetadata;
}

/** `getTransactionState`'s Either: the error (NOT_COORDINATOR, COORDINATOR_LOAD_IN_PROGRESS), else the metadata or null. */
export type TransactionStateLookup = ErrorName | CoordinatorEpochAndTxnMetadata | null;

export type SendTxnMarkersCallback = (
  transactionalId: string,
  coordinatorEpoch: number,
  result: TransactionResult,
  txnMetadata: TransactionMetadata,
  newMetadata: TxnTransitMetadata,
) => void;

interface TxnMetadataCacheEntry {
  readonly coordinatorEpoch: number;
  readonly metadataPerTransactionalId: Map<string, TransactionMetadata>;
}

/** `Utils.abs`: Integer.MIN_VALUE maps to 0. */
function utilsAbs(n: number): number {
  return n === INT_MIN ? 0 : Math.abs(n);
}

export class TransactionStateManager {
  private readonly cache = new Map<number, TxnMetadataCacheEntry>();
  /** Partition → the coordinator epoch it is being loaded under. */
  private readonly loadingPartitions = new Map<number, number>();
  private shuttingDown = false;
  private readonly logger: Logger;

  constructor(private readonly deps: TransactionStateManagerDeps) {
    this.logger = new Logger(deps.log, 'kafka.coordinator.transaction.TransactionStateManager', {
      logIdent: `[Transaction State Manager ${deps.brokerId}]: `,
    });
  }

  partitionFor(transactionalId: string): number {
    return utilsAbs(javaStringHashCode(transactionalId)) % this.deps.config.transactionLogNumPartitions;
  }

  validateTransactionTimeoutMs(txnTimeoutMs: number): boolean {
    return txnTimeoutMs <= this.deps.config.transactionMaxTimeoutMs && txnTimeoutMs > 0;
  }

  getTransactionState(transactionalId: string): TransactionStateLookup {
    return this.getAndMaybeAddTransactionState(transactionalId, null);
  }

  putTransactionStateIfNotExists(created: TransactionMetadata): ErrorName | CoordinatorEpochAndTxnMetadata {
    const found = this.getAndMaybeAddTransactionState(created.transactionalId, created);
    if (found === null) throw new Error(`Unexpected empty transaction metadata returned while putting ${created.toString()}`);
    return found;
  }

  private getAndMaybeAddTransactionState(transactionalId: string, created: TransactionMetadata | null): TransactionStateLookup {
    const partition = this.partitionFor(transactionalId);
    if (this.loadingPartitions.has(partition)) return 'COORDINATOR_LOAD_IN_PROGRESS';
    const entry = this.cache.get(partition);
    if (!entry) return 'NOT_COORDINATOR';
    let metadata = entry.metadataPerTransactionalId.get(transactionalId);
    if (!metadata && created) {
      entry.metadataPerTransactionalId.set(transactionalId, created);
      metadata = created;
    }
    return metadata ? { coordinatorEpoch: entry.coordinatorEpoch, transactionMetadata: metadata } : null;
  }

  /** Every cached transactional id, with the partition and coordinator epoch it is held under (for the UI). */
  allTransactions(): Array<{ partition: number; coordinatorEpoch: number; metadata: TransactionMetadata }> {
    const all: Array<{ partition: number; coordinatorEpoch: number; metadata: TransactionMetadata }> = [];
    for (const [partition, entry] of this.cache)
      for (const metadata of entry.metadataPerTransactionalId.values())
        all.push({ partition, coordinatorEpoch: entry.coordinatorEpoch, metadata });
    return all;
  }

  isLoading(partition: number): boolean {
    return this.loadingPartitions.has(partition);
  }

  /** Ongoing transactions past their timeout with no transition pending. */
  timedOutTransactions(): Array<{ transactionalId: string; producerId: number; producerEpoch: number }> {
    const now = this.deps.time.nowMs();
    const out: Array<{ transactionalId: string; producerId: number; producerEpoch: number }> = [];
    for (const entry of this.cache.values())
      for (const [id, m] of entry.metadataPerTransactionalId)
        if (!m.pendingTransitionInProgress && m.state === 'Ongoing' && m.txnStartTimestamp + m.txnTimeoutMs < now)
          out.push({ transactionalId: id, producerId: m.producerId, producerEpoch: m.producerEpoch });
    return out;
  }

  private appendTo(
    tp: TopicPartition,
    records: ReadonlyArray<{ key: Uint8Array; value: Uint8Array | null }>,
    timeoutMs: number,
  ): Promise<ErrorName> {
    const rm = this.deps.replicaManager();
    if (!rm) return Promise.resolve('NOT_LEADER_FOR_PARTITION');
    const now = this.deps.time.nowMs();
    const batch = buildRecordBatch(
      records.map((r) => ({ key: r.key, value: r.value, timestamp: now })),
      { compression: CompressionType.NONE, timestampType: TimestampType.CREATE_TIME, now },
    );
    return rm
      .appendRecords(timeoutMs, -1, [{ topicPartition: tp, records: batch }], { internalTopicsAllowed: true, origin: 'Coordinator' })
      .then(([result]) => result?.error ?? 'NOT_LEADER_FOR_PARTITION');
  }

  /**
   * `appendTransactionToLog`: writes the transition; on success it takes effect if the coordinator
   * epoch is still the one it was prepared under. On failure the pending state is dropped, unless
   * `retryOnError` says the caller will write it again.
   */
  async appendTransactionToLog(
    transactionalId: string,
    coordinatorEpoch: number,
    newMetadata: TxnTransitMetadata,
    retryOnError: (error: ErrorName) => boolean = () => false,
  ): Promise<ErrorName> {
    const before = this.getTransactionState(transactionalId);
    if (typeof before === 'string') return before;
    if (before === null) return 'NOT_COORDINATOR';
    if (before.coordinatorEpoch !== coordinatorEpoch) return 'NOT_COORDINATOR';
    const tp = { topic: TRANSACTION_STATE_TOPIC_NAME, partition: this.partitionFor(transactionalId) };
    const status = await this.appendTo(
      tp,
      [{ key: transactionLogKey(transactionalId), value: transactionLogValue(newMetadata) }],
      newMetadata.txnTimeoutMs,
    );
    let responseError = appendErrorToCoordinatorError(status);
    const after = this.getTransactionState(transactionalId);
    if (responseError === 'NONE') {
      if (typeof after === 'string') {
        this.logger.info(
          `Accessing the cached transaction metadata for ${transactionalId} returns ${after} error; aborting transition to the new metadata and setting the error in the callback`,
        );
        responseError = after;
      } else if (after === null) {
        this.logger.info(
          `The cached coordinator metadata does not exist in the cache anymore for ${transactionalId} after appended its new metadata ${transitText(newMetadata)} to the transaction log (txn topic partition ${tp.partition}) while it was ${coordinatorEpoch} before appending; aborting transition to the new metadata and returning NOT_COORDINATOR in the callback`,
        );
        responseError = 'NOT_COORDINATOR';
      } else if (after.coordinatorEpoch !== coordinatorEpoch) {
        this.logger.info(
          `The cached coordinator epoch for ${transactionalId} has changed to ${after.coordinatorEpoch} after appended its new metadata ${transitText(newMetadata)} to the transaction log (txn topic partition ${tp.partition}) while it was ${coordinatorEpoch} before appending; aborting transition to the new metadata and returning NOT_COORDINATOR in the callback`,
        );
        responseError = 'NOT_COORDINATOR';
      } else {
        after.transactionMetadata.completeTransitionTo(newMetadata);
      }
    } else if (after !== null && typeof after !== 'string' && after.coordinatorEpoch === coordinatorEpoch) {
      const m = after.transactionMetadata;
      if (retryOnError(responseError)) {
        this.logger.info(
          `TransactionalId ${transactionalId} append transaction log for ${transitText(newMetadata)} transition failed due to ${responseError}, not resetting pending state ${pendingText(m)} but just returning the error in the callback to let the caller retry`,
        );
      } else {
        this.logger.info(
          `TransactionalId ${transactionalId} append transaction log for ${transitText(newMetadata)} transition failed due to ${responseError}, resetting pending state from ${pendingText(m)}, aborting state transition and returning ${responseError} in the callback`,
        );
        m.pendingState = null;
      }
    }
    return responseError;
  }

  // ---- leadership of __transaction_state partitions ----

  /** This broker leads the partition now: read its transactional ids; PrepareCommit/PrepareAbort ones get their markers sent. */
  loadTransactionsForTxnTopicPartition(partition: number, coordinatorEpoch: number, sendTxnMarkers: SendTxnMarkersCallback): void {
    const tp = { topic: TRANSACTION_STATE_TOPIC_NAME, partition };
    this.loadingPartitions.set(partition, coordinatorEpoch);
    const stillLoading = () => this.loadingPartitions.get(partition) === coordinatorEpoch;
    void Promise.resolve().then(async () => {
      this.logger.info(`Loading transaction metadata from ${tpKey(tp)} at epoch ${coordinatorEpoch}`);
      const loaded = await this.loadTransactionMetadata(tp, stillLoading);
      if (!stillLoading() || this.shuttingDown) return;
      const previous = this.cache.get(partition);
      this.cache.set(partition, { coordinatorEpoch, metadataPerTransactionalId: loaded });
      if (previous)
        this.logger.warn(
          `Unloaded transaction metadata ${entryText(previous)} from ${partition} as part of loading metadata at epoch ${coordinatorEpoch}`,
        );
      const pending: Array<[TransactionResult, TransactionMetadata, TxnTransitMetadata]> = [];
      const now = this.deps.time.nowMs();
      for (const m of loaded.values()) {
        if (m.state === 'PrepareAbort') pending.push(['ABORT', m, m.prepareComplete(now)]);
        else if (m.state === 'PrepareCommit') pending.push(['COMMIT', m, m.prepareComplete(now)]);
      }
      this.loadingPartitions.delete(partition);
      for (const [result, m, transit] of pending) sendTxnMarkers(m.transactionalId, coordinatorEpoch, result, m, transit);
      this.logger.info(`Completed loading transaction metadata from ${tpKey(tp)} for coordinator epoch ${coordinatorEpoch}`);
    });
  }

  private async loadTransactionMetadata(tp: TopicPartition, stillLoading: () => boolean): Promise<Map<string, TransactionMetadata>> {
    const startMs = this.deps.time.nowMs();
    const loaded = new Map<string, TransactionMetadata>();
    const hosted = this.deps.replicaManager()?.getPartition(tp);
    const log = hosted && hosted !== 'offline' ? hosted.log : null;
    if (!log) {
      this.logger.warn(`Attempted to load transaction metadata from ${tpKey(tp)}, but found no log`);
      return loaded;
    }
    try {
      let offset = log.logStartOffset;
      while (offset < log.logEndOffset && stillLoading() && !this.shuttingDown) {
        const { records } = log.read(offset, this.deps.config.transactionLogLoadBufferSize, 'log-end', true);
        if (records.length === 0) break;
        for (const batch of batchesIn(records)) {
          for (const record of batch.records()) {
            if (record.key === null) throw new Error("requirement failed: Transaction state log's key should not be null");
            const transactionalId = readTransactionLogKey(record.key);
            const metadata = readTransactionLogValue(transactionalId, record.value);
            if (metadata === null) loaded.delete(transactionalId);
            else loaded.set(transactionalId, metadata);
          }
          offset = batch.lastOffset + 1;
        }
        this.logger.info(
          `Finished loading ${loaded.size} transaction metadata from ${tpKey(tp)} in ${this.deps.time.nowMs() - startMs} milliseconds`,
        );
        await this.deps.executor?.yield();
      }
    } catch (e) {
      this.logger.error(`Error loading transactions from transaction log ${tpKey(tp)}`, e);
    }
    return loaded;
  }

  /** This broker no longer leads the partition (become-follower with its epoch, or a deleted replica without). */
  removeTransactionsForTxnTopicPartition(partition: number, coordinatorEpoch?: number): void {
    const tp = { topic: TRANSACTION_STATE_TOPIC_NAME, partition };
    if (coordinatorEpoch === undefined || this.loadingPartitions.get(partition) === coordinatorEpoch)
      this.loadingPartitions.delete(partition);
    const removed = this.cache.get(partition);
    this.cache.delete(partition);
    if (coordinatorEpoch === undefined) {
      if (removed)
        this.logger.info(`Unloaded transaction metadata ${entryText(removed)} for ${tpKey(tp)} following local partition deletion`);
    } else if (removed) {
      this.logger.info(`Unloaded transaction metadata ${entryText(removed)} for ${tpKey(tp)} on become-follower transition`);
    } else {
      this.logger.info(`No cached transaction metadata found for ${tpKey(tp)} during become-follower transition`);
    }
  }

  /** `transactionalId-expiration`: ids idle past `transactional.id.expiration.ms` (no transaction open) get a tombstone and leave the cache. */
  async removeExpiredTransactionalIds(): Promise<void> {
    const now = this.deps.time.nowMs();
    const byPartition = new Map<number, Array<{ id: string; coordinatorEpoch: number; transit: TxnTransitMetadata }>>();
    for (const [partition, entry] of this.cache) {
      for (const [id, m] of entry.metadataPerTransactionalId) {
        if (m.state !== 'Empty' && m.state !== 'CompleteCommit' && m.state !== 'CompleteAbort') continue;
        if (m.pendingTransitionInProgress) continue;
        if (m.txnLastUpdateTimestamp > now - this.deps.config.transactionalIdExpirationMs) continue;
        const list = byPartition.get(partition) ?? [];
        list.push({ id, coordinatorEpoch: entry.coordinatorEpoch, transit: m.prepareDead() });
        byPartition.set(partition, list);
      }
    }
    await Promise.all(
      [...byPartition].map(async ([partition, expired]) => {
        const tp = { topic: TRANSACTION_STATE_TOPIC_NAME, partition };
        const error = await this.appendTo(
          tp,
          expired.map((e) => ({ key: transactionLogKey(e.id), value: null })),
          this.deps.config.requestTimeoutMs,
        );
        const entry = this.cache.get(partition);
        for (const e of expired) {
          const m = entry?.metadataPerTransactionalId.get(e.id);
          if (!entry || !m) continue;
          if (
            entry.coordinatorEpoch === e.coordinatorEpoch &&
            m.pendingState === 'Dead' &&
            m.producerEpoch === e.transit.producerEpoch &&
            error === 'NONE'
          ) {
            entry.metadataPerTransactionalId.delete(e.id);
          } else {
            this.logger.warn(
              `Failed to remove expired transactionalId: ${e.id} from cache. Tombstone append error code: ${error}, pendingState: ${pendingText(m)}, producerEpoch: ${m.producerEpoch}, expected producerEpoch: ${e.transit.producerEpoch}, coordinatorEpoch: ${entry.coordinatorEpoch}, expected coordinatorEpoch: ${e.coordinatorEpoch}`,
            );
            m.pendingState = null;
          }
        }
      }),
    );
  }

  shutdown(): void {
    this.shuttingDown = true;
    this.loadingPartitions.clear();
    this.cache.clear();
    this.logger.info('Shutdown complete');
  }
}

/** `appendTransactionToLog`'s mapping of append errors to what the transactional clients understand. */
function appendErrorToCoordinatorError(error: ErrorName): ErrorName {
  switch (error) {
    case 'UNKNOWN_TOPIC_OR_PARTITION':
    case 'NOT_ENOUGH_REPLICAS':
    case 'NOT_ENOUGH_REPLICAS_AFTER_APPEND':
    case 'REQUEST_TIMED_OUT':
      return 'COORDINATOR_NOT_AVAILABLE';
    case 'NOT_LEADER_FOR_PARTITION':
    case 'KAFKA_STORAGE_ERROR':
      return 'NOT_COORDINATOR';
    case 'MESSAGE_TOO_LARGE':
    case 'RECORD_LIST_TOO_LARGE':
      return 'UNKNOWN_SERVER_ERROR';
    default:
      return error;
  }
}

function pendingText(m: TransactionMetadata): string {
  return m.pendingState === null ? 'None' : `Some(${m.pendingState})`;
}

function entryText(e: TxnMetadataCacheEntry): string {
  return `TxnMetadataCacheEntry(coordinatorEpoch=${e.coordinatorEpoch}, numTransactionalEntries=${e.metadataPerTransactionalId.size})`;
}
