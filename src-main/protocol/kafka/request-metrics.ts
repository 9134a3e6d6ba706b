/**
 * Kafka 2.5.1's `kafka.network.RequestMetrics` and the `RequestChannel` gauges, in one broker's
 * Yammer registry:
 *
 *   kafka.network:type=RequestMetrics,name=RequestsPerSec,request=<api>,version=<v>   meter, made at first use
 *   kafka.network:type=RequestMetrics,name=<RequestQueueTimeMs|LocalTimeMs|RemoteTimeMs|ThrottleTimeMs|
 *     ResponseQueueTimeMs|ResponseSendTimeMs|TotalTimeMs|RequestBytes>,request=<api>  biased histograms, made with the channel
 *   kafka.network:type=RequestMetrics,name=<MessageConversionsTimeMs|TemporaryMemoryBytes>,request=<Produce|Fetch>
 *     biased histograms of Produce and Fetch only: the time converting records between message
 *     formats and the memory that took (KafkaApis' `updateRecordConversionStats`), 0 when none
 *   kafka.network:type=RequestMetrics,name=ErrorsPerSec,request=<api>,error=<ERROR>   meter, made at first use
 *   kafka.network:type=RequestChannel,name=RequestQueueSize | ResponseQueueSize        gauges
 *
 * For every API key and for FetchConsumer / FetchFollower, as `RequestChannel.Metrics` makes them
 * (a Fetch is counted both under Fetch and under the one of the two its replica id says).
 *
 * The times are a request's phases on the broker's clock (`updateRequestMetrics`): queue (received
 * → a handler takes it), local (→ the handler's own work is done), remote (→ what it waited for —
 * the ISR's acknowledgement, a fetch's min bytes — arrived), throttle, response queue (→ the network
 * side takes the response), send (→ written), total. Nothing here queues for a thread — every
 * request is handled as its connection delivers it and every response written as it is made — so
 * the two queue times and the queue sizes are 0, as on an idle broker.
 */
import type { Clock } from '../../core/platform/clock';
import type { Histogram } from '../../core/metrics/histogram';
import type { Meter } from '../../core/metrics/meter';
import type { MetricsRegistry } from '../../core/metrics/metrics-registry';
import { API_KEY_NAMES } from './api-keys';

const GROUP = 'kafka.network';
const TYPE = 'RequestMetrics';
export const CONSUMER_FETCH_METRIC_NAME = 'FetchConsumer';
export const FOLLOW_FETCH_METRIC_NAME = 'FetchFollower';
const FETCH_KEY = 1;
/** `messageConversionsTimeHist` / `tempMemoryBytesHist` exist for these names only. */
const CONVERTING_API_NAMES: ReadonlySet<string> = new Set(['Produce', 'Fetch']);

/** One API's (or FetchConsumer's / FetchFollower's) metrics: `class RequestMetrics(name)`. */
export class RequestMetrics {
  readonly requestQueueTimeHist: Histogram;
  readonly localTimeHist: Histogram;
  readonly remoteTimeHist: Histogram;
  readonly throttleTimeHist: Histogram;
  readonly responseQueueTimeHist: Histogram;
  readonly responseSendTimeHist: Histogram;
  readonly totalTimeHist: Histogram;
  readonly requestBytesHist: Histogram;
  /** Produce and Fetch only. */
  readonly messageConversionsTimeHist: Histogram | null;
  readonly tempMemoryBytesHist: Histogram | null;
  private readonly tags: ReadonlyArray<readonly [string, string]>;
  private readonly requestRates = new Map<number, Meter>();
  private readonly errorMeters = new Map<string, Meter>();

  constructor(
    private readonly registry: MetricsRegistry,
    readonly name: string,
  ) {
    this.tags = [['request', name]];
    const histogram = (metric: string) => registry.newHistogram(GROUP, TYPE, metric, this.tags);
    this.requestQueueTimeHist = histogram('RequestQueueTimeMs');
    this.localTimeHist = histogram('LocalTimeMs');
    this.remoteTimeHist = histogram('RemoteTimeMs');
    this.throttleTimeHist = histogram('ThrottleTimeMs');
    this.responseQueueTimeHist = histogram('ResponseQueueTimeMs');
    this.responseSendTimeHist = histogram('ResponseSendTimeMs');
    this.totalTimeHist = histogram('TotalTimeMs');
    this.requestBytesHist = histogram('RequestBytes');
    const converts = CONVERTING_API_NAMES.has(name);
    this.messageConversionsTimeHist = converts ? histogram('MessageConversionsTimeMs') : null;
    this.tempMemoryBytesHist = converts ? histogram('TemporaryMemoryBytes') : null;
  }

  /** Kafka's `requestRateInternal` pool: one meter per version, made at its first request. */
  requestRate(version: number): Meter {
    let meter = this.requestRates.get(version);
    if (meter === undefined) {
      meter = this.registry.newMeter(GROUP, TYPE, 'RequestsPerSec', 'requests', [...this.tags, ['version', String(version)]]);
      this.requestRates.set(version, meter);
    }
    return meter;
  }

  /** `ErrorMeter.getOrCreateMeter`: one meter per error, made the first time it is marked. */
  markErrorMeter(error: string, count: number): void {
    let meter = this.errorMeters.get(error);
    if (meter === undefined) {
      meter = this.registry.newMeter(GROUP, TYPE, 'ErrorsPerSec', 'requests', [
        ['request', this.name],
        ['error', error],
      ]);
      this.errorMeters.set(error, meter);
    }
    meter.mark(count);
  }
}

/** `RequestChannel.Metrics` with the channel's two queue gauges, for one broker incarnation. */
export class RequestChannelMetrics {
  private readonly byName = new Map<string, RequestMetrics>();

  constructor(registry: MetricsRegistry) {
    const names = [...Object.values(API_KEY_NAMES), CONSUMER_FETCH_METRIC_NAME, FOLLOW_FETCH_METRIC_NAME];
    for (const name of names) this.byName.set(name, new RequestMetrics(registry, name));
    // Nothing waits for a handler or for the network side (see above).
    registry.newGauge('kafka.network', 'RequestChannel', 'RequestQueueSize', () => 0);
    registry.newGauge('kafka.network', 'RequestChannel', 'ResponseQueueSize', () => 0);
  }

  metrics(name: string): RequestMetrics | undefined {
    return this.byName.get(name);
  }

  /** `updateErrorMetrics`: every error the response carries, NONE too. */
  updateErrorMetrics(apiKey: number, errors: ReadonlyMap<string, number>): void {
    const m = this.byName.get(API_KEY_NAMES[apiKey] ?? '');
    if (m === undefined) return;
    for (const [error, count] of errors) m.markErrorMeter(error, count);
  }
}

const channels = new WeakMap<MetricsRegistry, RequestChannelMetrics>();

/** The channel metrics of a registry, made (with every histogram) the first time it is asked for. */
export function requestChannelMetrics(registry: MetricsRegistry): RequestChannelMetrics {
  let channel = channels.get(registry);
  if (channel === undefined) {
    channel = new RequestChannelMetrics(registry);
    channels.set(registry, channel);
  }
  return channel;
}

/** A phase's duration as `nanosToMs` then `Math.round` give it: never negative. */
function phaseMs(fromMs: number, toMs: number): number {
  return Math.round(Math.max(toMs - fromMs, 0));
}

/**
 * One request's timestamps (`RequestChannel.Request`'s `…TimeNanos`, in ms on the broker's clock),
 * set as it goes through the broker; -1 until reached. `complete` records them.
 */
export class RequestTimes {
  apiLocalCompleteMs = -1;
  apiRemoteCompleteMs = -1;
  responseCompleteMs = -1;
  responseDequeueMs = -1;
  /** `messageConversionsTimeNanos` (in ms) and `temporaryMemoryBytes`, set by a Produce or Fetch that converted records. */
  messageConversionsTimeMs = 0;
  temporaryMemoryBytes = 0;

  constructor(
    private readonly clock: Clock,
    /** When the request was read off its connection; a handler takes it at once. */
    readonly startMs: number,
  ) {}

  get requestDequeueMs(): number {
    return this.startMs;
  }

  /** The handler's own work is done; what remains is waiting (the purgatory). */
  markApiLocalComplete(): void {
    this.apiLocalCompleteMs = this.clock.nowMs();
  }

  /** What the handler waited for arrived (only after `markApiLocalComplete`). */
  markApiRemoteComplete(): void {
    if (this.apiLocalCompleteMs >= 0) this.apiRemoteCompleteMs = this.clock.nowMs();
  }

  /** The response is made (`Response`'s constructor). */
  markResponseComplete(): void {
    this.responseCompleteMs = this.clock.nowMs();
    if (this.apiLocalCompleteMs < 0) this.apiLocalCompleteMs = this.responseCompleteMs;
  }

  /** The network side took the response (or the no-response of acks=0). */
  markResponseDequeued(): void {
    this.responseDequeueMs = this.clock.nowMs();
  }

  /**
   * `updateRequestMetrics` when the send completed: the request's rate under its version and
   * every phase, under its API's name and — for a Fetch — FetchConsumer or FetchFollower first.
   */
  complete(
    channel: RequestChannelMetrics,
    request: { readonly apiKey: number; readonly apiVersion: number; readonly sizeOfBodyInBytes: number; readonly isFromFollower: boolean },
  ): void {
    const endMs = this.clock.nowMs();
    if (this.responseCompleteMs < 0) this.markResponseComplete();
    if (this.responseDequeueMs < 0) this.responseDequeueMs = endMs;
    if (this.apiRemoteCompleteMs < 0) this.apiRemoteCompleteMs = this.responseCompleteMs;
    const name = API_KEY_NAMES[request.apiKey];
    if (name === undefined) return;
    const names =
      request.apiKey === FETCH_KEY ? [request.isFromFollower ? FOLLOW_FETCH_METRIC_NAME : CONSUMER_FETCH_METRIC_NAME, name] : [name];
    for (const metricName of names) {
      const m = channel.metrics(metricName);
      if (m === undefined) continue;
      m.requestRate(request.apiVersion).mark();
      m.requestQueueTimeHist.update(phaseMs(this.startMs, this.requestDequeueMs));
      m.localTimeHist.update(phaseMs(this.requestDequeueMs, this.apiLocalCompleteMs));
      m.remoteTimeHist.update(phaseMs(this.apiLocalCompleteMs, this.apiRemoteCompleteMs));
      m.throttleTimeHist.update(phaseMs(this.apiRemoteCompleteMs, this.responseCompleteMs));
      m.responseQueueTimeHist.update(phaseMs(this.responseCompleteMs, this.responseDequeueMs));
      m.responseSendTimeHist.update(phaseMs(this.responseDequeueMs, endMs));
      m.totalTimeHist.update(phaseMs(this.startMs, endMs));
      m.requestBytesHist.update(request.sizeOfBodyInBytes);
      m.messageConversionsTimeHist?.update(Math.round(this.messageConversionsTimeMs));
      m.tempMemoryBytesHist?.update(this.temporaryMemoryBytes);
    }
  }
}
