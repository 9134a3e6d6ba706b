/**
 * CreateTopics v5 (flexible, KIP-525) over a real socket: the request written byte by byte here
 * (request header v2 with an unknown tagged field, compact strings and arrays, a tagged field in a
 * topic that the broker must skip) and the response read by a reader of this file's own — not
 * the project's grammar — so that a mistake in the grammar cannot hide itself.
 *
 * What 2.5.1's AdminManager returns for each topic it creates or validates: the partition count,
 * the replication factor and every LogConfig value, in the order of `logConfig.values` (a
 * `java.util.HashMap`; the fixture below was printed by a real JVM over 2.5.1's 26 LogConfig
 * names), each with its DescribeConfigs source. A failed topic keeps -1, -1 and no configs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CREATE_TOPICS } from '../../../src-main/protocol/kafka/messages/create-topics';
import { DESCRIBE_CONFIGS } from '../../../src-main/protocol/kafka/messages/describe-configs';
import { readRequestHeader } from '../../../src-main/protocol/kafka/request-header';
import { ByteReader } from '../../../src-main/protocol/kafka/wire/byte-reader';
import { encodeMessage, readMessage, skipTaggedFields } from '../../../src-main/protocol/kafka/wire/schema';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { callApi, RawClient } from '../../support/raw-kafka-client';

/** `new HashMap<>(configDef.parse(props))` keys for 2.5.1's LogConfig, as Java 17 iterates them. */
const LOG_CONFIG_VALUES_ORDER = [
  'compression.type',
  'leader.replication.throttled.replicas',
  'min.insync.replicas',
  'message.downconversion.enable',
  'segment.jitter.ms',
  'cleanup.policy',
  'flush.ms',
  'follower.replication.throttled.replicas',
  'segment.bytes',
  'retention.ms',
  'flush.messages',
  'message.format.version',
  'max.compaction.lag.ms',
  'file.delete.delay.ms',
  'max.message.bytes',
  'min.compaction.lag.ms',
  'message.timestamp.type',
  'preallocate',
  'index.interval.bytes',
  'min.cleanable.dirty.ratio',
  'unclean.leader.election.enable',
  'retention.bytes',
  'delete.retention.ms',
  'segment.ms',
  'message.timestamp.difference.max.ms',
  'segment.index.bytes',
];

const TOPIC_CONFIG = 1;
const STATIC_BROKER_CONFIG = 4;
const DEFAULT_CONFIG = 5;

// ---- the request, by hand -------------------------------------------------------------------

function uvarint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return out;
}

function compactString(s: string | null): number[] {
  if (s === null) return [0];
  const bytes = [...Buffer.from(s, 'utf8')];
  return [...uvarint(bytes.length + 1), ...bytes];
}

const int16 = (v: number) => [(v >> 8) & 0xff, v & 0xff];
const int32 = (v: number) => [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];

interface TopicSpec {
  name: string;
  numPartitions: number;
  replicationFactor: number;
  assignments?: Array<[number, number[]]>;
  configs?: Array<[string, string | null]>;
}

function createTopicsV5(correlationId: number, topics: TopicSpec[], timeoutMs: number, validateOnly: boolean): Buffer {
  const body: number[] = [...uvarint(topics.length + 1)];
  for (const t of topics) {
    body.push(...compactString(t.name), ...int32(t.numPartitions), ...int16(t.replicationFactor));
    const assignments = t.assignments ?? [];
    body.push(...uvarint(assignments.length + 1));
    for (const [partition, brokers] of assignments) {
      body.push(...int32(partition), ...uvarint(brokers.length + 1), ...brokers.flatMap(int32), 0);
    }
    const configs = t.configs ?? [];
    body.push(...uvarint(configs.length + 1));
    for (const [name, value] of configs) body.push(...compactString(name), ...compactString(value), 0);
    // One unknown tagged field (tag 7, 2 bytes) that the broker must skip.
    body.push(1, 7, 2, 0xab, 0xcd);
  }
  body.push(...int32(timeoutMs), validateOnly ? 1 : 0, 0);
  // Request header v2: api key 19, version 5, correlation id, client id (int16 length), tagged
  // fields — here one unknown tag (tag 3, 1 byte).
  const header = [...int16(19), ...int16(5), ...int32(correlationId), ...int16(4), ...Buffer.from('test'), 1, 3, 1, 0x2a];
  const frame = [...header, ...body];
  return Buffer.from([...int32(frame.length), ...frame]);
}

// ---- the response, by hand ------------------------------------------------------------------

class Reader {
  private at = 0;
  constructor(private readonly b: Buffer) {}
  int8(): number {
    return this.b.readInt8(this.at++);
  }
  int16(): number {
    const v = this.b.readInt16BE(this.at);
    this.at += 2;
    return v;
  }
  int32(): number {
    const v = this.b.readInt32BE(this.at);
    this.at += 4;
    return v;
  }
  bool(): boolean {
    return this.int8() !== 0;
  }
  uvarint(): number {
    let v = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = this.b[this.at++];
      v |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return v >>> 0;
    }
  }
  compactString(): string | null {
    const n = this.uvarint();
    if (n === 0) return null;
    const s = this.b.toString('utf8', this.at, this.at + n - 1);
    this.at += n - 1;
    return s;
  }
  /** A tagged-field section: the tags it holds (their values skipped). */
  tags(): number[] {
    const tags: number[] = [];
    for (let n = this.uvarint(); n > 0; n--) {
      tags.push(this.uvarint());
      this.at += this.uvarint();
    }
    return tags;
  }
  get remaining(): number {
    return this.b.length - this.at;
  }
}

interface TopicConfig {
  name: string | null;
  value: string | null;
  readOnly: boolean;
  configSource: number;
  isSensitive: boolean;
}

interface TopicResult {
  name: string | null;
  errorCode: number;
  errorMessage: string | null;
  numPartitions: number;
  replicationFactor: number;
  configs: TopicConfig[] | null;
}

function readCreateTopicsV5(frame: Buffer): { correlationId: number; throttleTimeMs: number; topics: TopicResult[] } {
  const r = new Reader(frame);
  const correlationId = r.int32();
  expect(r.tags()).toEqual([]); // response header v1
  const throttleTimeMs = r.int32();
  const topics: TopicResult[] = [];
  for (let n = r.uvarint() - 1; n > 0; n--) {
    const name = r.compactString();
    const errorCode = r.int16();
    const errorMessage = r.compactString();
    const numPartitions = r.int32();
    const replicationFactor = r.int16();
    const count = r.uvarint();
    let configs: TopicConfig[] | null = null;
    if (count > 0) {
      configs = [];
      for (let c = count - 1; c > 0; c--) {
        const config = {
          name: r.compactString(),
          value: r.compactString(),
          readOnly: r.bool(),
          configSource: r.int8(),
          isSensitive: r.bool(),
        };
        expect(r.tags()).toEqual([]);
        configs.push(config);
      }
    }
    expect(r.tags()).toEqual([]); // TopicConfigErrorCode is never set without an authorizer
    topics.push({ name, errorCode, errorMessage, numPartitions, replicationFactor, configs });
  }
  expect(r.tags()).toEqual([]);
  expect(r.remaining).toBe(0);
  return { correlationId, throttleTimeMs, topics };
}

async function send(wire: WireCluster, brokerId: number, frame: Buffer) {
  const client = await RawClient.open(wire.ports.get(brokerId) ?? -1);
  try {
    client.socket.write(frame);
    await client.until(() => client.frames.length === 1 || client.closed);
    if (client.frames.length === 0) throw new Error(`broker ${brokerId} closed the connection (seed ${wire.h.seed})`);
    return readCreateTopicsV5(client.frames[0]);
  } finally {
    client.socket.destroy();
  }
}

function controllerId(wire: WireCluster): number {
  const controller = wire.h.cluster.runningBrokers().find((b) => b.controller?.isActive());
  if (!controller) throw new Error(`no active controller (seed ${wire.h.seed})`);
  return controller.id;
}

const failed = (name: string, errorCode: number, errorMessage: string | null): TopicResult => ({
  name,
  errorCode,
  errorMessage,
  numPartitions: -1,
  replicationFactor: -1,
  configs: [],
});

describe('CreateTopics v5 (flexible, KIP-525) over the wire', () => {
  let wire: WireCluster | null = null;
  afterEach(async () => {
    await wire?.close();
    wire = null;
  });

  it('answers a created topic with its partitions, replication factor and every LogConfig value with its source', async () => {
    // log.retention.hours set in server.properties: 2.5.1 reports retention.ms (derived from it)
    // as DEFAULT_CONFIG, because configSynonyms drops the synonyms listed before retention.ms.
    wire = await wireCluster({ seed: 501, brokerConfig: { 'log.segment.bytes': '524288', 'log.retention.hours': '48' } });
    const controller = controllerId(wire);
    const response = await send(
      wire,
      controller,
      createTopicsV5(
        77,
        [
          {
            name: 'kip525',
            numPartitions: 3,
            replicationFactor: 2,
            configs: [
              ['cleanup.policy', 'compact'],
              ['min.insync.replicas', '2'],
            ],
          },
          {
            name: 'placed',
            numPartitions: -1,
            replicationFactor: -1,
            assignments: [
              [0, [2, 1, 0]],
              [1, [1, 2, 0]],
            ],
          },
        ],
        10_000,
        false,
      ),
    );
    expect(response.correlationId).toBe(77);
    expect(response.throttleTimeMs).toBe(0);
    const [kip525, placed] = response.topics;
    expect(kip525).toMatchObject({ name: 'kip525', errorCode: 0, errorMessage: null, numPartitions: 3, replicationFactor: 2 });
    expect(placed).toMatchObject({ name: 'placed', errorCode: 0, errorMessage: null, numPartitions: 2, replicationFactor: 3 });
    for (const t of [kip525, placed]) {
      expect(t.configs?.map((c) => c.name)).toEqual(LOG_CONFIG_VALUES_ORDER);
      for (const c of t.configs ?? []) expect([c.readOnly, c.isSensitive]).toEqual([false, false]);
    }
    const byName = new Map((kip525.configs ?? []).map((c) => [c.name, c]));
    expect(byName.get('cleanup.policy')).toMatchObject({ value: 'compact', configSource: TOPIC_CONFIG });
    expect(byName.get('min.insync.replicas')).toMatchObject({ value: '2', configSource: TOPIC_CONFIG });
    expect(byName.get('segment.bytes')).toMatchObject({ value: '524288', configSource: STATIC_BROKER_CONFIG });
    expect(byName.get('retention.ms')).toMatchObject({ value: String(48 * 3600 * 1000), configSource: DEFAULT_CONFIG });
    expect(byName.get('compression.type')).toMatchObject({ value: 'producer', configSource: DEFAULT_CONFIG });
    expect(byName.get('leader.replication.throttled.replicas')).toMatchObject({ value: '', configSource: DEFAULT_CONFIG });
    expect(new Map((placed.configs ?? []).map((c) => [c.name, c])).get('cleanup.policy')).toMatchObject({
      value: 'delete',
      configSource: DEFAULT_CONFIG,
    });

    // The same values and sources as DescribeConfigs gives for the topic afterwards.
    const { response: described } = await callApi(wire.ports.get(controller) ?? -1, DESCRIBE_CONFIGS, 2, {
      resources: [{ resourceType: 2, resourceName: 'kip525', configurationKeys: null }],
      includeSynonyms: false,
    });
    const describedEntries = (described.results as Array<{ configs: Array<{ name: string; value: string; configSource: number }> }>)[0]
      .configs;
    const describedByName = new Map(describedEntries.map((c) => [c.name, [c.value, c.configSource]]));
    for (const c of kip525.configs ?? []) expect([c.name, describedByName.get(c.name!)]).toEqual([c.name, [c.value, c.configSource]]);
    expect(wire.h.cluster.broker(controller).metadataCache.getAllTopics()).toEqual(expect.arrayContaining(['kip525', 'placed']));
  });

  it('validateOnly describes the topic without creating it', async () => {
    wire = await wireCluster({ seed: 502 });
    const controller = controllerId(wire);
    const response = await send(wire, controller, createTopicsV5(1, [{ name: 'dry', numPartitions: 4, replicationFactor: 3 }], 5000, true));
    expect(response.topics[0]).toMatchObject({ name: 'dry', errorCode: 0, numPartitions: 4, replicationFactor: 3 });
    expect(response.topics[0].configs).toHaveLength(26);
    expect(await (await wire.h.session()).exists('/brokers/topics/dry')).toBeNull();
  });

  it('a failed, duplicated or timed-out topic keeps -1, -1 and no configs; elsewhere than the controller NOT_CONTROLLER', async () => {
    wire = await wireCluster({ seed: 503 });
    const controller = controllerId(wire);
    await send(wire, controller, createTopicsV5(1, [{ name: 'taken', numPartitions: 1, replicationFactor: 1 }], 5000, false));
    const response = await send(
      wire,
      controller,
      createTopicsV5(
        2,
        [
          { name: 'taken', numPartitions: 1, replicationFactor: 1 },
          { name: 'twice', numPartitions: 1, replicationFactor: 1 },
          { name: 'bad-config', numPartitions: 1, replicationFactor: 1, configs: [['no.such.config', '1']] },
          { name: 'twice', numPartitions: 2, replicationFactor: 1 },
          { name: 'too-many', numPartitions: 1, replicationFactor: 4 },
        ],
        5000,
        false,
      ),
    );
    expect(response.topics).toEqual([
      failed('taken', 36, "Topic 'taken' already exists."),
      failed('twice', 42, 'Found multiple entries for this topic.'),
      failed('bad-config', 40, 'Unknown topic config name: no.such.config'),
      failed('twice', 42, 'Found multiple entries for this topic.'),
      failed('too-many', 38, 'Replication factor: 4 larger than available brokers: 3.'),
    ]);

    // Timeout 0: created in ZooKeeper, answered REQUEST_TIMED_OUT, and so described as failed.
    const timedOut = await send(
      wire,
      controller,
      createTopicsV5(3, [{ name: 'no-wait', numPartitions: 1, replicationFactor: 1 }], 0, false),
    );
    expect(timedOut.topics).toEqual([failed('no-wait', 7, null)]);
    expect(await (await wire.h.session()).exists('/brokers/topics/no-wait')).not.toBeNull();

    const other = [0, 1, 2].find((id) => id !== controller) ?? 0;
    const elsewhere = await send(
      wire,
      other,
      createTopicsV5(4, [{ name: 'elsewhere', numPartitions: 1, replicationFactor: 1 }], 5000, false),
    );
    expect(elsewhere.topics).toEqual([failed('elsewhere', 41, null)]);
  });

  it("the project's grammar reads what the hand-written request holds and writes what the hand-written reader reads", () => {
    const frame = createTopicsV5(9, [{ name: 'g', numPartitions: 2, replicationFactor: 1, configs: [['retention.ms', null]] }], 1234, true);
    const reader = new ByteReader(frame.subarray(4));
    expect(readRequestHeader(reader)).toEqual({ apiKey: 19, apiVersion: 5, correlationId: 9, clientId: 'test' });
    skipTaggedFields(reader);
    const request = readMessage(reader, CREATE_TOPICS.request, 5, true);
    expect(reader.remaining).toBe(0);
    expect(request).toEqual({
      topics: [{ name: 'g', numPartitions: 2, replicationFactor: 1, assignments: [], configs: [{ name: 'retention.ms', value: null }] }],
      timeoutMs: 1234,
      validateOnly: true,
    });
    const body = {
      throttleTimeMs: 5,
      topics: [
        {
          name: 'g',
          errorCode: 0,
          errorMessage: null,
          numPartitions: 2,
          replicationFactor: 1,
          configs: [{ name: 'retention.ms', value: null, readOnly: true, configSource: 4, isSensitive: true }],
        },
        { name: 'h', errorCode: 36, errorMessage: 'x', numPartitions: -1, replicationFactor: -1, configs: null },
      ],
    };
    const encoded = encodeMessage(CREATE_TOPICS.response, 5, body, true);
    // Response header v1 before the body: correlation id and an empty tagged-field section.
    expect(readCreateTopicsV5(Buffer.concat([Buffer.from([0, 0, 0, 9, 0]), encoded]))).toEqual({ correlationId: 9, ...body });
  });
});
