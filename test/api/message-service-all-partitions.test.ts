import { afterEach, describe, expect, it } from 'vitest';
import { MessageServiceImpl } from '../../src-main/api/message-service';
import type { ReadResultDto } from '../../src-main/api/contract';
import { ClusterHarness } from '../support/cluster-harness';
import { CREATE, adminOf, drive, topic } from '../support/scenario';

/** `partition:offset:value` of each record shown, in the order shown. */
const shown = (r: ReadResultDto) => r.records.map((x) => `${x.partition}:${x.offset}:${x.value?.text ?? 'null'}`);

describe('MessageService: reading all partitions of a topic', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  async function service(): Promise<MessageServiceImpl> {
    h = await ClusterHarness.create({ brokers: 3, seed: 78 });
    await adminOf(h).createTopics([topic('orders', { partitions: 3, rf: 1 })], CREATE);
    await h.settle();
    const s = new MessageServiceImpl(() => h.client);
    const send = (partition: number, value: string) => s.produce({ topic: 'orders', partition, key: null, value, acks: 1 });
    // Two records at the same moment on partitions 1 and 0 (a tie), then one per partition later.
    await drive(h, Promise.all([send(1, 'a1'), send(0, 'a0')]));
    await h.advance(1000);
    await drive(h, send(2, 'b2'));
    await h.advance(1000);
    await drive(h, send(0, 'c0'));
    await h.advance(1000);
    await drive(h, send(1, 'd1'));
    return s;
  }

  it('merges the partitions by timestamp, ties by partition then offset, and says where each continues', async () => {
    const s = await service();
    const all = await s.read({ topic: 'orders', partition: null, from: { kind: 'earliest' } });
    expect(all.error).toBe('NONE');
    expect(shown(all)).toEqual(['0:0:a0', '1:0:a1', '2:0:b2', '0:1:c0', '1:1:d1']);
    expect(all.partitions?.map((p) => [p.partition, p.error, p.highWatermark, p.nextOffset])).toEqual([
      [0, 'NONE', 2, 2],
      [1, 'NONE', 2, 2],
      [2, 'NONE', 1, 1],
    ]);
    // One partition alone is still one partition.
    expect(shown(await s.read({ topic: 'orders', partition: 1, from: { kind: 'earliest' } }))).toEqual(['1:0:a1', '1:1:d1']);
  });

  it('pages through the merged order: each partition continues after its last record shown', async () => {
    const s = await service();
    const first = await s.read({ topic: 'orders', partition: null, from: { kind: 'earliest' }, maxRecords: 3 });
    expect(shown(first)).toEqual(['0:0:a0', '1:0:a1', '2:0:b2']);
    const offsets = (first.partitions ?? []).map((p) => ({ partition: p.partition, offset: p.nextOffset }));
    expect(offsets).toEqual([
      { partition: 0, offset: 1 },
      { partition: 1, offset: 1 },
      { partition: 2, offset: 1 },
    ]);
    const second = await s.read({ topic: 'orders', partition: null, from: { kind: 'offsets', offsets }, maxRecords: 3 });
    expect(shown(second)).toEqual(['0:1:c0', '1:1:d1']);
  });

  it('reads at most maxRecords from each partition, and from a time on every partition', async () => {
    const s = await service();
    const one = await s.read({ topic: 'orders', partition: null, from: { kind: 'earliest' }, maxRecords: 1 });
    expect(shown(one)).toEqual(['0:0:a0']);
    // Partition 1 was not shown: its next page starts where this one started.
    expect(one.partitions?.map((p) => p.nextOffset)).toEqual([1, 0, 0]);
    const c0 = (await s.read({ topic: 'orders', partition: 0, from: { kind: 'offset', offset: 1 } })).records[0].timestamp;
    expect(shown(await s.read({ topic: 'orders', partition: null, from: { kind: 'timestamp', timestamp: c0 } }))).toEqual([
      '0:1:c0',
      '1:1:d1',
    ]);
  });

  it('answers UNKNOWN_TOPIC_OR_PARTITION for a topic that does not exist', async () => {
    const s = await service();
    expect(await s.read({ topic: 'nope', partition: null, from: { kind: 'earliest' } })).toMatchObject({
      error: 'UNKNOWN_TOPIC_OR_PARTITION',
      records: [],
      partitions: [],
    });
  });
});
