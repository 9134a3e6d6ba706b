/**
 * One broker's request handling (Kafka's `KafkaApis` behind its `RequestChannel`): reads the
 * request header, answers ApiVersions of an unsupported version the way Kafka does, decodes the
 * body with the API's grammar, runs the handler and encodes the response after response header v0
 * (v1 for a flexible version).
 *
 * What Kafka answers by closing the connection (an unknown API key, an unsupported version of any
 * API but ApiVersions, a body that does not parse) throws `CloseConnection`; the socket server
 * then closes that connection and only that one.
 *
 * Client quotas (KIP-219, as 2.5.1): Produce and Fetch apply theirs in their handlers; every other
 * response gets the Request quota's throttle time in its `throttle_time_ms` (where the version has
 * it) and the channel is muted for that long after the response is sent.
 */
import { Errors } from '../../core/common/kafka-errors';
import type { Clock } from '../../core/platform/clock';
import { ANONYMOUS_USER } from '../../core/server/quota/quota-entity';
import type { ClientSession, ThrottledChannelCallback } from '../../core/server/quota/client-quota-manager';
import type { QuotaManagers } from '../../core/server/quota/quota-managers';
import { throttleRequest, UNMUTABLE_CHANNEL } from '../../core/server/quota/request-throttling';
import { API_KEY_NAMES } from './api-keys';
import { API_VERSIONS, isValidApiVersionsRequest } from './messages/api-versions';
import { FETCH } from './messages/fetch';
import { PRODUCE } from './messages/produce';
import { isFlexible, type ApiMessages } from './messages/api-message';
import { clientInformation, NO_CHANNEL_METADATA, type ChannelMetadataRegistry } from './client-information';
import { readRequestHeader, type RequestHeader } from './request-header';
import { RequestTimes, type RequestChannelMetrics } from './request-metrics';
import { responseErrorCounts } from './response-error-counts';
import { ByteReader, ProtocolParseError } from './wire/byte-reader';
import { ByteWriter } from './wire/byte-writer';
import { readMessage, skipTaggedFields, writeMessage, type Field, type MessageOf } from './wire/schema';
import { errorMessage } from '../../core/common/throwable';

export class CloseConnection extends Error {
  override readonly name = 'CloseConnection';
}

export interface RequestContext {
  readonly header: RequestHeader;
  /** The listener the request came in on, as the broker advertises it. */
  readonly listener: { readonly host: string; readonly port: number };
  /** `host:port` of the client. */
  readonly clientAddress: string;
  /** The client as the quotas see it: user `ANONYMOUS` (no authentication) and the header's client id. */
  readonly session: ClientSession;
  /** Mutes the connection while the client is throttled. */
  readonly channel: ThrottledChannelCallback;
  /** Where the connection keeps the client software its ApiVersions request names (KIP-511). */
  readonly channelMetadata: ChannelMetadataRegistry;
  /** The request's size without its length prefix (header and body), what the Produce quota counts. */
  readonly sizeInBytes: number;
  /** When handling began, on the cluster's clock (the start of Kafka's `requestThreadTime`). */
  readonly receivedMs: number;
  /** The request's phases for RequestMetrics (a handler that waits marks where its local work ended); none without a clock. */
  readonly times?: RequestTimes;
  /**
   * Runs `callback` once the response is sent, before the request's metrics are recorded (Kafka's
   * `onComplete` of `sendResponse`: a fetch's down-conversion is counted once it is written).
   */
  readonly onSendCompleted?: (callback: () => void) => void;
}

/** What the Request quota of a broker's APIs works with. */
export interface KafkaApisQuotas {
  readonly quotaManagers: () => QuotaManagers | null;
  readonly clock: Clock;
  /** The running broker's RequestMetrics (null while it is not running); none: not recorded. */
  readonly requestChannelMetrics?: () => RequestChannelMetrics | null;
}

/**
 * A request handled, its response not yet on the wire: the socket server says when it takes the
 * response and when the send completed, which records the request's metrics.
 */
export interface HandledRequest {
  /** The response frame's bytes, or null for none (Produce with acks=0). */
  readonly response: Buffer | null;
  responseDequeued(): void;
  sendCompleted(): void;
}

/** What a registered API's handler gives back: how to write the response body and the errors it carries. */
interface AnsweredBody {
  readonly write: (writer: ByteWriter) => void;
  readonly errorCounts: ReadonlyMap<string, number>;
}

/** Produce and Fetch weigh the Request quota against their byte quotas themselves. */
const BYTE_QUOTA_API_KEYS: ReadonlySet<number> = new Set([PRODUCE.apiKey, FETCH.apiKey]);

/** LeaderAndIsr, StopReplica, UpdateMetadata, ControlledShutdown: `sendResponseExemptThrottle`, never throttled. */
const EXEMPT_THROTTLE_API_KEYS: ReadonlySet<number> = new Set([4, 5, 6, 7]);

/** Returns the response body, or null for a request Kafka does not answer (Produce with acks=0). */
export type ApiHandler<Request, Response> = (request: Request, context: RequestContext) => Promise<Response | null>;

/**
 * A registered API with its types closed over: reads a request body, and gives back what runs the
 * handler and writes its response body (or null for none).
 */
interface RegisteredApi {
  readonly messages: ApiMessages;
  read(
    reader: ByteReader,
    version: number,
    flexible: boolean,
  ): { readonly isFromFollower: boolean; run(context: RequestContext): Promise<AnsweredBody | null> };
}

export class KafkaApis {
  private readonly apis = new Map<number, RegisteredApi>();

  constructor(private readonly quotas: KafkaApisQuotas | null = null) {
    this.register(API_VERSIONS, async (request, context) => {
      // `KafkaApis.handleApiVersionsRequest`: a v3 request with a malformed software name or version gets INVALID_REQUEST and no keys.
      if (!isValidApiVersionsRequest(request, context.header.apiVersion))
        return { errorCode: Errors.INVALID_REQUEST.code, apiKeys: [], throttleTimeMs: 0 };
      // 2.5.1's Processor records it when the request is valid; before v3 both are empty: `unknown`.
      context.channelMetadata.registerClientInformation(clientInformation(request.clientSoftwareName, request.clientSoftwareVersion));
      return { errorCode: 0, apiKeys: this.supportedVersions(), throttleTimeMs: 0 };
    });
  }

  /** Registers an API's handler: it receives the request its grammar reads and must answer the response its grammar writes. */
  register<Request extends readonly Field[], Response extends readonly Field[]>(
    messages: ApiMessages<Request, Response>,
    handler: NoInfer<ApiHandler<MessageOf<Request>, MessageOf<Response, 'partial'>>>,
  ): void {
    this.apis.set(messages.apiKey, {
      messages,
      read: (reader, version, flexible) => {
        const request = readMessage(reader, messages.request, version, flexible);
        // `FetchRequest.isFromFollower`: a replica id of a broker.
        const isFromFollower = messages.apiKey === FETCH.apiKey && ((request as { replicaId?: number }).replicaId ?? -1) >= 0;
        const run = async (context: RequestContext): Promise<AnsweredBody | null> => {
          const response = await handler(request, context);
          context.times?.markApiRemoteComplete();
          if (response === null) return null;
          const unthrottled = BYTE_QUOTA_API_KEYS.has(messages.apiKey) || EXEMPT_THROTTLE_API_KEYS.has(messages.apiKey);
          const throttleTimeMs = unthrottled ? null : this.requestThrottleTimeMs(context);
          const answered = throttleTimeMs === null ? response : Object.assign({}, response, { throttleTimeMs });
          return {
            write: (writer) => writeMessage(writer, messages.response, version, answered, flexible),
            errorCounts: responseErrorCounts(messages.apiKey, answered as Readonly<Record<string, unknown>>),
          };
        };
        return { isFromFollower, run };
      },
    });
  }

  /** The grammars of every API this broker answers. */
  registered(): ApiMessages[] {
    return [...this.apis.values()].map((a) => a.messages).sort((a, b) => a.apiKey - b.apiKey);
  }

  /** The versions this broker advertises, by key. */
  supportedVersions(): Array<{ apiKey: number; minVersion: number; maxVersion: number }> {
    return [...this.apis.values()]
      .map(({ messages }) => ({ apiKey: messages.apiKey, minVersion: messages.minVersion, maxVersion: messages.maxVersion }))
      .sort((a, b) => a.apiKey - b.apiKey);
  }

  /** `sendResponseMaybeThrottle`'s throttle time, or null when the broker has no quotas (not running). */
  private requestThrottleTimeMs(context: RequestContext): number | null {
    const managers = this.quotas?.quotaManagers() ?? null;
    if (managers === null || this.quotas === null) return null;
    return throttleRequest(managers, context.session, this.quotas.clock.nowMs() - context.receivedMs, context.channel);
  }

  /** Handles one request frame (the bytes after the size); returns the response frame's bytes, or null for none. */
  async handle(
    frame: Buffer,
    listener: RequestContext['listener'],
    clientAddress: string,
    channel: ThrottledChannelCallback = UNMUTABLE_CHANNEL,
    channelMetadata: ChannelMetadataRegistry = NO_CHANNEL_METADATA,
  ): Promise<Buffer | null> {
    const handled = await this.handleRequest(frame, listener, clientAddress, channel, channelMetadata);
    handled.responseDequeued();
    handled.sendCompleted();
    return handled.response;
  }

  /**
   * Handles one request frame as the socket server does: the response, and the two moments of its
   * send still to come (a request that closes the connection throws `CloseConnection` and is not counted, as in Kafka).
   */
  async handleRequest(
    frame: Buffer,
    listener: RequestContext['listener'],
    clientAddress: string,
    channel: ThrottledChannelCallback = UNMUTABLE_CHANNEL,
    channelMetadata: ChannelMetadataRegistry = NO_CHANNEL_METADATA,
  ): Promise<HandledRequest> {
    const clock = this.quotas?.clock ?? null;
    const receivedMs = clock?.nowMs() ?? 0;
    const times = clock === null ? undefined : new RequestTimes(clock, receivedMs);
    const reader = new ByteReader(frame);
    let header: RequestHeader;
    try {
      header = readRequestHeader(reader);
    } catch (error) {
      throw new CloseConnection(
        `Error parsing request header. Our best guess of the apiKey is: ${frame.length >= 2 ? frame.readInt16BE(0) : -1}: ${errorMessage(error)}`,
      );
    }
    const api = this.apis.get(header.apiKey);
    if (!api) {
      const known = API_KEY_NAMES[header.apiKey];
      throw new CloseConnection(known ? `Unsupported API ${known} (key ${header.apiKey})` : `Unknown API key ${header.apiKey}`);
    }
    const { messages } = api;
    if (header.apiVersion < messages.minVersion || header.apiVersion > messages.maxVersion) {
      if (header.apiKey === API_VERSIONS.apiKey) {
        // Kafka does not parse the body and answers in the v0 layout (librdkafka's v3 probe).
        const body = this.unsupportedApiVersionsBody();
        const response = this.frame(header, API_VERSIONS, 0, (writer) => writeMessage(writer, API_VERSIONS.response, 0, body));
        return this.recorded(header, reader.remaining, false, times, response, responseErrorCounts(header.apiKey, body));
      }
      throw new CloseConnection(
        `Unsupported version ${header.apiVersion} of ${messages.name} (supported: ${messages.minVersion}-${messages.maxVersion})`,
      );
    }
    const flexible = isFlexible(messages, header.apiVersion);
    let read: ReturnType<RegisteredApi['read']>;
    let sizeOfBodyInBytes: number;
    try {
      if (flexible) skipTaggedFields(reader); // request header v2
      sizeOfBodyInBytes = reader.remaining;
      read = api.read(reader, header.apiVersion, flexible);
    } catch (error) {
      if (error instanceof ProtocolParseError) {
        throw new CloseConnection(
          `Error getting request for apiKey: ${messages.name}, apiVersion: ${header.apiVersion}, connectionId: ${clientAddress}: ${error.message}`,
        );
      }
      throw error;
    }
    const session: ClientSession = { sanitizedUser: ANONYMOUS_USER, clientId: header.clientId ?? '' };
    const onSendCompleted: Array<() => void> = [];
    const answered = await read.run({
      header,
      listener,
      clientAddress,
      session,
      channel,
      channelMetadata,
      sizeInBytes: frame.length,
      receivedMs,
      times,
      onSendCompleted: (callback) => onSendCompleted.push(callback),
    });
    const response = answered === null ? null : this.frame(header, messages, header.apiVersion, answered.write);
    return this.recorded(header, sizeOfBodyInBytes, read.isFromFollower, times, response, answered?.errorCounts ?? null, onSendCompleted);
  }

  /**
   * The response made (`Response`'s constructor; its errors marked as `sendResponse` does, none for
   * no response), and its metrics recorded into the broker's registry when the send completes.
   */
  private recorded(
    header: RequestHeader,
    sizeOfBodyInBytes: number,
    isFromFollower: boolean,
    times: RequestTimes | undefined,
    response: Buffer | null,
    errorCounts: ReadonlyMap<string, number> | null,
    onSendCompleted: ReadonlyArray<() => void> = [],
  ): HandledRequest {
    const channel = this.quotas?.requestChannelMetrics?.() ?? null;
    let sent = false;
    const completeSend = (): boolean => {
      if (sent) return false;
      sent = true;
      for (const callback of onSendCompleted) callback();
      return true;
    };
    if (times === undefined || channel === null) return { response, responseDequeued: () => {}, sendCompleted: () => void completeSend() };
    times.markResponseComplete();
    if (errorCounts !== null) channel.updateErrorMetrics(header.apiKey, errorCounts);
    const request = { apiKey: header.apiKey, apiVersion: header.apiVersion, sizeOfBodyInBytes, isFromFollower };
    return {
      response,
      responseDequeued: () => times.markResponseDequeued(),
      sendCompleted: () => {
        if (completeSend()) times.complete(channel, request);
      },
    };
  }

  private frame(header: RequestHeader, messages: ApiMessages, version: number, writeBody: (writer: ByteWriter) => void): Buffer {
    const writer = new ByteWriter();
    writer.int32(header.correlationId);
    const flexible = isFlexible(messages, version);
    // Response header v1 for flexible versions, except ApiVersions' (v0 always, so any client can read it).
    if (flexible && messages.apiKey !== API_VERSIONS.apiKey) writer.unsignedVarint(0);
    writeBody(writer);
    return writer.toBuffer();
  }

  /** Kafka 2.4+: error 35 and just ApiVersions' own range, so the client can pick a version it speaks. */
  private unsupportedApiVersionsBody(): MessageOf<typeof API_VERSIONS.response, 'encodable'> {
    // No ThrottleTimeMs: the v0 layout has none.
    return {
      errorCode: Errors.UNSUPPORTED_VERSION.code,
      apiKeys: [{ apiKey: API_VERSIONS.apiKey, minVersion: API_VERSIONS.minVersion, maxVersion: API_VERSIONS.maxVersion }],
      throttleTimeMs: 0,
    };
  }
}
