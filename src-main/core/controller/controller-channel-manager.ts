import type { Executor } from '../platform/executor';
import { microtaskExecutor } from '../platform/executor';
import type { Time } from '../platform/scheduler';
import type { ControllerRequest, ControllerRequestHandler, ControllerResponse } from './broker-requests';
import type { ChannelFaults } from './channel-faults';

/** How the channel finds a broker's request handler; undefined while the broker is down. */
export type BrokerResolver = (brokerId: number) => ControllerRequestHandler | undefined;

export type ChannelEvent =
  | { kind: 'request-sent'; brokerId: number; request: ControllerRequest }
  | { kind: 'response-received'; brokerId: number; request: ControllerRequest; response: ControllerResponse }
  | { kind: 'request-dropped'; brokerId: number; request: ControllerRequest };

interface QueueItem {
  request: ControllerRequest;
  callback?: (response: ControllerResponse) => void;
}

/** Kafka retries a broker it cannot reach every `reconnect.backoff.ms`-ish; 100 ms as its NetworkClient. */
const RETRY_BACKOFF_MS = 100;

/**
 * One request queue and one sender per broker (Kafka's `ControllerChannelManager` with its
 * `RequestSendThread`s): requests to a broker go one at a time, in order; the next waits for the
 * previous response. A broker that is down is retried until it is removed from the channel.
 */
class BrokerChannel {
  private readonly queue: QueueItem[] = [];
  private busy = false;
  private stopped = false;
  /** A retry backoff or a delay fault is pending: only the clock moves this channel on. */
  private waitingForTimer = false;

  constructor(
    private readonly brokerId: number,
    private readonly time: Time,
    private readonly resolve: BrokerResolver,
    private readonly faults: ChannelFaults,
    private readonly onEvent: (e: ChannelEvent) => void,
    private readonly executor: Executor,
  ) {}

  enqueue(item: QueueItem): void {
    this.queue.push(item);
    this.pump();
  }

  /** The link may have been restored: try again. */
  poke(): void {
    this.pump();
  }

  stop(): void {
    this.stopped = true;
    this.queue.length = 0;
  }

  get pendingCount(): number {
    return this.queue.length + (this.busy ? 1 : 0);
  }

  /**
   * Requests that go through without the clock moving or the link changing: none while a cut link
   * holds them or a timer (retry backoff, delay fault) is awaited. What "the cluster is idle" waits for.
   */
  get progressingCount(): number {
    if (this.stopped || this.waitingForTimer) return 0;
    if (!this.busy && this.faults.get(this.brokerId)?.kind === 'cut') return 0;
    return this.pendingCount;
  }

  private pump(): void {
    if (this.busy || this.stopped || this.queue.length === 0) return;
    const fault = this.faults.get(this.brokerId);
    if (fault?.kind === 'cut') return;
    this.waitingForTimer = false;
    const handler = this.resolve(this.brokerId);
    this.busy = true;
    if (!handler) {
      this.waitingForTimer = true;
      this.time.schedule(`controller-send-retry-${this.brokerId}`, RETRY_BACKOFF_MS, () => {
        this.waitingForTimer = false;
        this.busy = false;
        this.pump();
      });
      return;
    }
    const item = this.queue.shift() as QueueItem;
    if (fault?.kind === 'drop') {
      this.onEvent({ kind: 'request-dropped', brokerId: this.brokerId, request: item.request });
      this.busy = false;
      this.pump();
      return;
    }
    this.onEvent({ kind: 'request-sent', brokerId: this.brokerId, request: item.request });
    const deliver = (): void => {
      handler.handleControllerRequest(item.request).then(
        (response) => {
          this.busy = false;
          if (this.stopped) return;
          this.onEvent({ kind: 'response-received', brokerId: this.brokerId, request: item.request, response });
          item.callback?.(response);
          this.pump();
        },
        () => {
          // The broker died while handling it: Kafka would resend once it can reach the broker again.
          if (this.stopped) {
            this.busy = false;
            return;
          }
          this.queue.unshift(item);
          this.waitingForTimer = true;
          // Still busy during the backoff, as when the broker cannot be reached: a request enqueued
          // meanwhile must not start a second attempt whose own retry this timer would then cut short
          // (it cleared `waitingForTimer` under that attempt, and the channel looked busy for ever).
          this.time.schedule(`controller-send-retry-${this.brokerId}`, RETRY_BACKOFF_MS, () => {
            this.waitingForTimer = false;
            this.busy = false;
            this.pump();
          });
        },
      );
    };
    if (fault?.kind === 'delay') {
      this.waitingForTimer = true;
      this.time.schedule(`controller-send-delay-${this.brokerId}`, fault.delayMs, () => {
        this.waitingForTimer = false;
        deliver();
      });
    } else {
      // The broker handles the request on a later turn, as a request crossing the network would.
      this.executor.execute(deliver);
    }
  }
}

export class ControllerChannelManager {
  private readonly channels = new Map<number, BrokerChannel>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly time: Time,
    private readonly resolve: BrokerResolver,
    private readonly faults: ChannelFaults,
    private readonly onEvent: (e: ChannelEvent) => void,
    private readonly executor: Executor = microtaskExecutor,
  ) {
    this.unsubscribe = faults.onChange((brokerId) => this.channels.get(brokerId)?.poke());
  }

  startup(brokerIds: Iterable<number>): void {
    for (const id of brokerIds) this.addBroker(id);
  }

  addBroker(brokerId: number): void {
    if (!this.channels.has(brokerId))
      this.channels.set(brokerId, new BrokerChannel(brokerId, this.time, this.resolve, this.faults, this.onEvent, this.executor));
  }

  removeBroker(brokerId: number): void {
    this.channels.get(brokerId)?.stop();
    this.channels.delete(brokerId);
  }

  sendRequest(brokerId: number, request: ControllerRequest, callback?: (response: ControllerResponse) => void): void {
    const channel = this.channels.get(brokerId);
    // Kafka logs and drops requests for brokers it has no channel to.
    if (!channel) return;
    channel.enqueue({ request, callback });
  }

  get pendingRequestCount(): number {
    let n = 0;
    for (const c of this.channels.values()) n += c.pendingCount;
    return n;
  }

  /** Requests that will be answered without the clock moving or a link fault changing. */
  get progressingRequestCount(): number {
    let n = 0;
    for (const c of this.channels.values()) n += c.progressingCount;
    return n;
  }

  shutdown(): void {
    for (const c of this.channels.values()) c.stop();
    this.channels.clear();
    this.unsubscribe();
  }
}
