import { afterEach, describe, expect, it } from 'vitest';
import { MessageServiceImpl } from '../../src-main/api/message-service';
import { ClusterHarness } from '../support/cluster-harness';
import { CREATE, adminOf, drive, topic } from '../support/scenario';

describe('MessageService (the message tester)', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  async function service(): Promise<MessageServiceImpl> {
    h = await ClusterHarness.create({ brokers: 3, seed: 77 });
    await adminOf(h).createTopics([topic('orders', { partitions: 3, rf: 2 })], CREATE);
    await h.settle();
    return new MessageServiceImpl(() => h.client);
  }

  it('produces text, hex and base64 payloads with headers and reads them back with partition and offset', async () => {
    const s = await service();
    const t1 = h.time.nowMs();
    const first = await drive(
      h,
      s.produce({ topic: 'orders', partition: 1, key: 'k1', value: '{"id":1}', headers: [{ key: 'source', value: 'ui' }], acks: -1 }),
    );
    expect(first).toMatchObject({ topic: 'orders', partition: 1, offset: 0, error: 'NONE', errorMessage: null });
    await h.advance(5000);
    const second = await drive(
      h,
      s.produce({ topic: 'orders', partition: 1, key: null, value: 'ff00fe', encoding: 'hex', acks: 1, compression: 'lz4' }),
    );
    expect(second).toMatchObject({ offset: 1, error: 'NONE' });
    const third = await drive(h, s.produce({ topic: 'orders', partition: 1, key: 'a2V5', value: 'aGVsbG8=', encoding: 'base64', acks: 1 }));
    expect(third.offset).toBe(2);
    await h.advance(1000);

    const all = await s.read({ topic: 'orders', partition: 1, from: { kind: 'earliest' } });
    expect(all).toMatchObject({ error: 'NONE', highWatermark: 3, logStartOffset: 0, nextOffset: 3 });
    expect(all.records.map((r) => [r.partition, r.offset, r.key?.text ?? null, r.value?.text ?? null, r.value?.base64])).toEqual([
      [1, 0, 'k1', '{"id":1}', 'eyJpZCI6MX0='],
      [1, 1, null, null, '/wD+'],
      [1, 2, 'key', 'hello', 'aGVsbG8='],
    ]);
    expect(all.records[0]).toMatchObject({
      timestamp: t1,
      timestampType: 'CreateTime',
      headers: [{ key: 'source', value: { text: 'ui', size: 2 } }],
    });

    // From a time: the first record whose timestamp is at or after it.
    const later = await s.read({ topic: 'orders', partition: 1, from: { kind: 'timestamp', timestamp: t1 + 1 } });
    expect(later.records.map((r) => r.offset)).toEqual([1, 2]);
    const fromOffset = await s.read({ topic: 'orders', partition: 1, from: { kind: 'offset', offset: 2 }, maxRecords: 5 });
    expect(fromOffset.records.map((r) => r.offset)).toEqual([2]);
    expect((await s.read({ topic: 'orders', partition: 1, from: { kind: 'latest' } })).records).toEqual([]);
  });

  it('says what is wrong with an input, in the encoding the person chose, and writes nothing', async () => {
    const s = await service();
    // Refused next to the field, as the UI shows it (an ApiError, 422 over HTTP).
    await expect(s.produce({ topic: 'orders', partition: 0, key: null, value: 'xyz', encoding: 'hex', acks: 1 })).rejects.toMatchObject({
      errorName: 'INVALID_INPUT',
      message: 'The value is not hex: an even number of 0-9, a-f digits is expected.',
      field: 'value',
    });
    await expect(s.produce({ topic: 'orders', partition: 0, key: 'zz', value: null, encoding: 'hex', acks: 1 })).rejects.toMatchObject({
      field: 'key',
    });
    await expect(
      s.produce({
        topic: 'orders',
        partition: 0,
        key: null,
        value: null,
        encoding: 'base64',
        headers: [{ key: 'h', value: '!' }],
        acks: 1,
      }),
    ).rejects.toMatchObject({
      message: 'The value of header h is not base64.',
      field: 'headers',
    });
    await expect(
      s.produce({ topic: 'orders', partition: 0, key: null, value: 'not base64!', encoding: 'base64', acks: 1 }),
    ).rejects.toThrow('The value is not base64.');
    expect((await s.read({ topic: 'orders', partition: 0, from: { kind: 'earliest' } })).highWatermark).toBe(0);
  });

  it('reports Kafka errors by name: an unknown partition, a read past the end', async () => {
    const s = await service();
    const unknown = await s.produce({ topic: 'orders', partition: 7, key: null, value: 'v', acks: 1 });
    expect(unknown).toMatchObject({
      error: 'UNKNOWN_TOPIC_OR_PARTITION',
      errorMessage: 'Partition 7 of topic orders with partition count 3 is not present in metadata.',
      offset: -1,
    });
    const pastEnd = await s.read({ topic: 'orders', partition: 0, from: { kind: 'offset', offset: 10 } });
    expect(pastEnd).toMatchObject({
      error: 'OFFSET_OUT_OF_RANGE',
      errorMessage: 'Received request for offset 10 for partition orders-0, but we only have log segments in the range 0 to 0.',
    });
  });
});
