/**
 * One client connection to a broker on the loopback interface: size-framed requests with request
 * header v1 (api key, version, correlation id, client id), responses matched by correlation id
 * (a broker answers one connection's requests in order), bodies read and written with the API
 * grammars in ../messages. Kafka Dojo's brokers listen on 127.0.0.1 only, so nothing else is dialled.
 */
import { connect, type Socket } from 'node:net';
import { isFlexible, type ApiMessages } from '../messages/api-message';
import { API_VERSIONS } from '../messages/api-versions';
import { ByteWriter } from '../wire/byte-writer';
import { ByteReader } from '../wire/byte-reader';
import { encodeMessage, readMessage, skipTaggedFields, type Field, type MessageOf } from '../wire/schema';
import { toError } from '../../../core/common/throwable';

/** The host names a Kafka Dojo client may dial: the brokers listen on 127.0.0.1. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost']);

/** The connection could not be made or broke: what NetworkClient would log, and why. */
export class KafkaConnectionError extends Error {
  constructor(
    message: string,
    readonly kind: 'connect' | 'disconnected' | 'timeout',
  ) {
    super(message);
    this.name = 'KafkaConnectionError';
  }
}

interface Pending {
  readonly correlationId: number;
  readonly api: ApiMessages;
  readonly version: number;
  /** Reads the response body with the request's grammar and resolves the request's promise with it. */
  readonly deliver: (reader: ByteReader, flexible: boolean) => void;
  readonly reject: (e: Error) => void;
  readonly timer: NodeJS.Timeout;
}

export class KafkaConnection {
  private nextCorrelationId = 0;
  private pending: Pending[] = [];
  private buffered: Buffer = Buffer.alloc(0);
  private closed = false;

  private constructor(
    private readonly socket: Socket,
    readonly host: string,
    readonly port: number,
    private readonly clientId: string,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('close', () =>
      this.failAll(new KafkaConnectionError(`Connection to ${host}:${port} was closed by the broker`, 'disconnected')),
    );
    socket.on('error', (e) => this.failAll(new KafkaConnectionError(`Connection to ${host}:${port} failed: ${e.message}`, 'disconnected')));
  }

  static open(host: string, port: number, options: { clientId: string; timeoutMs: number }): Promise<KafkaConnection> {
    if (!LOOPBACK_HOSTS.has(host)) {
      return Promise.reject(
        new KafkaConnectionError(`${host} is not a loopback address: Kafka Dojo's brokers listen on 127.0.0.1`, 'connect'),
      );
    }
    return new Promise((resolve, reject) => {
      const socket = connect({ host: host === 'localhost' ? '127.0.0.1' : host, port });
      socket.setNoDelay(true);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new KafkaConnectionError(`Connection to ${host}:${port} timed out after ${options.timeoutMs} ms`, 'timeout'));
      }, options.timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(new KafkaConnection(socket, host, port, options.clientId));
      });
      socket.once('error', (e: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        socket.destroy();
        reject(new KafkaConnectionError(`Connection to ${host}:${port} could not be established (${e.code ?? e.message})`, 'connect'));
      });
    });
  }

  /** Sends one request; resolves with the decoded response body. */
  send<Request extends readonly Field[], Response extends readonly Field[]>(
    api: ApiMessages<Request, Response>,
    version: number,
    body: MessageOf<Request, 'partial'>,
    timeoutMs: number,
  ): Promise<MessageOf<Response>> {
    if (this.closed) return Promise.reject(new KafkaConnectionError(`Connection to ${this.host}:${this.port} is closed`, 'disconnected'));
    const correlationId = this.nextCorrelationId++;
    const flexible = isFlexible(api, version);
    const header = new ByteWriter();
    header.int32(0).int16(api.apiKey).int16(version).int32(correlationId).nullableString(this.clientId);
    if (flexible) header.unsignedVarint(0); // request header v2
    const frame = Buffer.concat([header.toBuffer(), encodeMessage(api.request, version, body, flexible)]);
    frame.writeInt32BE(frame.length - 4, 0);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.failAll(
          new KafkaConnectionError(`${api.name} request to ${this.host}:${this.port} timed out after ${timeoutMs} ms`, 'timeout'),
        );
        this.close();
      }, timeoutMs);
      const deliver = (reader: ByteReader, responseFlexible: boolean) =>
        resolve(readMessage(reader, api.response, version, responseFlexible));
      this.pending.push({ correlationId, api, version, deliver, reject, timer });
      this.socket.write(frame);
    });
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    while (this.buffered.length >= 4) {
      const size = this.buffered.readInt32BE(0);
      if (this.buffered.length < 4 + size) return;
      const frame = this.buffered.subarray(4, 4 + size);
      this.buffered = this.buffered.subarray(4 + size);
      this.onFrame(frame);
    }
  }

  private onFrame(frame: Buffer): void {
    const next = this.pending.shift();
    const correlationId = frame.length >= 4 ? frame.readInt32BE(0) : -1;
    if (!next || next.correlationId !== correlationId) {
      // Kafka's NetworkClient treats this as fatal for the connection.
      this.failAll(
        new KafkaConnectionError(
          `Correlation id for response (${correlationId}) does not match request (${next?.correlationId ?? 'none'})`,
          'disconnected',
        ),
      );
      if (next) next.reject(new KafkaConnectionError('Bad correlation id', 'disconnected'));
      this.close();
      return;
    }
    clearTimeout(next.timer);
    try {
      const flexible = isFlexible(next.api, next.version);
      const reader = new ByteReader(frame, 4);
      // Response header v1 for flexible versions, except ApiVersions' (always v0).
      if (flexible && next.api.apiKey !== API_VERSIONS.apiKey) skipTaggedFields(reader);
      next.deliver(reader, flexible);
    } catch (e) {
      next.reject(toError(e));
    }
  }

  private failAll(error: Error): void {
    this.closed = true;
    for (const p of this.pending.splice(0)) {
      clearTimeout(p.timer);
      p.reject(error);
    }
  }
}
