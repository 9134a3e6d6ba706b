/**
 * Kafka 2.5's `TransactionMarkerChannelManager` with its `TransactionMarkerRequestCompletionHandler`:
 * once PrepareCommit/PrepareAbort is written, a COMMIT/ABORT marker goes to the leader of each of
 * the transaction's partitions (one WriteTxnMarkers per broker with everything queued for it). A
 * partition whose marker is written leaves the transaction; a retriable error (leader moved, not
 * enough replicas, broker unreachable) queues it again for the partition's current leader, and a
 * partition with no leader waits in the queue for an unknown broker. When no partition is left
 * (`DelayedTxnMarker`) CompleteCommit/CompleteAbort is written, again and again while the log
 * answers COORDINATOR_NOT_AVAILABLE. Everything for a transactional id is dropped when this broker
 * stops being its coordinator or the coordinator epoch moves.
 *
 * The sender is Kafka's InterBrokerSendThread (`TxnMarkerSenderThread-<id>`), whose `doWork` —
 * retry the failed log appends, move the unknown broker's markers to their partitions' current
 * leaders, send one request per broker — runs when the thread is woken (new markers), when an
 * UpdateMetadata changes the cache (the network activity that would end its poll), and at the end
 * of an idle poll (`request.timeout.ms`, the NetworkClient's longest) while anything waits.
 * Markers a leader refused with a retriable error, or lost to a disconnect, are re-enqueued at
 * once for their partitions' current leaders as 2.5 does, without waking the thread: 2.5 resends
 * them straight away and again while the stale leader refuses; here they go at the next `doWork`,
 * which keeps the clock-driven emulation from spinning.
 */
import type { MetadataCache } from '../../broker/metadata-cache';
import { Errors, type ErrorName } from '../../common/kafka-errors';
import { Logger, type LogSink } from '../../common/logging';
import { tpKey, type TopicPartition } from '../../common/topic-partition';
import type { Executor } from '../../platform/executor';
import { microtaskExecutor } from '../../platform/executor';
import type { ScheduledTask, Time } from '../../platform/scheduler';
import type { TxnMarkerEntry, TxnMarkerResult } from '../../broker/replica-manager/write-txn-markers';
import type { TransactionMetadata, TransactionResult, TxnTransitMetadata } from './transaction-metadata';
import { transitText } from './transaction-metadata';
import type { TransactionStateManager } from './transaction-state-manager';

/** A partition leader's side of WriteTxnMarkers, as the coordinator reaches it. */
export interface TxnMarkerDestination {
  writeTxnMarkers(entries: readonly TxnMarkerEntry[]): Promise<TxnMarkerResult[]>;
}

export interface TransactionMarkerChannelDeps {
  brokerId: number;
  time: Time;
  metadataCache: MetadataCache;
  stateManager: TransactionStateManager;
  /** The running broker `brokerId`, or undefined when it cannot be reached (a disconnect). */
  destination: (brokerId: number) => TxnMarkerDestination | undefined;
  /** `request.timeout.ms`: the send thread's longest poll. */
  requestTimeoutMs: number;
  log: LogSink;
  executor?: Executor;
}

interface TxnIdAndMarkerEntry {
  readonly txnId: string;
  readonly txnTopicPartition: number;
  readonly marker: TxnMarkerEntry;
}

interface PendingCompletion {
  readonly txnMetadata: TransactionMetadata;
  readonly onComplete: () => void;
}

const UNKNOWN_BROKER = -1;

export class TransactionMarkerChannelManager {
  /** Broker id (−1 for unknown) → markers waiting to be sent there. */
  private readonly queues = new Map<number, TxnIdAndMarkerEntry[]>();
  /** `txnMarkerPurgatory`: the transactions waiting for their last marker. */
  private readonly pending = new Map<string, PendingCompletion>();
  private readonly logRetries: Array<{
    transactionalId: string;
    coordinatorEpoch: number;
    txnMetadata: TransactionMetadata;
    newMetadata: TxnTransitMetadata;
  }> = [];
  private wakeupScheduled = false;
  private pollTask: ScheduledTask | null = null;
  private active = true;
  private readonly logger: Logger;
  private readonly stopWatchingMetadata: () => void;

  constructor(private readonly deps: TransactionMarkerChannelDeps) {
    this.logger = new Logger(deps.log, 'kafka.coordinator.transaction.TransactionMarkerChannelManager', {
      logIdent: `[Transaction Marker Channel Manager ${deps.brokerId}]: `,
    });
    this.stopWatchingMetadata = deps.metadataCache.onUpdate(() => this.wakeup());
  }

  /** Markers still queued for `transactionalId` (the UI, tests). */
  queuedPartitions(transactionalId: string): TopicPartition[] {
    const out: TopicPartition[] = [];
    for (const queue of this.queues.values()) for (const e of queue) if (e.txnId === transactionalId) out.push(...e.marker.partitions);
    return out;
  }

  shutdown(): void {
    this.active = false;
    this.stopWatchingMetadata();
    if (this.pollTask) this.deps.time.cancel(this.pollTask);
    this.pollTask = null;
    this.queues.clear();
    this.pending.clear();
    this.logRetries.length = 0;
  }

  addTxnMarkersToSend(
    transactionalId: string,
    coordinatorEpoch: number,
    txnResult: TransactionResult,
    txnMetadata: TransactionMetadata,
    newMetadata: TxnTransitMetadata,
  ): void {
    const appendToLogCallback = () => {
      const state = this.deps.stateManager.getTransactionState(transactionalId);
      if (state === 'NOT_COORDINATOR') {
        this.logger.info(
          `No longer the coordinator for ${transactionalId} with coordinator epoch ${coordinatorEpoch}; cancel appending ${transitText(newMetadata)} to transaction log`,
        );
      } else if (state === 'COORDINATOR_LOAD_IN_PROGRESS') {
        this.logger.info(
          `Loading the transaction partition that contains ${transactionalId} while my current coordinator epoch is ${coordinatorEpoch}; so cancel appending ${transitText(newMetadata)} to transaction log since the loading process will continue the remaining work`,
        );
      } else if (state !== null && typeof state !== 'string') {
        if (state.coordinatorEpoch === coordinatorEpoch)
          void this.tryAppendToLog({ transactionalId, coordinatorEpoch, txnMetadata, newMetadata });
        else
          this.logger.info(
            `The cached metadata ${txnMetadata.toString()} has changed to CoordinatorEpochAndTxnMetadata(${state.coordinatorEpoch},${state.transactionMetadata.toString()}) after completed sending the markers with coordinator epoch ${coordinatorEpoch}; abort transiting the metadata to ${transitText(newMetadata)} as it may have been updated by another process`,
          );
      }
    };
    this.pending.set(transactionalId, { txnMetadata, onComplete: appendToLogCallback });
    this.checkAndComplete(transactionalId);
    this.addTxnMarkersToBrokerQueue(
      transactionalId,
      txnMetadata.producerId,
      txnMetadata.producerEpoch,
      txnResult,
      coordinatorEpoch,
      txnMetadata.partitions,
    );
  }

  private async tryAppendToLog(append: {
    transactionalId: string;
    coordinatorEpoch: number;
    txnMetadata: TransactionMetadata;
    newMetadata: TxnTransitMetadata;
  }): Promise<void> {
    const error = await this.deps.stateManager.appendTransactionToLog(
      append.transactionalId,
      append.coordinatorEpoch,
      append.newMetadata,
      (e) => e === 'COORDINATOR_NOT_AVAILABLE',
    );
    switch (error) {
      case 'NONE':
        return;
      case 'NOT_COORDINATOR':
        this.logger.info(
          `No longer the coordinator for transactionalId: ${append.transactionalId} while trying to append to transaction log, skip writing to transaction log`,
        );
        return;
      case 'COORDINATOR_NOT_AVAILABLE':
        this.logger.info(
          `Not available to append TxnLogAppend(${append.transactionalId},${append.coordinatorEpoch},${append.txnMetadata.toString()},${transitText(append.newMetadata)}): possible causes include UNKNOWN_TOPIC_OR_PARTITION, NOT_ENOUGH_REPLICAS, NOT_ENOUGH_REPLICAS_AFTER_APPEND and REQUEST_TIMED_OUT; retry appending`,
        );
        this.logRetries.push(append);
        this.schedulePoll();
        return;
      case 'COORDINATOR_LOAD_IN_PROGRESS':
        this.logger.info(
          `Coordinator is loading the partition ${this.deps.stateManager.partitionFor(append.transactionalId)} and hence cannot complete append of ${transitText(append.newMetadata)}; skip writing to transaction log as the loading process should complete it`,
        );
        return;
      default:
        this.logger.error(`Unexpected error ${error} while appending to transaction log for ${append.transactionalId}`);
    }
  }

  /** Queues one marker per leader of `partitions` and wakes the send thread; partitions no broker leads any more leave the transaction. */
  addTxnMarkersToBrokerQueue(
    transactionalId: string,
    producerId: number,
    producerEpoch: number,
    result: TransactionResult,
    coordinatorEpoch: number,
    partitions: readonly TopicPartition[],
  ): void {
    this.enqueue(transactionalId, producerId, producerEpoch, result, coordinatorEpoch, partitions);
    this.wakeup();
  }

  /**
   * Each partition's marker in the queue of its leader (`getPartitionLeaderEndpoint`): the unknown
   * broker's while the leader is not alive.
   */
  private enqueue(
    transactionalId: string,
    producerId: number,
    producerEpoch: number,
    result: TransactionResult,
    coordinatorEpoch: number,
    partitions: readonly TopicPartition[],
  ): void {
    const txnTopicPartition = this.deps.stateManager.partitionFor(transactionalId);
    const byDestination = new Map<number | null, TopicPartition[]>();
    for (const tp of partitions) {
      const destination = this.leaderOf(tp);
      byDestination.set(destination, [...(byDestination.get(destination) ?? []), tp]);
    }
    for (const [broker, tps] of byDestination) {
      if (broker !== null) {
        const marker: TxnMarkerEntry = { producerId, producerEpoch, coordinatorEpoch, transactionResult: result, partitions: tps };
        const queue = this.queues.get(broker) ?? [];
        queue.push({ txnId: transactionalId, txnTopicPartition, marker });
        this.queues.set(broker, queue);
        continue;
      }
      const state = this.deps.stateManager.getTransactionState(transactionalId);
      if (typeof state === 'string') {
        this.logger.info(
          `Encountered ${state} trying to fetch transaction metadata for ${transactionalId} with coordinator epoch ${coordinatorEpoch}; cancel sending markers to its partition leaders`,
        );
        this.pending.delete(transactionalId);
      } else if (state === null) {
        this.logger.error(
          `The coordinator still owns the transaction partition for ${transactionalId}, but there is no metadata in the cache; this is not expected`,
        );
      } else if (state.coordinatorEpoch !== coordinatorEpoch) {
        this.logger.info(
          `The cached metadata has changed to CoordinatorEpochAndTxnMetadata(${state.coordinatorEpoch},${state.transactionMetadata.toString()}) (old coordinator epoch is ${coordinatorEpoch}) since preparing to send markers; cancel sending markers to its partition leaders`,
        );
        this.pending.delete(transactionalId);
      } else {
        this.logger.info(
          `Couldn't find leader endpoint for partitions Set(${tps.map(tpKey).join(', ')}) while trying to send transaction markers for ${transactionalId}, these partitions are likely deleted already and hence can be skipped`,
        );
        for (const tp of tps) state.transactionMetadata.removePartition(tp);
        this.checkAndComplete(transactionalId);
      }
    }
  }

  /**
   * `metadataCache.getPartitionLeaderEndpoint`: null when the topic or partition is gone, −1 (the
   * unknown broker's queue) while it has no live leader.
   */
  private leaderOf(tp: TopicPartition): number | null {
    const info = this.deps.metadataCache.getPartitionInfo(tp.topic, tp.partition);
    if (!info) return null;
    const alive = this.deps.metadataCache.getAliveBrokers().some((b) => b.id === info.leader);
    return alive ? info.leader : UNKNOWN_BROKER;
  }

  private checkAndComplete(transactionalId: string): void {
    const p = this.pending.get(transactionalId);
    if (p && p.txnMetadata.topicPartitions.size === 0) {
      this.pending.delete(transactionalId);
      p.onComplete();
    }
  }

  removeMarkersForTxnId(transactionalId: string): void {
    this.pending.delete(transactionalId);
  }

  /** This broker stops (or starts again) coordinating the partition: its queued markers and waiting completions go. */
  removeMarkersForTxnTopicPartition(txnTopicPartition: number): void {
    for (const [broker, queue] of this.queues) {
      const kept = queue.filter((e) => e.txnTopicPartition !== txnTopicPartition);
      for (const e of queue) if (e.txnTopicPartition === txnTopicPartition) this.removeMarkersForTxnId(e.txnId);
      this.queues.set(broker, kept);
    }
  }

  /** `networkClient.wakeup()`: the thread's current poll ends and `doWork` runs. */
  private wakeup(): void {
    if (this.wakeupScheduled || !this.active) return;
    this.wakeupScheduled = true;
    (this.deps.executor ?? microtaskExecutor).execute(() => {
      this.wakeupScheduled = false;
      this.doWork();
    });
  }

  /** While anything waits, the thread's poll ends after `request.timeout.ms` at the latest. */
  private schedulePoll(): void {
    if (this.pollTask || !this.active) return;
    this.pollTask = this.deps.time.schedule(`TxnMarkerSenderThread-${this.deps.brokerId}`, this.deps.requestTimeoutMs, () => {
      this.pollTask = null;
      this.doWork();
    });
  }

  /** `InterBrokerSendThread.doWork` with `generateRequests` = `drainQueuedTransactionMarkers`. */
  private doWork(): void {
    if (!this.active) return;
    if (this.pollTask) this.deps.time.cancel(this.pollTask);
    this.pollTask = null;
    // `retryLogAppends`
    for (const append of this.logRetries.splice(0)) void this.tryAppendToLog(append);
    const unknown = this.queues.get(UNKNOWN_BROKER) ?? [];
    this.queues.delete(UNKNOWN_BROKER);
    for (const e of unknown) this.requeue(e.txnId, e.marker);
    // One WriteTxnMarkers per broker with what is queued for it.
    for (const [broker, queue] of [...this.queues]) {
      if (broker === UNKNOWN_BROKER || queue.length === 0) continue;
      this.queues.delete(broker);
      const destination = this.deps.destination(broker);
      if (!destination) {
        this.onDisconnect(queue);
        continue;
      }
      void destination.writeTxnMarkers(queue.map((e) => e.marker)).then(
        (results) => this.onComplete(queue, results),
        () => this.onDisconnect(queue),
      );
    }
    if ((this.queues.get(UNKNOWN_BROKER)?.length ?? 0) > 0) this.schedulePoll();
  }

  /** `TransactionMarkerRequestCompletionHandler` on a disconnect: each marker still current goes to its partitions' current leaders. */
  private onDisconnect(entries: readonly TxnIdAndMarkerEntry[]): void {
    if (!this.active) return;
    for (const e of entries) if (this.stillCurrent(e) !== null) this.requeue(e.txnId, e.marker);
    this.schedulePoll();
  }

  private requeue(transactionalId: string, m: TxnMarkerEntry): void {
    this.enqueue(transactionalId, m.producerId, m.producerEpoch, m.transactionResult, m.coordinatorEpoch, m.partitions);
  }

  /** The coordinator still holds the transaction under the marker's epoch; else its markers are dropped. */
  private stillCurrent(e: TxnIdAndMarkerEntry): TransactionMetadata | null {
    const state = this.deps.stateManager.getTransactionState(e.txnId);
    if (state === 'NOT_COORDINATOR') {
      this.logger.info(
        `I am no longer the coordinator for ${e.txnId}; cancel sending transaction markers ${markerText(e.marker)} to the brokers`,
      );
      this.removeMarkersForTxnId(e.txnId);
      return null;
    }
    if (state === 'COORDINATOR_LOAD_IN_PROGRESS') {
      this.logger.info(
        `I am loading the transaction partition that contains ${e.txnId} which means the current markers have to be obsoleted; cancel sending transaction markers ${markerText(e.marker)} to the brokers`,
      );
      this.removeMarkersForTxnId(e.txnId);
      return null;
    }
    if (state === null || typeof state === 'string') {
      this.logger.error(`Unhandled state ${String(state)} when fetching current transaction state for ${e.txnId}`);
      return null;
    }
    if (state.coordinatorEpoch !== e.marker.coordinatorEpoch) {
      this.logger.info(
        `Transaction coordinator epoch for ${e.txnId} has changed from ${e.marker.coordinatorEpoch} to ${state.coordinatorEpoch}; cancel sending transaction markers ${markerText(e.marker)} to the brokers`,
      );
      this.removeMarkersForTxnId(e.txnId);
      return null;
    }
    return state.transactionMetadata;
  }

  private onComplete(sent: readonly TxnIdAndMarkerEntry[], results: readonly TxnMarkerResult[]): void {
    if (!this.active) return;
    for (const e of sent) {
      const result = results.find((r) => r.producerId === e.marker.producerId);
      if (!result) {
        this.logger.error(`WriteTxnMarkerResponse does not contain expected error map for producer id ${e.marker.producerId}`);
        continue;
      }
      const txnMetadata = this.stillCurrent(e);
      if (!txnMetadata) continue;
      const retry: TopicPartition[] = [];
      let abortSending = false;
      for (const { topicPartition, error } of result.partitions) {
        switch (error) {
          case 'NONE':
          case 'UNSUPPORTED_FOR_MESSAGE_FORMAT':
          case 'UNSUPPORTED_VERSION':
            if (error !== 'NONE')
              this.logger.info(
                `Sending ${e.txnId}'s transaction marker from partition ${tpKey(topicPartition)} has failed with  ${error}. This partition will be removed from the set of partitions waiting for completion`,
              );
            txnMetadata.removePartition(topicPartition);
            break;
          case 'UNKNOWN_TOPIC_OR_PARTITION':
          case 'NOT_LEADER_FOR_PARTITION':
          case 'NOT_ENOUGH_REPLICAS':
          case 'NOT_ENOUGH_REPLICAS_AFTER_APPEND':
          case 'REQUEST_TIMED_OUT':
          case 'KAFKA_STORAGE_ERROR':
            this.logger.info(
              `Sending ${e.txnId}'s transaction marker for partition ${tpKey(topicPartition)} has failed with error ${exceptionName(error)}, retrying with current coordinator epoch ${e.marker.coordinatorEpoch}`,
            );
            retry.push(topicPartition);
            break;
          case 'INVALID_PRODUCER_EPOCH':
          case 'TRANSACTION_COORDINATOR_FENCED':
            this.logger.info(
              `Sending ${e.txnId}'s transaction marker for partition ${tpKey(topicPartition)} has permanently failed with error ${exceptionName(error)} with the current coordinator epoch ${e.marker.coordinatorEpoch}; cancel sending any more transaction markers ${markerText(e.marker)} to the brokers`,
            );
            this.removeMarkersForTxnId(e.txnId);
            abortSending = true;
            break;
          default:
            this.logger.error(`Unexpected error ${exceptionName(error)} while sending txn marker for ${e.txnId}`);
            abortSending = true;
        }
      }
      if (abortSending) continue;
      if (retry.length > 0) {
        this.requeue(e.txnId, { ...e.marker, partitions: retry });
        this.schedulePoll();
      } else {
        this.checkAndComplete(e.txnId);
      }
    }
  }
}

function markerText(m: TxnMarkerEntry): string {
  return `TxnMarkerEntry{producerId=${m.producerId}, producerEpoch=${m.producerEpoch}, coordinatorEpoch=${m.coordinatorEpoch}, result=${m.transactionResult}, partitions=[${m.partitions.map(tpKey).join(', ')}]}`;
}

/** `Errors.exceptionName`: the exception's class name. */
function exceptionName(error: ErrorName): string {
  return Errors[error].exceptionClass ?? error;
}
