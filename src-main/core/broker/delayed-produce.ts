/**
 * Kafka's produce purgatory (`DelayedProduce`): an acks=−1 append waits until the high watermark
 * passes its last offset (every ISR member has it), the leader moves away (NOT_LEADER_FOR_PARTITION),
 * or `timeoutMs` passes (REQUEST_TIMED_OUT). Checked whenever a partition's high watermark, ISR or
 * leadership changes.
 */
import type { TopicPartition } from '../common/topic-partition';
import { TopicPartitionMap } from '../common/topic-partition';
import type { ScheduledTask, Time } from '../platform/scheduler';

export type DelayedProduceError = 'NONE' | 'NOT_ENOUGH_REPLICAS_AFTER_APPEND' | 'NOT_LEADER_FOR_PARTITION' | 'REQUEST_TIMED_OUT';

interface Waiter {
  readonly requiredOffset: number;
  readonly resolve: (error: DelayedProduceError) => void;
  timer: ScheduledTask | null;
}

export class ProducePurgatory {
  private readonly waiters = new TopicPartitionMap<Waiter[]>();

  constructor(
    private readonly time: Time,
    /** `checkEnoughReplicasReachOffset` of the partition, if this broker still hosts it. */
    private readonly check: (tp: TopicPartition, requiredOffset: number) => { done: boolean; error: DelayedProduceError },
  ) {}

  /** Waits for `requiredOffset` (last offset + 1) to be replicated; resolves with the partition's error. */
  watch(tp: TopicPartition, requiredOffset: number, timeoutMs: number): Promise<DelayedProduceError> {
    const first = this.check(tp, requiredOffset);
    if (first.done || first.error !== 'NONE') return Promise.resolve(first.error);
    return new Promise((resolve) => {
      const waiter: Waiter = { requiredOffset, resolve, timer: null };
      waiter.timer = this.time.schedule('delayed-produce-expiration', timeoutMs, () => {
        this.remove(tp, waiter);
        resolve('REQUEST_TIMED_OUT');
      });
      const list = this.waiters.get(tp) ?? [];
      list.push(waiter);
      this.waiters.set(tp, list);
    });
  }

  /** `tryCompleteDelayedRequests` for one partition. */
  tryComplete(tp: TopicPartition): void {
    const list = this.waiters.get(tp);
    if (!list) return;
    for (const waiter of [...list]) {
      const result = this.check(tp, waiter.requiredOffset);
      if (!result.done && result.error === 'NONE') continue;
      this.remove(tp, waiter);
      waiter.resolve(result.error);
    }
  }

  /** Every waiting append completes now (leadership lost, broker stopping). */
  completeAll(error: DelayedProduceError): void {
    for (const [tp, list] of [...this.waiters]) {
      for (const waiter of [...list]) {
        this.remove(tp, waiter);
        waiter.resolve(error);
      }
    }
  }

  get size(): number {
    let n = 0;
    for (const list of this.waiters.values()) n += list.length;
    return n;
  }

  private remove(tp: TopicPartition, waiter: Waiter): void {
    if (waiter.timer) this.time.cancel(waiter.timer);
    waiter.timer = null;
    const list = this.waiters.get(tp);
    if (!list) return;
    const i = list.indexOf(waiter);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.waiters.delete(tp);
  }
}
