/**
 * What the general fuzzer (fuzz.test.ts) reaches only by chance in flexible versions, asserted for
 * every flexible version of every registered API: tags Kafka does not define, in request header v2
 * and at the end of the body, are skipped and change nothing the handler sees; a varint longer
 * than 5 bytes or cut off by the frame's end, and a compact length, count or tag size beyond the
 * frame's end, close the connection (`CloseConnection`, Kafka's "Error getting request for apiKey"
 * wording) and nothing else — and over a real socket the listener then answers a clean request.
 */
import { describe, expect, it } from 'vitest';
import type { KafkaServer } from '../../../src-main/core/broker/kafka-server';
import type { ClusterAdmin } from '../../../src-main/core/cluster/cluster-admin';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { brokerApis } from '../../../src-main/protocol/kafka/broker-apis';
import { CloseConnection, KafkaApis } from '../../../src-main/protocol/kafka/kafka-apis';
import { KafkaSocketServer } from '../../../src-main/protocol/kafka/kafka-socket-server';
import { isFlexible, type ApiMessages } from '../../../src-main/protocol/kafka/messages/api-message';
import { API_VERSIONS } from '../../../src-main/protocol/kafka/messages/api-versions';
import { CREATE_TOPICS } from '../../../src-main/protocol/kafka/messages/create-topics';
import { ByteWriter } from '../../../src-main/protocol/kafka/wire/byte-writer';
import { encodeMessage, type Message } from '../../../src-main/protocol/kafka/wire/schema';
import { randomMessage } from '../../support/kafka-frame-fuzzer';
import { RawClient } from '../../support/raw-kafka-client';

const SEED = 20261207;
const FRAMES_PER_VERSION = 20;
const LISTENER = { host: '127.0.0.1', port: 9092 };

/** Every registered grammar, its handler replaced by one that records the request it was given. */
function recordingApis(): { apis: KafkaApis; seen: Message[]; flexible: Array<{ api: ApiMessages; version: number }> } {
  const grammars = brokerApis({ broker: {} as KafkaServer, time: new ManualTime(0), admin: {} as ClusterAdmin }).registered();
  const apis = new KafkaApis();
  const seen: Message[] = [];
  const flexible: Array<{ api: ApiMessages; version: number }> = [];
  for (const api of grammars) {
    if (api.apiKey !== API_VERSIONS.apiKey)
      apis.register(api, async (request) => {
        seen.push(request);
        return {};
      });
    for (let version = api.minVersion; version <= api.maxVersion; version++) if (isFlexible(api, version)) flexible.push({ api, version });
  }
  return { apis, seen, flexible };
}

function header(api: ApiMessages, version: number, correlationId: number, tags: Buffer): Buffer {
  const w = new ByteWriter();
  w.int16(api.apiKey).int16(version).int32(correlationId).nullableString('fuzzer');
  return Buffer.concat([w.toBuffer(), tags]);
}

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
/** Three tags no version of Kafka defines: 5 (1 byte), 200 (a two-byte tag), 16383 with 130 bytes (a two-byte size). */
const UNKNOWN_TAGS = Buffer.concat([hex('03 05 01 aa c801 03 010203 ff7f 8201'), Buffer.alloc(130, 0x5a)]);

async function outcome(apis: KafkaApis, frame: Buffer): Promise<string> {
  try {
    const response = await apis.handle(frame, LISTENER, 'fuzzer:1');
    return response === null ? 'silent' : 'answered';
  } catch (e) {
    if (e instanceof CloseConnection) return `closed: ${e.message}`;
    throw e;
  }
}

describe('flexible encodings under fuzzing', () => {
  it(`unknown tags in header v2 and body are skipped in every flexible version of every API (seed ${SEED})`, async () => {
    const { apis, seen, flexible } = recordingApis();
    const random = new SeededRandom(SEED);
    expect(flexible.length).toBeGreaterThan(15);
    let frames = 0;
    for (const { api, version } of flexible) {
      if (api.apiKey === API_VERSIONS.apiKey) continue; // below, with its own handler
      for (let i = 0; i < FRAMES_PER_VERSION; i++) {
        const body = encodeMessage(api.request, version, randomMessage(random, api.request, version), true);
        // A body without tags ends with its empty tag section: 00.
        expect(body[body.length - 1]).toBe(0);
        const tagged = Buffer.concat([body.subarray(0, body.length - 1), UNKNOWN_TAGS]);
        const plain = await outcome(apis, Buffer.concat([header(api, version, i, hex('00')), body]));
        const withTags = await outcome(apis, Buffer.concat([header(api, version, i, UNKNOWN_TAGS), tagged]));
        const label = `${api.name} v${version} #${i}`;
        if (plain !== 'answered') {
          // The fuzzer's random values may not be a request the grammar accepts (a string over 32767 bytes): then both fail alike.
          expect(withTags, label).toBe(plain);
          continue;
        }
        expect(withTags, label).toBe('answered');
        expect(seen.at(-1), label).toEqual(seen.at(-2));
        frames++;
      }
    }
    expect(frames).toBeGreaterThan(300);
  });

  it('bad varints and lengths beyond the frame close the connection with Kafka’s parse error, never anything else', async () => {
    const { apis } = recordingApis();
    const v5 = (tags: string, body: string) => Buffer.concat([header(CREATE_TOPICS, 5, 7, hex(tags)), hex(body)]);
    const v3 = (tags: string, body: string) => Buffer.concat([header(API_VERSIONS, 3, 8, hex(tags)), hex(body)]);
    const cases: Array<[string, Buffer, RegExp]> = [
      ['header tag count of 6 bytes', v5('ffffffffff7f', '01 00000000 00 00'), /varint is too long/],
      ['header tag count cut off by the frame end', v5('ff ff', ''), /Error reading field 'tagged fields'/],
      ['header tag size beyond the frame', v5('01 00 7f 00', ''), /Error reading field 'tagged field'/],
      ['topic count of 6 bytes', v5('00', '8080808080 01'), /varint is too long/],
      ['topic count beyond the frame', v5('00', 'ffffffff0f 00000000 00 00'), /Error reading array of size 4294967294/],
      ['topic name longer than the frame', v5('00', '02 7f 61' + '00'.repeat(10)), /Error reading field 'Name'/],
      ['topic name claiming 2^32-2 bytes', v5('00', '02 ffffffff0f' + '00'.repeat(10)), /longer than the maximum allowed/],
      ['body tag size beyond the frame', v5('00', '01 00000000 00 01 05 ff01 aa'), /Error reading field 'tagged field'/],
      ['body tag count cut off', v5('00', '01 00000000 00 80'), /Error reading field 'tagged fields'/],
      ['ApiVersions v3 software name beyond the frame', v3('00', '40 6b61'), /Error reading field 'ClientSoftwareName'/],
      ['ApiVersions v3 unterminated varint', v3('00', '0b6b61666b612d646f6a6f 04312e30 ffffff'), /Error reading field 'tagged fields'/],
    ];
    for (const [label, frame, error] of cases) {
      const result = await outcome(apis, frame);
      expect(result, label).toMatch(
        /^closed: Error getting request for apiKey: (CreateTopics|ApiVersions), apiVersion: [35], connectionId: fuzzer:1: /,
      );
      expect(result, label).toMatch(error);
    }
    // The well-formed frames these were cut from are answered.
    expect(await outcome(apis, v5('00', '01 00000000 00 00'))).toBe('answered');
    expect(await outcome(apis, v3('00', '0b6b61666b612d646f6a6f 04312e30 00'))).toBe('answered');
  });

  it('over a real socket: an overlong compact length closes that connection only, and the listener answers the next one', async () => {
    const { apis } = recordingApis();
    const server = new KafkaSocketServer(() => apis, { port: 0 });
    await server.start();
    try {
      const sized = (body: Buffer) => {
        const size = Buffer.alloc(4);
        size.writeInt32BE(body.length);
        return Buffer.concat([size, body]);
      };
      const bad = await RawClient.open(server.port);
      bad.socket.write(sized(Buffer.concat([header(CREATE_TOPICS, 5, 1, hex('00')), hex('02 ffffffff0f')])));
      await bad.until(() => bad.closed || bad.frames.length > 0);
      expect(bad.closed).toBe(true);
      expect(bad.frames).toEqual([]);
      const good = await RawClient.open(server.port);
      good.socket.write(sized(Buffer.concat([header(CREATE_TOPICS, 5, 2, UNKNOWN_TAGS), hex('01 00000000 00'), UNKNOWN_TAGS])));
      await good.until(() => good.closed || good.frames.length > 0);
      expect(good.frames[0]?.readInt32BE(0)).toBe(2);
      good.socket.destroy();
    } finally {
      await server.stop();
    }
  });
});
