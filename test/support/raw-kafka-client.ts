/** A bare Kafka client for protocol tests: request frames written by hand, response frames collected. */
import { connect, type Socket } from 'node:net';
import { isFlexible, type ApiMessages } from '../../src-main/protocol/kafka/messages/api-message';
import { ByteWriter } from '../../src-main/protocol/kafka/wire/byte-writer';
import { decodeMessage, encodeMessage, type Message } from '../../src-main/protocol/kafka/wire/schema';

/** A request frame (size, header v1, body). */
export function request(
  apiKey: number,
  apiVersion: number,
  correlationId: number,
  body: Buffer = Buffer.alloc(0),
  clientId: string | null = 'test',
): Buffer {
  const w = new ByteWriter();
  w.int32(0).int16(apiKey).int16(apiVersion).int32(correlationId).nullableString(clientId).raw(body);
  const frame = w.toBuffer();
  frame.writeInt32BE(frame.length - 4, 0);
  return Buffer.from(frame);
}

/** A client socket collecting whole response frames. */
export class RawClient {
  readonly frames: Buffer[] = [];
  closed = false;
  private pending = Buffer.alloc(0);
  private waiters: Array<() => void> = [];

  constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.pending = Buffer.concat([this.pending, chunk]);
      while (this.pending.length >= 4 && this.pending.length >= 4 + this.pending.readInt32BE(0)) {
        const size = this.pending.readInt32BE(0);
        this.frames.push(this.pending.subarray(4, 4 + size));
        this.pending = this.pending.subarray(4 + size);
      }
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static async open(port: number): Promise<RawClient> {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    return new RawClient(socket);
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  async until(check: () => boolean): Promise<void> {
    while (!check()) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
}

/**
 * One request on a connection of its own: the grammar's request encoded at `version` (flexible
 * versions after request header v2), the response decoded with it, and the response body's bytes
 * after its header (to check a version's exact layout).
 */
export async function callApi(
  port: number,
  api: ApiMessages,
  version: number,
  body: Message,
  clientId: string | null = 'raw-app',
): Promise<{ response: Message; bytes: Buffer }> {
  const client = await RawClient.open(port);
  try {
    const flexible = isFlexible(api, version);
    const encoded = encodeMessage(api.request, version, body, flexible);
    client.socket.write(request(api.apiKey, version, 7, flexible ? Buffer.concat([Buffer.from([0]), encoded]) : encoded, clientId));
    await client.until(() => client.frames.length === 1 || client.closed);
    if (client.frames.length === 0) throw new Error(`the broker on port ${port} closed the connection`);
    // Response header v1 (an empty tagged-field section here) for flexible versions but ApiVersions'.
    const headerBytes = flexible && api.apiKey !== 18 ? 5 : 4;
    const bytes = client.frames[0].subarray(headerBytes);
    return { response: decodeMessage(bytes, api.response, version, flexible), bytes };
  } finally {
    client.socket.destroy();
  }
}
