/**
 * Kafka's delete records purgatory (`DelayedDeleteRecords`): a DeleteRecords whose leader moved its
 * log start offset waits until every partition's low watermark (the smallest log start offset of the
 * leader and its live followers) reaches the offset asked for, the partition fails (not leader any
 * more, offline, gone), or `timeoutMs` passes — then partitions still pending answer
 * REQUEST_TIMED_OUT. One operation spans every partition of the request and completes as a whole.
 */
import type { ErrorName } from '../common/kafka-errors';
import type { TopicPartition } from '../common/topic-partition';
import { tpKey } from '../common/topic-partition';
import type { ScheduledTask, Time } from '../platform/scheduler';

/** `DeleteRecordsResponse.INVALID_LOW_WATERMARK`. */
export const INVALID_LOW_WATERMARK = -1;

/** One partition's part of a DeleteRecordsResponse. */
export interface DeleteRecordsPartitionResult {
  readonly topicPartition: TopicPartition;
  lowWatermark: number;
  error: ErrorName;
}

/** `DeleteRecordsPartitionStatus`: the offset asked for and the answer so far. */
export interface DeleteRecordsPartitionStatus {
  readonly requiredOffset: number;
  readonly result: DeleteRecordsPartitionResult;
  acksPending: boolean;
}

/** What `tryComplete` reads of a partition on this broker: its leader's low watermark, or why there is none. */
export type LowWatermarkCheck = { readonly lowWatermark: number } | { readonly error: ErrorName };

interface Operation {
  readonly statuses: readonly DeleteRecordsPartitionStatus[];
  readonly resolve: () => void;
  timer: ScheduledTask | null;
}

export class DeleteRecordsPurgatory {
  private readonly operations = new Set<Operation>();

  constructor(
    private readonly time: Time,
    private readonly lowWatermarkOf: (tp: TopicPartition) => LowWatermarkCheck,
  ) {}

  /**
   * `tryCompleteElseWatch`: partitions answered without error start as REQUEST_TIMED_OUT, cleared
   * when their low watermark arrives. Resolves once every partition is settled or on expiry.
   */
  watch(statuses: readonly DeleteRecordsPartitionStatus[], timeoutMs: number): Promise<void> {
    for (const status of statuses) {
      status.acksPending = status.result.error === 'NONE';
      if (status.acksPending) status.result.error = 'REQUEST_TIMED_OUT';
    }
    return new Promise((resolve) => {
      const op: Operation = { statuses, resolve, timer: null };
      if (this.tryCompleteOperation(op)) return;
      this.operations.add(op);
      op.timer = this.time.schedule('delayed-delete-records-expiration', timeoutMs, () => this.complete(op));
    });
  }

  /** `tryCompleteDelayedRequests` for one partition: the operations watching it look again. */
  tryComplete(tp: TopicPartition): void {
    const key = tpKey(tp);
    for (const op of [...this.operations]) {
      if (op.statuses.some((s) => tpKey(s.result.topicPartition) === key) && this.tryCompleteOperation(op)) this.complete(op);
    }
  }

  /** Every waiting operation answers now with what it has (the broker is stopping). */
  completeAll(): void {
    for (const op of [...this.operations]) this.complete(op);
  }

  get size(): number {
    return this.operations.size;
  }

  /** `DelayedDeleteRecords.tryComplete`: true when no partition is still pending. */
  private tryCompleteOperation(op: Operation): boolean {
    for (const status of op.statuses) {
      if (!status.acksPending) continue;
      const check = this.lowWatermarkOf(status.result.topicPartition);
      if ('error' in check) {
        status.acksPending = false;
        status.result.error = check.error;
        status.result.lowWatermark = INVALID_LOW_WATERMARK;
      } else if (check.lowWatermark >= status.requiredOffset) {
        status.acksPending = false;
        status.result.error = 'NONE';
        status.result.lowWatermark = check.lowWatermark;
      }
    }
    if (op.statuses.some((s) => s.acksPending)) return false;
    op.resolve();
    return true;
  }

  private complete(op: Operation): void {
    if (op.timer) this.time.cancel(op.timer);
    op.timer = null;
    this.operations.delete(op);
    op.resolve();
  }
}
