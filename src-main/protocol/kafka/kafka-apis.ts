/**
 * One broker's request handling (Kafka's `KafkaApis` behind its `RequestChannel`): reads the
 * request header, answers ApiVersions of an unsupported version the way Kafka does, decodes the
 * body with the API's grammar, runs the handler and encodes the response after response header v0
 * (v1 for a flexible version).
 *
 * What Kafka answers by closing the connection (an unknown API key, an unsupported version of any
 * API but ApiVersions, a body that does not parse) throws `CloseConnection`; the socket server
 * then closes that connection and only that one.
 */
import { Errors } from '../../core/common/kafka-errors';
import { API_KEY_NAMES } from './api-keys';
import { API_VERSIONS, isValidApiVersionsRequest } from './messages/api-versions';
import { isFlexible, type ApiMessages } from './messages/api-message';
import { readRequestHeader, type RequestHeader } from './request-header';
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
}

/** Returns the response body, or null for a request Kafka does not answer (Produce with acks=0). */
export type ApiHandler<Request, Response> = (request: Request, context: RequestContext) => Promise<Response | null>;

/**
 * A registered API with its types closed over: reads a request body, and gives back what runs the
 * handler and writes its response body (or null for none).
 */
interface RegisteredApi {
  readonly messages: ApiMessages;
  read(reader: ByteReader, version: number, flexible: boolean): (context: RequestContext) => Promise<((writer: ByteWriter) => void) | null>;
}

export class KafkaApis {
  private readonly apis = new Map<number, RegisteredApi>();

  constructor() {
    this.register(API_VERSIONS, async (request, context) => {
      // `KafkaApis.handleApiVersionsRequest`: a v3 request with a malformed software name or version gets INVALID_REQUEST and no keys.
      if (!isValidApiVersionsRequest(request, context.header.apiVersion)) return { errorCode: Errors.INVALID_REQUEST.code, apiKeys: [], throttleTimeMs: 0 };
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
        return async (context) => {
          const response = await handler(request, context);
          return response === null ? null : (writer) => writeMessage(writer, messages.response, version, response, flexible);
        };
      },
    });
  }

  /** The grammars of every API this broker answers. */
  registered(): ApiMessages[] {
    return [...this.apis.values()].map((a) => a.messages).sort((a, b) => a.apiKey - b.apiKey);
  }

  /** The versions this broker advertises, by key. */
  supportedVersions(): Array<{ apiKey: number; minVersion: number; maxVersion: number }> {
    return [...this.apis.values()].map(({ messages }) => ({ apiKey: messages.apiKey, minVersion: messages.minVersion, maxVersion: messages.maxVersion })).sort((a, b) => a.apiKey - b.apiKey);
  }

  /** Handles one request frame (the bytes after the size); returns the response frame's bytes, or null for none. */
  async handle(frame: Buffer, listener: RequestContext['listener'], clientAddress: string): Promise<Buffer | null> {
    const reader = new ByteReader(frame);
    let header: RequestHeader;
    try {
      header = readRequestHeader(reader);
    } catch (error) {
      throw new CloseConnection(`Error parsing request header. Our best guess of the apiKey is: ${frame.length >= 2 ? frame.readInt16BE(0) : -1}: ${errorMessage(error)}`);
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
        return this.frame(header, API_VERSIONS, 0, (writer) => writeMessage(writer, API_VERSIONS.response, 0, this.unsupportedApiVersionsBody()));
      }
      throw new CloseConnection(`Unsupported version ${header.apiVersion} of ${messages.name} (supported: ${messages.minVersion}-${messages.maxVersion})`);
    }
    const flexible = isFlexible(messages, header.apiVersion);
    let run: ReturnType<RegisteredApi['read']>;
    try {
      if (flexible) skipTaggedFields(reader); // request header v2
      run = api.read(reader, header.apiVersion, flexible);
    } catch (error) {
      if (error instanceof ProtocolParseError) {
        throw new CloseConnection(`Error getting request for apiKey: ${messages.name}, apiVersion: ${header.apiVersion}, connectionId: ${clientAddress}: ${error.message}`);
      }
      throw error;
    }
    const writeBody = await run({ header, listener, clientAddress });
    return writeBody === null ? null : this.frame(header, messages, header.apiVersion, writeBody);
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
    return { errorCode: Errors.UNSUPPORTED_VERSION.code, apiKeys: [{ apiKey: API_VERSIONS.apiKey, minVersion: API_VERSIONS.minVersion, maxVersion: API_VERSIONS.maxVersion }], throttleTimeMs: 0 };
  }
}
