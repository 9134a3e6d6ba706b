/**
 * Every grammar this broker registers, at every version it speaks, requests and responses, against
 * Kafka 2.5.1's own message definitions (test/fixtures/kafka-2.5.1-messages, read by the test-only
 * codec in test/support/json-message-codec.ts, which shares no code with our wire layer):
 * - the version range and `flexibleVersions` are Kafka's;
 * - seeded random messages written by our grammar are read by the definition's codec with nothing
 *   left over, to the same fields under the same names (the fields the version has; see `asOurs`),
 *   and written back by it to the same bytes;
 * - seeded random messages written by the definition's codec — tagged fields set or not, and tags
 *   Kafka does not define — are read by our grammar to the same fields (unknown tags skipped) and
 *   written back by it to the same bytes, the unknown tags aside.
 * Request headers v0–2 and response headers v0–1 likewise, against RequestHeader.json and
 * ResponseHeader.json.
 */
import { isDeepStrictEqual } from 'node:util';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { KafkaServer } from '../../../src-main/core/broker/kafka-server';
import type { ClusterAdmin } from '../../../src-main/core/cluster/cluster-admin';
import { ManualTime } from '../../../src-main/core/platform/manual-time';
import { SeededRandom } from '../../../src-main/core/platform/random';
import { brokerApis } from '../../../src-main/protocol/kafka/broker-apis';
import { KafkaApis } from '../../../src-main/protocol/kafka/kafka-apis';
import { isFlexible, type ApiMessages } from '../../../src-main/protocol/kafka/messages/api-message';
import { API_VERSIONS } from '../../../src-main/protocol/kafka/messages/api-versions';
import { CREATE_TOPICS } from '../../../src-main/protocol/kafka/messages/create-topics';
import { readRequestHeader } from '../../../src-main/protocol/kafka/request-header';
import { ByteReader } from '../../../src-main/protocol/kafka/wire/byte-reader';
import { encodeMessage, readMessage, type Field, type Message } from '../../../src-main/protocol/kafka/wire/schema';
import { randomMessage } from '../../support/kafka-frame-fuzzer';
import {
  contains,
  decodeJson,
  DEFINITIONS_DIR,
  encodeJson,
  loadDefinition,
  range,
  resolveType,
  UNKNOWN_TAGS,
  type FieldSpec,
  type JsonMessage,
  type MessageDefinition,
  type ResolvedType,
} from '../../support/json-message-codec';
import { randomJsonMessage } from '../../support/json-message-random';

const SEED = 482;
const MESSAGES_PER_VERSION = 12;

function allGrammars(): ApiMessages[] {
  // The handlers are never called here; the registry is what the broker advertises.
  const apis = brokerApis({ broker: {} as KafkaServer, time: new ManualTime(0), admin: {} as ClusterAdmin });
  return apis.registered();
}

/** Kafka's definitions by API key and direction. */
function definitions(): Map<string, MessageDefinition> {
  const byKey = new Map<string, MessageDefinition>();
  for (const file of readdirSync(DEFINITIONS_DIR).filter((f) => f.endsWith('.json'))) {
    const d = loadDefinition(file.replace(/\.json$/, ''));
    if (d.type !== 'header') byKey.set(`${d.apiKey} ${d.type}`, d);
  }
  return byKey;
}

/**
 * A definition's message under our names (`ErrorCode` → `errorCode`): the fields on the wire at
 * `version`, unknown tags left out. The defaults of absent fields are not compared: 2.5.1's
 * hand-written Produce and Fetch classes do not take them from the JSON (an absent
 * TransactionalId is null there, an absent PreferredReadReplica -1), and neither do we.
 */
function asOurs(d: MessageDefinition, fields: readonly FieldSpec[], message: JsonMessage, version: number): Message {
  const out: Message = {};
  for (const f of fields) {
    if (!contains(f.versions, version)) continue;
    out[f.name.charAt(0).toLowerCase() + f.name.slice(1)] = valueAsOurs(d, resolveType(d, f.type, f.fields), message[f.name], version);
  }
  return out;
}

function valueAsOurs(d: MessageDefinition, type: ResolvedType, value: unknown, version: number): unknown {
  if (value === null) return null;
  if (type.kind === 'array') return (value as unknown[]).map((v) => valueAsOurs(d, type.element, v, version));
  if (type.kind === 'struct') return asOurs(d, type.fields, value as JsonMessage, version);
  return value;
}

/** The same message without the tags the definition does not know. */
function withoutUnknownTags(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUnknownTags);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  const out: JsonMessage = {};
  for (const [k, v] of Object.entries(value)) out[k] = withoutUnknownTags(v);
  return out;
}

/** Where our decoded message first differs from Kafka's (on Kafka's fields), for a readable failure. */
function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && !Buffer.isBuffer(a) && !Buffer.isBuffer(b)) {
    if (Array.isArray(a) !== Array.isArray(b) || (Array.isArray(a) && a.length !== (b as unknown[]).length))
      return `${path}: ours ${Array.isArray(a) ? a.length : 'a struct'}, Kafka's ${Array.isArray(b) ? b.length : 'a struct'}`;
    for (const k of Object.keys(b)) {
      const d = firstDifference((a as Message)[k], (b as Message)[k], `${path}.${k}`);
      if (d !== null) return d;
    }
    return null;
  }
  if (isDeepStrictEqual(a, b)) return null;
  const show = (v: unknown) =>
    Buffer.isBuffer(v) ? `<${v.toString('hex')}>` : JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));
  return `${path || '(message)'}: ours ${show(a)}, Kafka's ${show(b)}`;
}

/** Reads `bytes` with our grammar; the message and the bytes it left. */
function readOurs(fields: readonly Field[], version: number, flexible: boolean, bytes: Buffer): { message: Message; leftover: number } {
  const reader = new ByteReader(bytes);
  const message = readMessage(reader, fields, version, flexible);
  return { message, leftover: reader.remaining };
}

function errorOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

const grammars = allGrammars();
const byKey = definitions();

describe('grammars against Kafka 2.5.1’s message definitions', () => {
  it('every registered API has a request and a response definition, with our version range and flexible versions', () => {
    const wrong: string[] = [];
    for (const api of grammars) {
      for (const kind of ['request', 'response'] as const) {
        const d = byKey.get(`${api.apiKey} ${kind}`);
        if (!d) {
          wrong.push(`${api.name} ${kind}: no definition with key ${api.apiKey}`);
          continue;
        }
        if (d.name !== `${api.name}${kind === 'request' ? 'Request' : 'Response'}`.replace(/^ListOffsets/, 'ListOffset'))
          wrong.push(`${api.name} ${kind}: Kafka names it ${d.name}`);
        const valid = range(d.validVersions);
        if (valid?.lowest !== api.minVersion || valid.highest !== api.maxVersion)
          wrong.push(`${api.name} ${kind}: we speak ${api.minVersion}-${api.maxVersion}, Kafka ${d.validVersions}`);
        if (!isDeepStrictEqual(range(api.flexibleVersions ?? 'none'), range(d.flexibleVersions)))
          wrong.push(`${api.name} ${kind}: flexible ${api.flexibleVersions ?? 'none'}, Kafka ${d.flexibleVersions}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(grammars.length).toBeGreaterThan(40);
  });

  it(`random messages of every API, version and direction written by ours are read and written alike by Kafka's definition (seed ${SEED})`, () => {
    const random = new SeededRandom(SEED);
    const mismatches: string[] = [];
    let checked = 0;
    for (const api of grammars) {
      for (let version = api.minVersion; version <= api.maxVersion; version++) {
        const flexible = isFlexible(api, version);
        for (const [kind, fields] of [
          ['request', api.request],
          ['response', api.response],
        ] as const) {
          const d = byKey.get(`${api.apiKey} ${kind}`);
          if (!d || !contains(d.validVersions, version)) continue; // the first test says why
          const label = `${api.name} ${kind} v${version}`;
          for (let i = 0; i < MESSAGES_PER_VERSION; i++) {
            const bytes = encodeMessage(fields, version, randomMessage(random, fields, version), flexible);
            checked++;
            try {
              const kafka = decodeJson(d, version, bytes);
              if (kafka.leftover !== 0) mismatches.push(`${label}: Kafka's definition left ${kafka.leftover} bytes unread`);
              const again = encodeJson(d, version, kafka.message);
              if (!again.equals(bytes))
                mismatches.push(`${label}: Kafka's definition wrote ${again.toString('hex')} for ${bytes.toString('hex')}`);
              const difference = firstDifference(
                readOurs(fields, version, flexible, bytes).message,
                asOurs(d, d.fields, kafka.message, version),
              );
              if (difference !== null) mismatches.push(`${label}: ${difference}`);
            } catch (e) {
              mismatches.push(`${label}: Kafka's definition could not read ${bytes.toString('hex')}: ${errorOf(e)}`);
            }
          }
        }
      }
    }
    expect([...new Set(mismatches)].slice(0, 20), `seed ${SEED}`).toEqual([]);
    expect(checked).toBeGreaterThan(4000);
  });

  it(`random messages of every API, version and direction written by Kafka's definition, unknown tags too, are read and written alike by ours (seed ${SEED})`, () => {
    const random = new SeededRandom(SEED + 1);
    const mismatches: string[] = [];
    let checked = 0;
    let unknownTags = 0;
    for (const api of grammars) {
      for (let version = api.minVersion; version <= api.maxVersion; version++) {
        const flexible = isFlexible(api, version);
        for (const [kind, fields] of [
          ['request', api.request],
          ['response', api.response],
        ] as const) {
          const d = byKey.get(`${api.apiKey} ${kind}`);
          if (!d || !contains(d.validVersions, version)) continue;
          const label = `${api.name} ${kind} v${version}`;
          for (let i = 0; i < MESSAGES_PER_VERSION; i++) {
            const message = randomJsonMessage(random, d, version, { unknownTags: true });
            const bytes = encodeJson(d, version, message);
            const known = encodeJson(d, version, withoutUnknownTags(message) as JsonMessage);
            if (!known.equals(bytes)) unknownTags++;
            checked++;
            try {
              const ours = readOurs(fields, version, flexible, bytes);
              if (ours.leftover !== 0) mismatches.push(`${label}: ours left ${ours.leftover} bytes unread`);
              const difference = firstDifference(ours.message, asOurs(d, d.fields, decodeJson(d, version, bytes).message, version));
              if (difference !== null) mismatches.push(`${label}: ${difference}`);
              const again = encodeMessage(fields, version, ours.message, flexible);
              if (!again.equals(known)) mismatches.push(`${label}: ours wrote ${again.toString('hex')} for ${known.toString('hex')}`);
            } catch (e) {
              mismatches.push(`${label}: ours could not read ${bytes.toString('hex')}: ${errorOf(e)}`);
            }
          }
        }
      }
    }
    expect([...new Set(mismatches)].slice(0, 20), `seed ${SEED + 1}`).toEqual([]);
    expect(checked).toBeGreaterThan(4000);
    expect(unknownTags).toBeGreaterThan(200);
  });

  it('request headers v0–2 read as RequestHeader.json writes them, a flexible header’s unknown tags skipped', () => {
    const d = loadDefinition('RequestHeader');
    const random = new SeededRandom(SEED + 2);
    expect(d.validVersions).toBe('0-2');
    expect(d.flexibleVersions).toBe('2+');
    for (let version = 0; version <= 2; version++) {
      for (let i = 0; i < 50; i++) {
        const header = randomJsonMessage(random, d, version, { unknownTags: true });
        // Header v0 is only ControlledShutdown v0's; v1 and v2 carry any key.
        if (version === 0) Object.assign(header, { RequestApiKey: 7, RequestApiVersion: 0 });
        const body = Buffer.from(random.nextBytes(random.nextInt(8)));
        const reader = new ByteReader(Buffer.concat([encodeJson(d, version, header), body]));
        const ours = readRequestHeader(reader);
        if (version === 2) {
          // What KafkaApis does once the key and version say the request is flexible.
          readMessage(reader, [], 0, true);
        }
        expect(reader.remaining, `header v${version}`).toBe(body.length);
        expect(ours).toEqual({
          apiKey: header.RequestApiKey,
          apiVersion: header.RequestApiVersion,
          correlationId: header.CorrelationId,
          clientId: version === 0 ? null : header.ClientId,
        });
      }
    }
  });

  it('response headers: v0 before a non-flexible response and ApiVersions v3’s, v1 before a flexible one, as ResponseHeader.json reads them', async () => {
    const d = loadDefinition('ResponseHeader');
    expect(d.validVersions).toBe('0-1');
    const apis = new KafkaApis();
    apis.register(CREATE_TOPICS, async () => ({ throttleTimeMs: 0, topics: [{ name: 'orders', errorCode: 0, errorMessage: null }] }));
    const createTopics = byKey.get(`${CREATE_TOPICS.apiKey} response`) as MessageDefinition;
    const apiVersions = byKey.get(`${API_VERSIONS.apiKey} response`) as MessageDefinition;
    const cases = [
      { api: CREATE_TOPICS, version: 4, header: 0, body: createTopics },
      { api: CREATE_TOPICS, version: 5, header: 1, body: createTopics },
      { api: API_VERSIONS, version: 2, header: 0, body: apiVersions },
      { api: API_VERSIONS, version: 3, header: 0, body: apiVersions },
    ];
    for (const [i, c] of cases.entries()) {
      const flexible = isFlexible(c.api, c.version);
      const request = Buffer.concat([
        encodeJson(loadDefinition('RequestHeader'), flexible ? 2 : 1, {
          RequestApiKey: c.api.apiKey,
          RequestApiVersion: c.version,
          CorrelationId: 1000 + i,
          ClientId: 'grammar-json',
        }),
        c.api === API_VERSIONS
          ? encodeMessage(API_VERSIONS.request, c.version, { clientSoftwareName: 'kafka-dojo', clientSoftwareVersion: '1.0' }, flexible)
          : encodeMessage(CREATE_TOPICS.request, c.version, { topics: [] }, flexible),
      ]);
      const response = (await apis.handle(request, { host: '127.0.0.1', port: 9092 }, '127.0.0.1:1')) as Buffer;
      const header = decodeJson(d, c.header, response);
      expect(header.message.CorrelationId, `${c.api.name} v${c.version}`).toBe(1000 + i);
      const body = decodeJson(c.body, c.version, response.subarray(response.length - header.leftover));
      expect(body.leftover, `${c.api.name} v${c.version} after response header v${c.header}`).toBe(0);
      expect(body.message.ErrorCode ?? (body.message.Topics as JsonMessage[])[0].Name).toBe(c.api === API_VERSIONS ? 0 : 'orders');
    }
  });

  it('the codec reads what it writes and refuses what Kafka refuses', () => {
    const d = loadDefinition('CreateTopicsResponse');
    // A non-default value for a field the version lacks: NumPartitions is v5+ and ignorable, Topics' Name is not absent anywhere.
    expect(() => encodeJson(d, 4, { Topics: [{ Name: 't', NumPartitions: 3, Configs: null }] })).not.toThrow();
    const request = loadDefinition('CreateTopicsRequest');
    // A non-nullable field written as null.
    expect(() => encodeJson(request, 5, { Topics: [{ Name: null }] })).toThrow(/non-nullable field Name/);
    // Unknown tags survive a round trip through the codec.
    const bytes = encodeJson(d, 5, { ThrottleTimeMs: 0, Topics: [], [UNKNOWN_TAGS]: [{ tag: 9, data: Buffer.from([1, 2]) }] });
    expect(bytes.toString('hex')).toBe('00000000' + '01' + '01' + '09' + '02' + '0102');
    expect(encodeJson(d, 5, decodeJson(d, 5, bytes).message).equals(bytes)).toBe(true);
  });
});
