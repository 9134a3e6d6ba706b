/**
 * Old clients and old message formats on one emulated broker, through its request handling (raw
 * frames): Kafka 2.5.1's down-conversion of magic 2 for Fetch v0–v3 (headers gone, counted in
 * FetchMessageConversionsPerSec and the Fetch RequestMetrics), `message.downconversion.enable=false`
 * answering UNSUPPORTED_VERSION, a topic kept at `message.format.version=0.10.2` storing magic 1
 * (produce conversions counted, headers and idempotence refused as 2.5 refuses them), and Fetch
 * v0–v2's hard MaxBytes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KafkaServer } from '../../src-main/core/broker/kafka-server';
import type { Histogram } from '../../src-main/core/metrics/histogram';
import type { Meter } from '../../src-main/core/metrics/meter';
import { batchesIn, buildRecordBatch, CompressionType, type SimpleRecord } from '../../src-main/core/record';
import { brokerApis } from '../../src-main/protocol/kafka/broker-apis';
import type { KafkaApis } from '../../src-main/protocol/kafka/kafka-apis';
import { FETCH } from '../../src-main/protocol/kafka/messages/fetch';
import { PRODUCE } from '../../src-main/protocol/kafka/messages/produce';
import { decodeMessage, encodeMessage } from '../../src-main/protocol/kafka/wire/schema';
import { ClusterHarness } from '../support/cluster-harness';
import { request } from '../support/raw-kafka-client';
import { adminOf, CREATE, dec, drive, enc, topic, tp } from '../support/scenario';

const LISTENER = { host: '127.0.0.1', port: 9092 };
const CONVERSIONS = (kind: 'Fetch' | 'Produce') => `kafka.server:type=BrokerTopicMetrics,name=${kind}MessageConversionsPerSec`;

describe('down-conversion and message.format.version (Kafka 2.5.1)', () => {
  let h: ClusterHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  async function broker(topics: Array<[string, Record<string, string>]>): Promise<{ h: ClusterHarness; b: KafkaServer; apis: KafkaApis }> {
    const harness = (h = await ClusterHarness.create({ brokers: 1, seed: 1717 }));
    const created = await drive(
      harness,
      adminOf(harness).createTopics(
        topics.map(([name, configs]) => topic(name, { partitions: 1, rf: 1, configs })),
        CREATE,
      ),
    );
    expect(created.map((c) => c.errorName)).toEqual(topics.map(() => 'NONE'));
    await harness.settle();
    const b = harness.cluster.broker(0);
    return { h: harness, b, apis: brokerApis({ broker: b, time: harness.time, admin: adminOf(harness) }) };
  }

  function metric<T>(b: KafkaServer, name: string): T {
    const m = b.metrics?.get(name);
    if (!m) throw new Error(`no ${name} (seed ${h?.seed})`);
    return m as T;
  }

  async function produce(apis: KafkaApis, name: string, records: Uint8Array, version = 8) {
    const body = encodeMessage(PRODUCE.request, version, {
      transactionalId: null,
      acks: 1,
      timeoutMs: 5000,
      topics: [{ name, partitions: [{ partitionIndex: 0, records: Buffer.from(records) }] }],
    });
    const out = await apis.handle(request(PRODUCE.apiKey, version, 1, body, 'producer').subarray(4), LISTENER, '127.0.0.1:50001');
    return decodeMessage(out!.subarray(4), PRODUCE.response, version).responses[0].partitions[0];
  }

  async function fetch(apis: KafkaApis, name: string, version: number, fetchOffset = 0, maxBytes = 1 << 20) {
    const body = encodeMessage(FETCH.request, version, {
      replicaId: -1,
      maxWait: 0,
      minBytes: 0,
      maxBytes: 1 << 20,
      isolationLevel: 0,
      topics: [{ name, fetchPartitions: [{ partitionIndex: 0, fetchOffset: BigInt(fetchOffset), maxBytes }] }],
    });
    const out = await apis.handle(request(FETCH.apiKey, version, 2, body, 'old-consumer').subarray(4), LISTENER, '127.0.0.1:50002');
    const partition = decodeMessage(out!.subarray(4), FETCH.response, version).topics[0].partitions[0];
    return { ...partition, records: partition.records ?? Buffer.alloc(0) };
  }

  const sample = (n: number, headers = true): SimpleRecord[] =>
    Array.from({ length: n }, (_, i) => ({
      key: enc(`key-${i}`),
      value: enc(`value-${i}`),
      timestamp: 1_600_000_000_000 + i,
      headers: headers ? [{ key: 'h', value: enc(String(i)) }] : [],
    }));

  it('Fetch v3 of a magic 2 topic: magic 1 messages with offsets, keys, values and timestamps, headers dropped, counted', async () => {
    const { b, apis, h: harness } = await broker([['modern', {}]]);
    const now = harness.time.nowMs();
    const records = sample(5).map((r) => ({ ...r, timestamp: now - 5 }));
    expect((await produce(apis, 'modern', buildRecordBatch(records, { compression: CompressionType.GZIP }))).errorCode).toBe(0);
    expect(
      (
        await produce(
          apis,
          'modern',
          buildRecordBatch(
            sample(2).map((r) => ({ ...r, timestamp: now })),
            { baseOffset: 0 },
          ),
        )
      ).errorCode,
    ).toBe(0);

    const v4 = await fetch(apis, 'modern', 4);
    expect([...batchesIn(v4.records)].map((bt) => bt.magic)).toEqual([2, 2]);
    expect(metric<Meter>(b, CONVERSIONS('Fetch')).count()).toBe(0);

    const v3 = await fetch(apis, 'modern', 3);
    expect(v3.errorCode).toBe(0);
    expect(v3.highWatermark).toBe(7n);
    const batches = [...batchesIn(v3.records)];
    // The gzip batch stays one gzip wrapper; the uncompressed one becomes one message per record.
    expect(batches.map((bt) => [bt.magic, bt.compressionType])).toEqual([
      [1, CompressionType.GZIP],
      [1, CompressionType.NONE],
      [1, CompressionType.NONE],
    ]);
    const read = batches.flatMap((bt) => bt.records());
    expect(read.map((r) => [r.offset, dec(r.key), dec(r.value), r.timestamp, r.headers.length])).toEqual([
      [0, 'key-0', 'value-0', now - 5, 0],
      [1, 'key-1', 'value-1', now - 5, 0],
      [2, 'key-2', 'value-2', now - 5, 0],
      [3, 'key-3', 'value-3', now - 5, 0],
      [4, 'key-4', 'value-4', now - 5, 0],
      [5, 'key-0', 'value-0', now, 0],
      [6, 'key-1', 'value-1', now, 0],
    ]);
    expect(metric<Meter>(b, CONVERSIONS('Fetch')).count()).toBe(7);
    expect(metric<Meter>(b, `${CONVERSIONS('Fetch')},topic=modern`).count()).toBe(7);
    // Fetch v4 recorded 0 bytes of temporary memory, the v3 one the batches read and what was rebuilt.
    const tempMemory = metric<Histogram>(b, 'kafka.network:type=RequestMetrics,name=TemporaryMemoryBytes,request=Fetch');
    expect(tempMemory.count()).toBe(2);
    expect(tempMemory.values().max).toBeGreaterThan(v4.records.length);
    expect(metric<Histogram>(b, 'kafka.network:type=RequestMetrics,name=MessageConversionsTimeMs,request=Fetch').count()).toBe(2);
    expect(b.metrics?.get('kafka.network:type=RequestMetrics,name=TemporaryMemoryBytes,request=FetchConsumer')).toBeUndefined();

    // Fetch v1 from the middle: magic 0, no timestamps; the uncompressed batch loses the records before offset 6.
    const v1 = await fetch(apis, 'modern', 1, 6);
    const v0Records = [...batchesIn(v1.records)].flatMap((bt) => {
      expect(bt.magic).toBe(0);
      return bt.records();
    });
    expect(v0Records.map((r) => [r.offset, r.timestamp])).toEqual([[6, -1]]);
    expect(metric<Meter>(b, CONVERSIONS('Fetch')).count()).toBe(8);
  });

  it('message.downconversion.enable=false: UNSUPPORTED_VERSION for Fetch v0–v3, nothing converted; v4 reads', async () => {
    const { b, apis } = await broker([['no-conversion', { 'message.downconversion.enable': 'false' }]]);
    expect((await produce(apis, 'no-conversion', buildRecordBatch(sample(2)))).errorCode).toBe(0);
    for (const version of [0, 2, 3]) {
      const refused = await fetch(apis, 'no-conversion', version);
      expect([refused.errorCode, refused.highWatermark, refused.records.length]).toEqual([35, -1n, 0]);
    }
    expect((await fetch(apis, 'no-conversion', 4)).records.length).toBeGreaterThan(0);
    expect(metric<Meter>(b, CONVERSIONS('Fetch')).count()).toBe(0);
  });

  it('a topic at message.format.version=0.10.2 stores magic 1, counts the produce conversion, refuses headers and idempotence', async () => {
    const { b, apis, h: harness } = await broker([['legacy', { 'message.format.version': '0.10.2' }]]);
    const now = harness.time.nowMs();
    const plain = sample(3, false).map((r) => ({ ...r, timestamp: now }));
    const produced = await produce(apis, 'legacy', buildRecordBatch(plain, { compression: CompressionType.SNAPPY }));
    expect([produced.errorCode, produced.baseOffset]).toEqual([0, 0n]);
    expect(metric<Meter>(b, CONVERSIONS('Produce')).count()).toBe(3);
    expect(metric<Meter>(b, `${CONVERSIONS('Produce')},topic=legacy`).count()).toBe(3);
    expect(
      metric<Histogram>(b, 'kafka.network:type=RequestMetrics,name=TemporaryMemoryBytes,request=Produce').values().max,
    ).toBeGreaterThan(0);
    const log = b.logManager?.getLog(tp('legacy', 0));
    const stored = [...batchesIn(log!.read(0, 1 << 20, 'log-end', true).records)];
    expect(stored.map((bt) => [bt.magic, bt.compressionType, bt.lastOffset])).toEqual([[1, CompressionType.SNAPPY, 2]]);

    // Headers: the builder's IllegalArgumentException, an unexpected error as 2.5 answers it.
    const withHeaders = await produce(apis, 'legacy', buildRecordBatch(sample(1).map((r) => ({ ...r, timestamp: now }))));
    expect(withHeaders.errorCode).toBe(-1);
    const idempotent = await produce(apis, 'legacy', buildRecordBatch(plain, { producerId: 0, producerEpoch: 0, baseSequence: 0 }));
    expect(idempotent.errorCode).toBe(43);
    expect(log!.logEndOffset).toBe(3);

    // Fetch v2 reads magic 1 as it is: nothing to convert. Fetch v0 gets magic 0.
    const v2 = await fetch(apis, 'legacy', 2);
    expect([...batchesIn(v2.records)].map((bt) => bt.magic)).toEqual([1]);
    expect(metric<Meter>(b, CONVERSIONS('Fetch')).count()).toBe(0);
    const v0 = await fetch(apis, 'legacy', 0);
    expect([...batchesIn(v0.records)].map((bt) => bt.magic)).toEqual([0]);
    expect(metric<Meter>(b, CONVERSIONS('Fetch')).count()).toBe(3);
  });

  it('zstd: a topic configured zstd refuses Fetch v0–v9, a zstd batch first in line refuses down-conversion (UNSUPPORTED_COMPRESSION_TYPE)', async () => {
    const { apis } = await broker([
      ['zstd-topic', { 'compression.type': 'zstd' }],
      ['zstd-batches', {}],
    ]);
    const zstd = () => buildRecordBatch(sample(2, false), { compression: CompressionType.ZSTD });
    expect((await produce(apis, 'zstd-topic', zstd())).errorCode).toBe(0);
    expect((await produce(apis, 'zstd-batches', zstd())).errorCode).toBe(0);
    for (const version of [3, 9]) expect((await fetch(apis, 'zstd-topic', version)).errorCode).toBe(76);
    expect((await fetch(apis, 'zstd-topic', 10)).errorCode).toBe(0);
    // Stored zstd by the producer's choice: v4–v9 read it as it is, v3 would need a conversion zstd cannot have.
    expect((await fetch(apis, 'zstd-batches', 4)).errorCode).toBe(0);
    expect((await fetch(apis, 'zstd-batches', 3)).errorCode).toBe(76);
  });

  it('Fetch v0–v2 keep a partition within its MaxBytes (a cut batch, not converted); v3+ give at least one whole batch', async () => {
    const { apis } = await broker([['big', {}]]);
    expect((await produce(apis, 'big', buildRecordBatch([{ key: null, value: new Uint8Array(500).fill(1) }]))).errorCode).toBe(0);
    const v2 = await fetch(apis, 'big', 2, 0, 100);
    expect(v2.records.length).toBe(100);
    // Only a partial batch: nothing whole to convert, the client sees a message larger than it asked for.
    expect([...batchesIn(v2.records)]).toHaveLength(0);
    const v3 = await fetch(apis, 'big', 3, 0, 100);
    expect([...batchesIn(v3.records)].map((bt) => [bt.magic, bt.records()[0].value?.length])).toEqual([[1, 500]]);
  });
});
