/**
 * Idempotent producers through the wire protocol: InitProducerId hands out the id, the leader's
 * producer state answers a retried batch with the first copy's offsets and refuses a gap in the
 * sequence with OUT_OF_ORDER_SEQUENCE_NUMBER (45) — with kafkajs `idempotent: true` and with
 * hand-written frames.
 */
import { Kafka, logLevel, type Producer } from 'kafkajs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Log } from '../../../src-main/core/log/log';
import { batchesIn, buildRecordBatch } from '../../../src-main/core/record';
import { INIT_PRODUCER_ID } from '../../../src-main/protocol/kafka/messages/init-producer-id';
import { PRODUCE, type ProduceResponse } from '../../../src-main/protocol/kafka/messages/produce';
import { decodeMessage, encodeMessage } from '../../../src-main/protocol/kafka/wire/schema';
import { runClient } from '../../support/external-client';
import { PYTHON } from '../../support/kafka-python';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { RawClient, request } from '../../support/raw-kafka-client';
import { adminOf, topic } from '../../support/scenario';

const decoder = new TextDecoder();

/** librdkafka through confluent-kafka-python, `enable.idempotence=true`: 200 records to partition 0, their delivered offsets as JSON. */
const LIBRDKAFKA_PRODUCER = `
import json, sys
from confluent_kafka import Producer
p = Producer({'bootstrap.servers': sys.argv[1], 'enable.idempotence': True, 'linger.ms': 5, 'batch.num.messages': 30})
delivered = []
def report(err, msg):
    delivered.append(None if err else [msg.offset(), msg.value().decode()])
for i in range(200):
    p.produce(sys.argv[2], value=('r%d' % i).encode(), partition=0, on_delivery=report)
    p.poll(0)
p.flush(30)
print(json.dumps(delivered))
`;

async function confluentMissing(): Promise<string | null> {
  const probe = await runClient(PYTHON, ['-c', 'import confluent_kafka']).catch((e: Error) => ({ code: 1, stderr: e.message }));
  return probe.code === 0
    ? null
    : `confluent_kafka is not importable by ${PYTHON}: install Debian's python3-confluent-kafka (.ci/run does)`;
}
const confluentMissingReason = await confluentMissing();
// Outside CI without the package: skip, saying why. In CI (which installs it) this fails instead.
const skipLibrdkafka = confluentMissingReason !== null && !process.env.CI;
if (skipLibrdkafka) console.warn(`librdkafka idempotent test skipped: ${confluentMissingReason}`);

function leaderLog(wire: WireCluster, name: string, brokerId: number): Log {
  const log = wire.h.cluster.broker(brokerId).logManager?.getLog({ topic: name, partition: 0 });
  if (!log) throw new Error(`no log of ${name}-0 on broker ${brokerId}`);
  return log;
}

/** Every record of the log, as [offset, value]. */
function recordsOf(log: Log): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  const data = log.read(log.logStartOffset, 64 << 20, 'log-end', true).records;
  for (const batch of batchesIn(data)) for (const r of batch.records()) out.push([r.offset, decoder.decode(r.value ?? new Uint8Array(0))]);
  return out;
}

describe('Idempotent producers on the emulated brokers', () => {
  let wire: WireCluster | null = null;
  let producer: Producer | null = null;
  let client: RawClient | null = null;
  afterEach(async () => {
    await producer?.disconnect().catch(() => undefined);
    producer = null;
    client?.socket.destroy();
    client = null;
    await wire?.close();
    wire = null;
  });

  it('kafkajs idempotent: 200 records, each once, at consecutive offsets, with one producer id and consecutive sequences', async () => {
    wire = await wireCluster({ seed: 71 });
    await adminOf(wire.h).createTopics([topic('idem-js', { assignment: [[0, 1, 2]] })], { timeoutMs: 5000, validateOnly: false });
    await wire.h.settle();
    const kafka = new Kafka({
      clientId: 'dojo-idempotent',
      brokers: [wire.bootstrap],
      logLevel: logLevel.NOTHING,
      retry: { retries: 3, initialRetryTime: 100 },
    });
    producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
    await producer.connect();
    for (let i = 0; i < 200; i += 20) {
      const sent = await producer.send({
        topic: 'idem-js',
        acks: -1,
        messages: Array.from({ length: 20 }, (_, j) => ({ value: `m${i + j}` })),
      });
      expect(sent[0]).toMatchObject({ errorCode: 0, baseOffset: String(i) });
    }

    const log = leaderLog(wire, 'idem-js', 0);
    expect(recordsOf(log)).toEqual(Array.from({ length: 200 }, (_, i) => [i, `m${i}`]));
    const batches = [...batchesIn(log.read(0, 64 << 20, 'log-end', true).records)];
    const producerIds = new Set(batches.map((b) => b.producerId));
    expect(producerIds.size).toBe(1);
    const [producerId] = producerIds;
    expect(producerId).toBeGreaterThanOrEqual(0);
    expect(batches.map((b) => [b.baseSequence, b.baseOffset])).toEqual(batches.map((b) => [b.baseOffset, b.baseOffset]));
    expect(log.producerStateManager.lastEntry(producerId)).toMatchObject({ producerEpoch: 0, lastSeq: 199 });
    // The followers copied the same producer state.
    await wire.h.settle();
    for (const id of [1, 2]) expect(leaderLog(wire, 'idem-js', id).producerStateManager.lastEntry(producerId)?.lastSeq).toBe(199);
  });

  it.skipIf(skipLibrdkafka)('librdkafka enable.idempotence=true: 200 records delivered once each at consecutive offsets', async () => {
    wire = await wireCluster({ seed: 73 });
    await adminOf(wire.h).createTopics([topic('idem-rdkafka', { assignment: [[1, 2, 0]] })], { timeoutMs: 5000, validateOnly: false });
    await wire.h.settle();
    const run = await runClient(PYTHON, ['-c', LIBRDKAFKA_PRODUCER, wire.bootstrap, 'idem-rdkafka'], { timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    const delivered = JSON.parse(run.stdout) as Array<[number, string] | null>;
    expect(delivered).toEqual(Array.from({ length: 200 }, (_, i) => [i, `r${i}`]));
    const log = leaderLog(wire, 'idem-rdkafka', 1);
    expect(recordsOf(log)).toEqual(Array.from({ length: 200 }, (_, i) => [i, `r${i}`]));
    const batches = [...batchesIn(log.read(0, 64 << 20, 'log-end', true).records)];
    expect(new Set(batches.map((b) => b.producerId)).size).toBe(1);
    expect(batches[0].producerId).toBeGreaterThanOrEqual(0);
    expect(batches.every((b) => b.baseSequence === b.baseOffset)).toBe(true);
  });

  it('raw frames: the same batch twice gets the same offsets and one copy; a gap in the sequence gets error 45', async () => {
    wire = await wireCluster({ seed: 72 });
    await adminOf(wire.h).createTopics([topic('idem-raw', { assignment: [[0]] })], { timeoutMs: 5000, validateOnly: false });
    await wire.h.settle();
    client = await RawClient.open(wire.ports.get(0) ?? -1);
    const c = client;
    let correlationId = 0;
    const call = async (apiKey: number, version: number, body: Buffer): Promise<Buffer> => {
      const id = ++correlationId;
      const before = c.frames.length;
      c.socket.write(request(apiKey, version, id, body));
      await c.until(() => c.frames.length > before);
      const frame = c.frames[before];
      expect(frame.readInt32BE(0)).toBe(id);
      return frame.subarray(4);
    };

    const init = decodeMessage(
      await call(22, 1, encodeMessage(INIT_PRODUCER_ID.request, 1, { transactionalId: null, transactionTimeoutMs: 60_000 })),
      INIT_PRODUCER_ID.response,
      1,
    ) as {
      errorCode: number;
      producerId: bigint;
      producerEpoch: number;
    };
    expect(init.errorCode).toBe(0);
    const producerId = Number(init.producerId);

    const now = wire.h.time.nowMs();
    const batch = (baseSequence: number, values: string[]) =>
      Buffer.from(
        buildRecordBatch(
          values.map((v) => ({ key: null, value: new TextEncoder().encode(v), timestamp: now })),
          { now, producerId, producerEpoch: init.producerEpoch, baseSequence },
        ),
      );
    const produce = async (records: Buffer) => {
      const body = encodeMessage(PRODUCE.request, 7, {
        transactionalId: null,
        acks: -1,
        timeoutMs: 5000,
        topics: [{ name: 'idem-raw', partitions: [{ partitionIndex: 0, records }] }],
      });
      const response = decodeMessage(await call(0, 7, body), PRODUCE.response, 7) as unknown as ProduceResponse;
      return response.responses[0].partitions[0];
    };

    const first = await produce(batch(0, ['a', 'b', 'c']));
    expect([first.errorCode, first.baseOffset]).toEqual([0, 0n]);
    const retried = await produce(batch(0, ['a', 'b', 'c']));
    expect([retried.errorCode, retried.baseOffset]).toEqual([0, 0n]);
    const next = await produce(batch(3, ['d']));
    expect([next.errorCode, next.baseOffset]).toEqual([0, 3n]);

    const log = leaderLog(wire, 'idem-raw', 0);
    expect(recordsOf(log)).toEqual([
      [0, 'a'],
      [1, 'b'],
      [2, 'c'],
      [3, 'd'],
    ]);

    const gap = await produce(batch(10, ['z']));
    expect([gap.errorCode, gap.baseOffset]).toEqual([45, -1n]);
    expect(log.logEndOffset).toBe(4);
  });
});
