/**
 * A consumer's Fetch over a real socket, as Kafka's DelayedFetch parks it: it waits for MinBytes
 * until data arrives or MaxWait passes on the broker's clock, answers at once on an error, and
 * declines fetch sessions.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FETCH, type FetchResponse } from '../../../src-main/protocol/kafka/messages/fetch';
import { decodeMessage, encodeMessage } from '../../../src-main/protocol/kafka/wire/schema';
import { batchesIn } from '../../../src-main/core/record';
import { RawClient, request } from '../../support/raw-kafka-client';
import { wireCluster, type WireCluster } from '../../support/kafka-wire';
import { adminOf, topic } from '../../support/scenario';

function fetchRequest(correlationId: number, options: { offset: number; maxWaitMs: number; minBytes: number; sessionId?: number }): Buffer {
  const body = encodeMessage(FETCH.request, 11, {
    replicaId: -1,
    maxWait: options.maxWaitMs,
    minBytes: options.minBytes,
    maxBytes: 1 << 20,
    isolationLevel: 0,
    sessionId: options.sessionId ?? 0,
    epoch: -1,
    topics: [
      {
        name: 'waits',
        fetchPartitions: [
          { partitionIndex: 0, currentLeaderEpoch: -1, fetchOffset: BigInt(options.offset), logStartOffset: -1n, maxBytes: 1 << 20 },
        ],
      },
    ],
    forgotten: [],
    rackId: '',
  });
  return request(1, 11, correlationId, body);
}

function fetchResponse(frame: Buffer): FetchResponse {
  return decodeMessage(frame.subarray(4), FETCH.response, 11) as unknown as FetchResponse;
}

describe('Fetch parking (DelayedFetch)', () => {
  let wire: WireCluster | null = null;
  let client: RawClient | null = null;
  afterEach(async () => {
    client?.socket.destroy();
    await wire?.close();
    wire = null;
  });

  async function setUp(): Promise<{ wire: WireCluster; client: RawClient }> {
    wire = await wireCluster({ seed: 3 });
    await adminOf(wire.h).createTopics([topic('waits', { assignment: [[0, 1]] })], { timeoutMs: 5000, validateOnly: false });
    await wire.h.settle();
    client = await RawClient.open(wire.ports.get(0) ?? -1);
    return { wire, client };
  }

  it('waits for data while below MinBytes, and answers with the records as soon as a produce raises the high watermark', async () => {
    const { wire, client } = await setUp();
    client.socket.write(fetchRequest(1, { offset: 0, maxWaitMs: 60_000, minBytes: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(client.frames).toHaveLength(0);

    const produced = await wire.h.client.produce({
      topic: 'waits',
      partition: 0,
      acks: -1,
      records: [{ key: null, value: new TextEncoder().encode('late') }],
    });
    expect(produced.error).toBe('NONE');
    await client.until(() => client.frames.length === 1);
    const partition = fetchResponse(client.frames[0]).topics[0].partitions[0];
    expect(partition.errorCode).toBe(0);
    expect(partition.highWatermark).toBe(1n);
    const batches = [...batchesIn(partition.records ?? new Uint8Array(0))];
    expect(batches.map((b) => b.baseOffset)).toEqual([0]);
  });

  it('answers empty once MaxWait has passed on the broker clock when nothing arrives', async () => {
    const { wire, client } = await setUp();
    const sentAt = wire.h.time.nowMs();
    client.socket.write(fetchRequest(2, { offset: 0, maxWaitMs: 300, minBytes: 1 }));
    await client.until(() => client.frames.length === 1);
    expect(wire.h.time.nowMs() - sentAt).toBeGreaterThanOrEqual(300);
    const response = fetchResponse(client.frames[0]);
    expect(response.sessionId).toBe(0);
    expect(response.topics[0].partitions[0]).toMatchObject({ errorCode: 0, highWatermark: 0n });
    expect(response.topics[0].partitions[0].records?.length ?? 0).toBe(0);
  });

  it('answers at once with OFFSET_OUT_OF_RANGE for an offset past the log end, whatever MaxWait', async () => {
    const { wire, client } = await setUp();
    const sentAt = wire.h.time.nowMs();
    client.socket.write(fetchRequest(3, { offset: 5, maxWaitMs: 60_000, minBytes: 1 }));
    await client.until(() => client.frames.length === 1);
    expect(wire.h.time.nowMs() - sentAt).toBeLessThan(60_000);
    expect(fetchResponse(client.frames[0]).topics[0].partitions[0].errorCode).toBe(1);
  });

  it('declines a fetch session it never handed out with FETCH_SESSION_ID_NOT_FOUND', async () => {
    const { client } = await setUp();
    client.socket.write(fetchRequest(4, { offset: 0, maxWaitMs: 0, minBytes: 0, sessionId: 77 }));
    await client.until(() => client.frames.length === 1);
    const response = fetchResponse(client.frames[0]);
    expect(response.errorCode).toBe(70);
    expect(response.topics).toEqual([]);
  });
});
