import type { ControllerEvent, ControllerStateName } from './controller-events';
import { controllerStateOf } from './controller-events';
import type { Clock } from '../platform/clock';

/** What the manager times (Kafka's `EventQueueTimeMs` and `<State>RateAndTimeMs`), on the cluster clock. */
export interface EventManagerTimings {
  readonly clock: Clock;
  eventDequeued(queueTimeMs: number): void;
  eventProcessed(state: ControllerStateName, durationMs: number): void;
}

/** Events the manager reports, for the event log. */
export type EventManagerNotice =
  | { kind: 'event-started'; event: ControllerEvent; state: ControllerStateName }
  | { kind: 'event-finished'; event: ControllerEvent; state: ControllerStateName }
  | { kind: 'event-failed'; event: ControllerEvent; error: unknown }
  | { kind: 'event-preempted'; event: ControllerEvent };

/**
 * Kafka's `ControllerEventManager`: one queue, events processed one at a time in order (the next
 * starts only when the previous, with all its ZooKeeper calls, is done). `clearAndPut` drops what is
 * queued, preempting events that wait for an answer (session expiry, shutdown).
 */
export class ControllerEventManager {
  private readonly queue: ControllerEvent[] = [];
  /** When each queued event was put (Kafka's `QueuedEvent.enqueueTimeMs`). */
  private readonly enqueueTimeMs = new Map<ControllerEvent, number>();
  private running = false;
  private stopped = false;
  private current: ControllerStateName = 'Idle';
  private idleWaiters: Array<() => void> = [];
  /** Who waits for one queued event to be taken and processed (Kafka's `QueuedEvent.awaitProcessing`). */
  private readonly processedWaiters = new Map<ControllerEvent, Array<() => void>>();

  constructor(
    private readonly process: (event: ControllerEvent) => Promise<void>,
    private readonly preempt: (event: ControllerEvent) => void,
    private readonly notice: (n: EventManagerNotice) => void,
    private readonly timings: EventManagerTimings | null = null,
  ) {}

  get state(): ControllerStateName {
    return this.current;
  }

  get queueSize(): number {
    return this.queue.length;
  }

  get isIdle(): boolean {
    return !this.running && this.queue.length === 0;
  }

  put(event: ControllerEvent): void {
    if (this.stopped) {
      this.preempt(event);
      return;
    }
    this.queue.push(event);
    if (this.timings) this.enqueueTimeMs.set(event, this.timings.clock.nowMs());
    this.drain();
  }

  /**
   * Preempts what is queued, then queues `event`. Resolves once the event has been processed (or
   * dropped because the manager was closed), as Kafka's `clearAndPut(...).awaitProcessing()`.
   */
  clearAndPut(event: ControllerEvent): Promise<void> {
    this.enqueueTimeMs.clear();
    for (const queued of this.queue.splice(0)) {
      this.notice({ kind: 'event-preempted', event: queued });
      this.preempt(queued);
      this.processed(queued);
    }
    if (this.stopped) {
      this.preempt(event);
      return Promise.resolve();
    }
    const done = new Promise<void>((resolve) => this.processedWaiters.set(event, [...(this.processedWaiters.get(event) ?? []), resolve]));
    this.put(event);
    return done;
  }

  /** Stops taking events (the broker's process is gone); queued ones are preempted. */
  close(): void {
    this.stopped = true;
    this.enqueueTimeMs.clear();
    for (const queued of this.queue.splice(0)) {
      this.preempt(queued);
      this.processed(queued);
    }
  }

  whenIdle(): Promise<void> {
    if (this.isIdle) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private processed(event: ControllerEvent): void {
    const waiters = this.processedWaiters.get(event);
    if (!waiters) return;
    this.processedWaiters.delete(event);
    for (const w of waiters) w();
  }

  private drain(): void {
    if (this.running) return;
    const event = this.queue.shift();
    if (!event) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
      return;
    }
    this.running = true;
    const state = controllerStateOf(event);
    this.current = state;
    const startMs = this.timings?.clock.nowMs() ?? 0;
    const enqueuedMs = this.enqueueTimeMs.get(event);
    this.enqueueTimeMs.delete(event);
    if (this.timings && enqueuedMs !== undefined) this.timings.eventDequeued(startMs - enqueuedMs);
    this.notice({ kind: 'event-started', event, state });
    this.process(event)
      .then(
        () => {
          this.timings?.eventProcessed(state, this.timings.clock.nowMs() - startMs);
          this.notice({ kind: 'event-finished', event, state });
        },
        (error: unknown) => this.notice({ kind: 'event-failed', event, error }),
      )
      .finally(() => {
        this.running = false;
        this.processed(event);
        this.current = 'Idle';
        if (!this.stopped) this.drain();
        else {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          for (const w of waiters) w();
        }
      });
  }
}
