/**
 * Kafka 2.5's `TransactionMetadata`: one transactional id's producer id and epoch, its state and the
 * partitions of its current transaction. A change is first *prepared* (`TxnTransitMetadata`, the
 * state then pending), written to `__transaction_state`, and only *completed* once the write
 * succeeded — so the cache never holds what the log does not.
 *
 *   State              byte  valid previous states
 *   Empty                0   Empty, CompleteCommit, CompleteAbort
 *   Ongoing              1   Ongoing, Empty, CompleteCommit, CompleteAbort
 *   PrepareCommit        2   Ongoing
 *   PrepareAbort         3   Ongoing, PrepareEpochFence
 *   CompleteCommit       4   PrepareCommit
 *   CompleteAbort        5   PrepareAbort
 *   Dead                 6   Empty, CompleteAbort, CompleteCommit
 *   PrepareEpochFence    7   Ongoing
 */
import { IllegalArgumentException, IllegalStateException, SHORT_MAX } from '../../common/java-lang';
import type { ErrorName } from '../../common/kafka-errors';
import { tpKey, type TopicPartition } from '../../common/topic-partition';
import { NO_PRODUCER_EPOCH, NO_PRODUCER_ID } from '../../record/constants';

export type TransactionState =
  'Empty' | 'Ongoing' | 'PrepareCommit' | 'PrepareAbort' | 'CompleteCommit' | 'CompleteAbort' | 'Dead' | 'PrepareEpochFence';

export const TRANSACTION_STATES: readonly TransactionState[] = [
  'Empty',
  'Ongoing',
  'PrepareCommit',
  'PrepareAbort',
  'CompleteCommit',
  'CompleteAbort',
  'Dead',
  'PrepareEpochFence',
];

export const VALID_PREVIOUS_STATES: Readonly<Record<TransactionState, readonly TransactionState[]>> = {
  Empty: ['Empty', 'CompleteCommit', 'CompleteAbort'],
  Ongoing: ['Ongoing', 'Empty', 'CompleteCommit', 'CompleteAbort'],
  PrepareCommit: ['Ongoing'],
  PrepareAbort: ['Ongoing', 'PrepareEpochFence'],
  CompleteCommit: ['PrepareCommit'],
  CompleteAbort: ['PrepareAbort'],
  Dead: ['Empty', 'CompleteAbort', 'CompleteCommit'],
  PrepareEpochFence: ['Ongoing'],
};

/** The state's byte in a `__transaction_state` value. */
export function stateByte(state: TransactionState): number {
  return TRANSACTION_STATES.indexOf(state);
}

export function byteToState(byte: number): TransactionState {
  const state = TRANSACTION_STATES[byte];
  if (state === undefined) throw new IllegalStateException(`Unknown transaction state byte ${byte} from the transaction status message`);
  return state;
}

export type TransactionResult = 'COMMIT' | 'ABORT';

/** `TransactionMetadata.isEpochExhausted`: one epoch is kept for the fence that aborts. */
export function isEpochExhausted(producerEpoch: number): boolean {
  return producerEpoch >= SHORT_MAX - 1;
}

/** `TxnTransitMetadata`: what a prepared transition will make the metadata once written. */
export interface TxnTransitMetadata {
  readonly producerId: number;
  readonly lastProducerId: number;
  readonly producerEpoch: number;
  readonly lastProducerEpoch: number;
  readonly txnTimeoutMs: number;
  readonly txnState: TransactionState;
  readonly topicPartitions: readonly TopicPartition[];
  readonly txnStartTimestamp: number;
  readonly txnLastUpdateTimestamp: number;
}

export class TransactionMetadata {
  pendingState: TransactionState | null = null;
  /** Keyed by `topic-partition`. */
  readonly topicPartitions = new Map<string, TopicPartition>();

  constructor(
    readonly transactionalId: string,
    public producerId: number,
    public lastProducerId: number,
    public producerEpoch: number,
    public lastProducerEpoch: number,
    public txnTimeoutMs: number,
    public state: TransactionState,
    partitions: readonly TopicPartition[],
    public txnStartTimestamp: number,
    public txnLastUpdateTimestamp: number,
  ) {
    this.addPartitions(partitions);
  }

  /** A new transactional id (`TransactionCoordinator.handleInitProducerId`): Empty, with no epoch yet. */
  static created(transactionalId: string, producerId: number, txnTimeoutMs: number, nowMs: number): TransactionMetadata {
    return new TransactionMetadata(
      transactionalId,
      producerId,
      NO_PRODUCER_ID,
      NO_PRODUCER_EPOCH,
      NO_PRODUCER_EPOCH,
      txnTimeoutMs,
      'Empty',
      [],
      -1,
      nowMs,
    );
  }

  get partitions(): TopicPartition[] {
    return [...this.topicPartitions.values()];
  }

  get pendingTransitionInProgress(): boolean {
    return this.pendingState !== null;
  }

  get isProducerEpochExhausted(): boolean {
    return isEpochExhausted(this.producerEpoch);
  }

  private get hasPendingTransaction(): boolean {
    return this.state === 'Ongoing' || this.state === 'PrepareAbort' || this.state === 'PrepareCommit';
  }

  addPartitions(partitions: readonly TopicPartition[]): void {
    for (const tp of partitions) this.topicPartitions.set(tpKey(tp), { topic: tp.topic, partition: tp.partition });
  }

  /** A marker was written to the partition (or it is gone): the transaction no longer waits on it. */
  removePartition(tp: TopicPartition): void {
    if (this.state !== 'PrepareCommit' && this.state !== 'PrepareAbort')
      throw new IllegalStateException(
        `Transaction metadata's current state is ${this.state}, and its pending state is ${optionText(this.pendingState)} while trying to remove partitions whose txn marker has been sent, this is not expected`,
      );
    this.topicPartitions.delete(tpKey(tp));
  }

  prepareFenceProducerEpoch(): TxnTransitMetadata {
    if (this.producerEpoch === SHORT_MAX)
      throw new IllegalStateException('Cannot fence producer with epoch equal to Short.MaxValue since this would overflow');
    return this.prepareTransitionTo(
      'PrepareEpochFence',
      this.producerId,
      this.producerEpoch + 1,
      NO_PRODUCER_EPOCH,
      this.txnTimeoutMs,
      this.partitions,
      this.txnStartTimestamp,
      this.txnLastUpdateTimestamp,
    );
  }

  /** InitProducerId on an id with no transaction open: the next epoch (or the same on a retry of the last bump, KIP-360). */
  prepareIncrementProducerEpoch(
    newTxnTimeoutMs: number,
    expectedProducerEpoch: number | null,
    updateTimestamp: number,
  ): { error: ErrorName } | { transit: TxnTransitMetadata } {
    if (this.isProducerEpochExhausted)
      throw new IllegalStateException(`Cannot allocate any more producer epochs for producerId ${this.producerId}`);
    const bumpedEpoch = this.producerEpoch + 1;
    let next: [number, number];
    if (expectedProducerEpoch === null) next = [bumpedEpoch, NO_PRODUCER_EPOCH];
    else if (this.producerEpoch === NO_PRODUCER_EPOCH || expectedProducerEpoch === this.producerEpoch)
      next = [bumpedEpoch, this.producerEpoch];
    else if (expectedProducerEpoch === this.lastProducerEpoch) next = [this.producerEpoch, this.lastProducerEpoch];
    else return { error: 'INVALID_PRODUCER_EPOCH' };
    return { transit: this.prepareTransitionTo('Empty', this.producerId, next[0], next[1], newTxnTimeoutMs, [], -1, updateTimestamp) };
  }

  prepareProducerIdRotation(
    newProducerId: number,
    newTxnTimeoutMs: number,
    updateTimestamp: number,
    recordLastEpoch: boolean,
  ): TxnTransitMetadata {
    if (this.hasPendingTransaction) throw new IllegalStateException('Cannot rotate producer ids while a transaction is still pending');
    return this.prepareTransitionTo(
      'Empty',
      newProducerId,
      0,
      recordLastEpoch ? this.producerEpoch : NO_PRODUCER_EPOCH,
      newTxnTimeoutMs,
      [],
      -1,
      updateTimestamp,
    );
  }

  prepareAddPartitions(added: readonly TopicPartition[], updateTimestamp: number): TxnTransitMetadata {
    const begins = this.state === 'Empty' || this.state === 'CompleteAbort' || this.state === 'CompleteCommit';
    const all = new Map(this.topicPartitions);
    for (const tp of added) all.set(tpKey(tp), tp);
    return this.prepareTransitionTo(
      'Ongoing',
      this.producerId,
      this.producerEpoch,
      this.lastProducerEpoch,
      this.txnTimeoutMs,
      [...all.values()],
      begins ? updateTimestamp : this.txnStartTimestamp,
      updateTimestamp,
    );
  }

  prepareAbortOrCommit(newState: 'PrepareCommit' | 'PrepareAbort', updateTimestamp: number): TxnTransitMetadata {
    return this.prepareTransitionTo(
      newState,
      this.producerId,
      this.producerEpoch,
      this.lastProducerEpoch,
      this.txnTimeoutMs,
      this.partitions,
      this.txnStartTimestamp,
      updateTimestamp,
    );
  }

  prepareComplete(updateTimestamp: number): TxnTransitMetadata {
    const newState = this.state === 'PrepareCommit' ? 'CompleteCommit' : 'CompleteAbort';
    return this.prepareTransitionTo(
      newState,
      this.producerId,
      this.producerEpoch,
      this.lastProducerEpoch,
      this.txnTimeoutMs,
      [],
      this.txnStartTimestamp,
      updateTimestamp,
    );
  }

  prepareDead(): TxnTransitMetadata {
    return this.prepareTransitionTo(
      'Dead',
      this.producerId,
      this.producerEpoch,
      this.lastProducerEpoch,
      this.txnTimeoutMs,
      [],
      this.txnStartTimestamp,
      this.txnLastUpdateTimestamp,
    );
  }

  /** The metadata as it is, as a transit (`prepareNoTransit`). */
  prepareNoTransit(): TxnTransitMetadata {
    return {
      producerId: this.producerId,
      lastProducerId: this.lastProducerId,
      producerEpoch: this.producerEpoch,
      lastProducerEpoch: this.lastProducerEpoch,
      txnTimeoutMs: this.txnTimeoutMs,
      txnState: this.state,
      topicPartitions: this.partitions,
      txnStartTimestamp: this.txnStartTimestamp,
      txnLastUpdateTimestamp: this.txnLastUpdateTimestamp,
    };
  }

  private prepareTransitionTo(
    newState: TransactionState,
    newProducerId: number,
    newEpoch: number,
    newLastEpoch: number,
    newTxnTimeoutMs: number,
    newTopicPartitions: readonly TopicPartition[],
    newTxnStartTimestamp: number,
    updateTimestamp: number,
  ): TxnTransitMetadata {
    if (this.pendingState !== null)
      throw new IllegalStateException(
        `Preparing transaction state transition to ${newState} while it already a pending state ${this.pendingState}`,
      );
    if (newProducerId < 0) throw new IllegalArgumentException(`Illegal new producer id ${newProducerId}`);
    if (newEpoch < 0) throw new IllegalArgumentException(`Illegal new producer epoch ${newEpoch}`);
    if (!VALID_PREVIOUS_STATES[newState].includes(this.state))
      throw new IllegalStateException(
        `Preparing transaction state transition to ${newState} failed since the target state ${newState} is not a valid previous state of the current state ${this.state}`,
      );
    this.pendingState = newState;
    return {
      producerId: newProducerId,
      lastProducerId: this.producerId,
      producerEpoch: newEpoch,
      lastProducerEpoch: newLastEpoch,
      txnTimeoutMs: newTxnTimeoutMs,
      txnState: newState,
      topicPartitions: newTopicPartitions,
      txnStartTimestamp: newTxnStartTimestamp,
      txnLastUpdateTimestamp: updateTimestamp,
    };
  }

  /** The prepared transition was written: it takes effect (`completeTransitionTo`, with 2.5's sanity checks). */
  completeTransitionTo(transit: TxnTransitMetadata): void {
    const toState = this.pendingState;
    if (toState === null)
      throw new IllegalStateException(
        `TransactionalId ${this.transactionalId} completing transaction state transition while it does not have a pending state`,
      );
    if (toState !== transit.txnState) this.throwStateTransitionFailure(transit);
    const samePartitions = (a: readonly TopicPartition[]) =>
      a.length === this.topicPartitions.size && a.every((tp) => this.topicPartitions.has(tpKey(tp)));
    switch (toState) {
      case 'Empty':
        if (
          (this.producerEpoch !== transit.producerEpoch && !this.validProducerEpochBump(transit)) ||
          transit.topicPartitions.length > 0 ||
          transit.txnStartTimestamp !== -1
        )
          this.throwStateTransitionFailure(transit);
        this.txnTimeoutMs = transit.txnTimeoutMs;
        this.producerEpoch = transit.producerEpoch;
        this.lastProducerEpoch = transit.lastProducerEpoch;
        this.producerId = transit.producerId;
        this.lastProducerId = transit.lastProducerId;
        break;
      case 'Ongoing': {
        const keys = new Set(transit.topicPartitions.map(tpKey));
        if (
          !this.validProducerEpoch(transit) ||
          ![...this.topicPartitions.keys()].every((k) => keys.has(k)) ||
          this.txnTimeoutMs !== transit.txnTimeoutMs
        )
          this.throwStateTransitionFailure(transit);
        this.txnStartTimestamp = transit.txnStartTimestamp;
        this.addPartitions(transit.topicPartitions);
        break;
      }
      case 'PrepareAbort':
      case 'PrepareCommit':
        if (
          !this.validProducerEpoch(transit) ||
          !samePartitions(transit.topicPartitions) ||
          this.txnTimeoutMs !== transit.txnTimeoutMs ||
          this.txnStartTimestamp !== transit.txnStartTimestamp
        )
          this.throwStateTransitionFailure(transit);
        break;
      case 'CompleteAbort':
      case 'CompleteCommit':
        if (!this.validProducerEpoch(transit) || this.txnTimeoutMs !== transit.txnTimeoutMs || transit.txnStartTimestamp === -1)
          this.throwStateTransitionFailure(transit);
        this.txnStartTimestamp = transit.txnStartTimestamp;
        this.topicPartitions.clear();
        break;
      case 'PrepareEpochFence':
        this.throwStateTransitionFailure(transit);
        break;
      case 'Dead':
        throw new IllegalStateException(
          `TransactionalId ${this.transactionalId} is trying to complete a transition to ${toState}. This means that the transactionalId was being expired, and the only acceptable completion of this operation is to remove the transaction metadata from the cache, not to persist the ${toState} in the log.`,
        );
    }
    this.txnLastUpdateTimestamp = transit.txnLastUpdateTimestamp;
    this.pendingState = null;
    this.state = toState;
  }

  private validProducerEpoch(transit: TxnTransitMetadata): boolean {
    return transit.producerEpoch === this.producerEpoch && transit.producerId === this.producerId;
  }

  private validProducerEpochBump(transit: TxnTransitMetadata): boolean {
    return transit.producerEpoch === this.producerEpoch + 1 || (transit.producerEpoch === 0 && transit.producerId !== this.producerId);
  }

  private throwStateTransitionFailure(transit: TxnTransitMetadata): never {
    throw new IllegalStateException(
      `TransactionalId ${this.transactionalId} failed transition to state ${transitText(transit)} due to unexpected metadata`,
    );
  }

  toString(): string {
    return `TransactionMetadata(transactionalId=${this.transactionalId}, producerId=${this.producerId}, producerEpoch=${this.producerEpoch}, txnTimeoutMs=${this.txnTimeoutMs}, state=${this.state}, pendingState=${optionText(this.pendingState)}, topicPartitions=${setText(this.partitions)}, txnStartTimestamp=${this.txnStartTimestamp}, txnLastUpdateTimestamp=${this.txnLastUpdateTimestamp})`;
  }
}

function optionText(value: string | null): string {
  return value === null ? 'None' : `Some(${value})`;
}

function setText(partitions: readonly TopicPartition[]): string {
  return `Set(${partitions.map(tpKey).join(', ')})`;
}

export function transitText(t: TxnTransitMetadata): string {
  return `TxnTransitMetadata(producerId=${t.producerId}, lastProducerId=${t.lastProducerId}, producerEpoch=${t.producerEpoch}, lastProducerEpoch=${t.lastProducerEpoch}, txnTimeoutMs=${t.txnTimeoutMs}, txnState=${t.txnState}, topicPartitions=${setText(t.topicPartitions)}, txnStartTimestamp=${t.txnStartTimestamp}, txnLastUpdateTimestamp=${t.txnLastUpdateTimestamp})`;
}
