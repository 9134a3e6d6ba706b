/** A bare Kafka client for protocol tests: request frames written by hand, response frames collected. */
import { connect, type Socket } from 'node:net';
import { ByteWriter } from '../../src-main/protocol/kafka/wire/byte-writer';

/** A request frame (size, header v1, body). */
export function request(apiKey: number, apiVersion: number, correlationId: number, body: Buffer = Buffer.alloc(0), clientId: string | null = 'test'): Buffer {
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
