/**
 * The listener over real loopback sockets: framing, in-order answers to pipelined requests,
 * Kafka's answer to an unsupported ApiVersions version, and closing just the offending connection
 * on anything Kafka would close it for.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { KafkaApis } from '../../../src-main/protocol/kafka/kafka-apis';
import { KafkaSocketServer } from '../../../src-main/protocol/kafka/kafka-socket-server';
import { METADATA } from '../../../src-main/protocol/kafka/messages/metadata';
import { RawClient, request } from '../../support/raw-kafka-client';

/** ApiVersions v3's body after header v2's (empty) tagged fields: ClientSoftwareName and ClientSoftwareVersion as compact strings, then the body's tagged fields. */
function apiVersionsV3Body(name: string, version: string): Buffer {
  return Buffer.from(
    '00' +
      (name.length + 1).toString(16).padStart(2, '0') +
      Buffer.from(name).toString('hex') +
      (version.length + 1).toString(16).padStart(2, '0') +
      Buffer.from(version).toString('hex') +
      '00',
    'hex',
  );
}

describe('KafkaSocketServer', () => {
  const servers: KafkaSocketServer[] = [];
  const clients: RawClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.socket.destroy();
    for (const s of servers.splice(0)) await s.stop();
  });

  async function start(
    apis: KafkaApis | null,
    options: { socketRequestMaxBytes?: number } = {},
  ): Promise<{ server: KafkaSocketServer; errors: string[] }> {
    const errors: string[] = [];
    const server = new KafkaSocketServer(() => apis, { port: 0, onConnectionError: (_c, m) => errors.push(m), ...options });
    servers.push(server);
    await server.start();
    return { server, errors };
  }

  async function client(port: number): Promise<RawClient> {
    const c = await RawClient.open(port);
    clients.push(c);
    return c;
  }

  it('answers pipelined requests in order with their correlation ids, even when a later one is quicker', async () => {
    const apis = new KafkaApis();
    let slow: (() => void) | null = null;
    apis.register(METADATA, async (req) => {
      // The first request (one topic) waits until the second has been received.
      if ((req.topics as unknown[] | null)?.length === 1) await new Promise<void>((resolve) => (slow = resolve));
      return { brokers: [], topics: [], controllerId: 5 };
    });
    const { server } = await start(apis);
    const c = await client(server.port);
    const oneTopic = Buffer.from('00000001' + '0001' + '74', 'hex');
    c.socket.write(Buffer.concat([request(3, 1, 100, oneTopic), request(3, 1, 101, Buffer.from('ffffffff', 'hex')), request(18, 0, 102)]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(c.frames).toHaveLength(0);
    (slow as unknown as () => void)();
    await c.until(() => c.frames.length === 3);
    expect(c.frames.map((f) => f.readInt32BE(0))).toEqual([100, 101, 102]);
  });

  it('answers ApiVersions v4 (unsupported) with error 35 in the v0 layout listing ApiVersions 0–3, without parsing the body', async () => {
    const { server } = await start(new KafkaApis());
    const c = await client(server.port);
    c.socket.write(
      request(
        18,
        4,
        7,
        Buffer.from('00' + '0a' + Buffer.from('librdkafka').toString('hex') + '06' + Buffer.from('2.0.2').toString('hex') + '00', 'hex'),
      ),
    );
    await c.until(() => c.frames.length === 1);
    expect(c.frames[0].toString('hex')).toBe('00000007' + '0023' + '00000001' + '0012' + '0000' + '0003');
  });

  it('answers ApiVersions v3 (librdkafka’s first request) in the flexible layout after response header v0', async () => {
    const apis = new KafkaApis();
    apis.register(METADATA, async () => ({}));
    const { server } = await start(apis);
    const c = await client(server.port);
    c.socket.write(
      Buffer.concat([
        request(18, 3, 7, apiVersionsV3Body('librdkafka', '2.0.2')),
        request(18, 3, 8, apiVersionsV3Body('librdkafka', '2.0.2 beta')),
      ]),
    );
    await c.until(() => c.frames.length === 2);
    // Error, a compact array of two keys (each with its tagged fields), throttle time, tagged fields.
    expect(c.frames[0].toString('hex')).toBe(
      '00000007' + '0000' + '03' + '0003' + '0000' + '0009' + '00' + '0012' + '0000' + '0003' + '00' + '00000000' + '00',
    );
    // A software version Kafka's pattern refuses (a space): INVALID_REQUEST and no keys.
    expect(c.frames[1].toString('hex')).toBe('00000008' + '002a' + '01' + '00000000' + '00');
  });

  it('counts open connections by the client software their ApiVersions named (KIP-511), unknown until then', async () => {
    const { server } = await start(new KafkaApis());
    const answered = async (c: RawClient, frame: Buffer, n: number) => {
      c.socket.write(frame);
      await c.until(() => c.frames.length === n);
    };
    const a = await client(server.port);
    const b = await client(server.port);
    const old = await client(server.port);
    const silent = await client(server.port);
    const refused = await client(server.port);
    await answered(a, request(18, 3, 1, apiVersionsV3Body('confluent-kafka-python', '1.9.2-rdkafka-1.9.2')), 1);
    await answered(b, request(18, 3, 1, apiVersionsV3Body('confluent-kafka-python', '1.9.2-rdkafka-1.9.2')), 1);
    await answered(old, request(18, 2, 1), 1); // before v3 there is no name: `unknown`
    await answered(refused, request(18, 3, 1, apiVersionsV3Body('bad name', '1.0')), 1); // INVALID_REQUEST: nothing recorded
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(silent.frames).toHaveLength(0);
    expect(server.stats().connectionsByClient).toEqual([
      { softwareName: 'unknown', softwareVersion: 'unknown', connections: 3 },
      { softwareName: 'confluent-kafka-python', softwareVersion: '1.9.2-rdkafka-1.9.2', connections: 2 },
    ]);
    // A later ApiVersions replaces what the connection announced; a closed connection is no longer counted.
    await answered(old, request(18, 3, 2, apiVersionsV3Body('kafka-dojo', '1.0')), 2);
    b.socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.stats().connectionsByClient).toEqual([
      { softwareName: 'unknown', softwareVersion: 'unknown', connections: 2 },
      { softwareName: 'confluent-kafka-python', softwareVersion: '1.9.2-rdkafka-1.9.2', connections: 1 },
      { softwareName: 'kafka-dojo', softwareVersion: '1.0', connections: 1 },
    ]);
  });

  it('advertises the APIs it has at their version ranges (ApiVersions v2)', async () => {
    const apis = new KafkaApis();
    apis.register(METADATA, async () => ({}));
    const { server } = await start(apis);
    const c = await client(server.port);
    c.socket.write(request(18, 2, 1));
    await c.until(() => c.frames.length === 1);
    expect(c.frames[0].toString('hex')).toBe(
      '00000001' + '0000' + '00000002' + '0003' + '0000' + '0009' + '0012' + '0000' + '0003' + '00000000',
    );
  });

  it('closes only the connection that sent an unknown API key, an unsupported version, a short body or an oversized frame', async () => {
    const apis = new KafkaApis();
    apis.register(METADATA, async () => ({ brokers: [], topics: [] }));
    const { server, errors } = await start(apis, { socketRequestMaxBytes: 1000 });
    const healthy = await client(server.port);

    const cases: Array<[Buffer, RegExp]> = [
      [request(99, 0, 1), /Unknown API key 99/],
      [request(0, 0, 1), /Unsupported API Produce/],
      [request(3, 10, 1, Buffer.from('00', 'hex')), /Unsupported version 10 of Metadata \(supported: 0-9\)/],
      [request(3, 1, 1, Buffer.from('000000050001', 'hex')), /Error reading array of size 5, only 2 bytes available/],
      [Buffer.from('000003e9', 'hex'), /Invalid receive \(size = 1001 larger than 1000\)/],
      [Buffer.from('ffffffff', 'hex'), /Invalid receive \(size = -1 larger than 1000\)/],
    ];
    for (const [frame, message] of cases) {
      const bad = await client(server.port);
      bad.socket.write(frame);
      await bad.until(() => bad.closed);
      expect(bad.frames).toHaveLength(0);
      expect(errors.at(-1)).toMatch(message);
    }
    healthy.socket.write(request(3, 1, 42, Buffer.from('ffffffff', 'hex')));
    await healthy.until(() => healthy.frames.length === 1);
    expect(healthy.frames[0].readInt32BE(0)).toBe(42);
    expect(healthy.closed).toBe(false);
  });

  it('takes a frame split across many TCP writes, one byte at a time', async () => {
    const apis = new KafkaApis();
    const { server } = await start(apis);
    const c = await client(server.port);
    const frame = request(18, 1, 9);
    for (const byte of frame) {
      c.socket.write(Buffer.from([byte]));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await c.until(() => c.frames.length === 1);
    expect(c.frames[0].readInt32BE(0)).toBe(9);
  });

  it('closes connections at once while its broker is not running, as a stopped broker refuses them', async () => {
    const { server } = await start(null);
    const c = await client(server.port);
    c.socket.write(request(18, 0, 1));
    await c.until(() => c.closed);
    expect(c.frames).toHaveLength(0);
  });
});
